"""The social socket of a table page, ``/ws/{table}/social``: hello, chat, clock notices, rematch."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..limits import RateLimited
from ..live import LiveTable
from ..security import same_origin
from ..ws import claim_cookie
from .accounts import SESSION_COOKIE
from .i18n import say_error
from .names import TextError
from .route_kit import Kit
from .service import Listener, SocialError, role

__all__ = ["routes"]


def routes(kit: Kit) -> APIRouter:
    router = APIRouter()
    social = kit.social
    hub = kit.social.hub
    limiter = kit.limiter
    identify = kit.identify

    @router.websocket("/ws/{table_id}/social")
    async def social_ws(websocket: WebSocket, table_id: str) -> None:
        """Chat, clock notices and rematch for one browser at a table.  Under ``/ws/{table}`` so the
        seat's claim cookie comes along: a claimed seat answers only to the claiming browser."""
        if not same_origin(websocket.headers):
            await websocket.close(code=4403, reason="a page of another site cannot open this socket")
            return
        await websocket.accept()

        async def push(payload: dict[str, Any]) -> None:
            await asyncio.wait_for(websocket.send_text(json.dumps(payload, ensure_ascii=False)), 5)

        token = websocket.query_params.get("token") or ""
        table = await hub.load_async(table_id) if len(table_id) <= 32 else None
        found = role(table, token) if table is not None else None
        secret = None
        if table is not None and found is not None and found[0] is not None:
            secret = websocket.query_params.get("secret") \
                or websocket.cookies.get(claim_cookie(table.id, found[0]))
        if table is None or found is None:
            await push({"type": "error", "error": "this link opens no seat here"})
            await websocket.close(code=4403)
            return
        try:
            found = social.authorize(table, token, secret)
        except SocialError as exc:  # claimed by another browser, or by this one a moment ago and
            await push({"type": "error", "error": str(exc)})  # its cookie is not stored yet
            await websocket.close(code=4409)
            return
        client = websocket.client.host if websocket.client else "?"
        listener = Listener(push=push, seat=found[0], token=token)
        await social.listen(table, listener)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                try:  # the seat may have been claimed since this socket opened (by this browser's
                    social.authorize(table, token, secret)  # game socket: it reconnects with the cookie)
                except SocialError:  # and sends the message again
                    await push({"type": "retry", "message": message.get("text")})
                    await websocket.close(code=4409)
                    break
                await _social_message(table, token, secret, client, websocket, push, message.get("text"))
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            social.unlisten(table, listener)

    async def _social_message(table: LiveTable, token: str, secret: str | None, client: str,
                              websocket: WebSocket, push: Any, raw: str | None) -> None:
        """One message on the social socket: hello, chat, rematch or ping; errors to this socket only."""
        try:
            msg = json.loads(raw or "") if raw is not None and len(raw) <= 2000 else None
        except ValueError:
            msg = None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            await push({"type": "error", "error": 'a message is a JSON object with a "type" (at most 2000 '
                        'characters)'})
            return
        kind = msg["type"]
        try:
            if kind == "hello":
                player = await social.db(identify, websocket.cookies.get(SESSION_COOKIE),
                                         msg.get("key") if isinstance(msg.get("key"), str) else None)
                info = await social.hello(table, token, player, secret)
                chat = await social.db(social.chat_history, table.id) if info["can_chat"] else []
                await push({"type": "hello", **info, "chat": chat})
            elif kind == "chat":
                limiter.take("chat", client)
                await social.say(table, token, msg.get("text"), secret)
            elif kind == "rematch":
                limiter.take("create", client)
                await push({"type": "rematch", "link": await social.rematch(table, token, secret)})
            elif kind == "ping":
                await push({"type": "pong"})
            else:
                await push({"type": "error", "error": f"unknown message type {kind!r}; types: hello, chat, "
                            "rematch, ping"})
        except (SocialError, TextError, RateLimited) as exc:
            await push({"type": "error", "for": kind,
                        "error": say_error(str(exc), getattr(websocket.state, "lang", "en"))})

    return router
