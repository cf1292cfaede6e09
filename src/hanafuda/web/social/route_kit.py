"""What the lobby's route modules share (``routes_people``, ``routes_tables``, ``table_socket``,
``routes_ratings``): who makes a request, its rate limit, invitations.  A body is read by
``requests.read_json`` and a refusal (``SocialError``, ``TextError``) answered by ``app.refused``,
as for the API's routes."""

from __future__ import annotations

import base64
from typing import Any

from fastapi import HTTPException, Request

from ..limits import RateLimiter, account_key
from ..live import LiveTable
from ..pages import STATIC
from ..requests import rate_limit
from .accounts import SESSION_COOKIE, Sessions
from .invites import MAX_QR_TEXT, qr_svg
from .models import PlayerRow
from .service import SocialHub

__all__ = ["STATIC", "Kit"]


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


class Kit:
    """The lobby's services for its routes: the ``SocialHub``, the rate limiter, the sessions."""

    def __init__(self, social: SocialHub, limiter: RateLimiter, sessions: Sessions) -> None:
        self.social, self.limiter, self.sessions = social, limiter, sessions

    @staticmethod
    async def limit(action: str, request: Request, player: PlayerRow | None = None) -> None:
        """``requests.rate_limit`` for the request's address and, for a signed-in account (a player
        with a password), that account too (issue 29: per-account limits beside per-address ones)."""
        signed_in = player is not None and player.password_hash is not None
        await rate_limit(request, action, *([account_key(player.id)] if player and signed_in else []))

    def identify(self, session: str | None, key: str | None) -> PlayerRow | None:
        """The player of an account's session cookie, else of a browser key (database reads)."""
        pid = self.sessions.read(session)
        if pid is not None:
            found = self.social.player(pid)
            if found is not None:
                return found
        return self.social.player_by_key(key)

    async def who_async(self, request: Request) -> PlayerRow | None:
        """The player making a request (``identify``; the reads in a worker thread, ``SocialHub.db``)."""
        return await self.social.db(self.identify, request.cookies.get(SESSION_COOKIE),
                                    request.headers.get("x-player-key"))

    async def need_player(self, request: Request) -> PlayerRow:
        p = await self.who_async(request)
        if p is None:
            raise HTTPException(401, "pick a name first (or log in)")
        return p

    async def table_of(self, table_id: str) -> LiveTable:
        table = await self.social.hub.load_async(table_id) if len(table_id) <= 32 else None
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    @staticmethod
    def me_json(p: PlayerRow) -> dict[str, Any]:
        return {"id": p.id, "name": p.name, "account": p.password_hash is not None}

    @staticmethod
    def absolute(request: Request, path: str | None) -> str | None:
        return None if path is None else str(request.base_url).rstrip("/") + path

    def invite(self, request: Request, path: str | None) -> dict[str, Any] | None:
        url = self.absolute(request, path)
        if url is None:
            return None
        return {"path": path, "url": url, "qr": _data_uri(qr_svg(url)) if len(url) <= MAX_QR_TEXT else None}
