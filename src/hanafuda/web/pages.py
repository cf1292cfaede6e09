"""The HTML pages, static files and card images (no table state here)."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from ..themes import normalize_theme
from . import cards_svg

__all__ = ["STATIC", "not_found", "router"]

STATIC = Path(__file__).parent / "static"

router = APIRouter()


PAGES = {
    "index.html": ("/",),
    "table.html": ("/table/{table_id}",),
    "replay.html": ("/replay", "/replay/{table_id}"),
    "rules.html": ("/rules", "/rules/{game}"),
    "cards.html": ("/cards",),
    "leaderboard.html": ("/leaderboard", "/leaderboard/{game}"),
    "player.html": ("/player/{name:path}",),
    "account.html": ("/account",),
}
"""Each HTML page and the addresses it is served at; the page's script reads the rest of its
address (the table, the game, the player)."""


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


for _name, _paths in PAGES.items():
    for _path in _paths:
        router.add_api_route(_path, partial(page, _name), methods=["GET"], name=_name,
                             include_in_schema=False)


@router.get("/manifest.webmanifest", include_in_schema=False)
def manifest() -> Response:
    """The web app manifest (every page links it: ``social.i18n.HEAD_EXTRA``)."""
    body = {"name": "hanafuda", "short_name": "hanafuda", "start_url": "/", "display": "standalone",
            "background_color": "#f6f1e7", "theme_color": "#8b1e2d",
            "description": "Five hanafuda and hwatu fishing games with friends and bots",
            "icons": [{"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml",
                       "purpose": "any maskable"}]}
    return Response(json.dumps(body), media_type="application/manifest+json")


_CARD_CACHE = {"Cache-Control": "public, max-age=86400"}
"""Faces and backs never change for a given URL while a release runs: browsers keep them a day."""


def _svg(svg: str) -> Response:
    return Response(svg, media_type="image/svg+xml", headers=_CARD_CACHE)


@router.get("/card/back.svg", include_in_schema=False)
def card_back() -> Response:
    """The default (hanafuda) deck's back."""
    return _svg(cards_svg.back_svg())


@router.get("/card/{theme}/back.svg", include_in_schema=False)
def theme_back(theme: str) -> Response:
    """The back of a theme's deck (issue 33: a back design per theme)."""
    try:
        return _svg(cards_svg.back_svg(normalize_theme(theme)))
    except ValueError as exc:
        raise HTTPException(404, str(exc)) from None


@router.get("/card/{theme}/{code}.svg", include_in_schema=False)
def card_svg(theme: str, code: str, points: int | None = Query(None, ge=0, le=99),
             lang: str = Query("en", pattern="^(en|ja|ko)$"),
             deck: str = Query("traditional", pattern="^(traditional|modern)$"),
             index: bool = Query(False),
             game: str | None = Query(None, pattern="^[a-z-]{1,32}$")) -> Response:
    """A card face.  ``deck``: the traditional deck (no words on the face) or the modern
    minimal one; ``index=1`` adds the small corner index (month number, kind and ``points``) to
    a traditional face; ``lang`` is the language of the face's label (its ``<title>``);
    ``game`` prints that game's points (``points`` the table's own), the kind alone in Koi-Koi."""
    try:
        svg = cards_svg.card_svg(code, normalize_theme(theme), points, lang, deck, index, game)
    except ValueError as exc:
        raise HTTPException(404, str(exc)) from None
    return _svg(svg)


async def not_found(request: Request, exc: Exception) -> Response:
    """Errors of the JSON API (``/api/…``) stay JSON; a page nobody has answers with an HTML
    page saying so, with links back (a person opened it in a browser)."""
    status = getattr(exc, "status_code", 500)
    detail = getattr(exc, "detail", "")
    if request.url.path.startswith(("/api/", "/ws/", "/card/")) or status != 404:
        return JSONResponse({"detail": detail}, status_code=status,
                            headers=getattr(exc, "headers", None))
    body = (STATIC / "404.html").read_text(encoding="utf-8")
    return HTMLResponse(body, status_code=404)
