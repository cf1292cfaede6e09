"""The card faces: well-formed SVG for every card in every theme, labelled for screen readers."""

from __future__ import annotations

import xml.dom.minidom

from hanafuda.cards import CODES
from hanafuda.themes import THEMES, face
from hanafuda.web.cards_svg import back_svg, card_svg


def test_every_face_parses_and_says_what_it_is() -> None:
    for theme in THEMES:
        for code in CODES:
            svg = card_svg(code, theme)
            doc = xml.dom.minidom.parseString(svg)
            title = doc.getElementsByTagName("title")[0].firstChild.data  # type: ignore[union-attr]
            f = face(code, theme)
            assert f.name in title and f"month {f.month_number}" in title
    xml.dom.minidom.parseString(back_svg())


def test_month_numbers_follow_the_tradition() -> None:
    assert ">11<" in card_svg("willow-rainman", "hanafuda") and ">12<" in card_svg("willow-rainman", "hwatu")
    assert ">12<" in card_svg("paulownia-phoenix", "hanafuda")
    assert ">11<" in card_svg("paulownia-phoenix", "kwa-do")


def test_faces_differ_by_kind() -> None:
    assert ">B20<" in card_svg("pine-crane") and ">R5<" in card_svg("pine-ribbon")
    assert ">A10<" in card_svg("plum-warbler") and ">C1<" in card_svg("pine-chaff1")
    assert card_svg("pine-crane") != card_svg("pine-chaff1")


def _texts(svg: str) -> list[tuple[float, str, str | None]]:
    doc = xml.dom.minidom.parseString(svg)
    return [(float(t.getAttribute("font-size")), t.firstChild.data if t.firstChild else "",  # type: ignore[attr-defined]
             t.getAttribute("textLength") or None)
            for t in doc.getElementsByTagName("text") if t.getAttribute("font-family")]  # not art


def test_every_face_shows_its_whole_name_large_enough_to_read() -> None:
    """The name is never cut short; it is split over two lines or squeezed to the card's width
    instead, and no face text is smaller than 14 units (of 120 across: legible at hand size)."""
    for theme in THEMES:
        for code in CODES:
            texts = _texts(card_svg(code, theme))
            month, badge, *name = texts
            assert month[1] == str(face(code, theme).month_number) and month[0] >= 16
            assert badge[0] >= 16
            assert 1 <= len(name) <= 2 and " ".join(t[1] for t in name) == face(code, theme).name
            for size, text, squeezed in name:
                assert size >= 14
                if len(text) > 12:  # long text is squeezed to fit the band, never overflows it
                    assert squeezed is not None and float(squeezed) <= 104
