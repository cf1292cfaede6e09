"""The Hawaiʻifuda deck's own pictures for months 7–12 (issue 33; the cards of RULES.md §1).

The Hawaiʻifuda theme names its own suits and cards (RULES.md §1, "Themes": Jul Naupaka, Aug
Kai, Sep ʻŌlena, Oct ʻUlu, Nov Hala, Dec Kukui), so its faces show those subjects, not the
Japanese ones: a player who reads "ʻIwa" in the label sees a frigatebird, not a swallow.

How the faces keep the traditional deck's reading at a glance (40 px):

* **The month's plant is on all four cards** of the month, always drawn inside
  ``<g class="plant-<suit>">`` (``PLANTS``): naupaka rosettes with their half-flowers, the
  sea's waves, ʻōlena leaves and flower spike, ʻulu leaves and fruit, hala leaf tufts and
  fruit, kukui leaves and nuts.  Matching by month stays matching by plant.
* **A ribbon is still the hanging tanzaku strip**, in its set's colour, with the card's subject
  drawn *on* the strip as the poetry ribbons carry writing: the Waterfall falls down a red
  strip (a "grass" ribbon), the Kapa (bark cloth) pattern and the ʻUlu quilt motif are printed
  on blue strips (the blue-ribbons combo of RULES.md §4.4: Rainbow, Kapa, ʻUlu), and Lauhala is
  a strip woven of hala leaf, as the willow ribbon is in no set.  The strip's outline tells
  the kind; its colour tells the combo.
* **Brights** carry a large subject under the sunset sky that every bright of the deck shares
  and no other card has (``hawaii_early.bright_sky``): the canoe under the moon, the chief
  under the first stars, the hawk; **animals** one creature
  among the plant; **rubbish** the plant alone; the **Light** (``paulownia-chaff1``, the chaff
  that counts 10) stands on the yellow ground of the theme's ``band`` with a burning kukui-nut
  torch, as the yellow-ground paulownia stands apart in the Japanese deck.

Everything is drawn with ``motifs``' helpers in the theme's ``Palette``; no words on any face.
docs/cards.md ("The Hawaiʻifuda deck, months 7–12") says card by card what each face shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...cards import Card
from .hawaii_early import bright_sky
from .motifs import circle, line, shape
from .palette import Palette

__all__ = ["MONTHS", "PLANTS", "art"]

MONTHS = range(7, 13)
"""The months this module draws (the other six are drawn elsewhere)."""

PLANTS = {7: "naupaka", 8: "kai", 9: "olena", 10: "ulu", 11: "hala", 12: "kukui"}
"""The suit plant of each month (RULES.md §1) as the class of its ``<g>``: every card of the
month carries it, which is what lets a player match months at a glance."""


def _n(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def _g(body: str, transform: str = "") -> str:
    return f'<g transform="{transform}">{body}</g>' if transform else body


def _plant(month: int, body: str, mirror: bool = False) -> str:
    """The month's plant in its marked group (``PLANTS``), mirrored on a month's second chaff."""
    t = ' transform="matrix(-1 0 0 1 120 0)"' if mirror else ""
    return f'<g class="plant-{PLANTS[month]}"{t}>{body}</g>'


def _leaf(x: float, y: float, length: float, angle: float, fill: str, ink: str, width: float = .32,
          vein: bool = False) -> str:
    """A pointed leaf from (x, y) in direction ``angle`` (degrees); ``vein`` draws its midrib."""
    w = length * width
    d = (f"M0 0Q{_n(length * .5)} -{_n(w)} {_n(length)} 0Q{_n(length * .5)} {_n(w)} 0 0Z")
    midrib = f'<path d="M0 0L{_n(length * .9)} 0" stroke="{ink}" stroke-width=".8"/>' if vein else ""
    return (f'<g transform="translate({_n(x)} {_n(y)}) rotate({_n(angle)})">'
            f'<path d="{d}" fill="{fill}" stroke="{ink}" stroke-width="1"/>{midrib}</g>')


STRIP = "M50 40H72L74 148L63 140L52 150Z"
"""The tanzaku ribbon's outline, the same as ``motifs.ribbon``'s: the shape that says "ribbon"."""


def _strip(fill: str, surface: str, p: Palette, x: float = 0, tilt: float = -6) -> str:
    """A hanging ribbon strip of ``fill`` with the card's subject ``surface`` drawn on it."""
    body = (shape(STRIP, fill, p.ink, 1.5) + surface + line("M50 46H72", p.ink, 1)
            + shape(STRIP, "none", p.ink, 1.5))
    return _g(body, f"translate({_n(x)} 0) rotate({_n(tilt)} 61 40)")


# --------------------------------------------------------------------------- 7 Naupaka

def _half_flower(x: float, y: float, r: float, angle: float, p: Palette) -> str:
    """A naupaka flower: five white petals fanned to one side only — the "half flower" of the
    legend of the parted lovers, what tells naupaka from any other white bloom."""
    petals = "".join(_leaf(0, 0, r, a, p.white, p.ink, .42) for a in (-80, -40, 0, 40, 80))
    streaks = "".join(f"M0 0L{_n(r * .6 * math.cos(a))} {_n(r * .6 * math.sin(a))}"
                      for a in (math.radians(d) for d in (-40, 0, 40)))
    return _g(petals + line(streaks, p.purple, .9) + circle(0, 0, 1.6, p.purple),
              f"translate({_n(x)} {_n(y)}) rotate({_n(angle)})")


def _rosette(x: float, y: float, s: float, p: Palette, flowers: int = 2) -> str:
    """A naupaka rosette: broad glossy leaves crowded at a branch tip, half-flowers in the axils."""
    out = "".join(_leaf(x, y, 24 * s, a, p.leaf if i % 2 else p.green, p.ink, .5, vein=True)
                  for i, a in enumerate((-180, -140, -100, -60, -20, 20, 60, 120, 160)))
    for k in range(flowers):
        out += _half_flower(x - 7 * s + 14 * s * k, y - 2 * s - 4 * s * k, 11 * s, -100 + 60 * k, p)
    return out


def _naupaka(p: Palette, rosettes: tuple[tuple[float, float, float], ...]) -> str:
    stems = "".join(f"M{_n(x + 4)} 190C{_n(x + 10)} {_n(y + 40)} {_n(x - 4)} {_n(y + 20)} {_n(x)} {_n(y)}"
                    for x, y, _ in rosettes if y > 60)
    return line(stems, p.brown, 3.2) + "".join(_rosette(x, y, s, p) for x, y, s in rosettes)


def _rain(p: Palette, colour: str, top: int, bottom: int) -> str:
    drops = "".join(f"M{x} {y}l-4 12" for x in range(6, 124, 12)
                    for y in range(top + (x // 12 % 2) * 10, bottom, 26))
    return line(drops, colour, 1.1)


def _dog(p: Palette) -> str:
    """ʻĪlio holo i ka uaua: a brown poi dog at full gallop — legs stretched fore and aft, ears
    pricked, tail streaming — through the rain."""
    legs = shape("M84 118L106 130L112 136L104 138L80 128ZM78 124L96 142L100 148L93 149L72 130Z"
                 "M42 120L18 132L10 137L17 141L46 130ZM48 124L30 146L26 152L33 152L54 130Z",
                 p.brown, p.ink, 1.3)
    tail = shape("M32 114C24 108 18 100 14 88C22 94 28 100 36 108Z", p.brown, p.ink, 1.2)
    body = shape("M30 112C40 103 70 103 86 107C93 110 95 117 92 124C88 130 78 132 66 130"
                 "C54 132 42 132 34 128C26 125 24 116 30 112Z", p.brown, p.ink, 1.6)
    head = shape("M84 114C84 104 88 98 93 96L91 85L99 93L105 85L106 96C110 97 114 99 118 102"
                 "C118 106 114 108 108 108C104 112 98 116 92 120Z", p.brown, p.ink, 1.6)
    face = (circle(102, 100, 1.8, p.ink) + circle(117.5, 103, 2, p.ink)
            + line("M44 112C54 108 66 108 76 111M108 108L114 106", p.ink, 1))
    body += head
    return legs + tail + body + face


def _waterfall(p: Palette) -> str:
    """Waterfall: white water pouring over a dark cliff edge at the top of the red strip, widening
    as it falls, streaked blue, into a big white splash at the foot — wide and high-contrast so
    it reads as falling water at 40 px, not as a pale stripe (the blind review of issue 33)."""
    cliff = shape("M50 46H72L72 62Q67 58 65 62L57 62Q55 58 50 62Z", p.brown, p.ink, 1.2)
    water = shape("M56.5 60H65.5L69 130H53Z", p.white, p.ink, 1.2)
    falls = line("M58.5 64L56 126M61 64V128M63.5 64L66 126", p.blue, 1.8)
    splash = _discs([(54, 133), (68, 133), (61, 136), (57, 128), (65, 128)], 5)
    return _strip(p.red, cliff + water + falls + shape(splash, p.white, p.ink, .9)
                  + _dots_line(((47, 122), (75, 120), (50, 114)), p.white, 2.2), p, x=-4, tilt=-4)


def _july(card: Card, p: Palette) -> str:
    if card.code == "clover-boar":
        return (f'<path d="M0 0H120V78Q60 92 0 78Z" fill="{p.indigo}"/>' + _rain(p, p.white, 0, 80)
                + _rain(p, p.blue, 84, 186)
                + _plant(7, _naupaka(p, ((16, 62, .9), (106, 58, .8), (104, 174, .8), (14, 176, .7))))
                + _dog(p))
    if card.code == "clover-ribbon":
        return _plant(7, _naupaka(p, ((24, 150, 1.1), (100, 112, 1.0), (98, 172, .9)))) + _waterfall(p)
    mirror = card.slot == 3
    # the second rubbish stands on pale beach sand (naupaka's shore), not on the sunset colour
    # that marks the brights (``bright_sky``)
    sand = f'<path d="M0 190V150Q40 136 80 148T120 144V190Z" fill="{p.brown}" fill-opacity=".3"/>' \
        if mirror else ""
    return sand + _plant(7, _naupaka(p, ((34, 140, 1.3), (88, 92, 1.2), (32, 50, 1.0))), mirror)


# --------------------------------------------------------------------------- 8 Kai

def _sea(level: float, p: Palette) -> str:
    """Kai, the sea: a blue swell with curling white crests (the suit's mark on every card)."""
    crests = "".join(f"M{x} {_n(level + 6)}c4 -10 16 -10 18 -2c-4 -4 -10 -2 -8 4" for x in range(-6, 126, 22))
    rows = "".join(f"M{x} {_n(level + dy)}q6 -5 12 0t12 0"
                   for dy in range(20, int(190 - level), 16) for x in range(-4 + dy % 12, 124, 24))
    sea = shape(f"M0 190V{_n(level + 4)}Q30 {_n(level - 6)} 60 {_n(level + 4)}T120 {_n(level + 4)}V190Z",
                p.blue, p.ink, 1.2)
    return sea + line(crests, p.white, 2.2) + line(rows, p.indigo, 1.6)


def _canoe(p: Palette) -> str:
    """Waʻa: a double-hulled canoe with its crab-claw sail, dark against the moon."""
    sail = shape("M62 134Q42 104 30 60Q36 57 40 64Q50 84 60 84Q72 82 84 62Q88 55 93 58Q82 100 62 134Z",
                 p.brown, p.ink, 1.6)
    sail += line("M62 134Q42 104 30 60M62 134Q82 100 93 58", p.ink, 2.6)
    sail += line("M50 104Q60 102 76 94M44 84Q58 92 82 78", p.gold, 1.2)
    hull = shape("M12 124Q16 134 30 136H92Q106 134 110 122L106 140Q60 148 16 140Z", p.ink, p.ink, 1)
    hull += line("M30 132V124H92V130", p.ink, 2.2)
    return _g(sail, "rotate(-6 62 134)") + hull


def _bat(p: Palette) -> str:
    """ʻŌpeʻapeʻa, the Hawaiian hoary bat: scalloped membrane wings spread wide from a furry
    body, pointed ears, over the evening sea."""
    wing = ("M60 70C50 58 34 52 14 56C18 62 18 68 14 74C22 72 28 76 30 84C36 78 42 80 46 88"
            "C50 82 54 80 60 84Z")
    wings = shape(wing, p.brown, p.ink, 1.4) + shape(wing, p.brown, p.ink, 1.4).replace(
        "<path ", '<path transform="matrix(-1 0 0 1 120 0)" ')
    bones = line("M58 74L16 58M56 76L24 74M56 78L34 82M62 74L104 58M64 76L96 74M64 78L86 82", p.ink, .8)
    body = (shape("M54 70C54 62 66 62 66 70L64 88C62 92 58 92 56 88Z", p.ink, p.ink, 1)
            + shape("M55 66L54 58L59 63ZM65 66L66 58L61 63Z", p.ink, p.ink, 1)
            + circle(57.5, 67, 1, p.gold) + circle(62.5, 67, 1, p.gold))
    return wings + bones + body


def _august(card: Card, p: Palette) -> str:
    """Kai: the bright's canoe under the sunset sky (``bright_sky``, the mark of every bright);
    the bat at dusk on an indigo twilight with a last violet glow on the horizon, so the animal
    does not wear the brights' sky; the two rubbish the bare sea, the second under a pale sky."""
    if card.code == "susuki-moon":
        moon = f'<circle cx="60" cy="66" r="38" fill="{p.white}" stroke="{p.ink}" stroke-width="1.6"/>'
        return bright_sky(146, p) + moon + _plant(8, _sea(140, p)) + _canoe(p)
    if card.code == "susuki-geese":
        dusk = (f'<path d="M0 0H120V150H0Z" fill="{p.indigo}"/>'
                f'<path d="M0 76Q60 58 120 76V150H0Z" fill="{p.purple}"/>'
                + _dots_line(((14, 20), (100, 14), (34, 44), (108, 40)), p.white, 2))
        return dusk + _plant(8, _sea(124, p)) + _bat(p)
    if card.slot == 3:
        pale = f'<path d="M0 0H120V96H0Z" fill="{p.blue}" fill-opacity=".22"/>'
        return pale + _plant(8, _sea(88, p), mirror=True)
    return _plant(8, _sea(72, p))


def _dots_line(points: tuple[tuple[float, float], ...], colour: str, size: float) -> str:
    """Round dots (zero-length round-capped strokes): stars, far smaller than circles."""
    return line("".join(f"M{_n(x)} {_n(y)}h.1" for x, y in points), colour, size)


# --------------------------------------------------------------------------- 9 ʻŌlena

def _root(x: float, y: float, length: float, angle: float, p: Palette) -> str:
    """A finger of turmeric root: a short orange cylinder ringed with dark growth lines."""
    rings = "".join(f"M{_n(length * k / 3)} 0v8" for k in (1, 2))
    return _g(shape(f"M0 0h{_n(length)}a4 4 0 0 1 0 8h-{_n(length)}a4 4 0 0 1 0 -8Z", p.gold, p.ink, 1.1)
              + line(rings, p.brown, .9), f"translate({_n(x)} {_n(y)}) rotate({_n(angle)})")


def _olena(p: Palette, spike: tuple[float, float], leaves: int = 5) -> str:
    """ʻŌlena (turmeric): broad lance leaves rising from the orange root, whose fingers show at
    the foot, and its pale flower spike of stacked bracts with pink tips."""
    fans = ((-104, 96), (-82, 106), (-64, 96), (-124, 78), (-44, 76))[:leaves]
    x, y = spike
    out = line(f"M{_n(x)} 176L{_n(x)} {_n(y + 30)}", p.green, 2.4)
    out += "".join(_leaf(56, 174, length, a, p.green, p.ink, .26, vein=True) for a, length in fans)
    for k in range(5):
        w = 10 - k * 1.4
        by = y + 30 - k * 7
        out += shape(f"M{_n(x - w)} {_n(by)}Q{_n(x)} {_n(by - 12)} {_n(x + w)} {_n(by)}"
                     f"Q{_n(x)} {_n(by + 4)} {_n(x - w)} {_n(by)}Z", p.pink if k >= 3 else p.white, p.ink, .9)
    return out + "".join(_root(rx, ry, length, a, p) for rx, ry, length, a in
                         ((30, 172, 52, 0), (36, 176, 14, 140), (58, 176, 14, 60), (78, 170, 14, -40),
                          (48, 172, 12, -60)))


def _kapa(p: Palette) -> str:
    """Kapa: the bark cloth's printed bands — rows of triangles and zig-zags, gold and white
    on the blue strip (a blue ribbon: RULES.md §4.4's Rainbow, Kapa, ʻUlu)."""
    out = ""
    for k, y in enumerate(range(54, 140, 14)):
        if k % 2:
            out += line(f"M53 {y}l4 -5l4 5l4 -5l4 5l3 -4", p.white, 1.4)
        else:
            out += shape(f"M53 {y}l5 -9l5 9l5 -9l5 9Z", p.gold, p.ink, .6)
    return _strip(p.blue, out, p, x=2, tilt=6)


def _medicine(p: Palette) -> str:
    """Medicine: a wooden bowl (ʻumeke) of ground yellow ʻōlena with a stone pestle across it,
    before the plant whose orange roots it is made of."""
    bowl = shape("M30 126C30 156 90 156 90 126Z", p.brown, p.ink, 1.8)
    bowl += shape("M30 126a30 7 0 1 0 60 0a30 7 0 1 0 -60 0Z", p.yellow, p.ink, 1.4)
    bowl += line("M38 140C50 146 70 146 82 140", p.gold, 1.2)
    pestle = shape("M66 124L92 96C94 90 104 88 106 94C108 100 102 104 96 102L70 128Z", p.indigo, p.ink, 1.3)
    return _g(bowl + pestle, "translate(-12 -24) scale(1.2)")


def _september(card: Card, p: Palette) -> str:
    if card.code == "chrysanthemum-sake":
        return _plant(9, _olena(p, (98, 26), 4)) + _medicine(p)
    if card.code == "chrysanthemum-ribbon":
        return _plant(9, _olena(p, (100, 40))) + _kapa(p)
    return _plant(9, _olena(p, (84, 30)), mirror=card.slot == 3)


# --------------------------------------------------------------------------- 10 ʻUlu

def _ulu_leaf(x: float, y: float, s: float, angle: float, p: Palette) -> str:
    """A breadfruit leaf: big and deeply cut into pointed lobes down both sides."""
    d = ("M0 0C6 -4 10 -12 12 -22C16 -16 18 -12 22 -12C24 -22 28 -28 32 -32C34 -24 36 -18 40 -16"
         "C44 -22 48 -24 54 -26C52 -16 52 -8 58 0C52 8 52 16 54 26C48 24 44 22 40 16C36 18 34 24 32 32"
         "C28 28 24 22 22 12C18 12 16 16 12 22C10 12 6 4 0 0Z")
    veins = "M0 0H56M12 0L14 -18M24 0L30 -28M38 0L48 -22M12 0L14 18M24 0L30 28M38 0L48 22"
    return _g(shape(d, p.green, p.ink, 1.2) + line(veins, p.leaf, 1),
              f"translate({_n(x)} {_n(y)}) rotate({_n(angle)}) scale({_n(s)})")


def _fruit(x: float, y: float, r: float, p: Palette) -> str:
    """An ʻulu fruit: big, round, yellow-green, its skin covered in small bumps — yellow, not
    the kukui's green, and larger than its nuts, so the two tree months part at 40 px (the blind
    review of issue 33 mixed up the kukui and ʻulu rubbish)."""
    bumps = [(x + dx * r * .3, y + dy * r * .3) for dx in range(-2, 3) for dy in range(-2, 3)
             if dx * dx + dy * dy <= 5]
    return (line(f"M{_n(x)} {_n(y - r)}l2 -8", p.brown, 2.4) + circle(x, y, r, p.yellow, p.ink, 1.4)
            + f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{p.leaf}" fill-opacity=".35"/>'
            + _dots_line(tuple(bumps), p.green, 2.6))


def _ulu(p: Palette, leaves: tuple[tuple[float, float, float, float], ...],
         fruits: tuple[tuple[float, float, float], ...]) -> str:
    return ("".join(_ulu_leaf(x, y, s, a, p) for x, y, s, a in leaves)
            + "".join(_fruit(x, y, r, p) for x, y, r in fruits))


def _quilt(p: Palette) -> str:
    """ʻUlu on the ribbon: the breadfruit appliqué of a Hawaiian quilt, white on the blue strip
    (a blue ribbon: RULES.md §4.4's Rainbow, Kapa, ʻUlu)."""
    lobes = "".join(_leaf(61, y, 10, a, p.white, p.ink, .5) for y in (64, 120) for a in (-150, -30, 30, 150))
    return _strip(p.blue, lobes + line("M61 54V132", p.white, 1.6) + circle(61, 92, 12, p.white, p.ink, 1)
                  + line("M53 88h16M53 96h16M57 82v20M65 82v20", p.blue, 1), p, x=-2, tilt=-6)


def _lizard(p: Palette) -> str:
    """Moʻo: a gecko climbing the breadfruit tree, seen from above — broad head with bulging
    eyes, bent legs with round toe pads, a long tail curling at the tip, red marks down the
    back of the islands' bright green day gecko."""
    legs = "M54 74L42 68L38 56M66 74L78 68L82 56M54 110L42 116L38 128M66 110L78 116L82 128"
    tail = shape("M55 118C52 136 44 148 36 156C30 162 34 172 44 168C36 166 36 160 42 156"
                 "C54 146 62 134 65 118Z", p.leaf, p.ink, 1.4)
    body = shape("M55 58C48 70 48 100 53 118C56 126 64 126 67 118C72 100 72 70 65 58Z", p.leaf, p.ink, 1.6)
    head = shape("M60 34C69 34 73 44 71 52C69 58 65 62 60 62C55 62 51 58 49 52C47 44 51 34 60 34Z",
                 p.leaf, p.ink, 1.6)
    toes = "".join(circle(x + dx, y + dy, 2.2, p.leaf, p.ink, .8)
                   for x, y in ((38, 56), (82, 56), (38, 128), (82, 128))
                   for dx, dy in ((-3, 0), (0, -3), (3, 0)))
    marks = "".join(shape(f"M57 {y}h6l-1 4h-4Z", p.red, p.ink, .6) for y in (76, 88, 100, 112))
    eyes = "".join(circle(x, 44, 3, p.gold, p.ink, 1) + circle(x, 44, 1.2, p.ink) for x in (52, 68))
    return (line(legs, p.ink, 7.4) + line(legs, p.leaf, 4.6) + toes + tail + body + head + marks + eyes
            + line("M56 56q4 3 8 0", p.ink, 1))


def _october(card: Card, p: Palette) -> str:
    if card.code == "maple-deer":
        return _plant(10, _ulu(p, ((0, 176, 1.1, -40), (120, 170, 1.0, -140), (120, 20, .9, 150)),
                               ((20, 30, 15),))) + _lizard(p)
    if card.code == "maple-ribbon":
        return _plant(10, _ulu(p, ((0, 170, 1.1, -40), (120, 180, 1.0, -150)), ((96, 150, 16),))) + _quilt(p)
    sky = f'<path d="M0 0H120V30Q60 44 0 30Z" fill="{p.indigo}"/>' if card.slot == 3 else ""
    return sky + _plant(10, _ulu(p, ((4, 120, 1.2, -30), (116, 92, 1.1, -150), (20, 186, 1.0, -60)),
                                 ((76, 136, 19), (52, 64, 16))), mirror=card.slot == 3)


# --------------------------------------------------------------------------- 11 Hala

def _hala_tuft(x: float, y: float, s: float, p: Palette, fruit: bool = False) -> str:
    """A hala (pandanus) tuft: long narrow leaves fanning out and drooping from the branch tip,
    with, on some, the round fruit of orange wedges hanging under it."""
    out = ""
    for i, a in enumerate((-160, -130, -100, -80, -50, -20, 10, 170)):
        t = math.radians(a)
        ex, ey = x + 40 * s * math.cos(t), y + 40 * s * math.sin(t) + 14 * s
        mx, my = x + 26 * s * math.cos(t), y + 26 * s * math.sin(t) - 6 * s
        out += shape(f"M{_n(x)} {_n(y - 2 * s)}Q{_n(mx - 5 * s)} {_n(my - 3 * s)} {_n(ex)} {_n(ey)}"
                     f"Q{_n(mx + 5 * s)} {_n(my + 6 * s)} {_n(x)} {_n(y + 4 * s)}Z",
                     p.green if i % 2 else p.leaf, p.ink, 1)
    if fruit:
        fx, fy, r = x, y + 16 * s, 11 * s
        keys = [(fx, fy)] + [(fx + r * .62 * math.cos(a), fy + r * .62 * math.sin(a))
                             for a in (math.radians(d) for d in range(0, 360, 60))]
        out += shape(_discs([(fx, fy)], r), p.red, p.ink, 1.3)
        out += shape(_discs(keys, r * .34), p.gold, p.ink, .8)
    return out


def _discs(centres: list[tuple[float, float]], r: float) -> str:
    """Discs of radius ``r`` as one path (one element for the many round keys of a fruit)."""
    arc = f"a{_n(r)} {_n(r)} 0 1 0"
    return "".join(f"M{_n(x - r)} {_n(y)}{arc} {_n(2 * r)} 0{arc} {_n(-2 * r)} 0" for x, y in centres)


def _lauhala(p: Palette) -> str:
    """Lauhala: a strip woven of dried hala leaf, tan checks over and under (the willow's ribbon
    is in no ribbon set, so it wears the leaf's own colour)."""
    checks = "".join(f"M{52 + (k % 2) * 5} {y}h5v7h-5ZM{62 + (k % 2) * 5} {y}h5v7h-5Z"
                     for k, y in enumerate(range(48, 140, 7)))
    return _strip(p.gold, f'<path d="{checks}" fill="{p.brown}"/>', p, x=-10, tilt=-8)


def _alii(p: Palette) -> str:
    """Aliʻi, Honu & Pahu: a chief in a red-and-yellow feather cloak and crested helmet, the tall
    pahu drum with its laced head beside him, a sea turtle at his feet, on the night sky.  He
    holds a spear upright: a figure of rank, not a robe alone."""
    drum = (shape("M8 96H38L34 150H12Z", p.brown, p.ink, 1.6)
            + shape("M8 92a15 5 0 1 0 30 0a15 5 0 1 0 -30 0Z", p.white, p.ink, 1.4)
            + line("M10 96L20 120L28 96L36 120M12 150L16 126L22 150L28 126L34 150", p.ink, 1)
            + shape("M12 150H34L36 160H10Z", p.ink, p.ink, 1))
    cloak = shape("M64 82C56 84 52 92 50 104L44 160H100L94 104C92 92 88 84 80 82Z", p.yellow, p.ink, 1.6)
    cloak += shape("M50 104C60 116 84 116 94 104L96 124C82 136 62 136 48 124Z", p.red, p.ink, 1.2)
    cloak += shape("M46 146C60 138 84 138 98 146L100 160H44Z", p.red, p.ink, 1.2)
    head = (circle(72, 70, 10, p.brown, p.ink, 1.4)
            + shape("M62 68C60 56 66 50 72 50C78 50 84 56 82 68Z", p.yellow, p.ink, 1.4)
            + shape("M68 52C68 42 72 36 80 34C78 40 78 46 76 52Z", p.red, p.ink, 1.2)
            + circle(68, 72, 1.2, p.ink) + circle(76, 72, 1.2, p.ink))
    legs = shape("M61 158h6v16h-6ZM77 158h6v16h-6Z", p.brown, p.ink, 1)
    flippers = "M86 172c-8 -6 -12 -2 -14 2l8 2ZM110 174c6 -6 10 -4 10 0l-8 4ZM88 184l-8 6h6ZM108 184l6 6h-4Z"
    turtle = _g(shape(flippers, p.leaf, p.ink, 1)
              + circle(98, 168, 4, p.leaf, p.ink, 1)
              + shape("M84 178C84 166 112 166 112 178C112 188 84 188 84 178Z", p.green, p.ink, 1.4)
              + line("M92 172L104 172L108 180L98 186L88 180ZM98 170V186", p.gold, 1), "translate(0 -8)")
    spear = (line("M106 52V152", p.ink, 3.6) + line("M106 52V152", p.brown, 2)
             + shape("M106 40L101 54H111Z", p.ink, p.ink, 1))
    hand = shape("M92 106C98 104 104 106 108 110C108 116 102 118 96 116Z", p.brown, p.ink, 1.2)
    return drum + legs + spear + cloak + hand + head + turtle


def _iwa(p: Palette) -> str:
    """ʻIwa, the great frigatebird: long narrow wings bent at the wrist like a stretched M, a deep
    forked tail, the male's red throat pouch."""
    wings = shape("M60 92C48 82 36 74 22 70C14 68 8 70 2 76C12 72 20 74 28 80C40 88 50 96 58 100Z"
                  "M62 92C72 80 86 72 100 68C108 66 114 68 118 74C110 70 100 72 92 78C80 86 70 96 64 100Z",
                  p.ink, p.ink, 1.2)
    body = shape("M52 96C56 90 66 90 70 96L66 112L60 110Z", p.ink, p.ink, 1)
    tail = shape("M60 110L52 140L60 120L66 140L64 110Z", p.ink, p.ink, 1)
    head = (shape("M52 96C48 94 46 90 48 86C52 84 56 88 56 92Z", p.ink, p.ink, 1)
            + shape("M48 88L36 90L48 91Z", p.white, p.ink, .8)
            + shape("M52 96C50 102 56 106 60 102C60 98 56 96 52 96Z", p.red, p.ink, 1)
            + circle(50.5, 88.5, .9, p.white))
    return wings + body + tail + head


def _pahoehoe(p: Palette) -> str:
    """Pāhoehoe, the wild card (RULES.md §1, §4.4): smooth ropy lava glowing through a black
    crust, in place of the Japanese deck's thunder drum — with a hala tuft at the top, since it
    is a Hala card when dealt to the field."""
    ropes = "".join(f"M{x} {y}c8 -10 22 -10 28 0s-2 16 -12 14s-10 -10 -2 -14" for x, y in
                    ((8, 70), (60, 84), (20, 120), (70, 140), (30, 170)))
    return (f'<rect width="120" height="190" fill="{p.ink}"/>'
            + shape("M0 94C30 84 50 110 80 100S110 84 120 94V134C90 124 70 148 40 138S10 124 0 134Z",
                    p.red, p.ink, 1.4)
            + line(ropes, p.gold, 3) + line(ropes, p.red, 1.2)
            + line("M0 114C30 106 50 126 80 118S110 106 120 114", p.yellow, 2)
            + _plant(11, _hala_tuft(60, 20, 1.45, p, fruit=True)))


def _november(card: Card, p: Palette) -> str:
    if card.code == "willow-lightning":
        return _pahoehoe(p)
    if card.code == "willow-rainman":
        stars = _dots_line(((62, 10), (92, 44), (114, 58), (50, 96)), p.white, 2.6)
        hala = _hala_tuft(22, 22, 1.25, p, fruit=True) + _hala_tuft(102, 12, 1.0, p)
        return bright_sky(110, p) + stars + _plant(11, hala) + _alii(p)
    if card.code == "willow-swallow":
        return (_plant(11, _hala_tuft(26, 140, 1.3, p, fruit=True) + _hala_tuft(100, 164, 1.1, p))
                + shape("M0 190V178Q60 168 120 178V190Z", p.blue, p.ink, 1) + _iwa(p))
    return _plant(11, _hala_tuft(94, 140, 1.3, p, fruit=True) + _hala_tuft(22, 168, 1.1, p)) + _lauhala(p)


# --------------------------------------------------------------------------- 12 Kukui

def _kukui_leaf(x: float, y: float, s: float, angle: float, p: Palette) -> str:
    """A kukui leaf: broad, pale, with three shallow rounded lobes — the silvery-green leaf that
    marks the kukui tree on a hillside, drawn pale (the leaf green thinned on the paper) so it
    never passes for the dark, deeply cut ʻulu leaf."""
    d = ("M0 0C-6 -8 -18 -8 -22 -18C-14 -20 -12 -24 -12 -32C-4 -28 -2 -34 0 -42"
         "C2 -34 4 -28 12 -32C12 -24 14 -20 22 -18C18 -8 6 -8 0 0Z")
    return _g(f'<path d="{d}" fill="{p.white}"/><path d="{d}" fill="{p.leaf}" fill-opacity=".5" '
              f'stroke="{p.ink}" stroke-width="1.2"/>'
              + line("M0 0V-38M0 -10L-16 -18M0 -10L16 -18", p.white, 1.2),
              f"translate({_n(x)} {_n(y)}) rotate({_n(angle)}) scale({_n(s)})")


def _kukui(p: Palette, leaves: tuple[tuple[float, float, float, float], ...],
           nuts: tuple[tuple[float, float], ...], flowers: tuple[tuple[float, float], ...] = ()) -> str:
    """Kukui (candlenut): pale silvery lobed leaves, small brown-green nuts and big clusters of
    white flowers (the white clusters and pale leaves are what tell kukui from ʻulu at 40 px)."""
    out = line("".join(f"M60 190Q{_n((x + 60) / 2)} {_n((y + 190) / 2 + 10)} {_n(x)} {_n(y)}"
                       for x, y, _, _ in leaves), p.brown, 2.2)
    out += "".join(_kukui_leaf(x, y, s, a, p) for x, y, s, a in leaves)
    out += "".join(circle(x, y, 5, p.brown, p.ink, 1.2) + circle(x - 1.6, y - 1.6, 1.4, p.leaf)
                   for x, y in nuts)
    for x, y in flowers:
        out += "".join(circle(x + dx, y + dy, 5.2, p.white, p.ink, .9) + circle(x + dx, y + dy, 1.6, p.yellow)
                       for dx, dy in ((-7, 0), (7, -2), (0, 6), (2, -10), (-6, -10)))
    return out


def _hawk(p: Palette) -> str:
    """ʻIo, the Hawaiian hawk, soaring: broad wings with the flight feathers spread like
    fingers at the tips (not the bat's scalloped membrane), pale bars under the wings, a
    banded fan tail, the head turned to show the hooked beak."""
    wing = ("M56 72C40 62 24 58 8 62L4 66L14 68L6 72L16 74L10 79L20 80L16 86L28 84C38 86 48 90 56 92Z")
    wings = shape(wing, p.brown, p.ink, 1.5) + _g(shape(wing, p.brown, p.ink, 1.5), "matrix(-1 0 0 1 120 0)")
    bars = line("M22 70L24 80M32 68L34 84M42 70L44 86M98 70L96 80M88 68L86 84M78 70L76 86", p.white, 1.3)
    tail = shape("M53 100L44 126Q60 134 76 126L67 100Z", p.brown, p.ink, 1.4) + line(
        "M48 116h24M46 123h28", p.white, 1.2)
    body = shape("M51 72C51 60 69 60 69 72L66 102C64 108 56 108 54 102Z", p.white, p.ink, 1.4)
    body += line("M57 78v4M63 78v4M56 88v4M61 86v4M65 90v4M58 96v4", p.brown, 1.6)
    head = (circle(60, 58, 9, p.brown, p.ink, 1.4) + shape("M52 56L44 60Q46 65 52 62Z", p.ink, p.ink, 1)
            + shape("M52 56L50 61L53 61Z", p.yellow, p.ink, .6) + circle(56, 55, 1.8, p.yellow, p.ink, .6))
    feet = circle(56, 106, 2.4, p.yellow, p.ink, .8) + circle(64, 106, 2.4, p.yellow, p.ink, .8)
    return wings + bars + tail + body + feet + head


def _torch(p: Palette) -> str:
    """Light: a kukui-nut torch — nuts strung on a rib, the top one burning — whose oil lit the
    old houses (kukui is "light")."""
    glow = circle(60, 60, 30, p.white, "", 0) + circle(60, 60, 20, p.yellow)
    flame = shape("M60 34C70 48 72 58 66 68C62 72 58 72 54 68C48 58 52 48 60 34Z", p.red, p.ink, 1.4)
    flame += shape("M60 48C65 56 66 62 62 67C60 68 58 68 57 66C54 60 56 54 60 48Z", p.gold, p.ink, .8)
    rib = line("M60 70V156", p.ink, 2.4)
    nuts = "".join(circle(60, y, 6, p.brown, p.ink, 1.2) for y in range(78, 150, 12))
    return glow + flame + rib + nuts


def _december(card: Card, p: Palette) -> str:
    if card.code == "paulownia-phoenix":
        strip = _kukui(p, ((22, 184, 1.1, -20), (98, 186, 1.1, 20), (60, 186, .9, 0)),
                       ((40, 166), (82, 168)), ((14, 160), (106, 162)))
        return bright_sky(142, p) + _plant(12, strip) + _hawk(p)
    if card.code == "paulownia-chaff1":
        ground = f'<path d="M0 190V110Q60 96 120 110V190Z" fill="{p.band}"/>'
        return ground + _plant(12, _kukui(p, ((20, 186, 1.0, -30), (100, 186, 1.0, 30)),
                                          ((30, 150), (90, 150)), ((18, 118), (102, 118)))) + _torch(p)
    leaves = ((30, 100, 1.2, -20), (84, 76, 1.1, 25), (40, 170, 1.2, 10), (96, 160, 1.0, 35),
              (64, 130, .9, -5))
    return _plant(12, _kukui(p, leaves, ((60, 44), (72, 54), (20, 120)), ((96, 110), (26, 46))),
                  mirror=card.slot == 3)


_MONTHS: dict[int, Callable[[Card, Palette], str]] = {
    7: _july, 8: _august, 9: _september, 10: _october, 11: _november, 12: _december}


def art(card: Card, p: Palette) -> str | None:
    """The Hawaiʻifuda art of a card of months 7–12 (no frame), or None for another month."""
    draw = _MONTHS.get(card.month)
    return draw(card, p) if draw else None
