"""Issue 29, bounded work per request, through a real ``hanafuda serve``: a body over the limit is
refused before it is read (the server does not grow), and slow-loris clients — headers or a body
dribbled in, or nothing sent at all — are answered 408 and cut while other requests are served."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from hanafuda.web.http_protocol import BODY_SECONDS, HEADER_SECONDS, MAX_HEADERS
from hanafuda.web.security import MAX_REQUEST_BODY

from .server import Server

SLOW = 300


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("slow")
    s = Server(f"sqlite:///{tmp / 'web.db'}", tmp / "server.log", 0.0, "--bot-only-rate", "0",
               "--tables-per-minute", "1000", "--public-url", "https://hanafuda.example.org").start()
    yield s
    s.stop()


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def raw(port: int, head: bytes) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(head)
    return s


def answer(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    out = b""
    with contextlib.suppress(OSError):
        while chunk := s.recv(65536):
            out += chunk
    return out


def test_an_oversize_body_is_refused_before_it_is_read(server: Server) -> None:
    assert server.proc is not None
    before = rss_kb(server.proc.pid)
    for path in ("/api/tables", "/api/social/names", "/api/replay", "/api/social/logout", "/nowhere"):
        s = raw(server.port, (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
                              f"content-length: 200000000\r\n\r\n").encode())
        sent = 0
        with contextlib.suppress(OSError):  # the server closes while the body is still coming
            for _ in range(800):  # up to 200 MB
                s.sendall(b"x" * 262_144)
                sent += 262_144
        got = answer(s)
        s.close()
        assert got.startswith(b"HTTP/1.1 413"), (path, got[:200])
        assert f"{MAX_REQUEST_BODY:,} bytes".encode() in got, (path, got[:200])
        assert b"content-security-policy" in got.lower() and b"connection: close" in got.lower()
        assert sent < 100_000_000, (path, sent)  # cut long before the whole body went
    chunked = raw(server.port, b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n")
    with contextlib.suppress(OSError):
        for _ in range(40):
            chunked.sendall(b"10000\r\n" + b" " * 65536 + b"\r\n")
    got = answer(chunked)
    assert got.startswith(b"HTTP/1.1 413"), got[:200]
    assert rss_kb(server.proc.pid) - before < 30_000  # not one body held (each was 200 MB)
    assert httpx.get(server.url + "/api/tables").json()["tables"] == []  # nothing stored


def test_oversize_headers_are_answered_431(server: Server) -> None:
    pad = b"".join(b"x-pad-%d: %s\r\n" % (i, b"y" * 1000) for i in range(MAX_HEADERS // 1000 + 2))
    s = raw(server.port, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n" + pad + b"\r\n")
    assert answer(s).startswith(b"HTTP/1.1 431")


def test_slow_clients_are_cut_while_others_are_served(server: Server) -> None:
    """300 slow-loris connections (a header line now and then, never the end of the headers; or
    nothing at all), and 20 whose body dribbles in: each gets 408 and is closed after its deadline,
    while ordinary requests are answered all along."""
    started = time.monotonic()
    slow = []
    for i in range(SLOW):
        s = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        if i % 3:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(s)
    body = [raw(server.port, b"POST /api/social/names HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"content-type: application/json\r\ncontent-length: 100\r\n\r\n{") for _ in range(20)]
    served, worst = 0, 0.0
    last_line = time.monotonic()
    while time.monotonic() - started < HEADER_SECONDS + 5:
        if time.monotonic() - last_line > 2:  # the slow-loris trickle: one more header line
            for i, s in enumerate(slow):
                if i % 3:
                    with contextlib.suppress(OSError):
                        s.sendall(b"x-more: 1\r\n")
            last_line = time.monotonic()
        t0 = time.monotonic()
        assert httpx.get(server.url + "/api/games", timeout=10).status_code == 200
        worst = max(worst, time.monotonic() - t0)
        served += 1
        time.sleep(0.2)
    cut = 0
    for s in slow:
        s.settimeout(5)
        got = answer(s)
        s.close()
        cut += got.startswith(b"HTTP/1.1 408") and b"headers" in got
    assert cut == SLOW, (cut, SLOW)
    assert served > 10 and worst < 5.0, (served, worst)
    while time.monotonic() - started < BODY_SECONDS + 3:
        assert httpx.get(server.url + "/api/games", timeout=10).status_code == 200
        time.sleep(0.5)
    for s in body:
        s.settimeout(5)
        got = answer(s)
        s.close()
        assert got.startswith(b"HTTP/1.1 408") and b"body" in got, got[:200]
    assert httpx.get(server.url + "/api/tables").json()["tables"] == []  # nothing stored
