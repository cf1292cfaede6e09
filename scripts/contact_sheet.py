"""Render every deck's 48 faces and its back to one PNG each: docs/img/cards-<deck>.png.

Usage: ``python scripts/contact_sheet.py [--out docs/img] [--width 96] [--only hanafuda]``.

Each sheet shows the faces at ``--width`` px on a light table (columns are the months,
rows the four cards of a month, the back at the end), then all 48 at 40 px (a phone's field)
on a light table and, as a dark page shows them, on the dark felt — the sizes and backgrounds
the faces must read at (issue 33).  ``cards-dark.png`` shows every deck as a dark page does.
The SVGs come straight from ``hanafuda.web.cards_svg``; headless Chromium (Debian's
/usr/bin/chromium, never a downloaded one) rasterises them as the browser will.
"""

from __future__ import annotations

import argparse
import base64
from pathlib import Path

from hanafuda.cards import CARDS
from hanafuda.web.cards_svg import back_svg, card_svg

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHEETS = {  # sheet name -> (theme, deck, corner index)
    "hanafuda": ("hanafuda", "traditional", False),
    "hwatu": ("hwatu", "traditional", False),
    "hawaiifuda": ("hawaiifuda", "traditional", False),
    "modern": ("hanafuda", "modern", False),
    "index": ("hanafuda", "traditional", True),  # the corner index; not in docs/ (--only index)
    "dark": ("hanafuda", "traditional", False),  # every deck as a dark page shows it (dark_html)
}
DOCS = ("hanafuda", "hwatu", "hawaiifuda", "modern", "dark")
"""The sheets docs/cards.md shows, rendered when no --only is given."""


def _img(svg: str, width: int) -> str:
    data = base64.b64encode(svg.encode()).decode()
    return f'<img src="data:image/svg+xml;base64,{data}" width="{width}" alt="">'


def sheet_html(theme: str, deck: str, index: bool, width: int) -> str:
    """The contact sheet of one deck as an HTML page: the grid and the 40 px faces on a light
    table, then the 40 px faces as a dark page shows them (``color-scheme: dark``: the dimmed
    paper and the light rim of ``faces.dark_style``) on the dark felt."""
    faces = {c.code: card_svg(c.code, theme, deck=deck, index_on=index) for c in CARDS}
    small = "".join(_img(faces[c.code], 40) for c in CARDS) + _img(back_svg(theme), 40)
    return _page(f"<div class=light>{_grid(faces, theme, width)}<div class=small>{small}</div></div>"
                 f"<div class=dark><div class=small>{small}</div></div>", width)


def dark_html(width: int) -> str:
    """The dark sheet: the traditional deck's grid as a dark page shows it, on the dark felt,
    then every other deck's faces at 40 px, dark too (issue 33: faces "in light and dark")."""
    faces = {c.code: card_svg(c.code, "hanafuda") for c in CARDS}
    rows = "".join(
        "<div class=small>" + "".join(_img(card_svg(c.code, theme, deck=deck), 40) for c in CARDS)
        + _img(back_svg(theme), 40) + "</div>"
        for theme, deck in (("hwatu", "traditional"), ("hawaiifuda", "traditional"), ("hanafuda", "modern")))
    return _page(f"<div class=dark>{_grid(faces, 'hanafuda', width)}{rows}</div>", width)


def _grid(faces: dict[str, str], theme: str, width: int) -> str:
    return "".join(
        "<div class=row>" + "".join(_img(faces[CARDS[4 * m + slot].code], width) for m in range(12))
        + (_img(back_svg(theme), width) if slot == 0 else "") + "</div>" for slot in range(4))


def _page(body: str, width: int) -> str:
    return (f"<!doctype html><html><head><style>body{{margin:0;font:0/0 a}}"
            f".light{{background:#ece8df;padding:12px;color-scheme:light}}"
            f".dark{{background:#1f4333;padding:12px;color-scheme:dark}}"
            f".row{{display:flex;gap:8px;margin-bottom:8px}}.small{{display:flex;flex-wrap:wrap;gap:5px;"
            f"width:{25 * 45}px;margin-bottom:8px}}</style></head><body>{body}</body></html>")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("docs/img"))
    ap.add_argument("--width", type=int, default=96, help="face width in px of the main grid")
    ap.add_argument("--only", choices=sorted(SHEETS), action="append", help="render only these sheets")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": 13 * (args.width + 8) + 24, "height": 600})
        for name in args.only or DOCS:
            theme, deck, index = SHEETS[name]
            html = dark_html(args.width) if name == "dark" else sheet_html(theme, deck, index, args.width)
            page.set_content(html)
            path = args.out / f"cards-{name}.png"
            page.screenshot(path=str(path), full_page=True)
            print(path)
        browser.close()


if __name__ == "__main__":
    main()
