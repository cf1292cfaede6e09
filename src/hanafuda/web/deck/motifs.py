"""The drawn motifs of the traditional deck: each month's plant and each card's subject.

Everything is drawn here as SVG paths in a 120 × 190 box (the face's view box): black
outlines, flat fills in the theme's palette (``palette.Palette``), strong shapes that still
read at 40 px.  Nothing is traced from a printed deck; the subjects follow what the classic
designs show (docs/cards.md lists them card by card; RULES.md §1 names the cards).
"""

from __future__ import annotations

import math

from .palette import Palette

__all__ = ["POETRY_WRITING", "chrysanthemum", "circle", "ground", "line", "maple_leaf", "plant", "ribbon",
           "shape", "subject"]


def _n(v: float) -> str:
    """A coordinate with at most one decimal: small files, no visible loss at 200 px."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def shape(d: str, fill: str, ink: str, sw: float = 1.4) -> str:
    """A filled shape with a drawn outline (rounded joins: a brush line, not a pen line)."""
    stroke = f' stroke="{ink}" stroke-width="{sw}"' if sw else ""
    return f'<path d="{d}" fill="{fill}"{stroke}/>'


def line(d: str, colour: str, sw: float) -> str:
    return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{sw}"/>'


def circle(x: float, y: float, r: float, fill: str, ink: str = "", sw: float = 1) -> str:
    """A disc, outlined when ``ink`` is given."""
    stroke = f' stroke="{ink}" stroke-width="{sw}"' if ink else ""
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}"{stroke}/>'


# --------------------------------------------------------------------------- small pieces

def _blossom(x: float, y: float, r: float, fill: str, centre: str, ink: str, notch: bool = False) -> str:
    """A five-petal flower (plum round petals; cherry petals notched at the tip)."""
    d = []
    for i in range(5):
        a = 2 * math.pi * i / 5 - math.pi / 2
        px, py = x + r * 0.52 * math.cos(a), y + r * 0.52 * math.sin(a)
        d.append(f"M{_n(px)} {_n(py)}m-{_n(r * .46)} 0a{_n(r * .46)} {_n(r * .46)} 0 1 0 {_n(r * .92)} 0"
                 f"a{_n(r * .46)} {_n(r * .46)} 0 1 0 -{_n(r * .92)} 0")
    out = shape("".join(d), fill, ink, 0.9)
    if notch:
        out += "".join(line(f"M{_n(x + r * .62 * math.cos(a))} {_n(y + r * .62 * math.sin(a))}"
                            f"L{_n(x + r * .95 * math.cos(a))} {_n(y + r * .95 * math.sin(a))}", ink, 0.8)
                       for a in (2 * math.pi * i / 5 - math.pi / 2 for i in range(5)))
    return out + f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * .26)}" fill="{centre}"/>'


def _pine_fan(x: float, y: float, r: float, p: Palette) -> str:
    """A pine needle cluster: a dark half-disc fan with needle strokes, the classic pine mark."""
    out = shape(f"M{_n(x - r)} {_n(y)}A{_n(r)} {_n(r * .8)} 0 0 1 {_n(x + r)} {_n(y)}Z", p.green, p.ink, 1.3)
    strokes = "".join(f"M{_n(x)} {_n(y)}L{_n(x + r * .85 * math.cos(a))} {_n(y - r * .68 * math.sin(a))}"
                      for a in (math.pi * k / 6 for k in range(1, 6)))
    return out + line(strokes, p.ink, 0.8)


def _leaf(x: float, y: float, length: float, angle: float, fill: str, ink: str) -> str:
    """A pointed leaf from (x, y) in direction ``angle`` (degrees)."""
    w = length * 0.32
    return (f'<path transform="translate({_n(x)} {_n(y)}) rotate({_n(angle)})" '
            f'd="M0 0Q{_n(length * .5)} -{_n(w)} {_n(length)} 0Q{_n(length * .5)} {_n(w)} 0 0Z" '
            f'fill="{fill}" stroke="{ink}" stroke-width="1"/>')


def maple_leaf(x: float, y: float, s: float, fill: str, ink: str) -> str:
    """A momiji leaf: seven pointed lobes of unequal length around a short stem, the top one
    longest (a hand, not a star)."""
    tips = ((-90, 17), (-42, 16), (8, 12), (52, 7), (128, 7), (172, 12), (222, 16))
    pts = []
    for i, (a, rr) in enumerate(tips):
        nxt = tips[(i + 1) % len(tips)][0] + (360 if i == len(tips) - 1 else 0)
        for da, k in ((-9, .55), (0, 1.0), (9, .55)):
            t = math.radians(a + da)
            pts.append(f"{_n(x + rr * k * s * math.cos(t))} {_n(y + rr * k * s * math.sin(t))}")
        mid = math.radians((a + nxt) / 2)
        pts.append(f"{_n(x + 4 * s * math.cos(mid))} {_n(y + 4 * s * math.sin(mid))}")
    return (shape("M" + "L".join(pts) + "Z", fill, ink, 1)
            + line(f"M{_n(x)} {_n(y)}l0 {_n(12 * s)}M{_n(x)} {_n(y)}l0 {_n(-12 * s)}", ink, .8))


def chrysanthemum(x: float, y: float, r: float, fill: str, centre: str, ink: str) -> str:
    """A chrysanthemum seen from the front: two rings of rounded petals (a scalloped edge, the
    crest's shape), so it never reads as a daisy or a sunflower."""
    def ring(rr: float, n: int) -> str:
        pts = [(x + rr * math.cos(2 * math.pi * i / n), y + rr * math.sin(2 * math.pi * i / n))
               for i in range(n)]
        bump = rr * math.pi / n * 1.1
        d = f"M{_n(pts[0][0])} {_n(pts[0][1])}"
        for i in range(1, n + 1):
            px, py = pts[i % n]
            d += f"A{_n(bump)} {_n(bump)} 0 0 1 {_n(px)} {_n(py)}"
        return d + "Z"
    return (shape(ring(r * .82, 14), fill, ink, 1) + shape(ring(r * .5, 10), fill, ink, .9)
            + f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r * .2)}" fill="{centre}"/>')


def _paulownia_leaf(x: float, y: float, s: float, p: Palette, flip: bool = False) -> str:
    k = -1 if flip else 1
    d = (f"M{_n(x)} {_n(y)}c{_n(-20 * s * k)} {_n(-2 * s)} {_n(-26 * s * k)} {_n(-22 * s)} "
         f"{_n(-14 * s * k)} {_n(-30 * s)}"
         f"c{_n(4 * s * k)} {_n(6 * s)} {_n(10 * s * k)} {_n(6 * s)} {_n(14 * s * k)} {_n(-2 * s)}"
         f"c{_n(4 * s * k)} {_n(8 * s)} {_n(10 * s * k)} {_n(8 * s)} {_n(14 * s * k)} {_n(2 * s)}"
         f"c{_n(12 * s * k)} {_n(8 * s)} {_n(6 * s * k)} {_n(28 * s)} {_n(-14 * s * k)} {_n(30 * s)}Z")
    fork = f"M{_n(x)} {_n(y - 8 * s)}"
    veins = (f"M{_n(x)} {_n(y)}l0 {_n(-28 * s)}{fork}l{_n(-12 * s)} {_n(-10 * s)}"
             f"{fork}l{_n(12 * s)} {_n(-10 * s)}")
    return shape(d, p.leaf, p.ink, 1.3) + line(veins, p.ink, 0.8)


# --------------------------------------------------------------------------- grounds

def ground(code: str, month: int, slot: int, p: Palette) -> str:
    """The coloured sky or earth behind a card's plant: the red skies and black hills that give
    the traditional faces their look (the moon's and the geese's red sky, pampas hills)."""
    red_sky = f'<path d="M0 0H120V{{h}}Q60 {{q}} 0 {{h}}Z" fill="{p.sky}"/>'
    if code in ("susuki-moon", "susuki-geese"):
        return red_sky.format(h=110, q=122)
    if code == "wisteria-cuckoo":
        return f'<path d="M0 0H120V150Q60 164 0 150Z" fill="{p.sky}"/>'
    if code == "paulownia-phoenix":
        return red_sky.format(h=70, q=84).replace(p.sky, p.gold)
    if code == "willow-rainman":
        return f'<path d="M0 0H120V96Q60 110 0 96Z" fill="{p.ink}"/>'
    if code == "willow-lightning":
        # the red card of the willow: black blocks (what is left of its willow strands) under the
        # thunder god's drum and lightning
        return (f'<rect width="120" height="190" fill="{p.sky}"/>'
                f'<path d="M0 190V150L30 132L48 160L78 138L120 156V190Z" fill="{p.ink}"/>'
                f'<path d="M0 0H38L20 40L0 52Z" fill="{p.ink}"/>'
                f'<path d="M120 0H84L104 34L120 42Z" fill="{p.ink}"/>')
    if code == "paulownia-chaff1":
        return f'<path d="M0 190V124Q60 110 120 124V190Z" fill="{p.band}"/>'
    if month == 1 and slot >= 2:
        return f'<path d="M0 190V162Q40 146 80 160T120 156V190Z" fill="{p.sky}"/>'
    if month == 2 and slot >= 2:
        return red_sky.format(h=36, q=48)
    if month == 3 and slot >= 2:
        return f'<path d="M0 190V150Q30 140 60 152T120 148V190Z" fill="{p.sky}"/>'
    if month == 8:
        return red_sky.format(h=60, q=70) if slot == 3 else ""
    if month == 10 and slot >= 2:
        return f'<path d="M0 0H120V30Q60 44 0 30Z" fill="{p.indigo}"/>'
    return ""


# --------------------------------------------------------------------------- plants

def plant(code: str, month: int, slot: int, p: Palette) -> str:  # noqa: C901 - one branch a month
    """The month's plant, arranged a little differently on each of its four cards."""
    flip = slot == 3
    art = _PLANTS[month](code, slot, p)
    return f'<g transform="matrix(-1 0 0 1 120 0)">{art}</g>' if flip else art


def _pine(code: str, slot: int, p: Palette) -> str:
    trunk = shape("M14 190C22 160 10 132 30 108C40 96 56 92 70 84L72 90C58 98 46 104 40 114"
                  "C28 134 36 160 28 190Z", p.brown, p.ink, 1.4)
    fans: tuple[tuple[int, int, int], ...]
    fans = ((28, 110, 20), (54, 92, 16), (78, 82, 14), (18, 140, 16), (44, 132, 14))
    if code != "pine-crane":
        fans += ((86, 120, 18), (96, 150, 16), (64, 160, 14))
    return trunk + "".join(_pine_fan(x, y, r, p) for x, y, r in fans)


def _plum(code: str, slot: int, p: Palette) -> str:
    out = shape("M6 190C20 160 16 140 34 120C46 106 40 90 58 74C70 64 84 62 98 48L101 52"
                "C88 66 76 70 64 80C50 94 54 110 40 124C26 140 28 160 16 190Z", p.ink, p.ink, 1)
    out += line("M48 100C62 100 76 108 90 104M36 132C52 136 60 150 80 150", p.ink, 3)
    spots = ((34, 118), (58, 76), (96, 52), (88, 104), (66, 104), (80, 150), (52, 140), (24, 156), (76, 64))
    return out + "".join(_blossom(x, y, 13, p.red, p.gold, p.ink) for x, y in spots)


def _cherry(code: str, slot: int, p: Palette) -> str:
    out = line("M0 60C30 70 50 64 70 76S100 100 120 96", p.ink, 4)
    clouds: tuple[tuple[int, int], ...]
    clouds = ((18, 40), (44, 30), (70, 44), (96, 36), (30, 70), (60, 66), (92, 78), (108, 58))
    if code != "cherry-curtain":
        clouds += ((20, 110), (50, 120), (84, 116), (104, 132), (36, 142), (70, 146))
    return out + "".join(_blossom(x, y, 16, p.pink, p.red, p.ink, notch=True) for x, y in clouds)


def _wisteria(code: str, slot: int, p: Palette) -> str:
    out = line("M0 10C40 20 80 4 120 16", p.ink, 4)
    for i, x in enumerate((14, 38, 62, 86, 108)):
        length = 7 if code != "wisteria-cuckoo" else (4 if i in (0, 4) else 2)
        out += line(f"M{x} 14C{x + 4} 50 {x - 4} 90 {x} {14 + length * 14}", p.ink, 2)
        for k in range(length):
            y = 22 + k * 14
            r = 6.5 - k * 0.5
            out += f'<ellipse cx="{x + (3 if k % 2 else -3)}" cy="{y}" rx="{_n(r)}" ry="{_n(r * .8)}" ' \
                   f'fill="{p.purple}" stroke="{p.ink}" stroke-width="0.9"/>'
        out += _leaf(x, 16 + (i % 2) * 6, 16, 130 if i % 2 else 50, p.leaf, p.ink)
    return out


def _iris_flower(x: float, y: float, p: Palette) -> str:
    return (shape(f"M{x} {y}c-10 -4 -16 6 -12 14c6 0 10 -6 12 -14c2 8 6 14 12 14c4 -8 -2 -18 -12 -14"
                  f"c-4 -8 -2 -16 0 -20c2 4 4 12 0 20Z", p.purple, p.ink, 1.1)
            + f'<path d="M{x - 3} {y + 2}l3 -6 3 6Z" fill="{p.yellow}"/>')


def _iris(code: str, slot: int, p: Palette) -> str:
    out = ""
    for x in (16, 34, 52, 70, 88, 106):
        out += shape(f"M{x - 5} 190C{x - 4} 150 {x + 2} 120 {x + 8} 84C{x + 6} 120 {x + 6} 150 {x + 5} 190Z",
                     p.green, p.ink, 1)
    flowers = ((26, 78), (62, 70), (96, 86)) if code != "iris-bridge" else ((24, 64), (92, 58))
    return out + "".join(_iris_flower(x, y, p) for x, y in flowers)


def _peony(code: str, slot: int, p: Palette) -> str:
    out = ""
    for x, y, angle in ((20, 150, -60), (50, 160, -100), (84, 150, -130), (100, 170, -150), (30, 176, -30)):
        out += _leaf(x, y, 34, angle, p.green, p.ink)
    blooms = ((44, 118, 24), (88, 136, 18)) if code == "peony-butterflies" else ((40, 100, 26), (84, 128, 22))
    for x, y, r in blooms:
        d = []
        for i in range(9):
            a = 2 * math.pi * i / 9
            px, py = x + r * .62 * math.cos(a), y + r * .62 * math.sin(a)
            d.append(f"M{_n(px - r * .42)} {_n(py)}a{_n(r * .42)} {_n(r * .42)} 0 1 0 {_n(r * .84)} 0"
                     f"a{_n(r * .42)} {_n(r * .42)} 0 1 0 -{_n(r * .84)} 0")
        out += shape("".join(d), p.red, p.ink, 1.1)
        out += circle(x, y, r * .45, p.pink, p.ink) + circle(x, y, r * .16, p.gold)
    return out


def _clover(code: str, slot: int, p: Palette) -> str:
    """Bush clover (hagi): thin red stems that rise and arch over, drooping at the tips, lined
    with pairs of small rounded leaves, with red-purple flower sprays along the arch.  The
    independent review read the earlier upright stems as thorny rose twigs; the arch is what
    makes hagi hagi."""
    out = ""
    top = 8
    for i, x0 in enumerate((-4, 14, 32, 50)):
        apex = top + i * 22
        pts = ((x0, 192), (x0 - 2, apex), (x0 + 50, apex - 30), (x0 + 90, apex + 76))

        def at(t: float, pts: tuple[tuple[float, float], ...] = pts) -> tuple[float, float, float]:
            """Point and tangent angle (degrees) of the stem's cubic at ``t``."""
            (ax, ay), (bx, by), (cx, cy), (dx, dy) = pts
            u = 1 - t
            x = u ** 3 * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t ** 3 * dx
            y = u ** 3 * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t ** 3 * dy
            tx = 3 * u * u * (bx - ax) + 6 * u * t * (cx - bx) + 3 * t * t * (dx - cx)
            ty = 3 * u * u * (by - ay) + 6 * u * t * (cy - by) + 3 * t * t * (dy - cy)
            return x, y, math.degrees(math.atan2(ty, tx))

        (ax, ay), (bx, by), (cx, cy), (dx, dy) = pts
        out += line(f"M{_n(ax)} {_n(ay)}C{_n(bx)} {_n(by)} {_n(cx)} {_n(cy)} {_n(dx)} {_n(dy)}", p.red, 2.2)
        for k in range(14):
            t = .08 + k * .066
            x, y, ang = at(t)
            for side in (-1, 1):
                out += _leaf(x, y, 8.5, ang + 55 * side, p.leaf, p.ink)
            if t > .45 and k % 2 == 1:
                # a flower spray hanging from the arch
                out += (circle(x + 2, y + 5, 2.8, p.red, p.ink, .7)
                        + circle(x - 2, y + 8, 2.4, p.pink, p.ink, .7))
    return out


def _susuki(code: str, slot: int, p: Palette) -> str:
    hill = "M0 190V130Q40 96 120 124V190Z" if code != "susuki-moon" else "M0 190V140Q60 112 120 136V190Z"
    out = shape(hill, p.ink, p.ink, 1)
    grass = "".join(f"M{x} 190Q{x + 6} 150 {x + 18} {124 + (x % 3) * 6}" for x in range(2, 120, 9))
    return out + line(grass, p.white, 1.4)


def _chrysanthemum_plant(code: str, slot: int, p: Palette) -> str:
    out = ""
    for x, y, a in ((18, 170, -70), (44, 176, -110), (78, 170, -60), (100, 176, -120)):
        out += _leaf(x, y, 30, a, p.green, p.ink)
    out += line("M30 190C34 160 28 140 36 118M80 190C84 160 90 130 88 106", p.green, 2.4)
    blooms = ((36, 112, 20, p.yellow), (88, 100, 16, p.red), (64, 150, 14, p.white))
    if code == "chrysanthemum-sake":
        blooms = ((24, 70, 18, p.yellow), (96, 62, 14, p.red), (20, 120, 12, p.white))
    return out + "".join(chrysanthemum(x, y, r, c, p.red if c != p.red else p.gold, p.ink)
                         for x, y, r, c in blooms)


def _maple(code: str, slot: int, p: Palette) -> str:
    out = line("M120 20C90 30 70 60 40 70S10 100 0 130", p.ink, 3)
    leaves: tuple[tuple[int, int, float, str], ...]
    leaves = ((96, 30, 1.1, p.red), (70, 54, 1.0, p.yellow), (44, 70, 1.1, p.red), (20, 96, .9, p.red),
              (60, 96, .9, p.red), (100, 76, .8, p.red))
    if code != "maple-deer":
        leaves += ((30, 140, 1.0, p.red), (80, 140, 1.1, p.yellow), (56, 172, .8, p.red),
                   (100, 170, .9, p.red))
    return out + "".join(maple_leaf(x, y, s, c, p.ink) for x, y, s, c in leaves)


def _willow(code: str, slot: int, p: Palette) -> str:
    if code == "willow-lightning":
        return ""
    out = line("M100 0C104 30 96 60 102 100", p.ink, 4)
    for i, x in enumerate((8, 24, 40, 56, 72, 88, 110)):
        length = 150 if code not in ("willow-rainman",) else 90
        out += line(f"M{x} 0C{x - 6} {length // 3} {x + 8} {2 * length // 3} {x} {length}", p.leaf, 2.6)
        for k in range(1, 5):
            out += _leaf(x - 1, k * length / 5, 9, 100 if (k + i) % 2 else 80, p.green, p.ink)
    if code in ("willow-rainman", "willow-swallow"):
        out += shape("M0 176Q30 166 60 176T120 172V190H0Z", p.blue, p.ink, 1)
        out += line("M8 182q8 -4 16 0M70 184q8 -4 16 0", p.white, 1.2)
    return out


def _kiri_spike(x: float, top: float, p: Palette, rows: int = 5) -> str:
    """A paulownia flower spike: a stalk with bell flowers in a narrowing cone."""
    out = line(f"M{_n(x)} {_n(top + rows * 10 + 16)}L{_n(x)} {_n(top)}", p.brown, 2)
    for k in range(rows):
        spread = 3 + k * 3
        y = top + 6 + k * 10
        for dx in sorted({-spread, spread, 0} if k % 2 else {-spread, spread}):
            out += shape(f"M{_n(x + dx - 4)} {_n(y + 4)}q0 -8 4 -8q4 0 4 8q-4 -2 -8 0Z", p.purple, p.ink, .8)
    return out


def _paulownia(code: str, slot: int, p: Palette) -> str:
    if code == "paulownia-phoenix":
        return (_kiri_spike(100, 100, p, 4) + _paulownia_leaf(22, 186, 1.0, p)
                + _paulownia_leaf(98, 186, 1.0, p, flip=True))
    return (_kiri_spike(36, 30, p) + _kiri_spike(60, 18, p, 6) + _kiri_spike(84, 30, p)
            + _paulownia_leaf(30, 188, 1.4, p) + _paulownia_leaf(90, 188, 1.4, p, flip=True)
            + _paulownia_leaf(60, 160, 1.0, p))


_PLANTS = {1: _pine, 2: _plum, 3: _cherry, 4: _wisteria, 5: _iris, 6: _peony, 7: _clover, 8: _susuki,
           9: _chrysanthemum_plant, 10: _maple, 11: _willow, 12: _paulownia}


# --------------------------------------------------------------------------- ribbons

POETRY_WRITING = {
    # brush strokes that read as kana written down the ribbon (drawn, not text): pine and plum
    # carry "akayoroshi" (あかよろし), cherry "miyoshino" (みよしの)
    1: "M56 62q6 -2 10 0M61 58q-2 8 2 14M57 70q4 -4 9 2q-2 6 -9 4M57 84q6 -4 10 2q-4 6 -8 4M63 80l-1 12"
       "M58 98q4 0 8 -2M60 96q2 8 -2 12q6 0 8 -4M57 114q5 -6 9 0q-3 7 -9 6M60 126q-2 8 2 14q4 -2 6 -6",
    3: "M56 62q8 -2 6 4q-4 8 -6 4q2 -4 10 0M66 60q0 8 -2 14M61 82v12q0 2 -4 1q0 -3 6 -2M61 86h5"
       "M59 102v10q0 5 8 1M62 120q-6 4 -4 10q6 2 8 -4q0 -8 -8 -6q-2 6 -1 9",
}
POETRY_WRITING[2] = POETRY_WRITING[1]


def ribbon(colour: str, writing: str, p: Palette, x: float = 0, tilt: float = -8) -> str:
    """A hanging tanzaku ribbon: a strip with a notched foot; a poetry ribbon carries its
    ``writing`` (brush strokes, ``POETRY_WRITING``)."""
    body = shape("M50 40H72L74 148L63 140L52 150Z", colour, p.ink, 1.5)
    body += line("M50 46H72", p.ink, 1)
    if writing:
        body += line(writing, p.ink, 2.2)
    return f'<g transform="translate({_n(x)} 0) rotate({_n(tilt)} 61 40)">{body}</g>'


# --------------------------------------------------------------------------- subjects

def subject(code: str, p: Palette) -> str:
    """The subject of a bright or an animal, drawn over its plant ("" for other cards)."""
    draw = _SUBJECTS.get(code)
    return draw(p) if draw else ""


def _crane(p: Palette) -> str:
    return (f'<circle cx="66" cy="52" r="30" fill="{p.red}" stroke="{p.ink}" stroke-width="1.2"/>'
            + shape("M44 150C40 160 36 170 30 178C44 172 56 164 64 156Z", p.ink, p.ink, 1)
            + shape("M50 150C52 128 76 116 96 126C106 132 104 148 92 154C78 160 60 160 50 150Z",
                    p.white, p.ink, 1.6)
            + line("M62 140C74 128 88 128 98 134", p.ink, 1.2)
            + shape("M60 150C70 146 78 148 86 154C76 160 66 158 60 150Z", p.ink, p.ink, 1)
            + line("M94 128C102 112 100 100 92 90", p.ink, 5)
            + f'<circle cx="92" cy="88" r="5" fill="{p.white}" stroke="{p.ink}" stroke-width="1.2"/>'
            + f'<circle cx="92" cy="84.5" r="2.6" fill="{p.red}"/>'
            + shape("M88 88L72 96L89 91Z", p.gold, p.ink, 0.9)
            + line("M72 158L70 184M82 158L86 184", p.ink, 1.8))


def _warbler(p: Palette) -> str:
    return (shape("M40 60C46 48 64 46 76 54L90 48L86 58C90 66 84 76 70 78C56 80 44 74 40 60Z",
                  p.leaf, p.ink, 1.4)
            + shape("M40 60L24 70L28 62L22 58Z", p.green, p.ink, 1.2)
            + line("M52 60C60 56 68 58 74 64", p.ink, 1.2)
            + f'<circle cx="80" cy="55" r="1.8" fill="{p.ink}"/>'
            + line("M60 78L58 86M68 78L68 86", p.ink, 1.4))


def _curtain(p: Palette) -> str:
    stripes = "".join(f'<path d="M{x} 96H{x + 13}V{152 + (4 if (x // 13) % 2 else 0)}H{x}Z" '
                      f'fill="{p.red if (x // 13) % 2 else p.white}"/>' for x in range(8, 112, 13))
    return (line("M4 94H116", p.ink, 4) + stripes
            + shape("M8 96H112V156H8Z", "none", p.ink, 1.5)
            + "".join(line(f"M{x} 96V156", p.ink, 0.7) for x in range(21, 112, 13))
            + f'<circle cx="60" cy="122" r="15" fill="{p.gold}" stroke="{p.ink}" stroke-width="1.4"/>'
            + _blossom(60, 122, 18, p.white, p.red, p.ink, notch=True))


def _cuckoo(p: Palette) -> str:
    return '<g transform="translate(0 34)">' + (
            shape("M84 40A26 26 0 1 1 56 80A20 20 0 1 0 84 40Z", p.yellow, p.ink, 1.2)
            + shape("M24 78C36 70 48 70 60 76L92 56L82 76C96 74 104 80 108 86C92 84 76 90 62 94"
                    "C48 98 34 92 24 78Z", p.ink, p.ink, 1)
            + shape("M60 76L40 52L70 70Z", p.ink, p.ink, 1)
            + shape("M58 92C70 88 84 86 96 86C84 92 70 96 58 92Z", p.red, p.ink, 0.8)
            + shape("M24 78L14 82L22 74Z", p.gold, p.ink, 0.8)
            + f'<circle cx="30" cy="77" r="1.6" fill="{p.white}"/>') + "</g>"


def _bridge(p: Palette) -> str:
    planks = ((0, 150, 52, 122), (46, 126, 100, 146), (94, 142, 124, 118))
    out = shape("M0 190V140Q60 124 120 136V190Z", p.blue, p.ink, 1)
    for x1, y1, x2, y2 in planks:
        out += shape(f"M{x1} {y1}L{x2} {y2}L{x2} {y2 + 12}L{x1} {y1 + 12}Z", p.brown, p.ink, 1.4)
        posts = f"M{x1 + 6} {_n(y1 + 12 + (y2 - y1) * .1)}v22M{x2 - 6} {_n(y2 + 12 - (y2 - y1) * .1)}v22"
        out += line(posts, p.ink, 2)
    return out + line("M10 170q10 -4 20 0M60 176q10 -4 20 0", p.white, 1.2)


def _butterflies(p: Palette) -> str:
    def one(x: float, y: float, s: float, wing: str, rot: float) -> str:
        body = (shape("M0 0C-18 -22 -34 -10 -26 4C-34 16 -16 24 0 6C16 24 34 16 26 4C34 -10 18 -22 0 0Z",
                      wing, p.ink, 1.4)
                + circle(-16, -6, 3.4, p.gold) + circle(16, -6, 3.4, p.gold)
                + shape("M-2 -8H2V14H-2Z", p.ink, p.ink, 0.8)
                + line("M0 -8C-4 -16 -8 -18 -10 -20M0 -8C4 -16 8 -18 10 -20", p.ink, 1))
        return f'<g transform="translate({x} {y}) rotate({rot}) scale({s})">{body}</g>'
    return one(40, 52, 1.0, p.blue, -14) + one(84, 82, .8, p.yellow, 16)


def _boar(p: Palette) -> str:
    return (shape("M16 150C18 130 40 118 66 120C84 120 98 126 104 134L116 138L110 146C104 150 98 152 92 152"
                  "L94 168H86L82 156C70 160 50 160 40 156L36 170H28L28 156C20 156 14 154 16 150Z",
                  p.brown, p.ink, 1.6)
            + line("M30 124l-4 -6M40 119l-2 -7M52 117l0 -7M64 117l2 -7M76 119l4 -6", p.ink, 2)
            + f'<circle cx="98" cy="134" r="2" fill="{p.ink}"/>'
            + shape("M108 146L102 142L104 148Z", p.white, p.ink, 0.6)
            + shape("M50 156L46 170H54L58 157ZM70 157L74 170H82L78 156Z", p.brown, p.ink, 1.4))


def _moon(p: Palette) -> str:
    return f'<circle cx="60" cy="66" r="36" fill="{p.white}" stroke="{p.ink}" stroke-width="1.6"/>'


def _geese(p: Palette) -> str:
    """Three wild geese flying left across the red sky, one behind the other: a plump body, a
    long neck stretched forward, and broad wings raised in a V with the flight feathers spread
    at the tips — the cue that tells a bird from an aircraft at 40 px (independent review:
    the earlier straight blade wings and tail fin read as aeroplanes)."""
    def goose(x: float, y: float, s: float) -> str:
        return (f'<g transform="translate({x} {y}) scale({s})">'
                # far wing, raised behind the near one
                + shape("M-1 -2C-4 -9 -4 -16 -1 -23L2 -18L5 -22L6 -15L9 -16L7 -3Z",
                        p.ink, p.ink, .6)
                # body with a short rounded tail
                + shape("M-8 0C-4 -5 10 -6 17 -2C20 -1 21 1 19 2C12 6 -3 5 -8 0Z", p.ink, p.ink, .6)
                # neck and head
                + line("M-7 -.5C-12 -2 -17 -4 -21 -4", p.ink, 3) + circle(-22.5, -4.3, 2.8, p.ink)
                + shape("M-25 -5.1L-30 -3.9L-25 -2.9Z", p.gold, p.ink, .5)
                + circle(-23, -5.1, .7, p.white)
                # near wing: up and back from the shoulder, fingered primaries at the tip
                + shape("M1 -3C4 -10 8 -18 13 -25L16 -20L20 -27L21 -19L26 -22L23 -13L27 -11L18 -7"
                        "C16 -4 13 -2 10 -2Z", p.ink, p.ink, .6)
                + line("M6 -6L15 -20M9 -5L19 -17M12 -4L22 -12", p.white, .5)
                + "</g>")
    return goose(40, 42, 1.15) + goose(66, 72, 1.15) + goose(90, 100, 1.05)


_KOTOBUKI = ("M55 116H65M54 119H66M52 122H68M60 114.5V123Q58 127 53.5 129.5"
            "M55.5 125H67M64.5 123.5V129.5L62.8 128.4M58.4 126.4L59.6 127.8")
"""寿 ("long life"), written in gold brush strokes on the sake cup as printed decks do: drawn
paths, not text: no words on the faces.  It replaces the chrysanthemum crest the first
review had left as a known weakness (docs/cards.md, Independent review)."""


def _sake(p: Palette) -> str:
    return '<g transform="translate(-18 -30) scale(1.3)">' + (
            shape("M30 108C30 94 90 94 90 108L80 130H40Z", p.red, p.ink, 1.8)
            + shape("M30 106a30 8 0 1 0 60 0a30 8 0 1 0 -60 0Z", p.gold, p.ink, 1.4)
            + shape("M48 130H72L76 140H44Z", p.red, p.ink, 1.4)
            + line(_KOTOBUKI, p.gold, 1.7)) + "</g>"


def _deer(p: Palette) -> str:
    return (shape("M30 142C32 128 50 122 70 124C82 124 88 118 90 108L86 92C90 88 98 88 100 94L104 104"
                  "C100 108 96 110 96 118C96 132 92 140 86 146L90 176H84L78 150C66 154 52 154 44 150"
                  "L42 176H36L36 150C32 150 28 146 30 142Z", p.brown, p.ink, 1.6)
            + line("M90 92C84 80 82 72 86 62M86 76L78 70M88 68L94 60"
                   "M100 92C104 80 108 74 112 70M104 82L112 82",
                   p.ink, 2)
            + "".join(f'<circle cx="{x}" cy="{y}" r="2" fill="{p.white}"/>'
                      for x, y in ((48, 134), (58, 130), (68, 134), (54, 142), (64, 142)))
            + f'<circle cx="96" cy="98" r="1.6" fill="{p.ink}"/>'
            + line("M52 152l-2 24M70 152l4 24", p.ink, 2.4))


def _rainman(p: Palette) -> str:
    rain = "".join(f"M{x} {y}l-3 10" for x, y in ((14, 10), (30, 30), (48, 8), (80, 24), (96, 8), (110, 40),
                                                 (20, 60), (64, 40)))
    return (line(rain, p.white, 1)
            + shape("M44 92C56 66 96 62 110 86Z", p.yellow, p.ink, 1.6)
            + line("M77 70L72 124M60 74L66 88M94 74L88 88", p.ink, 1.4)
            + shape("M64 98C74 96 84 100 84 110L88 160H58L62 112Z", p.indigo, p.ink, 1.6)
            + shape("M66 120H82L84 160H62Z", p.red, p.ink, 1.2)
            + f'<circle cx="74" cy="94" r="6" fill="{p.white}" stroke="{p.ink}" stroke-width="1.2"/>'
            + shape("M62 160H88L86 166H64Z", p.ink, p.ink, 1)
            # the frog leaping at the willow by the stream
            + _frog(p))


def _frog(p: Palette) -> str:
    """The frog crouched to leap up at the willow, facing the rain man: a squat body with a pale
    belly and dark spots, the eye bulging on top of the head, the big folded hind leg and its
    webbed foot, a front leg planted.  The independent review still read the earlier pointed
    body as a leaf at 40 px; the crouching outline is the one every frog picture uses."""
    return (shape("M6 172C4 160 14 144 32 140C42 138 50 142 53 148C54 152 50 156 44 158"
                  "C38 168 22 176 6 172Z", p.leaf, p.ink, 1.4)
            + shape("M22 171C30 170 40 166 44 158C48 160 48 166 44 170C38 174 28 175 22 171Z",
                    p.yellow, p.ink, 1)
            + "".join(circle(x, y, r, p.green) for x, y, r in ((26, 150, 2.6), (35, 146, 2), (18, 158, 2.2)))
            # the folded hind leg: thigh, then the long foot forward along the ground, toes spread
            + shape("M8 170C6 158 16 152 26 156C32 159 32 168 24 172Z", p.leaf, p.ink, 1.3)
            + shape("M22 170L38 172L42 168L44 172L48 170L46 176L26 176Z", p.leaf, p.ink, 1.1)
            # the front leg planted, toes out
            + shape("M42 156L46 170L42 174L50 174L52 170L48 168L47 156Z", p.leaf, p.ink, 1.1)
            # eye bump, eye and mouth
            + circle(42, 141, 5, p.leaf, p.ink, 1.3)
            + circle(42.5, 140.5, 3, p.yellow, p.ink, .8) + circle(43, 140.5, 1.5, p.ink)
            + line("M53 148C50 151 46 152 42 151", p.ink, 1))


def _swallow(p: Palette) -> str:
    return (shape("M20 40C40 46 54 56 62 66L96 48L78 74C86 84 92 98 96 112L72 86C66 92 58 92 52 86"
                  "C44 78 32 64 20 40Z", p.indigo, p.ink, 1.4)
            + shape("M62 66L84 40L72 70Z", p.indigo, p.ink, 1)
            + shape("M50 84C54 90 60 92 66 88L60 80Z", p.red, p.ink, 0.8)
            + shape("M96 112L100 124L90 110Z", p.indigo, p.ink, 1)
            + f'<circle cx="56" cy="76" r="1.6" fill="{p.white}"/>')


def _lightning(p: Palette) -> str:
    tomoe = "".join(f'<path transform="rotate({a} 60 132)" d="M60 132a8 8 0 1 1 8 -8c0 8 -6 14 -14 14'
                    f'a6 6 0 0 0 6 -6Z" fill="{p.red}"/>' for a in (0, 120, 240))
    return (shape("M56 0L40 34L58 30L36 76L74 24L56 28L70 0Z", p.ink, p.ink, 1.6)
            + f'<circle cx="60" cy="132" r="30" fill="{p.white}" stroke="{p.gold}" stroke-width="5"/>'
            + f'<circle cx="60" cy="132" r="30" fill="none" stroke="{p.ink}" stroke-width="1"/>'
            + tomoe
            + line("M24 110L8 96M96 110L112 96M24 156L8 170M96 156L112 170", p.gold, 3))


def _phoenix(p: Palette) -> str:
    """The hōō descending on the paulownia: crested head turned up, wings raised, long tail
    plumes with eye spots sweeping down."""
    plumes = "M70 100C60 130 40 150 14 160M76 104C74 136 62 160 44 180M82 102C92 130 96 150 92 176"
    return (line(plumes, p.ink, 7) + line(plumes, p.gold, 4.6)
            + "".join(circle(x, y, 5, p.green, p.ink, 1.2) for x, y in ((16, 159), (45, 178), (92, 174)))
            + shape("M66 84C60 60 70 34 96 14C92 32 104 40 114 36C108 60 96 80 82 90Z", p.red, p.ink, 1.6)
            + line("M72 78C76 60 86 42 98 26M78 84C86 70 98 58 110 46", p.green, 2.6)
            + shape("M64 96C56 80 62 66 76 66C90 66 96 82 90 96C84 106 70 108 64 96Z", p.red, p.ink, 1.6)
            + shape("M66 74C56 64 50 56 40 52L36 58C46 62 54 70 60 82Z", p.green, p.ink, 1.2)
            + f'<circle cx="36" cy="52" r="7" fill="{p.gold}" stroke="{p.ink}" stroke-width="1.4"/>'
            + shape("M30 50L20 54L30 55Z", p.gold, p.ink, 1)
            + line("M38 45C40 36 46 32 52 32M36 45C34 36 36 30 40 26", p.red, 2.4)
            + f'<circle cx="35" cy="51" r="1.6" fill="{p.ink}"/>')


_SUBJECTS = {
    "pine-crane": _crane, "plum-warbler": _warbler, "cherry-curtain": _curtain,
    "wisteria-cuckoo": _cuckoo, "iris-bridge": _bridge, "peony-butterflies": _butterflies,
    "clover-boar": _boar, "susuki-moon": _moon, "susuki-geese": _geese, "chrysanthemum-sake": _sake,
    "maple-deer": _deer, "willow-rainman": _rainman, "willow-swallow": _swallow,
    "willow-lightning": _lightning, "paulownia-phoenix": _phoenix,
}
