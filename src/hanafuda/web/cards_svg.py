"""Card faces drawn by code as SVG: an original design, no copied art.

Each face shows the month's plant (a few simple shapes per plant), the card's kind (a sun
disc for brights, a creature medallion for animals, a coloured ribbon for ribbons), its usual
points, its name in the theme and the month number of the theme's tradition.  Every face also
says in words what it is (``<title>``, and kind letters B/A/R/C readable without colour).
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from html import escape

from ..cards import CARDS, Kind, RibbonColour, card_id
from ..themes import face
from ..words.names import card_label, card_name

__all__ = ["back_svg", "card_svg"]

W, H = 120, 190
_POINTS = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}
_LETTER = {Kind.BRIGHT: "B", Kind.ANIMAL: "A", Kind.RIBBON: "R", Kind.CHAFF: "C"}
_KIND_COLOUR = {Kind.BRIGHT: "#b8860b", Kind.ANIMAL: "#2f5d8a", Kind.RIBBON: "#a02c2c", Kind.CHAFF: "#555"}
_SKY = {1: "#fbe9d0", 2: "#fde8e4", 3: "#fdeef3", 4: "#efe9f7", 5: "#e7eef9", 6: "#fdebe6",
        7: "#f3ecf5", 8: "#f4eedc", 9: "#fdf6da", 10: "#fbe7d9", 11: "#e3ece6", 12: "#eee8f4"}
_RIBBON = {RibbonColour.POETRY: "#c8282d", RibbonColour.GRASS: "#c8282d", RibbonColour.BLUE: "#23479b",
           RibbonColour.PLAIN: "#c8282d"}


def _flower(cx: float, cy: float, r: float, petals: int, fill: str, centre: str) -> str:
    parts = []
    for i in range(petals):
        a = 2 * math.pi * i / petals - math.pi / 2
        px, py = cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a)
        parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{r * 0.48:.1f}" fill="{fill}"/>')
    parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.28:.1f}" fill="{centre}"/>')
    return "".join(parts)


def _branch(d: str, width: float = 4, colour: str = "#5b3a29") -> str:
    return f'<path d="{d}" stroke="{colour}" stroke-width="{width}" fill="none" stroke-linecap="round"/>'


def _plant(month: int, slot: int) -> str:
    """The month's plant; ``slot`` varies the arrangement a little so the four cards differ."""
    flip = -1 if slot % 2 else 1
    if month == 1:  # pine: trunk and dark green needle tufts
        out = _branch("M60 185 C55 150 70 120 58 90", 7)
        for x, y in ((40, 95), (78, 110), (52, 130), (84, 140), (34, 150)):
            out += (f'<path d="M{x - 22} {y} Q{x} {y - 26} {x + 22} {y} Z" fill="#1f5f3a"/>'
                    f'<path d="M{x - 16} {y - 3} Q{x} {y - 18} {x + 16} {y - 3}" stroke="#2f8a57" '
                    'stroke-width="2" fill="none"/>')
        return out
    if month == 2:  # plum: dark crooked branch, red five-petal flowers
        path = f"M{60 - 40 * flip} 185 L{60 - 10 * flip} 140 L{60 + 25 * flip} 120 L{60 + 5 * flip} 80"
        out = _branch(path, 5, "#3b2a22")
        for x, y in ((60 - 10 * flip, 140), (60 + 25 * flip, 120), (60 + 5 * flip, 80), (40, 105), (82, 160)):
            out += _flower(x, y, 11, 5, "#d2233c", "#f7d54a")
        return out
    if month == 3:  # cherry: pale pink blossom clouds
        out = ""
        for x, y in ((30, 150), (60, 135), (92, 150), (45, 170), (80, 172), (60, 160)):
            out += _flower(x, y, 18, 5, "#f4a7bd", "#e05b84")
        return out
    if month == 4:  # wisteria: hanging purple racemes
        out = _branch("M5 40 Q60 20 115 40", 3, "#5b3a29")
        for x in (25, 50, 75, 100):
            for k in range(7):
                out += (f'<ellipse cx="{x + (k % 2) * 4 - 2}" cy="{48 + k * 11}" rx="{8 - k * 0.7:.1f}" '
                        f'ry="5" fill="{"#7b4bb7" if k % 2 else "#9b6fd3"}"/>')
        return out
    if month == 5:  # iris: long blades and violet flowers
        out = ""
        for x in (20, 42, 64, 86, 104):
            out += _branch(f"M{x} 188 Q{x + 6} 140 {x - 4} 95", 5, "#2e7d4f")
        for x, y in ((30, 100), (75, 90)):
            out += (f'<path d="M{x} {y} q-14 -4 -12 12 q10 2 12 -12 q14 -4 12 12 q-10 2 -12 -12 '
                    f'q-4 -16 0 -22 q4 6 0 22" fill="#5a3fa8"/><circle cx="{x}" cy="{y + 2}" r="2" '
                    'fill="#f2d541"/>')
        return out
    if month == 6:  # peony: big layered red flowers with leaves
        out = ""
        for x, y, r in ((40, 130, 26), (86, 160, 20)):
            out += f'<path d="M{x - 30} {y + 20} q15 -25 30 0 q15 -25 30 0" fill="#2f7a45"/>'
            out += _flower(x, y, r, 8, "#c81e4b", "#f5b3c6")
            out += _flower(x, y, r * 0.55, 6, "#e2457a", "#f7d54a")
        return out
    if month == 7:  # bush clover: arching stems with tiny magenta flowers and round leaves
        out = ""
        for i, x in enumerate((15, 40, 65, 90)):
            out += _branch(f"M{x} 188 Q{x + 30} 130 {x + 10} 80", 2, "#7a4a2a")
            for k in range(5):
                yy = 170 - k * 20
                xx = x + 18 - abs(k - 2) * 3
                col = "#c2378f" if (k + i) % 2 else "#3f8a4a"
                out += f'<ellipse cx="{xx}" cy="{yy}" rx="6" ry="3.5" fill="{col}"/>'
        return out
    if month == 8:  # susuki: dark hill with pale grass plumes
        out = '<path d="M0 130 Q60 90 120 130 L120 190 L0 190 Z" fill="#3a3a3a"/>'
        for x in range(8, 120, 14):
            out += _branch(f"M{x} 190 Q{x + 4} 150 {x + 10} 120", 2, "#e9e2c8")
        return out
    if month == 9:  # chrysanthemum: yellow radial flowers
        out = ""
        for x, y, r in ((40, 140, 24), (88, 165, 16), (90, 110, 12)):
            for i in range(16):
                a = 2 * math.pi * i / 16
                out += (f'<ellipse cx="{x + r * 0.6 * math.cos(a):.1f}" cy="{y + r * 0.6 * math.sin(a):.1f}" '
                        f'rx="{r * 0.42:.1f}" ry="{r * 0.16:.1f}" transform="rotate({math.degrees(a):.0f} '
                        f'{x + r * 0.6 * math.cos(a):.1f} {y + r * 0.6 * math.sin(a):.1f})" fill="#e6a817"/>')
            out += f'<circle cx="{x}" cy="{y}" r="{r * 0.3:.1f}" fill="#c0611b"/>'
        return out
    if month == 10:  # maple: red five-point leaves
        out = ""
        for x, y, s, c in ((35, 70, 1.0, "#d8431f"), (85, 100, 0.8, "#b52a1a"), (45, 150, 0.9, "#e2762a"),
                           (90, 165, 0.7, "#d8431f")):
            pts = []
            for i in range(10):
                a = -math.pi / 2 + math.pi * i / 5
                rr = (22 if i % 2 == 0 else 9) * s
                pts.append(f"{x + rr * math.cos(a):.1f},{y + rr * math.sin(a):.1f}")
            out += f'<polygon points="{" ".join(pts)}" fill="{c}"/>'
        return out
    if month == 11:  # willow: drooping green strands
        out = _branch("M100 0 Q110 60 95 120", 4, "#4b3a2a")
        for k in range(7):
            x = 15 + k * 14
            out += f'<path d="M{x} 0 Q{x - 8} 60 {x + 4} 120" stroke="#3e8e41" stroke-width="3" fill="none"/>'
        return out
    # paulownia: broad leaves and purple flower spikes
    out = ""
    for x, y in ((30, 160), (90, 165)):
        out += (f'<path d="M{x} {y} q-28 -10 -22 -38 q26 -6 22 38 q28 -10 22 -38 q-26 -6 -22 38" '
                'fill="#3d6b3a"/>')
    for x in (40, 60, 80):
        for k in range(4):
            out += f'<circle cx="{x}" cy="{112 - k * 9}" r="{6 - k}" fill="#8452b5"/>'
    return out


def _subject(code: str) -> str:
    """The card's subject for brights and animals: simple original emblems."""
    sun = '<circle cx="60" cy="55" r="24" fill="#d8262e"/>'
    moon = '<circle cx="60" cy="55" r="26" fill="#f8f4e3" stroke="#c9b87a" stroke-width="2"/>'
    bird = ('<path d="M30 95 q20 -30 50 -10 q10 -14 22 -6 q-12 4 -14 12 q-18 22 -58 4 Z" fill="{c}" '
            'stroke="#222" stroke-width="1.5"/><circle cx="88" cy="82" r="2" fill="#222"/>')
    table = {
        "pine-crane": sun + bird.format(c="#ffffff") + '<circle cx="92" cy="80" r="4" fill="#d8262e"/>',
        "cherry-curtain": ('<path d="M15 70 h90 v45 q-45 15 -90 0 Z" fill="#7a1f4f" stroke="#d4af37" '
                           'stroke-width="3"/><circle cx="40" cy="92" r="6" fill="#d4af37"/>'
                           '<circle cx="80" cy="92" r="6" fill="#d4af37"/>'),
        "susuki-moon": moon,
        "willow-rainman": ('<path d="M40 70 l20 -20 l20 20 Z" fill="#b5302b"/>'
                           '<rect x="48" y="70" width="24" height="45" rx="6" fill="#2b2b2b"/>'
                           '<circle cx="60" cy="66" r="7" fill="#f1d3b3"/>'),
        "paulownia-phoenix": ('<path d="M20 70 q40 -50 80 0 q-20 -5 -40 30 q-20 -35 -40 -30 Z" '
                              'fill="#c73a2f"/>'
                              '<path d="M45 95 q15 30 30 0" stroke="#e6a817" stroke-width="5" fill="none"/>'),
        "plum-warbler": bird.format(c="#8aa83a"),
        "wisteria-cuckoo": bird.format(c="#4d4d4d") + '<circle cx="60" cy="45" r="14" fill="#f4c430"/>',
        "iris-bridge": ('<path d="M10 120 L40 95 L80 95 L110 120" stroke="#6b4a2b" stroke-width="7" '
                        'fill="none"/><path d="M40 95 v25 M80 95 v25" stroke="#6b4a2b" stroke-width="4"/>'),
        "peony-butterflies": ('<path d="M60 60 q-30 -25 -30 5 q0 15 30 0 q30 15 30 0 q0 -30 -30 -5" '
                              'fill="#e38b1d" stroke="#333" stroke-width="1.5"/>'),
        "clover-boar": ('<ellipse cx="60" cy="80" rx="34" ry="18" fill="#6b4a2b"/>'
                        '<circle cx="90" cy="74" r="10" fill="#6b4a2b"/>'
                        '<circle cx="94" cy="71" r="2" fill="#fff"/>'),
        "susuki-geese": ''.join(_branch(f"M{x} {y} l10 6 l10 -6", 3, "#222")
                                for x, y in ((30, 50), (55, 40), (80, 55))),
        "chrysanthemum-sake": ('<path d="M35 65 h50 l-8 30 h-34 Z" fill="#b5302b" stroke="#d4af37" '
                               'stroke-width="3"/><text x="60" y="88" text-anchor="middle" font-size="16" '
                               'fill="#d4af37">寿</text>'),
        "maple-deer": ('<ellipse cx="60" cy="95" rx="28" ry="14" fill="#a0652b"/>'
                       + _branch("M80 90 l8 -25 M84 70 l8 -6 M84 76 l-6 -6", 3, "#5b3a29")),
        "willow-swallow": bird.format(c="#1f2a44"),
    }
    return table.get(code, "")


def _ribbon(colour: RibbonColour) -> str:
    fill = _RIBBON[colour]
    out = (f'<path d="M44 40 L76 48 L72 118 L60 126 L48 118 Z" fill="{fill}" stroke="#fff" '
           'stroke-width="2"/>')
    if colour is RibbonColour.POETRY:
        out += ''.join(f'<rect x="56" y="{58 + 12 * k}" width="8" height="6" fill="#111"/>' for k in range(4))
    return out


def _lightning() -> str:
    return ('<rect x="0" y="0" width="120" height="70" fill="#2b2b2b"/>'
            '<path d="M60 5 L45 45 L62 40 L50 75" stroke="#f4c430" stroke-width="5" fill="none"/>')


@lru_cache(maxsize=512)
def card_svg(code: str, theme: str = "hanafuda", points: int | None = None, lang: str = "en") -> str:
    """The face of one card as a standalone SVG document.

    ``points`` is the card's value in the game at hand (``Config.values``, RULES.md §1: e.g.
    Hawaiʻifuda ribbons are worth 10, Min-Hwatu chaff 0); without it the badge shows the
    usual value of the card's kind.  ``lang``: the name on the face and the face's label in
    that language (松に鶴, 송학 광: the catalogue's card names, ``words.names``)."""
    card = CARDS[card_id(code)]
    f = face(card.code, theme)
    if lang != "en":
        f = replace(f, name=card_name(card.code, theme, lang))
    art = _plant(card.month, card.slot)
    if card.kind is Kind.RIBBON and card.ribbon is not None:
        art += _ribbon(card.ribbon)
    elif card.code == "willow-lightning":
        art += _lightning()
    else:
        art += _subject(card.code)
    if points is None:
        points = _POINTS[card.kind]
    kind_colour = _KIND_COLOUR[card.kind]
    title = (f"{f.name}. {f.month_name}, month {f.month_number}. {f.kind_name}, {points} points."
             if lang == "en" else card_label(card.code, theme, lang))
    badge = f"{_LETTER[card.kind]}{points}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
        f'<defs><clipPath id="c"><rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="8"/>'
        '</clipPath><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="#fffdf6"/><stop offset="1" stop-color="{_SKY[card.month]}"/>'
        '</linearGradient></defs>'
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="10" fill="#1b1b1b"/>'
        f'<g clip-path="url(#c)"><rect x="0" y="0" width="{W}" height="{H}" fill="url(#sky)"/>'
        f'{art}</g>'
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="8" fill="none" stroke="#c9a44c" '
        'stroke-width="1.5"/>'
        f'<circle cx="21" cy="21" r="16" fill="#fff" stroke="#1b1b1b" stroke-width="2"/>'
        f'<text x="21" y="27.5" text-anchor="middle" font-family="{_FONT}" font-weight="700" '
        f'font-size="{18 if f.month_number < 10 else 16}" fill="#1b1b1b">{f.month_number}</text>'
        f'<rect x="{W - 44}" y="6" width="38" height="25" rx="5" fill="{kind_colour}" stroke="#fff" '
        'stroke-width="1.5"/>'
        f'<text x="{W - 25}" y="24.5" text-anchor="middle" font-family="{_FONT}" font-weight="700" '
        f'font-size="16" fill="#fff">{badge}</text>'
        f'{_name_band(f.name)}</svg>'
    )


_FONT = "'Noto Sans', 'DejaVu Sans', 'NanumGothic', 'IPAGothic', sans-serif"
_BAND_WIDTH = W - 16
"""Room for the name: the band is 104 units wide; longer text is compressed to fit."""


def _split(name: str) -> list[str]:
    """The name on one line when short, else on two lines split at the space nearest the middle."""
    if len(name) <= 11:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return [name]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _text(x: float, y: float, text: str, size: float) -> str:
    # roughly 0.58 em a character for Latin, 1 em for CJK: compress what would overflow the band
    width = sum(size if ord(ch) > 0x2E80 else size * 0.58 for ch in text)
    fit = (f' textLength="{_BAND_WIDTH - 4}" lengthAdjust="spacingAndGlyphs"'
           if width > _BAND_WIDTH - 4 else "")
    return (f'<text x="{x}" y="{y}" text-anchor="middle" font-family="{_FONT}" font-weight="700" '
            f'font-size="{size}" fill="#1b1b1b"{fit}>{escape(text)}</text>')


def _name_band(name: str) -> str:
    """The card's name on a pale band at the bottom, as large as the width allows."""
    lines = _split(name)
    if len(lines) == 1:
        return (f'<rect x="6" y="{H - 34}" width="{W - 12}" height="28" rx="5" fill="#fffdf6" '
                'fill-opacity="0.94" stroke="#c9a44c" stroke-width="1"/>'
                + _text(W / 2, H - 14.5, lines[0], 15))
    return (f'<rect x="6" y="{H - 46}" width="{W - 12}" height="40" rx="5" fill="#fffdf6" '
            'fill-opacity="0.94" stroke="#c9a44c" stroke-width="1"/>'
            + _text(W / 2, H - 29, lines[0], 14) + _text(W / 2, H - 12.5, lines[1], 14))


@lru_cache(maxsize=1)
def back_svg() -> str:
    """The back of a card: the same for every card, so it gives nothing away."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" aria-label="card back">'
        f'<title>card back</title><rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="10" fill="#1b1b1b"/>'
        f'<rect x="6" y="6" width="{W - 12}" height="{H - 12}" rx="8" fill="#8b1e2d"/>'
        f'<circle cx="{W / 2}" cy="{H / 2}" r="26" fill="none" stroke="#e8c872" stroke-width="3"/>'
        f'<text x="{W / 2}" y="{H / 2 + 9}" text-anchor="middle" font-size="26" '
        'fill="#e8c872">花</text></svg>'
    )
