"""The HTML pages, static files and card images (no table state here)."""

from __future__ import annotations

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


@router.get("/card/{theme}/{code}.svg", include_in_schema=False)
def card_svg(theme: str, code: str, points: int | None = Query(None, ge=0, le=99),
             lang: str = Query("en", pattern="^(en|ja|ko)$")) -> Response:
    """A card face; ``points`` puts the game's value of the card on its badge, ``lang`` the
    card's name in that language on the face."""
    try:
        svg = cards_svg.card_svg(code, normalize_theme(theme), points, lang)
    except ValueError as exc:
        raise HTTPException(404, str(exc)) from None
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=86400"})


@router.get("/card/back.svg", include_in_schema=False)
def card_back() -> Response:
    return Response(cards_svg.back_svg(), media_type="image/svg+xml")


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
