"""The admin page ``/admin`` and its API (issue 29, "Admin"), the ban gate and the report message of
the table socket: ``install`` adds them to the app from ``create_app``.

Only an account (a name with a password, argon2: ``social.accounts``) whose role is ``admin``
(``hanafuda admin grant NAME``) may open the page or call ``/api/admin/…``: a browser that is not
signed in is sent to the sign-in page, anyone else gets 403.  Every POST is JSON from this
server's own pages (``security.require_json_from_here``: the Origin check of every other POST).
The page shows what ``hanafuda admin`` shows — open reports (resolve), bans in force (add, lift),
open tables (close), recent chat (remove) — and does it through the same functions
(``moderation``), so a server applies a change it made at once and every other server within
``moderation.ACTION_POLL_SECONDS``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from .background import run_while_serving
from .hub import TableHub
from .limits import RateLimited
from .live import Connection, LiveTable
from .moderation import (
    BanGate,
    Moderation,
    ModerationError,
    add_ban,
    close_table,
    is_admin,
    lift_ban,
    list_bans,
    open_tables,
    parse_expiry,
    recent_chat,
    remove_chat,
    reports,
    resolve_report,
)
from .requests import read_json
from .social.accounts import SESSION_COOKIE, Sessions
from .social.i18n import say_error
from .social.models import PlayerRow
from .social.route_kit import STATIC
from .social.service import SocialError, SocialHub

__all__ = ["install"]

T = TypeVar("T")


class BanBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, max_length=64)
    address: str | None = Field(default=None, max_length=64)
    reason: str = Field(max_length=400)
    span: str | None = Field(default=None, alias="for", max_length=16)
    until: str | None = Field(default=None, max_length=40)


class CloseBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: str = Field(default="", max_length=400)


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table: str = Field(max_length=32)


class NoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")


def install(app: FastAPI, hub: TableHub, social: SocialHub) -> Moderation:
    """Add the ban gate, the admin page and API, the table socket's ``report`` message and the
    loop that applies moderators' actions to this process's tables."""
    moderation = Moderation(hub.sessions)
    app.state.moderation = moderation
    social.refusal = moderation.name_refusal
    sessions: Sessions = app.state.sessions  # one session store: a logout ends the admin's too
    app.include_router(_router(moderation, hub, social, sessions))
    _socket(moderation, hub, social)
    app.add_middleware(BanGate, moderation=moderation)
    run_while_serving(app, lambda: moderation.run(hub, social))
    return moderation


def _socket(moderation: Moderation, hub: TableHub, social: SocialHub) -> None:
    """``{"type": "report", "line": id | "seat": n, "reason": "…"}`` on the table's socket: stored
    (``moderation.Moderation.report``) and answered ``{"type": "reported"}`` to this socket only."""

    async def report(table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        try:
            rid = await moderation.report(social, table, conn, msg)
        except (ModerationError, RateLimited, SocialError) as exc:
            await hub.send(table, conn, {"type": "error", "for": "report", "code": "refused",
                                         "error": say_error(str(exc), conn.lang)})
            return
        await hub.send(table, conn, {"type": "reported", "id": rid})

    hub.extensions["report"] = report


def _router(moderation: Moderation, hub: TableHub, social: SocialHub, sessions: Sessions) -> APIRouter:
    router = APIRouter()
    db = moderation.sessions

    def signed_in(request: Request) -> PlayerRow | None:  # a database read: in a worker thread
        pid = sessions.read(request.cookies.get(SESSION_COOKIE))
        return None if pid is None else social.player(pid)

    async def admin(request: Request) -> PlayerRow:
        player = await asyncio.to_thread(signed_in, request)
        if player is None:
            raise HTTPException(401, "sign in with an admin account first")
        if not is_admin(player):
            raise HTTPException(403, "this page is for the server's admins")
        return player

    async def run(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        try:
            return await asyncio.to_thread(work, *args, **kwargs)
        except ModerationError as exc:
            raise HTTPException(exc.status, str(exc)) from None

    async def applied() -> None:
        """This process tells its sockets now; the others within their poll."""
        await moderation.carry_out(hub, social)

    @router.get("/admin", include_in_schema=False)
    async def page(request: Request) -> Response:
        player = await asyncio.to_thread(signed_in, request)
        if player is None:
            return RedirectResponse("/account?next=/admin", status_code=303)
        if not is_admin(player):
            raise HTTPException(403, "this page is for the server's admins")
        return FileResponse(STATIC / "admin.html", media_type="text/html")

    @router.get("/api/admin/overview")
    async def overview(request: Request) -> dict[str, Any]:
        await admin(request)

        def read_all() -> dict[str, Any]:
            return {"reports": reports(db), "bans": [b.to_json() for b in list_bans(db)],
                    "tables": open_tables(db), "chat": recent_chat(db)}

        return await run(read_all)

    @router.post("/api/admin/bans", status_code=201)
    async def ban(request: Request) -> dict[str, Any]:
        me = await admin(request)
        body = await read_json(request, BanBody)
        try:
            until = parse_expiry(body.until, body.span)
        except ModerationError as exc:
            raise HTTPException(exc.status, str(exc)) from None
        made = await run(add_ban, db, name=body.name or None, address=body.address or None,
                         reason=body.reason, until=until, by=me.name)
        moderation.refresh_soon()
        return made.to_json()

    @router.post("/api/admin/bans/{ban_id}/lift")
    async def lift(request: Request, ban_id: int) -> dict[str, Any]:
        await admin(request)
        await read_json(request, NoBody)
        lifted = await run(lift_ban, db, ban_id=ban_id)
        moderation.refresh_soon()
        return {"lifted": lifted}

    @router.post("/api/admin/reports/{report_id}/resolve")
    async def resolve(request: Request, report_id: int) -> dict[str, Any]:
        me = await admin(request)
        await read_json(request, NoBody)
        await run(resolve_report, db, report_id, me.name)
        return {"resolved": report_id}

    @router.post("/api/admin/tables/{table_id}/close")
    async def close(request: Request, table_id: str) -> dict[str, Any]:
        me = await admin(request)
        body = await read_json(request, CloseBody)
        await run(close_table, db, table_id, body.reason, me.name)
        await applied()
        return {"closed": table_id}

    @router.post("/api/admin/chat/{chat_id}/remove")
    async def remove(request: Request, chat_id: int) -> dict[str, Any]:
        me = await admin(request)
        body = await read_json(request, ChatBody)
        await run(remove_chat, db, body.table, chat_id, me.name)
        await applied()
        return {"removed": chat_id}

    return router
