"""The social HTTP API, pages and socket (mounted by ``install``), in modules by concern:
``routes_people`` (pages, names, accounts, presets), ``routes_tables`` (tables, seats, chat,
rematch), ``routes_ratings`` (leaderboards, player pages), and ``table_socket`` (the page's social
messages on the table's one socket); what they share is ``route_kit.Kit``.

Every refusal is an HTTP error whose ``detail`` says what was wrong; a refused request changes
nothing.  Identity: the ``hf_session`` cookie of an account, else the browser key sent as
``X-Player-Key``.
"""

from __future__ import annotations

from fastapi import APIRouter

from ..limits import RateLimiter
from . import routes_people, routes_ratings, routes_tables, table_socket
from .accounts import Sessions
from .route_kit import Kit
from .service import SocialHub

__all__ = ["make_router"]


def make_router(social: SocialHub, limiter: RateLimiter, sessions: Sessions) -> APIRouter:
    kit = Kit(social, limiter, sessions)
    router = APIRouter()
    for part in (routes_people, routes_tables, routes_ratings):
        router.include_router(part.routes(kit))
    table_socket.install(kit)
    return router
