"""Issue 29, bounded work per socket: an address may hold ``sockets_per_address`` websockets, one more
is refused with a reason (the others go on); a socket that never reads is not only dropped from its
table but its connection cut once ``close_seconds`` pass (its buffers and descriptor freed).

The server is uvicorn with ``hanafuda serve``'s own websocket protocol (``ws_protocol``), in a
thread of this process, so the tests set tiny limits and look at the app's own socket count."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hanafuda.web.app import create_app
from hanafuda.web.limits import TOO_MANY_SOCKETS, Limits
from hanafuda.web.ws_protocol import tuned_ws_protocol

from .server import free_port, silent_socket
from .wsutil import follow

CAP = 3


class Served:
    """A running server: its URL, port and app."""

    def __init__(self, app: Any, port: int) -> None:
        self.app, self.port = app, port
        self.url = f"http://127.0.0.1:{port}"

    def open_sockets(self) -> dict[str, int]:
        count = getattr(self.app.state, "socket_count", None)
        return dict(count.open) if count is not None else {}


@contextmanager
def _running(tmp_path: Path, ping: float = 20.0) -> Iterator[Served]:
    """The server with tiny limits; ``ping``: uvicorn's keepalive ping interval and timeout."""
    limits = Limits(outbox=4, close_seconds=0.5, sockets_per_address=CAP, tables_per_minute=1000,
                    bot_only_moves_per_second=0)
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_pause=0.0, limits=limits)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws=tuned_ws_protocol(), timeout_graceful_shutdown=2,
                                           ws_ping_interval=ping, ws_ping_timeout=ping))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield Served(app, port)
    finally:
        server.should_exit = True
        thread.join(20)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    with _running(tmp_path) as running:
        yield running


def _table(served: Served, seats: list[dict[str, Any]], rounds: int) -> dict[str, Any]:
    reply = httpx.post(served.url + "/api/tables", json={
        "game": "mushi", "players": 2, "options": {"rounds": rounds}, "seats": seats}, timeout=30)
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def _state(ws: ClientConnection) -> dict[str, Any]:
    """The next whole state on a real socket (patches followed, other messages skipped)."""
    while True:
        msg = json.loads(ws.recv(timeout=30))
        state = follow(ws, msg, lambda: ws.send(json.dumps({"type": "state"})))
        if state is not None:
            return state


def _pong(ws: ClientConnection) -> None:
    ws.send(json.dumps({"type": "ping"}))
    while json.loads(ws.recv(timeout=30)).get("type") != "pong":
        pass


def test_past_the_cap_a_socket_is_refused_with_its_reason_and_the_others_go_on(served: Served) -> None:
    t = _table(served, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], rounds=1)
    path = f"ws://127.0.0.1:{served.port}/ws/{t['id']}?token={t['spectator_token']}"
    with ExitStack() as stack:
        held = [stack.enter_context(connect(path)) for _ in range(CAP)]
        for ws in held:
            assert _state(ws)["type"] == "state"
        assert list(served.open_sockets().values()) == [CAP]
        with connect(path) as extra:
            error = json.loads(extra.recv(timeout=30))
            assert error["type"] == "error" and error["code"] == "too-many-sockets"
            assert f"{CAP} connections" in error["error"]
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == TOO_MANY_SOCKETS
        assert "connections open already" in closed.value.rcvd.reason
        for ws in held:  # the sockets under the cap were not touched
            _pong(ws)
        held.pop().close()
        deadline = time.monotonic() + 30
        while list(served.open_sockets().values()) != [CAP - 1]:
            assert time.monotonic() < deadline, served.open_sockets()
            time.sleep(0.05)
        with connect(path) as again:  # a socket that ended makes room for one more
            assert _state(again)["type"] == "state"
            _pong(again)




def _send_text(s: socket.socket, text: str) -> None:
    """One masked text frame (a client's frames are masked, RFC 6455 §5.3), shorter than 126 bytes."""
    data = text.encode()
    key = os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(data)]) + key + bytes(b ^ key[i % 4] for i, b in enumerate(data)))


def _ended(s: socket.socket, within: float) -> bool:
    """Whether the server ended the connection: reading what it had sent ends in a reset or EOF."""
    s.settimeout(1.0)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if not s.recv(1 << 16):
                return True
        except ConnectionResetError:
            return True
        except TimeoutError:
            continue
    return False


def test_a_socket_that_never_reads_is_closed_by_the_server(served: Served) -> None:
    t = _table(served, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], rounds=24)
    path = f"/ws/{t['id']}?token={t['spectator_token']}"
    silent = silent_socket(served.port, path)
    try:
        with connect(f"ws://127.0.0.1:{served.port}{path}") as ws:
            while True:  # a reading spectator sees the whole match while the other reads nothing
                msg = follow(ws, json.loads(ws.recv(timeout=120)), lambda: None) or {}
                if msg.get("view", {}).get("finished"):
                    break
            # the silent socket asks for the whole state again and again, and reads none of it
            hub = served.app.state.hub
            table = hub.tables[t["id"]]
            deadline = time.monotonic() + 120
            while list(served.open_sockets().values()) != [1]:
                assert time.monotonic() < deadline, served.open_sockets()
                try:
                    _send_text(silent, json.dumps({"type": "state"}))
                except OSError:  # already cut
                    pass
                time.sleep(0.05)
            # it was dropped from the table and its handler ended: only the reading socket is left
            assert len(table.connections) == 1
            _pong(ws)
        # ... and the client sees the connection end once it reads what was sent before the cut
        assert _ended(silent, within=60), "the server never closed the silent socket"
    finally:
        silent.close()


def test_a_socket_that_stops_answering_pings_is_cut_not_left_to_linger(tmp_path: Path) -> None:
    """A quiet table (nothing fills the outbox): the keepalive ping finds the silent socket, and the
    server resets the connection (its unsent bytes freed) instead of a close that would wait for them."""
    with _running(tmp_path, ping=0.5) as served:
        t = _table(served, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], rounds=1)
        silent = silent_socket(served.port, f"/ws/{t['id']}?token={t['spectator_token']}")
        try:
            deadline = time.monotonic() + 60
            while served.open_sockets():  # the ping unanswered, its handler ended
                assert time.monotonic() < deadline, served.open_sockets()
                time.sleep(0.05)
            silent.settimeout(30)
            with pytest.raises(ConnectionResetError):  # a reset, not a close waiting to be read
                while silent.recv(1 << 16):
                    pass
        finally:
            silent.close()
