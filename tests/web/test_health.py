"""Issue 29, health: ``/healthz`` answers while the process lives; ``/readyz`` says 503 and why when
the database is away, its schema is not the one this server needs, or the bot pool is down."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from hanafuda.web.app import create_app
from hanafuda.web.health import HEADS

from .test_ws import DatabaseAway


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'health.db'}", bot_pause=0)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_healthz_and_readyz_when_all_is_well(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"} and r.headers["cache-control"] == "no-store"
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}


def test_readyz_says_the_database_is_away_and_healthz_stays_up(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    real = hub.sessions
    hub.sessions = DatabaseAway()
    try:
        r = client.get("/readyz")
        assert r.status_code == 503 and r.headers["retry-after"] == "5"
        assert r.json() == {"status": "unavailable", "problems": ["database: unreachable (OperationalError)"]}
        assert client.get("/healthz").status_code == 200  # alive: no reason to restart it
    finally:
        hub.sessions = real
    assert client.get("/readyz").status_code == 200  # back as soon as the database is


def test_readyz_refuses_a_schema_not_at_this_servers_head(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'older'"))
    r = client.get("/readyz")
    assert r.status_code == 503
    [problem] = r.json()["problems"]
    assert "schema at older" in problem and all(h in problem for h in HEADS) and "migrations" in problem


def test_readyz_says_when_a_bot_worker_died(client: TestClient) -> None:
    pool = client.app.state.hub.bots.pool  # type: ignore[attr-defined]
    assert client.portal.call(pool.run, "t", os.getpid) > 0  # type: ignore[attr-defined]  # the pool is up
    assert client.get("/readyz").status_code == 200
    for process in pool.processes:  # the workers, to kill one as a crash would
        os.kill(process.pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while (r := client.get("/readyz")).status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert r.status_code == 503 and r.json()["problems"][0].startswith("bots: a bot worker process")
