"""Card faces and backs as SVG, drawn by us (issue 33; the cards of RULES.md §1).

Two decks: ``traditional`` (the default) draws the 48 subjects as the classic designs show
them, in the theme's palette, with **no words on the face**; ``modern`` is a minimal deck with a
large month number and symbol and the kind's band, for the most legible faces.  What a card
is (name, month, kind, points) is the page's to say (``aria-label``, tooltip); on a
traditional face a small corner index says it too when ``index`` is on.  Every face carries
the label in its ``<title>`` (never drawn) for an image opened on its own.

docs/cards.md says card by card what each face depicts.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..cards import CARDS, Kind, card_id
from ..rules import get_game
from ..themes import face, normalize_theme
from ..words.names import card_label
from .deck.faces import back, frame, index, traditional, traditional_defs
from .deck.modern import modern
from .deck.palette import palette

__all__ = ["DECKS", "UnknownDeckError", "back_svg", "card_svg", "game_values"]

DECKS: Final = ("traditional", "modern")
"""The decks a face can be drawn in; ``traditional`` is the default."""

_POINTS: Final = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
"""The usual value of each kind (Hana-Awase's, RULES.md §1), for a face shown outside any game."""


class UnknownDeckError(ValueError):
    """A deck name that is not one of ``DECKS``."""


@lru_cache(maxsize=16)
def game_values(game: str) -> tuple[int, ...] | None:
    """A game's value of each card by id with its default options, from the game's own rules
    (``Game.values``, RULES.md §1: Min-Hwatu and Kwa-Dō chaff 0, Hawaiʻifuda's Sakura values),
    or ``None`` for a game that scores no card by its points (Koi-Koi scores yaku only: every
    value is 0).  Raises ``UnknownGameError`` (a ``ValueError``) for a game nobody has."""
    rules = get_game(game)
    values = rules.configure(min(rules.player_counts())).values
    return values if any(values) else None


@lru_cache(maxsize=1024)
def card_svg(code: str, theme: str = "hanafuda", points: int | None = None, lang: str = "en",
             deck: str = "traditional", index_on: bool = False, game: str | None = None) -> str:
    """The face of one card as a standalone SVG document.

    What the corner index and the modern deck's band print, and the label says, is the card's
    points in the game at hand: ``points`` (the table's ``Config.values``, which follow its
    options), else the ``game``'s value with its default options (``game_values``), else —
    shown outside any game — the usual value of the card's kind.  In a game that scores no
    card by its points (Koi-Koi) the face shows the kind alone, and a ``points`` is refused.
    ``lang`` is the label's language (the face itself has no words).  ``theme`` picks the
    palette and the month numbers (Korean numbering for hwatu and Kwa-Dō)."""
    if deck not in DECKS:
        raise UnknownDeckError(f"unknown deck {deck!r}; decks: {', '.join(DECKS)}")
    card = CARDS[card_id(code)]
    theme = normalize_theme(theme)
    shown: int | None = points
    if game is not None:
        values = game_values(game)
        if values is None and points is not None:
            raise ValueError(f"{game} scores no card by its points; a face of it shows no points")
        if values is not None and points is None:
            shown = values[card.id]
    elif points is None:
        shown = _POINTS[card.kind]
    f = face(card.code, theme)
    p = palette(theme)
    worth = "" if shown is None else f", {shown} points"
    title = (f"{f.name}. {f.month_name}, month {f.month_number}. {f.kind_name}{worth}."
             if lang == "en" else card_label(card.code, theme, lang))
    if deck == "modern":
        return frame(title, modern(card, f.month_number, shown, p), p, p.white)
    body = traditional(card, theme, p)
    if index_on:
        body += index(f.month_number, card, shown, p)
    return frame(title, body, p, p.paper, traditional_defs())


@lru_cache(maxsize=8)
def back_svg(theme: str = "hanafuda") -> str:
    """The back of every card of a theme's deck, the same for every card so it gives nothing
    away (RULES.md §2: the stock and the other hands are face down)."""
    theme = normalize_theme(theme)
    return back(theme, palette(theme))
