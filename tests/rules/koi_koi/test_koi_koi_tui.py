"""``hanafuda play koi-koi`` in the Textual app: the koikoi/stop decision is asked in place."""

from __future__ import annotations

from pathlib import Path

from hanafuda.tui.app import PlayApp, TextScreen
from hanafuda.tui.session import PlaySession

SIZE = (170, 50)


async def test_the_decision_is_asked_in_place_and_stop_ends_the_round(tmp_path: Path) -> None:
    session = PlaySession.new("koi-koi", save=tmp_path / "match.json", pause=0, bots="random",
                              rounds=3, seed=2)
    app = PlayApp(session)

    def deciding() -> bool:
        match = session.match
        return match.to_move == 0 and match.current.phase == 4

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        for _ in range(400):
            if deciding() or session.match.finished:
                break
            if isinstance(app.screen, TextScreen):
                await pilot.press("enter")  # a round's summary: on to the next round
            else:
                await pilot.press("1")
            await pilot.pause(0.02)
        assert deciding(), "seat 0 never made a yaku in three rounds"
        await pilot.pause(0.05)
        assert app.step == "choice"
        assert [m for _, m in app.choices] == ["koikoi", "stop"]
        assert "You made a yaku" in str(app.prompt_text())
        await pilot.press("2")
        await pilot.pause(0.05)
        assert session.match.round_over
        assert session.match.to_record()["rounds"][-1]["moves"][-1] == "stop"
        await pilot.press("q")
