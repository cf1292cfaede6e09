"""What ``hanafuda serve`` does for CPU per stored event (issue 14): state messages compressed with
a 16 KiB window (``web.ws_protocol``; the handshake says so and the messages arrive whole), and the
garbage collector tuned for a server: tests/web/test_gc_policy.py)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from websockets.sync.client import connect

from hanafuda.web.ws_protocol import WINDOW_BITS

from .server import Server


def test_state_messages_are_compressed_with_the_tuned_window(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "server.log").start()
    try:
        r = httpx.post(server.url + "/api/tables", json={
            "game": "mushi", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
        r.raise_for_status()
        table = r.json()
        token = next(s["token"] for s in table["seats"] if s["token"])
        url = f"ws://127.0.0.1:{server.port}/ws/{table['id']}?deltas=2&token={token}"
        with connect(url, max_size=None, open_timeout=60) as ws:
            assert ws.response is not None
            agreed = ws.response.headers["Sec-WebSocket-Extensions"]
            assert "permessage-deflate" in agreed and f"server_max_window_bits={WINDOW_BITS}" in agreed
            moves = 0
            while moves < 6:  # several compressed states in a row, each one whole JSON
                msg = json.loads(ws.recv(timeout=60))
                if msg["type"] != "state":
                    continue
                view = msg["view"]
                if view["to_move"] == msg["you"] and view["legal"]:
                    ws.send(json.dumps({"type": "move", "move": view["legal"][0]}))
                    moves += 1
    finally:
        server.stop()
