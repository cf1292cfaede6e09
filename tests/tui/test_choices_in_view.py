"""At 80×24 the question about a chosen card stays on screen (docs42: with ten cards in a Kwa-Dō
hand, choosing the Bush Warbler left "take … / declare Spring" below the table's visible part,
under the log: the view scrolled back to the card).  The choice under the cursor is the widget a
person sees at its place on the screen."""

from __future__ import annotations

from pathlib import Path

from hanafuda.tui.app import ChoiceView, PlayApp
from hanafuda.tui.session import PlaySession


async def test_the_chosen_card_s_question_is_on_screen_at_80x24(tmp_path: Path) -> None:
    session = PlaySession.new("kwa-do", bots="random", seed=1, pause=0, options=["yaku=true"],
                              save=tmp_path / "kd.json")
    app = PlayApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("right", "enter", "right")  # the Bush Warbler, then its second choice
        await pilot.pause(0.2)
        assert app.step == "variant"
        marked = [c for c in app.query(ChoiceView) if c.display and c.has_class("cursor")]
        assert len(marked) == 1
        region = marked[0].region
        assert region.height >= 1 and 0 <= region.y < 24, region
        seen, _ = app.screen.get_widget_at(region.x + 1, region.y)
        assert seen is marked[0], seen
        await pilot.press("q")
