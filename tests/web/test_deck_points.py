"""The points a face prints are the game's (issue 33, a new player's finding: the modern deck and
the corner index printed B20/A10/R5/C1 in every game).  RULES.md §1: Min-Hwatu and Kwa-Dō chaff
are worth 0, Hana-Awase and Mushi chaff 1, Hawaiʻifuda has the Sakura values (bright 20 but the
rain man 5, animal 5, ribbon 10, ``paulownia-chaff1`` 10, other chaff 0); Koi-Koi scores no card
by its points, so its faces show the kind alone.  The values come from the game's own rules
(``Game.values`` through ``Config.values``, the engine's), asked for by ``?game=`` on the card URL
(or ``?points=`` for a table whose options change them)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from hanafuda.cards import CARDS, Kind
from hanafuda.rules import GAMES, UnknownGameError
from hanafuda.web.cards_svg import DECKS, card_svg
from hanafuda.web.deck.faces import LETTER

SVG = "{http://www.w3.org/2000/svg}"


def _mark(svg: str) -> str:
    """What the face prints for kind and points: the last drawn text of an indexed traditional
    face (month number, then kind and points) and of a modern face (month number, band)."""
    texts = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert len(texts) == 2, texts
    return texts[1]


def _title(svg: str) -> str:
    title = ET.fromstring(svg).find(f"{SVG}title")
    assert title is not None and title.text is not None
    return title.text


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_face_prints_the_engines_value_of_the_card_in_that_game(game: str, deck: str) -> None:
    rules = GAMES[game]
    values = rules.configure(min(rules.player_counts())).values
    scored = any(values)
    for card in CARDS:
        svg = card_svg(card.code, "hanafuda", deck=deck, index_on=True, game=game)
        if scored:
            assert _mark(svg) == f"{LETTER[card.kind]}{values[card.id]}", (game, card.code)
            assert f", {values[card.id]} points." in _title(svg), (game, card.code)
        else:  # Koi-Koi: the kind alone, in the label no points either
            assert _mark(svg) == LETTER[card.kind], (game, card.code)
            assert "points" not in _title(svg), (game, card.code)


def test_the_values_are_those_of_rules_md() -> None:
    """Spot checks straight from RULES.md §1's table, not from the code under test."""
    def mark(code: str, game: str, deck: str = "traditional") -> str:
        return _mark(card_svg(code, "hanafuda", deck=deck, index_on=True, game=game))
    assert [mark(c, "hawaiifuda") for c in ("pine-crane", "willow-rainman", "plum-warbler", "pine-ribbon",
                                            "paulownia-chaff1", "paulownia-chaff2", "willow-lightning")] \
        == ["B20", "B5", "A5", "R10", "C10", "C0", "C0"]
    for game in ("min-hwatu", "kwa-do"):
        codes = ("susuki-moon", "maple-deer", "maple-ribbon", "maple-chaff1")
        assert [mark(c, game, "modern") for c in codes] == ["B20", "A10", "R5", "C0"]
    for game in ("hana-awase", "mushi"):
        assert mark("pine-chaff1", game) == "C1"
    assert [mark(c, "koi-koi", d) for c in ("pine-crane", "plum-warbler", "pine-ribbon", "pine-chaff1")
            for d in DECKS] == ["B", "B", "A", "A", "R", "R", "C", "C"]
    # outside any game (the cards gallery), the usual values of each kind
    assert _mark(card_svg("pine-chaff1", index_on=True)) == "C1"


def test_a_tables_own_values_win_over_the_games_defaults() -> None:
    """Hana-Awase's chaff_value option (RULES.md §1: chaff 1, option 0): the table sends the value
    its options give (``?points=``), which the face prints."""
    values = GAMES["hana-awase"].configure(2, {"chaff_value": 0}).values
    chaff = next(c for c in CARDS if c.kind is Kind.CHAFF)
    assert values[chaff.id] == 0
    assert _mark(card_svg(chaff.code, points=values[chaff.id], index_on=True, game="hana-awase")) == "C0"


def test_bad_games_are_refused() -> None:
    with pytest.raises(UnknownGameError):
        card_svg("pine-crane", game="go")
    with pytest.raises(ValueError, match="koi-koi scores no card by its points"):
        card_svg("pine-crane", points=20, game="koi-koi")


def test_the_card_url_carries_the_game(client: TestClient) -> None:
    http = client
    r = http.get("/card/hanafuda/willow-rainman.svg", params={"game": "hawaiifuda", "index": "1"})
    assert r.status_code == 200 and _mark(r.text) == "B5"
    assert r.headers["cache-control"] == "public, max-age=86400"
    r = http.get("/card/hwatu/pine-chaff1.svg", params={"game": "koi-koi", "deck": "modern"})
    assert r.status_code == 200 and _mark(r.text) == "C"
    r = http.get("/card/hwatu/pine-chaff1.svg", params={"game": "min-hwatu", "deck": "modern"})
    assert r.status_code == 200 and _mark(r.text) == "C0"
    for params, status in (({"game": "go"}, 404), ({"game": "koi-koi", "points": "1"}, 404),
                           ({"game": "Koi Koi!"}, 422)):
        r = http.get("/card/hanafuda/pine-chaff1.svg", params=params)
        assert r.status_code == status, (params, r.text)
    assert "scores no card" in http.get("/card/hanafuda/pine-chaff1.svg",
                                        params={"game": "koi-koi", "points": "1"}).json()["detail"]
