"""The 48 hanafuda cards, their codes, months, kinds and decks (RULES.md §1).

A card is an ``int`` id, ``4 × (month − 1) + slot``; slot 0 is the month's
highest-ranked card.  Everything else (codes, kinds, ribbon colours, masks) is
looked up in tables built once at import.  ``CardSet`` is a set of cards stored
as an int bitmask (bit ``id`` set ⇔ card in the set), in the manner of
python-chess's ``SquareSet``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "BRIGHTS",
    "CARDS",
    "CHAFF",
    "Card",
    "CardSet",
    "DECK_40",
    "DECK_48",
    "Kind",
    "MONTH_MASKS",
    "MONTH_PLANTS",
    "NATURAL_WILLOWS",
    "RIBBONS",
    "RibbonColour",
    "UnknownCardError",
    "WILLOW_LIGHTNING",
    "card_id",
    "cards_of",
    "code",
    "mask_of",
    "month_of",
]


class Kind(StrEnum):
    """The four card kinds. B/A/R/C in RULES.md §1."""

    BRIGHT = "bright"
    ANIMAL = "animal"
    RIBBON = "ribbon"
    CHAFF = "chaff"


class RibbonColour(StrEnum):
    """Ribbon colours (RULES.md §1): the willow ribbon is ``plain`` and in no ribbon set."""

    POETRY = "poetry"
    BLUE = "blue"
    GRASS = "grass"
    PLAIN = "plain"


class UnknownCardError(ValueError):
    """A card code or id that names no card."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its id, canonical code, month (Japanese order 1–12), slot, kind, ribbon colour."""

    id: int
    code: str
    month: int
    slot: int
    kind: Kind
    ribbon: RibbonColour | None

    @property
    def plant(self) -> str:
        return MONTH_PLANTS[self.month]

    @property
    def bit(self) -> int:
        return 1 << self.id

    def __str__(self) -> str:
        return self.code


MONTH_PLANTS: dict[int, str] = {
    1: "pine",
    2: "plum",
    3: "cherry",
    4: "wisteria",
    5: "iris",
    6: "peony",
    7: "clover",
    8: "susuki",
    9: "chrysanthemum",
    10: "maple",
    11: "willow",
    12: "paulownia",
}

_B, _A, _R, _C = Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF
_P, _BL, _G, _PL = RibbonColour.POETRY, RibbonColour.BLUE, RibbonColour.GRASS, RibbonColour.PLAIN

# (suffix, kind, ribbon colour) for slots 0..3 of each month — the table of RULES.md §1.
_SLOTS: dict[int, tuple[tuple[str, Kind, RibbonColour | None], ...]] = {
    1: (("crane", _B, None), ("ribbon", _R, _P), ("chaff1", _C, None), ("chaff2", _C, None)),
    2: (("warbler", _A, None), ("ribbon", _R, _P), ("chaff1", _C, None), ("chaff2", _C, None)),
    3: (("curtain", _B, None), ("ribbon", _R, _P), ("chaff1", _C, None), ("chaff2", _C, None)),
    4: (("cuckoo", _A, None), ("ribbon", _R, _G), ("chaff1", _C, None), ("chaff2", _C, None)),
    5: (("bridge", _A, None), ("ribbon", _R, _G), ("chaff1", _C, None), ("chaff2", _C, None)),
    6: (("butterflies", _A, None), ("ribbon", _R, _BL), ("chaff1", _C, None), ("chaff2", _C, None)),
    7: (("boar", _A, None), ("ribbon", _R, _G), ("chaff1", _C, None), ("chaff2", _C, None)),
    8: (("moon", _B, None), ("geese", _A, None), ("chaff1", _C, None), ("chaff2", _C, None)),
    9: (("sake", _A, None), ("ribbon", _R, _BL), ("chaff1", _C, None), ("chaff2", _C, None)),
    10: (("deer", _A, None), ("ribbon", _R, _BL), ("chaff1", _C, None), ("chaff2", _C, None)),
    11: (("rainman", _B, None), ("swallow", _A, None), ("ribbon", _R, _PL), ("lightning", _C, None)),
    12: (("phoenix", _B, None), ("chaff1", _C, None), ("chaff2", _C, None), ("chaff3", _C, None)),
}

CARDS: tuple[Card, ...] = tuple(
    Card(
        id=4 * (month - 1) + slot,
        code=f"{MONTH_PLANTS[month]}-{suffix}",
        month=month,
        slot=slot,
        kind=kind,
        ribbon=ribbon,
    )
    for month in range(1, 13)
    for slot, (suffix, kind, ribbon) in enumerate(_SLOTS[month])
)

_BY_CODE: dict[str, int] = {card.code: card.id for card in CARDS}
CODES: tuple[str, ...] = tuple(card.code for card in CARDS)
MONTHS: tuple[int, ...] = tuple(card.month for card in CARDS)


def card_id(code_or_id: str | int) -> int:
    """The id of a card given by code (``"pine-crane"``) or id; raises ``UnknownCardError``."""
    if isinstance(code_or_id, int) and not isinstance(code_or_id, bool):
        if 0 <= code_or_id < 48:
            return code_or_id
        raise UnknownCardError(f"unknown card id {code_or_id!r} (ids are 0..47)")
    if isinstance(code_or_id, str):
        try:
            return _BY_CODE[code_or_id]
        except KeyError:
            raise UnknownCardError(f"unknown card {code_or_id!r}") from None
    raise UnknownCardError(f"unknown card {code_or_id!r}")


def code(card: int) -> str:
    """The canonical code of a card id."""
    return CODES[card]


def month_of(card: int) -> int:
    return MONTHS[card]


def _mask(ids: Iterable[int]) -> int:
    m = 0
    for i in ids:
        m |= 1 << i
    return m


def mask_of(cards: Iterable[str | int]) -> int:
    """Bitmask of cards given by codes or ids."""
    return _mask(card_id(c) for c in cards)


def cards_of(mask: int) -> list[int]:
    """Card ids of a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


MONTH_MASKS: tuple[int, ...] = (0,) + tuple(0b1111 << (4 * (m - 1)) for m in range(1, 13))
"""``MONTH_MASKS[m]``: the four cards of month m (index 0 unused)."""
DECK_48: int = (1 << 48) - 1
DECK_40: int = DECK_48 & ~MONTH_MASKS[6] & ~MONTH_MASKS[7]
"""Mushi's deck: peony and clover removed (RULES.md §1)."""
BRIGHTS: int = _mask(c.id for c in CARDS if c.kind is Kind.BRIGHT)
ANIMALS: int = _mask(c.id for c in CARDS if c.kind is Kind.ANIMAL)
RIBBONS: int = _mask(c.id for c in CARDS if c.kind is Kind.RIBBON)
CHAFF: int = _mask(c.id for c in CARDS if c.kind is Kind.CHAFF)
KIND_MASKS: dict[Kind, int] = {
    Kind.BRIGHT: BRIGHTS,
    Kind.ANIMAL: ANIMALS,
    Kind.RIBBON: RIBBONS,
    Kind.CHAFF: CHAFF,
}
WILLOW_LIGHTNING: int = _BY_CODE["willow-lightning"]
NATURAL_WILLOWS: int = MONTH_MASKS[11] & ~(1 << WILLOW_LIGHTNING)


class CardSet:
    """An immutable set of cards over an int bitmask.

    Supports ``|``, ``&``, ``-``, ``^``, ``in`` (card id or code), ``len``,
    iteration in id order, equality and hashing.  ``int(cs)`` is the mask.
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[str | int] | int = 0) -> None:
        if isinstance(cards, bool):
            raise TypeError("a CardSet is built from card codes, ids or a mask, not a bool")
        if isinstance(cards, int):
            if cards < 0 or cards >> 48:
                raise ValueError(f"card mask out of range: {cards:#x}")
            self.mask = cards
        else:
            self.mask = mask_of(cards)

    @classmethod
    def of(cls, *cards: str | int) -> CardSet:
        return cls(cards)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of(self.mask))

    def __contains__(self, card: object) -> bool:
        if isinstance(card, (int, str)) and not isinstance(card, bool):
            try:
                return bool(self.mask >> card_id(card) & 1)
            except UnknownCardError:
                return False
        return False

    def _other(self, other: object) -> int:
        if isinstance(other, CardSet):
            return other.mask
        if isinstance(other, int) and not isinstance(other, bool):
            return other
        return NotImplemented  # type: ignore[no-any-return]

    def __or__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask | self._other(other))

    def __and__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask & self._other(other))

    def __sub__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask & ~self._other(other))

    def __xor__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask ^ self._other(other))

    __ror__ = __or__
    __rand__ = __and__

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def issubset(self, other: CardSet | int) -> bool:
        return self.mask & ~self._other(other) == 0

    def codes(self) -> list[str]:
        """Canonical codes in id order."""
        return [CODES[i] for i in cards_of(self.mask)]

    def __repr__(self) -> str:
        return f"CardSet({self.codes()!r})"
