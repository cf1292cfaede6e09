"""Issue 14 defect 7: with the database away, clear answers (503), no secrets in the logs, and the
server stays up."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hanafuda.web.app import create_app
from hanafuda.web.db import DatabaseUnusable, make_engine, session_factory

from .test_ws import DatabaseAway, snapshot
from .wsutil import receive


@pytest.fixture
def loose(tmp_path: Path) -> Iterator[TestClient]:
    """A client that shows the server's answers rather than raising its errors."""
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_a_database_that_is_away_gets_clear_answers(loose: TestClient) -> None:
    t = loose.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2}).json()
    hub = loose.app.state.hub  # type: ignore[attr-defined]
    hub.tables.clear()
    real = hub.sessions
    hub.sessions = DatabaseAway()
    try:
        for r in (loose.post("/api/tables", json={"game": "mushi"}), loose.get("/api/tables"),
                  loose.get("/api/tables/unknown"), loose.get(f"/api/tables/{t['id']}")):
            assert r.status_code == 503, r.text
            assert "database is unavailable" in r.json()["detail"]
        with loose.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as ws:
            msg = receive(ws)
            assert msg["code"] == "unavailable" and "database" in msg["error"]
    finally:
        hub.sessions = real
    assert loose.get(f"/api/tables/{t['id']}").status_code == 200  # and the server is still up


def test_a_refused_insert_logs_no_seed_and_no_token(loose: TestClient,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    hub = loose.app.state.hub  # type: ignore[attr-defined]
    with hub.engine.begin() as conn:
        conn.exec_driver_sql("CREATE TRIGGER refuse_seats BEFORE INSERT ON seats "
                             "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    caplog.set_level(logging.DEBUG)
    r = loose.post("/api/tables", json={"game": "mushi", "seed": 918273645,
                                        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 503 and "database" in r.json()["detail"]
    logged = "\n".join(rec.getMessage() + (rec.exc_text or "") for rec in caplog.records)
    assert "database error" in logged
    assert "918273645" not in logged and not re.search(r"[0-9a-f]{64}", logged)
    assert loose.get("/api/tables").json()["tables"] == []  # nothing half-made is listed


def test_a_read_only_sqlite_database_keeps_the_server_up(loose: TestClient, tmp_path: Path) -> None:
    """The SQLite file (or its shared-memory ``-shm`` file) turns read-only under a running server:
    SQLite then refuses every write ("attempt to write a readonly database").  Each write gets a
    clear answer and changes nothing; reads go on; the server stays up and recovers."""
    hub = loose.app.state.hub  # type: ignore[attr-defined]
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    t = loose.post("/api/tables", json={"game": "mushi", "seats": seats}).json()
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    with loose.websocket_connect(url) as ws:
        secret = receive(ws)["secret"]
        state = receive(ws)
        while state["type"] != "state" or state["view"]["to_move"] != 0:
            state = receive(ws)
        before = snapshot(hub, t["id"])
        real = hub.sessions
        read_only = make_engine(f"sqlite:///file:{tmp_path / 'web.db'}?mode=ro&uri=true")
        hub.sessions = session_factory(read_only)
        try:
            ws.send_json({"type": "move", "move": state["view"]["legal"][0]})
            answer = receive(ws)
            while answer["type"] != "error":
                answer = receive(ws)
            assert answer["code"] == "storage" and "could not be saved" in answer["error"]
            assert snapshot(hub, t["id"]) == before
            r = loose.post("/api/tables", json={"game": "mushi", "seats": seats})
            assert r.status_code == 503 and "database" in r.json()["detail"]
            assert loose.get("/api/tables").status_code == 200  # reading still works
            assert loose.get("/api/games").status_code == 200
            with loose.websocket_connect(f"{url}&secret={secret}") as again:  # reopening reads only
                assert receive(again)["type"] == "state"
        finally:
            hub.sessions = real
            read_only.dispose()
        ws.send_json({"type": "move", "move": state["view"]["legal"][0]})  # writable again
        answer = receive(ws)
        while answer["type"] != "state" or answer.get("event", {}).get("seat") != 0:
            assert answer["type"] != "error", answer
            answer = receive(ws)
    assert loose.post("/api/tables", json={"game": "mushi", "seats": seats}).status_code == 201


def test_a_read_only_database_at_start_gets_a_clear_reason(tmp_path: Path) -> None:
    """``hanafuda serve`` on an SQLite database it cannot write (a read-only file, -wal or -shm
    file) stops with what the database said and what to check, never a bare exception name."""
    from typer.testing import CliRunner

    from hanafuda.cli import app

    made = make_engine(f"sqlite:///{tmp_path / 'ro.db'}")
    with made.begin() as conn:  # an existing database without the server's tables
        conn.exec_driver_sql("CREATE TABLE other (x INTEGER)")
    made.dispose()
    url = f"sqlite:///file:{tmp_path / 'ro.db'}?mode=ro&uri=true"
    with pytest.raises(DatabaseUnusable, match="readonly database.*must be writable"):
        create_app(url)
    result = CliRunner().invoke(app, ["serve", "--db", url, "--port", "1"])
    assert result.exit_code != 0
    assert "readonly database" in result.output and "writable" in result.output
    assert "OperationalError" not in result.output
