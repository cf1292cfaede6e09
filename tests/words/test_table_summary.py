"""The seat's screen bundle for the web (words/table.py) and round/match results (summary.py)."""

from __future__ import annotations

import json
import random

from hanafuda import Match
from hanafuda.words import (
    match_result_text,
    namer_for,
    round_result,
    round_result_lines,
    turn_text,
    view_words,
)

from .helpers import CONFIGS, deal_match


def test_view_words_is_json_ready_and_names_only_visible_cards() -> None:
    for game, players, options in CONFIGS:
        match = Match(game, players, options, seed=3)
        rng = random.Random(3)
        for _ in range(6):
            if match.round_over:
                break
            seat = match.to_move
            view = match.view(seat)
            words = view_words(view, namer_for(view, "hanafuda", ["greedy"] * players))
            json.dumps(words)  # JSON-ready
            assert [s["name"] for s in words["seats"]].count("You") == 1
            assert {m["move"] for m in words["legal"]} == set(view.legal)
            visible = set(view.hand.codes()) | set(view.field.codes())
            assert set(words["cards"]) <= visible | ({view.pending} if view.pending else set())
            assert len(words["sides"]) == match.config.num_sides
            assert words["turn"].startswith("Your turn")
            other = match.view((seat + 1) % players)
            theirs = view_words(other, namer_for(other))
            assert theirs["legal"] == [] and not theirs["turn"].startswith("Your turn")
            match.play(rng.choice(match.legal_moves()))


def test_view_words_marks_dealer_order_and_teams() -> None:
    match = Match("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}, seed=2)
    view = match.view(1)
    words = view_words(view, namer_for(view, "kwa-do", ["anna", None, "greedy", "strong"]))
    seats = {s["seat"]: s for s in words["seats"]}
    assert seats[1]["name"] == "You" and seats[0]["name"] == "Anna (seat 1)"
    assert seats[3]["team"] == "Your team (seats 2 & 4)" and seats[0]["team"].startswith("Team A")
    assert sum(s["dealer"] for s in words["seats"]) == 1
    assert sorted(s["order"] for s in words["seats"]) == [0, 1, 2, 3]
    assert [s["you"] for s in words["sides"]] == [False, True]


def test_turn_text_for_a_pending_choice() -> None:
    match = deal_match("min-hwatu", 2, None, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["cherry-curtain", "cherry-chaff1"], stock_head=["cherry-chaff2"])
    match.play("play pine-chaff1")
    view = match.view(0)
    assert turn_text(view, namer_for(view)) == "Your turn: choose what Cherry Chaff takes"


def test_round_and_match_results_in_words() -> None:
    match = Match("kwa-do", 2, {"rounds": 1, "target": None}, seed=4)
    rng = random.Random(1)
    while not match.finished:
        match.play(rng.choice(match.legal_moves()))
    view = match.view(0)
    namer = namer_for(view, "hanafuda")
    result = match.results[-1]
    sides = round_result(namer, result, view.captures)
    assert [s.score for s in sides] == list(result.scores)
    for side in sides:
        assert "floor: 240 ÷ 2 sides" in side.line and "floor 240 / 2" not in side.line
        assert side.to_dict()["pile"]["count"] == side.pile.count
    lines = round_result_lines(namer, 1, result, view.captures, view.totals)
    assert lines[0] == "Round 1 over" and lines[-1].startswith("Totals: You ")
    text = match_result_text(namer, view.winners, view.totals, 1)
    assert text.startswith("Match over after 1 round: ")
    assert ("You win with" in text) == (view.winners == (0,))
    tie = match_result_text(namer, (0, 1), (10, 10), 2)  # both sides level: a draw, no winner
    assert tie == "Match over after 2 rounds: the match is a draw, 10–10."


def test_a_wild_card_is_called_wild_only_where_it_acts_wild() -> None:
    """The Kwa-Dō Gaji is wild from hand only: on the field it is an ordinary willow."""
    from hanafuda.words import view_lines

    on_field = deal_match("kwa-do", 2, {"gaji": True}, hands=[["pine-chaff1"], ["plum-chaff1"]],
                          field=["willow-lightning"], dealer=1)
    view = on_field.view(0)
    words = view_words(view, namer_for(view, "hanafuda"))
    assert words["cards"]["willow-lightning"] == {"name": "Willow Lightning", "kind": "Chaff",
                                                  "wild": False}
    assert "Willow Lightning [willow-lightning]" in "\n".join(view_lines(namer_for(view), view))
    in_hand = deal_match("kwa-do", 2, {"gaji": True}, hands=[["willow-lightning"], ["plum-chaff1"]],
                         field=["pine-chaff1"], dealer=1)
    view = in_hand.view(0)
    words = view_words(view, namer_for(view, "kwa-do"))
    assert words["cards"]["willow-lightning"]["name"] == "Willow Lightning (Gaji, wild)"
    assert words["cards"]["willow-lightning"]["wild"]
