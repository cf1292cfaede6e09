"""The table's ``?`` help and the /rules pages say which yaku exclude each other, how a match is
won, who deals next and the misdeals (issue 28: a newcomer counted 210 for Hana-Awase's brights
where the game scores 100; walk41 finding 10), in the page's language, from the words of
``hanafuda rules`` (``Reference.match_rules``) — one source for the terminal and the web."""

from __future__ import annotations

from typing import Any

import pytest

from hanafuda.rules import GAMES, configure
from hanafuda.words import rules_reference

HEADINGS = {"en": ["Yaku that exclude each other", "How a match is won", "Who deals next", "Misdeals"],
            "ja": ["重ならない役", "対局の勝ち方", "次の親", "配り直し"],
            "ko": ["겹치지 않는 약", "대국에서 이기는 법", "다음 선", "재분배"]}


def _table(client: Any, game: str, options: dict[str, Any] | None = None) -> str:
    players = GAMES[game].player_counts()[0]
    seats = [{"kind": "human", "name": "Al"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": 1, "seats": seats,
                                         "options": options or {}})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_every_table_s_help_says_the_match_rules_as_hanafuda_rules_does(client: Any, lang: str) -> None:
    for game in GAMES:
        table_id = _table(client, game)
        rules = client.get(f"/api/tables/{table_id}/help?lang={lang}").json()["rules"]
        assert [s["heading"] for s in rules] == HEADINGS[lang], (game, rules)
        assert all(s["sentences"] for s in rules), (game, rules)
        players = GAMES[game].player_counts()[0]
        terminal = rules_reference(configure(game, players, {}), GAMES[game].default_theme, lang).text()
        for section in rules:  # the same sentences `hanafuda rules` prints
            for sentence in section["sentences"]:
                assert f"  {sentence}\n" in terminal, (game, sentence)


def test_hana_awase_s_help_says_only_the_highest_bright_yaku_scores(client: Any) -> None:
    rules = client.get(f"/api/tables/{_table(client, 'hana-awase')}/help").json()["rules"]
    exclusive = " ".join(rules[0]["sentences"])
    assert "only the highest of Five Brights (gokō), Four Brights (shikō)" in exclusive, exclusive
    assert rules[1]["sentences"][0] == "The match lasts 12 rounds."
    ja = client.get(f"/api/tables/{_table(client, 'hana-awase')}/help?lang=ja").json()
    assert "五光" in ja["rules"][0]["sentences"][0] and "12回" in ja["rules"][1]["sentences"][0]
    assert ja["yaku"][0]["name"] == "五光" and "光" in ja["values"][0]  # the rest in Japanese too


def test_the_help_says_the_table_s_own_match_length(client: Any) -> None:
    """The options in force, not the defaults: a 3-round Koi-Koi says 3 rounds."""
    rules = client.get(f"/api/tables/{_table(client, 'koi-koi', {'rounds': 3})}/help").json()["rules"]
    assert rules[1]["sentences"][0] == "The match lasts 3 rounds.", rules[1]


def test_an_unknown_language_is_refused_and_names_the_choices(client: Any) -> None:
    r = client.get(f"/api/tables/{_table(client, 'mushi')}/help?lang=fr")
    assert r.status_code == 400 and "en" in r.json()["detail"] and "ja" in r.json()["detail"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_rules_route_has_the_match_rules_too(client: Any, lang: str) -> None:
    for game in GAMES:
        rules = client.get(f"/api/rules/{game}?lang={lang}").json()["rules"]
        assert [s["heading"] for s in rules] == HEADINGS[lang], game
