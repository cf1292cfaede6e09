"""A server killed with SIGKILL mid-match resumes every table exactly, with every move."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import in_ci
from .server import Server, empty_database
from .wsutil import follow


def _state(ws: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(timeout=120))
        assert msg["type"] != "error", msg
        state = follow(ws, msg, lambda: ws.send(json.dumps({"type": "state"})))
        if state is not None:
            return state


def _play(ws: Any, moves: int) -> dict[str, Any]:
    """Play ``moves`` of this seat's moves (first legal), return the last state seen."""
    state = _state(ws)
    done = 0
    while done < moves:
        view = state["view"]
        if view["to_move"] == state["you"] and view["legal"]:
            ws.send(json.dumps({"type": "move", "move": view["legal"][-1]}))
            done += 1
            seq = state["log"][-1]["seq"] if state["log"] else 0
            state = _state(ws)
            while not state["log"] or state["log"][-1]["seq"] == seq:
                state = _state(ws)
            continue
        state = _state(ws)
    return state


def run_restart(tmp_path: Path, db_url: str) -> None:
    server = Server(db_url, tmp_path / "server.log")
    try:
        server.start()
        t = httpx.post(server.url + "/api/tables", json={
            "game": "hana-awase", "players": 2, "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
        ws_url = f"ws://127.0.0.1:{server.port}/ws/{t['id']}?token={t['seats'][0]['token']}"
        with connect(ws_url) as ws:
            claim = json.loads(ws.recv(timeout=120))
            assert claim["type"] == "claimed", claim
            ws_url += f"&secret={claim['secret']}"  # the seat is this client's now
            before = _play(ws, 4)
            # wait until the bot has answered, so the stored state is at rest on our turn
            while before["view"]["to_move"] != 0:
                before = _state(ws)
        server.kill()
        server.start()
        with connect(ws_url) as ws:
            after = _state(ws)
        assert after["log"] == before["log"] and len(after["log"]) >= 8
        assert after["view"] == before["view"]
        with connect(ws_url) as ws:  # and play goes on
            more = _play(ws, 1)
            assert len(more["log"]) > len(before["log"])
    finally:
        server.stop()


def test_bots_carry_on_after_a_crash(tmp_path: Path) -> None:
    """A bots-only match killed mid-way finishes after the restart; no stored move is lost."""
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log", bot_pause=0.02)
    try:
        server.start()
        t = httpx.post(server.url + "/api/tables", json={
            "game": "mushi", "players": 2, "seed": 9, "options": {"rounds": 2},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
        spectate = f"ws://127.0.0.1:{server.port}/ws/{t['id']}?token={t['spectator_token']}"
        with connect(spectate) as ws:
            state = _state(ws)
            while len(state["log"]) < 10:
                state = _state(ws)
        server.kill()
        server.start()
        deadline = time.monotonic() + 300
        while httpx.get(f"{server.url}/api/tables/{t['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish after the restart"
            time.sleep(0.1)
        record = httpx.get(f"{server.url}/api/tables/{t['id']}/record").json()
        moves = [m for r in record["rounds"] for m in r["moves"]]
        seen = [e["text"] for e in state["log"] if e["kind"] == "move"]
        assert moves[:len(seen)] == seen and len(record["rounds"]) == 2
    finally:
        server.stop()


def test_sigkill_then_restart_resumes_sqlite(tmp_path: Path) -> None:
    run_restart(tmp_path, f"sqlite:///{tmp_path / 'web.db'}")


def test_postgresql(tmp_path: Path) -> None:
    """The same against a real PostgreSQL server (``.ci/run`` starts one, HANAFUDA_TEST_PG_URL)."""
    url = os.environ.get("HANAFUDA_TEST_PG_URL")
    if not url:
        if in_ci():
            pytest.fail("HANAFUDA_TEST_PG_URL is not set in CI")
        pytest.skip("HANAFUDA_TEST_PG_URL not set (no PostgreSQL server)")
    empty_database(url)  # start from an empty database: the migrations run from scratch
    run_restart(tmp_path, url)
