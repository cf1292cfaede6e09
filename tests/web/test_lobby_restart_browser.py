"""The lobby through a server restart (issue 29, rolling restarts), in Debian's chromium with the
pages' CSP in force.

The lobby has no socket: it asks for its lists every 5 s (``static/lobby.js``, ``poll``).  When its
server restarts (SIGTERM, as ``systemctl restart`` sends; the moment a table page's socket gets
1012) those requests fail: the page says so (``#lobby-away``) instead of failing silently, asks
again within a second rather than 5 s later, and the moment the server answers again redraws its
lists — a table made meanwhile shows at once — with no error on the page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from benchmarks.rolling_restart import ServeProcess

from .conftest import TIMEOUT_MS, chromium_enforcing_csp, shot

browser = pytest.fixture(scope="module", name="browser")(chromium_enforcing_csp)

HUMANS = {"game": "mushi", "players": 2, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human"}]}


def new_table(server: ServeProcess) -> str:
    r = httpx.post(server.url + "/api/tables", json=HUMANS, timeout=60)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_the_lobby_comes_back_at_once_after_its_server_restarts(tmp_path: Path, browser: Any) -> None:
    server = ServeProcess(f"sqlite:///{tmp_path / 'lobby.db'}", tmp_path / "server.log", "--bot-pause", "0")
    try:
        server.start()
        before = new_table(server)
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        page = ctx.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        asked: list[float] = []
        page.on("request", lambda r: asked.append(time.monotonic()) if "/api/lobby/tables" in r.url else None)
        # when each answered request for the lists left the page (the page's clock, in ms): the
        # test's own events arrive late on a loaded machine
        sent: list[float] = []
        page.on("response", lambda r: sent.append(r.request.timing["startTime"] / 1000)
                if "/api/lobby/tables" in r.url else None)
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_selector(f"li[data-table='{before}']")
        assert page.locator("#lobby-away").is_hidden()

        server.terminate(60)  # the restart: SIGTERM, the server drains and stops
        page.wait_for_selector("#lobby-away", state="visible", timeout=15_000)  # the next poll fails
        assert "restarting" in page.locator("#lobby-away").inner_text()
        down = time.monotonic()
        page.wait_for_timeout(3000)
        tries = [t for t in asked if t > down]
        assert len(tries) >= 3, tries  # asking again every second or sooner, not every 5 s

        server.start()  # the same port and database, as systemd restarts it
        back = time.time()
        made = new_table(server)  # made while the page was away
        page.wait_for_selector(f"li[data-table='{made}']", timeout=15_000)
        page.wait_for_selector("#lobby-away", state="hidden", timeout=5_000)
        # at once: the next retry (at most 1 s apart), not the next poll 5 s later
        first = min(t for t in sent if t > back - 1.0)  # /readyz is asked every 0.2 s
        assert first - back < 1.5, (first - back, sent)
        assert page.locator(f"li[data-table='{before}']").count() == 1
        assert errors == []
        shot(page, "lobby-after-restart")
        ctx.close()
    finally:
        server.stop()
