"""What one viewer's state costs the server per event, in-process (issue 28: CPU per move).

After every event of whole matches (random legal moves, seeded), builds the viewer's state
(``web.messages.state_message``) and the patch from the one it held before (``messages.diff``),
as the hub does for each viewer after a stored event, and prints the mean µs of that per event,
per game, for seat 0 and for a spectator.  Only this work is timed (the moves are not), as the
thread's CPU time (another process taking the core does not count).  The
table keeps its caches (``LiveTable.words_cache``) as a live table does.

    PYTHONPATH=src python benchmarks/state_cost.py
    PYTHONPATH=src python benchmarks/state_cost.py --games mushi --matches 10 --rounds 12
    PYTHONPATH=src python benchmarks/state_cost.py --profile mushi    (cProfile, seat 0)

Prints numbers; it asserts nothing.  The machine's other work shows in them: compare runs of one
sitting.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

from hanafuda.records import Match
from hanafuda.web.live import LiveTable, Seat
from hanafuda.web.messages import diff, state_message

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "mushi": (2, {}), "min-hwatu": (3, {}), "hana-awase": (3, {"teyaku": True}),
    "kwa-do": (2, {}), "hawaiifuda": (2, {}), "koi-koi": (2, {}),
}
"""Each game at the seats the harness plays it with, and its options (the rounds are added)."""


def table(game: str, seed: int, rounds: int) -> LiveTable:
    """A table of ``game``: a person at seat 0, ``greedy`` at the others (names as the web's)."""
    players, options = GAMES[game]
    seats = [Seat(0, "human", None, "P0", "h0")]
    seats += [Seat(i, "bot", "greedy", "Greedy", f"h{i}") for i in range(1, players)]
    return LiveTable(id="t", match=Match(game, players, {**options, "rounds": rounds}, seed=seed),
                     theme="hanafuda", seats=seats, spectator_token="s", creator_hash="c")


def step(t: LiveTable, rng: random.Random) -> None:
    """One event, applied and logged as the hub logs a stored one, and a new version."""
    m = t.match
    if m.to_move is None:
        m.next_round()
        kind, seat, text = "next-round", None, "next-round"
    else:
        seat, text, kind = m.to_move, rng.choice(m.legal_moves()), "move"
        m.play(text)
    t.seq += 1
    t.version += 1
    t.log.append({"seq": t.seq, "round": len(m.rounds), "kind": kind, "seat": seat, "text": text})


def cost(game: str, seat: int | None, matches: int, rounds: int,
         profile: cProfile.Profile | None = None) -> tuple[float, int]:
    """Mean µs per event of state + diff for ``seat`` over ``matches`` whole matches, and the events."""
    total, events = 0.0, 0
    for seed in range(matches):
        t = table(game, seed, rounds)
        rng = random.Random(seed)
        held = state_message(t, seat)
        while not t.match.finished:
            step(t, rng)
            if profile is not None:
                profile.enable()
            start = time.thread_time()
            new = state_message(t, seat)
            diff(held, new)
            total += time.thread_time() - start
            if profile is not None:
                profile.disable()
            held = new
            events += 1
    return total / events * 1e6, events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--matches", type=int, default=10, help="whole matches per game and viewer")
    parser.add_argument("--rounds", type=int, default=12, help="rounds per match")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each; the lowest mean is printed (the others met more of the "
                             "machine's other work)")
    parser.add_argument("--profile", metavar="GAME", help="profile seat 0 in GAME instead")
    args = parser.parse_args()
    if args.profile:
        p = cProfile.Profile()
        cost(args.profile, 0, args.matches, args.rounds, p)
        pstats.Stats(p).sort_stats("tottime").print_stats(40)
        return
    print(f"{'game':12} {'seat 0 µs/event':>16} {'spectator':>10} {'events':>7}")
    for game in args.games.split(","):
        if game not in GAMES:
            parser.error(f"unknown game {game!r}; games: {', '.join(GAMES)}")
        runs = [(cost(game, 0, args.matches, args.rounds), cost(game, None, args.matches, args.rounds))
                for _ in range(args.repeat)]
        seat, events = min(r[0] for r in runs)
        spectator = min(r[1][0] for r in runs)
        print(f"{game:12} {seat:16.1f} {spectator:10.1f} {events:7d}")


if __name__ == "__main__":
    main()
