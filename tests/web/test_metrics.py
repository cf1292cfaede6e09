"""Issue 29, metrics: ``GET /metrics`` in Prometheus text format counts what happens (a move through
a socket, a new table, an error, database commits), shows the gauges, and with ``--metrics-token``
answers only to that bearer token.  With several workers the counts add up over every process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from hanafuda.web.app import create_app

from .wsutil import claimed, create, errors, next_state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def scrape(client: TestClient, **headers: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = client.get("/metrics", headers=headers)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'metrics.db'}", bot_pause=0)) as c:
        yield c


def test_a_move_through_a_socket_is_counted_and_timed(client: TestClient) -> None:
    before = scrape(client)
    t = create(client, "hawaiifuda", seats=HUMANS)
    a_url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    b_url = f"/ws/{t['id']}?token={t['seats'][1]['token']}"
    with client.websocket_connect(a_url) as a, client.websocket_connect(b_url) as b:
        claimed(a), claimed(b)
        sa, sb = next_state(a), next_state(b)
        mover, state = (a, sa) if sa["view"]["to_move"] == 0 else (b, sb)
        mover.send_json({"type": "move", "move": state["view"]["legal"][0]})
        while not next_state(mover)["log"]:
            pass
        mover.send_json({"type": "move", "move": "play no-such-card"})  # not its turn any more
        assert errors(mover)[0]["code"] == "not-your-turn"
        during = scrape(client)
        assert value(during, "hanafuda_sockets") == 2
        assert value(during, "hanafuda_open_tables") >= 1
    after = scrape(client)
    moved = value(after, "hanafuda_moves_total", source="person") - value(before, "hanafuda_moves_total",
                                                                          source="person")
    assert moved == 1
    assert value(after, "hanafuda_move_seconds_count") - value(before, "hanafuda_move_seconds_count") == 1
    assert value(after, "hanafuda_move_seconds_sum") > value(before, "hanafuda_move_seconds_sum")
    assert value(after, "hanafuda_tables_created_total") - value(before, "hanafuda_tables_created_total") == 1
    commits = "hanafuda_db_commit_seconds_count"
    assert value(after, commits) > value(before, commits)
    refused = "hanafuda_errors_total"
    assert value(after, refused, kind="socket:not-your-turn") - value(before, refused,
                                                                       kind="socket:not-your-turn") == 1
    assert value(after, "hanafuda_sockets") == 0  # the gauges follow the sockets that closed


def test_rate_limited_answers_are_counted_as_errors(tmp_path: Path) -> None:
    from hanafuda.web.limits import Limits

    app = create_app(f"sqlite:///{tmp_path / 'm.db'}", bot_pause=0, limits=Limits(tables_per_minute=1))
    with TestClient(app) as c:
        before = value(scrape(c), "hanafuda_errors_total", kind="http_429")
        for _ in range(2):
            c.post("/api/tables", json={"game": "mushi", "seats": HUMANS})
        assert value(scrape(c), "hanafuda_errors_total", kind="http_429") - before == 1


def test_a_metrics_token_is_required_when_set(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'm.db'}", bot_pause=0, metrics_token="s3cret-token")
    with TestClient(app) as c:
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": "s3cret-token"}):
            r = c.get("/metrics", headers=headers)
            assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
            assert "hanafuda_" not in r.text
        assert value(scrape(c, authorization="Bearer s3cret-token"), "hanafuda_sockets") == 0


COUNT = """
import sys
from hanafuda.web import metrics
metrics.MOVES.labels("person").inc(int(sys.argv[1]))
metrics.OPEN_TABLES.set(int(sys.argv[1]))
"""


def test_several_worker_processes_add_up(tmp_path: Path) -> None:
    """prometheus-client's multiprocess mode (what ``serve --workers N`` turns on): any process's
    exposition holds the sum of every process's counters."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    for n in ("2", "3"):
        subprocess.run([sys.executable, "-c", COUNT, n], env=env, check=True, timeout=300)
    show = "import sys; from hanafuda.web import metrics; sys.stdout.write(metrics.exposition().decode())"
    out = subprocess.run([sys.executable, "-c", show], env=env, check=True, timeout=300,
                         capture_output=True, text=True).stdout
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(out) for s in family.samples}
    assert value(samples, "hanafuda_moves_total", source="person") == 5


def test_two_workers_answer_the_sum_through_one_port(pg_url: str, tmp_path: Path) -> None:
    """``serve --workers 2`` on PostgreSQL: whichever worker answers ``/metrics``, it counts the
    tables created through both (multiprocess mode), and the token holds in every worker; each
    worker counts in the shared directory."""
    import httpx

    from .server import Server

    url = pg_url
    shared = tmp_path / "metrics"
    shared.mkdir()
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(shared)  # else serve makes (and removes) its own
    try:
        srv = Server(url, tmp_path / "workers.log", 0.0, "--workers", "2", "--tables-per-minute", "1000",
                     "--metrics-token", "tok").start()
    finally:
        del os.environ["PROMETHEUS_MULTIPROC_DIR"]
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            for _ in range(12):  # a new connection each: the kernel spreads them over both workers
                r = httpx.post(srv.url + "/api/tables", json={"game": "mushi", "seats": HUMANS}, timeout=30)
                assert r.status_code == 201
            seen = set()
            for _ in range(8):
                r = httpx.get(srv.url + "/metrics", headers={"authorization": "Bearer tok"}, timeout=30)
                samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
                           for family in text_string_to_metric_families(r.text) for s in family.samples}
                seen.add(value(samples, "hanafuda_tables_created_total"))
            assert seen == {12.0}
            assert http.get("/metrics").status_code == 401
            assert http.get("/readyz").json() == {"status": "ok"}  # PostgreSQL at head, both workers
        assert len(list(shared.glob("counter_*.db"))) >= 3  # one file a process: serve and its 2 workers
    finally:
        srv.stop()
