"""The card faces (issue 33): a traditional deck drawn without words, a modern minimal deck,
an optional corner index, a palette and a back per theme, all small enough to send whole.

Contract change (issue 33): faces no longer carry the card's name, month and points as text
(issue 28 had put the name on the face in the page's language); the label says them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hanafuda.cards import CARDS, CODES, RibbonColour
from hanafuda.themes import THEMES, UnknownThemeError, face, normalize_theme
from hanafuda.web.cards_svg import DECKS, UnknownDeckError, back_svg, card_svg
from hanafuda.web.deck.motifs import POETRY_WRITING
from hanafuda.web.deck.palette import palette

SVG = "{http://www.w3.org/2000/svg}"
BUDGET = 400_000
"""Issue 33: the whole deck's SVGs together under ~400 KB before compression."""


def _texts(svg: str) -> list[str]:
    """Every piece of drawn text in a face (``<title>`` is a label, never drawn)."""
    root = ET.fromstring(svg)
    return ["".join(t.itertext()) for t in root.iter() if t.tag in (f"{SVG}text", f"{SVG}foreignObject")]


def _art(svg: str) -> str:
    """The drawing without its label, to compare faces by what they show."""
    return svg[svg.index("</title>"):]


@pytest.mark.parametrize("theme", THEMES)
def test_every_face_of_every_deck_parses_and_is_labelled(theme: str) -> None:
    for deck in DECKS:
        for index in (False, True):
            for code in CODES:
                root = ET.fromstring(card_svg(code, theme, deck=deck, index_on=index))
                f = face(code, theme)
                title = root.find(f"{SVG}title")
                assert title is not None and title.text is not None
                assert f.name in title.text and f"month {f.month_number}" in title.text
                assert root.get("aria-label") == title.text and root.get("viewBox") == "0 0 120 190"
    back = ET.fromstring(back_svg(theme))
    assert back.get("aria-label") == "card back"


@pytest.mark.parametrize("theme", THEMES)
def test_the_default_deck_has_no_words_on_its_faces(theme: str) -> None:
    for code in CODES:
        svg = card_svg(code, theme)
        assert _texts(svg) == [] and "<text" not in svg, code
    assert "<text" not in back_svg(theme)


@pytest.mark.parametrize("theme", THEMES)
def test_each_of_the_48_traditional_faces_is_a_different_picture(theme: str) -> None:
    arts = {_art(card_svg(code, theme)) for code in CODES}
    assert len(arts) == 48


def test_poetry_ribbons_carry_drawn_writing_and_the_others_do_not() -> None:
    """Pine and plum read "akayoroshi", cherry "miyoshino"; the other ribbons are plain."""
    assert POETRY_WRITING[1] == POETRY_WRITING[2] != POETRY_WRITING[3]
    for card in CARDS:
        svg = card_svg(card.code)
        poetry = card.ribbon is RibbonColour.POETRY
        for writing in set(POETRY_WRITING.values()):
            assert (writing in svg) == (poetry and POETRY_WRITING[card.month] == writing), card.code


def test_the_corner_index_shows_month_number_kind_and_points_only_when_asked() -> None:
    """Month numbers follow the theme's tradition (RULES.md §1: hwatu numbers willow 12)."""
    assert _texts(card_svg("willow-rainman", "hanafuda", index_on=True)) == ["11", "B20"]
    assert _texts(card_svg("willow-rainman", "hwatu", index_on=True)) == ["12", "B20"]
    assert _texts(card_svg("paulownia-phoenix", "kwa-do", index_on=True)) == ["11", "B20"]
    assert _texts(card_svg("clover-ribbon", "hawaiifuda", 10, index_on=True)) == ["7", "R10"]
    assert _texts(card_svg("pine-chaff1", index_on=True)) == ["1", "C1"]
    assert _texts(card_svg("plum-warbler")) == []


def test_the_modern_deck_shows_a_large_month_number_and_the_kind() -> None:
    for theme in THEMES:
        for card in CARDS:
            svg = card_svg(card.code, theme, deck="modern")
            root = ET.fromstring(svg)
            texts = [t for t in root.iter(f"{SVG}text")]
            number, kind = ("".join(t.itertext()) for t in texts)
            assert number == str(face(card.code, theme).month_number)
            assert kind == {"bright": "B20", "animal": "A10", "ribbon": "R5", "chaff": "C1"}[card.kind]
            assert float(texts[0].get("font-size", 0)) >= 30 and float(texts[1].get("font-size", 0)) >= 24
    assert card_svg("paulownia-chaff1", deck="modern") != card_svg("paulownia-chaff2", deck="modern")
    assert card_svg("willow-lightning", deck="modern") != card_svg("pine-chaff1", deck="modern")


@pytest.mark.parametrize("theme", THEMES)
def test_the_modern_poetry_ribbons_wear_a_mark_of_their_own_colour(theme: str) -> None:
    """The poetry ribbons make their own yaku, so on the modern deck (all ribbons share the red
    or blue R5 band) the poetry mark is gold and the other ribbons' mark white: the independent
    review of issue 33 could not tell the red band's two marks apart at 40 px."""
    p = palette(normalize_theme(theme))
    for card in CARDS:
        if card.ribbon is None:
            continue
        band = _art(card_svg(card.code, theme, deck="modern")).split('<rect x="4" y="142"', 1)[1]
        mark_fill = band.split('fill="', 2)[2].split('"', 1)[0]
        assert mark_fill == (p.yellow if card.ribbon is RibbonColour.POETRY else p.white), card.code


def test_each_theme_has_its_palette_and_its_back() -> None:
    """Kwa-Dō is played with a hwatu deck: same pictures and back, Korean numbering for both."""
    backs = {theme: back_svg(theme) for theme in THEMES}
    assert backs["hanafuda"] == back_svg()
    assert len({backs["hanafuda"], backs["hwatu"], backs["hawaiifuda"]}) == 3
    assert backs["kwa-do"] == backs["hwatu"]
    pictures = {theme: _art(card_svg("pine-crane", theme)) for theme in THEMES}
    assert len({pictures["hanafuda"], pictures["hwatu"], pictures["hawaiifuda"]}) == 3
    # Hawaiʻifuda's wild card is Pāhoehoe lava, not the thunder drum (RULES.md §1)
    assert _art(card_svg("willow-lightning", "hawaiifuda")).count("<circle") < \
        _art(card_svg("willow-lightning", "hanafuda")).count("<circle")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("deck", DECKS)
def test_a_whole_deck_fits_the_page_weight_budget(theme: str, deck: str) -> None:
    total = sum(len(card_svg(code, theme, deck=deck, index_on=True).encode()) for code in CODES)
    total += len(back_svg(theme).encode())
    assert total < BUDGET, total


def test_bad_names_are_refused() -> None:
    with pytest.raises(UnknownDeckError):
        card_svg("pine-crane", deck="fancy")
    with pytest.raises(UnknownThemeError):
        card_svg("pine-crane", "nope")
    with pytest.raises(ValueError):
        card_svg("pine-eagle")
    with pytest.raises(UnknownThemeError):
        back_svg("nope")
