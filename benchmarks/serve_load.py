"""Load on a real ``hanafuda serve``: N tables of a mix, move round trips, stored moves/s, CPU, RSS,
and the bytes a seat receives per move and a late spectator's first state.

Starts one server on loopback (127.0.0.1 only, a free port, its own database), creates the tables
through the API, then plays every human seat with a websocket client that thinks ``--think``
seconds before each move (a person's pace; the server's flood limit is 10 messages a second).
Each think time is drawn at random around ``--think`` (uniform over ``think × (1 ± spread)``,
``--think-spread``, seeded by ``--seed``): people do not all answer in the same second.  With
``--think-spread 0`` every client waits exactly ``--think`` and, since all tables start together,
they stay in lock-step — every player moves within the same fraction of a second, a burst of
``--tables`` moves at once (the worst case, not a crowd of people).
A move's round trip is from sending it to receiving the state that contains it.  Bounded: at most
``--tables`` tables (≤ 1,000), ``--moves`` moves per human seat, ``--seconds`` seconds of play.
Prints numbers; it asserts nothing.

    python benchmarks/serve_load.py --tables 100 --mix human-greedy --seconds 30
    python benchmarks/serve_load.py --tables 20 --mix human-greedy,human-strong --seconds 30
    python benchmarks/serve_load.py --db postgresql+psycopg://…  (an empty test database)
    python benchmarks/serve_load.py --db postgresql+psycopg://… --workers 2 --mix bots
    python benchmarks/serve_load.py --db postgresql+psycopg://… --workers 2 --proxy pair --tables 500

``--proxy caddy`` runs the load through Caddy (``/usr/bin/caddy``, the shipped ``deploy/Caddyfile``
with this machine's ports; plain HTTP, or ``tls internal`` with ``--proxy-tls``) in front of
``--workers`` separate ``hanafuda serve`` processes on PostgreSQL, one port each, as ``deploy/``
runs them (Caddy at the ``Nice=`` of ``deploy/systemd/caddy.service.d/hanafuda.conf`` unless
``--caddy-nice`` says otherwise); ``--proxy direct`` runs the same processes with the clients
spread over their ports themselves; ``--proxy pair`` runs both back to back, each on a fresh
database made beside ``--db`` (and dropped after), and prints the p99 round trip of each and
their ratio (issue 29: through the proxy within 1.5× of without).  The servers and Caddy run in
process groups of their own, apart from this load client, whose own CPU is reported beside theirs.

Mixes: ``human-greedy``, ``human-strong``, ``human-human``, ``four`` (four people at Hana-Awase),
``bots`` (greedy against random, a spectator watching); a comma-separated list spreads the tables
over them in turn.  The client runs on the same machine and takes CPU from the server: the numbers
are a floor.  Bytes are the uncompressed JSON (the wire carries them deflated); "bytes to a seat
per move" is what a seat's socket received over the stored events it saw during play, and a
spectator opening the first table of each mix after play gives the late spectator's number.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, make_url, text
from websockets.asyncio.client import ClientConnection, connect

try:  # the table protocol's patches (issue 28); a server before it sends whole states only
    from hanafuda.web.messages import apply_patch
except ImportError:  # pragma: no cover - measuring an older checkout
    apply_patch = None

SEATS = {
    "human-greedy": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    "four": [{"kind": "human"}] * 4,
    "human-strong": [{"kind": "human"}, {"kind": "bot", "bot": "strong"}],
    "human-human": [{"kind": "human"}, {"kind": "human"}],
    "bots": [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
}
GAME = {"four": "hana-awase"}
"""A mix's own game (four people need a game for four); the others play ``--game``."""


@dataclass
class Stats:
    rtt: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0
    moves: int = 0
    cpu_start: float = 0.0
    """Server CPU seconds (with its bot processes) before the tables are created..."""
    cpu_play: float = 0.0
    """...and once they are: play starts."""
    started: float = 0.0
    play_started: float = 0.0
    events_play: int = 0
    created: float = 0.0
    cpu_created: float = 0.0
    sockets: int = 0
    profiler: subprocess.Popen[bytes] | None = None
    received: dict[str, list[int]] = field(default_factory=dict)
    """Per mix: bytes (uncompressed JSON) received by its seats' sockets during play, messages, and
    the stored events they saw (the growth of the public log each holds)."""
    patches: int = 0
    """Patches received (a server with the table protocol of issue 28 sends them)."""
    late: dict[str, int] = field(default_factory=dict)
    """Per mix: bytes of the first state a spectator opening one of its tables after play gets."""
    client_play: float = 0.0
    """The load client's own CPU seconds when play starts, and when it ends..."""
    client_end: float = 0.0
    proxy_play: float = 0.0
    """...and Caddy's (with ``--proxy caddy``)."""
    proxy_end: float = 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (the bot pool's processes), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def cpu_seconds(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return total


def rss_mb(pids: list[int]) -> float:
    total = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def stored_events(db: str) -> int:
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("select count(*) from table_events")).scalar() or 0)
    finally:
        engine.dispose()


@dataclass
class Phase:
    """Every socket joins first (``joined``); the timed play starts for all at once (``go``)."""

    go: asyncio.Event = field(default_factory=asyncio.Event)
    joined: int = 0
    until: float = 0.0


async def first_state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout=120))
        if msg["type"] == "state":
            return msg


class Page:
    """What a table page holds: the state, kept by whole states and patches (the table protocol);
    a patch that does not follow (a gap) asks for the whole state, as the page does."""

    def __init__(self, first: dict[str, Any], stats: Stats) -> None:
        self.state, self.stats = first, stats
        self.seq = self.last_seq(first)

    @staticmethod
    def last_seq(msg: dict[str, Any]) -> int:
        log = msg["log"]
        return int(log[-1]["seq"] if log else msg.get("log_from") or 0)

    async def take(self, ws: ClientConnection, msg: dict[str, Any]) -> dict[str, Any] | None:
        """The state after ``msg``, or ``None`` when ``msg`` is no state (or a gap)."""
        if msg["type"] == "patch" and apply_patch is not None:
            if msg["base"] != self.state.get("v"):
                await ws.send(json.dumps({"type": "state"}))
                return None
            self.state = apply_patch(self.state, msg)
            self.stats.patches += 1
        elif msg["type"] == "state":
            self.state = msg
        else:
            return None
        self.seq = self.last_seq(self.state)
        return self.state


@dataclass(frozen=True)
class Pace:
    """How long a person thinks before a move: uniform over ``think × (1 ± spread)``."""

    think: float
    spread: float
    rng: random.Random

    def pause(self) -> float:
        return self.think * self.rng.uniform(1 - self.spread, 1 + self.spread)


async def play_seat(url: str, mix: str, stats: Stats, phase: Phase, moves: int, pace: Pace,
                    deals: bool, tls: ssl.SSLContext | None = None) -> None:
    """One person: move (first legal) when it is this seat's turn; time each move's round trip;
    count the bytes this socket receives during play."""
    done = 0
    got = stats.received.setdefault(mix, [0, 0, 0])
    async with connect(url, max_size=None, open_timeout=120, ssl=tls) as ws:
        page = Page(await first_state(ws), stats)
        msg: dict[str, Any] | None = page.state
        phase.joined += 1
        await phase.go.wait()
        start = page.seq
        pending: tuple[int, float] | None = None
        try:
            while time.monotonic() < phase.until and done < moves:
                if msg is None:
                    try:
                        left = max(1.0, phase.until - time.monotonic())
                        raw = await asyncio.wait_for(ws.recv(), timeout=left)
                    except TimeoutError:
                        return
                    got[0] += len(raw)
                    got[1] += 1
                    msg = json.loads(raw)
                assert msg is not None
                if msg["type"] == "error":
                    stats.errors += 1
                    pending, msg = None, None
                    continue
                state = await page.take(ws, msg)
                msg = None
                if state is None:
                    continue
                seq = page.seq
                if pending is not None and seq >= pending[0]:
                    stats.rtt.setdefault(mix, []).append(time.monotonic() - pending[1])
                    stats.moves += 1
                    done += 1
                    pending = None
                view, you = state["view"], state["you"]
                if view["finished"]:
                    return
                if pending is not None:
                    continue
                if view["phase"] == "between-rounds" and deals:
                    await asyncio.sleep(pace.pause())
                    await ws.send(json.dumps({"type": "next-round"}))
                    pending = (seq + 1, time.monotonic())
                elif view["to_move"] == you and view["legal"]:
                    await asyncio.sleep(pace.pause())
                    await ws.send(json.dumps({"type": "move", "move": view["legal"][0]}))
                    pending = (seq + 1, time.monotonic())
        finally:
            got[2] += page.seq - start


async def late_spectator(url: str, tls: ssl.SSLContext | None = None) -> int:
    """Bytes of the whole state a spectator gets on opening a table late in its match."""
    async with connect(url, max_size=None, open_timeout=120, ssl=tls) as ws:
        while True:
            raw = await asyncio.wait_for(ws.recv(), timeout=120)
            if json.loads(raw)["type"] == "state":
                return len(raw)


async def watch(url: str, phase: Phase, stats: Stats, tls: ssl.SSLContext | None = None) -> None:
    async with connect(url, max_size=None, open_timeout=120, ssl=tls) as ws:
        page = Page(await first_state(ws), stats)
        phase.joined += 1
        await phase.go.wait()
        while time.monotonic() < phase.until:
            try:
                left = max(1.0, phase.until - time.monotonic())
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
            except TimeoutError:
                return
            state = await page.take(ws, msg)
            if state is not None and state["view"]["finished"]:
                return


@dataclass
class Target:
    """Where the clients go: the servers' HTTP and websocket bases (table ``i`` uses base
    ``i % len``: one proxy, or each worker's own port in turn) and the TLS of a proxy's local CA."""

    http: list[str]
    ws: list[str]
    tls: ssl.SSLContext | None = None
    servers: list[int] = field(default_factory=list)
    """The server processes' PIDs (each with its children: workers, bot processes)."""
    proxy: int | None = None
    """Caddy's PID, when the load goes through it."""


def server_cpu(target: Target) -> float:
    return sum(cpu_seconds(proc_tree(pid)) for pid in target.servers)


def client_cpu() -> float:
    """This load client's own CPU seconds (user + system), apart from the servers and Caddy."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


async def run_clients(target: Target, mixes: list[str], args: argparse.Namespace, stats: Stats) -> None:
    """Create the tables, open every socket, then play ``--seconds``: the CPU, the stored events
    and the round trips are counted during play only."""
    stats.cpu_start = server_cpu(target)
    stats.started = time.monotonic()
    made = []
    clients = [httpx.AsyncClient(base_url=b, timeout=60, verify=target.tls or True) for b in target.http]
    try:
        for i in range(args.tables):
            mix = mixes[i % len(mixes)]
            r = await clients[i % len(clients)].post(
                "/api/tables", json={"game": GAME.get(mix, args.game), "seats": SEATS[mix],
                                     "players": len(SEATS[mix]), "options": {"rounds": args.rounds}})
            r.raise_for_status()
            made.append((mix, r.json(), target.ws[i % len(target.ws)]))
    finally:
        for c in clients:
            await c.aclose()
    stats.created = time.monotonic()
    stats.cpu_created = server_cpu(target)
    phase = Phase()
    pace = Pace(args.think, args.think_spread, random.Random(args.seed))
    query = "" if args.whole else f"deltas={args.deltas}&"
    jobs = []
    for mix, t, base in made:
        ws = f"{base}/ws/{t['id']}?{query}token="
        humans = [s for s in t["seats"] if s["token"]]
        for n, seat in enumerate(humans):
            jobs.append(play_seat(ws + seat["token"], mix, stats, phase, args.moves, pace, n == 0,
                                  target.tls))
        if not humans:
            jobs.append(watch(ws + t["spectator_token"], phase, stats, target.tls))
    tasks = [asyncio.ensure_future(j) for j in jobs]
    deadline = time.monotonic() + 180
    while phase.joined < len(jobs) and time.monotonic() < deadline and not all(t.done() for t in tasks):
        await asyncio.sleep(0.05)
    stats.sockets = phase.joined
    stats.cpu_play = server_cpu(target)
    stats.client_play = client_cpu()
    stats.proxy_play = cpu_seconds([target.proxy]) if target.proxy else 0.0
    stats.play_started = time.monotonic()
    stats.events_play = stored_events(args.db_url)
    # The client's own garbage collections would stall every socket it times: the objects made
    # so far (tables, sockets) are frozen out of collection, so a pause measured is the server's.
    gc.collect()
    gc.freeze()
    phase.until = time.monotonic() + args.seconds
    if args.profile:  # py-spy on the server during play only (table creation left out)
        stats.profiler = subprocess.Popen(
            ["py-spy", "record", "--pid", str(target.servers[0]), "--format", "raw", "--rate", "200",
             "--nonblocking", "--gil", "--output", args.profile, "--duration", str(int(args.seconds))],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    phase.go.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.client_end = client_cpu()
    stats.proxy_end = cpu_seconds([target.proxy]) if target.proxy else 0.0
    gc.unfreeze()
    for mix in dict.fromkeys(mixes):  # a spectator opening the first table of each mix, late
        mix_, t, base = next(m for m in made if m[0] == mix)
        stats.late[mix] = await late_spectator(f"{base}/ws/{t['id']}?{query}token={t['spectator_token']}",
                                               target.tls)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


SERVE = [sys.executable, "-c", "from hanafuda.cli import app; app()", "serve"]
CADDYFILE = Path(__file__).resolve().parents[1] / "deploy" / "Caddyfile"


def wait_ready(url: str, proc: subprocess.Popen[bytes], log: Path, tls: ssl.SSLContext | None = None,
               path: str = "/api/games") -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            if httpx.get(url + path, timeout=5, verify=tls or True).status_code == 200:
                return
        except (httpx.HTTPError, ssl.SSLError):
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            raise SystemExit(f"{url} did not start; see {log}")
        time.sleep(0.3)


def serve_flags(args: argparse.Namespace, db: str, port: int) -> list[str]:
    # a server before issue 29 has no socket cap per address (nor the flag): measured as it is
    caps = subprocess.run([*SERVE, "--help"], capture_output=True, text=True, check=False).stdout
    cap = ["--sockets-per-address", "100000"] if "--sockets-per-address" in caps else []
    proxied = ["--forwarded-allow-ips", "127.0.0.1"] if "--forwarded-allow-ips" in caps else []
    return ["--host", "127.0.0.1", "--port", str(port), "--db", db,
            "--bot-pause", "0", "--bot-only-rate", "0",
            "--tables-per-minute", "100000", "--messages-per-second", "1000000",
            "--max-bot-tables", str(args.tables + 10), "--max-spectators", "1000", *cap, *proxied]


CADDY_DROP_IN = CADDYFILE.parent / "systemd" / "caddy.service.d" / "hanafuda.conf"


def shipped_caddy_nice() -> int:
    """The ``Nice=`` that ``deploy/`` gives Caddy (its drop-in for ``caddy.service``): the
    benchmark runs Caddy as the deploy folder does."""
    found = re.search(r"^Nice=(-?\d+)\s*$", CADDY_DROP_IN.read_text(), re.M)
    if found is None:
        raise SystemExit(f"{CADDY_DROP_IN} sets no Nice=; update this benchmark")
    return int(found.group(1))


def caddyfile(workers: list[int], port: int, tls: bool, tmp: Path) -> str:
    """The shipped ``deploy/Caddyfile`` for this machine: a loopback site (plain HTTP, or HTTPS with
    Caddy's local CA) in front of ``workers``, no admin endpoint, nothing of the system touched."""
    shipped = CADDYFILE.read_text()
    body = shipped[shipped.index("hanafuda.example.org {"):]
    site = (f"https://127.0.0.1:{port} {{\n\tbind 127.0.0.1\n\ttls internal" if tls
            else f"http://127.0.0.1:{port} {{\n\tbind 127.0.0.1")
    body = body.replace("hanafuda.example.org {", site, 1)
    body = body.replace("127.0.0.1:8001 127.0.0.1:8002", " ".join(f"127.0.0.1:{p}" for p in workers))
    body = body.replace("/var/log/caddy/hanafuda.log", str(tmp / "caddy-access.log"))
    if not all(f"127.0.0.1:{p}" in body for p in workers):
        raise SystemExit(f"{CADDYFILE} no longer proxies 127.0.0.1:8001 127.0.0.1:8002; "
                         "update this benchmark")
    return ("{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n"
            f"\thttp_port {free_port()}\n\thttps_port {port if tls else free_port()}\n"
            f"\tstorage file_system {tmp / 'caddy-data'}\n}}\n\n" + body)


def fresh_database(url: str, leg: str) -> str:
    """A new, empty database beside ``url``'s (dropped first if a run left one)."""
    parsed = make_url(url)
    name = f"{parsed.database}_load_{leg}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            db.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return parsed.set(database=name).render_as_string(hide_password=False)


def drop_database(url: str, fresh: str) -> None:
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{make_url(fresh).database}" WITH (FORCE)'))
    finally:
        admin.dispose()


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def run_leg(args: argparse.Namespace, mixes: list[str], leg: str) -> dict[str, float]:
    """One measured run: ``leg`` is ``serve`` (one ``serve --workers N`` on one port, as before),
    ``direct`` (``--workers`` separate processes, the clients spread over their ports) or ``caddy``
    (the same processes behind Caddy).  Prints its numbers; returns the summary."""
    tmp = Path(tempfile.mkdtemp(prefix="hanafuda-load-"))
    fresh = leg in ("direct", "caddy") and args.proxy == "pair"
    db = fresh_database(args.db, leg) if fresh else args.db or f"sqlite:///{tmp}/load.db"
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[Any] = []

    def spawn(cmd: list[str], name: str) -> subprocess.Popen[bytes]:
        log = open(tmp / name, "wb")  # noqa: SIM115 - open for the process's lifetime
        logs.append(log)
        # its own process group: the load client (this process) is apart from every server
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, process_group=0)
        procs.append(proc)
        return proc

    try:
        if leg == "serve":
            port = free_port()
            workers = str(max(1, min(args.workers, 8)))
            server = spawn([*SERVE, *serve_flags(args, db, port), "--workers", workers], "server.log")
            wait_ready(f"http://127.0.0.1:{port}", server, tmp / "server.log")
            target = Target([f"http://127.0.0.1:{port}"], [f"ws://127.0.0.1:{port}"], servers=[server.pid])
        else:
            ports = [free_port() for _ in range(max(1, min(args.workers, 8)))]
            servers = []
            for n, port in enumerate(ports):  # one after the other: the first runs the migrations
                servers.append(spawn([*SERVE, *serve_flags(args, db, port)], f"worker-{n}.log"))
                wait_ready(f"http://127.0.0.1:{port}", servers[-1], tmp / f"worker-{n}.log")
            target = Target([f"http://127.0.0.1:{p}" for p in ports], [f"ws://127.0.0.1:{p}" for p in ports],
                            servers=[s.pid for s in servers])
            if leg == "caddy":
                port = free_port()
                (tmp / "Caddyfile").write_text(caddyfile(ports, port, args.proxy_tls, tmp))
                env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "caddy-data"),
                       "XDG_CONFIG_HOME": str(tmp / "caddy-data")}
                log = open(tmp / "caddy.log", "wb")  # noqa: SIM115 - open for Caddy's lifetime
                logs.append(log)
                nice = shipped_caddy_nice() if args.caddy_nice is None else args.caddy_nice
                niced = ["nice", "-n", str(nice)] if nice else []
                caddy = subprocess.Popen([*niced, args.caddy, "run", "--adapter", "caddyfile", "--config",
                                          str(tmp / "Caddyfile")], stdout=log, stderr=subprocess.STDOUT,
                                         env=env, process_group=0)
                procs.append(caddy)
                scheme = "https" if args.proxy_tls else "http"
                tls = None
                if args.proxy_tls:
                    root = tmp / "caddy-data" / "pki" / "authorities" / "local" / "root.crt"
                    deadline = time.monotonic() + 60
                    while not root.exists():
                        if time.monotonic() > deadline or caddy.poll() is not None:
                            raise SystemExit(f"Caddy did not start; see {tmp}/caddy.log")
                        time.sleep(0.2)
                    tls = ssl.create_default_context(cafile=str(root))
                wait_ready(f"{scheme}://127.0.0.1:{port}", caddy, tmp / "caddy.log", tls, "/readyz")
                target = Target([f"{scheme}://127.0.0.1:{port}"], [f"{'wss' if tls else 'ws'}://127.0.0.1:{port}"],
                                tls, target.servers, caddy.pid)
        stats = Stats()
        args.db_url = db
        load_before = os.getloadavg()
        asyncio.run(run_clients(target, mixes, args, stats))
        ended = time.monotonic()
        pids = [p for pid in target.servers for p in proc_tree(pid)]
        cpu_end = cpu_seconds(pids)
        rss = rss_mb(pids)
        events = stored_events(db) - stats.events_play
        load_after = os.getloadavg()
        if stats.profiler is not None:
            stats.profiler.wait(args.seconds + 30)
    finally:
        for proc in reversed(procs):  # Caddy first, then the servers
            stop(proc)
        for log in logs:
            log.close()
        if fresh:
            drop_database(args.db, db)
    play = ended - stats.play_started
    create = stats.created - stats.started
    play_cpu = cpu_end - stats.cpu_play
    create_cpu = stats.cpu_created - stats.cpu_start
    join, join_cpu = stats.play_started - stats.created, stats.cpu_play - stats.cpu_created
    client = stats.client_end - stats.client_play
    proxy_cpu = stats.proxy_end - stats.proxy_play
    kind = "PostgreSQL" if db.startswith("postgresql") else "SQLite"
    mode = "patches" if stats.patches else "whole" if args.whole else f"deltas{args.deltas}"
    shape = {"serve": f"{args.workers} server process{'es' if args.workers > 1 else ''}",
             "direct": f"{len(target.servers)} separate server processes, clients spread over their ports",
             "caddy": f"{len(target.servers)} separate server processes behind Caddy "
                      f"({'HTTPS, tls internal' if args.proxy_tls else 'plain HTTP'})"}[leg]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"database: {kind}, {shape}; "
          f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after (1 min)")
    print(f"{args.tables} tables ({args.mix}), {args.game}, think {args.think} s ± {args.think_spread:.0%}, "
          f"messages: {mode}; "
          f"creating the tables took {create:.1f} s and "
          f"{create_cpu:.1f} s of server CPU ({create_cpu / args.tables * 1000:.1f} ms a table); "
          f"opening {stats.sockets} sockets {join:.1f} s and {join_cpu:.1f} s of CPU; play {play:.1f} s")
    print("| mix | moves timed | p50 ms | p95 ms | p99 ms | bytes to a seat per move | per message "
          "| late spectator's first state |")
    print("|---|---|---|---|---|---|---|---|")
    for mix in dict.fromkeys(mixes):  # a mix listed twice (a 2:1 mix) is one row
        v = stats.rtt.get(mix, [])
        b, n, seen = stats.received.get(mix, [0, 0, 0])
        print(f"| {mix} | {len(v)} | {pct(v, 0.5):.1f} | {pct(v, 0.95):.1f} | {pct(v, 0.99):.1f} "
              f"| {b / max(seen, 1):.0f} | {b / max(n, 1):.0f} | {stats.late.get(mix, 0)} |")
    per_event = play_cpu / max(events, 1) * 1000
    print(f"during play: stored events {events} ({events / play:.0f}/s); server CPU {play_cpu:.1f} s "
          f"in {play:.1f} s ({per_event:.2f} ms per stored event); server RSS {rss:.0f} MB "
          f"(with its bot processes); client errors: {stats.errors}")
    print(f"load client (its own process group): CPU {client:.1f} s in {play:.1f} s "
          f"({client / play:.0%} of a core)"
          + (f"; Caddy: CPU {proxy_cpu:.1f} s ({proxy_cpu / play:.0%} of a core)" if target.proxy else "")
          + ("  — the client was near a whole core: these round trips are partly its own"
             if client / play > 0.85 else ""))
    every = [x for v in stats.rtt.values() for x in v]
    result = {"p50_ms": pct(every, 0.5), "p95_ms": pct(every, 0.95), "p99_ms": pct(every, 0.99),
              "moves": float(len(every)), "events_per_s": events / play, "client_busy": client / play,
              "proxy_busy": proxy_cpu / play, "server_busy": play_cpu / play,
              "load1": load_after[0], "errors": float(stats.errors)}
    print(f"RESULT db={kind} workers={args.workers} tables={args.tables} mix={args.mix} think={args.think} "
          f"spread={args.think_spread} "
          f"mode={mode} p50_ms={result['p50_ms']:.1f} "
          f"p95_ms={result['p95_ms']:.1f} p99_ms={result['p99_ms']:.1f} events_per_s={events / play:.0f} "
          f"cpu_ms_per_event={per_event:.2f} cpu_busy={play_cpu / play:.2f} rss_mb={rss:.0f} "
          f"errors={stats.errors} load1={load_before[0]:.2f}/{load_after[0]:.2f}"
          + ("" if leg == "serve" else f" leg={leg} client_busy={client / play:.2f}"
             + (f" caddy_busy={proxy_cpu / play:.2f}" if target.proxy else "")))
    if every:
        print(f"all round trips: mean {statistics.mean(every) * 1000:.1f} ms over {len(every)}")
    return result


TARGET_TABLES = 500
"""Issue 29's target: 500 human tables on 2 workers, p99 through the proxy within 1.5× of without."""


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--mix", default="human-greedy")
    p.add_argument("--game", default="mushi")
    p.add_argument("--rounds", type=int, default=12)
    p.add_argument("--moves", type=int, default=200, help="moves per human seat, at most")
    p.add_argument("--seconds", type=float, default=30.0, help="seconds of play, at most")
    p.add_argument("--think", type=float, default=0.25, help="seconds a person waits before moving")
    p.add_argument("--think-spread", type=float, default=0.5,
                   help="each think time is uniform over think × (1 ± spread); 0: every client waits "
                        "exactly --think, all in lock-step (a burst of --tables moves at once)")
    p.add_argument("--seed", type=int, default=1, help="seed of the think times")
    p.add_argument("--whole", action="store_true",
                   help="(a server before issue 28) whole states with the whole log after every move")
    p.add_argument("--deltas", type=int, choices=(1, 2), default=2,
                   help="(a server before issue 28) delta mode of the sockets: 1 cuts the raw log only, "
                        "2 the log in words too (what its table page asked for); a server with the table "
                        "protocol ignores it and sends patches")
    p.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    p.add_argument("--workers", type=int, default=1,
                   help="server processes sharing the port (hanafuda serve --workers; needs --db "
                        "PostgreSQL); with --proxy: separate server processes, one port each")
    p.add_argument("--proxy", choices=("none", "direct", "caddy", "pair"), default="none",
                   help="none: one hanafuda serve --workers N (as before); direct: --workers separate "
                        "processes, the clients spread over their ports; caddy: the same behind Caddy; "
                        "pair: direct then caddy back to back, each on a fresh database beside --db, and "
                        "the ratio of their p99 round trips (needs --db PostgreSQL)")
    p.add_argument("--pairs", type=int, default=1,
                   help="with --proxy pair: this many pairs, in alternating order (direct then caddy, caddy "
                        "then direct, …), so a load that changes meanwhile favours neither; the median ratio")
    p.add_argument("--proxy-tls", action="store_true",
                   help="Caddy serves HTTPS with its local CA (tls internal) instead of plain HTTP")
    p.add_argument("--caddy", default=shutil.which("caddy") or "/usr/bin/caddy", help="Caddy's program")
    p.add_argument("--caddy-nice", type=int, default=None,
                   help="run Caddy at this nice value (default: the Nice= of deploy/systemd/"
                        "caddy.service.d/hanafuda.conf, as deploy/ runs it; 0: as the servers)")
    p.add_argument("--profile", default="",
                   help="record the server with py-spy during play, samples holding the GIL only (collapsed "
                        "stacks to this file)")
    args = p.parse_args()
    args.tables = max(1, min(args.tables, 1000))
    args.seconds = max(1.0, min(args.seconds, 600.0))
    if not 0 <= args.think_spread < 1:
        raise SystemExit("--think-spread must be at least 0 and below 1")
    mixes = [m.strip() for m in args.mix.split(",")]
    for m in mixes:
        if m not in SEATS:
            raise SystemExit(f"unknown mix {m!r}; mixes: {', '.join(SEATS)}")
    if args.proxy != "none" and not args.db.startswith("postgresql"):
        raise SystemExit("--proxy needs --db postgresql+psycopg://… (several server processes share it)")
    runnable = os.path.isfile(args.caddy) and os.access(args.caddy, os.X_OK)
    if args.proxy in ("caddy", "pair") and not runnable:
        raise SystemExit(f"--proxy {args.proxy} needs Caddy ({args.caddy} not found; apt-get install caddy)")
    if args.proxy == "none":
        run_leg(args, mixes, "serve")
        return
    if args.proxy != "pair":
        run_leg(args, mixes, args.proxy)
        return
    ratios = []
    for n in range(max(1, min(args.pairs, 20))):
        legs = ("direct", "caddy") if n % 2 == 0 else ("caddy", "direct")
        got = {}
        for leg in legs:
            got[leg] = run_leg(args, mixes, leg)
            print()
        direct, proxied = got["direct"], got["caddy"]
        ratio = proxied["p99_ms"] / direct["p99_ms"] if direct["p99_ms"] > 0 else float("nan")
        ratios.append(ratio)
        print(f"PAIR {n + 1} ({' then '.join(legs)}) tables={args.tables} workers={args.workers} "
              f"mix={args.mix} think={args.think} tls={'yes' if args.proxy_tls else 'no'} "
              f"direct_p99_ms={direct['p99_ms']:.1f} "
              f"caddy_p99_ms={proxied['p99_ms']:.1f} ratio={ratio:.2f} (target ≤ 1.5) "
              f"direct_p50_ms={direct['p50_ms']:.1f} caddy_p50_ms={proxied['p50_ms']:.1f} "
              f"caddy_busy={proxied['proxy_busy']:.2f} client_busy={direct['client_busy']:.2f}/"
              f"{proxied['client_busy']:.2f} load1={direct['load1']:.1f}/{proxied['load1']:.1f}")
        print()
    if len(ratios) > 1:
        print(f"PAIRS {len(ratios)}: p99 ratios {', '.join(f'{r:.2f}' for r in ratios)}; "
              f"median {statistics.median(ratios):.2f} (target ≤ 1.5)")
    if args.tables < TARGET_TABLES:
        given = sys.argv[1:]  # the database URL left out (it may hold a password)
        line = " ".join("…" if i and given[i - 1] == "--db" else a for i, a in enumerate(given))
        print(f"(issue 29's target is {TARGET_TABLES} tables on 2 workers: "
              f"python benchmarks/serve_load.py --db … --workers 2 --proxy pair --tables {TARGET_TABLES} "
              f"…; this run: {line})")


if __name__ == "__main__":
    main()
