"""The engine fingerprint: one hash of what seeded random matches do, to prove a refactor changed nothing.

Plays ``--matches`` seeded random matches spread over every game, player count and a
sample of option values (the defaults, then each closed-choice option set to each of its
other values, one at a time), and hashes, step by step, the sorted legal actions, each
round's public events and scores (card points, yaku ids, score terms, round scores) and
the match totals.  Prints the hash.  A change to the engine's behaviour on any of these
matches changes the hash; a pure restructuring does not.

    python benchmarks/fingerprint.py [--matches 3600]

The full hash is recorded in docs/performance.md; ``tests/engine/test_fingerprint.py``
freezes the hash of a smaller sample.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from hanafuda import Match
from hanafuda.rules import GAMES
from hanafuda.rules.options import OptionError

MATCH_ROUND_LIMIT = 3
"""Rounds played per match at most (``rounds`` is not a sampled option; this keeps matches short)."""


def variants() -> list[tuple[str, int, dict[str, Any]]]:
    """Every (game, players, options) the fingerprint plays, in a fixed order."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game_id in sorted(GAMES):
        game = GAMES[game_id]
        for players in game.player_counts():
            out.append((game_id, players, {}))
            for spec in game.option_specs():
                if spec.kind != "choice":
                    continue
                for choice in spec.choices:
                    if choice != spec.default:
                        out.append((game_id, players, {spec.name: choice}))
    return out


def _plain(value: Any) -> Any:
    """JSON-ready values with enum members reduced to their values (so naming them changes no hash)."""
    return json.loads(json.dumps(value, default=str))


def _round_items(match: Any) -> Iterator[Any]:
    rnd = match.current
    yield ["events", _plain([list(e) for e in rnd.events])]
    result = rnd.result
    if result is not None:
        yield ["score", list(result.card_points), list(result.scores),
               [[y.id for y in ys] for ys in result.yaku],
               [[[t.label, t.value] for t in ts] for ts in result.terms]]


def play_one(game: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """The items hashed for one seeded random match (legal actions per step, rounds, totals)."""
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    rounds = 1
    while not match.finished:
        if match.round_over:
            yield from _round_items(match)
            if rounds >= MATCH_ROUND_LIMIT:
                break
            match.next_round()
            rounds += 1
            continue
        actions = match.legal_actions()
        yield ["legal", match.to_move, sorted(actions)]
        match.apply(actions[rng.randrange(len(actions))])
    if match.finished:
        yield from _round_items(match)
    yield ["totals", list(match.totals), match.finished]


def fingerprint(matches: int, seed: int = 0) -> str:
    """The SHA-256 of ``matches`` seeded random matches, round-robin over ``variants()``."""
    digest = hashlib.sha256()
    table = variants()
    played = 0
    index = 0
    while played < matches:
        game, players, options = table[index % len(table)]
        index += 1
        try:
            items = list(play_one(game, players, options, seed + played))
        except OptionError:
            continue  # an option value this player count does not allow
        digest.update(json.dumps([game, players, options, items], separators=(",", ":")).encode())
        played += 1
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=3600, help="seeded random matches to play")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    print(f"{fingerprint(args.matches, args.seed)}  ({args.matches} matches, seed {args.seed}, "
          f"{len(variants())} game/players/option variants)")


if __name__ == "__main__":
    main()
