"""End to end behind Caddy (issue 29, "Tested end to end in CI"): the shipped ``deploy/Caddyfile``
with a local CA (``tls internal``) in front of two ``hanafuda serve`` workers on PostgreSQL.

Two people, from two addresses (their sockets bound to 127.0.0.2 and 127.0.0.3), play a match
over HTTPS and WSS through the proxy:

- the per-address limits see them as two addresses (Caddy passes the peer in X-Forwarded-For, the
  workers believe it from 127.0.0.1 only), and a forged X-Forwarded-For changes nothing, through
  the proxy or sent to a worker directly;
- both workers are restarted one after the other mid-match (SIGTERM, as systemd does): every
  socket comes back through the proxy, no move shown is lost, the match finishes;
- ``/metrics`` through the proxy counts every move (the workers share a metrics directory, as
  ``deploy/hanafuda.env.example`` sets);
- ``hanafuda admin backup`` then ``restore`` into a fresh database gives back every row.

Skips only outside CI when ``caddy`` is missing (CI installs it: ``.ci/run``).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, make_url, text

from benchmarks.rolling_restart import (
    RESTART,
    Outcome,
    Route,
    ServeProcess,
    check_against_record,
    rolling_restart,
    seat_clients,
)

from .conftest import need
from .server import free_port

CADDYFILE = Path(__file__).resolve().parents[2] / "deploy" / "Caddyfile"
PEOPLE = ("127.0.0.2", "127.0.0.3")


def caddyfile_for_test(workers: list[int], https_port: int, storage: Path, log: Path) -> str:
    """The shipped Caddyfile for a test: this machine's ports, a local CA instead of a public
    certificate, no redirect port, no admin endpoint, no system trust store touched."""
    shipped = CADDYFILE.read_text()
    body = shipped[shipped.index("hanafuda.example.org {"):]
    body = body.replace("hanafuda.example.org {", f"https://127.0.0.1:{https_port} {{\n\tbind 127.0.0.1\n"
                        "\ttls internal", 1)
    body = body.replace("127.0.0.1:8001 127.0.0.1:8002", " ".join(f"127.0.0.1:{p}" for p in workers))
    body = body.replace("/var/log/caddy/hanafuda.log", str(log))
    assert all(f"127.0.0.1:{p}" in body for p in workers) and "tls internal" in body
    return ("{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n"
            f"\thttp_port {free_port()}\n\thttps_port {https_port}\n\tstorage file_system {storage}\n}}\n\n"
            + body)


class Caddy:
    def __init__(self, tmp: Path, workers: list[int]) -> None:
        self.port = free_port()
        self.storage = tmp / "caddy-data"
        self.config = tmp / "Caddyfile"
        self.config.write_text(caddyfile_for_test(workers, self.port, self.storage, tmp / "caddy-access.log"))
        self.log = tmp / "caddy.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def root(self) -> Path:
        return self.storage / "pki" / "authorities" / "local" / "root.crt"

    def start(self) -> None:
        caddy = shutil.which("caddy")
        assert caddy is not None
        self.proc = subprocess.Popen([caddy, "run", "--adapter", "caddyfile", "--config", str(self.config)],
                                     stdout=self.log.open("wb"), stderr=subprocess.STDOUT,
                                     env={**os.environ, "HOME": str(self.config.parent),
                                          "XDG_DATA_HOME": str(self.storage),
                                          "XDG_CONFIG_HOME": str(self.storage)})
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, self.log.read_text()[-3000:]
            if self.root.exists():
                try:
                    if httpx.get(f"https://127.0.0.1:{self.port}/readyz", verify=self.tls(), timeout=5
                                 ).status_code == 200:
                        return
                except (httpx.HTTPError, ssl.SSLError):
                    pass
            assert time.monotonic() < deadline, self.log.read_text()[-3000:]
            time.sleep(0.2)

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.root))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def person(caddy: Caddy, source: str) -> httpx.Client:
    """An HTTPS client of the proxy whose connections come from ``source``."""
    return httpx.Client(base_url=f"https://127.0.0.1:{caddy.port}", timeout=60,
                        transport=httpx.HTTPTransport(local_address=source, verify=caddy.tls()))


def moves_counted(metrics: str) -> float:
    found = re.search(r'^hanafuda_moves_total\{source="person"\} ([0-9.e+]+)$', metrics, re.M)
    return float(found.group(1)) if found else 0.0


@pytest.fixture
def restore_url(pg_url: str) -> Iterator[str]:
    """A fresh, empty database beside the test one (dropped afterwards)."""
    url = make_url(pg_url)
    name = f"{url.database}_restore"
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            db.execute(text(f'CREATE DATABASE "{name}"'))
        yield url.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


def fingerprint(url: str) -> dict[str, tuple[int, str]]:
    """Every table's row count and a digest of its rows (the schema's version table aside)."""
    engine = create_engine(url)
    try:
        with engine.connect() as db:
            names = db.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                                    "ORDER BY tablename")).scalars().all()
            out = {}
            for name in names:
                out[name] = tuple(db.execute(text(
                    f'SELECT count(*), coalesce(md5(string_agg(t::text, \'|\' ORDER BY t::text)), \'\') '
                    f'FROM "{name}" t')).one())
            return out  # type: ignore[return-value]
    finally:
        engine.dispose()


def admin(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from hanafuda.cli import app; app()", "admin", *args],
                          capture_output=True, text=True, timeout=300)


def test_two_people_through_caddy_over_https(pg_url: str, restore_url: str, tmp_path: Path) -> None:
    need(shutil.which("caddy") is not None, "caddy is not installed (apt-get install caddy)")
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    extra = ("--bot-pause", "0", "--lease-seconds", "3", "--forwarded-allow-ips", "127.0.0.1",
             "--tables-per-minute", "1", "--log-format", "json")
    workers = [ServeProcess(pg_url, tmp_path / f"worker-{n}.log", *extra,
                            env={"PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)}) for n in "ab"]
    caddy = Caddy(tmp_path, [w.port for w in workers])
    try:
        for w in workers:
            w.start()
        caddy.start()
        first, second = (person(caddy, source) for source in PEOPLE)
        with first, second:
            # -- two addresses, not one: each creates its one table a minute ----------------------
            seats = [{"kind": "human"}, {"kind": "human"}]
            made = first.post("/api/tables", json={"game": "mushi", "players": 2, "seats": seats,
                                                   "options": {"rounds": 12}})
            assert made.status_code == 201, made.text
            assert first.post("/api/tables", json={"game": "mushi", "players": 2, "seats": seats}
                              ).status_code == 429
            assert second.post("/api/tables", json={"game": "mushi", "players": 2, "seats": seats}
                               ).status_code == 201
            forged = {"X-Forwarded-For": "198.51.100.7"}  # Caddy replaces it: still the same address
            assert second.post("/api/tables", headers=forged, json={
                "game": "mushi", "players": 2, "seats": seats}).status_code == 429
            with httpx.Client(transport=httpx.HTTPTransport(local_address=PEOPLE[1])) as direct:
                for w in workers:  # a worker believes no one but the proxy's 127.0.0.1
                    r = direct.post(f"http://127.0.0.1:{w.port}/api/tables", headers=forged, timeout=60,
                                    json={"game": "mushi", "players": 2, "seats": seats})
                    assert r.status_code == 429, r.text
            table = made.json()
            before = moves_counted(first.get("/metrics").text)

            # -- the match, both workers restarted mid-way, over WSS through the proxy -------------
            def route(seat: int) -> Route:
                return Route([f"wss://127.0.0.1:{caddy.port}"], ssl=caddy.tls(), source=PEOPLE[seat])

            async def play() -> tuple[Outcome, list[str]]:
                clients = seat_clients([table], route, think=0.1, seed=3)
                outcome = await rolling_restart(workers, clients, moves_between=10, finish=True)
                problems = await asyncio.to_thread(check_against_record, clients, f"https://127.0.0.1:{caddy.port}",
                                                   caddy.tls())
                return outcome, problems

            outcome, problems = asyncio.run(play())
            closes = [code for c in outcome.clients for code in c.closes]
            # every socket was on one of the two workers when it was restarted: each closed with 1012
            assert all(c.closes for c in outcome.clients) and set(closes) == {RESTART}, closes
            assert len(outcome.back) == len(closes) and max(outcome.back) < 5.0, outcome.back
            assert outcome.moves_after > outcome.moves_before  # the match went on after both restarts
            assert outcome.lost == [] and problems == []
            assert all(c.finished for c in outcome.clients)
            assert [e for c in outcome.clients for e in c.errors] == []
            stored = first.get(f"/api/tables/{table['id']}/record").json()
            played = sum(len(r["moves"]) for r in stored["rounds"])
            assert played >= 8

            # -- /metrics through the proxy counts every move, whichever worker answers -----------
            for _ in range(2):
                assert moves_counted(first.get("/metrics").text) - before == played
    finally:
        caddy.stop()
        for w in workers:
            w.stop()

    # -- backup, then restore into a fresh database: every row comes back ----------------------
    dump = tmp_path / "hanafuda.dump"
    done = admin("backup", str(dump), "--db", pg_url)
    assert done.returncode == 0, done.stdout + done.stderr
    done = admin("restore", str(dump), "--db", restore_url)
    assert done.returncode == 0, done.stdout + done.stderr
    original, restored = fingerprint(pg_url), fingerprint(restore_url)
    assert original == restored
    assert original["tables"][0] == 2 and original["table_events"][0] >= 8
