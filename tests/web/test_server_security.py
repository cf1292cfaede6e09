"""Issue 14 defects 8 and 9: security headers, same-origin websockets and POSTs, odd tokens and
huge URLs answered cleanly."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import socket
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from hanafuda.web.pages import STATIC

from .server import Server
from .wsutil import claimed, create, next_state, receive

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/table/x", "/api/games", "/static/table.js", "/card/hwatu/willow-rainman.svg",
                 "/api/tables/nope"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert r.headers["referrer-policy"] == "no-referrer", path
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"


def test_the_pages_inline_scripts_are_allowed_by_hash(client: TestClient) -> None:
    csp = client.get("/cards").headers["content-security-policy"]
    inline = [body for page in STATIC.glob("*.html")
              for body in re.findall(r"<script>(.*?)</script>", page.read_text(encoding="utf-8"), re.DOTALL)]
    assert inline  # the gallery and rules pages have one each
    for body in inline:
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp


def test_a_websocket_from_another_site_is_refused(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, seed=None)
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    # the allowed origins are configured (``--public-url``; this machine's pages), never the
    # request's own Host: ``Origin: http://testserver`` with ``Host: testserver`` is DNS rebinding
    for origin in ("http://evil.example", "null", "http://testserver.evil.example", "http://testserver"):
        with client.websocket_connect(url, headers={"origin": origin}) as ws:
            msg = receive(ws)
            assert msg["code"] == "bad-origin" and "another site" in msg["error"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[t["id"]].seats[0].claim_hash is None  # the refused socket claimed nothing
    with client.websocket_connect(url, headers={"origin": "http://127.0.0.1:8000"}) as ws:
        claimed(ws)
        assert next_state(ws)["you"] == 0


def test_posts_must_be_json_from_this_site(client: TestClient) -> None:
    body = b'{"game": "mushi"}'
    r = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415 and "application/json" in r.json()["detail"]
    form = {"content-type": "application/x-www-form-urlencoded"}
    r = client.post("/api/tables", content=body, headers=form)
    assert r.status_code == 415
    r = client.post("/api/tables", content=body,
                    headers={"content-type": "application/json", "origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["detail"]
    r = client.post("/api/replay", content=b"{}", headers={"content-type": "text/plain"})
    assert r.status_code == 415
    assert client.get("/api/tables").json()["tables"] == []
    r = client.post("/api/tables", content=body,
                    headers={"content-type": "application/json; charset=utf-8", "origin": "http://localhost:8000"})
    assert r.status_code == 201


def test_odd_tokens_and_table_ids_get_a_clear_error(client: TestClient) -> None:
    t = create(client, "mushi", seats=HUMANS, seed=None)
    for token in ("é" * 20, "\u0000", "🂡", "%FF", "x" * 3000):
        with client.websocket_connect(f"/ws/{t['id']}", params={"token": token}) as ws:
            assert receive(ws)["code"] == "bad-token", token
    for table in ("ü" * 10, "x" * 2000):
        with client.websocket_connect(f"/ws/{table}?token=abc") as ws:
            assert receive(ws)["code"] == "no-table"
    with client.websocket_connect(f"/ws/{t['id']}?token={t['spectator_token']}") as ws:
        ws.send_text("[" * 3000 + "]" * 3000)  # too long
        ws.send_text("[" * 2000)
        ws.send_text('{"type": "move", "move": ' + "[" * 1500 + "]" * 1500 + "}")
        ws.send_bytes(b"\xff\xfe{")
        codes = []
        while len(codes) < 4:
            msg = receive(ws)
            if msg["type"] == "error":
                codes.append(msg["code"])
        assert codes == ["too-large", "bad-json", "bad-json", "bad-json"]
        ws.send_json({"type": "ping"})
        while receive(ws)["type"] != "pong":
            pass


def _raw_upgrade(port: int, path: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        return s.recv(200)


def test_a_huge_websocket_url_is_answered_at_once(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log").start()
    try:
        for size in (9 * 1024, 20 * 1024, 64 * 1024):
            answer = _raw_upgrade(server.port, "/ws/abc?token=" + "a" * size)
            assert answer.startswith(b"HTTP/1.1 414"), answer
        assert _raw_upgrade(server.port, "/ws/abc?token=a").startswith(b"HTTP/1.1 101")
        assert httpx.get(server.url + "/api/games").status_code == 200  # still serving
    finally:
        server.stop()


def test_the_pages_work_under_the_csp_and_a_claimed_seat_survives_a_reload(tmp_path: Path) -> None:
    """In chromium, without any CSP exemption: no page breaks a directive, the table page plays,
    and its seat's cookie brings the same browser back to the seat after a reload, while another
    browser opening the same link is refused."""
    from .conftest import ARGS, CHROMIUM, need

    need(os.path.exists(CHROMIUM), f"{CHROMIUM} is missing")
    from playwright.sync_api import sync_playwright

    server = Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log", 0.05).start()
    try:
        t = httpx.post(server.url + "/api/tables", json={
            "game": "mushi", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                page = browser.new_page()
                page.set_default_timeout(90_000)
                violations: list[str] = []
                page.on("console", lambda m: violations.append(m.text)
                        if "Content Security Policy" in m.text else None)
                for path in ("/", "/cards", "/rules/mushi", "/replay"):
                    page.goto(server.url + path)
                    page.wait_for_load_state("networkidle")
                page.goto(server.url + t["seats"][0]["link"])
                page.locator("#hand .card").first.wait_for()
                page.reload()
                page.locator("#hand .card").first.wait_for()  # still this browser's seat
                assert violations == [], violations
                other = browser.new_context().new_page()
                seen: list[str] = []
                other.on("websocket", lambda ws: ws.on("framereceived", lambda f: seen.append(str(f))))
                other.goto(server.url + t["seats"][0]["link"])
                deadline = time.monotonic() + 60
                while not any("seat-claimed" in f for f in seen):
                    assert time.monotonic() < deadline, seen
                    other.wait_for_timeout(200)
                assert other.locator("#hand .card").count() == 0
            finally:
                browser.close()
    finally:
        server.stop()


def test_the_lobbys_posts_must_be_json_from_this_site_too(client: TestClient) -> None:
    """The social routes (names, accounts, tables, quick matches, chat...) take the same
    content-type and Origin checks as ``/api/tables``: a cross-site form makes nothing."""
    key = client.post("/api/social/names", json={"name": "Ann"}).json()["key"]
    table = {"game": "mushi", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]}
    posts = [("/api/social/names", {"name": "Mallory"}),
             ("/api/social/accounts", {"name": "Eve", "password": "pw-12345678"}),
             ("/api/social/tables", table), ("/api/social/quick", {"game": "mushi", "players": 2})]
    form = {"content-type": "text/plain", "x-player-key": key}
    foreign = {"content-type": "application/json", "origin": "http://evil.example", "x-player-key": key}
    for path, body in posts:
        r = client.post(path, content=json.dumps(body).encode(), headers=form)
        assert r.status_code == 415 and "application/json" in r.json()["detail"], (path, r.text)
        r = client.post(path, content=json.dumps(body).encode(), headers=foreign)
        assert r.status_code == 403 and "another site" in r.json()["detail"], (path, r.text)
    assert client.get("/api/tables").json()["tables"] == []
    assert client.get("/api/social/players/Mallory").status_code == 404
    assert client.get("/api/social/players/Eve").status_code == 404
    r = client.post("/api/social/tables", json=table,
                    headers={"x-player-key": key, "origin": "http://127.0.0.1:8000"})
    assert r.status_code == 201, r.text
