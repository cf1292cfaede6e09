"""The modern minimal deck (issue 33): for whoever wants the most legible faces.

One large month number, one large symbol of the month's plant, and a band in the kind's
colour with the kind's mark, letter and points.  Within a month the kinds tell the cards
apart (RULES.md §1: each month has at most one bright, one animal and one ribbon); the
chaff that counts apart (``paulownia-chaff1``) and the wild willow keep a mark of their own.
"""

from __future__ import annotations

import math

from ...cards import Card, Kind, RibbonColour
from .faces import FONT, kind_mark
from .motifs import chrysanthemum, circle, line, maple_leaf, shape
from .palette import Palette

__all__ = ["modern"]


def _symbol(month: int, p: Palette) -> str:
    """The month's plant as one bold sign, centred on (60, 86)."""
    if month == 1:  # pine: three needle fans on a trunk
        return (line("M60 128V70", p.brown, 7)
                + "".join(shape(f"M{x - r} {y}A{r} {r * .8} 0 0 1 {x + r} {y}Z", p.green, p.ink, 2)
                          for x, y, r in ((60, 62, 26), (36, 96, 22), (84, 96, 22))))
    if month in (2, 3):  # plum round petals, cherry notched petals
        fill, centre = (p.red, p.gold) if month == 2 else (p.pink, p.red)
        out = ""
        for i in range(5):
            a = 2 * math.pi * i / 5 - math.pi / 2
            out += (f'<circle cx="{60 + 20 * math.cos(a):.1f}" cy="{86 + 20 * math.sin(a):.1f}" r="17" '
                    f'fill="{fill}" stroke="{p.ink}" stroke-width="2"/>')
            if month == 3:
                out += line(f"M{60 + 28 * math.cos(a):.1f} {86 + 28 * math.sin(a):.1f}"
                            f"L{60 + 38 * math.cos(a):.1f} {86 + 38 * math.sin(a):.1f}", p.ink, 2.4)
        return out + f'<circle cx="60" cy="86" r="9" fill="{centre}" stroke="{p.ink}" stroke-width="2"/>'
    if month == 4:  # wisteria: a hanging cluster
        return line("M20 46H100", p.ink, 4) + "".join(
            f'<ellipse cx="{60 + (6 if k % 2 else -6)}" cy="{56 + k * 14}" rx="{18 - 2 * k}" '
            f'ry="{9 - k * .8:.1f}" '
            f'fill="{p.purple}" stroke="{p.ink}" stroke-width="2"/>' for k in range(6))
    if month == 5:  # iris: three petals on two blades
        return (shape("M50 136C52 110 56 96 58 84L62 84C62 100 60 118 60 136Z", p.green, p.ink, 2)
                + shape("M60 84c-24 -8 -36 12 -28 28c14 0 22 -12 28 -28c6 16 14 28 28 28c8 -16 -4 -36 -28 -28"
                        "c-8 -16 -4 -32 0 -40c4 8 8 24 0 40Z", p.purple, p.ink, 2))
    if month == 6:  # peony: a large layered bloom
        out = "".join(f'<circle cx="{60 + 22 * math.cos(2 * math.pi * i / 9):.1f}" '
                      f'cy="{86 + 22 * math.sin(2 * math.pi * i / 9):.1f}" r="16" fill="{p.red}" '
                      f'stroke="{p.ink}" stroke-width="2"/>' for i in range(9))
        return out + f'<circle cx="60" cy="86" r="16" fill="{p.pink}" stroke="{p.ink}" stroke-width="2"/>'
    if month == 7:  # bush clover: three-part leaf and flowers on an arching stem
        return (line("M34 134C40 100 60 70 90 50", p.red, 4)
                + "".join(f'<ellipse cx="{x}" cy="{y}" rx="13" ry="8" transform="rotate({a} {x} {y})" '
                          f'fill="{p.leaf}" stroke="{p.ink}" stroke-width="2"/>'
                          for x, y, a in ((44, 104, -60), (62, 86, 20), (70, 70, -50), (40, 80, 30)))
                + "".join(circle(x, y, 6, p.purple, p.ink, 1.5)
                          for x, y in ((86, 54), (80, 72), (56, 110))))
    if month == 8:  # pampas: full moon over a hill
        return (f'<circle cx="60" cy="72" r="30" fill="{p.white}" stroke="{p.ink}" stroke-width="2.4"/>'
                + shape("M14 134Q60 90 106 134Z", p.ink, p.ink, 2))
    if month == 9:  # chrysanthemum: the rounded-petal crest
        return chrysanthemum(60, 86, 46, p.yellow, p.red, p.ink)
    if month == 10:  # maple: one large leaf
        return maple_leaf(60, 80, 2.6, p.red, p.ink)
    if month == 11:  # willow: drooping strands from a bough
        return line("M20 46Q60 36 100 46", p.ink, 4) + "".join(
            line(f"M{x} 44C{x - 8} 76 {x + 8} 104 {x} 132", p.leaf, 6) for x in (32, 50, 68, 86))
    # paulownia: a three-lobed leaf under three flower spikes
    return (shape("M60 134c-30 -2 -40 -32 -22 -44c6 8 14 8 22 -2c8 10 16 10 22 2c18 12 8 42 -22 44Z",
                  p.leaf, p.ink, 2)
            + "".join(line(f"M{x} 84V48", p.purple, 9) for x in (44, 60, 76)))


def _kind_mark(card: Card, p: Palette) -> tuple[str, str, str]:
    """(band colour, text colour, mark drawn at the band's left) for the card's kind."""
    if card.kind is Kind.BRIGHT:
        rays = "".join(f"M{22 + 11 * math.cos(a):.1f} {163 + 11 * math.sin(a):.1f}"
                       f"L{22 + 15 * math.cos(a):.1f} {163 + 15 * math.sin(a):.1f}"
                       for a in (math.pi * k / 4 for k in range(8)))
        return p.gold, p.ink, circle(22, 163, 8, p.red, p.ink, 1.5) + line(rays, p.ink, 2)
    if card.kind is Kind.ANIMAL:
        return p.indigo, p.white, shape("M22 151L32 163L22 175L12 163Z", p.white, p.ink, 1.5)
    if card.kind is Kind.RIBBON:
        colour = p.blue if card.ribbon is RibbonColour.BLUE else p.red
        if card.ribbon is RibbonColour.POETRY:
            # a gold ribbon with its writing: unlike the plain red ribbon's white one, this
            # still tells at 40 px (independent review; the poetry ribbons make their own yaku)
            mark = (shape("M14 148H30V178L22 172L14 178Z", p.yellow, p.ink, 1.5)
                    + line("M18 154h8M18 160h8M18 166h8", p.ink, 2.2))
        else:
            mark = shape("M16 148H28V178L22 173L16 178Z", p.white, p.ink, 1.5)
        return colour, p.white, mark
    if card.code == "willow-lightning":
        return p.ink, p.yellow, shape("M24 148L14 165H22L18 178L31 158H23L28 148Z", p.yellow, p.ink, 1)
    if card.code == "paulownia-chaff1":
        return p.band, p.ink, f'<circle cx="22" cy="163" r="9" fill="{p.ink}"/>'
    return "#5d5d5d", p.white, f'<circle cx="22" cy="163" r="6" fill="{p.white}"/>'


def modern(card: Card, month_number: int, points: int | None, p: Palette) -> str:
    """The body of a modern face (the frame is ``faces.frame``): the band says the kind's letter
    and the card's points in the game at hand, the letter alone where the game scores no card
    by its points (Koi-Koi)."""
    band, text, mark = _kind_mark(card, p)
    return (f'<text x="9" y="40" font-family="{FONT}" font-weight="800" font-size="36" '
            f'fill="{p.ink}">{month_number}</text>'
            f'<g stroke-linejoin="round" stroke-linecap="round" transform="translate(10 12) scale(.86)">'
            f'{_symbol(card.month, p)}</g>'
            f'<rect x="4" y="142" width="112" height="44" fill="{band}"/>{mark}'
            f'<text x="72" y="174" text-anchor="middle" font-family="{FONT}" font-weight="800" '
            f'font-size="28" fill="{text}">{kind_mark(card, points)}</text>')
