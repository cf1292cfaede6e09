"""The terminal app's status line at 80×24 in Japanese and Korean (issue 28's pictures): it takes
two lines there, and broke inside a seat's name ("強いボット（2番 / 席）") or a phrase ("내 / 차례").
Each " · " part of it, and each side's name, now stays whole on one line, no line wider than the
screen."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from hanafuda.tui.app import PlayApp
from hanafuda.tui.session import PlaySession
from hanafuda.tui.text import Wrapped, wrap_lines


@pytest.mark.parametrize(("game", "players", "lang"), [("koi-koi", 2, "ja"), ("koi-koi", 2, "ko"),
                                                       ("kwa-do", 4, "ja"), ("hana-awase", 3, "ko")])
async def test_the_status_line_breaks_between_its_parts(tmp_path: Path, game: str, players: int,
                                                        lang: str) -> None:
    session = PlaySession.new(game, players=players, bots="random", seed=5, pause=0, lang=lang,
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.05)
        status = app.query_one("#status")
        screen = [strip.text for strip in app.screen._compositor.render_strips()]
        lines = [line.strip() for line in screen[status.region.y:status.region.bottom]]
        text = app.status_text().plain
        await pilot.press("q")
    assert len(lines) >= 2, lines  # the case: the line does not fit 80 columns
    assert all(cell_len(line) <= 80 for line in lines), lines
    parts = [p for p in text.split(" · ") if p and cell_len(p) <= 78]  # 78: the line inside its padding
    sides = [f"{session.namer.side(i)} {t}" for i, t in enumerate(session.view().totals)]
    for piece in parts + sides:
        assert any(piece in line for line in lines), (piece, lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost or cut


def test_a_kept_piece_wider_than_a_line_breaks_at_its_words_not_by_cells() -> None:
    """A part kept whole that no line can hold (four seats' totals on a narrow screen) breaks
    where its words allow — between two names, never inside "（2番席）"."""
    names = ["強いボット（2番席）", "強いボット（3番席）", "強いボット（4番席）"]
    totals = "あなた 0、" + "、".join(f"{n} 0" for n in names)
    console = Console(width=30, file=io.StringIO())
    rendered = console.render_lines(Wrapped.of(Text(totals), whole=[totals, *names]), pad=False)
    lines = ["".join(seg.text for seg in line).rstrip() for line in rendered]
    assert len(lines) >= 2 and all(cell_len(line) <= 30 for line in lines), lines
    for name in names:
        assert any(name in line for line in lines), (name, lines)


def _log_lines(app: PlayApp) -> list[str]:
    panel = app.query_one("#log")
    screen = [strip.text for strip in app.screen._compositor.render_strips()]
    return [line.split("│", 1)[1].strip(" ▁▂▃▄▅▆▇█") if "│" in line else ""
            for line in screen[panel.region.y:panel.region.bottom]]


@pytest.mark.parametrize("lang", ["ja", "ko"])
async def test_the_log_never_splits_a_seat_or_bot_name(tmp_path: Path, lang: str) -> None:
    """The log panel at 80×24 (38 columns): "ボット：強い / ボット" stood in the pictures; each
    seat's and bot's name is now whole on one line, as card names were already — in the header
    and in the moves."""
    session = PlaySession.new("mushi", bots="strong", seed=7, pause=0, lang=lang, save=tmp_path / "m.json")
    names = {session.namer.seat(i) for i in range(session.config.players)} | {session.bots_word}
    app = PlayApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        seen = [_log_lines(app)]
        for _ in range(6):
            await pilot.press("1")
            await pilot.pause(0.1)
        seen.append(_log_lines(app))
        await pilot.press("q")
    for lines in seen:
        text = "".join(lines)
        assert any(name in text for name in names), lines
        for name in names:
            assert text.count(name) == sum(line.count(name) for line in lines), (name, lines)


def test_korean_keeps_a_word_with_its_quotes_and_brackets() -> None:
    """Korean breaks at spaces only: the help's "'고이고이'(계속해서 더 노림)" broke after "고이고이",
    a line then beginning with the closing quote (issue 28's pictures, `?` at 80×24)."""
    text = ("약이 생기거나 커지면 '고이고이'(계속해서 더 노림)나 "
            "'스톱'(지금 점수를 내고 상대가 물어 줌)을 고릅니다.")
    words = set(text.split())
    for width in range(20, 60):
        lines = [line.plain for line in wrap_lines(Text(text), width)]
        for line in lines:
            assert set(line.split()) <= words, (width, line)
            assert not line.startswith((")", "(")), (width, line)
