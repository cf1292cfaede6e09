"""Names: cards in a theme (wild cards called wild), seats, sides and teams (RULES.md §1, §2, §9).

Every other module of the words layer names things through a ``Namer``: it knows the game's
``Config`` (which card is wild, the sides), the display theme and what to call each seat.
A seat is "You" for the viewer, else its player's name with the seat number ("Greedy (seat 3)"),
so two seats are never called the same.  A team is "Team A (seats 1 & 3)" ("Your team …" for
the viewer's).

Text counts seats from 1, as the lobby labels them (seat 0 of RULES.md §2 reads "seat 1"); every
data field (move notation, records, ``replay --json``, ``sides``, API numbers) stays 0-based.
``seat_number`` is the one place that turns a seat index into the number a person reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from string import ascii_uppercase

from ..cards import CARDS, Kind, card_id
from ..rules.base import Config
from ..themes import face, kind_label, month_label, normalize_theme

__all__ = ["Namer", "join_words", "player_label", "seat_number", "seat_numbers", "team_name"]

_THEMES_NAMING_THE_MONTH = frozenset({"hwatu", "kwa-do"})
"""Themes whose card names already say the month ("송학 광", "Cherry Kwang"), RULES.md §1."""

WILD = "wild"
LANGUAGES = ("en", "ja", "ko")
"""The languages the words are said in (English, Japanese, Korean): ``Namer.lang``, the web pages."""
_WILD_WORD = {"ja": "万能", "ko": "만능"}
_LIST_SEPARATOR = {"ja": "、", "ko": ", "}


@cache
def _short_names(theme: str) -> tuple[str, ...]:
    """The theme's card names without an aside in brackets where the month has no other card of
    that name ("Rain Man (Ono no Michikaze)" → "Rain Man"; "Chaff (coloured bottom)" stays)."""
    names = [face(c, theme).name for c in range(len(CARDS))]
    out = []
    for cid, name in enumerate(names):
        short = re.sub(r" \([^)]*\)$", "", name)
        month = CARDS[cid].month
        clash = any(names[o] == short or re.sub(r" \([^)]*\)$", "", names[o]) == short
                    for o in range(len(CARDS)) if o != cid and CARDS[o].month == month)
        out.append(name if clash or theme in _THEMES_NAMING_THE_MONTH else short)
    return tuple(out)


@lru_cache(maxsize=512)
def _card_name(theme: str, cid: int) -> str:
    """``Namer.card`` without the wild mark: the short name, with its plant unless the name or
    the theme says the month already (``theme`` normalized, ``cid`` a card id)."""
    name = _short_names(theme)[cid]
    if theme not in _THEMES_NAMING_THE_MONTH:
        plant = month_label(CARDS[cid].month, theme).rsplit(" (", 1)[0]
        if plant not in name:
            name = f"{plant} {name}"
    return name


@lru_cache(maxsize=64)
def _least_chaff_value(values: tuple[int, ...]) -> int:
    """The lowest value of a chaff card under a game's card values (``Config.values``)."""
    return min(values[x.id] for x in CARDS if x.kind is Kind.CHAFF)


def join_words(items: Sequence[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def seat_number(seat: int) -> int:
    """The number a person reads for a seat index: seat 0 (RULES.md §2) is "seat 1"."""
    return seat + 1


def seat_numbers(seats: Iterable[int], last: str = "&") -> str:
    """Seat indices as read by a person: [0, 2] → "1 & 3"."""
    return join_words([str(seat_number(s)) for s in seats], last)


def team_name(side: int, seats: Sequence[int]) -> str:
    """"Team A (seats 1 & 3)": teams are lettered by side, their seats listed (from 1)."""
    return f"Team {ascii_uppercase[side]} (seats {seat_numbers(seats)})"


def player_label(name: str) -> str:
    """A player's or bot's name as shown: "greedy" → "Greedy" (a bot id reads as a name)."""
    name = name.strip()
    return name[:1].upper() + name[1:] if name else name


@dataclass(frozen=True)
class Namer:
    """What things are called at one table, as seen by ``viewer`` (None: a spectator or record).

    ``players`` names each seat's player ("Anna", "greedy"); missing or empty names read
    "Seat N" (N counted from 1).
    """

    config: Config
    theme: str = "hanafuda"
    viewer: int | None = None
    players: Sequence[str | None] = ()
    lang: str = "en"
    """The language of every sentence said through this namer (``LANGUAGES``):
    English, or Japanese and Korean (``words.sentences``); card names follow the theme in all."""
    bots: frozenset[int] = frozenset()
    """Seats a bot plays: in Japanese and Korean they read by the bot level's word ("貪欲");
    ignored (emptied) in English."""
    _seat_cache: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "theme", normalize_theme(self.theme))
        if self.lang not in LANGUAGES:
            raise ValueError(f"unknown language {self.lang!r}; languages are: {', '.join(LANGUAGES)}")
        if self.lang == "en":  # English names a bot's seat like any other: one namer, one cache key
            object.__setattr__(self, "bots", frozenset())

    # -- cards ---------------------------------------------------------------------------------

    def card(self, card: int | str, *, wild: bool = False) -> str:
        """A card's short name in the theme: "Cherry Curtain", "Willow Lightning (wild)".

        ``wild`` marks a wild card acting as wild (played from hand, turned over, in a hand).
        """
        cid = card_id(card)
        return self._mark(_card_name(self.theme, cid), wild and self.is_wild(cid))

    def _mark(self, name: str, wild: bool) -> str:
        """"Lightning" → "Lightning (wild)"; "Lightning (Gaji)" → "Lightning (Gaji, wild)"
        ("(万能)", "(만능)" in Japanese and Korean)."""
        if not wild:
            return name
        word = WILD if self.lang == "en" else _WILD_WORD[self.lang]
        if name.endswith(")"):
            return f"{name[:-1]}, {word})"
        return f"{name} ({word})"

    def face_name(self, card: int | str, *, wild: bool = False) -> str:
        """The card's name without its month ("Curtain", "Light"), for a cell that shows the
        month on a line of its own; ``wild`` as in ``card``."""
        cid = card_id(card)
        name = _short_names(self.theme)[cid]
        plant = month_label(CARDS[cid].month, self.theme).rsplit(" (", 1)[0]
        if name.startswith(plant + " "):
            name = name[len(plant) + 1:]
        return self._mark(name, wild and self.is_wild(cid))

    def month(self, card: int | str) -> str:
        """The card's month as the theme shows it: "Pine (1)", "비 (12)"."""
        return month_label(CARDS[card_id(card)].month, self.theme)

    def cards(self, cards: Iterable[int | str], *, wild: bool = False, last: str = "and") -> str:
        """Card names joined: "Pine Chaff, Pine Poetry Ribbon and Pine Crane and Sun" (in
        Japanese "…、…、…", in Korean "…, …, …")."""
        names = [self.card(c, wild=wild) for c in cards]
        if self.lang != "en":
            return _LIST_SEPARATOR[self.lang].join(names)
        return join_words(names, last)

    def is_wild(self, card: int | str) -> bool:
        """Whether the card is this game's wild card in some situation (RULES.md §4.3–§4.5)."""
        wild = self.config.wild
        return wild is not None and card_id(card) == wild.card

    def wild_in_hand(self, card: int | str) -> bool:
        """Whether the card is wild when played from hand (so: in a hand)."""
        wild = self.config.wild
        return wild is not None and wild.from_hand and card_id(card) == wild.card

    def wild_from_stock(self, card: int | str) -> bool:
        """Whether the card is wild when turned over from the stock."""
        wild = self.config.wild
        return wild is not None and wild.from_stock and card_id(card) == wild.card

    def kind_word(self, card: int | str, *, wild: bool = False) -> str:
        """The card's kind in the theme, or what sets it apart in this game.

        With ``wild`` (a card in a hand or turned over) the wild card reads "wild"; a chaff
        card worth points in this game reads its value ("10 points": Hawaiʻifuda's Light),
        never "Chaff".
        """
        cid = card_id(card)
        if wild and self.is_wild(cid):
            return WILD
        c = CARDS[cid]
        value = self.config.values[cid]
        if c.kind is Kind.CHAFF and value > _least_chaff_value(self.config.values):
            return f"{value} points"
        return face(cid, self.theme).kind_name

    def kind_title(self, kind: Kind, count: int | None = None) -> str:
        """A kind as a heading: "Brights", "Kwang", "Scrolls" (plural unless count is 1)."""
        word = kind_label(kind, self.theme)
        if count == 1 or word.endswith("s") or not word.isascii() or kind is Kind.CHAFF:
            return word
        return word + "s"

    # -- seats, sides, teams -------------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """"You", "Greedy (seat 3)", "Seat 4" (seat numbers from 1: ``seat_number``)."""
        cached = self._seat_cache.get(seat)
        if cached is not None:
            return cached
        if self.lang != "en":
            from .languages import seat_words
            text = seat_words(seat, self.viewer, self.players, self.lang, self.bots)
        elif seat == self.viewer:
            text = "You"
        else:
            given = self.players[seat] if seat < len(self.players) else None
            number = seat_number(seat)
            text = (f"{player_label(given)} (seat {number})" if given and given.strip()
                    else f"Seat {number}")
        self._seat_cache[seat] = text
        return text

    def side(self, side: int) -> str:
        """A side: a seat's name when it plays alone, else "Team A (seats 1 & 3)"."""
        seats = self.config.sides[side]
        if len(seats) == 1:
            return self.seat(seats[0])
        if self.lang != "en":
            from .languages import side_words
            return side_words(self.config, side, self.viewer, self.players, self.lang, self.bots)
        if self.viewer in seats:
            return f"Your team (seats {seat_numbers(seats)})"
        return team_name(side, seats)

    def side_is_viewer(self, side: int) -> bool:
        return self.viewer is not None and self.viewer in self.config.sides[side]

    def verb(self, subject: str, singular: str, plural: str) -> str:
        """"You win" / "Greedy (seat 2) wins"."""
        return plural if subject == "You" else singular
