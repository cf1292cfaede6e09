# ruff: noqa: E501  (HTML and measurements kept whole on their lines)
"""Card faces on a dark page (issue 33: faces "render crisply from 40 px to 200 px, in light and
dark").  Real cards are light paper, but a hand of bright paper glares on the dark felt and the
black folded edge vanishes into it: on a dark page each face's paper is a little dimmed and a
light rim runs round the black edge.  One URL serves both (the SVG's own ``prefers-color-scheme``
rule follows the page's ``color-scheme``, which theme.css sets dark with the system's dark mode),
so caching and the ``data-card`` contract are untouched.  Measured in Debian's chromium: the edge
of every theme's faces and back contrasts with the dark felt (≥ 3:1, WCAG's non-text contrast)
at 40 px and at 200 px, and the paper is the palette's dimmed tone."""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from PIL import Image

from hanafuda.cards import CODES
from hanafuda.themes import THEMES, normalize_theme
from hanafuda.web.cards_svg import DECKS, back_svg, card_svg
from hanafuda.web.deck.palette import palette

FELT = {"light": "#2f5d46", "dark": "#1f4333"}
"""The table's felt (style.css ``--felt``, theme.css's dark one); Hawaiʻifuda has its own."""
HAWAII_FELT = {"light": "#1e5a6b", "dark": "#173f4b"}
PAD = 6


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def luminance(rgb: tuple[int, ...]) -> float:
    def lin(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_every_face_and_back_carries_its_dark_variant() -> None:
    for theme in THEMES:
        p = palette(normalize_theme(theme))
        rule = f".pp{{fill:{p.dark_paper}}}.ed{{stroke:{p.rim};"
        for deck in DECKS:
            for code in CODES:
                svg = card_svg(code, theme, deck=deck)
                assert "@media (prefers-color-scheme:dark)" in svg and rule in svg, (theme, deck, code)
                light = p.white if deck == "modern" else p.paper
                assert f'<rect class="pp" width="120" height="190" fill="{light}"/>' in svg
                assert f'<rect class="ed" x=".5" y=".5" width="119" height="189" rx="9" fill="{p.ink}"/>' in svg
        assert rule in back_svg(theme) and 'class="ed"' in back_svg(theme)
        # dimmed, not dark: the paper stays light card stock (the ink still reads 7:1 on it)
        assert luminance(_rgb(p.dark_paper)) < luminance(_rgb(p.paper))
        assert contrast(_rgb(p.dark_paper), _rgb(p.ink)) >= 7


def _render(browser: Any, scheme: str, svgs: list[str], width: int, felt: str) -> Image.Image:
    """The faces side by side at ``width`` px on the felt, as a page in ``scheme`` shows them."""
    page = browser.new_page(color_scheme=scheme, viewport={"width": 1400, "height": 900}, device_scale_factor=1)
    imgs = "".join(f'<img src="data:image/svg+xml;base64,{base64.b64encode(s.encode()).decode()}" '
                   f'width="{width}" style="margin:{PAD}px;display:block">' for s in svgs)
    page.set_content(f'<html style="color-scheme:{scheme}"><body style="margin:0;background:{felt}">'
                     f'<div id="t" style="display:flex;flex-wrap:wrap;width:1400px">{imgs}</div></body></html>')
    page.wait_for_function("[...document.images].every((i) => i.complete && i.naturalWidth > 0)")
    png = page.screenshot(full_page=True)
    page.close()
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("width", [40, 200])
@pytest.mark.parametrize("theme", ["hanafuda", "hwatu", "hawaiifuda"])
def test_the_edge_contrasts_with_the_dark_felt_from_40_to_200_px(browser: Any, theme: str, width: int) -> None:
    """Each face's left edge, half way down, against the felt three pixels to its left: on the
    dark page the light rim stands ≥ 3:1 from the felt, where the light page's black edge does
    is darker than the felt (the rim is the dark page's own); the modern deck and the back too."""
    p = palette(theme)
    svgs = [card_svg("pine-crane", theme), card_svg("willow-lightning", theme), card_svg("susuki-moon", theme),
            card_svg("maple-deer", theme, deck="modern"), back_svg(theme)]
    height = round(width * 190 / 120)
    per_row = 1400 // (width + 2 * PAD)
    edges: dict[str, list[float]] = {}
    lighter: dict[str, list[bool]] = {}
    for scheme in ("light", "dark"):
        felt_hex = (HAWAII_FELT if theme == "hawaiifuda" else FELT)[scheme]
        shot = _render(browser, scheme, svgs, width, felt_hex)
        edges[scheme], lighter[scheme] = [], []
        for i in range(len(svgs)):
            x = PAD + (i % per_row) * (width + 2 * PAD)
            y = PAD + (i // per_row) * (height + 2 * PAD) + height // 2
            felt, edge = shot.getpixel((x - 3, y)), shot.getpixel((x, y))
            assert contrast(felt, _rgb(felt_hex)) < 1.05, (felt, felt_hex)  # really the felt
            edges[scheme].append(contrast(edge, felt))
            lighter[scheme].append(luminance(edge) > luminance(felt))
        if scheme == "dark":  # the paper, dimmed: the modern face's top right corner is bare paper
            x = PAD + (3 % per_row) * (width + 2 * PAD) + round(width * 104 / 120)
            y = PAD + (3 // per_row) * (height + 2 * PAD) + round(height * 14 / 190)
            assert contrast(shot.getpixel((x, y)), _rgb(p.dark_paper)) < 1.03, shot.getpixel((x, y))
    assert all(c >= 3 for c in edges["dark"]) and all(lighter["dark"]), edges
    assert not any(lighter["light"]), edges  # the black edge: the light rim is the dark page's own
