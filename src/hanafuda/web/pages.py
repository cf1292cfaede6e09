"""The HTML pages, static files and card images (no table state here)."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from ..themes import normalize_theme
from . import cards_svg

__all__ = ["STATIC", "not_found", "router"]

STATIC = Path(__file__).parent / "static"

router = APIRouter()


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


@router.get("/", include_in_schema=False)
def lobby() -> FileResponse:
    return page("index.html")


@router.get("/table/{table_id}", include_in_schema=False)
def table_page(table_id: str) -> FileResponse:
    return page("table.html")


@router.get("/replay", include_in_schema=False)
@router.get("/replay/{table_id}", include_in_schema=False)
def replay_page(table_id: str = "") -> FileResponse:
    return page("replay.html")


@router.get("/rules", include_in_schema=False)
@router.get("/rules/{game}", include_in_schema=False)
def rules_page(game: str = "") -> FileResponse:
    return page("rules.html")


@router.get("/cards", include_in_schema=False)
def gallery_page() -> FileResponse:
    return page("cards.html")


@router.get("/leaderboard", include_in_schema=False)
@router.get("/leaderboard/{game}", include_in_schema=False)
def leaderboard_page(game: str = "") -> FileResponse:
    return page("leaderboard.html")


@router.get("/player/{name:path}", include_in_schema=False)
def player_page(name: str) -> FileResponse:
    return page("player.html")


@router.get("/account", include_in_schema=False)
def account_page() -> FileResponse:
    return page("account.html")


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
             index: bool = Query(False)) -> Response:
    """A card face.  ``deck``: the traditional deck (no words on the face) or the modern
    minimal one; ``index=1`` adds the small corner index (month number, kind and ``points``) to
    a traditional face; ``lang`` is the language of the face's label (its ``<title>``)."""
    try:
        svg = cards_svg.card_svg(code, normalize_theme(theme), points, lang, deck, index)
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
