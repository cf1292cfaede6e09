"""The Hawaiʻifuda deck's own pictures, months 7–12 (issue 33; RULES.md §1 "Themes" names the
cards and each month's plant): ``hanafuda.web.deck.hawaii_late``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hanafuda.cards import CARDS, Card, Kind, RibbonColour
from hanafuda.themes import face
from hanafuda.web.cards_svg import card_svg
from hanafuda.web.deck import hawaii_late
from hanafuda.web.deck.faces import traditional
from hanafuda.web.deck.palette import palette

SVG = "{http://www.w3.org/2000/svg}"
P = palette("hawaiifuda")
LATE = [c for c in CARDS if c.month in hawaii_late.MONTHS]
BUDGET = 170_000
"""The brief's share of the ~400 KB deck budget for these 24 faces."""


def _plants(svg: str) -> list[str]:
    """The plant groups of a face (``class="plant-…"``) that hold something drawn."""
    root = ET.fromstring(svg)
    return [g.get("class", "") for g in root.iter(f"{SVG}g")
            if g.get("class", "").startswith("plant-") and len(g) > 0]


def test_the_module_draws_months_7_to_12_only() -> None:
    assert len(LATE) == 24
    for card in CARDS:
        assert (hawaii_late.art(card, P) is None) == (card.month < 7), card.code


@pytest.mark.parametrize("card", LATE, ids=lambda c: c.code)
def test_each_face_is_hawaiian_not_the_japanese_picture_recoloured(card: Card) -> None:
    """Drawn with the same palette, the Hawaiʻifuda face and the hanafuda face still differ:
    the subject changed, not only the colours; and the page shows it."""
    assert traditional(card, "hawaiifuda", P) != traditional(card, "hanafuda", P)
    assert hawaii_late.art(card, P) in card_svg(card.code, "hawaiifuda")
    assert card_svg(card.code, "hawaiifuda").split("</title>")[1] != \
        card_svg(card.code, "hanafuda").split("</title>")[1]


@pytest.mark.parametrize("card", LATE, ids=lambda c: c.code)
def test_each_face_parses_has_no_words_and_names_the_hawaiian_card(card: Card) -> None:
    svg = card_svg(card.code, "hawaiifuda")
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 120 190"
    assert "<text" not in svg and "foreignObject" not in svg
    name = face(card.code, "hawaiifuda").name
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None and name in title.text
    assert root.get("aria-label") == title.text


def test_the_labels_name_the_hawaiian_subjects() -> None:
    """RULES.md §1: the label says what the Hawaiian deck calls the card."""
    for code, name in (("willow-swallow", "ʻIwa"), ("susuki-geese", "ʻŌpeʻapeʻa"),
                       ("paulownia-chaff1", "Light"), ("maple-deer", "Moʻo"),
                       ("clover-ribbon", "Waterfall"), ("paulownia-chaff2", "Rubbish")):
        assert f'aria-label="{name}.' in card_svg(code, "hawaiifuda"), code


@pytest.mark.parametrize("month", hawaii_late.MONTHS)
def test_the_four_cards_of_a_month_share_its_plant(month: int) -> None:
    """Matching by month is matching by plant: every card of the month draws the suit plant of
    RULES.md §1 (naupaka, the sea, ʻōlena, ʻulu, hala, kukui), and no other month's."""
    cards = [c for c in LATE if c.month == month]
    assert len(cards) == 4
    for card in cards:
        plants = _plants(card_svg(card.code, "hawaiifuda"))
        assert plants and set(plants) == {f"plant-{hawaii_late.PLANTS[month]}"}, card.code


def test_the_plants_are_the_suits_of_rules_section_1() -> None:
    assert hawaii_late.PLANTS == {7: "naupaka", 8: "kai", 9: "olena", 10: "ulu", 11: "hala", 12: "kukui"}
    for month, plant in hawaii_late.PLANTS.items():
        suit = face(LATE[4 * (month - 7)].code, "hawaiifuda").month_name
        assert suit.lower().replace("ʻ", "").replace("ō", "o").startswith(plant), (suit, plant)


def test_ribbons_still_read_as_ribbons_in_their_set_colour() -> None:
    """A Hawaiʻifuda ribbon keeps the hanging strip's outline (the kind at a glance) in its set's
    colour: Kapa and ʻUlu blue (the blue-ribbons combo, RULES.md §4.4), Waterfall red (grass),
    Lauhala the woven leaf's gold (the willow ribbon is in no set).  No other card has the strip."""
    colours = {RibbonColour.BLUE: P.blue, RibbonColour.GRASS: P.red, RibbonColour.PLAIN: P.gold}
    for card in LATE:
        art = hawaii_late.art(card, P) or ""
        if card.kind is Kind.RIBBON:
            assert card.ribbon is not None
            assert f'd="{hawaii_late.STRIP}" fill="{colours[card.ribbon]}"' in art, card.code
        else:
            assert hawaii_late.STRIP not in art, card.code


def test_the_light_stands_apart_from_the_other_kukui_chaff() -> None:
    """``paulownia-chaff1`` (Light) counts 10 in Hawaiʻifuda (RULES.md §1): like the yellow-ground
    paulownia of the Japanese deck it stands on the theme's band colour; the rubbish does not."""
    def grounded(code: str) -> bool:
        """A ground across the card's foot (a path from the bottom-left corner) in the band colour."""
        root = ET.fromstring(card_svg(code, "hawaiifuda"))
        return any(e.get("d", "").startswith("M0 190V") and e.get("fill") == P.band
                   for e in root.iter(f"{SVG}path"))
    assert grounded("paulownia-chaff1")
    assert not grounded("paulownia-chaff2") and not grounded("paulownia-chaff3")


def test_pahoehoe_stays_lava_and_belongs_to_hala() -> None:
    """The wild card keeps its lava (RULES.md §4.4) and, dealt to the field, is a Hala card."""
    svg = card_svg("willow-lightning", "hawaiifuda")
    assert f'<rect width="120" height="190" fill="{P.ink}"/>' in svg
    assert _plants(svg) == ["plant-hala"]


def test_the_24_faces_are_different_pictures_and_fit_their_share_of_the_budget() -> None:
    arts = [card_svg(c.code, "hawaiifuda").split("</title>")[1] for c in LATE]
    assert len(set(arts)) == 24
    total = sum(len(card_svg(c.code, "hawaiifuda").encode()) for c in LATE)
    assert total <= BUDGET, total
