"""A real ``hanafuda serve`` in a subprocess, for restart and browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db_url: str, log: Path, bot_pause: float = 0.0, *extra: str) -> None:
        self.db_url, self.log, self.bot_pause = db_url, log, bot_pause
        self.extra = list(extra) or ["--bot-only-rate", "0", "--tables-per-minute", "1000",
                                     "--lease-seconds", "3"]
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from hanafuda.cli import app; app()", "serve", "--port", str(self.port),
             "--db", self.db_url, "--bot-pause", str(self.bot_pause), *self.extra],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 120  # generous: a loaded machine starts Python slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")

    def finished_bots_table(self, game: str, seed: int) -> dict[str, Any]:
        """A one-round match of two greedy bots at this server, once it is finished: the created
        table (its id, seats and links)."""
        done: dict[str, Any] = httpx.post(self.url + "/api/tables", json={
            "game": game, "players": 2, "seed": seed, "options": {"rounds": 1},
            "seats": [{"kind": "bot", "bot": "greedy"}] * 2}).json()
        deadline = time.monotonic() + 120
        while httpx.get(f"{self.url}/api/tables/{done['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' match did not finish"
            time.sleep(0.3)
        return done

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def empty_database(url: str) -> None:
    """Drop every table of a test PostgreSQL database, so the migrations run from scratch (whatever
    migrations later add: the social tables, ...)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            names = conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
            quoted = ", ".join(f'"{name}"' for name in names.scalars())
            if quoted:
                conn.execute(text(f"DROP TABLE IF EXISTS {quoted} CASCADE"))
    finally:
        engine.dispose()


def silent_socket(port: int, path: str) -> socket.socket:
    """A websocket that completes its handshake and then never reads a byte."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return s
