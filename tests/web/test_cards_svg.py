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
