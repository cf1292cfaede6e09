"""Bots named one way everywhere (issue 28): ``words.names.bot_name`` and ``player_name`` serve the
seat chips, the scores, the log, the lobby list, replays, the leaderboard and the terminal."""

from __future__ import annotations

import pytest

from hanafuda.agents import AGENTS
from hanafuda.rules import configure
from hanafuda.words import Namer
from hanafuda.words.names import bot_name, player_name


def test_every_bot_has_its_name_in_every_language() -> None:
    """The catalogue's English name is the agent's ``display_name``; Japanese and Korean say it
    in their words, never the English."""
    for bot, agent in AGENTS.items():
        assert bot_name(bot) == agent.display_name
        assert bot_name(bot.upper()) == agent.display_name
        for lang in ("ja", "ko"):
            assert bot_name(bot, lang) not in (agent.display_name, bot), (bot, lang)
    greedy = [bot_name("greedy", lang) for lang in ("en", "ja", "ko")]
    assert greedy == ["Casual bot", "初級ボット", "초급 봇"]


def test_a_level_reads_by_its_name_and_an_unknown_bot_is_still_called_a_bot() -> None:
    langs = ("en", "ja", "ko")
    assert [bot_name("beginner", lang) for lang in langs] == ["Beginner bot", "入門ボット", "입문 봇"]
    assert [bot_name("mybot", lang) for lang in langs] == ["Mybot bot", "Mybotボット", "Mybot 봇"]
    with pytest.raises(ValueError):
        bot_name("greedy", "xx")


@pytest.mark.parametrize(("name", "kw", "said"), [
    ("greedy", {}, "Casual bot"), ("greedy bot", {}, "Casual bot"), ("Casual bot", {}, "Casual bot"),
    ("", {"bot": "strong"}, "Strong bot"), ("strong", {"bot": "strong"}, "Strong bot"),
    ("beginner", {"bot": "beginner"}, "Beginner bot"),
    ("Ann (greedy bot)", {}, "Ann (Casual bot)"),
    ("Ann", {}, "Ann"), ("greedy", {"person": True}, "greedy"), ("Bot", {}, "Bot"),
    # an invited seat nobody has named yet: said in the reader's language (walk41 finding 2)
    ("Guest 2", {"lang": "ja"}, "ゲスト2"), ("Guest 2", {"lang": "ko", "person": True}, "손님 2"),
    ("Guest 2", {}, "Guest 2"), ("Player 3", {"lang": "ja"}, "プレイヤー3"),
    ("Guests 2", {"lang": "ja"}, "Guests 2"),
])
def test_player_name(name: str, kw: dict[str, object], said: str) -> None:
    assert player_name(name, **kw) == said  # type: ignore[arg-type]


def test_the_namer_names_bot_seats_as_bots_and_people_as_people() -> None:
    config = configure("kwa-do", 4, {})
    players = ["Ann", "greedy", "Random", "Ann (strong bot)"]
    named = {lang: [Namer(config, viewer=None, players=players, lang=lang, bots=frozenset({1, 3})).seat(s)
                    for s in range(4)] for lang in ("en", "ja", "ko")}
    assert named["en"] == ["Ann (seat 1)", "Casual bot (seat 2)", "Random (seat 3)",
                           "Ann (Strong bot) (seat 4)"]
    assert named["ja"] == ["Ann（1番席）", "初級ボット（2番席）", "Random（3番席）",
                           "Ann（上級ボット）（4番席）"]
    assert named["ko"] == ["Ann(1번 자리)", "초급 봇(2번 자리)", "Random(3번 자리)", "Ann(상급 봇)(4번 자리)"]
    unknown = Namer(config, viewer=0, players=[None, "strong", "Bea", "greedy bot"])  # bots not said: by name
    assert [unknown.seat(s) for s in range(4)] == ["You", "Strong bot (seat 2)", "Bea (seat 3)",
                                                   "Casual bot (seat 4)"]
