"""The terminal app in Japanese and Korean (issue 28): card names, zone titles, the footer's keys,
the ``?`` help with the exclusive yaku, and the end of a round, at 80×24."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static

from hanafuda.tui.app import CardView, PlayApp, TextScreen
from hanafuda.tui.session import PlaySession

SMALL = (80, 24)
LATIN_SENTENCE = re.compile(r"\b(Your|Field|Choose|Round|Totals|score|card points|Turned)\b")


async def _until(pilot, app: PlayApp, done) -> None:  # type: ignore[no-untyped-def]
    for _ in range(400):
        if done():
            return
        await pilot.press("1")
        await pilot.pause(0.02)
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize(("lang", "hand", "help_heading"), [("ja", "あなたの手札", "重ならない役："),
                                                           ("ko", "내 손패", "겹치지 않는 약:")])
async def test_the_app_speaks_the_language(tmp_path: Path, lang: str, hand: str, help_heading: str) -> None:
    session = PlaySession.new("hana-awase", bots="random", seed=4, rounds=1, pause=0, lang=lang,
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        title = str(app.query_one("#hand-title", Static).render())
        assert title.startswith(hand), title
        names = {session.namer.face_name(c.code) for c in app.query(CardView) if c.code is not None}
        assert names and all(not re.search(r"[A-Za-z]", n) for n in names), names
        footer = {b.description for bs in app._bindings.key_to_bindings.values() for b in bs if b.show}
        assert not {"Choose", "Back", "Rules", "Save & quit"} & footer, footer
        await pilot.press("question_mark")
        await pilot.pause(0.05)
        assert isinstance(app.screen, TextScreen) and help_heading in app.screen.body
        await pilot.press("escape")
        await pilot.pause(0.05)
        await _until(pilot, app, lambda: session.match.round_over)
        await pilot.pause(0.05)
        assert isinstance(app.screen, TextScreen)
        assert not LATIN_SENTENCE.search(app.screen.title_text + app.screen.body), app.screen.body
        await pilot.press("q")
    assert app.return_value is not None and app.return_value.is_file()
