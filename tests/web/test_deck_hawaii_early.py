"""The Hawaiʻifuda deck's own subjects, months 1–6 (issue 33; RULES.md §1, "Themes"): each
card drawn as the Hawaiian deck names it, no words on the face, the month's plant on all four
cards of the month, the kind readable as in the traditional deck."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from hanafuda.cards import CARDS, Card, Kind, RibbonColour
from hanafuda.themes import face
from hanafuda.web.cards_svg import card_svg
from hanafuda.web.deck import hawaii_early
from hanafuda.web.deck.hawaii_early import PLANT_CLASS, POETRY_EDGE, SKY_CLASS
from hanafuda.web.deck.motifs import plant, subject
from hanafuda.web.deck.palette import palette

SVG = "{http://www.w3.org/2000/svg}"
EARLY = [c for c in CARDS if c.month <= 6]
P = palette("hawaiifuda")
STRIP = 'd="M47 34H75L77 150L62 141L47 152Z"'
"""The ribbon's strip (``hawaii_early._ribbon``)."""
SKY = f'<path class="{SKY_CLASS}" d="M0 0H120V140Q60 152 0 140Z" fill="{P.sky}"/>'
"""A bright's sunset sky (``hawaii_early._sky``)."""


def _art(svg: str) -> str:
    return svg[svg.index("</title>"):]


def _plant_classes(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {cls for el in root.iter() for cls in (el.get("class") or "").split() if cls.startswith("plant-")}


@pytest.mark.parametrize("card", EARLY, ids=lambda c: c.code)
def test_each_face_is_its_own_picture_without_words(card: Card) -> None:
    code = card.code
    svg = card_svg(code, "hawaiifuda")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert "<text" not in svg and not [e for e in root.iter() if e.tag == f"{SVG}foreignObject"]
    assert _art(svg) != _art(card_svg(code, "hanafuda"))
    # not the Japanese plant and subject in the Hawaiian palette (what the theme drew before)
    assert plant(code, card.month, card.slot, P) not in svg
    assert subject(code, P) == "" or subject(code, P) not in svg
    # the label still names the Hawaiian card (the picture has no words)
    name = face(code, "hawaiifuda").name
    assert root.get("aria-label", "").startswith(f"{name}. ")
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == root.get("aria-label")


def test_the_four_cards_of_a_month_share_the_months_plant() -> None:
    """A player matches months at a glance: every face of a month carries that month's plant
    group, and no other month's."""
    assert len(set(PLANT_CLASS.values())) == 6
    for month in range(1, 7):
        for card in (c for c in EARLY if c.month == month):
            assert _plant_classes(card_svg(card.code, "hawaiifuda")) == {PLANT_CLASS[month]}, card.code


def test_the_named_cards_show_their_hawaiian_names() -> None:
    assert face("pine-crane", "hawaiifuda").name == "Nēnē"
    assert "Nēnē" in card_svg("pine-crane", "hawaiifuda")
    assert "Crane" not in card_svg("pine-crane", "hawaiifuda")
    assert face("plum-warbler", "hawaiifuda").name == "ʻIʻiwi"


@pytest.mark.parametrize("card", EARLY, ids=lambda c: c.code)
def test_the_kind_reads_as_in_the_traditional_deck(card: Card) -> None:
    """Brights stand under the sunset sky; ribbons are the hanging strip, blue for the blue
    set and red for the others; animals and chaff have neither."""
    c = card
    art = _art(card_svg(c.code, "hawaiifuda"))
    assert (SKY in art) == (c.kind is Kind.BRIGHT), c.code
    assert art.count(STRIP) == (1 if c.kind is Kind.RIBBON else 0), c.code
    if c.kind is Kind.RIBBON:
        colour = P.blue if c.ribbon is RibbonColour.BLUE else P.red
        assert f'<path {STRIP} fill="{colour}"' in art, c.code
    # the poetry set (Sun, Rain, Lei) is edged in gold, as its own yaku needs telling apart
    assert (f'd="{POETRY_EDGE}" fill="none" stroke="{P.gold}"' in art) == (c.ribbon is RibbonColour.POETRY)


def test_the_sunset_sky_is_on_the_five_brights_and_no_other_card() -> None:
    """Issue 33's blind review: the brights wore three skies (orange, gold, night) while the bat
    and a Kai rubbish wore the orange one.  Now the sunset sky is the brights' one mark: it is
    on each of the five brights (Nēnē, Flags, Waʻa & Mahina, Aliʻi Honu & Pahu, ʻIo) and on no
    other face, and no other face has any sky in its colour across its top."""
    with_sky = []
    for card in CARDS:
        root = ET.fromstring(card_svg(card.code, "hawaiifuda"))
        paths = list(root.iter(f"{SVG}path"))
        skies = [e for e in paths if SKY_CLASS in (e.get("class") or "").split()]
        assert len(skies) == (1 if card.kind is Kind.BRIGHT else 0), card.code
        assert all(e.get("fill") == P.sky and e.get("d", "").startswith("M0 0H120V") for e in skies), \
            card.code
        tops = [e for e in paths if e.get("fill") == P.sky and e.get("d", "").startswith("M0 0")]
        assert tops == skies, card.code
        with_sky += [card.code] * len(skies)
    assert sorted(with_sky) == sorted(c.code for c in CARDS if c.kind is Kind.BRIGHT)
    assert len(with_sky) == 5


def test_the_nene_is_built_like_a_goose() -> None:
    """The review read the Nēnē as an emu: a goose carries a heavy body level on short legs.
    Its body (the widest shape) is wider than the bird is tall above it, and its legs are short
    beside that body."""
    from hanafuda.web.deck.hawaii_early import _nene

    def box(d: str) -> tuple[float, float, float, float]:
        nums = [float(v) for v in re.findall(r"-?\d*\.?\d+", d)]
        xs, ys = nums[0::2], nums[1::2]
        return min(xs), min(ys), max(xs), max(ys)
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{_nene(P)}</g>')
    shapes = [box(e.get("d", "")) for e in root.iter(f"{SVG}path") if e.get("fill") == P.brown]
    body = max(shapes, key=lambda b: b[2] - b[0])
    legs = next(e.get("d", "") for e in root.iter(f"{SVG}path")
                if e.get("fill") == "none" and e.get("stroke") == P.ink)
    leg_top, leg_foot = box(legs)[1], box(legs)[3]
    head_top = min(box(e.get("d", ""))[1] for e in root.iter(f"{SVG}path")
                   if not re.search("[a-z]", e.get("d", "")))  # absolute paths only
    width, depth = body[2] - body[0], body[3] - body[1]
    assert width > 1.5 * depth, body
    assert leg_foot - leg_top < .5 * depth, (leg_top, leg_foot)
    assert body[1] - head_top < depth, (head_top, body)  # neck and head shorter than the body is deep


def test_the_poi_pounder_fills_its_ribbon_and_is_haloed() -> None:
    """At 40 px the review saw a black blob: the pounder runs most of the ribbon's length, wider
    than the strip at its base, with a white halo that keeps its outline on the red."""
    svg = card_svg("iris-ribbon", "hawaiifuda")
    root = ET.fromstring(svg)
    pounder = next(e for e in root.iter(f"{SVG}path")
                   if e.get("fill") == P.ink and e.get("stroke") == P.white)
    nums = [float(v) for v in re.findall(r"-?\d*\.?\d+", pounder.get("d", ""))]
    xs, ys = nums[0::2], nums[1::2]
    assert max(ys) - min(ys) >= 75 and max(xs) - min(xs) > 28  # the strip is 28 wide, 116 long
    assert float(pounder.get("stroke-width", "0")) >= 2.5


def test_the_two_chaff_of_a_month_are_different_pictures() -> None:
    arts = {_art(card_svg(c.code, "hawaiifuda")) for c in EARLY}
    assert len(arts) == 24


def test_only_the_hawaiifuda_theme_and_only_months_1_to_6() -> None:
    for card in CARDS:
        drawn = hawaii_early.art(card, P)
        assert (drawn is None) == (card.month > 6), card.code
    for theme in ("hanafuda", "hwatu", "kwa-do"):
        assert not _plant_classes(card_svg("pine-crane", theme))


def test_the_24_faces_stay_within_their_share_of_the_deck_budget() -> None:
    """Issue 33: the whole deck under ~400 KB; months 1–6 take at most ~170 KB of it."""
    total = sum(len(card_svg(c.code, "hawaiifuda", index_on=True).encode()) for c in EARLY)
    assert total <= 170_000, total
