"""A rolling restart under live tables: two ``hanafuda serve`` processes on one PostgreSQL, people
playing at ``--tables`` tables through both, then each server in turn gets SIGTERM and is started
again (issue 29, "Rolling restarts"; docs/deploy.md).

Each seat is played by a client that behaves as the table page does (``static/table-socket.js``):
it follows whole states and patches, and when its socket closes it reconnects with the same seat
token and secret — through the other server when it opened a server directly (``--direct``), or
through the same address (a proxy in front of both) — and sends again a message the restarting
server refused (``restarting``, its ``again``).  It checks what matters:

- **moves lost**: every log a client was shown (its acknowledged moves) must be the beginning of
  every later log it is shown, and of the table's stored record at the end;
- **back within**: for every socket closed by a restart, the seconds from the close to the first
  whole state on its new socket.

    python benchmarks/rolling_restart.py --db postgresql+psycopg://…/empty_db --tables 100

Prints numbers; exits 1 if a move was lost or a socket did not come back.  The load client runs in
this process (its own CPU is printed); the servers are its children, each in a process group.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from hanafuda.web.messages import apply_patch

RESTART = 1012
"""The close code of a server handing its tables over (``hanafuda.web.rolling``)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServeProcess:
    """One ``hanafuda serve`` on loopback (its own process group), started and stopped by PID."""

    def __init__(self, db: str, log: Path, *extra: str, port: int = 0, env: dict[str, str] | None = None
                 ) -> None:
        self.db, self.log, self.extra, self.env = db, log, list(extra), env or {}
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 180) -> ServeProcess:
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from hanafuda.cli import app; app()", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--db", self.db, *self.extra],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/readyz", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.kill()
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")

    def terminate(self, timeout: float = 30) -> int:
        """SIGTERM (what systemd sends on ``systemctl restart``) and wait; the exit status."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.terminate(30)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass
class Route:
    """How a client reaches the servers: base URLs tried in turn, TLS, a source address."""

    bases: list[str]
    """``ws://host:port`` or ``wss://host:port`` of each server (or of the one proxy)."""
    ssl: ssl.SSLContext | None = None
    source: str | None = None
    """The client's own address (``127.0.0.2``): the servers see distinct clients."""
    server_hostname: str | None = None

    async def open(self, path: str, first: int) -> tuple[ClientConnection, int]:
        """A socket to ``path`` on the first base that takes it, starting at ``first``."""
        kwargs: dict[str, Any] = {"max_size": None, "open_timeout": 30}
        if self.ssl is not None:
            kwargs["ssl"] = self.ssl
            if self.server_hostname:
                kwargs["server_hostname"] = self.server_hostname
        if self.source:
            kwargs["local_addr"] = (self.source, 0)
        for attempt in range(400):
            index = (first + attempt) % len(self.bases)
            try:
                return await connect(self.bases[index] + path, **kwargs), index
            except (OSError, InvalidStatus, TimeoutError):
                await asyncio.sleep(0.05 if attempt < len(self.bases) else 0.25)
        raise RuntimeError(f"no server took {path.split('?')[0]}")


@dataclass
class SeatClient:
    """One person at one seat, as the table page plays (see the module docstring)."""

    route: Route
    table: str
    token: str
    home: int
    """The base this seat opens first."""
    think: float
    rng: random.Random
    deals: bool
    log: list[tuple[int, int | None, str]] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    back: list[float] = field(default_factory=list)
    """Seconds from each close to the first whole state on the new socket."""
    closes: list[int | None] = field(default_factory=list)
    refused_again: int = 0
    errors: list[str] = field(default_factory=list)
    finished: bool = False
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    secret: str | None = None
    server: int = 0
    """The base this seat's socket is open on now."""

    def _shown(self, state: dict[str, Any]) -> None:
        log = [(int(e["seq"]), e["seat"], str(e["text"])) for e in state["log"]]
        start = int(state.get("log_from") or 0)
        mine = [e for e in self.log if e[0] > start]
        if log[:len(mine)] != mine:
            self.lost.append(f"table {self.table}: was shown {mine[-3:]}, now {log[:len(mine)][-3:]}")
        self.log = [e for e in self.log if e[0] <= start] + log

    async def run(self) -> None:
        closed_at: float | None = None
        first = self.home
        while not self.finished and not self.stop.is_set():
            path = f"/ws/{self.table}?token={self.token}" + (f"&secret={self.secret}" if self.secret else "")
            ws, self.server = await self.route.open(path, first)
            again: list[dict[str, Any]] = []
            held: dict[str, Any] | None = None
            wait_for = -1
            try:
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "claimed":
                        self.secret = str(msg["secret"])
                        continue
                    if msg["type"] == "error":
                        if msg.get("code") == "restarting" and isinstance(msg.get("again"), dict):
                            again.append(msg["again"])
                            self.refused_again += 1
                        elif msg.get("code") not in ("not-your-turn", "stale", "not-now", "restarting"):
                            self.errors.append(f"{msg.get('code')}: {msg.get('error')}")
                        continue
                    if msg["type"] == "patch":
                        if held is None or held.get("v") != msg["base"]:
                            await ws.send(json.dumps({"type": "state"}))
                            continue
                        state = apply_patch(held, msg)
                    elif msg["type"] == "state":
                        state = msg
                    else:
                        continue
                    whole, held = held is None, state
                    if whole and closed_at is not None:
                        self.back.append(time.monotonic() - closed_at)
                        closed_at = None
                    self._shown(state)
                    view, seq = state["view"], (self.log[-1][0] if self.log else 0)
                    if view["finished"] or view["phase"] == "match-over":
                        self.finished = True
                        return
                    if again:  # what the restarting server refused, sent again here (the page does)
                        for m in again:
                            await ws.send(json.dumps(m))
                        again, wait_for = [], seq + 1
                        continue
                    if seq < wait_for or self.stop.is_set():
                        continue
                    if view["phase"] == "between-rounds" and self.deals:
                        await ws.send(json.dumps({"type": "next-round"}))
                        wait_for = seq + 1
                    elif view["to_move"] == state["you"] and view["legal"]:
                        await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                        await ws.send(json.dumps({"type": "move", "move": self.rng.choice(view["legal"])}))
                        wait_for = seq + 1
            except ConnectionClosed:
                pass
            finally:
                await ws.close()
            code = ws.close_code
            if self.finished or self.stop.is_set():
                return
            if held is not None:  # a socket that served this seat (not a refused attempt) closed
                self.closes.append(code)
                if closed_at is None:
                    closed_at = time.monotonic()
            # a restart: the other server first; anything else: the same one again after a pause
            first = (self.server + 1) % len(self.route.bases)
            if code not in (RESTART, 1001):
                await asyncio.sleep(0.5)


async def new_tables(http: httpx.AsyncClient, count: int, rounds: int) -> list[dict[str, Any]]:
    made = []
    for _ in range(count):
        r = await http.post("/api/tables", json={"game": "mushi", "players": 2, "options": {"rounds": rounds},
                                                 "seats": [{"kind": "human"}, {"kind": "human"}]})
        r.raise_for_status()
        made.append(r.json())
    return made


def seat_clients(tables: list[dict[str, Any]], routes: Callable[[int], Route], think: float,
                 seed: int) -> list[SeatClient]:
    """Two clients a table; seat ``n`` of the ``i``-th table opens base ``(i + n) % bases`` first,
    so every server holds seats of every kind."""
    rng = random.Random(seed)
    out = []
    for i, t in enumerate(tables):
        for n in (0, 1):
            route = routes(n)
            out.append(SeatClient(route, t["id"], t["seats"][n]["token"], (i + n) % len(route.bases), think,
                                  random.Random(rng.random()), deals=n == 0))
    return out


def stored_moves(http_base: str, table: str, verify: Any = True) -> list[str]:
    """The moves of ``table``'s stored record, through the API (waiting out its rate limit)."""
    for _ in range(60):
        r = httpx.get(f"{http_base}/api/tables/{table}/record", timeout=60, verify=verify)
        if r.status_code != 429:
            r.raise_for_status()
            return [m for rnd in r.json()["rounds"] for m in rnd["moves"]]
        time.sleep(float(r.headers.get("Retry-After") or 1))
    raise RuntimeError(f"the record of {table} stayed rate-limited")


def database_moves(db: str) -> dict[str, list[str]]:
    """Every table's stored moves, read from the database (deals between rounds left out)."""
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            out: dict[str, list[str]] = {}
            for table, move in conn.execute(text(
                    "SELECT table_id, text FROM table_events WHERE kind = 'move' ORDER BY table_id, seq")):
                out.setdefault(str(table), []).append(str(move))
            return out
    finally:
        engine.dispose()


def check_against_record(clients: list[SeatClient], http_base: str = "", verify: Any = True,
                         db: str = "") -> list[str]:
    """Every client's last log (its acknowledged moves) against the table's stored record (from
    the API at ``http_base``, or the database ``db``): a move shown to a client and missing from
    the record is lost."""
    problems = []
    stored = database_moves(db) if db else {}
    for c in clients:
        if c.table not in stored:
            stored[c.table] = stored_moves(http_base, c.table, verify) if not db else []
        shown = [text for _, _, text in c.log if text != "next-round"]
        if stored[c.table][:len(shown)] != shown:
            problems.append(f"table {c.table}: shown {len(shown)} moves, the record differs")
    return problems


@dataclass
class Outcome:
    clients: list[SeatClient]
    restarts: list[tuple[str, float, int]]
    """(server, seconds from SIGTERM to exit, exit status)."""
    live: list[int] = field(default_factory=list)
    """Sockets each SIGTERM closed (that were open on the server then)."""
    moves_before: int = 0
    moves_after: int = 0

    @property
    def lost(self) -> list[str]:
        return [p for c in self.clients for p in c.lost]

    @property
    def back(self) -> list[float]:
        return [s for c in self.clients for s in c.back]


async def wait_for(check: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.1)


async def rolling_restart(servers: list[ServeProcess], clients: list[SeatClient], *,
                          moves_between: int, finish: bool, seconds_after: float = 0.0) -> Outcome:
    """Play, then SIGTERM each server in turn (and start it again once its clients are back);
    then play on until every match is over (``finish``) or ``seconds_after`` have passed."""
    tasks = [asyncio.ensure_future(c.run()) for c in clients]
    outcome = Outcome(clients, [])

    def moves() -> int:
        return sum(len(c.log) for c in clients) // 2

    def failed() -> bool:
        """False, or the first client's failure raised."""
        for t in tasks:
            if t.done() and not t.cancelled() and t.exception() is not None:
                raise t.exception()  # type: ignore[misc]
        return False

    def progress(target: int) -> Callable[[], bool]:
        return lambda: failed() or moves() >= target or all(c.finished for c in clients)

    def all_back(on_it: list[SeatClient], closes: dict[int, int]) -> Callable[[], bool]:
        """Every socket that was open on the restarted server closed and had a whole state again
        (through a proxy, where which server a socket is on is not known: every one that closed)."""
        def check() -> bool:
            failed()
            if on_it and len(on_it[0].route.bases) == 1:
                return all(len(c.back) >= len(c.closes) for c in on_it)
            return all(c.finished or (len(c.closes) > closes[id(c)] and len(c.back) >= len(c.closes))
                       for c in on_it)
        return check

    try:
        for srv in servers:
            await wait_for(progress(moves() + moves_between), 600, "play did not go on")
            # through a proxy (one base) any client may be on ``srv``: all of them are watched
            on_it = [c for c in clients if not c.finished and (
                len(c.route.bases) == 1 or c.route.bases[c.server].endswith(f":{srv.port}"))]
            closes = {id(c): len(c.closes) for c in on_it}
            sent = time.monotonic()
            status = await asyncio.to_thread(srv.terminate, 60)
            outcome.restarts.append((srv.url, time.monotonic() - sent, status))
            if any(len(c.route.bases) == 1 for c in on_it):  # a proxy: let the closes arrive first
                await asyncio.sleep(1.0)
            await wait_for(all_back(on_it, closes), 60, "a socket did not come back")
            outcome.live.append(sum(len(c.closes) - closes[id(c)] for c in on_it))
            await asyncio.to_thread(srv.start)
        outcome.moves_before = moves()
        if finish:
            await wait_for(lambda: failed() or all(c.finished for c in clients), 900,
                           "a match did not finish")
        else:
            await asyncio.sleep(seconds_after)
        outcome.moves_after = moves()
    finally:
        for c in clients:
            c.stop.set()
        await asyncio.sleep(0.5)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    failed_tasks = [t.exception() for t in tasks if not t.cancelled() and t.exception() is not None]
    if failed_tasks:
        raise failed_tasks[0]  # type: ignore[misc]
    return outcome


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db", required=True, help="an empty PostgreSQL database (postgresql+psycopg://…)")
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--think", type=float, default=1.0, help="seconds a person thinks before a move")
    p.add_argument("--moves-between", type=int, default=200,
                   help="moves played (over all tables) before each SIGTERM")
    p.add_argument("--seconds-after", type=float, default=15.0, help="play after the second restart")
    p.add_argument("--lease-seconds", type=float, default=10.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--logs", default="/tmp", help="where the servers' logs go")
    args = p.parse_args()
    if not 1 <= args.tables <= 500:
        p.error("--tables must be between 1 and 500")
    extra = ("--tables-per-minute", "100000", "--lease-seconds", str(args.lease_seconds),
             "--sockets-per-address", "100000", "--messages-per-second", "100000")
    servers = [ServeProcess(args.db, Path(args.logs) / f"rolling-{name}.log", *extra) for name in "ab"]
    for srv in servers:
        srv.start()
    try:
        route = Route([f"ws://127.0.0.1:{s.port}" for s in servers])

        async def go() -> tuple[Outcome, list[str]]:
            async with httpx.AsyncClient(base_url=servers[0].url, timeout=60) as http:
                tables = await new_tables(http, args.tables, args.rounds)
            clients = seat_clients(tables, lambda n: route, args.think, args.seed)
            outcome = await rolling_restart(servers, clients, moves_between=args.moves_between, finish=False,
                                            seconds_after=args.seconds_after)
            return outcome, await asyncio.to_thread(check_against_record, clients, db=args.db)

        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        started = time.monotonic()
        outcome, record_problems = asyncio.run(go())
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    finally:
        for srv in servers:
            srv.stop()
    closed = [code for c in outcome.clients for code in c.closes]
    print(f"tables {args.tables}, sockets {len(outcome.clients)}, wall {time.monotonic() - started:.1f} s, "
          f"load client CPU {cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime:.1f} s")
    for (url, took, status), live in zip(outcome.restarts, outcome.live, strict=False):
        print(f"SIGTERM {url}: exited {status} after {took:.2f} s; it closed {live} sockets")
    print(f"sockets closed by the restarts: {len(closed)} ({closed.count(RESTART)} with 1012), "
          f"back: {len(outcome.back)}; seconds to a whole state again: median {pct(outcome.back, 0.5):.2f}, "
          f"p99 {pct(outcome.back, 0.99):.2f}, max {max(outcome.back, default=float('nan')):.2f}")
    print(f"moves: {outcome.moves_before} by the second restart's end, {outcome.moves_after} at the end; "
          "messages refused while restarting and sent again: "
          f"{sum(c.refused_again for c in outcome.clients)}")
    errors = [e for c in outcome.clients for e in c.errors]
    print(f"moves lost (shown, then missing): {len(outcome.lost)}; against the stored records: "
          f"{len(record_problems)}; other errors: {len(errors)} {errors[:3]}")
    slow = [s for s in outcome.back if s > 5.0]
    sys.exit(1 if outcome.lost or record_problems or slow or len(outcome.back) < len(closed) else 0)


if __name__ == "__main__":
    main()
