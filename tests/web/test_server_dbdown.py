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

from .test_ws import DatabaseAway
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
