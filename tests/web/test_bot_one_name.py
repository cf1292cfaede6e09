"""One bot, one name (issue 28, walk41 finding 9): a bot is called by its level on the ladder
(agents/levels.py, what the lobby offers) — by its id ("greedy") or its level's ("casual"), in
the menu (``bot.<id>``), on seats and in logs (``botname.<id>``), in the agent's English
``display_name`` and in every sentence that names the clock's or the leaver's bot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hanafuda.agents import AGENTS, LEVELS
from hanafuda.web.social.service import CLOCK_BOT, FILL_BOT
from hanafuda.words.catalogue import LANGUAGES, text
from hanafuda.words.names import bot_name

INDEX = Path(__file__).parents[2] / "src" / "hanafuda" / "web" / "static" / "index.html"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bot_and_its_level_share_one_name(lang: str) -> None:
    for level in LEVELS:
        name = bot_name(level.agent, lang)
        assert bot_name(level.id, lang) == name == text(f"bot.{level.agent}", lang), level
        assert text(f"level.{level.id}", lang) in name  # "Casual bot", "初級ボット", "초급 봇"
        if lang == "en":
            assert AGENTS[level.agent].display_name == name == f"{level.display_name} bot"
    assert len({bot_name(level.agent, lang) for level in LEVELS}) == len(LEVELS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_names_the_bot_it_means_as_the_seat_does(lang: str) -> None:
    """The clock's help and note and the leave question name the bot that will move (the greedy
    bot, CLOCK_BOT; a leaver's seat goes to it too), the newcomer panel the bot its button seats."""
    clock = bot_name(CLOCK_BOT, lang)
    assert FILL_BOT == CLOCK_BOT
    for key in ("new.clock_help", "clock.note", "table.leave_confirm"):
        assert clock in text(key, lang, s=15), (key, text(key, lang, s=15))
    newcomer = re.search(r'id="first-play"[^>]*data-bot="([a-z]+)"', INDEX.read_text(encoding="utf-8"))
    assert newcomer is not None
    for key in ("first.suggest", "first.suggest_touch"):
        assert bot_name(newcomer.group(1), lang) in text(key, lang)
    assert "greedy" not in text("new.clock_help", lang).lower()
