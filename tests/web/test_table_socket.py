"""The table page's one socket (issue 28), in Debian's chromium: the game, chat and the turn
clock's notice all travel on ``/ws/{table}``; the page opens no other WebSocket, and the clock's
notice, sent as a catalogue key and data, reads in the page's language (Korean here) with no move
notation in it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hanafuda.words.catalogue import messages

from .conftest import TIMEOUT_MS
from .server import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("table-socket")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.2).start()
    yield s
    s.stop()


def test_a_table_page_opens_one_socket_for_game_chat_and_clock(server: Server, browser: Any) -> None:
    key = httpx.post(server.url + "/api/social/names", json={"name": "Solo"}).json()["key"]
    # the invited seat stays empty: the clock moves for it (or for Solo) within 15 s
    t = httpx.post(server.url + "/api/social/tables", headers={"x-player-key": key}, json={
        "game": "mushi", "players": 2, "clock": 15, "seats": [{"kind": "me"}, {"kind": "invite"}]}).json()
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.set_default_timeout(TIMEOUT_MS)
    player = f"JSON.stringify({{ name: 'Solo', key: {key!r} }})"
    ctx.add_init_script(f"localStorage.setItem('hf-player', {player})")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(server.url + t["you"]["path"] + "&lang=ko")
    page.wait_for_selector("#hand [data-card]")
    page.wait_for_selector("#chat-input")
    page.fill("#chat-input", "안녕하세요")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat-log li:has-text('안녕하세요')")
    page.wait_for_selector("#chat-log li.system", timeout=60_000)
    notice = page.locator("#chat-log li.system").first.inner_text()
    ko = messages("ko")
    assert ko["bot.greedy"] in notice and "turn clock" not in notice, notice
    assert not re.search(r"\b(play|take) [a-z]+-|[a-z]+-[a-z]+", notice), notice  # no notation, no card code
    words = notice.replace("Guest", "").replace("Solo", "")  # the seats' names
    assert not re.search(r"[A-Za-z]{3,}", words), notice  # the cards named in Korean too
    assert len(sockets) == 1 and f"/ws/{t['id']}?" in sockets[0], sockets
    assert errors == []
    ctx.close()
