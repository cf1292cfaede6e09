"""Lines broken the way Japanese and Korean break them, widths in terminal cells (issue 28):
``tui.text.wrap_lines`` and the terminal app's captures panel at 80×24."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text

from hanafuda.cards import CARDS
from hanafuda.tui.app import PlayApp
from hanafuda.tui.session import PlaySession
from hanafuda.tui.text import break_points, wrap_lines


def _wrap(text: str, width: int, keep: list[tuple[int, int]] | None = None, indent: int = 0) -> list[str]:
    return [line.plain for line in wrap_lines(Text(text), width, keep or [], indent)]


def test_wide_characters_count_two_cells_and_lines_never_overflow() -> None:
    text = "あなた：紅葉のカスを出しました（取り札なし）。松のカスをめくりました（取り札なし）。"
    for width in (10, 17, 24, 38, 80):
        lines = _wrap(text, width, indent=2)
        assert all(cell_len(line) <= width for line in lines), (width, lines)
        assert "".join(line.strip() for line in lines) == text


def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one() -> None:
    text = "強いボット（2番席）：松に鶴を出して松のカスを取りました。梅のカスをめくりました（取り札なし）。"
    for width in range(8, 60):
        for line in _wrap(text, width):
            assert line.strip()[:1] not in "、。）」：", (width, line)
            assert line.strip()[-1:] not in "（「", (width, line)


def test_words_stay_whole_latin_numbers_katakana_and_korean() -> None:
    assert break_points("ab cd 123") == [3, 6]  # at the spaces, not inside "cd" or "123"
    assert break_points("Greedy bot") == [7]
    assert not break_points("ボット") and not break_points("1234")
    assert break_points("나: 홍싸리 열끗") == [3, 7]  # Korean breaks at spaces only
    sentence = "강한 봇(2번 자리): 모란 피를 내어 모란 피를 먹었습니다."
    words = set(sentence.split())
    for width in range(12, 40):  # the longest word, "먹었습니다.", is 11 cells
        for line in _wrap(sentence, width):
            assert set(line.split()) <= words, (width, line)


def test_a_kind_is_never_split_from_its_count() -> None:
    """The captures panel's line "タン ×4（20点）：" + card names: kept spans are never split (a
    kind from its count, a card's name), whatever the width."""
    head = " タン ×4（20点）："
    names = ["松に赤短、", "藤に短冊、", "菖蒲に短冊、", "紅葉に青短"]
    text = head + "".join(names)
    keep, at = [(0, len(head))], len(head)
    for name in names:
        keep.append((at, at + len(name)))
        at += len(name)
    for width in range(cell_len(head) + 10, 60):
        lines = _wrap(text, width, keep, indent=2)
        assert lines[0].startswith(head), (width, lines)
        pieces = [p.strip() for p in lines]
        for name in names:
            assert any(name in p for p in pieces), (width, name, lines)


async def test_the_captures_panel_at_80x24_keeps_each_kind_with_its_count(tmp_path: Path) -> None:
    """``hanafuda play --lang ja`` at 80×24 after a whole round: every line of the captures panel
    that names a kind carries its count and points on the same line ("タン ×4（20点）："), no line
    begins with a count, and every card name of a group is whole on one line."""
    session = PlaySession.new("mushi", bots="strong", seed=3, rounds=1, pause=0, lang="ja",
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await pilot.press("enter")
            await pilot.pause(0.05)
        screen = [strip.text for strip in app.screen._compositor.render_strips()]
        panel = app.query_one("#captures")
        left, width = panel.region.x, panel.region.width
        lines = [line[left:left + width].split("│")[0].rstrip()
                 for line in screen[panel.region.y:panel.region.bottom]]
    kinds = [line for line in lines if "×" in line]
    assert len(kinds) >= 4, lines
    assert all(HEAD.match(line) for line in kinds), kinds
    assert not any(line.strip().startswith(("×", "（", "、")) for line in lines), lines
    names = {session.namer.card(c.id) for c in CARDS}
    for line in lines:
        if line.startswith("  ") and "：" not in line:  # a group's next line: whole card names
            assert all(part in names for part in line.strip().rstrip("、").split("、")), line


HEAD = re.compile(r"^ \S+ ×\d+（\d+点）：")
