"""The websocket of a table: a seat, the creator or a spectator joins, then sends moves.

A seat link is an invitation: the first browser to open it claims the seat and gets a secret of
its own (a cookie scoped to this table's websocket, and a ``claimed`` message for other clients,
which send it back as ``?secret=``); afterwards the link opens the seat only with that secret.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from ..themes import UnknownThemeError, normalize_theme
from ..words.languages import LANGUAGES
from ..words.refusals import refusal_text
from .cluster import LOCAL_TYPES
from .hub import TableHub
from .limits import TOO_MANY_SOCKETS, SocketCount
from .live import Connection, LiveTable, Role, Seat
from .rolling import RESTART_CLOSE, draining
from .security import client_key, same_origin
from .tokens import new_token, token_matches
from .ws_protocol import ABORT

__all__ = ["claim_cookie", "router"]

router = APIRouter()
log = logging.getLogger(__name__)

CLAIM_DAYS = 30


def claim_cookie(table_id: str, seat: int) -> str:
    """The name of the cookie holding this browser's secret for a seat."""
    return f"hanafuda_seat_{table_id}_{seat}"


class Refusal(Exception):
    """A websocket that may not join: the error code, the close code, and the catalogue entry
    ``key`` of why with its arguments (``fields``: ``Exception.args`` is the exception's own);
    ``error`` is that entry's English (``words.refusals``), and the page says the same entry in
    its language (issue 28)."""

    def __init__(self, code: str, key: str, close: int, **args: Any) -> None:
        error = refusal_text(key, "en", args)
        super().__init__(error)
        self.code, self.error, self.close, self.key, self.fields = code, error, close, key, args


async def _admit(hub: TableHub, websocket: WebSocket, table_id: str) -> tuple[LiveTable, Role, str | None]:
    """The table, the role this socket opens and, if it just claimed a seat, its new secret."""
    if not same_origin(websocket):
        raise Refusal("bad-origin", "refusal.detail.other-site", 4403)
    table = await hub.load_async(table_id)
    token = websocket.query_params.get("token")
    if table is None:
        raise Refusal("no-table", "refusal.detail.no-table", 4404)
    if not token:
        raise Refusal("no-token", "refusal.detail.no-token", 4401)
    role = table.role_of(token)
    if role is None:
        raise Refusal("bad-token", "refusal.detail.bad-token", 4403)
    if role.seat is None:
        # the creator is never turned away: a full table of public spectators must not lock out the
        # one who may hand seats to bots or stop a table of bots alone
        if not role.creator and hub.spectators(table) >= hub.limits.spectators:
            raise Refusal("full", "refusal.detail.spectators-full", 4429, n=hub.limits.spectators)
        return table, role, None
    seat = table.seats[role.seat]
    secret = websocket.query_params.get("secret") or websocket.cookies.get(claim_cookie(table.id, seat.seat))
    if seat.claim_hash is None:
        held = held_seat(table, websocket.cookies, seat.seat)
        if held is not None:  # a friend's invitation opened by someone seated here: never taken silently
            raise Refusal("friends-seat", "refusal.detail.friends-seat", 4409, name=seat.name,
                          seat=seat.seat + 1, held=held.name, held_seat=held.seat + 1)
        fresh = new_token()
        if await hub.claim(table, seat.seat, fresh):
            return table, role, fresh
    if token_matches(secret, seat.claim_hash):
        return table, role, None
    raise Refusal("seat-claimed", "refusal.detail.seat-claimed", 4403, name=seat.name)


def held_seat(table: LiveTable, cookies: dict[str, str], other_than: int) -> Seat | None:
    """The seat of ``table`` (not ``other_than``) this browser has claimed — its claim cookie
    matches — if any (issue 29: the creator, sitting at seat 1, who opens the invitation of seat 2
    to check it must not take their friend's seat; the page says whose seat it is and offers to
    copy the link)."""
    for s in table.seats:
        if s.seat != other_than and s.claim_hash is not None \
                and token_matches(cookies.get(claim_cookie(table.id, s.seat)), s.claim_hash):
            return s
    return None


def _abort(websocket: WebSocket) -> Callable[[], None] | None:
    """The server's way to cut this connection (``ws_protocol.ABORT``), if it offers one."""
    found = websocket.scope.get("extensions", {}).get(ABORT, {}).get("abort")
    return found if callable(found) else None


async def _refuse(websocket: WebSocket, refusal: Refusal) -> None:
    """Turn a socket away as ``_admit``'s refusals do (an ``error`` message), with the reason in the
    close frame too, so a client that only sees the close still learns why."""
    await websocket.accept()
    await websocket.send_text(json.dumps({"type": "error", "code": refusal.code, "error": refusal.error,
                                          "key": refusal.key, "args": refusal.fields}, ensure_ascii=False))
    await websocket.close(code=refusal.close, reason=refusal.error[:120])


async def _restarting(hub: TableHub, table: LiveTable, conn: Connection, raw: str) -> None:
    """A message that arrives while this server hands its tables over (``rolling``): refused,
    nothing changed, and sent back (``again``) so the page sends it again once reconnected.  Only
    the messages that change nothing (``cluster.LOCAL_TYPES``: ping, state, theme) are still
    answered here."""
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        msg = None
    if isinstance(msg, dict) and msg.get("type") in LOCAL_TYPES:
        await hub.handle(table, conn, raw)
        return
    await hub.send(table, conn, {"type": "error", "code": "restarting", "again": msg,
                                 "error": "the server is restarting; your page reconnects and sends "
                                          "this again"})


@router.websocket("/ws/{table_id}")
async def play_ws(websocket: WebSocket, table_id: str) -> None:
    """Serve one socket if its address holds fewer than ``Limits.sockets_per_address`` (issue 29:
    every socket pins a descriptor and a send buffer; past the cap it is refused, the others go on)."""
    hub: TableHub = websocket.app.state.hub
    if draining(websocket.app):  # restarting: the page reconnects at once, to another server
        await _refuse(websocket, Refusal("restarting", "refusal.detail.restarting", RESTART_CLOSE))
        return
    client = client_key(websocket)
    count: SocketCount = websocket.app.state.socket_count  # every table's sockets of this app
    cap = hub.limits.sockets_per_address
    if not count.enter(client, cap):
        await _refuse(websocket, Refusal("too-many-sockets", "refusal.detail.too-many-sockets",
                                         TOO_MANY_SOCKETS, n=cap))
        return
    try:
        await _serve(websocket, hub, table_id, client)
    finally:
        count.leave(client)


async def _serve(websocket: WebSocket, hub: TableHub, table_id: str, client: str) -> None:
    async def send(payload: dict[str, Any]) -> None:
        await websocket.send_text(json.dumps(payload, ensure_ascii=False))

    try:
        try:
            table, role, secret = await _admit(hub, websocket, table_id)
        except SQLAlchemyError as exc:
            log.error("database error opening table %s: %s", table_id[:40], type(exc).__name__)
            raise Refusal("unavailable", "refusal.detail.database-away", 1013) from None
    except Refusal as refusal:
        await _refuse(websocket, refusal)
        return
    headers = []
    if hub.cluster is not None:  # which process serves this socket (operators and tests follow it)
        headers.append((b"x-hanafuda-member", hub.cluster.me.encode("ascii")))
    if secret is not None and role.seat is not None:
        cookie = (f"{claim_cookie(table.id, role.seat)}={secret}; Path=/ws/{table.id}; "
                  f"Max-Age={CLAIM_DAYS * 86400}; HttpOnly; SameSite=Strict")
        headers.append((b"set-cookie", cookie.encode("ascii")))
    await websocket.accept(headers=headers)
    if secret is not None:
        await send({"type": "claimed", "seat": role.seat, "secret": secret})
    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    conn = Connection(send=send, send_text=websocket.send_text, seat=role.seat, creator=role.creator,
                      close=close, abort=_abort(websocket), limit=hub.limits.outbox,
                      client=client, cookies=dict(websocket.cookies))
    account_of = getattr(websocket.app.state, "session_account", None)  # social.install's
    if account_of is not None and websocket.cookies:
        try:
            conn.account = await asyncio.to_thread(account_of, conn.cookies)
        except SQLAlchemyError:
            conn.account = ""  # the database is away: the address's limits still hold
    lang = websocket.query_params.get("lang") or "en"
    conn.lang = lang if lang in LANGUAGES else "en"
    try:
        conn.theme = normalize_theme(websocket.query_params.get("theme") or table.theme)
    except UnknownThemeError:
        conn.theme = table.theme
    writer = await hub.join(table, conn)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if draining(websocket.app):
                await _restarting(hub, table, conn, raw)
                continue
            await hub.handle(table, conn, raw)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        pass
    finally:
        await hub.leave(table, conn)
        writer.cancel()
