"""Rolling restarts (issue 29): SIGTERM on one of two servers hands its tables to the other.

Two ``hanafuda serve`` processes on one PostgreSQL; people play at several tables, their seats on
both servers.  One server gets SIGTERM mid-game: its sockets close with 1012 "service restart",
every client reconnects (through the other server) with its seat token and secret and gets a
whole state; it is started again and the other gets SIGTERM; every match finishes, and no move a
client was shown is missing later or from the stored record (``benchmarks/rolling_restart.py``
plays the seats as the table page does).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from benchmarks.rolling_restart import (
    RESTART,
    Outcome,
    Route,
    ServeProcess,
    check_against_record,
    new_tables,
    rolling_restart,
    seat_clients,
)

from .wsutil import follow, receive

TABLES = 4


def servers(pg_url: str, tmp_path: Path) -> list[ServeProcess]:
    extra = ("--bot-pause", "0", "--tables-per-minute", "1000", "--lease-seconds", "3",
             "--log-format", "json", "--messages-per-second", "1000")
    return [ServeProcess(pg_url, tmp_path / f"{name}.log", *extra) for name in "ab"]


def test_rolling_restart_of_both_servers_loses_nothing(pg_url: str, tmp_path: Path) -> None:
    pair = servers(pg_url, tmp_path)
    try:
        for srv in pair:
            srv.start()
        route = Route([f"ws://127.0.0.1:{s.port}" for s in pair])

        async def play() -> tuple[Outcome, list[str]]:
            async with httpx.AsyncClient(base_url=pair[0].url, timeout=60) as http:
                tables = await new_tables(http, TABLES, rounds=12)
            clients = seat_clients(tables, lambda n: route, think=0.1, seed=7)
            outcome = await rolling_restart(pair, clients, moves_between=12 * TABLES, finish=True)
            return outcome, await asyncio.to_thread(check_against_record, clients, pair[0].url)

        outcome, record_problems = asyncio.run(play())
    finally:
        for srv in pair:
            srv.stop()
    assert all(status in (0, -15) for _, _, status in outcome.restarts), outcome.restarts
    assert all(took < 15 for _, took, _ in outcome.restarts), outcome.restarts
    closes = [code for c in outcome.clients for code in c.closes]
    # every socket of a restarting server was closed with 1012 and came back within 5 s
    assert len(outcome.live) == 2 and min(outcome.live) >= 2, outcome.live  # mid-game at both SIGTERMs
    assert len(closes) == sum(outcome.live) and set(closes) == {RESTART}, closes
    assert len(outcome.back) == len(closes) and max(outcome.back) < 5.0, outcome.back
    assert outcome.lost == [] and record_problems == []
    assert all(c.finished for c in outcome.clients)
    assert [e for c in outcome.clients for e in c.errors] == []
    assert outcome.moves_after > outcome.moves_before > 12 * TABLES
    for srv in pair:  # each server handed its tables over at once (not when the leases ran out)
        handed = re.findall(r"handed (\d+) tables over", srv.log.read_text())
        assert handed and int(handed[0]) >= 1, handed


def test_sigterm_closes_a_seat_socket_with_1012(pg_url: str, tmp_path: Path) -> None:
    """SIGTERM closes a seat's socket with 1012 "service restart" (the page reconnects at once)."""
    from hanafuda.web.rolling import RESTART_CLOSE

    srv = servers(pg_url, tmp_path)[0]
    try:
        srv.start()
        t = httpx.post(srv.url + "/api/tables", timeout=60, json={
            "game": "mushi", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        url = f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={t['seats'][0]['token']}"
        with connect(url, open_timeout=60) as ws:
            assert json.loads(ws.recv(timeout=60))["type"] == "claimed"
            assert srv.proc is not None
            srv.proc.send_signal(15)
            with pytest.raises(Exception):  # noqa: B017 - the close, whatever the library calls it
                while True:
                    ws.recv(timeout=30)
            assert ws.close_code == RESTART_CLOSE and ws.close_reason == "service restart"
        assert srv.proc.wait(30) in (0, -15)
    finally:
        srv.stop()


def test_a_draining_app_turns_sockets_and_moves_away(client: TestClient) -> None:
    """While a server hands its tables over: ``/readyz`` answers 503 (a proxy sends players
    elsewhere), a new socket is closed with 1012, and a move on an open socket is refused as
    ``restarting`` with the move sent back (``again``) and nothing stored."""
    t = client.post("/api/tables", json={"game": "mushi", "players": 2,
                                         "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        assert receive(ws)["type"] == "claimed"
        state = receive(ws)
        me = state["you"]
        mover = me if state["view"]["to_move"] == me else None
        client.app.state.draining = True  # type: ignore[attr-defined]
        assert client.get("/readyz").status_code == 503
        move = {"type": "move", "move": state["view"]["legal"][0] if mover is not None else "x"}
        ws.send_json(move)
        refused = receive(ws)
        assert refused["type"] == "error" and refused["code"] == "restarting" and refused["again"] == move
        assert hub.tables[t["id"]].seq == 0
        ws.send_json({"type": "ping"})  # what changes nothing is still answered
        assert receive(ws)["type"] == "pong"
        with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][1]['token']}") as other:
            assert receive(other)["code"] == "restarting"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(other)
            assert closed.value.code == RESTART
    client.app.state.draining = False  # type: ignore[attr-defined]


def test_the_other_server_takes_a_handed_over_table_at_once(pg_url: str, tmp_path: Path) -> None:
    """With leases of 300 s (renewed and taken every 100 s), a table handed over on SIGTERM moves
    on within seconds: the other server, holding a seat's socket, takes the table when it is
    released, not at its next lease round; the seat whose server stopped comes back on the other
    with its secret."""
    extra = ("--bot-pause", "0", "--tables-per-minute", "1000", "--lease-seconds", "300")
    a, b = (ServeProcess(pg_url, tmp_path / f"{name}.log", *extra) for name in "ab")
    try:
        a.start()
        b.start()
        t = httpx.post(a.url + "/api/tables", timeout=60, json={
            "game": "mushi", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}).json()

        def seat(srv: ServeProcess, n: int, secret: str = "") -> Any:
            url = f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={t['seats'][n]['token']}"
            return connect(url + (f"&secret={secret}" if secret else ""), open_timeout=60)

        def state(ws: Any) -> dict[str, Any]:
            while True:
                msg = json.loads(ws.recv(timeout=60))
                assert msg["type"] != "error", msg
                got = follow(ws, msg, lambda: ws.send(json.dumps({"type": "state"})))
                if got is not None:
                    return got

        on_a, on_b = seat(a, 0), seat(b, 1)
        secret = json.loads(on_a.recv(timeout=60))["secret"]
        json.loads(on_b.recv(timeout=60))  # claimed
        first = state(on_a)
        seen_on_b = state(on_b)
        mover = first["view"]["to_move"]
        assert a.proc is not None
        a.proc.send_signal(15)
        assert a.proc.wait(30) in (0, -15)
        if mover == 0:  # seat 0's page comes back on B with its secret
            on_a.close()
            ws = seat(b, 0, secret)
            st = state(ws)
        else:
            ws, st = on_b, seen_on_b
        sent = time.monotonic()
        ws.send(json.dumps({"type": "move", "move": st["view"]["legal"][0]}))
        while not st["log"]:
            st = state(ws)
        assert time.monotonic() - sent < 10  # not the next lease round, 100 s away
        assert st["log"][-1]["seat"] == mover
        ws.close()
        on_b.close()
    finally:
        a.stop()
        b.stop()
