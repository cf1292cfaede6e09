"""Display themes: what each card and month is called in four traditions (RULES.md §1).

Themes are **display only**: codes, ids and months (Japanese order, ``cards.Card.month``)
never change; only the names and the month *numbers* shown to people do.

* ``hanafuda`` — English names with Japanese native names; Japanese month numbers.
* ``hwatu`` — Korean names; Korean month numbers (paulownia 11, willow 12 "비").
* ``hawaiifuda`` — the Hawaiʻifuda names of RULES.md §1 (all other chaff is "Rubbish");
  Japanese month numbers.
* ``kwa-do`` — brights are "Kwang", ribbons "Scrolls", the phoenix the "Dragon";
  Korean month numbers.

All faces are built once at import from the tables below (keyed by card code or by
month), so ``face`` and ``label`` are plain look-ups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from hanafuda.cards import CARDS, MONTH_PLANTS, Card, Kind, RibbonColour, card_id

__all__ = [
    "THEMES",
    "CardFace",
    "UnknownThemeError",
    "face",
    "kind_label",
    "label",
    "month_label",
    "month_number",
    "normalize_theme",
]

THEMES: Final = ("hanafuda", "hwatu", "hawaiifuda", "kwa-do")
"""The display themes of RULES.md §1; ``"hanafuda"`` is the default."""


class UnknownThemeError(ValueError):
    """A theme name that is not one of ``THEMES`` (RULES.md §1)."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """How one card is shown in one theme (RULES.md §1; display only).

    ``name`` is the theme's display name, ``native`` the native-script name ("" when the
    theme has none), ``month_number`` the month number of the theme's tradition,
    ``month_name`` the theme's name for the suit, ``kind_name`` its word for the card kind.
    """

    code: str
    name: str
    native: str
    month_number: int
    month_name: str
    kind_name: str


# --------------------------------------------------------------------------- months

_KOREAN_NUMBERS: Final[dict[int, int]] = {11: 12, 12: 11}
"""Korean hwatu numbering swaps willow and paulownia (RULES.md §1)."""

_KOREAN_ORDER_THEMES: Final = frozenset({"hwatu", "kwa-do"})

# month -> (short name for compact labels, full suit name); months in Japanese order.
_HANAFUDA_MONTHS: Final[dict[int, tuple[str, str]]] = {
    1: ("Pine", "Pine (Matsu 松)"),
    2: ("Plum", "Plum (Ume 梅)"),
    3: ("Cherry", "Cherry (Sakura 桜)"),
    4: ("Wisteria", "Wisteria (Fuji 藤)"),
    5: ("Iris", "Iris (Ayame 菖蒲)"),
    6: ("Peony", "Peony (Botan 牡丹)"),
    7: ("Bush Clover", "Bush Clover (Hagi 萩)"),
    8: ("Pampas", "Pampas (Susuki 芒)"),
    9: ("Chrysanthemum", "Chrysanthemum (Kiku 菊)"),
    10: ("Maple", "Maple (Momiji 紅葉)"),
    11: ("Willow", "Willow (Yanagi 柳)"),
    12: ("Paulownia", "Paulownia (Kiri 桐)"),
}

_HWATU_MONTHS: Final[dict[int, tuple[str, str]]] = {
    1: ("솔", "솔 (Pine)"),
    2: ("매화", "매화 (Plum)"),
    3: ("벚꽃", "벚꽃 (Cherry)"),
    4: ("흑싸리", "흑싸리 (Wisteria)"),
    5: ("난초", "난초 (Iris)"),
    6: ("모란", "모란 (Peony)"),
    7: ("홍싸리", "홍싸리 (Bush Clover)"),
    8: ("공산", "공산 (Pampas)"),
    9: ("국진", "국진 (Chrysanthemum)"),
    10: ("단풍", "단풍 (Maple)"),
    11: ("비", "비 (Willow)"),
    12: ("오동", "오동 (Paulownia)"),
}

_HAWAIIFUDA_SUITS: Final[dict[int, str]] = {
    1: "ʻĀhinahina",
    2: "ʻŌhiʻa Lehua",
    3: "ʻIlima",
    4: "Pōhuehue & Kaunaʻoa",
    5: "Kalo",
    6: "Maʻo Hau Hele",
    7: "Naupaka",
    8: "Kai",
    9: "ʻŌlena",
    10: "ʻUlu",
    11: "Hala",
    12: "Kukui",
}

_MONTHS: Final[dict[str, dict[int, tuple[str, str]]]] = {
    "hanafuda": _HANAFUDA_MONTHS,
    "hwatu": _HWATU_MONTHS,
    "hawaiifuda": {m: (suit, suit) for m, suit in _HAWAIIFUDA_SUITS.items()},
    "kwa-do": {m: (short, short) for m, (short, _) in _HANAFUDA_MONTHS.items()},
}

# --------------------------------------------------------------------------- kinds

_KIND_NAMES: Final[dict[str, dict[Kind, str]]] = {
    "hanafuda": {
        Kind.BRIGHT: "Bright",
        Kind.ANIMAL: "Animal",
        Kind.RIBBON: "Ribbon",
        Kind.CHAFF: "Chaff",
    },
    "hwatu": {
        Kind.BRIGHT: "광 Gwang",
        Kind.ANIMAL: "열끗 Yeolkkeut",
        Kind.RIBBON: "띠 Tti",
        Kind.CHAFF: "피 Pi",
    },
    "hawaiifuda": {
        Kind.BRIGHT: "Bright",
        Kind.ANIMAL: "Animal",
        Kind.RIBBON: "Ribbon",
        Kind.CHAFF: "Chaff",
    },
    "kwa-do": {
        Kind.BRIGHT: "Kwang",
        Kind.ANIMAL: "Animal",
        Kind.RIBBON: "Scroll",
        Kind.CHAFF: "Chaff",
    },
}

_RUBBISH: Final = "Rubbish"
"""Hawaiʻifuda: every chaff without a name of its own is "rubbish" (RULES.md §1)."""

# --------------------------------------------------------------------------- hanafuda

# code -> (English name, Japanese name); chaff not listed here is "Chaff" / "<plant>のカス".
_HANAFUDA_NAMES: Final[dict[str, tuple[str, str]]] = {
    "pine-crane": ("Crane and Sun", "松に鶴"),
    "pine-ribbon": ("Poetry Ribbon", "松に赤短"),
    "plum-warbler": ("Bush Warbler", "梅に鶯"),
    "plum-ribbon": ("Poetry Ribbon", "梅に赤短"),
    "cherry-curtain": ("Curtain", "桜に幕"),
    "cherry-ribbon": ("Poetry Ribbon", "桜に赤短"),
    "wisteria-cuckoo": ("Cuckoo", "藤に不如帰"),
    "wisteria-ribbon": ("Red Ribbon (grass)", "藤に短冊"),
    "iris-bridge": ("Eight-Plank Bridge", "菖蒲に八橋"),
    "iris-ribbon": ("Red Ribbon (grass)", "菖蒲に短冊"),
    "peony-butterflies": ("Butterflies", "牡丹に蝶"),
    "peony-ribbon": ("Blue Ribbon", "牡丹に青短"),
    "clover-boar": ("Boar", "萩に猪"),
    "clover-ribbon": ("Red Ribbon (grass)", "萩に短冊"),
    "susuki-moon": ("Full Moon", "芒に月"),
    "susuki-geese": ("Geese", "芒に雁"),
    "chrysanthemum-sake": ("Sake Cup", "菊に盃"),
    "chrysanthemum-ribbon": ("Blue Ribbon", "菊に青短"),
    "maple-deer": ("Deer", "紅葉に鹿"),
    "maple-ribbon": ("Blue Ribbon", "紅葉に青短"),
    "willow-rainman": ("Rain Man (Ono no Michikaze)", "柳に小野道風"),
    "willow-swallow": ("Swallow", "柳に燕"),
    "willow-ribbon": ("Willow Ribbon", "柳に短冊"),
    "willow-lightning": ("Lightning", "柳に雷"),
    "paulownia-phoenix": ("Phoenix", "桐に鳳凰"),
    "paulownia-chaff1": ("Chaff (coloured bottom)", "桐のカス（色付き）"),
}

_JAPANESE_PLANTS: Final[dict[int, str]] = {
    1: "松",
    2: "梅",
    3: "桜",
    4: "藤",
    5: "菖蒲",
    6: "牡丹",
    7: "萩",
    8: "芒",
    9: "菊",
    10: "紅葉",
    11: "柳",
    12: "桐",
}

# --------------------------------------------------------------------------- hwatu

# code -> Korean name; chaff not listed here is "<month> 피".
_HWATU_NAMES: Final[dict[str, str]] = {
    "pine-crane": "송학 광",
    "pine-ribbon": "솔 홍단",
    "plum-warbler": "매조 열끗 (휘파람새)",
    "plum-ribbon": "매화 홍단",
    "cherry-curtain": "벚꽃 광",
    "cherry-ribbon": "벚꽃 홍단",
    "wisteria-cuckoo": "흑싸리 열끗 (두견새)",
    "wisteria-ribbon": "흑싸리 초단",
    "iris-bridge": "난초 열끗 (다리)",
    "iris-ribbon": "난초 초단",
    "peony-butterflies": "모란 열끗 (나비)",
    "peony-ribbon": "모란 청단",
    "clover-boar": "홍싸리 열끗 (멧돼지)",
    "clover-ribbon": "홍싸리 초단",
    "susuki-moon": "공산 광",
    "susuki-geese": "공산 열끗 (기러기)",
    "chrysanthemum-sake": "국진 열끗 (술잔)",
    "chrysanthemum-ribbon": "국진 청단",
    "maple-deer": "단풍 열끗 (사슴)",
    "maple-ribbon": "단풍 청단",
    "willow-rainman": "비 광",
    "willow-swallow": "비 열끗 (제비)",
    "willow-ribbon": "비 띠",
    "willow-lightning": "비 쌍피",
    "paulownia-phoenix": "오동 광",
    "paulownia-chaff1": "오동 쌍피",
}

# --------------------------------------------------------------------------- hawaiifuda

# code -> Hawaiʻifuda name, exactly as RULES.md §1; every other chaff is "Rubbish".
_HAWAIIFUDA_NAMES: Final[dict[str, str]] = {
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

# --------------------------------------------------------------------------- kwa-do

# Kwa-Dō: "<Plant> Kwang" for brights, "<Plant> Scroll (colour)" for ribbons,
# "<Plant> <subject>" for animals and special chaff, "<Plant> Chaff" otherwise.
_KWADO_SUBJECTS: Final[dict[str, str]] = {
    "plum-warbler": "Bush Warbler",
    "wisteria-cuckoo": "Cuckoo",
    "iris-bridge": "Bridge",
    "peony-butterflies": "Butterflies",
    "clover-boar": "Boar",
    "susuki-geese": "Geese",
    "chrysanthemum-sake": "Sake Cup",
    "maple-deer": "Deer",
    "willow-swallow": "Swallow",
    "willow-lightning": "Lightning (Gaji)",
    "paulownia-phoenix": "Dragon (Kwang)",
    "paulownia-chaff1": "Chaff (coloured bottom)",
}

_KWADO_SCROLL_COLOURS: Final[dict[RibbonColour, str]] = {
    RibbonColour.POETRY: "red, poetry",
    RibbonColour.GRASS: "red",
    RibbonColour.BLUE: "blue",
    RibbonColour.PLAIN: "plain",
}

# --------------------------------------------------------------------------- building faces


def _display_number(month: int, theme: str) -> int:
    """Month number per tradition: Korean themes swap willow and paulownia (RULES.md §1)."""
    if theme in _KOREAN_ORDER_THEMES:
        return _KOREAN_NUMBERS.get(month, month)
    return month


def _hanafuda_face(card: Card) -> tuple[str, str, str]:
    """(name, native, kind name) in the hanafuda theme."""
    name, native = _HANAFUDA_NAMES.get(
        card.code, ("Chaff", f"{_JAPANESE_PLANTS[card.month]}のカス")
    )
    return name, native, _KIND_NAMES["hanafuda"][card.kind]


def _hwatu_face(card: Card) -> tuple[str, str, str]:
    """(name, native, kind name) in the hwatu theme; the names are Korean already."""
    name = _HWATU_NAMES.get(card.code, f"{_HWATU_MONTHS[card.month][0]} 피")
    return name, name, _KIND_NAMES["hwatu"][card.kind]


def _hawaiifuda_face(card: Card) -> tuple[str, str, str]:
    """(name, native, kind name) in the hawaiifuda theme; unnamed chaff is rubbish."""
    name = _HAWAIIFUDA_NAMES.get(card.code)
    if name is None:
        return _RUBBISH, "", _RUBBISH
    return name, name, _KIND_NAMES["hawaiifuda"][card.kind]


def _kwado_face(card: Card) -> tuple[str, str, str]:
    """(name, native, kind name) in the kwa-do theme; no native names."""
    plant = _HANAFUDA_MONTHS[card.month][0]
    if card.code in _KWADO_SUBJECTS:
        name = f"{plant} {_KWADO_SUBJECTS[card.code]}"
    elif card.kind is Kind.BRIGHT:
        name = f"{plant} Kwang"
    elif card.ribbon is not None:
        name = f"{plant} Scroll ({_KWADO_SCROLL_COLOURS[card.ribbon]})"
    else:
        name = f"{plant} Chaff"
    return name, "", _KIND_NAMES["kwa-do"][card.kind]


_BUILDERS: Final = {
    "hanafuda": _hanafuda_face,
    "hwatu": _hwatu_face,
    "hawaiifuda": _hawaiifuda_face,
    "kwa-do": _kwado_face,
}


def _build(theme: str) -> tuple[CardFace, ...]:
    faces = []
    for card in CARDS:
        name, native, kind_name = _BUILDERS[theme](card)
        faces.append(
            CardFace(
                code=card.code,
                name=name,
                native=native,
                month_number=_display_number(card.month, theme),
                month_name=_MONTHS[theme][card.month][1],
                kind_name=kind_name,
            )
        )
    return tuple(faces)


_FACES: Final[dict[str, tuple[CardFace, ...]]] = {theme: _build(theme) for theme in THEMES}

_ALIASES: Final[dict[str, str]] = {
    "hawaiʻifuda": "hawaiifuda",
    "hawaii": "hawaiifuda",
    "kwado": "kwa-do",
    "kwa_do": "kwa-do",
    "kwa-dō": "kwa-do",
    "kwadō": "kwa-do",
}

# --------------------------------------------------------------------------- public API


def normalize_theme(theme: str) -> str:
    """The canonical theme name (case-insensitive; a few spellings such as "kwado" accepted).

    Raises ``UnknownThemeError`` naming the valid themes (RULES.md §1).
    """
    if isinstance(theme, str):
        key = theme.strip().lower()
        if key in THEMES:
            return key
        if key in _ALIASES:
            return _ALIASES[key]
    raise UnknownThemeError(f"unknown theme {theme!r}; expected one of: {', '.join(THEMES)}")


def face(card: int | str, theme: str = "hanafuda") -> CardFace:
    """The face of a card (id or code) in a theme (RULES.md §1).

    Raises ``hanafuda.cards.UnknownCardError`` or ``UnknownThemeError`` (both ``ValueError``).
    """
    faces = _FACES[normalize_theme(theme)]
    return faces[card_id(card)]


def kind_label(kind: Kind, theme: str = "hanafuda") -> str:
    """The theme's word for a card kind, e.g. ``Kind.RIBBON`` → "Scroll" in kwa-do."""
    try:  # remembered: every state message of the web server asks for these many times
        return _kind_label(kind, theme)
    except TypeError:  # an unhashable argument: neither a kind nor a theme (the lookup says so)
        return _KIND_NAMES[normalize_theme(theme)][Kind(kind)]


@lru_cache(maxsize=256, typed=True)
def _kind_label(kind: Kind, theme: str) -> str:
    return _KIND_NAMES[normalize_theme(theme)][Kind(kind)]


def month_number(month: int, theme: str = "hanafuda") -> int:
    """The displayed number of a month given in Japanese order (``Card.month``), per theme.

    Hwatu and Kwa-Dō number paulownia 11 and willow 12 (RULES.md §1).
    """
    return _display_number(_check_month(month), normalize_theme(theme))


def month_label(month: int, theme: str = "hanafuda") -> str:
    """Compact month label, e.g. "Willow (11)" in hanafuda, "비 (12)" in hwatu.

    ``month`` is the internal month in Japanese order (``Card.month``, 1..12); the number
    shown is the theme's (RULES.md §1).
    """
    try:  # remembered, as ``kind_label``
        return _month_label(month, theme)
    except TypeError:
        return _month_label_uncached(month, theme)


def _month_label_uncached(month: int, theme: str) -> str:
    theme = normalize_theme(theme)
    month = _check_month(month)
    return f"{_MONTHS[theme][month][0]} ({_display_number(month, theme)})"


_month_label = lru_cache(maxsize=1024, typed=True)(_month_label_uncached)
"""Typed: ``True`` is not month 1 (``_check_month`` refuses it)."""


def label(card: int | str, theme: str = "hanafuda") -> str:
    """A compact label readable without colour: month, month number, name and kind.

    E.g. "Pine (1) · Crane and Sun · Bright", "Paulownia (11) · Paulownia Dragon (Kwang)"
    (kwa-do), "Kukui (12) · Rubbish" (hawaiifuda).  The kind is left out when the name
    already says it ("Poetry Ribbon", "Chaff", "송학 광").
    """
    cid = card_id(card)
    theme = normalize_theme(theme)
    f = _FACES[theme][cid]
    text = f"{month_label(CARDS[cid].month, theme)} · {f.name}"
    if not _words(f.kind_name) & _words(f.name):
        text += f" · {f.kind_name}"
    return text


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.casefold()))


def _check_month(month: int) -> int:
    if isinstance(month, bool) or not isinstance(month, int) or month not in MONTH_PLANTS:
        raise ValueError(f"unknown month {month!r} (months are 1..12, Japanese order)")
    return month
