"""The Textual app and a bot's hidden teyaku decision (RULES.md §4.2): the human who plays first is
asked at once, the play waits in the match while the bot decides, and that decision takes no pause
(a pause would tell the human the bot holds six or more chaff); the bot's visible moves keep theirs."""

from __future__ import annotations

import time
from pathlib import Path

from hanafuda.tui.app import PlayApp
from tests.play.test_queue_terminal import _Always, _session

SIZE = (170, 50)
PAUSE = 10.0
"""The bots' pause: long enough that a decision made after it would miss the checks below, and
that a loaded machine (a full suite beside other work) stays well inside its half."""


async def test_the_human_is_asked_at_once_and_the_hidden_decision_takes_no_pause(tmp_path: Path) -> None:
    session = _session(tmp_path)
    session.pause = PAUSE
    session.agents = {s: _Always("keep") for s in session.agents}
    match, human = session.match, session.seat
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert match.to_move != human  # the bot's teyaku decision is pending...
        assert app.step == "card"  # ...and the human is asked all the same
        start = time.monotonic()
        await pilot.press("1")
        await pilot.pause(0.05)
        if app.step == "variant":  # the card has two targets: take the first
            await pilot.press("1")
        while len(match.current.moves) < 2 and time.monotonic() - start < PAUSE / 2:
            await pilot.pause(0.05)
        moves = match.to_record()["rounds"][0]["moves"]
        assert moves[0] == "keep" and len(moves) == 2  # the keep, then the human's play
        assert time.monotonic() - start < PAUSE / 2  # the bot's keep took no pause
        assert match.to_move != human and app.step == "idle"  # its visible turn does
        await pilot.press("q")
