"""Several real ``hanafuda serve`` processes on one PostgreSQL database (issue 14).

Two servers share the tables: the seats of one match sit on different processes and see each
other's moves; a server killed with SIGKILL hands its tables to the other with every acknowledged
move.  ``--workers 2`` splits one table's seats across its two workers (issue 14, defect 5).
"""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from .server import Server
from .wsutil import follow

LEASE = "3"
"""Seconds a killed server keeps its tables before the other takes them over."""




def server(url: str, log: Path, *extra: str) -> Server:
    return Server(url, log, 0.05, "--bot-only-rate", "0", "--tables-per-minute", "1000",
                  "--lease-seconds", LEASE, *extra)


def state(ws: ClientConnection, timeout: float = 120) -> dict[str, Any]:
    """The next state message (an error fails the test)."""
    while True:
        msg = json.loads(ws.recv(timeout=timeout))
        assert msg["type"] != "error", msg
        got = follow(ws, msg, lambda: ws.send(json.dumps({"type": "state"})))
        if got is not None:
            return got


def last_seq(st: dict[str, Any]) -> int:
    return int(st["log"][-1]["seq"]) if st["log"] else 0


def member(ws: ClientConnection) -> str:
    """Which server process serves this socket."""
    assert ws.response is not None
    return str(ws.response.headers["x-hanafuda-member"])


class Player(threading.Thread):
    """One seat playing random legal moves until the match is over (or the log reaches ``until``);
    seat 0 deals each next round."""

    def __init__(self, ws: ClientConnection, seed: int, until: int | None = None) -> None:
        super().__init__(daemon=True)
        self.ws, self.rng, self.until = ws, random.Random(seed), until
        self.last: dict[str, Any] | None = None
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            st = state(self.ws)
            wait_for = 0  # act only on a state that includes our previous move
            while True:
                self.last = st
                view, seq = st["view"], last_seq(st)
                if view["phase"] == "match-over" or (self.until is not None and seq >= self.until):
                    return
                if seq >= wait_for:
                    if view["phase"] == "between-rounds" and st["you"] == 0:
                        self.ws.send(json.dumps({"type": "next-round"}))
                        wait_for = seq + 1
                    elif view["to_move"] == st["you"] and view["legal"]:
                        self.ws.send(json.dumps({"type": "move", "move": self.rng.choice(view["legal"])}))
                        wait_for = seq + 1
                st = state(self.ws)
        except BaseException as exc:  # noqa: BLE001 - reported by finish()
            self.failure = exc

    def finish(self, timeout: float = 300) -> dict[str, Any]:
        self.join(timeout)
        assert not self.is_alive(), "a player did not finish in time"
        if self.failure is not None:
            raise self.failure
        assert self.last is not None
        return self.last


def new_table(srv: Server, seats: list[dict[str, Any]], rounds: int = 1) -> dict[str, Any]:
    r = httpx.post(srv.url + "/api/tables", timeout=60, json={
        "game": "mushi", "players": 2, "options": {"rounds": rounds}, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def open_seat(srv: Server, table: dict[str, Any], seat: int, secret: str | None = None
              ) -> tuple[ClientConnection, str]:
    """A seat's socket on ``srv`` and the seat's browser secret (claimed on first open)."""
    url = f"ws://127.0.0.1:{srv.port}/ws/{table['id']}?token={table['seats'][seat]['token']}"
    if secret is not None:
        return connect(url + f"&secret={secret}", open_timeout=60), secret
    ws = connect(url, open_timeout=60)
    claim = json.loads(ws.recv(timeout=60))
    assert claim["type"] == "claimed", claim
    return ws, str(claim["secret"])


def moves_of(st: dict[str, Any]) -> list[tuple[int | None, str]]:
    return [(e["seat"], e["text"]) for e in st["log"]]


def test_two_servers_share_tables_and_survive_a_sigkill(pg_url: str, tmp_path: Path) -> None:
    a = server(pg_url, tmp_path / "a.log")
    b = server(pg_url, tmp_path / "b.log")
    try:
        a.start()
        b.start()
        # -- a whole match: seat 0 on A, seat 1 and a spectator on B -----------------------------
        t = new_table(a, [{"kind": "human"}, {"kind": "human"}])
        ws0, _ = open_seat(a, t, 0)
        ws1, _ = open_seat(b, t, 1)
        spectator = connect(f"ws://127.0.0.1:{b.port}/ws/{t['id']}?token={t['spectator_token']}",
                            open_timeout=60)
        assert member(ws0) != member(ws1) == member(spectator)
        p0, p1 = Player(ws0, 1), Player(ws1, 2)
        p0.start()
        p1.start()
        end0, end1 = p0.finish(), p1.finish()
        assert end0["view"]["phase"] == end1["view"]["phase"] == "match-over"
        watched = state(spectator)
        while watched["view"]["phase"] != "match-over" or last_seq(watched) < last_seq(end0):
            watched = state(spectator)
        assert moves_of(end0) == moves_of(end1) == moves_of(watched)
        assert {seat for seat, _ in moves_of(end0)} >= {0, 1}  # each saw the other's moves
        for ws in (ws0, ws1, spectator):
            ws.close()

        # -- a match under way when A dies: B carries on with every acknowledged move ------------
        t = new_table(a, [{"kind": "human"}, {"kind": "human"}])
        bots = new_table(a, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], rounds=3)
        ws0, secret0 = open_seat(a, t, 0)
        ws1, _ = open_seat(b, t, 1)
        p0, p1 = Player(ws0, 3, until=10), Player(ws1, 4, until=10)
        p0.start()
        p1.start()
        acknowledged = max((p0.finish(), p1.finish()), key=last_seq)
        assert last_seq(acknowledged) >= 10
        a.kill()
        ws0.close()
        ws0, _ = open_seat(b, t, 0, secret0)  # seat 0's browser reconnects, to B now
        p0, p1 = Player(ws0, 5), Player(ws1, 6)
        p0.start()
        p1.start()
        end0, end1 = p0.finish(), p1.finish()
        assert end0["view"]["phase"] == end1["view"]["phase"] == "match-over"
        assert moves_of(end0) == moves_of(end1)
        assert moves_of(end0)[:len(acknowledged["log"])] == moves_of(acknowledged)
        record = httpx.get(f"{b.url}/api/tables/{t['id']}/record", timeout=60).json()
        stored = [m for r in record["rounds"] for m in r["moves"]]
        assert stored == [text for _, text in moves_of(end0) if text != "next-round"]
        # the bots-only table A was running finishes on B
        deadline = time.monotonic() + 300
        while httpx.get(f"{b.url}/api/tables/{bots['id']}", timeout=60).json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table was not taken over"
            time.sleep(0.2)
        record = httpx.get(f"{b.url}/api/tables/{bots['id']}/record", timeout=60).json()
        assert len(record["rounds"]) == 3
        ws0.close()
        ws1.close()
    finally:
        a.stop()
        b.stop()


def test_workers_2_split_table(pg_url: str, tmp_path: Path) -> None:
    """``--workers 2``: a table's two seats on different workers see each other's moves."""
    srv = server(pg_url, tmp_path / "workers.log", "--workers", "2")
    try:
        srv.start()
        t = new_table(srv, [{"kind": "human"}, {"kind": "human"}])
        ws0, _ = open_seat(srv, t, 0)
        ws1, secret1 = open_seat(srv, t, 1)
        # the kernel picks the worker: reconnect seat 1 until it is the other one (the second
        # worker may still be starting on a busy machine: keep trying for a while, not a count)
        deadline = time.monotonic() + 120
        while member(ws1) == member(ws0) and time.monotonic() < deadline:
            ws1.close()
            time.sleep(0.2)
            ws1, _ = open_seat(srv, t, 1, secret1)
        assert member(ws1) != member(ws0), "every connection went to one worker"
        p0, p1 = Player(ws0, 7), Player(ws1, 8)
        p0.start()
        p1.start()
        end0, end1 = p0.finish(), p1.finish()
        assert end0["view"]["phase"] == end1["view"]["phase"] == "match-over"
        assert moves_of(end0) == moves_of(end1)
        assert {seat for seat, _ in moves_of(end0)} >= {0, 1}
        ws0.close()
        ws1.close()
    finally:
        srv.stop()


def test_workers_need_postgresql(tmp_path: Path) -> None:
    """``--workers 2`` on SQLite is a clear error, and nothing starts."""
    from typer.testing import CliRunner

    from hanafuda.cli import app

    result = CliRunner().invoke(app, ["serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'x.db'}"])
    assert result.exit_code != 0
    assert "needs a PostgreSQL database" in result.output
    assert not (tmp_path / "x.db").exists()
