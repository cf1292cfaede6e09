#!/usr/bin/env python
"""How often a bot calls koi-koi, and what the calls earn, from arena records.

    hanafuda arena koi-koi --agents expert,greedy --deals 300 --seed 1 --records DIR
    python scripts/koikoi_calls.py DIR expert

Every round of every record in DIR is replayed (docs/rules/koi-koi.md, "The decision").  At
each koi-koi/stop decision of AGENT's seat the stop value it could bank then is noted
(``Round.standing``); for the rounds where AGENT called koi-koi, the result compares what it
finally scored with what it would have banked by stopping at its first call — the gain of
calling, with a 95% interval.  Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

from hanafuda.engine.moves import KOIKOI_ACTION
from hanafuda.engine.round import PHASE_KOIKOI, Round
from hanafuda.records import load_record, match_from_record


def _interval(values: list[float]) -> list[float | None]:
    """Mean ± 1.96 standard errors (the arena's normal interval)."""
    n = len(values)
    if n < 2:
        return [None, None]
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return [round(mean - half, 2), round(mean + half, 2)]


def analyse(folder: Path, agent: str) -> dict[str, Any]:
    decisions = calls = stops = rounds = 0
    gains: list[float] = []
    scores_after_call: list[float] = []
    ended = {"own stop": 0, "opponent stop": 0, "no stop": 0}
    files = sorted(folder.glob("*.json"))
    if not files:
        raise SystemExit(f"error: no records in {folder}")
    for path in files:
        record = load_record(path)
        agents = record["meta"]["agents"]
        seats = [seat for seat, name in enumerate(agents) if name == agent]
        if not seats:
            raise SystemExit(f"error: {path} has no seat played by {agent!r} (agents {agents})")
        match = match_from_record(record)
        for deal, played in zip(match.deals, match.rounds, strict=True):
            rounds += 1
            cfg = match.config
            rnd = Round(cfg, deal.dealer, deal.hand_masks(), deal.field_mask(), deal.stock)
            banked: dict[int, int] = {}  # side -> stop value at its first call
            for action in played.moves:
                if rnd.phase == PHASE_KOIKOI and rnd.seat in seats:
                    side = cfg.side_of[rnd.seat]
                    decisions += 1
                    if action == KOIKOI_ACTION:
                        calls += 1
                        banked.setdefault(side, rnd.standing().scores[side])
                    else:
                        stops += 1
                rnd.apply(action)
            assert rnd.result is not None and rnd.result.scores == played.result.scores
            for side, value in banked.items():
                final = rnd.result.scores[side]
                gains.append(final - value)
                scores_after_call.append(final)
                if rnd.stopped == side:
                    ended["own stop"] += 1
                elif rnd.stopped >= 0:
                    ended["opponent stop"] += 1
                else:
                    ended["no stop"] += 1
    called = len(gains)
    return {
        "agent": agent, "records": len(files), "rounds": rounds,
        "decisions": decisions, "koikoi_calls": calls, "stops": stops,
        "call_rate": round(calls / decisions, 3) if decisions else None,
        "rounds_with_a_call": called,
        "how_those_rounds_ended": ended,
        "mean_score_after_a_call": round(sum(scores_after_call) / called, 2) if called else None,
        "mean_gain_over_stopping_at_the_first_call": round(sum(gains) / called, 2) if called else None,
        "gain_ci95": _interval(gains),
    }


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        raise SystemExit("usage: python scripts/koikoi_calls.py RECORDS_DIR AGENT")
    print(json.dumps(analyse(Path(argv[0]), argv[1])))


if __name__ == "__main__":
    main(sys.argv[1:])
