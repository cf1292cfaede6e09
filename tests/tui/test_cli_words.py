"""``hanafuda rules`` and ``hanafuda replay`` in Japanese and Korean read without English (issue 28):
what is left in Latin letters once the names of cards and months (Hawaiʻifuda's are Hawaiian), the yaku's
names, the game and option ids (``--option KEY=VALUE``) and the players' names are taken out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hanafuda.cards import CARDS
from hanafuda.cli import app
from hanafuda.rules import GAMES
from hanafuda.themes import THEMES
from hanafuda.words import Namer
from hanafuda.words.catalogue import messages

runner = CliRunner()
RECORDS = Path(__file__).resolve().parents[1] / "records"


def _english_left(said: str, lang: str) -> list[str]:
    names = {m for k, m in messages(lang).items() if k.startswith(("yaku.", "card.", "month."))}
    for game in GAMES.values():
        names |= {game.id, *(spec.name for spec in game.option_specs())}
        for theme in THEMES:
            namer = Namer(game.configure(game.player_counts()[0], {}), theme, lang=lang)
            names |= {namer.card(c.id, wild=w) for c in CARDS for w in (False, True)}
    for name in sorted(names, key=len, reverse=True):
        said = said.replace(name, " ")
    said = said.replace("--option", " ").replace("--theme", " ")
    return re.findall(r"[A-Za-z]{2,}", said)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_rules_of_every_game_read_in_the_language(lang: str) -> None:
    for game in GAMES:
        result = runner.invoke(app, ["rules", game, "--lang", lang])
        assert result.exit_code == 0, result.output
        assert not _english_left(result.output, lang), (game, _english_left(result.output, lang))


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_replays_read_in_the_language(lang: str) -> None:
    """Every recorded match of tests/records, replayed in ``lang``: the capture piles and the field
    name their cards (English keeps the codes of its frozen account), the options are words."""
    records = sorted(RECORDS.glob("*.json"))
    assert len(records) >= 10
    for record in records:
        result = runner.invoke(app, ["replay", str(record), "--lang", lang])
        assert result.exit_code == 0, result.output
        left = _english_left(result.output, lang)
        assert not left, (record.name, left)
