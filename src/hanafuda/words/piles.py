"""Capture piles grouped by kind, with counts and card points in force (RULES.md §1, §3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import CODES, KIND_MASKS, CardSet, Kind, cards_of
from .catalogue import text
from .names import Namer

__all__ = ["KIND_ORDER", "PileGroup", "SidePile", "side_pile"]

KIND_ORDER: tuple[Kind, ...] = (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF)


@dataclass(frozen=True)
class PileGroup:
    """The cards of one kind in a pile: codes, names, and their card points in this game."""

    kind: str
    title: str
    cards: tuple[str, ...]
    names: tuple[str, ...]
    points: int
    lang: str = "en"
    scored: bool = True
    """The game's cards have points (``Game.values``); Koi-Koi's have none, only yaku score, so
    its piles give counts without "(0)" (docs/rules/koi-koi.md)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, made once per group (a group is kept and shown again after every move
        that leaves its kind alone, ``side_pile``): read it, do not change it."""
        out: dict[str, Any] | None = self.__dict__.get("_dict")
        if out is None:
            out = {"kind": self.kind, "title": self.title, "cards": list(self.cards),
                   "names": list(self.names), "points": self.points}
            object.__setattr__(self, "_dict", out)  # a cache, not a field (frozen: set past it)
        return out

    def text(self) -> str:
        """"Brights ×2 (40): Pine Crane and Sun, Cherry Curtain" ("光 ×2 (40)：松に鶴、桜に幕")."""
        separator = ", " if self.lang == "en" else text("list.separator", self.lang)
        names = separator.join(self.names)
        if not self.scored:
            return text("tui.pile_group_plain", self.lang, title=self.title, count=len(self.cards),
                        names=names)
        return text("pile.group", self.lang, title=self.title, count=len(self.cards), points=self.points,
                    names=names)


@dataclass(frozen=True)
class SidePile:
    """A side's whole capture pile: its name, card count, card points and groups by kind."""

    side: int
    name: str
    count: int
    points: int
    groups: tuple[PileGroup, ...]
    lang: str = "en"
    scored: bool = True
    """As ``PileGroup.scored``: without card points the headline gives the count alone."""

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "name": self.name, "count": self.count, "points": self.points,
                "groups": [g.to_dict() for g in self.groups]}

    def headline(self) -> str:
        if not self.scored:  # "You: 18 captured" (Koi-Koi: only yaku score)
            return text("tui.pile_count", self.lang, name=self.name, count=self.count)
        if self.lang == "en":
            cards = "card" if self.count == 1 else "cards"
            return f"{self.name}: {self.count} {cards}, {self.points} card points"
        return text("label.headline", self.lang, name=self.name, count=self.count, points=self.points)

    def lines(self) -> list[str]:
        return [self.headline()] + ["  " + g.text() for g in self.groups] + (
            [] if self.groups else ["  " + text("pile.nothing", self.lang)])


def side_pile(namer: Namer, side: int, pile: CardSet | int) -> SidePile:
    """The pile of ``side`` (a mask or ``CardSet`` from a view, a round or a record).

    Each kind's group is kept (``_GROUPS``) by the cards of that kind alone: a capture changes one
    or two kinds of a pile, and the groups of the others are found again instead of put in words
    again (issue 28: a new pile was a new key every time, ~25–55 µs a side, under every move)."""
    mask = int(pile)
    values = namer.config.values
    known = _VALUES.get(id(values))
    if known is None or known[0] is not values:  # the values' number, found by identity (not hashed)
        if len(_VALUES) >= 1024 or len(_NUMBERS) >= 1024:  # (a number is never given to other values)
            _VALUES.clear()
            _NUMBERS.clear()
            _GROUPS.clear()
        known = _VALUES[id(values)] = (values, _NUMBERS.setdefault(values, len(_NUMBERS)), any(values))
    scored = known[2]
    groups = []
    for kind in KIND_ORDER:
        part = mask & KIND_MASKS[kind]
        if not part:
            continue
        key = (namer.theme, namer.lang, known[1], kind, part)
        group = _GROUPS.get(key)
        if group is None:
            cards = cards_of(part)
            if len(_GROUPS) >= 8192:  # forget the old groups now and then
                _GROUPS.clear()
            group = _GROUPS[key] = PileGroup(
                kind.value, namer.kind_title(kind, len(cards)), tuple(CODES[c] for c in cards),
                tuple(namer.card(c) for c in cards), sum(values[c] for c in cards), namer.lang, scored)
        groups.append(group)
    # the kinds part the deck (``KIND_MASKS``), so the pile's points are its groups' points
    return SidePile(side, namer.side(side), mask.bit_count(), sum(g.points for g in groups),
                    tuple(groups), namer.lang, scored)


_VALUES: dict[int, tuple[tuple[int, ...], int, bool]] = {}
"""Each config's card values by ``id``: the values, their number (``_NUMBERS``) and whether any
card has points."""
_NUMBERS: dict[tuple[int, ...], int] = {}
"""A number for each set of card values met: the groups are keyed by it (a key of 48 values would
be hashed again at every look-up)."""
_GROUPS: dict[tuple[str, str, int, Kind, int], PileGroup] = {}
"""A pile's group of one kind by theme, language, card values' number and the cards of that kind: its
title and card names depend on the theme and the language alone (``Namer.kind_title``,
``Namer.card`` without ``wild``)."""
