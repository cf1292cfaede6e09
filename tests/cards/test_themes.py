"""Display themes (RULES.md §1): names, month numbers, kinds, errors."""

from __future__ import annotations

import pytest

from hanafuda.cards import CARDS, Kind, UnknownCardError
from hanafuda.themes import (
    THEMES,
    CardFace,
    UnknownThemeError,
    face,
    kind_label,
    label,
    month_label,
    month_number,
    normalize_theme,
)

HAWAIIFUDA_NAMES = {
    "pine-crane": "Nēnē",
    "pine-ribbon": "Sun",
    "plum-ribbon": "Rain",
    "plum-warbler": "ʻIʻiwi",
    "cherry-curtain": "Flags",
    "cherry-ribbon": "Lei",
    "wisteria-ribbon": "Net",
    "wisteria-cuckoo": "ʻUaʻu Kani",
    "iris-ribbon": "Pōhaku Kuʻi ʻAi",
    "iris-bridge": "Kalo Loʻi",
    "peony-ribbon": "Rainbow",
    "peony-butterflies": "Pulelehua",
    "clover-ribbon": "Waterfall",
    "clover-boar": "ʻĪlio holo i ka uaua",
    "susuki-moon": "Waʻa & Mahina",
    "susuki-geese": "ʻŌpeʻapeʻa",
    "chrysanthemum-ribbon": "Kapa",
    "chrysanthemum-sake": "Medicine",
    "maple-ribbon": "Breadfruit (ʻUlu)",
    "maple-deer": "Moʻo",
    "willow-ribbon": "Lauhala",
    "willow-rainman": "Aliʻi, Honu & Pahu",
    "willow-swallow": "ʻIwa",
    "willow-lightning": "Pāhoehoe",
    "paulownia-phoenix": "ʻIo",
    "paulownia-chaff1": "Light",
}

HAWAIIFUDA_SUITS = [
    "ʻĀhinahina",
    "ʻŌhiʻa Lehua",
    "ʻIlima",
    "Pōhuehue & Kaunaʻoa",
    "Kalo",
    "Maʻo Hau Hele",
    "Naupaka",
    "Kai",
    "ʻŌlena",
    "ʻUlu",
    "Hala",
    "Kukui",
]


@pytest.mark.parametrize("theme", THEMES)
def test_every_card_has_a_face_in_every_theme(theme: str) -> None:
    for card in CARDS:
        f = face(card.id, theme)
        assert isinstance(f, CardFace)
        assert f.code == card.code
        assert f.name.strip() and f.month_name.strip() and f.kind_name.strip()
        assert face(card.code, theme) == f
        text = label(card.id, theme)
        assert f.name in text and str(f.month_number) in text


def test_themes_tuple() -> None:
    assert THEMES == ("hanafuda", "hwatu", "hawaiifuda", "kwa-do")


def test_default_theme_is_hanafuda() -> None:
    assert face("pine-crane") == face("pine-crane", "hanafuda")
    assert label(0) == label(0, "hanafuda")


@pytest.mark.parametrize(
    ("theme", "willow", "paulownia"),
    [("hanafuda", 11, 12), ("hawaiifuda", 11, 12), ("hwatu", 12, 11), ("kwa-do", 12, 11)],
)
def test_month_numbers_per_tradition(theme: str, willow: int, paulownia: int) -> None:
    for card in CARDS:
        expected = {11: willow, 12: paulownia}.get(card.month, card.month)
        assert face(card.id, theme).month_number == expected, card.code
    assert month_number(11, theme) == willow
    assert month_number(12, theme) == paulownia
    assert f"({willow})" in month_label(11, theme)
    assert f"({paulownia})" in month_label(12, theme)


def test_hanafuda_names() -> None:
    assert face("pine-crane") == CardFace(
        code="pine-crane",
        name="Crane and Sun",
        native="松に鶴",
        month_number=1,
        month_name="Pine (Matsu 松)",
        kind_name="Bright",
    )
    assert face("willow-rainman").name == "Rain Man (Ono no Michikaze)"
    assert face("willow-lightning").native == "柳に雷"
    assert face("paulownia-phoenix").native == "桐に鳳凰"
    assert face("wisteria-ribbon").name == "Red Ribbon (grass)"
    assert face("pine-chaff1").native == "松のカス"
    assert "coloured" in face("paulownia-chaff1").name
    assert label("pine-crane") == "Pine (1) · Crane and Sun · Bright"
    assert label("pine-ribbon") == "Pine (1) · Poetry Ribbon"


def test_hwatu_names() -> None:
    assert face("pine-crane", "hwatu").name == "송학 광"
    assert face("pine-ribbon", "hwatu").name == "솔 홍단"
    assert face("plum-warbler", "hwatu").name.startswith("매조")
    assert face("cherry-curtain", "hwatu").name == "벚꽃 광"
    assert face("willow-lightning", "hwatu").name == "비 쌍피"
    assert face("pine-chaff1", "hwatu").name == "솔 피"
    assert face("wisteria-chaff1", "hwatu").month_name.startswith("흑싸리")
    assert face("willow-rainman", "hwatu").month_name.startswith("비")
    assert face("pine-crane", "hwatu").kind_name == "광 Gwang"
    assert face("plum-warbler", "hwatu").kind_name == "열끗 Yeolkkeut"
    assert face("pine-ribbon", "hwatu").kind_name == "띠 Tti"
    assert face("pine-chaff1", "hwatu").kind_name == "피 Pi"
    assert month_label(11, "hwatu") == "비 (12)"


@pytest.mark.parametrize(("code", "name"), sorted(HAWAIIFUDA_NAMES.items()))
def test_hawaiifuda_names(code: str, name: str) -> None:
    f = face(code, "hawaiifuda")
    assert f.name == name
    assert f.kind_name != "Rubbish"


def test_hawaiifuda_suits_and_rubbish() -> None:
    for card in CARDS:
        f = face(card.id, "hawaiifuda")
        assert f.month_name == HAWAIIFUDA_SUITS[card.month - 1]
        rubbish = card.kind is Kind.CHAFF and card.code not in (
            "paulownia-chaff1",
            "willow-lightning",
        )
        assert (f.name == "Rubbish") is rubbish, card.code
        assert (f.kind_name == "Rubbish") is rubbish, card.code
    assert sum(face(c.id, "hawaiifuda").name == "Rubbish" for c in CARDS) == 22
    assert face("pine-crane", "hawaiifuda").kind_name == "Bright"
    assert face("paulownia-chaff1", "hawaiifuda").kind_name == "Chaff"


def test_kwado_kwang_scroll_dragon() -> None:
    for card in CARDS:
        f = face(card.id, "kwa-do")
        plant = month_label(card.month, "kwa-do").split(" (")[0]
        assert f.name.startswith(plant)
        if card.kind is Kind.BRIGHT:
            assert f.kind_name == "Kwang"
            assert "Kwang" in f.name
        if card.kind is Kind.RIBBON:
            assert f.kind_name == "Scroll"
            assert f.name.startswith(f"{plant} Scroll (")
    assert face("paulownia-phoenix", "kwa-do").name == "Paulownia Dragon (Kwang)"
    assert face("pine-crane", "kwa-do").name == "Pine Kwang"
    assert face("peony-ribbon", "kwa-do").name == "Peony Scroll (blue)"
    assert kind_label(Kind.RIBBON, "kwa-do") == "Scroll"
    assert kind_label(Kind.BRIGHT, "kwa-do") == "Kwang"


def test_labels_are_plain_text_with_month_name_kind() -> None:
    text = label("willow-swallow", "hawaiifuda")
    assert text == "Hala (11) · ʻIwa · Animal"
    assert label("pine-chaff2", "hawaiifuda") == "ʻĀhinahina (1) · Rubbish"
    assert "\x1b" not in text


def test_theme_names_are_normalised() -> None:
    assert normalize_theme(" Kwa-Do ") == "kwa-do"
    assert normalize_theme("hawaiʻifuda") == "hawaiifuda"
    assert face(0, "HWATU") == face(0, "hwatu")


@pytest.mark.parametrize("bad", ["", "tarot", "hana-fuda", "korean"])
def test_unknown_theme(bad: str) -> None:
    with pytest.raises(UnknownThemeError, match="unknown theme") as info:
        face(0, bad)
    assert "hanafuda" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(UnknownThemeError):
        label(0, bad)
    with pytest.raises(UnknownThemeError):
        month_label(1, bad)


@pytest.mark.parametrize("bad", [-1, 48, "pine-dragon", "", True])
def test_unknown_card(bad: int | str) -> None:
    with pytest.raises(UnknownCardError):
        face(bad)
    with pytest.raises(UnknownCardError):
        label(bad, "hwatu")


@pytest.mark.parametrize("bad", [0, 13, -1])
def test_unknown_month(bad: int) -> None:
    with pytest.raises(ValueError, match="unknown month"):
        month_label(bad, "hanafuda")
