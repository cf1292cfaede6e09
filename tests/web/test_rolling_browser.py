"""A table page through a rolling restart (issue 29), in Debian's chromium: the page plays seat 0
over HTTPS through Caddy (``deploy/Caddyfile`` with a local CA) in front of two workers on
PostgreSQL; a websocket client plays seat 1.  Each worker in turn gets SIGTERM and is started
again: the page's socket is closed with 1012, it reconnects at once (``static/table-socket.js``)
with its seat token and cookie, through Caddy to the other worker, gets the whole table again
and plays on — no move lost, no error on the page."""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from benchmarks.rolling_restart import (
    RESTART,
    Route,
    SeatClient,
    ServeProcess,
    check_against_record,
    seat_clients,
)

from .conftest import TIMEOUT_MS, need, shot
from .test_browser import take_turn
from .test_caddy import Caddy

WATCH = """
window.hfSockets = { closes: [], states: [] };
(() => {
  const Plain = window.WebSocket;
  window.WebSocket = class extends Plain {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", (e) => window.hfSockets.closes.push([e.code, Date.now()]));
      this.addEventListener("message", (e) => {
        let msg = null;
        try { msg = JSON.parse(e.data); } catch (err) { return; }
        if (msg.type === "state") window.hfSockets.states.push(Date.now());
      });
    }
  };
})();
"""
"""Records each close of the page's socket (code, time) and the arrival of each whole state."""


def test_a_page_reconnects_through_caddy_when_its_worker_restarts(pg_url: str, tmp_path: Path,
                                                                  browser: Any) -> None:
    need(shutil.which("caddy") is not None, "caddy is not installed (apt-get install caddy)")
    extra = ("--bot-pause", "0", "--lease-seconds", "3", "--forwarded-allow-ips", "127.0.0.1",
             "--log-format", "json")
    workers = [ServeProcess(pg_url, tmp_path / f"worker-{n}.log", *extra) for n in "ab"]
    caddy = Caddy(tmp_path, [w.port for w in workers])
    loop = asyncio.new_event_loop()
    other: SeatClient | None = None
    try:
        for w in workers:
            w.start()
        caddy.start()
        base = f"https://127.0.0.1:{caddy.port}"
        table = httpx.post(base + "/api/tables", verify=caddy.tls(), timeout=60, json={
            "game": "mushi", "players": 2, "options": {"rounds": 12},
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]}).json()
        # seat 1: a websocket client, as the table page plays (its own thread and loop)
        other = seat_clients([table], lambda n: Route([f"wss://127.0.0.1:{caddy.port}"], ssl=caddy.tls()),
                             think=0.2, seed=5)[1]
        runner = threading.Thread(target=loop.run_until_complete, args=(other.run(),), daemon=True)
        runner.start()

        ctx = browser.new_context(ignore_https_errors=True, viewport={"width": 1366, "height": 768})
        ctx.set_default_timeout(TIMEOUT_MS)
        ctx.add_init_script(WATCH)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + table["seats"][0]["link"])
        page.wait_for_selector("#hand .card")

        def play(moves: int) -> None:
            """The page makes ``moves`` moves by clicking, whenever it is its turn."""
            made, deadline = 0, time.monotonic() + 300
            while made < moves:
                assert time.monotonic() < deadline, "the page could not play on"
                assert not other.finished, "the match ended before the test did"
                if page.locator("#turn").inner_text().startswith("Your turn") and take_turn(page):
                    made += 1
                    page.wait_for_timeout(300)
                else:
                    page.wait_for_timeout(100)

        play(2)
        for w in workers:
            closed = len(page.evaluate("window.hfSockets.closes"))
            w.terminate(60)
            # the page's socket was on this worker or the other: if it closed, it is back at once
            page.wait_for_timeout(1000)
            seen = page.evaluate("window.hfSockets")
            for code, at in seen["closes"][closed:]:
                assert code == RESTART, seen
                page.wait_for_function(f"window.hfSockets.states.some((t) => t > {at})", timeout=5000)
                back = min(t for t in page.evaluate("window.hfSockets.states") if t > at) - at
                assert back < 5000, back
            page.wait_for_selector("#conn:text('connected')")
            w.start()
            play(2)  # and the page plays on
        seen = page.evaluate("window.hfSockets")
        assert len(seen["closes"]) >= 1 and {code for code, _ in seen["closes"]} == {RESTART}, seen
        # every move the other seat was shown (the page's moves too) is in the stored record
        assert other.lost == [] and other.errors == []
        assert check_against_record([other], db=pg_url) == []
        assert sum(1 for _, seat, _ in other.log if seat == 0) >= 6  # the page's moves
        assert errors == []
        shot(page, "rolling-restart-page")
        ctx.close()
    finally:
        if other is not None:
            loop.call_soon_threadsafe(other.stop.set)
        caddy.stop()
        for w in workers:
            w.stop()
