"""The text helpers of terminal play: yaku in reach, capture piles, summaries."""

from __future__ import annotations

from hanafuda import Match
from hanafuda.cards import CardSet, mask_of
from hanafuda.tui.text import capture_lines, event_text, round_summary_lines, yaku_close


def _view_with_captures(match: Match, captures: list[list[str]]):
    view = match.view(0)
    from dataclasses import replace

    return replace(view, captures=tuple(CardSet(mask_of(c)) for c in captures))


def test_yaku_close_needs_all_but_one_card_and_none_with_another_side() -> None:
    match = Match("mushi", 2, seed=1)
    cfg = match.config
    view = _view_with_captures(match, [["pine-crane", "plum-warbler"], ["wisteria-cuckoo"]])
    close = [(c.side, c.yaku.id, c.missing.codes()) for c in yaku_close(cfg, view)]
    assert close == [(0, "spring", ["cherry-curtain"])]
    # The missing card in the other pile: not close any more.
    view = _view_with_captures(match, [["pine-crane", "plum-warbler"], ["cherry-curtain"]])
    assert yaku_close(cfg, view) == []


def test_capture_lines_group_by_kind_with_points() -> None:
    match = Match("mushi", 2, seed=1)
    view = _view_with_captures(match, [["pine-crane", "pine-chaff1", "plum-ribbon"], []])
    lines = capture_lines(match.config, view, "hanafuda", 0)
    assert lines[0] == "3 cards, 26 card points"
    assert lines[1].startswith("  Bright ×1") and lines[2].startswith("  Ribbon ×1")
    assert lines[3].startswith("  Chaff ×1")


def test_round_summary_shows_how_each_score_was_computed() -> None:
    import random

    match = Match("mushi", 2, {"rounds": 1}, seed=2)
    rng = random.Random(0)
    while not match.round_over:
        match.apply(rng.choice(match.legal_actions()))
    result = match.current.result
    lines = round_summary_lines(match.config, match.view(0), result, "hanafuda", ["you", "random"])
    text = "\n".join(lines)
    assert "(card points)" in text and "(par)" in text and "= " in text
    assert text.count("score: ") == 2


def test_event_text_uses_the_theme() -> None:
    match = Match("mushi", 2, seed=1)
    seat = match.to_move
    match.play(match.legal_moves()[0])
    view = match.view(seat)
    line = event_text(view.history[0], view, "kwa-do")
    assert line.startswith("you play ")
