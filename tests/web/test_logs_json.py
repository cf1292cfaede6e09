"""Issue 29, structured logs: ``serve --log-format json`` writes one JSON object a line; each line
written while serving a request carries that request's id, which the answer's ``X-Request-ID``
names; the access line never holds the query string (tokens live there)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hanafuda.web.app import create_app
from hanafuda.web.logs import ACCESS, JsonFormatter

from .test_ws import DatabaseAway


@pytest.fixture
def lines(tmp_path: Path) -> Iterator[tuple[TestClient, io.StringIO]]:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    old_level, old_access = root.level, ACCESS.level
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    ACCESS.setLevel(logging.INFO)
    try:
        with TestClient(create_app(f"sqlite:///{tmp_path / 'logs.db'}", bot_pause=0),
                        raise_server_exceptions=False) as c:
            yield c, out
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        ACCESS.setLevel(old_access)


def records(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]  # every line is one object


def test_each_line_is_json_with_the_request_id(lines: tuple[TestClient, io.StringIO]) -> None:
    client, out = lines
    t = client.post("/api/tables", json={"game": "mushi", "seats": [{"kind": "human"}] * 2})
    ok = client.get(f"/api/tables/{t.json()['id']}?token=secret-in-the-query")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.tables.clear()
    real, hub.sessions = hub.sessions, DatabaseAway()
    try:
        away = client.get(f"/api/tables/{t.json()['id']}", headers={"x-request-id": "proxy-id-42"})
    finally:
        hub.sessions = real
    assert away.status_code == 503 and away.headers["x-request-id"] == "proxy-id-42"
    logged = records(out)
    access = {r["request_id"]: r for r in logged if r["logger"] == "hanafuda.access"}
    assert access[ok.headers["x-request-id"]]["status"] == 200
    assert access[ok.headers["x-request-id"]]["path"] == f"/api/tables/{t.json()['id']}"
    assert "secret-in-the-query" not in out.getvalue()
    error = [r for r in logged if r["level"] == "error" and "database error" in r["message"]]
    assert error and error[0]["request_id"] == "proxy-id-42" == access["proxy-id-42"]["request_id"]
    assert access["proxy-id-42"]["status"] == 503 and access["proxy-id-42"]["ms"] >= 0
    for given in ("not ok", "x" * 65, "a\tb"):  # an id that is not a short plain token is replaced
        fresh = client.get("/healthz", headers={"x-request-id": given}).headers["x-request-id"]
        assert fresh != given and len(fresh) == 16


def test_serve_log_format_json_end_to_end(tmp_path: Path) -> None:
    import httpx

    from hanafuda.web.social import serve_banner

    from .server import Server

    log = tmp_path / "serve.log"
    srv = Server(f"sqlite:///{tmp_path / 'e2e.db'}", log, 0.0, "--log-format", "json").start()
    try:
        rid = httpx.get(srv.url + "/healthz", timeout=30).headers["x-request-id"]
    finally:
        srv.stop()
    objects = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    assert any(o.get("request_id") == rid and o.get("path") == "/healthz" and o.get("status") == 200
               for o in objects)
    banner = set(serve_banner("127.0.0.1", srv.port, srv.db_url).splitlines())
    others = [line for line in log.read_text().splitlines()
              if line.strip() and not line.startswith("{") and line not in banner]
    assert others == []  # apart from the start banner on stdout, only JSON
