"""A walk-through found (issue 28): in the terminal a number plays its card at once, and the Enter
typed after it landed on the next question, Koi-Koi's koi-koi or stop, and called koi-koi.  Now that
question comes with nothing chosen: Enter alone answers nothing, an arrow then Enter (or a number)
does.  And the round's box says the totals once."""

from __future__ import annotations

from pathlib import Path

from hanafuda.tui.app import NOTHING_CHOSEN, ChoiceView, PlayApp, TextScreen
from hanafuda.tui.session import PlaySession

SMALL = (80, 24)


def _calls(session: PlaySession) -> int:
    return sum(1 for e in session.view().history if e.kind in ("koikoi", "stop"))


async def test_an_enter_after_the_number_answers_no_koikoi_question(tmp_path: Path) -> None:
    for seed in range(1, 40):  # a deal where the human makes a yaku before the round ends
        session = PlaySession.new("koi-koi", bots="random", seed=seed, rounds=1, pause=0, lang="ja",
                                  save=tmp_path / f"m{seed}.json")
        app = PlayApp(session)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause(0.05)
            for _ in range(200):
                view = session.view()
                if view.phase == "koikoi" and view.to_move == session.seat or session.match.round_over:
                    break
                await pilot.press("1", "enter")  # the number plays; the Enter is the stray one
                await pilot.pause(0.02)
            view = session.view()
            if not (view.phase == "koikoi" and view.to_move == session.seat):
                await pilot.press("q")
                continue
            await pilot.pause(0.05)
            before = _calls(session)
            assert app.cursor == NOTHING_CHOSEN
            marked = [c for c in app.query(ChoiceView) if c.display and c.has_class("cursor")]
            assert marked == [], "a choice is marked before the player chose one"
            assert "番号で選んで" in app.prompt_text().plain
            await pilot.press("enter")
            await pilot.pause(0.05)
            assert _calls(session) == before and session.view().phase == "koikoi", "Enter alone answered"
            await pilot.press("right")  # the first arrow marks the first choice: koi-koi
            await pilot.pause(0.05)
            assert app.cursor == 0
            await pilot.press("enter")
            await pilot.pause(0.05)
            assert _calls(session) == before + 1
            called = [e for e in session.view().history if e.kind == "koikoi"]
            assert called and called[-1].seat == session.seat
            await pilot.press("q")
        return
    raise AssertionError("no deal with a koi-koi decision for the human")


async def test_the_round_box_says_the_totals_once(tmp_path: Path) -> None:
    session = PlaySession.new("mushi", bots="random", seed=3, rounds=2, pause=0, lang="ja",
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        for _ in range(300):
            if isinstance(app.screen, TextScreen):
                break
            await pilot.press("1")
            await pilot.pause(0.02)
        assert isinstance(app.screen, TextScreen), "the round did not end"
        body = app.screen.body
        assert body.count("合計") == 1, body
        await pilot.press("q")
