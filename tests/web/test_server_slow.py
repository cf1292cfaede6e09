"""Issue 14 defect 1: a socket that never reads is dropped with a reason; its table goes on and
SIGTERM still stops the server."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
from pathlib import Path
from typing import Any

import anyio
import httpx
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from hanafuda.web.live import TOO_SLOW, Connection

from .server import Server, silent_socket
from .wsutil import create, follow, play_round


def test_a_spectator_that_never_reads_is_dropped_not_the_table(client: TestClient) -> None:
    t = create(client, "mushi", seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
               options={"rounds": 1})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[t["id"]]
    closed: list[tuple[int, str]] = []

    async def never_returns(payload: dict[str, Any]) -> None:
        await asyncio.Event().wait()  # a client that never reads: the send never completes

    async def close(code: int, reason: str) -> None:
        closed.append((code, reason))

    stuck = Connection(send=never_returns, seat=None, close=close, limit=4)

    async def join() -> None:
        with anyio.fail_after(10):
            await hub.join(table, stuck)

    client.portal.call(join)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        state = play_round(ws)  # the whole match is played while the spectator reads nothing
        assert state["view"]["finished"]
    assert stuck.dropped is not None and "too slow" in stuck.dropped
    assert stuck not in table.connections
    assert closed and closed[0][0] == TOO_SLOW and "too slow" in closed[0][1]




def test_a_real_server_keeps_playing_and_stops_on_sigterm(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log").start()
    silent: list[socket.socket] = []
    try:
        t = httpx.post(server.url + "/api/tables", json={
            "game": "mushi", "players": 2, "options": {"rounds": 24},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
        path = f"/ws/{t['id']}?token={t['spectator_token']}"
        silent = [silent_socket(server.port, path) for _ in range(3)]
        with connect(f"ws://127.0.0.1:{server.port}{path}") as ws:
            while True:  # a reading spectator sees the whole match
                msg = follow(ws, json.loads(ws.recv(timeout=120)), lambda: None) or {}
                if msg.get("view", {}).get("finished"):
                    break
        assert server.proc is not None
        server.proc.terminate()
        try:
            assert server.proc.wait(20) is not None  # SIGTERM stops it, silent sockets or not
        except subprocess.TimeoutExpired:
            raise AssertionError("SIGTERM did not stop the server") from None
    finally:
        for s in silent:
            s.close()
        server.stop()
