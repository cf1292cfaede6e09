#!/usr/bin/env python
"""Generate the golden game records under tests/records/ and freeze their expected replay output.

Each record comes from seeded random play through the engine API (``Match`` with a
seed for the deals, moves chosen by a ``random.Random`` seeded the same way) and is
written with ``save_record``.  The expected ``hanafuda replay FILE`` and
``hanafuda replay FILE --json`` outputs are then captured from the CLI and written to
tests/records/expected/.  The tests never call this script: they compare the CLI
against the frozen files, so regenerating is a deliberate act (review the diff!).

Usage (from the repository root, venv active):

    python scripts/make_golden_records.py            # write records, bad records, expectations
    python scripts/make_golden_records.py --check    # only report which specs still hold
    python scripts/make_golden_records.py --search NAME [--tries N]
                                                     # first seed satisfying NAME's predicate

The seeds in ``SPECS`` were found with ``--search``; each spec's predicate states
what the record is meant to demonstrate and is re-checked on every run.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from hanafuda import Match
from hanafuda.cards import MONTH_MASKS, card_id
from hanafuda.cli import app
from hanafuda.records import match_from_record, match_to_record, save_record
from hanafuda.rules.base import evaluate_yaku

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
EXPECTED = RECORDS / "expected"
BAD = RECORDS / "bad"

Predicate = Callable[[Match], bool]


@dataclass
class Spec:
    """One golden record: the game, the seed, how to play it and what it must show."""

    name: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    about: str
    #: stop after this many complete rounds even if the match goes on (a match between rounds)
    stop_after: int | None = None
    #: keep only this fraction of the last round's moves (a match stopped mid-round)
    truncate_last: float | None = None
    #: Kwa-Dō: probability of choosing a declaration when one is legal
    declare_p: float = 0.0
    #: Hana-Awase teyaku: probability of exposing when asked
    expose_p: float = 0.5
    want: list[Predicate] = field(default_factory=list)


# -- predicates ---------------------------------------------------------------------------------


def events(match: Match, kind: str) -> list[tuple[str, int, int, int]]:
    return [ev for rnd in match.rounds for ev in rnd.events if ev[0] == kind]


def has_event(kind: str) -> Predicate:
    return lambda m: bool(events(m, kind))


def rounds_played(n: int) -> Predicate:
    return lambda m: len(m.rounds) == n and m.round_over


def finished() -> Predicate:
    return lambda m: m.finished


def ends_on_target() -> Predicate:
    """Finished because a side reached the target (not a round limit)."""

    def check(m: Match) -> bool:
        target = m.config.target
        return m.finished and target is not None and max(m.totals) >= target

    return check


def expose_and_keep(m: Match) -> bool:
    return bool(events(m, "expose")) and bool(events(m, "keep"))


def note_contains(text: str) -> Predicate:
    return lambda m: any(r.result is not None and text in (r.result.note or "") for r in m.rounds)


def wild_capture(card: int) -> Predicate:
    """The wild card made a capture (from hand, or as a turned-over card with a take)."""

    def check(m: Match) -> bool:
        for rnd in m.rounds:
            for kind, _seat, c, taken in rnd.events:
                if c == card and taken and kind in ("play", "flip", "take"):
                    return True
        return False

    return check


LIGHTNING = card_id("willow-lightning")
WILLOWS = MONTH_MASKS[11]


def mushi_lightning_field(m: Match) -> bool:
    """The lightning lies on the field and a turned-over stock card takes it."""
    for rnd in m.rounds:
        for kind, _seat, card, taken in rnd.events:
            if kind == "flip" and card != LIGHTNING and taken >> LIGHTNING & 1:
                return True
    return False


def mushi_lightning_last(m: Match) -> bool:
    """The lightning is the last stock card (it takes itself and the whole field)."""
    for rnd in m.rounds:
        if rnd.stock and rnd.stock[-1] == LIGHTNING:
            return True
    return False


def rainman_cancels(m: Match) -> bool:
    """A side holding the rain man had a viewing yaku that the option voided."""
    rainman = 1 << card_id("willow-rainman")
    for rnd in m.rounds:
        if rnd.result is None or rnd.result.note:
            continue  # the option must matter: not in a round voided anyway
        for cap in rnd.captures:
            if cap & rainman and any(y.group == "viewing" for y in evaluate_yaku(m.config.yaku, cap)):
                return True
    return False


def fuke_voids_yaku(m: Match) -> bool:
    """A round made void by fuke in which a player held a yaku (not listed: it did not count)."""
    for rnd in m.rounds:
        if rnd.result is not None and "fuke" in rnd.result.note:
            if any(evaluate_yaku(m.config.yaku, cap) for cap in rnd.captures):
                return True
    return False


def some_round(pred: Callable[[Any], bool]) -> Predicate:
    return lambda m: any(pred(r) for r in m.rounds if r.result is not None)


def wild_from_stock(m: Match) -> bool:
    """The lightning, turned over, made a wild capture of a non-willow card."""
    for rnd in m.rounds:
        for kind, _seat, card, taken in rnd.events:
            if card == LIGHTNING and kind in ("flip", "take") and taken and not taken & WILLOWS:
                return True
    return False


def dealer_gets_bonus(m: Match) -> bool:
    return all(sum(r.result.scores) == 250 for r in m.rounds if r.result is not None)


# -- the records --------------------------------------------------------------------------------

SPECS: list[Spec] = [
    Spec("min-hwatu-2p-default-3rounds", "min-hwatu", 2, {"rounds": 3}, 0,
         "Min-Hwatu, 2 players, default options, 3 full rounds (each round's card points total 240)",
         want=[rounds_played(3), finished()]),
    Spec("min-hwatu-5p-korean-2rounds", "min-hwatu", 5, {"yaku_set": "korean", "rounds": 2}, 0,
         "Min-Hwatu, 5 players, korean yaku, five_player_bonus (dealer +10: rounds total 250)",
         want=[rounds_played(2), finished(), dealer_gets_bonus]),
    Spec("min-hwatu-3p-ppeok-english", "min-hwatu", 3,
         {"flip_matches_pair": "ppeok", "yaku_set": "english", "rounds": 1}, 0,
         "Min-Hwatu, 3 players, ppeok and the english yaku set; a ppeok happens",
         want=[has_event("ppeok"), finished()]),
    Spec("hana-awase-2p-default-3rounds", "hana-awase", 2, {"rounds": 3}, 0,
         "Hana-Awase, 2 players, zero-sum, draw-only turns at the end, 3 rounds",
         want=[rounds_played(3), finished()]),
    Spec("hana-awase-3p-teyaku", "hana-awase", 3,
         {"teyaku": True, "willow_row_cancels_yaku": True, "rainman_cancels_viewing": True,
          "rounds": 3}, 20,
         "Hana-Awase, 3 players, teyaku: one player exposes, another keeps; four willows void "
         "the round's yaku; the rain man voids a viewing yaku",
         want=[expose_and_keep, note_contains("four willows"), rainman_cancels, finished()]),
    Spec("hana-awase-4p-additive-fuke", "hana-awase", 4,
         {"scoring": "additive", "chaff_value": 0, "fuke": True, "rounds": 3}, 1,
         "Hana-Awase, 4 players, additive scoring, chaff 0, fuke: a round with a yaku made void",
         want=[finished(), some_round(lambda r: not r.result.note), fuke_voids_yaku]),
    Spec("kwa-do-4p-teams-yaku-gaji", "kwa-do", 4,
         {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True, "target": 100}, 0,
         "Kwa-Dō, 4 players in two teams, yaku with declarations, gaji; ends on the target 100",
         declare_p=0.35,
         want=[ends_on_target(), has_event("declare"), wild_capture(LIGHTNING), has_event("collect"),
               lambda m: len(m.rounds) >= 2]),
    Spec("kwa-do-6p-teams-raw-gaji-stock", "kwa-do", 6,
         {"teams": [[0, 2, 4], [1, 3, 5]], "scoring": "raw", "five_brights": True, "gaji": True,
          "gaji_wild_from_stock": True, "rounds": 2}, 0,
         "Kwa-Dō, 6 players in two teams of three, raw scoring, five brights, gaji wild from stock",
         want=[rounds_played(2), finished(), wild_from_stock]),
    Spec("kwa-do-2p-hand8", "kwa-do", 2, {"two_player_hand": 8, "rounds": 2}, 0,
         "Kwa-Dō, 2 players, 8-card hands (8 cards stay in the stock), floor 120",
         want=[rounds_played(2), finished()]),
    Spec("hawaiifuda-2p-default-2rounds", "hawaiifuda", 2, {"rounds": 2}, 1,
         "Hawaiʻifuda, 2 players: Pāhoehoe makes a wild capture and collects at round end",
         want=[rounds_played(2), wild_capture(LIGHTNING), has_event("collect")]),
    Spec("hawaiifuda-4p-combos-2rounds", "hawaiifuda", 4, {"bonus_combos": True, "rounds": 2}, 0,
         "Hawaiʻifuda, 4 players, bonus combos (−50 per opponent combo), Pāhoehoe wild capture",
         want=[rounds_played(2), wild_capture(LIGHTNING),
               lambda m: any(any(r.result.yaku) for r in m.rounds if r.result)]),
    Spec("hawaiifuda-2p-dealer-captures", "hawaiifuda", 2, {"rounds": 2}, 3,
         "Hawaiʻifuda, 2 players: four of a month dealt to the field, the dealer captures them",
         want=[rounds_played(2), has_event("dealer-captures")]),
    Spec("mushi-2p-default-12rounds", "mushi", 2, {}, 0,
         "Mushi, default options, a full 12-round match (each round sums to 0 around par 115)",
         want=[rounds_played(12), finished()]),
    Spec("mushi-2p-target60", "mushi", 2, {"target": 60}, 1,
         "Mushi with target 60: the match ends after the round in which a side reaches 60",
         want=[ends_on_target(), lambda m: len(m.rounds) >= 2]),
    Spec("mushi-2p-lightning-last", "mushi", 2, {"rounds": 2}, 1,
         "Mushi: the lightning is the last stock card and takes the whole field",
         want=[mushi_lightning_last, finished()]),
    Spec("mushi-2p-lightning-field", "mushi", 2, {"rounds": 1}, 2,
         "Mushi: the lightning lies on the field and a turned-over stock card takes it",
         want=[mushi_lightning_field, finished()]),
    Spec("mushi-2p-midround", "mushi", 2, {"rounds": 3}, 0,
         "Mushi stopped mid-round: the last round's moves are cut, so --json shows scores null",
         truncate_last=0.5, stop_after=2, want=[]),
    Spec("koi-koi-2p-default-3rounds", "koi-koi", 2, {"rounds": 3}, 0,
         "Koi-Koi: a koi-koi call and a stop, the opponent pays the stopper (RULES.md §6: the "
         "winner deals next)",
         want=[has_event("koikoi"), has_event("stop"), finished()]),
    Spec("koi-koi-2p-koikoi-japan", "koi-koi", 2,
         {"rounds": 8, "bank": 30, "viewing": "koikoi-japan", "seven_doubling": False,
          "koikoi_bonus": "plus-one", "exhaustion": "oya-ken", "oya_ken_points": 1}, 2,
         "Koi-Koi with the KoiKoi-Japan preset: +1 a koi-koi call, oya-ken 1 when no one stops",
         want=[has_event("koikoi"), some_round(lambda r: r.stopped < 0), finished()]),
    Spec("min-hwatu-4p-between-rounds", "min-hwatu", 4, {"rounds": 4}, 0,
         "Min-Hwatu, 4 players, stopped between rounds: to_move null, legal [], match not over",
         stop_after=2, want=[lambda m: not m.finished and m.round_over]),
]


# -- random play --------------------------------------------------------------------------------


def choose(match: Match, rng: random.Random, spec: Spec) -> str:
    legal = match.legal_moves()
    if "expose" in legal:
        return "expose" if rng.random() < spec.expose_p else "keep"
    declares = [m for m in legal if " declare " in m]
    if declares and rng.random() < spec.declare_p:
        return rng.choice(declares)
    plain = [m for m in legal if " declare " not in m] or legal
    return rng.choice(plain)


def play(spec: Spec, seed: int) -> Match:
    """Play the spec's match with this seed (all rounds, or up to ``stop_after``)."""
    match = Match(spec.game, spec.players, spec.options, seed=seed)
    rng = random.Random(seed)
    while True:
        while not match.round_over:
            match.play(choose(match, rng, spec))
        if match.finished:
            break
        if spec.stop_after is not None and len(match.rounds) >= spec.stop_after:
            break
        match.next_round()
    return match


def satisfies(spec: Spec, match: Match) -> bool:
    return all(pred(match) for pred in spec.want)


def record_for(spec: Spec, match: Match) -> dict[str, Any]:
    record = match_to_record(match)
    if spec.truncate_last is not None:
        # Play one more round and cut its moves: a match stopped mid-round.
        full = copy.deepcopy(match)
        full.next_round()
        rng = random.Random(spec.seed + 1)
        while not full.round_over:
            full.play(choose(full, rng, spec))
        record = match_to_record(full)
        moves = record["rounds"][-1]["moves"]
        record["rounds"][-1]["moves"] = moves[: int(len(moves) * spec.truncate_last)]
    return record


def search(spec: Spec, tries: int, start: int = 0) -> int | None:
    for seed in range(start, start + tries):
        if satisfies(spec, play(spec, seed)):
            return seed
    return None


# -- bad records --------------------------------------------------------------------------------


HEADER = "record header (before round 1, move 1): "
DEAL = "before move 1 (the deal): "


def bad_records(good: dict[str, dict[str, Any]]) -> dict[str, tuple[dict[str, Any], str]]:
    """Invalid records derived from good ones: name → (record, substring the error must contain)."""
    out: dict[str, tuple[dict[str, Any], str]] = {}

    def derive(name: str) -> dict[str, Any]:
        return copy.deepcopy(good[name])

    base = "mushi-2p-default-12rounds"

    # An illegal move: a card the player does not hold.
    rec = derive(base)
    rnd = rec["rounds"][0]
    mover = rnd["dealer"]
    other = 1 - mover
    foreign = rnd["hands"][other][0]
    rnd["moves"][0] = f"play {foreign}"
    # Every card of the mover's hand has at most one target here, so the legal moves are
    # exactly "play CARD" for each card in hand (checked by hand for the frozen record).
    legal = ", ".join(sorted(f"play {c}" for c in rnd["hands"][mover]))
    out["illegal-move"] = (
        rec,
        f"round 1, move 1 (seat {mover} to play): illegal move 'play {foreign}'; legal moves: {legal}",
    )

    # A move after the round ended.
    rec = derive(base)
    rec["rounds"] = rec["rounds"][:1]
    rec["rounds"][0]["moves"].append(rec["rounds"][0]["moves"][-1])
    n = len(rec["rounds"][0]["moves"])
    out["move-after-round-end"] = (rec, f"round 1, move {n}: the round is over")

    # A misdeal the options redeal: four of a month on the field (Min-Hwatu, redeal default).
    rec = derive("min-hwatu-2p-default-3rounds")
    rnd = rec["rounds"][0]
    _put_four_on_field(rnd, "pine")
    out["misdeal-four-on-field"] = (rec, "round 1, " + DEAL + "misdeal: four cards of pine on the field")

    # Wrong dealer in round 2.
    rec = derive(base)
    due = rec["rounds"][1]["dealer"]
    rec["rounds"][1]["dealer"] = 1 - due
    out["wrong-dealer-round-2"] = (
        rec, "round 2, " + DEAL + f"wrong dealer {1 - due}; seat {due} deals this round"
    )

    # Unknown card.
    rec = derive(base)
    rec["rounds"][0]["stock"][0] = "pine-dragon"
    out["unknown-card"] = (rec, "round 1, " + DEAL + "stock: unknown card 'pine-dragon'")

    # Duplicate card.
    rec = derive(base)
    rec["rounds"][0]["stock"][0] = rec["rounds"][0]["stock"][1]
    duplicate = rec["rounds"][0]["stock"][1]
    out["duplicate-card"] = (rec, "round 1, " + DEAL + f"duplicate card {duplicate}")

    # Unknown option.
    rec = derive(base)
    rec["options"] = {"lightning_strikes_twice": True}
    out["unknown-option"] = (rec, HEADER + "unknown option 'lightning_strikes_twice'")

    # Bad option value.
    rec = derive(base)
    rec["options"] = {"five_brights": "sometimes"}
    out["bad-option-value"] = (rec, HEADER + "option 'five_brights': bad value sometimes")

    # Player count not allowed (Mushi is for 2 players only).
    rec = derive(base)
    rec["players"] = 3
    out["player-count"] = (rec, HEADER + "mushi is played by 2 players, not 3")

    # Teams that do not fit the player count.
    rec = derive("kwa-do-4p-teams-yaku-gaji")
    rec["options"]["teams"] = [[0, 1, 2], [3]]
    out["teams-do-not-fit"] = (rec, HEADER + "option 'teams': [[0, 1, 2], [3]] does not fit 4 players")

    # Wrong hand size.
    rec = derive(base)
    rnd = rec["rounds"][0]
    rnd["stock"].append(rnd["hands"][0].pop())
    out["wrong-hand-size"] = (
        rec, "round 1, " + DEAL + "hand of seat 0 has 7 cards; mushi with 2 players deals 8"
    )

    # An unfinished round that is not the last.
    rec = derive(base)
    rec["rounds"][0]["moves"] = rec["rounds"][0]["moves"][:-1]
    rec["rounds"] = rec["rounds"][:2]
    out["unfinished-round-not-last"] = (
        rec, "round 1, move 18: the round is unfinished (seat 1 still to move) but round 2 follows it"
    )

    # A round after the match ended (target 60 reached, then one more round).
    rec = derive("mushi-2p-target60")
    extra = copy.deepcopy(rec["rounds"][-1])
    rec["rounds"].append(extra)
    last = len(rec["rounds"])
    out["round-after-match-end"] = (rec, f"round {last}, " + DEAL + f"the match ended after round {last - 1}")

    # A bad format string.
    rec = derive(base)
    rec["format"] = "hanafuda-record/2"
    out["bad-format"] = (rec, HEADER + "unknown record format 'hanafuda-record/2'")

    # A seat prefix naming the wrong seat (move 2, made by the dealer's opponent or the dealer).
    rec = derive(base)
    rnd = rec["rounds"][0]
    match = match_from_record({**rec, "rounds": [{**rnd, "moves": rnd["moves"][:1]}]})
    wrong = 1 - match.to_move
    rnd["moves"][1] = f"{wrong}: {rnd['moves'][1]}"
    out["wrong-seat-prefix"] = (
        rec, f"round 1, move 2 (seat {1 - wrong} to play): seat {wrong} is not to move"
    )
    return out


def _put_four_on_field(rnd: dict[str, Any], plant: str) -> None:
    """Swap cards so that all four cards of ``plant`` lie on the field."""
    four = [c for c in _all_cards(rnd) if c.startswith(plant + "-")]
    for code in four:
        if code in rnd["field"]:
            continue
        victim = next(c for c in rnd["field"] if not c.startswith(plant + "-"))
        for zone in [*rnd["hands"], rnd["stock"]]:
            if code in zone:
                zone[zone.index(code)] = victim
                break
        rnd["field"][rnd["field"].index(victim)] = code


def _all_cards(rnd: dict[str, Any]) -> list[str]:
    return [c for h in rnd["hands"] for c in h] + rnd["field"] + rnd["stock"]


# -- writing ------------------------------------------------------------------------------------


def cli_output(path: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["replay", str(path), *args])
    return result.exit_code, result.stdout, result.stderr


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def generate(only_check: bool = False) -> int:
    failures = 0
    good: dict[str, dict[str, Any]] = {}
    for spec in SPECS:
        match = play(spec, spec.seed)
        ok = satisfies(spec, match)
        print(f"{spec.name:<36} seed {spec.seed:<6} {'ok' if ok else 'PREDICATE FAILS'}")
        if not ok:
            failures += 1
            continue
        record = record_for(spec, match)
        match_from_record(record)  # must replay
        good[spec.name] = record
    if only_check or failures:
        return 1 if failures else 0
    EXPECTED.mkdir(parents=True, exist_ok=True)
    BAD.mkdir(parents=True, exist_ok=True)
    for name, record in good.items():
        path = RECORDS / f"{name}.json"
        save_record(match_from_record(record), path)
        code, text, err = cli_output(path)
        assert code == 0, err
        (EXPECTED / f"{name}.txt").write_text(text, encoding="utf-8")
        code, text, err = cli_output(path, "--json")
        assert code == 0, err
        (EXPECTED / f"{name}.json").write_text(text, encoding="utf-8")
    errors: dict[str, str] = {}
    for name, (record, needle) in bad_records(good).items():
        path = BAD / f"{name}.json"
        write_json(path, record)
        code, _out, err = cli_output(path)
        print(f"bad/{name}.json: exit {code}: {err.strip()}")
        if code == 0 or needle not in err:
            print(f"  !! expected a failure containing {needle!r}")
            failures += 1
        errors[path.name] = needle
    write_json(BAD / "expected_errors.json", errors)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the specs' predicates")
    parser.add_argument("--search", metavar="NAME", help="find a seed for one spec")
    parser.add_argument("--tries", type=int, default=2000)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    if args.search:
        spec = next(s for s in SPECS if s.name == args.search)
        seed = search(spec, args.tries, args.start)
        print(f"{spec.name}: seed {seed}")
        return 0 if seed is not None else 1
    return generate(only_check=args.check)


if __name__ == "__main__":
    sys.exit(main())
