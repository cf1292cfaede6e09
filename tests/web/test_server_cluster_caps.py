"""Caps hold across server processes sharing one PostgreSQL database (issue 14, defect 3): the
tables with bots (counted in the database), the tables one address creates a minute and the
spectators of one table (counts shared over the cluster's channel), with two real servers."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from .server import Server
from .test_server_multiprocess import server

BOT = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def post(srv: Server, seats: list[dict[str, Any]]) -> httpx.Response:
    return httpx.post(srv.url + "/api/tables", timeout=60, json={"game": "mushi", "seats": seats})


def watch(srv: Server, table: dict[str, Any]) -> tuple[ClientConnection, dict[str, Any]]:
    """A spectator socket on ``srv`` and its first message (a state, or the refusal)."""
    ws = connect(f"ws://127.0.0.1:{srv.port}/ws/{table['id']}?token={table['spectator_token']}",
                 open_timeout=60)
    return ws, json.loads(ws.recv(timeout=60))


def settle() -> None:
    """Time for a notification to reach the other server (milliseconds; generous when loaded)."""
    time.sleep(1.0)


def test_caps_hold_across_two_servers(pg_url: str, tmp_path: Path) -> None:
    caps = ("--max-bot-tables", "2", "--max-spectators", "2", "--tables-per-minute", "5")
    a = server(pg_url, tmp_path / "a.log", *caps).start()
    b = server(pg_url, tmp_path / "b.log", *caps).start()
    sockets: list[ClientConnection] = []
    try:
        # tables with bots: one on each server fills the cap of 2 for both
        assert post(a, BOT).status_code == 201
        assert post(b, BOT).status_code == 201
        refused = post(a, BOT)
        assert refused.status_code == 503 and "2 tables with bots" in refused.json()["detail"]
        assert post(b, BOT).status_code == 503
        # tables a minute from one address: 5 in all, whichever server is asked (4 asked so far)
        settle()
        people = post(b, PEOPLE)
        assert people.status_code == 201
        settle()
        too_many = post(a, PEOPLE)
        assert too_many.status_code == 429 and "at most 5 a minute" in too_many.json()["detail"]
        # spectators of one table: 2 in all, on either server
        table = people.json()
        for srv in (a, b):
            ws, first = watch(srv, table)
            sockets.append(ws)
            assert first["type"] == "state", first
            settle()
        for srv in (a, b):
            ws, first = watch(srv, table)
            sockets.append(ws)
            assert first["type"] == "error" and first["code"] == "full", first
        sockets[1].close()  # the spectator on b leaves: a place is free again, on a too
        settle()
        ws, first = watch(a, table)
        sockets.append(ws)
        assert first["type"] == "state", first
    finally:
        for ws in sockets:
            ws.close()
        a.stop()
        b.stop()
