"""Terminal looks of the words layer's texts: card cells and colours.

Every sentence comes from ``hanafuda.words``; this module only cuts a card into the lines of a
cell and picks colours.
"""

from __future__ import annotations

from ..cards import CARDS, Kind, RibbonColour, card_id
from ..words import Namer

__all__ = ["card_cell", "card_style"]


def card_style(card: int | str, namer: Namer | None = None, *, wild: bool = False) -> str:
    """A Rich colour for the card's kind (blue ribbons blue, other ribbons red, a wild card
    where it acts wild magenta)."""
    c = CARDS[card_id(card)]
    if wild and namer is not None and namer.is_wild(c.id):
        return "bold magenta"
    if c.kind is Kind.BRIGHT:
        return "bold yellow"
    if c.kind is Kind.ANIMAL:
        return "green"
    if c.kind is Kind.RIBBON:
        return "bold blue" if c.ribbon is RibbonColour.BLUE else "bold red"
    if namer is not None and namer.kind_word(c.id) != namer.kind_title(c.kind):
        return "bold"  # a chaff worth points in this game (Hawaiʻifuda's Light)
    return "bright_black"


def card_cell(card: int | str, namer: Namer, *, wild: bool = False) -> tuple[str, str, str]:
    """A card cell's three lines: month, name, and kind (or its special value); ``wild`` for a
    card where it acts wild (in the hand), which then reads "wild"."""
    cid = card_id(card)
    return namer.month(cid), namer.face_name(cid, wild=wild), namer.kind_word(cid, wild=wild)
