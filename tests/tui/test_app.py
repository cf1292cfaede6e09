"""Textual Pilot tests of ``hanafuda play``: whole rounds played with keys and the mouse."""

from __future__ import annotations

import json
from pathlib import Path

from hanafuda import Match
from hanafuda.engine.deal import Deal
from hanafuda.records import load_record, match_from_record
from hanafuda.tui.app import CardView, PlayApp, TextScreen
from hanafuda.tui.session import PlaySession

SIZE = (170, 50)


async def _play_until(pilot, app: PlayApp, done, keys: tuple[str, ...] = ("1",), limit: int = 400) -> None:
    """Press ``keys`` in turn (letting bots move in between) until ``done()``."""
    for i in range(limit):
        if done():
            return
        await pilot.press(keys[i % len(keys)])
        await pilot.pause(0.02)
    raise AssertionError("the round did not finish")


def _session(tmp_path: Path, game: str = "mushi", **kw) -> PlaySession:
    kw.setdefault("bots", "random")
    kw.setdefault("rounds", 2)
    kw.setdefault("seed", 5)
    return PlaySession.new(game, save=tmp_path / "match.json", pause=0, **kw)


async def test_whole_round_with_number_keys_then_summary_and_next_round(tmp_path: Path) -> None:
    session = _session(tmp_path)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await _play_until(pilot, app, lambda: session.match.round_over)
        await pilot.pause(0.05)
        assert isinstance(app.screen, TextScreen)  # the end-of-round summary
        assert "score:" in app.screen.body and "card points" in app.screen.body
        assert len(session.match.current.moves) >= 16  # every card of both hands was played
        await pilot.press("enter")
        await pilot.pause(0.05)
        assert len(session.match.rounds) == 2 and not session.match.round_over
        await pilot.press("q")
    assert app.return_value == tmp_path / "match.json"
    assert match_from_record(load_record(app.return_value)).to_record() == session.match.to_record()


async def test_whole_match_with_arrows_and_enter_ends_with_winner(tmp_path: Path) -> None:
    session = _session(tmp_path, rounds=1, seed=9)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await _play_until(pilot, app, lambda: session.match.finished, keys=("right", "down", "enter"))
        await pilot.pause(0.05)
        assert isinstance(app.screen, TextScreen)
        assert app.screen.body.startswith("Match over after 1 round: ")
        assert " win with " in app.screen.body or " wins with " in app.screen.body
        await pilot.press("enter")
    assert app.return_value == tmp_path / "match.json"
    saved = match_from_record(load_record(tmp_path / "match.json"))
    assert saved.finished and saved.to_record() == session.match.to_record()


def _two_target_deal() -> Deal:
    return Deal.from_codes(
        0,
        [["willow-lightning", "pine-crane", "pine-ribbon", "plum-warbler",
          "plum-ribbon", "cherry-curtain", "cherry-ribbon", "wisteria-cuckoo"],
         ["wisteria-ribbon", "iris-bridge", "iris-ribbon", "susuki-moon",
          "susuki-geese", "chrysanthemum-sake", "chrysanthemum-ribbon", "maple-deer"]],
        ["pine-chaff1", "pine-chaff2", "plum-chaff1", "willow-rainman",
         "maple-chaff1", "maple-chaff2", "paulownia-chaff1", "iris-chaff1"],
        ["willow-swallow", "susuki-chaff1", "susuki-chaff2", "cherry-chaff1",
         "cherry-chaff2", "wisteria-chaff1", "wisteria-chaff2", "iris-chaff2",
         "chrysanthemum-chaff1", "chrysanthemum-chaff2", "maple-ribbon",
         "willow-ribbon", "paulownia-phoenix", "paulownia-chaff2",
         "paulownia-chaff3", "plum-chaff2"],
    )


async def test_two_target_capture_is_asked_in_place_and_answered_with_the_mouse(tmp_path: Path) -> None:
    match = Match("mushi", 2, {"rounds": 1}, deal=_two_target_deal())
    session = PlaySession(match, 0, "random", save_path=tmp_path / "m.json", pause=0)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert app.step == "card"
        crane = next(w for w in app.query(CardView) if w.zone == "hand" and w.code == "pine-crane")
        await pilot.click(f"#{crane.id}")  # the crane: two pine chaff on the field
        await pilot.pause(0.02)
        assert app.step == "variant" and app.selected == "pine-crane"
        targets = [w for w in app.query(CardView) if w.has_class("target")]
        assert sorted(w.code for w in targets if w.code) == ["pine-chaff1", "pine-chaff2"]
        chaff2 = next(w for w in targets if w.code == "pine-chaff2")
        await pilot.click(f"#{chaff2.id}")
        await pilot.pause(0.05)
        assert session.match.to_record()["rounds"][0]["moves"][0] == "play pine-crane take pine-chaff2"
        await pilot.press("q")


async def test_wild_card_target_and_escape_back(tmp_path: Path) -> None:
    match = Match("mushi", 2, {"rounds": 1}, deal=_two_target_deal())
    session = PlaySession(match, 0, "random", save_path=tmp_path / "m.json", pause=0)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await pilot.press("8")  # the hand is sorted: willow-lightning is the last card
        await pilot.pause(0.02)
        assert app.step == "variant" and app.selected == "willow-lightning"
        wild = [m for m in session.view().legal if m.startswith("play willow-lightning")]
        assert sorted(m for _, m in app.choices) == wild and len(wild) > 1  # one per target
        field = session.view().field.codes()  # …in the order the targets lie on the field
        assert [field.index(m.split()[-1]) for _, m in app.choices] == sorted(
            field.index(m.split()[-1]) for m in wild)
        await pilot.press("escape")
        assert app.step == "card" and app.selected is None
        await pilot.press("8")
        await pilot.press("right", "enter")  # the second target
        await pilot.pause(0.05)
        first = session.match.to_record()["rounds"][0]["moves"][0]
        assert first.startswith("play willow-lightning take ")
        await pilot.press("q")


async def test_declarations_are_offered_in_place(tmp_path: Path) -> None:
    session = _session(tmp_path, game="kwa-do", options=["yaku=true"], seed=6, rounds=1)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        hand = session.view().hand.codes()
        assert "maple-ribbon" in app.cards
        await pilot.press(str(app.cards.index("maple-ribbon") + 1))
        await pilot.pause(0.02)
        assert app.step == "variant"
        labels = [label for label, _ in app.choices]
        assert any(label.startswith("declare") for label in labels)
        index = next(i for i, (_, m) in enumerate(app.choices) if "declare" in m)
        await pilot.press(str(index + 1))
        await pilot.pause(0.05)
        assert session.match.current.moves and "maple-ribbon" in hand
        assert session.match.to_record()["rounds"][0]["moves"][0] == "play maple-ribbon declare blue-ribbons"
        await pilot.press("q")


async def test_teyaku_is_asked_in_place(tmp_path: Path) -> None:
    session = _session(tmp_path, game="hana-awase", options=["teyaku=true"], seed=11, rounds=1)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert app.step == "choice"
        assert [m for _, m in app.choices] == ["expose", "keep"]
        await pilot.press("2")
        await pilot.pause(0.05)
        assert session.match.to_record()["rounds"][0]["moves"][0] == "keep"
        await _play_until(pilot, app, lambda: session.match.round_over)
        await pilot.press("q")


async def test_question_mark_shows_rules_and_options(tmp_path: Path) -> None:
    session = _session(tmp_path, options=["five_brights=false"])
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        await pilot.press("question_mark")
        await pilot.pause(0.02)
        assert isinstance(app.screen, TextScreen)
        assert "Options in force" in app.screen.body
        assert "Five Brights (five_brights): off (chosen)" in app.screen.body
        await pilot.press("1")  # no move is made while the rules are shown
        await pilot.pause(0.02)
        assert session.match.current.moves == []
        await pilot.press("escape")
        await pilot.pause(0.02)
        assert not isinstance(app.screen, TextScreen)
        await pilot.press("q")


async def test_quit_saves_and_resume_continues_exactly(tmp_path: Path) -> None:
    session = _session(tmp_path, seed=21)
    app = PlayApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        for _ in range(3):
            await pilot.press("1")
            await pilot.pause(0.05)
        await pilot.press("q")
    path = app.return_value
    assert path is not None and path.exists()
    before = session.match.to_record()
    assert json.loads(path.read_text())["meta"]["play"]["seat"] == 0

    resumed = PlaySession.resume(path, pause=0)
    assert resumed.match.to_record() == before
    app2 = PlayApp(resumed)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause(0.05)
        assert app2.step == "card"
        await _play_until(pilot, app2, lambda: resumed.match.round_over)
        await pilot.press("q")
    assert resumed.match.to_record()["rounds"][0]["moves"][: len(before["rounds"][0]["moves"])] == \
        before["rounds"][0]["moves"]
