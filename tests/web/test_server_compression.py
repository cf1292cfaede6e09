"""What ``hanafuda serve`` does for CPU per stored event (issue 14): state messages compressed with
a 16 KiB window (``web.ws_protocol``; the handshake says so and the messages arrive whole), and the
garbage collector tuned for a server: tests/web/test_gc_policy.py)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from websockets.sync.client import connect

from hanafuda.web.messages import apply_patch
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
        url = f"ws://127.0.0.1:{server.port}/ws/{table['id']}?token={token}"
        with connect(url, max_size=None, open_timeout=60) as ws:
            assert ws.response is not None
            agreed = ws.response.headers["Sec-WebSocket-Extensions"]
            assert "permessage-deflate" in agreed and f"server_max_window_bits={WINDOW_BITS}" in agreed
            moves, state = 0, None
            while moves < 6:  # several compressed messages in a row, each one whole JSON
                msg = json.loads(ws.recv(timeout=60))
                if msg["type"] == "state":
                    state = msg
                elif msg["type"] == "patch" and state is not None:
                    state = apply_patch(state, msg)
                else:
                    continue
                view = state["view"]
                if view["to_move"] == state["you"] and view["legal"]:
                    ws.send(json.dumps({"type": "move", "move": view["legal"][0]}))
                    moves += 1
    finally:
        server.stop()
