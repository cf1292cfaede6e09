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
from ..themes import face, normalize_theme
from ..words.names import card_label
from .deck.faces import back, frame, index, traditional, traditional_defs
from .deck.modern import modern
from .deck.palette import palette

__all__ = ["DECKS", "UnknownDeckError", "back_svg", "card_svg"]

DECKS: Final = ("traditional", "modern")
"""The decks a face can be drawn in; ``traditional`` is the default."""

_POINTS: Final = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}


class UnknownDeckError(ValueError):
    """A deck name that is not one of ``DECKS``."""


@lru_cache(maxsize=1024)
def card_svg(code: str, theme: str = "hanafuda", points: int | None = None, lang: str = "en",
             deck: str = "traditional", index_on: bool = False) -> str:
    """The face of one card as a standalone SVG document.

    ``points`` is the card's value in the game at hand (``Config.values``, RULES.md §1: e.g.
    Hawaiʻifuda ribbons are worth 10, Min-Hwatu chaff 0); without it, the usual value of the
    card's kind.  It shows on the corner index and on the modern deck's band, and is said in
    the label.  ``lang`` is the label's language (the face itself has no words).  ``theme``
    picks the palette and the month numbers (Korean numbering for hwatu and Kwa-Dō)."""
    if deck not in DECKS:
        raise UnknownDeckError(f"unknown deck {deck!r}; decks: {', '.join(DECKS)}")
    card = CARDS[card_id(code)]
    theme = normalize_theme(theme)
    f = face(card.code, theme)
    p = palette(theme)
    if points is None:
        points = _POINTS[card.kind]
    title = (f"{f.name}. {f.month_name}, month {f.month_number}. {f.kind_name}, {points} points."
             if lang == "en" else card_label(card.code, theme, lang))
    if deck == "modern":
        return frame(title, modern(card, f.month_number, points, p), p, p.white)
    body = traditional(card, theme, p)
    if index_on:
        body += index(f.month_number, card, points, p)
    return frame(title, body, p, p.paper, traditional_defs())


@lru_cache(maxsize=8)
def back_svg(theme: str = "hanafuda") -> str:
    """The back of every card of a theme's deck, the same for every card so it gives nothing
    away (RULES.md §2: the stock and the other hands are face down)."""
    theme = normalize_theme(theme)
    return back(theme, palette(theme))
