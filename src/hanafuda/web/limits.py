"""The server's caps and its one rate limiter, set by the ``hanafuda serve`` flags (docs/web.md).

Every cap and every limit answers with a clear error and changes nothing (issue 14, defect 3).
One ``RateLimiter`` (``Limits.limiter()``, held by the hub) counts every action of every client
address in token buckets: new tables (``create``: the API's, the lobby's, quick matches and
rematches alike, one bucket of ``--tables-per-minute``, 10 a minute by default: issue 29), socket
messages (``message``), and the lobby's ``chat`` and ``account`` requests (issue 28: one limiter,
not three).  A signed-in account is counted beside its address (``account_key``): moving between
addresses does not multiply its share (issue 29).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["DEFAULT_LIMITS", "TOO_MANY_SOCKETS", "Limit", "Limits", "RateLimited", "RateLimiter",
           "SocketCount", "account_key", "default_bot_workers", "limits_from_env"]


def default_bot_workers(server_processes: int = 1) -> int:
    """``serve --bot-workers``' default: the cores this server may use less one for each server
    process (the web processes and the database need theirs), shared among the server processes,
    at least 1 (a 2-core machine: 1 bot worker process per server process)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, (cores - server_processes) // max(1, server_processes))


@dataclass(frozen=True)
class Limit:
    burst: int
    every: float
    """Seconds for one token to come back."""


DEFAULT_LIMITS = {
    "create": Limit(burst=10, every=6.0),     # every new table: 10 a minute (``Limits.tables_per_minute``)
    "chat": Limit(burst=8, every=2.0),
    # accounts, names, logins: a household or a LAN party behind one address names a dozen
    # people at once (walk41 finding 2: the 6th was refused), then one every 30 s keeps password
    # guessing slow
    "account": Limit(burst=12, every=30.0),
}
"""The lobby's actions; ``--rate-limits`` (or ``HANAFUDA_RATE_LIMITS``) changes them (``create``
there overrides ``--tables-per-minute``)."""


def account_key(player_id: int) -> str:
    """The key of a signed-in account's buckets, beside its address's (``security.client_key``):
    the same limits, counted per account too (issue 29)."""
    return f"account:{player_id}"


def limits_from_env(text: str | None) -> dict[str, Limit]:
    """``DEFAULT_LIMITS`` with ``text`` applied (``--rate-limits``, else ``HANAFUDA_RATE_LIMITS``):
    comma-separated ``action=burst/every`` (e.g. ``create=30/2,chat=20/1``); a malformed entry is
    an error naming it."""
    limits = dict(DEFAULT_LIMITS)
    for part in (text or "").split(","):
        if not part.strip():
            continue
        action, _, spec = part.strip().partition("=")
        burst, _, every = spec.partition("/")
        try:
            limit = Limit(int(burst), float(every))
        except ValueError:
            raise ValueError(f"HANAFUDA_RATE_LIMITS: {part.strip()!r} is not action=burst/seconds") from None
        if action not in limits or limit.burst < 1 or limit.every <= 0:
            raise ValueError(f"HANAFUDA_RATE_LIMITS: {part.strip()!r}: actions are {', '.join(limits)}, "
                             "burst at least 1, seconds above 0")
        limits[action] = limit
    return limits


@dataclass(frozen=True)
class Limits:
    outbox: int = 64
    """Messages waiting for one socket before it is dropped as too slow."""
    close_seconds: float = 5.0
    """How long a dropped socket has to take its close frame and end the connection before the
    server cuts it (its transport aborted): a client that never reads would otherwise pin its
    kernel send buffer (~2.8 MB) and a descriptor for good (issue 29)."""
    sockets_per_address: int = 40
    """Websockets one client address may hold open at once, over every table
    (``--sockets-per-address``): in this server process on SQLite, over every process of the
    database on PostgreSQL (``SocketCount``); one more is refused with ``TOO_MANY_SOCKETS``."""
    bot_tables: int = 50
    """Running tables with at least one bot seat (``--max-bot-tables``): per server process on
    SQLite, over every process of the database on PostgreSQL.  Counted however the bots got there:
    a table made with bots, a seat handed to a bot afterwards (a resignation, the creator's
    hand-over, a quick match's fill), a rematch (issue 29)."""
    bot_workers: int = field(default_factory=default_bot_workers)
    """Worker processes each server process has for its searching bots' decisions
    (``--bot-workers``; ``bot_pool.BotPool``)."""
    spectators: int = 50
    """Spectator (and creator) sockets per table; the creator (like a player) is never turned away."""
    tables_per_minute: int = 10
    """Tables one client address (and one signed-in account) may create per minute: the one
    ``create`` bucket of ``POST /api/tables``, the lobby's tables, quick matches and rematches."""
    messages_per_second: float = 30.0
    """Messages one client address may send a second over all its sockets (in bursts of three
    seconds' worth), on top of each socket's own limit (``live.RATE``): one address opening many
    spectator sockets cannot multiply its share of the server."""
    idle_seconds: float = 600.0
    """A table nobody watches and no bot plays leaves memory after this long (reloaded on demand)."""
    bot_only_moves_per_second: float = 2.0
    """Pace of a table without people (its spectators follow it); ``--bot-pause`` still applies."""
    replays_per_minute: int = 6
    """Records one client address may upload to ``POST /api/replay`` per minute (each is parsed and
    stepped through the engine: issue 29, bounded work per request)."""
    rates: str = ""
    """The lobby's limits, ``action=burst/seconds,…`` (``limits_from_env``)."""

    def limiter(self) -> RateLimiter:
        """The one rate limiter of these limits (checked: a malformed ``rates`` raises)."""
        per_second = self.messages_per_second
        lobby = limits_from_env(self.rates)
        given = {part.strip().partition("=")[0] for part in self.rates.split(",")}
        create = lobby["create"] if "create" in given else Limit(self.tables_per_minute,
                                                                 60.0 / self.tables_per_minute)
        return RateLimiter({**lobby, "create": create,
                            "message": Limit(max(1, round(3 * per_second)), 1.0 / per_second),
                            "replay": Limit(self.replays_per_minute, 60.0 / self.replays_per_minute)})


class RateLimited(Exception):
    """Too many requests of one kind from one client.  New tables and uploaded replays are
    counted a minute, the unit ``--tables-per-minute`` and the docs use (``err.rate_create``), when
    the bucket is of that form (N in a row, one back every 60/N s); any other limit by its burst and
    pace (``err.rate``)."""

    def __init__(self, action: str, limit: Limit, wait: int | None = None) -> None:
        self.retry_after = max(1, wait if wait is not None else round(limit.every))
        per_minute = limit.burst  # ``--tables-per-minute N``: N in a row, each back after 60/N s
        what = {"create": "create requests (new tables)", "replay": "uploaded replays"}.get(action)
        if what is not None and abs(limit.every * per_minute - 60.0) < 1e-6:
            super().__init__(f"too many {what}: at most {per_minute} a minute; "
                             f"try again in {self.retry_after} s")
            return
        super().__init__(f"too many {action} requests: at most {limit.burst} in a row, then one every "
                         f"{limit.every:g} seconds; please wait")


@dataclass
class RateLimiter:
    """Token buckets per (action, client address): ``burst`` tokens, one back every ``every`` s."""

    limits: dict[str, Limit] = field(default_factory=lambda: dict(DEFAULT_LIMITS))
    _buckets: dict[tuple[str, str], tuple[float, float]] = field(default_factory=dict)

    def _tokens(self, action: str, client: str) -> tuple[float, float]:
        limit = self.limits[action]
        now = time.monotonic()
        tokens, last = self._buckets.get((action, client), (float(limit.burst), now))
        return min(float(limit.burst), tokens + (now - last) / limit.every), now

    def allow(self, action: str, client: str) -> bool:
        """Spend one token of ``action`` for ``client``; False (nothing spent) if none is left."""
        tokens, now = self._tokens(action, client)
        self._buckets[(action, client)] = (tokens - 1.0 if tokens >= 1.0 else tokens, now)
        if len(self._buckets) > 50_000:  # forget the buckets of clients long gone
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 3600}
        return tokens >= 1.0

    def take(self, action: str, client: str, *others: str) -> None:
        """``allow`` for ``client`` and each of ``others`` (an account beside its address), or raise
        ``RateLimited``: a token is spent from every bucket or from none."""
        clients = (client, *others)
        wait = max(self.retry_after(action, c) for c in clients)
        if wait > 0:
            raise RateLimited(action, self.limits[action], wait)
        for c in clients:
            self.allow(action, c)

    def spend(self, action: str, client: str) -> None:
        """Count an action done elsewhere (another server process of the same cluster) against
        ``client``: the limit holds across processes."""
        tokens, now = self._tokens(action, client)
        self._buckets[(action, client)] = (max(0.0, tokens - 1.0), now)

    def retry_after(self, action: str, client: str) -> int:
        """Whole seconds until ``client`` may do ``action`` again."""
        tokens, _now = self._tokens(action, client)
        return 0 if tokens >= 1.0 else int((1.0 - tokens) * self.limits[action].every) + 1


TOO_MANY_SOCKETS = 4429
"""The close code of a websocket refused because its address holds ``sockets_per_address``."""


@dataclass
class SocketCount:
    """The websockets each client address (``security.client_key``) holds open: one address cannot
    pin the server's descriptors and send buffers by opening sockets by the hundred (issue 29).
    ``enter`` before serving a socket, ``leave`` once it ends, whatever ends it.

    On PostgreSQL the cap holds over every server process of the database, not per process (two
    workers would otherwise allow twice the cap): each process tells the others its own count of
    an address whenever it changes (``tell``, set by ``cluster.Cluster.share_sockets``: a
    notification on the cluster's channel, queued, never a database round trip on the socket's
    way in) and again at every lease round; ``heard`` keeps theirs, and ``enter`` counts them.  A
    count not repeated for ``fresh_seconds`` (a process killed outright) stops counting."""

    open: dict[str, int] = field(default_factory=dict)
    elsewhere: dict[str, dict[str, tuple[int, float]]] = field(default_factory=dict)
    """The other processes' counts: ``{address: {process: (sockets, when heard)}}``."""
    tell: Callable[[str, int], None] | None = None
    """Sends this process's new count of an address to the others (the cluster's channel)."""
    fresh_seconds: float = 60.0

    def held_elsewhere(self, client: str) -> int:
        """Sockets of ``client`` open at the other processes (their last fresh counts)."""
        at = self.elsewhere.get(client)
        if not at:
            return 0
        fresh = time.monotonic() - self.fresh_seconds
        return sum(n for n, when in at.values() if when >= fresh)

    def enter(self, client: str, cap: int) -> bool:
        """Count one more socket of ``client``; False (nothing counted) if it holds ``cap`` already,
        here and at the other processes together."""
        held = self.open.get(client, 0)
        if held + self.held_elsewhere(client) >= cap:
            return False
        self.open[client] = held + 1
        if self.tell is not None:
            self.tell(client, held + 1)
        return True

    def leave(self, client: str) -> None:
        """One socket of ``client`` ended (an address at zero is forgotten)."""
        held = self.open.get(client, 0) - 1
        if held > 0:
            self.open[client] = held
        else:
            self.open.pop(client, None)
        if self.tell is not None:
            self.tell(client, max(0, held))

    def heard(self, process: str, client: str, held: int) -> None:
        """Another process holds ``held`` sockets of ``client`` now (0: none)."""
        at = self.elsewhere.setdefault(client, {})
        if held > 0:
            at[process] = (held, time.monotonic())
        else:
            at.pop(process, None)
        if not at:
            del self.elsewhere[client]

    def forget(self, process: str) -> None:
        """``process`` is restarting (``cluster.Cluster.stop_keeping``): its sockets are closing and
        come back elsewhere, so its counts stop counting at once — not after ``fresh_seconds``,
        which would refuse an address's sockets reconnecting from it (issue 29, rolling restarts)."""
        for client in list(self.elsewhere):
            self.heard(process, client, 0)

    def stale(self) -> None:
        """Forget the counts not repeated for ``fresh_seconds`` (called at each lease round)."""
        fresh = time.monotonic() - self.fresh_seconds
        for client in list(self.elsewhere):
            at = {p: v for p, v in self.elsewhere[client].items() if v[1] >= fresh}
            if at:
                self.elsewhere[client] = at
            else:
                del self.elsewhere[client]
