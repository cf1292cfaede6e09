"""Whole faces and backs: the card frame, the drawn art, the optional corner index.

The traditional face has **no words** (issue 33): what a card is — name, month, kind,
points — is said by the page (``aria-label``, tooltip, detail) and, for whoever switches it
on, by a small corner index (month number and kind letter with points).  The SVG ``<title>``
carries the same label for an image opened on its own; it is never drawn.
"""

from __future__ import annotations

from html import escape

from ...cards import Card, Kind, RibbonColour
from . import hawaii_early, hawaii_late
from .motifs import POETRY_WRITING, ground, line, plant, ribbon, subject
from .palette import Palette

__all__ = ["FONT", "H", "LETTER", "RIM", "W", "back", "dark_style", "frame", "index", "kind_mark",
           "traditional", "traditional_defs"]

W, H = 120, 190
RIM = 4
"""The dark page's rim: a stroke this wide on the edge's outline shows its outer half (2 of
the edge's 4 units: about 1 px at 40 px wide, 2.4 px at 120), the inner half stays black."""
FONT = "'Noto Sans', 'DejaVu Sans', 'NanumGothic', 'IPAGothic', sans-serif"
LETTER = {Kind.BRIGHT: "B", Kind.ANIMAL: "A", Kind.RIBBON: "R", Kind.CHAFF: "C"}

_BRUSH = ('<filter id="b" x="-4%" y="-4%" width="108%" height="108%">'
          '<feTurbulence type="fractalNoise" baseFrequency="0.07" numOctaves="2" seed="5"/>'
          '<feDisplacementMap in="SourceGraphic" scale="2.4" xChannelSelector="R" yChannelSelector="G"/>'
          '</filter>')
"""The brush texture: a slight wobble on every outline, as a hand-cut block print has."""


def dark_style(p: Palette) -> str:
    """The face on a dark page (issue 33: faces "in light and dark"): the paper a little dimmed
    and a light rim around the black edge, so the card neither glares on the dark felt nor
    loses its outline against it.  A media query inside the SVG, not a second URL: a browser
    draws an ``<img>``'s SVG in the colour scheme the page uses (``theme.css`` sets
    ``color-scheme: dark`` with the system's dark mode), so one cached face serves both."""
    return (f'<style>@media (prefers-color-scheme:dark){{.pp{{fill:{p.dark_paper}}}'
            f'.ed{{stroke:{p.rim};stroke-width:{RIM}}}}}</style>')


def _edge(p: Palette) -> str:
    """The black rounded edge (the folded-over black paper of a real card); on a dark page
    ``dark_style`` strokes it with the light rim."""
    return f'<rect class="ed" x=".5" y=".5" width="119" height="189" rx="9" fill="{p.ink}"/>'


def frame(title: str, body: str, p: Palette, paper: str, defs: str = "") -> str:
    """A card: black rounded edge, the paper face clipped to the rounded inner corners, and
    ``body`` on it; light and dark (``dark_style``)."""
    t = escape(title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" aria-label="{t}">'
            f'<title>{t}</title>{dark_style(p)}<defs><clipPath id="c">'
            f'<rect x="4" y="4" width="112" height="182" rx="6"/></clipPath>{defs}</defs>{_edge(p)}'
            f'<g clip-path="url(#c)"><rect class="pp" width="{W}" height="{H}" fill="{paper}"/>{body}</g>'
            '</svg>')


def _ribbon_colour(card: Card, p: Palette) -> str:
    return p.blue if card.ribbon is RibbonColour.BLUE else p.red


def _bright_mark(p: Palette) -> str:
    """Hwatu's bright mark: 光 in a red circle, drawn as brush strokes (a design element of the
    Korean deck, not a word: no ``<text>``)."""
    strokes = ("M101 12v6M95 13l2 4M107 13l-2 4M92 20h18M98 20c0 6 -2 8 -7 10"
               "M104 20v7c0 3 2 3 6 3v-3")
    return (f'<circle cx="101" cy="21" r="13" fill="{p.red}" stroke="{p.ink}" stroke-width="1.2"/>'
            + line(strokes, p.white, 2.2))


def traditional(card: Card, theme: str, p: Palette) -> str:
    """The art of one traditional face (no frame): ground, plant, then ribbon or subject."""
    hawaiian = (hawaii_early.art(card, p) or hawaii_late.art(card, p)) if theme == "hawaiifuda" else None
    if hawaiian is not None:
        # Hawaiʻifuda's own subjects and plants (RULES.md §1 names them): months 1–6 in
        # hawaii_early, 7–12 (Pāhoehoe included) in hawaii_late
        art = hawaiian
    else:
        art = ground(card.code, card.month, card.slot, p) + plant(card.code, card.month, card.slot, p)
        if card.kind is Kind.RIBBON and card.ribbon is not None:
            writing = POETRY_WRITING[card.month] if card.ribbon is RibbonColour.POETRY else ""
            art += ribbon(_ribbon_colour(card, p), writing, p,
                          x=-6 if card.slot % 2 else 6, tilt=-8 if card.month % 2 else 8)
        art += subject(card.code, p)
    out = (f'<g filter="url(#b)" stroke-linejoin="round" stroke-linecap="round">{art}</g>')
    if card.kind is Kind.BRIGHT and theme in ("hwatu", "kwa-do"):
        out += _bright_mark(p)
    return out


def traditional_defs() -> str:
    return _BRUSH


def kind_mark(card: Card, points: int | None) -> str:
    """The kind's letter and the card's points in the game at hand ("B20"), the letter alone
    where the game scores no card by its points (Koi-Koi): the corner index's and the modern
    band's words."""
    return LETTER[card.kind] + ("" if points is None else str(points))


def index(month_number: int, card: Card, points: int | None, p: Palette) -> str:
    """The optional corner index: month number over ``kind_mark``, on a paper tab."""
    mark = kind_mark(card, points)
    return (f'<rect class="pp" x="5" y="5" width="31" height="39" rx="4" fill="{p.white}" fill-opacity=".94" '
            f'stroke="{p.ink}" stroke-width="1.2"/>'
            f'<text x="20.5" y="23" text-anchor="middle" font-family="{FONT}" font-weight="700" '
            f'font-size="{18 if month_number < 10 else 15}" fill="{p.ink}">{month_number}</text>'
            f'<text x="20.5" y="38.5" text-anchor="middle" font-family="{FONT}" font-weight="700" '
            f'font-size="12" fill="{p.ink}">{mark}</text>')


def back(theme: str, p: Palette) -> str:
    """A theme's back: the same for every card, so it gives nothing away.  Japanese backs are
    near-black, hwatu backs red, Hawaiʻifuda's the deep sea with waves."""
    if theme == "hawaiifuda":
        pattern = "".join(f"M8 {y}q8 -8 16 0t16 0t16 0t16 0t16 0t16 0t16 0" for y in range(24, 180, 16))
    else:
        pattern = "".join(f"M{x} 8L{x + 104} 112" for x in range(-96, 112, 16))
        pattern += "".join(f"M{x} 8L{x - 104} 112" for x in range(8, 216, 16))
    crest = "".join(f'<circle cx="{60 + 11 * c}" cy="{95 + 11 * s}" r="9" fill="none" stroke="{p.back_ink}" '
                    f'stroke-width="2.4"/>' for c, s in ((1, 0), (0, 1), (-1, 0), (0, -1)))
    t = "card back"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" aria-label="{t}">'
            f'<title>{t}</title>{dark_style(p)}<defs><clipPath id="c">'
            f'<rect x="8" y="8" width="104" height="174" rx="5"/></clipPath></defs>{_edge(p)}'
            f'<rect x="4" y="4" width="112" height="182" rx="6" fill="{p.back}"/>'
            f'<g clip-path="url(#c)" opacity=".35">{line(pattern, p.back_ink, 1.2)}</g>'
            f'<rect x="8" y="8" width="104" height="174" rx="5" fill="none" stroke="{p.back_ink}" '
            'stroke-width="1.5"/>'
            f'<circle cx="60" cy="95" r="26" fill="{p.back}" stroke="{p.back_ink}" stroke-width="2.4"/>'
            f'{crest}</svg>')
