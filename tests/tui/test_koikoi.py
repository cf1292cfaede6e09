"""Koi-Koi in the terminal (issue 30) at 80×24, in English, Japanese and Korean: the seat that
made a yaku is asked koi-koi or stop in place, with what each does and the points a stop scores
now (``words.moves.koikoi_stake``); choosing koi-koi plays on.  And seat names follow the
language, also for a match saved in one language and resumed in another (issue 28)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanafuda.tui.app import ChoiceView, PlayApp
from hanafuda.tui.session import PlaySession
from hanafuda.words import Namer
from hanafuda.words.moves import koikoi_stake
from hanafuda.words.names import player_name

SMALL = (80, 24)
STOP_WORDS = {"en": "stop: score {n}", "ja": "勝負：{n}点", "ko": "스톱: {n}점"}
POINTS_WORDS = {"en": "card points", "ja": "札の点", "ko": "패 점수"}
PILE_WORDS = {"en": "You: ", "ja": "あなた：取り札", "ko": "나: 먹은 패"}
GO_WORDS = {"en": "koi-koi: play on", "ja": "こいこい：続ける", "ko": "고이고이: 계속"}


def _at_my_decision(session: PlaySession) -> bool:
    view = session.view()
    return view.phase == "koikoi" and view.to_move == session.seat


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
async def test_the_decision_is_asked_with_the_points_at_stake(tmp_path: Path, lang: str) -> None:
    for seed in range(1, 40):  # a deal where the human makes a yaku before the round ends
        session = PlaySession.new("koi-koi", bots="random", seed=seed, rounds=1, pause=0, lang=lang,
                                  save=tmp_path / f"m{seed}.json")
        app = PlayApp(session)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause(0.05)
            for _ in range(200):
                if _at_my_decision(session) or session.match.round_over:
                    break
                await pilot.press("1")
                await pilot.pause(0.02)
            if not _at_my_decision(session):
                await pilot.press("q")
                continue
            await pilot.pause(0.05)
            points, names = koikoi_stake(session.view(), session.namer)
            choices = [str(c.render()) for c in app.query(ChoiceView) if c.display]
            assert len(choices) == 2, choices
            assert choices[0].endswith(GO_WORDS[lang]), choices
            assert choices[1].endswith(STOP_WORDS[lang].format(n=points)), choices
            assert all(app.size.width >= len(c) for c in choices)
            # only yaku score in Koi-Koi: the capture piles give counts, never "0 card points"
            piles = str(app.captures_text())
            assert POINTS_WORDS[lang] not in piles and "(0" not in piles and "（0" not in piles, piles
            assert PILE_WORDS[lang] in piles, piles
            status = app.status_text().plain
            assert str(points) in status and names[0] in status, status
            calls = sum(1 for e in session.view().history if e.kind == "koikoi")
            await pilot.press("1")  # koi-koi: play goes on
            await pilot.pause(0.05)
            view = session.view()
            assert sum(1 for e in view.history if e.kind == "koikoi") == calls + 1
            called = [e for e in view.history if e.kind == "koikoi"]
            assert called[-1].seat == session.seat
            later = view.history[view.history.index(called[-1]) + 1:]
            assert view.round_number == 1 and (later or not view.finished)  # play went on
            await pilot.press("q")
        return
    raise AssertionError("no deal with a koi-koi decision for the human")


def test_default_player_names_follow_the_language() -> None:
    """The web's name for an unnamed seat ("Player 2", kept in tables and records) is said in
    the reader's language, alone, beside its seat number and handed to a bot."""
    assert player_name("Player 2", "ja") == "プレイヤー2"
    assert player_name("Player 2", "ko", person=True) == "플레이어 2"
    assert player_name("Player 2", "en") == "Player 2"
    assert player_name("Player 1 (greedy bot)", "ja") == "プレイヤー1（初級ボット）"
    config = PlaySession.new("koi-koi", seed=1, lang="ja").config
    namer = Namer(config, "hanafuda", 0, ("Player 1", "Player 2"), "ja", frozenset())
    assert namer.seat(1) == "プレイヤー2（2番席）"
    assert player_name("Ann", "ja", person=True) == "Ann"  # a name someone gave stays as given


def test_a_saved_match_resumed_in_another_language_names_its_seats_in_it(tmp_path: Path) -> None:
    session = PlaySession.new("koi-koi", bots="greedy", seed=2, pause=0, lang="ja",
                              save=tmp_path / "ja.json")
    session.play("1")
    path = session.save()
    resumed = PlaySession.resume(path, lang="ko", pause=0)
    assert resumed.lang == "ko"
    assert resumed.namer.seat(0) == "나" and resumed.namer.seat(1) == "초급 봇(2번 자리)"
    kept = PlaySession.resume(path, pause=0)  # without --lang: the language it was saved in
    assert kept.namer.seat(1) == "初級ボット（2番席）"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_round_end_page_gives_counts_not_zero_card_points(tmp_path: Path, lang: str) -> None:
    """The end-of-round page (``words.round_result_lines``, terminal and plain mode): Koi-Koi's
    cards have no points, so no "0 card points" and no "(0)" on every kind; yaku and score stay."""
    from hanafuda.words import round_result_lines

    session = PlaySession.new("koi-koi", bots="random", seed=5, rounds=1, pause=0, lang=lang,
                              save=tmp_path / "m.json")
    while not session.match.round_over:
        if session.human_to_move:
            session.play("1")
        else:
            session.bot_move()
    view = session.view()
    lines = round_result_lines(session.namer, 1, session.match.results[-1], view.captures, view.totals)
    said = "\n".join(lines)
    assert POINTS_WORDS[lang] not in said and "(0" not in said and "（0" not in said, said
    assert PILE_WORDS[lang] in said, said


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_the_round_end_page_says_who_stopped(tmp_path: Path, lang: str) -> None:
    """A round ended by a stop: the terminal's round-end page says under its title who stopped,
    with which yaku, for how much (``words.summary.stop_text``, issue 28), as its first line."""
    from hanafuda.tui.app import TextScreen
    from hanafuda.words.summary import stop_text

    session = PlaySession.new("koi-koi", bots="greedy", seed=2, rounds=2, pause=0, lang=lang,
                              save=tmp_path / "m.json")
    app = PlayApp(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause(0.05)
        for _ in range(300):
            if isinstance(app.screen, TextScreen):
                break
            await pilot.press("2" if _at_my_decision(session) else "1")  # stop when asked
            await pilot.pause(0.02)
        assert isinstance(app.screen, TextScreen), "the round did not end"
        result = session.match.results[-1]
        said = stop_text(session.namer, result)
        assert result.stopped >= 0 and said, result
        assert app.screen.body.splitlines()[0] == said, app.screen.body
        await pilot.press("q")
