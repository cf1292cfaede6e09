"""Pilot tests of issue 11's terminal fixes 1–7 (``hanafuda play``, the Textual app)."""

from __future__ import annotations

from pathlib import Path

from hanafuda.tui.app import CardView, PageBody, PlayApp, TextScreen
from hanafuda.tui.session import PlaySession
from tests.words.helpers import deal_match

SMALL = (80, 24)
LARGE = (120, 40)


async def _until(pilot, condition, seconds: float = 10.0) -> bool:
    """Wait until ``condition()`` holds (a loaded machine may need longer than a fixed pause)."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return True
        await pilot.pause(0.05)
    return bool(condition())


def _log_text(app: PlayApp) -> str:
    """The log as one line of words (the widget wraps lines at its width)."""
    return " ".join(" ".join(strip.text for strip in app.log_widget.lines).split())


async def test_fix1_pages_scroll_from_the_keyboard_and_lead_with_the_result(tmp_path: Path) -> None:
    session = PlaySession.new("min-hwatu", players=6, bots="random", rounds=1, seed=2, pause=0,
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        for _ in range(200):
            if session.match.finished:
                break
            await pilot.press("1")
            await pilot.pause(0.01)
        await pilot.pause(0.1)
        screen = app.screen
        assert isinstance(screen, TextScreen)
        first = screen.body.splitlines()[:3]
        assert first[0].startswith("Match over after 1 round: ")  # the winner first …
        assert first[1].startswith("Totals: ") and "saved to" in first[2]  # … totals, save path
        body = screen.query_one(PageBody)
        assert body.has_focus  # no Tab needed
        assert body.max_scroll_y > 0  # six sides do not fit in 24 rows
        await pilot.press("pagedown")
        await pilot.pause(0.05)
        assert body.scroll_y > 0
        await pilot.press("end")
        await pilot.pause(0.05)
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("enter")
    assert app.return_value == tmp_path / "m.json"


async def test_fix1_rules_page_scrolls_with_arrows(tmp_path: Path) -> None:
    session = PlaySession.new("hana-awase", bots="random", seed=1, pause=0, save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        await pilot.press("question_mark")
        await pilot.pause(0.05)
        body = app.screen.query_one(PageBody)
        for _ in range(5):
            await pilot.press("down")
        await pilot.pause(0.05)
        assert body.scroll_y == 5
        await pilot.press("escape")
        await pilot.pause(0.02)
        assert not isinstance(app.screen, TextScreen)
        await pilot.press("q")


async def test_fix2_kwa_do_capture_and_declaration_labels(tmp_path: Path) -> None:
    """``play kwa-do -o yaku=true --seed 1``: the Bush Warbler can take the Poetry Ribbon or
    declare Spring, which gives that capture up."""
    session = PlaySession.new("kwa-do", options=["yaku=true"], seed=1, bots="random", pause=0,
                              theme="hanafuda", save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        await pilot.press(str(app.cards.index("plum-warbler") + 1))
        await pilot.pause(0.05)
        assert app.step == "variant"
        assert [label for label, _ in app.choices] == ["take Plum Poetry Ribbon",
                                                       "declare Spring (no capture)"]
        assert "Plum Bush Warbler takes Plum Poetry Ribbon" in str(app.prompt_text())
        await pilot.press("right")
        assert "declare Spring — gives up taking Plum Poetry Ribbon" in str(app.prompt_text())
        targets = [w.code for w in app.query(CardView) if w.has_class("target")]
        assert targets == ["plum-ribbon"]
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert "You played Plum Bush Warbler and declared Spring (no capture)" in _log_text(app)
        assert "declared: Spring" in str(app.captures_text())
        await pilot.press("q")


async def test_fix3_a_pending_turn_over_is_not_logged_as_no_capture(tmp_path: Path) -> None:
    match = deal_match("min-hwatu", 2, {"rounds": 1}, hands=[["pine-chaff1"], ["plum-chaff1"]],
                       field=["cherry-curtain", "cherry-chaff1"], stock_head=["cherry-chaff2"])
    session = PlaySession(match, 0, "random", save_path=tmp_path / "m.json", pause=0)
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        await pilot.press(str(app.cards.index("pine-chaff1") + 1))
        await pilot.pause(0.05)
        assert app.step == "choice"
        assert "Pine Chaff" not in _log_text(app)  # the turn is not over yet
        assert "Cherry Chaff takes Cherry Curtain" in str(app.prompt_text())
        assert [label for label, _ in app.choices] == ["take Cherry Curtain", "take Cherry Chaff"]
        await pilot.press("1")
        await pilot.pause(0.05)
        assert "You played Pine Chaff (no capture); turned over Cherry Chaff, took Cherry " \
               "Curtain." in _log_text(app)
        await pilot.press("q")


async def test_fix4_resume_never_overwrites_the_file(tmp_path: Path) -> None:
    sample = tmp_path / "sample.json"
    first = PlaySession.new("mushi", bots="random", seed=4, pause=0, save=sample)
    while not first.human_to_move:
        first.bot_move()
    first.play("1")
    first.save()
    original = sample.read_bytes()
    session = PlaySession.resume(sample, pause=0)
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        assert "Resumed from" in _log_text(app)
        await pilot.press("1")
        await pilot.pause(0.05)
        await pilot.press("q")
    assert sample.read_bytes() == original
    assert app.return_value == tmp_path / "sample-resumed.json"
    assert app.return_value.exists()


async def test_fix5_80x24_fits_field_hand_and_names(tmp_path: Path) -> None:
    session = PlaySession.new("kwa-do", seed=1, bots="random", pause=0, save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        assert app.compact and app.query_one("#body").has_class("-compact")
        cards = [w for w in app.query(CardView) if w.code is not None]
        assert len(cards) == 18  # 8 field cards and 10 in hand
        for card in cards:
            region = card.region
            assert region.right <= 80 and region.bottom <= 24 and region.width >= 18
            # compact cells: two lines, a third where a name would otherwise be cut ("Scroll
            # (red, poetry)" is wider than a cell at 80 columns; issue 28, names never cut)
            assert card.region.height in (2, 3)
        side = app.query_one("#side").region
        assert side.width == 80 and side.y > max(c.region.bottom for c in cards) - 1
        await pilot.resize_terminal(*LARGE)
        await pilot.pause(0.1)
        assert not app.compact
        side = app.query_one("#side").region
        assert side.x > 70 and side.height > 30  # the panel moves to the right
        assert all(c.region.height >= 5 for c in app.query(CardView) if c.code is not None)
        await pilot.press("q")


async def test_fix6_question_mark_teaches_the_game(tmp_path: Path) -> None:
    session = PlaySession.new("hawaiifuda", theme="hawaiifuda", seed=1, bots="random", pause=0,
                              options=["bonus_combos=true"], save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause(0.05)
        await pilot.press("question_mark")
        await pilot.pause(0.05)
        body = app.screen.body
        assert "How a turn goes:" in body and "Kukui Light 10" in body
        assert "Hala Pāhoehoe is wild" in body and "Sun, Rain, Lei (50):" in body
        assert "Bonus combos (bonus_combos): on (chosen)" in body
        assert "docs/" not in body
        await pilot.press("q")


async def test_fix7_light_wild_options_teyaku_and_kwa_do(tmp_path: Path) -> None:
    # Hawaiʻifuda's Light and the wild Pāhoehoe, in the cells
    match = deal_match("hawaiifuda", 2, {}, hands=[["willow-lightning", "paulownia-chaff1"],
                                                   ["plum-chaff1"]], field=["pine-crane"])
    session = PlaySession(match, 0, "random", theme="hawaiifuda", save_path=tmp_path / "m.json",
                          pause=0)
    app = PlayApp(session)
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause(0.05)
        cells = {w.code: str(w.render()) for w in app.query(CardView) if w.code}
        assert "Light" in cells["paulownia-chaff1"] and "Chaff" not in cells["paulownia-chaff1"]
        assert "10 points" in cells["paulownia-chaff1"]
        assert "Pāhoehoe (wild)" in cells["willow-lightning"]
        await pilot.press("question_mark")
        await pilot.pause(0.05)
        assert "= null" not in app.screen.body and "Rounds (rounds): 6" in app.screen.body
        assert "Target score (target): no target" in app.screen.body
        await pilot.press("escape")
        await pilot.press("q")
    # the teyaku offer states payment and risk
    session = PlaySession.new("hana-awase", options=["teyaku=true"], seed=11, rounds=1,
                              bots="random", pause=0, save=tmp_path / "t.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        prompt = str(app.prompt_text())
        assert "each other player pays you" in prompt and "others may capture them" in prompt
        await pilot.press("q")
    # "Kwa-Dō!" when a bright is captured
    match = deal_match("kwa-do", 2, {}, hands=[["cherry-chaff1"], ["pine-chaff1"]],
                       field=["cherry-curtain"], dealer=1)
    session = PlaySession(match, 0, "random", save_path=tmp_path / "k.json", pause=0)
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        await pilot.press(str(app.cards.index("cherry-chaff1") + 1))
        await _until(pilot, lambda: "Kwa-Dō!" in _log_text(app) and bool(app._notifications))
        assert "Kwa-Dō!" in _log_text(app)
        assert any("Kwa-Dō!" in str(n.message) for n in app._notifications)
        await pilot.press("q")


async def test_h_shows_a_hint_with_the_best_move_and_the_runner_up(tmp_path: Path) -> None:
    """Issue 13: ``h`` in the terminal gives the learned network's best move and runner-up, in
    words, for the player's own decision."""
    session = PlaySession.new("mushi", seed=3, rounds=1, bots="greedy", pause=0, save=tmp_path / "h.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        assert await _until(pilot, lambda: session.human_to_move)
        await pilot.press("h")
        assert await _until(pilot, lambda: any("Best:" in str(n.message) for n in app._notifications))
        text = next(str(n.message) for n in app._notifications if "Best:" in str(n.message))
        assert "Next best:" in text and "This round " in text  # how the round leans, in words
        assert "worth about" not in text  # no estimate as a number (a newcomer read "-14" as nonsense)
        assert not any(word in text for word in ("play ", "take "))  # words, not notation
        await pilot.press("q")


async def test_the_footer_keys_fit_80_columns(tmp_path: Path) -> None:
    """At 80×24 "q Save & quit" was cut by Textual's "^p palette": below 110 columns the palette
    is left out of the footer (ctrl+p still opens it); a wide screen shows it again."""
    from textual.widgets import Footer

    session = PlaySession.new("koi-koi", bots="random", seed=1, pause=0, save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.05)
        footer = app.query_one(Footer)
        assert not footer.show_command_palette
        shot = app.export_screenshot()
        assert "Save&#160;&amp;&#160;quit" in shot and "palette" not in shot
        await pilot.resize_terminal(130, 40)
        await pilot.pause(0.1)
        assert footer.show_command_palette
