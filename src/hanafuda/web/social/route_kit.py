"""What the lobby's route modules share (``routes_people``, ``routes_tables``, ``table_socket``,
``routes_ratings``): reading a request's JSON body, who makes it, the one rate limiter, errors."""

from __future__ import annotations

import base64
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from pydantic_core import from_json

from ..limits import RateLimited, RateLimiter, account_key
from ..live import LiveTable
from ..pages import STATIC
from ..requests import explain, read_body
from ..security import client_key, require_json_from_here
from .accounts import SESSION_COOKIE, Sessions
from .invites import MAX_QR_TEXT, qr_svg
from .models import PlayerRow
from .names import TextError
from .service import SocialError, SocialHub

__all__ = ["MAX_BODY", "STATIC", "Kit", "read"]

MAX_BODY = 16_384
B = TypeVar("B", bound=BaseModel)


async def read(request: Request, model: type[B]) -> B:
    """The request's JSON body as ``model`` (``bodies``), or a 400 naming what is wrong: the body
    is not JSON (nested too deeply included: the parser stops at a depth, never a 500; issue 29),
    not an object, or its fields are of the wrong type or out of range.  A body over ``MAX_BODY``
    is a 413 as soon as its bytes pass the bound (``read_body``)."""
    require_json_from_here(request)  # no cross-site form posts (issue 14, defect 9)
    body = await read_body(request, MAX_BODY)
    try:
        data = from_json(body or b"{}")
    except ValueError:
        raise HTTPException(400, "the body is not valid JSON (or is nested too deeply)") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise HTTPException(400, explain(exc)) from None


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


class RefusalRoute(APIRoute):
    """A lobby route whose refusals (``SocialError``, ``TextError``: a request that changes
    nothing) answer as an HTTP error with their status and message, in one place rather than in
    every route."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def refusing(request: Request) -> Response:
            try:
                return await handler(request)
            except (SocialError, TextError) as exc:
                raise HTTPException(getattr(exc, "status", 400), str(exc)) from None

        return refusing


class Kit:
    """The lobby's services for its routes: the ``SocialHub``, the rate limiter, the sessions."""

    def __init__(self, social: SocialHub, limiter: RateLimiter, sessions: Sessions) -> None:
        self.social, self.limiter, self.sessions = social, limiter, sessions

    def limit(self, action: str, request: Request, player: PlayerRow | None = None) -> None:
        """Spend one ``action`` of the request's address and, for a signed-in account (a player
        with a password), of that account too (issue 29: per-account limits beside per-address
        ones); a 429 saying the limit if either is spent."""
        accounts = [account_key(player.id)] if player is not None and player.password_hash is not None else []
        try:
            self.limiter.take(action, client_key(request), *accounts)
        except RateLimited as exc:
            raise HTTPException(429, str(exc), headers={"Retry-After": str(exc.retry_after)}) from None

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

    async def spent_creation(self, request: Request) -> None:
        """A table creation here, told to the cluster's other server processes: their ``create``
        bucket of this address counts it too (the one creation limit holds across processes, as
        for ``POST /api/tables``)."""
        if self.social.hub.cluster is not None:
            await self.social.hub.cluster.spent_creation(client_key(request))

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

    @staticmethod
    def router() -> APIRouter:
        """A router for lobby routes: their refusals are answered by ``RefusalRoute``."""
        return APIRouter(route_class=RefusalRoute)
