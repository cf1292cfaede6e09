"""The Hawaiʻifuda deck drawn with its own subjects: months 1–6 (issue 33; RULES.md §1, "Themes").

The Hawaiian deck keeps the Japanese months, kinds and values but gives each month an island
plant and each named card an island subject: ʻĀhinahina (silversword) with the Nēnē and the
Sun, ʻŌhiʻa lehua with the ʻIʻiwi and the Rain, ʻIlima with the Flags and the Lei, Pōhuehue &
Kaunaʻoa with the ʻUaʻu Kani and the Net, Kalo with the Kalo Loʻi and the Pōhaku Kuʻi ʻAi, Maʻo
Hau Hele with the Pulelehua and the Rainbow.  Drawn like the traditional deck (``motifs``): a
120 × 190 box, black outlines, flat fills from the theme's ``Palette``, no words.

So that the cards still read as their **kind** at 40 px, as in the traditional deck:

* the two brights (Nēnē, Flags) stand against the sunset sky across the top of the card
  (``bright_sky``: the mark of all five brights of the deck, and of no other card);
* the animals are one large subject over the month's plant;
* a **ribbon** is still the hanging tanzaku strip, in its set's colour (red for the poetry and
  grass sets, blue for the blue set: RULES.md §4.4 names the sets; the poetry set edged in
  gold), and carries its Hawaiian subject on it the way a poetry ribbon carries its writing:
  the sun, the rain cloud, the lei draped over it, the net's mesh, the poi pounder; the
  Rainbow arcs over its blue ribbon;
* chaff show the plant alone.

Every face of a month carries that month's plant in a group of class ``plant-<name>``
(``PLANT_CLASS``), so the four cards of a month match at a glance.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Final

from ...cards import Card, Kind, RibbonColour
from .motifs import circle, line, shape
from .palette import Palette

__all__ = ["PLANT_CLASS", "POETRY_EDGE", "SKY_CLASS", "art", "bright_sky"]

PLANT_CLASS: Final = {1: "plant-ahinahina", 2: "plant-ohia-lehua", 3: "plant-ilima",
                      4: "plant-pohuehue-kaunaoa", 5: "plant-kalo", 6: "plant-mao-hau-hele"}
"""The class of each month's plant group (RULES.md §1 names the plants)."""


def _n(v: float) -> str:
    """A coordinate with at most one decimal (small files, no visible loss at 200 px)."""
    s = f"{v:.1f}"
    s = s[:-2] if s.endswith(".0") else s
    return "0" if s == "-0" else s


_TOKEN = re.compile(r"[MLQCZ]|-?\d*\.?\d+")


def _tp(d: str, x: float, y: float, a: float = 0, s: float = 1, mirror: bool = False) -> str:
    """Path ``d`` (absolute M, L, Q, C, Z only) drawn around the origin, mirrored left-right
    when asked, turned by ``a`` degrees, scaled by ``s`` and moved to (x, y): one path string,
    so many copies of a leaf or a petal fill and outline as one shape (small files)."""
    c, sn = math.cos(math.radians(a)) * s, math.sin(math.radians(a)) * s
    out: list[str] = []
    nums: list[float] = []
    for t in _TOKEN.findall(d):
        if t in "MLQCZ":
            out.append(t)
            continue
        nums.append(float(t))
        if len(nums) == 2:
            px, py = nums
            px = -px if mirror else px
            out.append(f"{_n(x + px * c - py * sn)} {_n(y + px * sn + py * c)} ")
            nums = []
    return "".join(out).replace(" M", "M").replace(" L", "L").replace(" Q", "Q").replace(" C", "C") \
        .replace(" Z", "Z").strip()


def _leaf(x: float, y: float, length: float, angle: float, width: float = .32) -> str:
    """The path of a pointed leaf from (x, y) towards ``angle`` (degrees)."""
    return _tp(f"M0 0Q.5 -{width} 1 0Q.5 {width} 0 0Z", x, y, angle, length)


def _dots(points: list[tuple[float, float]]) -> str:
    """Zero-length strokes: drawn with a round cap they are dots, far smaller than circles."""
    return "".join(f"M{_n(x)} {_n(y)}h.1" for x, y in points)


SKY_CLASS: Final = "bright-sky"
"""The class of the sunset sky (``bright_sky``), drawn on the five brights and no other card."""


def bright_sky(bottom: float, p: Palette) -> str:
    """The sunset sky across the top of a bright: the kind's one mark on this deck, as the red
    sky is on the Japanese brights (RULES.md §1).  All five brights (Nēnē, Flags, Waʻa &
    Mahina, Aliʻi Honu & Pahu, ʻIo) stand under it and no other card does, so a bright reads
    as a bright at 40 px by its sky alone (the blind review of issue 33 found three sky colours
    on the brights and the same orange on an animal and a rubbish)."""
    return (f'<path class="{SKY_CLASS}" d="M0 0H120V{_n(bottom)}Q60 {_n(bottom + 12)} 0 {_n(bottom)}Z" '
            f'fill="{p.sky}"/>')


def _plant(month: int, body: str, mirror: bool = False) -> str:
    """The month's plant in its classed group (mirrored on the second chaff)."""
    t = ' transform="matrix(-1 0 0 1 120 0)"' if mirror else ""
    return f'<g class="{PLANT_CLASS[month]}"{t}>{body}</g>'


POETRY_EDGE: Final = "M50.5 44V146M72 44V141"
"""The gold edge lines inside a poetry-set ribbon (Sun, Rain, Lei): where the Japanese poetry
ribbons carry their writing, these mark the set the ``poetry-ribbons`` combo needs (RULES.md
§4.4), so it is told from the red grass ribbons (Net, Pōhaku Kuʻi ʻAi) at a glance."""


def _ribbon(colour: str, emblem: str, p: Palette, x: float = 0, tilt: float = -6) -> str:
    """The hanging tanzaku strip (a little wider than the Japanese one, to carry its
    subject), with its notched foot and the Hawaiian subject ``emblem`` on it."""
    body = shape("M47 34H75L77 150L62 141L47 152Z", colour, p.ink, 1.5) + line("M47 41H75", p.ink, 1)
    return f'<g transform="translate({_n(x)} 0) rotate({_n(tilt)} 61 34)">{body}{emblem}</g>'


# --------------------------------------------------------------------------- 1 ʻĀhinahina

def _rosette(x: float, y: float, r: float, p: Palette, bloom: float = 0) -> str:
    """A silversword: a ball of narrow silver sword-leaves rising from the cinders; with
    ``bloom`` (its height), the tall flower stalk bristling with purple heads and gold dots."""
    def ring(cy: float, length: float, angles: range, w: float) -> str:
        """Sword leaves from the heart, each curving up towards the top (a ball, not a star)."""
        d = ""
        for a in angles:
            t, tip = math.radians(a), math.radians(a + ((-a - 90 + 180) % 360 - 180) * .3)
            mx, my = x + length * .55 * math.cos(t), cy + length * .55 * math.sin(t)
            nx, ny = -math.sin(t) * length * w, math.cos(t) * length * w
            d += (f"M{_n(x)} {_n(cy)}Q{_n(mx + nx)} {_n(my + ny)} {_n(x + length * math.cos(tip))} "
                  f"{_n(cy + length * math.sin(tip))}Q{_n(mx - nx)} {_n(my - ny)} {_n(x)} {_n(cy)}Z")
        return d
    out = ""
    if bloom:
        base, n = y - r * .4, 9
        left, right, dots = [], [], []
        for k in range(n + 1):
            yk = base - bloom * k / n
            w = r * .42 * (1 - k / (n + 1)) + 1.5 + (2.5 if k % 2 else 0)
            left.append(f"{_n(x - w)} {_n(yk)}")
            right.append(f"{_n(x + w)} {_n(yk)}")
            if k < n:
                dots += [(x - w * .5, yk - 3), (x + w * .5, yk - 6)]
        spike = "M" + "L".join(left) + f"L{_n(x)} {_n(base - bloom - 6)}L" + "L".join(reversed(right)) + "Z"
        out += shape(spike, p.purple, p.ink, 1) + line(_dots(dots), p.gold, 2.6)
    return (out + shape(ring(y - r * .25, r, range(150, 391, 15), .22), p.white, p.ink, .8)
            + line(ring(y - r * .25, r * .55, range(200, 341, 28), .1), p.leaf, .8))


def _ahinahina(code: str, p: Palette) -> str:
    if code == "pine-crane":
        return _rosette(22, 172, 22, p, bloom=70) + _rosette(106, 184, 14, p)
    if code == "pine-ribbon":
        return _rosette(24, 176, 22, p, bloom=60) + _rosette(98, 180, 22, p)
    return _rosette(36, 168, 30, p, bloom=100) + _rosette(94, 180, 26, p)


def _nene(p: Palette) -> str:
    """The Nēnē, the Hawaiian goose, standing on the cinders: black head and crown, buff
    cheek, a pale neck with dark furrows, a grey-brown body barred with pale feather edges,
    black legs.  Drawn with a goose's build — a heavy body carried level, a short thick neck,
    short legs — since the blind review (issue 33) read an upright, long-legged Nēnē as an emu."""
    return (shape("M44 134C40 116 58 106 80 108C98 109 110 117 116 128L120 126L118 137C110 150 92 156 74 154"
                  "C56 153 46 144 44 134Z", p.brown, p.ink, 1.6)
            + line("M60 117C66 124 66 138 62 148M72 112C78 122 80 136 76 151M85 111C91 120 93 134 89 152"
                   "M98 115C104 122 106 132 104 144", p.paper, 1.5)
            + shape("M48 128C42 116 40 106 42 94L56 92C55 104 58 114 66 121Z", p.paper, p.ink, 1.5)
            + line("M43 98l11 -3M43 103l12 -3M43 108l12 -3M44 113l13 -3M46 118l13 -3", p.brown, 1)
            + shape("M41 97C34 88 36 75 46 73C56 71 60 82 55 95Z", p.ink, p.ink, 1)
            + shape("M47 83C53 81 57 85 54 92C50 94 46 90 47 83Z", p.gold, p.ink, .6)
            + shape("M39 78L28 82L39 86Z", p.ink, p.ink, 1) + circle(44, 79, 1.1, p.white)
            + line("M66 152L65 167M84 153L86 167", p.ink, 3)
            + shape("M57 170L65 165L70 170ZM81 170L86 165L95 170Z", p.ink, p.ink, 1))


def _sun(p: Palette) -> str:
    rays = "".join(f"M{_n(61 + 10.5 * math.cos(a))} {_n(74 + 10.5 * math.sin(a))}"
                   f"L{_n(61 + 14 * math.cos(a))} {_n(74 + 14 * math.sin(a))}"
                   for a in (math.pi * k / 4 for k in range(8)))
    return line(rays, p.gold, 2.2) + circle(61, 74, 8, p.gold, p.ink, 1)


# --------------------------------------------------------------------------- 2 ʻŌhiʻa lehua

def _lehua(x: float, y: float, r: float, p: Palette) -> str:
    """A lehua blossom: a red pom-pom of stamens with gold tips."""
    pts, tips = [], []
    for i in range(20):
        a = 2 * math.pi * i / 20
        rr = r if i % 2 == 0 else r * .62
        pts.append(f"{_n(x + rr * math.cos(a))} {_n(y + rr * math.sin(a))}")
        if i % 2 == 0:
            tips.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return (shape("M" + "L".join(pts) + "Z", p.red, p.ink, .8) + line(_dots(tips), p.yellow, 2.4)
            + circle(x, y, r * .28, p.sky))


_OHIA: Final[dict[str, tuple[str, tuple[tuple[int, int, int], ...]]]] = {
    # code -> (branch and twigs, lehua blossoms (x, y, r))
    "plum-warbler": ("M-4 150C30 138 60 144 90 134S116 120 124 114M20 144C16 132 18 120 22 110"
                     "M100 130C104 148 100 160 96 170M76 140C70 150 60 158 48 162",
                     ((22, 102, 13), (96, 172, 11), (114, 104, 10), (44, 164, 9))),
    "plum-ribbon": ("M-4 164C30 154 60 164 80 154S110 124 124 116M30 158C26 144 20 136 14 130"
                    "M92 142C96 130 100 122 106 116",
                    ((14, 124, 12), (106, 110, 12), (72, 166, 11), (36, 178, 10))),
}
_OHIA_CHAFF = ("M-4 176C24 160 40 140 52 116S76 70 124 52M40 134C28 120 22 108 22 96"
               "M62 96C74 92 84 96 92 104M80 70C80 56 86 44 96 34",
               ((22, 90, 13), (94, 106, 12), (98, 30, 12), (112, 58, 10), (30, 154, 10), (60, 118, 9)))


def _ohia(code: str, p: Palette) -> str:
    """ʻŌhiʻa lehua: a grey-brown branch, small rounded leaves in pairs under each red lehua."""
    branch, blossoms = _OHIA.get(code, _OHIA_CHAFF)
    leaves = "".join(_leaf(x, y + r * .8, r * 1.05, a, .42) for x, y, r in blossoms for a in (35, 145))
    return (line(branch, p.ink, 6.4) + line(branch, p.brown, 4) + shape(leaves, p.leaf, p.ink, .9)
            + "".join(_lehua(x, y, r, p) for x, y, r in blossoms))


def _iiwi(p: Palette) -> str:
    """The ʻIʻiwi perched on the ʻōhiʻa: a scarlet honeycreeper with black wings and tail,
    its long curved salmon bill reaching into a lehua blossom."""
    return (shape("M96 114L118 128L114 134L92 122Z", p.ink, p.ink, 1)
            + shape("M44 92C42 80 52 72 64 76C78 80 90 92 98 110C96 122 84 128 70 126C54 124 46 108 44 92Z",
                    p.red, p.ink, 1.6)
            + shape("M62 96C74 94 88 102 96 116C88 122 76 122 68 116C64 110 62 104 62 96Z", p.ink, p.ink, 1)
            + line("M70 104C78 106 84 110 90 116", p.white, .8)
            + shape("M45 86C36 84 30 90 27 100C33 94 38 92 46 92Z", p.sky, p.ink, 1)
            + circle(52, 84, 1.8, p.ink) + line("M64 126L62 138M76 126L78 136", p.ink, 2))


def _rain(p: Palette) -> str:
    """The Rain: a white rain cloud on the ribbon with the drops falling from it."""
    drops = "M53 77l-2 6M61 79l-2 6M69 77l-2 6M57 92l-2 6M65 94l-2 6M53 107l-2 6M69 107l-2 6M61 121l-2 6"
    return (shape("M50 70C45 70 45 62 51 62C51 55 60 53 63 58C67 53 75 56 73 63C78 63 78 70 73 70Z",
                  p.white, p.ink, 1) + line(drops, p.white, 1.8))


_RAIN_LINES = "".join(f"M{x + (y * 7) % 23} {y}l-4 12" for y in range(8, 190, 22) for x in range(6, 120, 26))
"""Rain falling across the whole Rain card, behind the branch."""


# --------------------------------------------------------------------------- 3 ʻIlima

def _flowers(spots: tuple[tuple[float, float, float], ...], p: Palette) -> str:
    """ʻIlima blossoms: small five-petalled orange-gold flowers with a red-orange heart."""
    d = ""
    for x, y, r in spots:
        for i in range(5):
            a = 2 * math.pi * i / 5 - math.pi / 2
            px, py, pr = x + r * .52 * math.cos(a), y + r * .52 * math.sin(a), r * .48
            d += f"M{_n(px - pr)} {_n(py)}a{_n(pr)} {_n(pr)} 0 1 0 {_n(2 * pr)} 0a{_n(pr)} {_n(pr)} 0 1 0 " \
                 f"-{_n(2 * pr)} 0"
    return shape(d, p.gold, p.ink, .8) + "".join(circle(x, y, r * .26, p.sky) for x, y, r in spots)


def _ilima(code: str, p: Palette) -> str:
    """ʻIlima: upright grey-green stems with rounded leaves and many small gold flowers."""
    spots: tuple[tuple[float, float, float], ...]
    if code == "cherry-curtain":
        stems = "M14 190C16 170 12 160 16 146M40 190C38 170 44 160 40 150M104 190C102 172 108 162 104 148"
        spots = ((16, 146, 9), (40, 150, 8), (104, 148, 9), (28, 170, 8), (92, 172, 8), (116, 168, 7))
    elif code == "cherry-ribbon":
        stems = "M12 190C14 160 8 140 14 120M28 190C26 166 34 150 30 136M108 190C106 160 112 144 106 126"
        spots = ((14, 118, 8), (30, 134, 8), (106, 124, 9), (22, 158, 7), (96, 150, 8), (110, 170, 7),
                 (40, 178, 7))
    else:
        stems = "M28 190C26 150 34 110 28 48M60 190C62 150 54 110 62 30M92 190C94 150 86 120 94 62"
        spots = ((28, 46, 10), (62, 28, 10), (94, 60, 10), (40, 84, 9), (76, 70, 9), (20, 112, 9),
                 (50, 120, 9), (100, 104, 9), (82, 140, 8), (34, 152, 8), (64, 170, 8), (106, 170, 7))
    leaves = ""
    for k, (x, y, _) in enumerate(spots):
        leaves += (_leaf(x, y + 6, 15, 20 if k % 2 else 160, .5)
                   + _leaf(x, y + 10, 12, 70 if k % 2 else 110, .5))
    return line(stems, p.leaf, 2.4) + shape(leaves, p.leaf, p.ink, .9) + _flowers(spots, p)


def _flag(x: float, y: float, s: float, p: Palette) -> str:
    """A waving Hawaiian flag on its pole: eight stripes white, red and blue, the union in the
    corner (a blue field with the white and red cross)."""
    stripes = ""
    for i in range(8):
        top = 4 * i
        colour = (p.white, p.red, p.blue)[i % 3]
        stripes += shape(f"M0 {top}Q12 {top - 5} 24 {top}Q36 {top + 5} 48 {top}L48 {top + 4}Q36 {top + 9} "
                         f"24 {top + 4}Q12 {top - 1} 0 {top + 4}Z", colour, "", 0)
    union = (shape("M0 0Q12 -5 24 0V16Q12 11 0 16Z", p.blue, "", 0)
             + line("M0 0L24 16M24 0L0 16", p.white, 3) + line("M12 -3V14M0 8H24", p.white, 4.4)
             + line("M12 -3V14M0 8H24", p.red, 2))
    outline = shape("M0 0Q12 -5 24 0Q36 5 48 0V32Q36 37 24 32Q12 27 0 32Z", "none", p.ink, 1.4)
    pole = line(f"M{_n(x - 1)} {_n(y - 4)}V{_n(y + 150 * s)}", p.ink, 3 * s + 1)
    return (pole + circle(x - 1, y - 6, 3, p.gold, p.ink, 1)
            + f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(s)})">{stripes}{union}{outline}</g>')


def _lei(p: Palette) -> str:
    """The Lei: a strand of ʻilima blossoms draped over the ribbon."""
    spots = tuple((61 + 22 * math.cos(t), 44 + 62 * math.sin(t), 5.5)
                  for t in (math.pi * k / 14 for k in range(15)))
    return _flowers(spots, p)


# --------------------------------------------------------------------------- 4 Pōhuehue & Kaunaʻoa

def _sea(top: float, p: Palette) -> str:
    """The sea behind the beach vines, with white wave strokes."""
    waves = "".join(f"M{x} {_n(top + dy)}q6 -4 12 0t12 0"
                    for x, dy in ((6, 14), (50, 26), (84, 10), (20, 34)))
    return shape(f"M0 {_n(top)}H120V{_n(top + 40)}Q60 {_n(top + 48)} 0 {_n(top + 40)}Z", p.blue, "", 0) \
        + line(waves, p.white, 1.4)


_POHUEHUE: Final = {
    # code -> (runners, leaves (x, y, angle), flowers (x, y, r), kaunaʻoa threads)
    "wisteria-cuckoo": ("M-4 164C20 150 40 176 64 160S100 150 124 164",
                        ((14, 160, -20), (40, 166, 10), (70, 158, -30), (100, 156, 20)),
                        ((26, 176, 8), (86, 178, 9)),
                        "M30 150c6 -8 14 6 20 -2s12 8 20 0s14 6 20 -2"),
    "wisteria-ribbon": ("M-4 170C20 156 40 182 64 166S100 156 124 170",
                        ((12, 164, -20), (34, 172, 10), (96, 162, 20), (112, 166, -10)),
                        ((24, 182, 8), (100, 182, 8)),
                        "M8 150c6 -8 14 6 20 -2s12 8 18 0M82 154c6 -8 14 6 20 -2s10 8 16 2"),
}
_POHUEHUE_CHAFF = ("M-4 120C30 100 50 130 80 112S110 100 124 108M-4 170C24 150 50 176 76 160S110 150 124 158",
                   ((12, 116, -20), (40, 116, 20), (66, 118, -10), (96, 104, 30), (20, 164, -30),
                    (56, 168, 10), (88, 156, -20), (112, 156, 20)),
                   ((28, 134, 10), (82, 132, 9), (38, 184, 9), (100, 178, 10), (112, 122, 7)),
                   "M4 98c6 -8 14 6 20 -2s12 8 20 0s14 6 20 -2s12 8 20 0"
                   "M30 146c6 -8 14 6 20 -2s12 8 20 0s14 6 20 -2")


def _pohuehue(code: str, p: Palette) -> str:
    """Beach morning glory (pōhuehue) creeping over the sand: green runners, round two-lobed
    leaves on stalks, pink trumpet flowers; the orange threads of kaunaʻoa tangled over it."""
    runners, leaves, flowers, threads = _POHUEHUE.get(code, _POHUEHUE_CHAFF)
    leaf = "M0 0L0 -8C-10 -8 -14 -20 -7 -26C-3 -28 -1 -25 0 -22C1 -25 3 -28 7 -26C14 -20 10 -8 0 -8"
    d = "".join(_tp(leaf, x, y, a, .9) for x, y, a in leaves)
    out = line(runners, p.green, 2.4) + shape(d, p.leaf, p.ink, 1)
    for x, y, r in flowers:
        star = "".join(f"M{_n(x)} {_n(y)}L{_n(x + r * math.cos(a))} {_n(y + r * math.sin(a))}"
                       for a in (2 * math.pi * k / 5 - math.pi / 2 for k in range(5)))
        out += (circle(x, y, r, p.pink, p.ink, 1.1) + line(star, p.purple, 1.2)
                + circle(x, y, r * .28, p.white))
    return out + line(threads, p.sky, 1.1) + f'<g transform="translate(3 3)">{line(threads, p.gold, 1.1)}</g>'


def _uau(p: Palette) -> str:
    """The ʻUaʻu Kani, the wedge-tailed shearwater, gliding over the sea on long, narrow, stiff
    wings: dark brown above, white below, a hooked grey bill and a wedge tail."""
    return (shape("M56 50C42 40 24 34 4 36C22 44 38 52 50 58Z", p.brown, p.ink, 1.3)
            + shape("M70 52C84 40 100 30 118 24C106 40 88 52 74 60Z", p.brown, p.ink, 1.3)
            + shape("M36 58C44 50 60 48 76 52C86 54 94 58 104 66L96 66L104 72C90 68 76 66 62 66"
                    "C50 66 40 64 36 58Z", p.white, p.ink, 1.4)
            + shape("M38 56C46 50 60 48 76 52C86 54 94 58 104 66C90 60 76 58 62 58C52 58 44 58 38 56Z",
                    p.brown, p.ink, 1)
            + shape("M38 56L30 58L32 61L38 60Z", p.indigo, p.ink, .8) + circle(43, 55, 1.4, p.ink))


def _net(p: Palette) -> str:
    """The Net: a fishing net's white mesh knotted over the ribbon, with two floats."""
    mesh = "".join(f"M47 {y}L75 {y + 28}M75 {y}L47 {y + 28}" for y in range(42, 140, 14))
    return ('<clipPath id="hn"><path d="M47 41H75L76 140H47Z"/></clipPath>'
            f'<g clip-path="url(#hn)">{line(mesh, p.white, 1.2)}</g>'
            + circle(52, 44, 4, p.gold, p.ink, 1) + circle(70, 44, 4, p.gold, p.ink, 1))


# --------------------------------------------------------------------------- 5 Kalo

_TARO = "M0 0C-8 -10 -28 -12 -32 0C-34 14 -14 34 0 46C14 34 34 14 32 0C28 -12 8 -10 0 0Z"
_TARO_VEINS = "M0 0L0 42M0 8L-22 4M0 8L22 4M0 20L-20 26M0 20L20 26"


def _taro(leaves: tuple[tuple[float, float, float, float, float], ...], p: Palette, base: float = 190) -> str:
    """Kalo leaves: big heart-shaped leaves held up on long stalks from the water (or the
    bank at ``base``), veined."""
    stalks = "".join(f"M{_n(bx)} {_n(base)}Q{_n(bx)} {_n((base + y) / 2)} {_n(x)} {_n(y)}"
                     for x, y, _a, _s, bx in leaves)
    return (line(stalks, p.ink, 3.6) + line(stalks, p.green, 2)
            + shape("".join(_tp(_TARO, x, y, a, s) for x, y, a, s, _ in leaves), p.leaf, p.ink, 1.3)
            + line("".join(_tp(_TARO_VEINS, x, y, a, s) for x, y, a, s, _ in leaves), p.green, 1.2))


def _water(top: float, p: Palette) -> str:
    return shape(f"M0 190V{_n(top)}Q60 {_n(top - 8)} 120 {_n(top)}V190Z", p.blue, "", 0) \
        + line(f"M10 {_n(top + 10)}q8 -3 16 0M70 {_n(top + 14)}q8 -3 16 0", p.white, 1.2)


def _kalo(code: str, p: Palette) -> str:
    if code == "iris-bridge":
        return _taro(((16, 6, 30, .8, 22), (104, 4, -30, .8, 98)), p, base=48)
    if code == "iris-ribbon":
        return _taro(((16, 96, 30, .8, 28), (104, 90, -30, .8, 92), (22, 150, 10, .55, 40)), p)
    return _taro(((34, 66, 20, 1.05, 52), (88, 50, -25, 1, 70), (66, 118, 0, .85, 62),
                  (20, 128, 35, .6, 30)), p)


def _loi(p: Palette) -> str:
    """Kalo Loʻi: a taro patch, terraced ponds of water between earth banks, young taro
    standing in rows in each."""
    out = (shape("M0 44H120V190H0Z", p.brown, p.ink, 1)
           + "".join(shape(f"M0 {t}H120V{b}H0Z", p.blue, p.ink, 1)
                     for t, b in ((50, 80), (92, 126), (138, 176)))
           + line("M8 60q8 -3 16 0M60 104q8 -3 16 0M30 150q8 -3 16 0M90 162q8 -3 16 0", p.white, 1.2))
    plants = [(x + (7 if r % 2 else 0), y) for r, y in enumerate((74, 120, 170)) for x in range(12, 120, 24)]
    stalks = "".join(f"M{x} {y}L{x - 4} {y - 12}M{x} {y}L{x + 4} {y - 12}" for x, y in plants)
    leaves = "".join(_tp(_TARO, x + dx, y - 13, a, .26) for x, y in plants for dx, a in ((-4, 30), (4, -30)))
    return out + line(stalks, p.green, 1.4) + shape(leaves, p.leaf, p.ink, .8)


def _pounder(p: Palette) -> str:
    """Pōhaku Kuʻi ʻAi, the poi pounder: a black basalt pestle with a knob, a narrow neck
    and a wide flared base, drawn on the ribbon nearly its whole length, haloed white with a
    white sheen down its flare so its bell-and-knob outline still reads at 40 px (the blind
    review of issue 33 saw a black blob there)."""
    return (shape("M53 56C53 46 69 46 69 56C69 63 65 66 65 74C65 96 83 106 83 126C83 138 39 138 39 126"
                  "C39 106 57 96 57 74C57 66 53 63 53 56Z", p.ink, p.white, 3)
            + line("M56 100C50 108 45 116 44 127M57 52C56 55 56 58 57 61", p.white, 2)
            + line("M42 131H80", p.brown, 2))


# --------------------------------------------------------------------------- 6 Maʻo Hau Hele

_PETAL = "M0 0C-12 -4 -18 -20 -10 -28C-4 -34 6 -32 10 -26C16 -18 10 -4 0 0Z"


def _hibiscus(blooms: tuple[tuple[float, float, float], ...], leaves: tuple[tuple[float, float, float], ...],
              p: Palette) -> str:
    """Maʻo hau hele, the yellow hibiscus: broad green leaves and large five-petalled yellow
    flowers with a dark red heart and a long stamen column."""
    out = shape("".join(_leaf(x, y, 34, a, .42) for x, y, a in leaves), p.green, p.ink, 1.1)
    out += line("".join(_tp("M0 0L0 -30M0 -10L-6 -14M0 -20L6 -22", x, y, a + 90, .9) for x, y, a in leaves),
                p.ink, .7)
    for x, y, r in blooms:
        s = r / 30
        out += shape("".join(_tp(_PETAL, x, y, 72 * i + 10, s) for i in range(5)), p.yellow, p.ink, 1.2)
        out += circle(x, y, r * .3, p.red, p.ink, .8)
        tip = (x + r * .75, y - r * .55)
        out += (line(f"M{_n(x)} {_n(y)}L{_n(tip[0])} {_n(tip[1])}", p.yellow, 2.2)
                + line(_dots([(x + r * k * .75, y - r * k * .55) for k in (.5, .65, .8)]), p.gold, 2.6)
                + line(_dots([tip]), p.red, 3.4))
    return out


def _mao(code: str, p: Palette) -> str:
    if code == "peony-butterflies":
        return _hibiscus(((34, 146, 25), (94, 164, 19)), ((6, 180, -40), (60, 190, -70), (112, 134, -120),
                                                         (70, 140, -30)), p)
    if code == "peony-ribbon":
        return _hibiscus(((26, 150, 22), (98, 162, 20)), ((4, 184, -50), (60, 190, -90), (116, 130, -130)), p)
    return _hibiscus(((40, 62, 28), (86, 118, 25), (30, 156, 18)),
                     ((10, 100, -20), (60, 100, -60), (112, 70, -120), (100, 170, -100), (60, 186, -40),
                      (4, 190, -70)), p)


def _butterfly(x: float, y: float, s: float, rot: float, p: Palette) -> str:
    """A Pulelehua, the Kamehameha butterfly: orange-red wings, black forewing tips with white
    spots, a dark body."""
    fore = "M0 -2C10 -14 26 -24 33 -18C36 -10 30 -2 18 4Z"
    tip = "M24 -22C30 -23 34 -21 33 -18C35 -11 32 -6 28 -3C29 -10 27 -16 24 -22Z"
    hind = "M0 2C10 0 22 6 20 18C14 26 4 20 0 6Z"

    def both(d: str) -> str:
        return _tp(d, 0, 0) + _tp(d, 0, 0, mirror=True)
    body = (shape(both(hind) + both(fore), p.sky, p.ink, 1.3) + shape(both(tip), p.ink, p.ink, 1)
            + line(_dots([(28, -15), (30, -9), (-28, -15), (-30, -9)]), p.white, 2.6)
            + shape("M-2 -10C-2 -14 2 -14 2 -10L1 16H-1Z", p.ink, p.ink, 1)
            + line("M0 -12C-3 -20 -6 -24 -9 -26M0 -12C3 -20 6 -24 9 -26", p.ink, 1))
    return f'<g transform="translate({_n(x)} {_n(y)}) rotate({_n(rot)}) scale({_n(s)})">{body}</g>'


def _rainbow(p: Palette) -> str:
    """The Rainbow arching across the sky over the hibiscus, behind its blue ribbon."""
    return "".join(line(f"M{60 - r} 124A{r} {r} 0 0 1 {60 + r} 124", c, 6.4)
                   for r, c in ((76, p.red), (70, p.sky), (64, p.yellow), (58, p.leaf), (52, p.blue),
                                (46, p.purple)))


# --------------------------------------------------------------------------- the cards

_Parts = tuple[str, str, str]
"""What a month draws for one card: the ground behind the plant, the plant (unclassed), and
the subject — for a ribbon, what its strip carries."""


def _january(code: str, p: Palette) -> _Parts:
    cinders = f'<path d="M0 190V160Q40 150 80 158T120 154V190Z" fill="{p.red}"/>'
    if code == "pine-crane":
        mountain = f'<path d="M0 190V112Q20 100 44 104T92 96Q108 96 120 104V190Z" fill="{p.indigo}"/>'
        return mountain + cinders, _ahinahina(code, p), _nene(p)
    return cinders, _ahinahina(code, p), _sun(p) if code == "pine-ribbon" else ""


def _february(code: str, p: Palette) -> _Parts:
    if code == "plum-warbler":
        return "", _ohia(code, p), _iiwi(p)
    if code == "plum-ribbon":
        return line(_RAIN_LINES, p.blue, 1.2), _ohia(code, p), _rain(p)
    return "", _ohia(code, p), ""


def _march(code: str, p: Palette) -> _Parts:
    flags = _flag(30, 50, 1.2, p) + _flag(66, 104, .8, p) if code == "cherry-curtain" else ""
    return flags, _ilima(code, p), _lei(p) if code == "cherry-ribbon" else ""


def _april(code: str, p: Palette) -> _Parts:
    if code == "wisteria-cuckoo":
        return _sea(86, p), _pohuehue(code, p), _uau(p)
    return _sea(28, p), _pohuehue(code, p), _net(p) if code == "wisteria-ribbon" else ""


def _may(code: str, p: Palette) -> _Parts:
    if code == "iris-bridge":
        return _loi(p), _kalo(code, p), ""
    return _water(172, p), _kalo(code, p), _pounder(p) if code == "iris-ribbon" else ""


def _june(code: str, p: Palette) -> _Parts:
    if code == "peony-butterflies":
        return "", _mao(code, p), _butterfly(44, 58, 1.25, -12, p) + _butterfly(90, 102, .9, 14, p)
    return _rainbow(p) if code == "peony-ribbon" else "", _mao(code, p), ""


_MONTHS: Final[dict[int, Callable[[str, Palette], _Parts]]] = {
    1: _january, 2: _february, 3: _march, 4: _april, 5: _may, 6: _june}


def art(card: Card, p: Palette) -> str | None:
    """The Hawaiʻifuda art of a card of months 1–6 (no frame), or None for another month.

    The card's kind decides its mark (module docstring): a bright stands under the sunset
    sky; a ribbon (``Kind.RIBBON``) is still the hanging strip, blue for the blue set and red
    for the others (RULES.md §1), with its Hawaiian subject on it; an animal is drawn over the
    plant; a chaff is the plant alone.  The plant is in its month's classed group, mirrored on
    the second chaff so no two faces are the same picture."""
    draw = _MONTHS.get(card.month)
    if draw is None:
        return None
    ground, plant, subject = draw(card.code, p)
    if card.kind is Kind.BRIGHT:
        ground = bright_sky(140, p) + ground
    if card.kind is Kind.RIBBON:
        colour = p.blue if card.ribbon is RibbonColour.BLUE else p.red
        if card.ribbon is RibbonColour.POETRY:
            subject = line(POETRY_EDGE, p.gold, 1.6) + subject
        subject = _ribbon(colour, subject, p, tilt=-5 if card.month % 2 else 4)
    return ground + _plant(card.month, plant, mirror=card.slot == 3) + subject
