"""Names: cards in a theme (wild cards called wild), seats, sides and teams (RULES.md §1, §2, §9).

Every other module of the words layer names things through a ``Namer``: it knows the game's
``Config`` (which card is wild, the sides), the display theme and what to call each seat.
A seat is "You" for the viewer, else its player's name (``player_name``: a bot by ``bot_name``)
with the seat number ("Casual bot (seat 3)"),
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
from ..themes import face, kind_label, label, month_label, month_number, normalize_theme
from .catalogue import check_language, has, text

__all__ = ["Namer", "bot_name", "card_label", "card_name", "join_words", "player_label", "player_name",
           "seat_number", "seat_numbers", "team_name"]

_THEMES_NAMING_THE_MONTH = frozenset({"hwatu", "kwa-do"})
"""Themes whose card names already say the month ("송학 광", "Cherry Kwang"), RULES.md §1."""

WILD = "wild"
_ANIMAL_SUBJECT = re.compile(r"^(?:\S+ )?열끗 \((.+)\)$")
"""A Korean animal card's name, "매조 열끗 (휘파람새)": its subject in brackets."""


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


_THEMES_GLOSSED_IN_ENGLISH = frozenset({"hwatu"})
"""Themes whose card names are not English (the hwatu theme's Korean names, RULES.md §1
"Themes"): an English reader gets each name with its English gloss beside it."""


@lru_cache(maxsize=512)
def _card_name(theme: str, cid: int) -> str:
    """``Namer.card`` without the wild mark: the short name, with its plant unless the name or
    the theme says the month already (``theme`` normalized, ``cid`` a card id).  A theme naming
    cards in Korean keeps the theme's name and adds the English one in brackets for an English
    reader (walk41 finding 3: a Min-Hwatu log in Hangul only could not be followed): "홍싸리 피
    (Bush Clover Chaff)", "매조 열끗 (Plum Bush Warbler)" (the Korean aside gives way to it)."""
    if theme in _THEMES_GLOSSED_IN_ENGLISH:
        korean = re.sub(r" \([^)]*\)$", "", face(cid, theme).name)
        gloss = _card_name("hanafuda", cid).replace(" (", ", ").replace(")", "")
        return f"{korean} ({gloss})"
    name = _short_names(theme)[cid]
    if theme not in _THEMES_NAMING_THE_MONTH:
        plant = month_label(CARDS[cid].month, theme).rsplit(" (", 1)[0]
        if plant not in name:
            name = f"{plant} {name}"
    return name


@lru_cache(maxsize=2048)
def _card_name_in(theme: str, cid: int, lang: str) -> str:
    """A card's name in Japanese or Korean: the theme decides which deck's names apply (the
    traditional names of the hanafuda and hwatu decks, Kwa-Dō's with its Gaji and Dragon,
    Hawaiʻifuda's Hawaiian names with their English words translated), the language the words
    (catalogue ``card.<theme>.<code>``, docs/play.md lists them; RULES.md §1)."""
    return text(f"card.{theme}.{CARDS[cid].code}", lang)


@lru_cache(maxsize=64)
def _least_chaff_value(values: tuple[int, ...]) -> int:
    """The lowest value of a chaff card under a game's card values (``Config.values``)."""
    return min(values[x.id] for x in CARDS if x.kind is Kind.CHAFF)


def join_words(items: Sequence[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C"; when an item itself holds the joining word (a card named
    "Pine Crane and Sun") the serial form, so a reader can tell the items apart: "Pine Crane and
    Sun, and Cherry Curtain", "Pine Crane and Sun, Plum Bush Warbler, and Cherry Curtain"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if any(f" {last} " in item for item in items):
        return ", ".join(items[:-1]) + f", {last} " + items[-1]
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


def card_name(card: int | str, theme: str, lang: str = "en") -> str:
    """A card's name in ``theme``'s deck and ``lang`` ("Pine Crane and Sun", "松に鶴", "송학 광"),
    as the log names it; a card's label in Japanese or Korean carries it (``card_label``)."""
    cid = card_id(card)
    theme = normalize_theme(theme)
    if lang == "en":
        return _card_name(theme, cid)
    check_language(lang)
    return _card_name_in(theme, cid, lang)


def card_label(card: int | str, theme: str, lang: str = "en") -> str:
    """A card's compact label, readable without colour (a card's ``aria-label`` and tooltip, the
    gallery's caption): month with its number, name and kind — ``themes.label`` in English
    ("Pine (1) · Crane and Sun · Bright"), the catalogue's words otherwise ("松 (1) · 松に鶴 · 光",
    "송학 (1) · 송학 광 · 광")."""
    theme = normalize_theme(theme)
    if lang == "en":
        return label(card, theme)
    check_language(lang)
    c = CARDS[card_id(card)]
    month = f"{text(f'month.{theme}.{c.month}', lang)} ({month_number(c.month, theme)})"
    return f"{month} · {_card_name_in(theme, c.id, lang)} · {text(f'kind.{c.kind.name.lower()}', lang)}"


def bot_name(bot: str, lang: str = "en") -> str:
    """A bot as every place names it — the seat chips, the scores, the log, the lobby list,
    replays, the leaderboard, the terminal: "Casual bot", "初級ボット", "초급 봇" (the catalogue's
    ``botname.<id>``); a level by its name ("Beginner bot", "入門ボット"); any other bot by its
    id ("Mybot bot")."""
    check_language(lang)
    bot_id = bot.strip().lower()
    if has(f"botname.{bot_id}", lang):
        return text(f"botname.{bot_id}", lang)
    if has(f"level.{bot_id}", lang):  # a level a person picked by name ("Beginner bot", agents.levels)
        return text("botname.other", lang, name=text(f"level.{bot_id}", lang))
    return text("botname.other", lang, name=player_label(bot))


def _known_bot(name: str) -> str | None:
    """The bot id a seat's name is, when it is one the catalogue names ("greedy", "greedy bot",
    "Casual bot")."""
    low = name.strip().lower()
    low = low[:-4] if low.endswith(" bot") else low
    return low if low and has(f"botname.{low}", "en") else None


DEFAULT_PLAYER = re.compile(r"(Player|Guest) ([1-9][0-9]?)")
"""The names a person's seat gets when no one gave one — "Player 1" (web/hub.py), "Guest 2" (an
invited seat not yet named, web/social/service.py): stored in English in tables and records, read
in each reader's language ("プレイヤー1", "ゲスト2", "손님 2"; walk41 finding 2 read "Guest 2" in a
Japanese lobby), so a match saved in one language and resumed in another names its seats in the
new one."""


def player_name(name: str | None, lang: str = "en", *, bot: str | None = None, person: bool = False) -> str:
    """A seat's player as people read it, in ``lang`` — one function for every place that shows a
    seat's name, so a bot reads the same everywhere (issue 28): a person by their name as they
    wrote it ("Ann"; ``person``: the caller knows the seat is a person's); a bot seat named by its bot's id
    ("greedy", "greedy bot") or left unnamed (``bot``: its id, when the caller knows it) by
    ``bot_name``; a person's seat handed to a bot ("Ann (greedy bot)", web/hub.py) as
    "Ann (Casual bot)", "Ann（初級ボット）"."""
    given = (name or "").strip()
    default = DEFAULT_PLAYER.fullmatch(given)
    if default:  # the name a seat gets when no one gave one: said in the reader's language
        key = "name.player_n" if default.group(1) == "Player" else "name.guest_n"
        return text(key, lang, n=int(default.group(2)))
    if person:
        return given
    if given.endswith(" bot)") and " (" in given:
        who, _, inner = given[:-len(" bot)")].rpartition(" (")
        if who and inner:
            return text("botname.for", lang, name=player_name(who, lang, person=True),
                        bot=bot_name(inner, lang))
    known = _known_bot(given)
    if known is not None:
        return bot_name(known, lang)
    if bot and given.lower() in ("", bot.lower(), f"{bot.lower()} bot"):
        return bot_name(bot, lang)
    return player_label(given)


def player_label(name: str) -> str:
    """A player's or bot's name as shown: "greedy" → "Greedy" (a bot id reads as a name)."""
    name = name.strip()
    return name[:1].upper() + name[1:] if name else name


_SAID: dict[tuple[str, str, int | str, bool], str] = {}
"""Every card name ``Namer.card`` said, by theme, language, card (id or code) and wild mark: a
web server names the same cards in every state it builds (a few thousand entries at most)."""


_JOINED: dict[tuple[object, ...], str] = {}
"""Every list of card names ``Namer.cards`` said, by theme, language, wild card (when marked),
last word and cards: a web server says the same piles and yaku cards after every move."""
JOINED_MAX = 8192


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
    """Seats a bot plays, when the caller knows them: their names (the bot's id) read by
    ``bot_name`` ("Casual bot", "初級ボット") and every other seat is a person's."""
    _seat_cache: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "theme", normalize_theme(self.theme))
        check_language(self.lang)

    # -- cards ---------------------------------------------------------------------------------

    def card(self, card: int | str, *, wild: bool = False) -> str:
        """A card's short name in the theme: "Cherry Curtain", "Willow Lightning (wild)".

        ``wild`` marks a wild card acting as wild (played from hand, turned over, in a hand).
        """
        key = (self.theme, self.lang, card, wild and self.is_wild(card))
        said = _SAID.get(key)
        if said is None:
            cid = card_id(card)
            name = _card_name(self.theme, cid) if self.lang == "en" \
                else _card_name_in(self.theme, cid, self.lang)
            said = _SAID[key] = self._mark(name, key[3])
        return said

    def _mark(self, name: str, wild: bool) -> str:
        """"Lightning" → "Lightning (wild)"; "Lightning (Gaji)" → "Lightning (Gaji, wild)"
        ("(万能)", "(만능)" in Japanese and Korean)."""
        if not wild:
            return name
        word = text("kind.wild", self.lang)
        if name.endswith(")"):
            return f"{name[:-1]}, {word})"
        if name.endswith("）"):  # "柳のカス（雷）" → "柳のカス（雷・万能）"
            return f"{name[:-1]}・{word}）"
        return f"{name}（{word}）" if self.lang == "ja" else f"{name} ({word})"

    def face_name(self, card: int | str, *, wild: bool = False) -> str:
        """The card's name without its month ("Curtain", "Light"), for a cell that shows the
        month on a line of its own; ``wild`` as in ``card``."""
        cid = card_id(card)
        if self.lang == "en":
            name = _short_names(self.theme)[cid]
            plant = month_label(CARDS[cid].month, self.theme).rsplit(" (", 1)[0]
            prefixes: tuple[str, ...] = (plant + " ",)
        else:  # "松に鶴" → "鶴", "松のカス" → "カス", "솔 홍단" → "홍단"
            name = _card_name_in(self.theme, cid, self.lang)
            plant = text(f"month.{self.theme}.{CARDS[cid].month}", self.lang)
            prefixes = (plant + "に", plant + "の", plant + " ")
        for prefix in prefixes:
            if name.startswith(prefix) and len(name) > len(prefix):
                name = name[len(prefix):]
                break
        subject = _ANIMAL_SUBJECT.match(name) if self.lang == "ko" else None
        if subject:  # "매조 열끗 (휘파람새)" → "휘파람새": the cell's kind line says 열끗
            name = subject.group(1)
        return self._mark(name, wild and self.is_wild(cid))

    def month(self, card: int | str) -> str:
        """The card's month as the theme shows it: "Pine (1)", "비 (12)", in Japanese "松 (1)"."""
        month = CARDS[card_id(card)].month
        if self.lang == "en":
            return month_label(month, self.theme)
        return f"{text(f'month.{self.theme}.{month}', self.lang)} ({month_number(month, self.theme)})"

    def cards(self, cards: Iterable[int | str], *, wild: bool = False, last: str = "and") -> str:
        """Card names joined: "Pine Chaff, Pine Poetry Ribbon and Pine Crane and Sun" (in
        Japanese "…、…、…", in Korean "…, …, …")."""
        listed = tuple(cards)
        marked = self.config.wild.card if wild and self.config.wild is not None else None
        key = (self.theme, self.lang, marked, last, listed)
        said = _JOINED.get(key)
        if said is None:
            names = [self.card(c, wild=wild) for c in listed]
            said = text("list.separator", self.lang).join(names) if self.lang != "en" \
                else join_words(names, last)
            if len(_JOINED) >= JOINED_MAX:  # a bound on memory: forget them all now and then
                _JOINED.clear()
            _JOINED[key] = said
        return said

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
            return text("kind.wild", self.lang)
        c = CARDS[cid]
        value = self.config.values[cid]
        if c.kind is Kind.CHAFF and value > _least_chaff_value(self.config.values):
            return text("kind.points", self.lang, points=value)
        kind_name = face(cid, self.theme).kind_name
        if self.lang == "en":
            return kind_name
        if kind_name == kind_label(Kind.CHAFF, self.theme) or c.kind is not Kind.CHAFF:
            return text(f"kind.{c.kind.name.lower()}", self.lang)
        return text("kind.rubbish", self.lang)  # Hawaiʻifuda's unnamed chaff (RULES.md §1)

    def kind_title(self, kind: Kind, count: int | None = None) -> str:
        """A kind as a heading: "Brights", "Kwang", "Scrolls" (plural unless count is 1); in
        Japanese and Korean the catalogue's word (光, 띠)."""
        if self.lang != "en":
            return text(f"kind.{kind.name.lower()}", self.lang)
        word = kind_label(kind, self.theme)
        if count == 1 or word.endswith("s") or not word.isascii() or kind is Kind.CHAFF:
            return word
        return word + "s"

    # -- seats, sides, teams -------------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """"You", "Casual bot (seat 3)", "Seat 4" (seat numbers from 1: ``seat_number``)."""
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
            text = (f"{self.player(seat)} (seat {number})" if given and given.strip()
                    else f"Seat {number}")
        self._seat_cache[seat] = text
        return text

    def player(self, seat: int) -> str:
        """Who plays ``seat``, without its number (``player_name``): a person's name, a bot by
        ``bot_name`` ("Casual bot").  When ``bots`` says which seats bots play, the others are
        people whatever their names; else a name that is a bot's id reads as that bot."""
        given = self.players[seat] if seat < len(self.players) else None
        return player_name(given, self.lang, person=bool(self.bots) and seat not in self.bots)

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
