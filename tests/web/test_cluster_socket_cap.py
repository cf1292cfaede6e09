"""Issue 29: the per-address socket cap and the replay upload limit hold over every server process
of one PostgreSQL database, not per process (two workers allowed twice the cap).  Each process
tells the others its count of an address over the cluster's channel (``limits.SocketCount``,
``cluster.Cluster.share_sockets``) and spends their replay tokens (``Cluster.spent``)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hanafuda.web.limits import TOO_MANY_SOCKETS, SocketCount

from .server import Server
from .test_server_cluster_caps import PEOPLE, post, settle
from .test_server_multiprocess import server

CAP = 4


def open_socket(srv: Server, table: dict[str, Any]) -> tuple[ClientConnection, dict[str, Any]]:
    ws = connect(f"ws://127.0.0.1:{srv.port}/ws/{table['id']}?token={table['spectator_token']}",
                 open_timeout=60)
    return ws, json.loads(ws.recv(timeout=60))


def test_the_socket_cap_and_the_replay_limit_hold_across_two_servers(pg_url: str, tmp_path: Path) -> None:
    caps = ("--sockets-per-address", str(CAP), "--max-spectators", "100")
    a = server(pg_url, tmp_path / "a.log", *caps).start()
    b = server(pg_url, tmp_path / "b.log", *caps).start()
    sockets: list[ClientConnection] = []
    try:
        made = post(a, PEOPLE)
        assert made.status_code == 201, made.text
        table = made.json()
        for srv in (a, b, a, b):  # CAP sockets from this address, half on each server
            ws, first = open_socket(srv, table)
            sockets.append(ws)
            assert first["type"] == "state", first
            settle()
        for srv in (a, b):  # each server holds CAP / 2: one more on either is past the cap
            ws, first = open_socket(srv, table)
            assert first["type"] == "error" and first["code"] == "too-many-sockets", first
            assert f"{CAP} connections" in first["error"]
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == TOO_MANY_SOCKETS
        sockets.pop().close()  # one on b ends: a has room again
        settle()
        ws, first = open_socket(a, table)
        sockets.append(ws)
        assert first["type"] == "state", first

        # uploaded replays: 6 a minute from one address in all, whichever server is asked
        for n in range(6):
            r = httpx.post((a, b)[n % 2].url + "/api/replay", json={"game": "mushi"}, timeout=60)
            assert r.status_code == 400, r.text  # not a record; its token is spent all the same
            settle()
        for srv in (a, b):
            r = httpx.post(srv.url + "/api/replay", json={"game": "mushi"}, timeout=60)
            assert r.status_code == 429 and "at most 6 a minute" in r.json()["detail"], r.text
    finally:
        for ws in sockets:
            ws.close()
        a.stop()
        b.stop()


def test_other_processes_counts_are_added_and_forgotten_when_stale() -> None:
    told: list[tuple[str, int]] = []
    count = SocketCount(tell=lambda client, n: told.append((client, n)), fresh_seconds=0.3)
    count.heard("other", "addr", 2)
    assert count.held_elsewhere("addr") == 2 and count.held_elsewhere("else") == 0
    assert count.enter("addr", 3) and not count.enter("addr", 3)  # 1 here + 2 there
    assert told == [("addr", 1)]
    count.heard("other", "addr", 1)
    assert count.enter("addr", 3) and told[-1] == ("addr", 2)
    count.leave("addr")
    count.leave("addr")
    assert told[-2:] == [("addr", 1), ("addr", 0)] and count.open == {}
    count.heard("other", "addr", 0)
    assert count.elsewhere == {}
    count.heard("gone", "addr", 5)  # a process killed outright: its count is not repeated
    time.sleep(0.4)
    assert count.held_elsewhere("addr") == 0 and count.enter("addr", 1)
    count.stale()
    assert count.elsewhere == {}


def test_a_restarting_process_stops_counting_at_once() -> None:
    """Its sockets reconnect to the others in the next instant: counting them there as well until
    its counts went stale would refuse an address with many sockets (a school's network)."""
    count = SocketCount()
    count.heard("restarting", "school", 30)
    count.heard("other", "school", 5)
    assert not count.enter("school", 35)
    count.forget("restarting")
    assert count.held_elsewhere("school") == 5 and count.enter("school", 35)
