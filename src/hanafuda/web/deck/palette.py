"""The colours of each theme's deck (issue 33; themes of RULES.md §1).

A palette is display only, like a theme: the traditional Japanese deck is printed in ink
black, vermilion, gold and indigo on cream paper; Korean hwatu cards are brighter, on white
paper with red backs; the Hawaiʻifuda palette takes the sea, lava and sunset colours of its
islands.  Kwa-Dō is played with a hwatu deck, so it shares hwatu's palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["PALETTES", "Palette", "palette"]


@dataclass(frozen=True, slots=True)
class Palette:
    """One deck's colours; every face and back is drawn only with these."""

    paper: str
    ink: str
    red: str
    sky: str
    gold: str
    indigo: str
    blue: str
    green: str
    leaf: str
    purple: str
    pink: str
    brown: str
    yellow: str
    white: str
    back: str
    back_ink: str
    band: str
    """The coloured ground of the paulownia chaff that counts apart (``paulownia-chaff1``,
    RULES.md §1: yellow in the Japanese deck, red in hwatu)."""
    dark_paper: str
    """The paper on a dark page (issue 33, "in light and dark"): the same paper a little dimmed,
    so a hand of cards does not glare on the dark felt yet still reads as light card stock."""
    rim: str
    """A light rim around the black folded edge on a dark page: black on the dark felt hardly
    shows, so the rim draws the card's outline (the edge contrasts with the felt)."""


PALETTES: Final[dict[str, Palette]] = {
    "hanafuda": Palette(
        paper="#f3ead3", ink="#1c1713", red="#c1272d", sky="#b3261e", gold="#d4a236",
        indigo="#26346b", blue="#24439a", green="#2f5e3a", leaf="#4d7a3a", purple="#5a3a7e",
        pink="#efb3bf", brown="#6e4426", yellow="#e2b53a", white="#fbf8ee", back="#231a16",
        back_ink="#8e1f1c", band="#e2b53a", dark_paper="#ddd3bc", rim="#d3c9b6"),
    "hwatu": Palette(
        paper="#fbf9f2", ink="#111111", red="#e0242b", sky="#d8232a", gold="#f2b51c",
        indigo="#1b2f7a", blue="#1d50c0", green="#13813a", leaf="#3c9a3c", purple="#6a2f95",
        pink="#f5a0b4", brown="#7a4a22", yellow="#f5c518", white="#ffffff", back="#b5121b",
        back_ink="#f0c94a", band="#d8232a", dark_paper="#dddad2", rim="#d4d4d4"),
    "hawaiifuda": Palette(
        paper="#fbf1dc", ink="#1b1a1f", red="#d8432a", sky="#e06a2c", gold="#eeb32b",
        indigo="#11506b", blue="#1677a8", green="#23855a", leaf="#4f9b46", purple="#7b3f8f",
        pink="#ee6f8e", brown="#6b4a2c", yellow="#f4c63d", white="#fffaf0", back="#0f4c5c",
        back_ink="#f2b33d", band="#f4c63d", dark_paper="#dfd5bf", rim="#d6cbb3"),
}
PALETTES["kwa-do"] = PALETTES["hwatu"]


def palette(theme: str) -> Palette:
    """The palette of a theme (already normalised by ``themes.normalize_theme``)."""
    return PALETTES[theme]
