"""The Hawaiʻifuda deck's own pictures, months 7–12 (issue 33; RULES.md §1 "Themes" names the
cards and each month's plant): ``hanafuda.web.deck.hawaii_late``."""

from __future__ import annotations

import re
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


def test_the_light_is_the_only_face_on_a_yellow_ground() -> None:
    """The review took the Light for a bright because ʻIo stood on a gold sky too.  ʻIo now has
    the brights' sunset sky, so the Light's yellow ground is its own, as the yellow-ground
    paulownia is in the Japanese deck: no other face has a sky or ground in the band, gold or
    yellow across its top or foot."""
    yellows = {P.band, P.gold, P.yellow}
    grounded = []
    for card in CARDS:
        root = ET.fromstring(card_svg(card.code, "hawaiifuda"))
        if any(e.get("fill") in yellows and e.get("d", "").startswith(("M0 0H120", "M0 190V"))
               for e in root.iter(f"{SVG}path")):
            grounded.append(card.code)
    assert grounded == ["paulownia-chaff1"]


def _discs(code: str, plant: str) -> list[tuple[float, str]]:
    """(radius, fill) of the circles in a face's plant group."""
    root = ET.fromstring(card_svg(code, "hawaiifuda"))
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == f"plant-{plant}")
    return [(float(c.get("r", "0")), c.get("fill", "")) for c in group.iter(f"{SVG}circle")]


@pytest.mark.parametrize("kukui,ulu", [("paulownia-chaff2", "maple-chaff1"),
                                       ("paulownia-chaff3", "maple-chaff2")])
def test_kukui_and_ulu_rubbish_part_at_40_px(kukui: str, ulu: str) -> None:
    """The review mixed up the kukui and ʻulu rubbish (green lobed leaves, round green balls).
    Kukui: pale leaves (the leaf green thinned), small brown nuts and big white flower clusters.
    ʻUlu: dark leaves and big yellow fruit, twice the kukui nut and more."""
    kukui_svg, ulu_svg = card_svg(kukui, "hawaiifuda"), card_svg(ulu, "hawaiifuda")
    assert f'fill="{P.leaf}" fill-opacity=".5"' in kukui_svg and f'fill="{P.green}"' not in kukui_svg
    k, u = _discs(kukui, "kukui"), _discs(ulu, "ulu")
    flowers = [r for r, fill in k if fill == P.white]
    nuts = [r for r, fill in k if fill == P.brown]
    fruit = [r for r, fill in u if fill == P.yellow]
    assert len(flowers) >= 10 and min(flowers) >= 5
    assert nuts and fruit and min(fruit) >= 2.5 * max(nuts)
    # no green or yellow balls among the kukui (its flowers' hearts are specks)
    assert not [r for r, fill in k if fill in (P.green, P.leaf, P.yellow) and r > 2]
    assert f'fill="{P.green}"' in ulu_svg and 'fill-opacity=".5"' not in ulu_svg


@pytest.mark.parametrize("code", ["willow-rainman", "willow-lightning"])
def test_hala_spans_the_chief_and_pahoehoe(code: str) -> None:
    """The review found hala only as a tiny corner on the Aliʻi and Pāhoehoe: its leaves now
    reach across the card's width (on the card, 0–120) with the fruit, so month 11 shows at
    40 px."""
    root = ET.fromstring(card_svg(code, "hawaiifuda"))
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "plant-hala")
    xs = []
    for e in group.iter(f"{SVG}path"):
        d = e.get("d", "")
        if "Q" in d and not re.search("[a-z]", d):
            nums = [float(v) for v in re.findall(r"-?\d*\.?\d+", d)]
            xs += [min(max(x, 0), 120) for x in nums[0::2]]
    assert max(xs) - min(xs) >= 100, (min(xs), max(xs))
    assert f'fill="{P.red}"' in ET.tostring(group, encoding="unicode").replace("ns0:", "")


def test_the_waterfall_is_wide_with_a_cliff_and_a_splash() -> None:
    """At 40 px the review saw a pale stripe: the water widens from a dark cliff edge at the top
    of the strip to a white splash at its foot, at least half the strip wide."""
    art = hawaii_late.art(next(c for c in LATE if c.code == "clover-ribbon"), P) or ""
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{art}</g>')
    water = [e.get("d", "") for e in root.iter(f"{SVG}path")
             if e.get("fill") == P.white and e.get("d", "").startswith("M5") and "H" in e.get("d", "")]
    assert water
    foot = re.search(r"L([\d.]+) [\d.]+H([\d.]+)Z", water[0])  # the fall's foot, right to left
    assert foot and float(foot[1]) - float(foot[2]) >= 14, water[0]  # the strip is 22 wide
    assert any(e.get("fill") == P.brown for e in root.iter(f"{SVG}path"))  # the cliff


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
