"""The websocket of a table: a seat, the creator or a spectator joins, then sends moves."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .hub import TableHub
from .live import Connection

__all__ = ["router"]

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def play_ws(websocket: WebSocket, table_id: str) -> None:
    hub: TableHub = websocket.app.state.hub
    await websocket.accept()

    async def send(payload: dict[str, Any]) -> None:
        await websocket.send_text(json.dumps(payload, ensure_ascii=False))

    table = hub.load(table_id)
    token = websocket.query_params.get("token")
    if table is None:
        await send({"type": "error", "code": "no-table", "error": "no such table"})
        await websocket.close(code=4404)
        return
    if not token:
        await send({"type": "error", "code": "no-token", "error": "a seat or spectator token is needed"})
        await websocket.close(code=4401)
        return
    role = table.role_of(token)
    if role is None:
        await send({"type": "error", "code": "bad-token", "error": "this token opens no seat here"})
        await websocket.close(code=4403)
        return
    conn = Connection(send=send, seat=role[0], creator=role[1])
    await hub.join(table, conn)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            await hub.handle(table, conn, raw)
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        pass
    finally:
        await hub.leave(table, conn)
