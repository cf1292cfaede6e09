"""The table help's title (issue 28, a new player's findings): "Koi-Koi (こいこい) — koi-koi" said
the game twice and its id; now the game's name once, as each language says it, for every game.
The terminal's ``hanafuda rules`` heading is the name too, the id a command takes said below it."""

from __future__ import annotations

from typing import Any

import pytest

from hanafuda.rules import GAMES, configure
from hanafuda.words import rules_reference
from hanafuda.words.languages import game_title
from hanafuda.words.reference import reference_title

EXPECTED = {("koi-koi", "en"): "Koi-Koi (こいこい)", ("koi-koi", "ja"): "こいこい",
            ("koi-koi", "ko"): "고이고이(こいこい)", ("hawaiifuda", "en"): "Hawaiʻifuda",
            ("min-hwatu", "en"): "Min-Hwatu (민화투)", ("min-hwatu", "ko"): "민화투"}


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_game_s_help_title_names_it_once(client: Any, lang: str) -> None:
    for gid, g in GAMES.items():
        players = g.player_counts()[0]
        seats = [{"kind": "human", "name": "Al"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
        t = client.post("/api/tables", json={"game": gid, "players": players, "seed": 1, "seats": seats})
        assert t.status_code == 201, t.text
        title = client.get(f"/api/tables/{t.json()['id']}/help?lang={lang}").json()["title"]
        assert title == reference_title(g, lang), (gid, title)
        assert gid not in title and "—" not in title, title
        for name in {g.title, g.native_title, game_title(g, lang)} - {""}:
            assert title.count(name) <= 1, (gid, name, title)  # no name said twice
        assert game_title(g, lang) in title
        if (gid, lang) in EXPECTED:
            assert title == EXPECTED[gid, lang]


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_terminal_reference_is_titled_by_the_name_and_says_the_id_in_words(lang: str) -> None:
    """``hanafuda rules koi-koi --lang ja`` was titled "こいこい — koi-koi" (walk41 finding 16): the
    heading is the game's name alone, for every game; the id a command takes is said below it."""
    for gid, g in GAMES.items():
        lines = rules_reference(configure(gid, g.player_counts()[0], {}), lang=lang).lines()
        assert lines[0] == reference_title(g, lang), (gid, lines[0])
        assert gid not in lines[0] and "—" not in lines[0]
        assert gid in lines[1] and (lang != "en" or f"hanafuda play {gid}" in lines[1]), lines[1]
    ja = rules_reference(configure("koi-koi", 2, {}), lang="ja").lines()
    assert ja[:2] == ["こいこい", "コマンドでの名前：koi-koi"]
