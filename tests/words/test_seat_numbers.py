"""Text counts seats from 1 (as the lobby labels them); data stays 0-based (RULES.md §2, §8)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hanafuda import Match
from hanafuda.records import load_record, match_from_record
from hanafuda.words import Namer, namer_for, replay_text, seat_number, seat_numbers, view_words

RECORDS = Path(__file__).resolve().parents[1] / "records"
SEAT_ZERO = re.compile(r"\b[Ss]eats? 0\b")


def test_seat_numbers_read_from_one() -> None:
    assert [seat_number(s) for s in range(4)] == [1, 2, 3, 4]
    assert seat_numbers([0, 2, 4]) == "1, 3 & 5"


def test_names_count_from_one_while_view_data_stays_zero_based() -> None:
    match = Match("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}, seed=2)
    view = match.view(0)
    words = view_words(view, namer_for(view, "kwa-do", [None, "greedy", None, "strong"]))
    assert [s["seat"] for s in words["seats"]] == [0, 1, 2, 3]
    assert [s["name"] for s in words["seats"]] == ["You", "Casual bot (seat 2)", "Seat 3",
                                                   "Strong bot (seat 4)"]
    assert [s["seats"] for s in words["sides"]] == [[0, 2], [1, 3]]
    assert [s["name"] for s in words["sides"]] == ["Your team (seats 1 & 3)",
                                                   "Team B (seats 2 & 4)"]
    assert {m["move"] for m in words["legal"]} == set(view.legal)  # notation untouched
    assert not SEAT_ZERO.search(json.dumps([words["turn"], words["seats"], words["sides"]]))
    spectator = Namer(match.config)
    assert spectator.seat(0) == "Seat 1" and spectator.side(0) == "Team A (seats 1 & 3)"


def test_replay_account_counts_seats_from_one_and_json_from_zero() -> None:
    for path in sorted(RECORDS.glob("*.json")):
        match = match_from_record(load_record(path))
        text = replay_text(match)
        assert not SEAT_ZERO.search(text), path.name
        first = match.rounds[0]
        order = ", ".join(str(s + 1) for s in first.order)
        assert (f"Round 1 · dealer: seat {first.dealer + 1} · turn order: {order}"
                in text), path.name
        expected = json.loads((RECORDS / "expected" / f"{path.stem}.json").read_text("utf-8"))
        assert expected["sides"] == [list(side) for side in match.config.sides]
        assert expected["rounds"][0]["dealer"] == first.dealer
