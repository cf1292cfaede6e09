"""Several server processes on one PostgreSQL database: table ownership and fan-out (issue 14).

Every process (a ``--workers`` worker, or a ``hanafuda serve`` on another host) is a *member* with a
random id.  Each live table has at most one *owner* at a time: the member whose lease is in the
table's row (``tables.owner``, ``tables.lease_until``).  The owner alone changes the table (moves,
deals, bots, seat hand-overs) and renews its leases every third of ``lease_seconds``; a member that
dies stops renewing, and once a lease has run out any member holding the table takes it over
(catching up from the stored events first).  The unique ``(table_id, seq)`` of the stored events
fences a stale owner: its write fails and its table is rebuilt from the database.

Fan-out runs over PostgreSQL ``LISTEN/NOTIFY`` on one channel (``CHANNEL``):

- ``ch``: the owner stored a change of a table; every other member holding sockets for it reads
  the new events (and its seats and status) from the database, replays them on its copy and sends
  each socket what it may see (``messages``), so no card ever crosses the channel;
- ``cmd``: a member holding a socket for a table it does not own forwards that client's message
  (move, next round, hand-over, stop, ...) to the owner, which handles it as if the socket were its
  own; ``re`` carries the owner's answers (errors) back.  A command with no owner alive waits: the
  member that takes the table over runs it, unless the table has moved on since it was sent;
- ``free``: a member restarting handed its tables over (``hand_over``, issue 29): every member
  holding one of them takes it at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy import select, text
from sqlalchemy.engine import Engine

from .db import SeatRow, TableEventRow, TableRow, seats_of
from .limits import SocketCount
from .live import CapacityError, Connection, LiveTable, Refusal
from .storage import ENDED, follow_event

if TYPE_CHECKING:
    from .hub import TableHub

log = logging.getLogger(__name__)

__all__ = ["CHANNEL", "LOCAL_TYPES", "Cluster", "ClusterError"]

CHANNEL = "hanafuda_tables"
LOCAL_TYPES = frozenset({"ping", "state", "theme"})
"""Client messages any member answers itself (they change only the socket's own connection);
every other type goes to the table's owner."""
MAX_PAYLOAD = 7000
"""PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: longer answers are cut."""
ADOPT_BATCH = 20
FREE_BATCH = 200
"""Table ids per ``free`` notification (36-character ids: well under ``MAX_PAYLOAD``)."""
SOCKETS_BATCH = 60
"""Addresses per repeated ``so`` notification (a hashed address and its count: about 80 bytes)."""
BOT_TABLES_LOCK = 0x68616E62
"""The advisory lock key held while a new table with bots is counted and stored."""


class ClusterError(RuntimeError):
    """The cluster cannot run (a database without LISTEN/NOTIFY, a bad lease length)."""


@dataclass
class Forwarded:
    """A client message sent to the table's owner, waiting for its answer."""

    table_id: str
    conn: Connection
    msg: dict[str, Any]
    seq: int
    """The table's ``seq`` here when it was sent: run on a takeover only if the table is still there."""
    sent: float


def libpq_url(engine: Engine) -> str:
    """The engine's database URL as psycopg takes it (the password kept)."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's membership: the tables it owns, its listener, its lease keeper."""

    def __init__(self, hub: TableHub, engine: Engine, lease_seconds: float = 10.0) -> None:
        if engine.dialect.name != "postgresql":
            raise ClusterError("several server processes need PostgreSQL (SQLite serves one process)")
        if not 1.0 <= lease_seconds <= 3600.0:
            raise ClusterError("the lease must last between 1 and 3600 seconds")
        self.hub, self.engine, self.lease = hub, engine, lease_seconds
        self.me = secrets.token_hex(8)
        self.owned: set[str] = set()
        self.pending: dict[int, Forwarded] = {}
        self._rid = 0
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._outgoing: list[str] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._keeper: asyncio.Task[None] | None = None
        self.leaving = False
        """Set by ``stop_keeping``: this member takes no table any more (it is handing them over)."""
        self._background: set[asyncio.Task[None]] = set()
        self.listening = asyncio.Event()
        self.spectators_at: dict[str, dict[str, tuple[int, float]]] = {}
        """Spectator sockets of each table at the other members: ``{table: {member: (count, when)}}``
        (each member tells its own counts as they change and at every lease round)."""
        self.sockets: SocketCount | None = None
        """This process's sockets per address, shared with the others (``share_sockets``)."""
        self.departed: set[str] = set()
        """Members that said they are restarting (``stop_keeping``): their socket counts are ignored."""

    # -- ownership (sync: called where the hub reads the database anyway) -----------------------

    def owns(self, table: LiveTable) -> bool:
        return table.id in self.owned

    def take(self, table_ids: Iterable[str]) -> set[str]:
        """Take the lease of each running table that has no live owner (or is ours); the ids won."""
        ids = list(table_ids)
        if not ids or self.leaving:
            return set()
        with self.engine.begin() as db:
            won = set(db.execute(text(
                "UPDATE tables SET owner = :me, lease_until = now() + make_interval(secs => :ttl) "
                "WHERE id = ANY(:ids) AND status = 'running' AND "
                "(owner IS NULL OR owner = :me OR lease_until IS NULL OR lease_until < now()) "
                "RETURNING id"), {"me": self.me, "ttl": self.lease, "ids": ids}).scalars())
        self.owned |= won
        return won

    def renew(self) -> set[str]:
        """Extend every lease we hold; returns the ids we no longer own."""
        ids = list(self.owned)
        if not ids:
            return set()
        with self.engine.begin() as db:
            kept = set(db.execute(text(
                "UPDATE tables SET lease_until = now() + make_interval(secs => :ttl) "
                "WHERE id = ANY(:ids) AND owner = :me RETURNING id"),
                {"me": self.me, "ttl": self.lease, "ids": ids}).scalars())
        lost = set(ids) - kept
        self.owned -= lost
        return lost

    def release(self, table_ids: Iterable[str]) -> None:
        """Give up leases (a table leaving memory, a shutdown): another member may take it at once."""
        ids = [i for i in table_ids if i in self.owned]
        if not ids:
            return
        self.owned -= set(ids)
        with self.engine.begin() as db:
            db.execute(text("UPDATE tables SET owner = NULL, lease_until = NULL "
                            "WHERE id = ANY(:ids) AND owner = :me"), {"me": self.me, "ids": ids})

    def hand_over(self) -> list[str]:
        """Release every lease at once and tell the other members in the same transaction (the
        notification is delivered at its commit): a rolling restart (``rolling``, issue 29) hands
        its tables over now, not when the leases run out.  Returns the ids handed over."""
        ids = list(self.owned)
        self.owned.clear()
        if not ids:
            return []
        with self.engine.begin() as db:
            freed = list(db.execute(text(
                "UPDATE tables SET owner = NULL, lease_until = NULL "
                "WHERE id = ANY(:ids) AND owner = :me RETURNING id"), {"me": self.me, "ids": ids}).scalars())
            for start in range(0, len(freed), FREE_BATCH):
                body = json.dumps({"t": "free", "from": self.me, "ids": freed[start:start + FREE_BATCH]},
                                  separators=(",", ":"))
                db.execute(text("SELECT pg_notify(:channel, :body)"), {"channel": CHANNEL, "body": body})
        return freed

    def stop_keeping(self) -> None:
        """Renew and take no lease any more (a process handing its tables over, ``hand_over``)."""
        self.leaving = True
        if self._keeper is not None:
            self._keeper.cancel()
        if self.sockets is not None:  # its sockets close and reconnect elsewhere: stop counting them
            self.sockets.tell = None
            self._queue({"t": "gone", "from": self.me})

    def lease_sql(self) -> Any:
        """The ``lease_until`` of a lease taken now (a SQL expression: the database's clock)."""
        return text(f"now() + interval '{float(self.lease)} seconds'")

    def bot_table_guard(self, limit: int, table_id: str = "") -> Any:
        """A check run inside the transaction that stores a new table with a bot seat, or a table's
        first bot seat (``table_id``, not counted itself: ``TableHub.hand_to_bot``, issue 29): at most
        ``limit`` running tables with bots are served by the whole cluster (counted in the database,
        one change at a time, so the cap holds across processes; issue 14, defect 3)."""

        def guard(db: Any) -> None:
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": BOT_TABLES_LOCK})
            running = db.execute(text(
                "SELECT count(*) FROM tables t WHERE t.status = 'running' AND t.owner IS NOT NULL AND "
                "t.lease_until > now() AND t.id <> :me AND EXISTS "
                "(SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.kind = 'bot')"),
                {"me": table_id}).scalar_one()
            if running >= limit:
                raise CapacityError(f"the servers run {limit} tables with bots already, their limit; "
                                    "please try again in a few minutes")

        return guard

    # -- counts shared over the channel ----------------------------------------------------------

    async def spent(self, action: str, client: str) -> None:
        """``client`` spent a token of ``action`` (``create``, ``replay``) here: the others spend it
        too, so a limit per address holds over every process, not per process (issue 29)."""
        await self.notify({"t": "rate", "from": self.me, "k": client, "a": action})

    def share_sockets(self, count: SocketCount) -> None:
        """Share ``count`` (the app's sockets per address) with the other members: each change of
        an address's count here is told to them (queued, no round trip on a socket's way in), their
        counts come back through ``_on_note``, and the cap holds over the whole cluster (issue 29)."""
        count.tell = self._tell_sockets
        count.fresh_seconds = 3 * self.lease + 5
        self.sockets = count

    def _tell_sockets(self, client: str, held: int) -> None:
        self._queue({"t": "so", "from": self.me, "c": {client: held}})

    def _repeat_sockets(self) -> None:
        """Every address's count here, again (at each lease round): the others keep them fresh."""
        if self.sockets is None:
            return
        self.sockets.stale()
        held = list(self.sockets.open.items())
        for start in range(0, len(held), SOCKETS_BATCH):
            self._queue({"t": "so", "from": self.me, "c": dict(held[start:start + SOCKETS_BATCH])})

    async def tell_spectators(self, table: LiveTable) -> None:
        """This member's spectator count at ``table`` changed (or is repeated to stay fresh)."""
        await self.notify({"t": "sp", "id": table.id, "from": self.me, "n": table.spectators})

    def spectators_elsewhere(self, table_id: str) -> int:
        """Spectator sockets of ``table_id`` at the other live members."""
        fresh = time.monotonic() - (3 * self.lease + 5)
        return sum(n for n, when in self.spectators_at.get(table_id, {}).values() if when >= fresh)

    def orphans(self) -> list[str]:
        """Running tables with a bot seat and no live owner: their bots must go on somewhere."""
        with self.engine.connect() as db:
            return list(db.execute(text(
                "SELECT t.id FROM tables t WHERE t.status = 'running' AND "
                "(t.owner IS NULL OR t.lease_until IS NULL OR t.lease_until < now()) AND EXISTS "
                "(SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.kind = 'bot') "
                "ORDER BY t.created LIMIT :n"), {"n": ADOPT_BATCH}).scalars())

    def changes_since(self, table_id: str, seq: int) -> tuple[list[TableEventRow], list[SeatRow],
                                                              TableRow | None]:
        """The events after ``seq``, the seats and the row of a table, as stored now."""
        with self.hub.store.sessions() as db:
            events = list(db.scalars(select(TableEventRow).where(
                TableEventRow.table_id == table_id, TableEventRow.seq > seq).order_by(TableEventRow.seq)))
            return events, seats_of(db, table_id), db.get(TableRow, table_id)

    # -- the channel ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on the channel and keep the leases (tasks of the running loop)."""
        loop = asyncio.get_running_loop()
        self._keeper = loop.create_task(self._keep_leases())
        self._tasks = [loop.create_task(self._listen()), self._keeper, loop.create_task(self._send_forever())]
        await asyncio.wait_for(self.listening.wait(), timeout=30)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        try:
            await asyncio.to_thread(self.release, list(self.owned))
        except Exception as exc:  # the database is away: the leases simply run out
            log.warning("could not release the leases at shutdown (%s)", type(exc).__name__)
        if self._sender is not None:
            await self._sender.close()

    async def notify(self, payload: dict[str, Any]) -> None:
        """Queue a notification (never waits on the database): the sender task sends whatever is
        queued in one statement, in order, so tables never wait on each other's notifications."""
        self._queue(payload)

    def _queue(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        if len(body.encode()) > MAX_PAYLOAD:
            log.error("a %s notification of %d bytes was not sent", payload.get("t"), len(body))
            return
        self._outgoing.append(body)
        self._wake.set()

    async def _send_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._outgoing = self._outgoing, []
            for attempt in (1, 2, 3):
                try:
                    if self._sender is None or self._sender.closed:
                        self._sender = await psycopg.AsyncConnection.connect(libpq_url(self.engine),
                                                                             autocommit=True)
                    await self._sender.execute(
                        "SELECT pg_notify(%s, body) FROM unnest(%s::text[]) AS n(body)",  # in array order
                        (CHANNEL, batch))
                    break
                except Exception as exc:  # the sender must outlive any failure: reconnect next time
                    self._sender = None
                    if attempt == 3:
                        log.error("could not notify the other servers of %d changes (%s)", len(batch),
                                  type(exc).__name__)
                    else:
                        await asyncio.sleep(0.2 * attempt)

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(libpq_url(self.engine),
                                                                 autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if self.listening.is_set():  # a reconnection: what was missed is read back
                        for table in list(self.hub.tables.values()):
                            if not self.owns(table):
                                self._spawn(self.refresh(table))
                    self.listening.set()
                    async for note in conn.notifies():
                        try:
                            self._on_note(json.loads(note.payload))
                        except Exception:
                            log.exception("bad notification %r", note.payload[:200])
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("lost the notification channel (%s); reconnecting", type(exc).__name__)
                await asyncio.sleep(1.0)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _on_note(self, note: dict[str, Any]) -> None:
        kind, table = note.get("t"), self.hub.tables.get(str(note.get("id")))
        if note.get("from") != self.me and kind == "rate" and isinstance(note.get("k"), str):
            action = note.get("a", "create")
            if action in self.hub.limiter.limits:
                self.hub.limiter.spend(action, note["k"])
        elif note.get("from") != self.me and kind == "gone":
            self.departed.add(str(note.get("from")))
            if self.sockets is not None:
                self.sockets.forget(str(note.get("from")))
        elif note.get("from") != self.me and kind == "so" and isinstance(note.get("c"), dict):
            if self.sockets is not None and str(note.get("from")) not in self.departed:
                for client, held in note["c"].items():
                    if isinstance(held, int):
                        self.sockets.heard(str(note.get("from")), str(client), held)
        elif note.get("from") != self.me and kind == "sp" and isinstance(note.get("n"), int):
            at = self.spectators_at.setdefault(str(note.get("id")), {})
            if note["n"] > 0:
                at[str(note.get("from"))] = (note["n"], time.monotonic())
            else:
                at.pop(str(note.get("from")), None)
                if not at:
                    del self.spectators_at[str(note.get("id"))]
        elif note.get("from") != self.me and kind == "free" and isinstance(note.get("ids"), list):
            held = [str(i) for i in note["ids"] if str(i) in self.hub.tables]
            if held:
                self._spawn(self._take_freed(held))
        elif kind == "re" and note.get("to") == self.me:
            self._spawn(self._answered(int(note["rid"]), note.get("out") or []))
        elif table is None or note.get("from") == self.me:
            return
        elif kind == "ch" and not self.owns(table):
            event = note.get("ev")
            self._spawn(self.follow(table, event) if isinstance(event, dict) else self.refresh(table))
        elif kind == "cmd" and self.owns(table):
            self._spawn(self._run_command(table, note))

    # -- owner side ----------------------------------------------------------------------------

    async def announce(self, table: LiveTable, stored_event: bool) -> None:
        """Tell the other members that ``table`` changed (called by the owner after each change);
        a stored event travels along (it is public: the move's text, never a view)."""
        note: dict[str, Any] = {"t": "ch", "id": table.id, "seq": table.seq, "from": self.me}
        if stored_event and table.log:
            note["ev"] = table.log[-1]
        await self.notify(note)

    async def _run_command(self, table: LiveTable, note: dict[str, Any]) -> None:
        """A client of another member sent ``msg``: handle it here, send the answers back."""
        seat = note.get("seat")
        proxy = Connection(send=_unsendable, seat=seat if isinstance(seat, int) else None,
                           creator=bool(note.get("creator")), limit=1000)
        msg = note.get("msg")
        if isinstance(msg, dict):
            await self.hub.dispatch_here(table, proxy, msg)
        out = []
        while not proxy.outbox.empty():
            item = proxy.outbox.get_nowait()
            if item is not None:
                out.append(item.payload)
        await self.notify({"t": "re", "to": note.get("from"), "rid": note.get("rid"), "out": out})

    # -- member side ---------------------------------------------------------------------------

    async def forward(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """Send a client's message to the table's owner (wherever it is)."""
        self._rid += 1
        self.pending[self._rid] = Forwarded(table.id, conn, msg, table.seq, time.monotonic())
        await self.notify({"t": "cmd", "id": table.id, "from": self.me, "rid": self._rid,
                           "seat": conn.seat, "creator": conn.creator, "msg": msg})

    async def _answered(self, rid: int, out: list[dict[str, Any]]) -> None:
        waiting = self.pending.pop(rid, None)
        if waiting is None:
            return
        table = self.hub.tables.get(waiting.table_id)
        if table is None:
            return
        for payload in out:
            if isinstance(payload, dict):
                await self.hub.send(table, waiting.conn, payload)

    async def follow(self, table: LiveTable, event: dict[str, Any]) -> None:
        """Apply the owner's next stored event to this member's copy (read back from the database
        instead when it is not the next one: a notification was missed or came out of order)."""
        async with table.lock:
            if event.get("seq") == table.seq + 1 and event.get("kind") in ("move", "next-round"):
                try:
                    follow_event(table, event["seq"], str(event["kind"]), event.get("seat"),
                                 str(event["text"]))
                except ValueError:  # this copy went wrong somehow: rebuilt from the database
                    log.error("table %s: event %s does not apply here; rebuilding the table", table.id,
                              event.get("seq"))
                    try:
                        await asyncio.to_thread(self.hub.store.reload, table)
                    except Exception as exc:
                        log.error("could not read table %s back (%s)", table.id, type(exc).__name__)
                    await self.hub.broadcast_here(table)
                    return
                else:
                    await self.hub.broadcast_here(table, {"seat": event.get("seat"), "move": event["text"]})
                    return
            elif isinstance(event.get("seq"), int) and event["seq"] <= table.seq:
                return  # this copy has it already
        await self.refresh(table)

    async def refresh(self, table: LiveTable) -> None:
        """Bring this member's copy of ``table`` up to what is stored, and show it to its sockets."""
        async with table.lock:
            try:
                events, seats, row = await asyncio.to_thread(self.changes_since, table.id, table.seq)
            except Exception as exc:
                log.error("could not read table %s back (%s)", table.id, type(exc).__name__)
                return
            changed = False
            for s in seats:
                if s.seat < len(table.seats):
                    mine = table.seats[s.seat]
                    if (mine.kind, mine.bot, mine.name, mine.claim_hash) != (s.kind, s.bot, s.name,
                                                                              s.claim_hash):
                        mine.kind, mine.bot, mine.name, mine.claim_hash = s.kind, s.bot, s.name, s.claim_hash
                        changed = True
            if any(s.kind == "bot" for s in table.seats) and set(table.agents) != {
                    s.seat for s in table.seats if s.kind == "bot"}:
                self.hub.setup_agents(table)
            stopped = row is not None and row.status in ENDED
            if stopped != table.stopped:
                table.stopped, changed = stopped, True
            for ev in events:
                if ev.seq != table.seq + 1:
                    break
                follow_event(table, ev.seq, ev.kind, ev.seat, ev.text)
                await self.hub.broadcast_here(table, {"seat": ev.seat, "move": ev.text})
                changed = False
            if changed:
                await self.hub.broadcast_here(table)

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self._lease_round()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.error("lease round failed (%s)", type(exc).__name__)

    async def _lease_round(self) -> None:
        hub = self.hub
        lost = await asyncio.to_thread(self.renew)
        for tid in lost:
            table = hub.tables.get(tid)
            if table is not None:
                log.warning("table %s is served by another process now", tid)
                if table.bot_task is not None:
                    table.bot_task.cancel()
                await self.refresh(table)
        held = [t.id for t in hub.tables.values() if not self.owns(t) and t.running]
        for tid in await asyncio.to_thread(self.take, held):
            await self._took_over(hub.tables[tid])
        for tid in await asyncio.to_thread(self.orphans):
            if tid in hub.tables:
                continue
            if await asyncio.to_thread(self.take, [tid]):
                table, _ = hub.keep(await asyncio.to_thread(hub.store.read, tid))
                if table is not None:
                    log.info("adopted table %s (its server is gone)", tid)
                    hub.kick_bots(table)
        for table in list(hub.tables.values()):  # spectator counts stay fresh at the others
            if table.spectators:
                await self.tell_spectators(table)
        self._repeat_sockets()  # and the sockets per address
        now = time.monotonic()
        for rid, waiting in list(self.pending.items()):
            if now - waiting.sent > 3 * self.lease + 5:
                del self.pending[rid]
                table = hub.tables.get(waiting.table_id)
                if table is not None:
                    await hub.refuse(table, waiting.conn,
                                     Refusal.of("unavailable", "refusal.detail.table-server-silent"))

    async def _take_freed(self, table_ids: list[str]) -> None:
        """Another member handed these tables over (a rolling restart): the ones held here are
        taken at once, so their pages' moves (forwarded ones too) go on without waiting a lease."""
        try:
            won = await asyncio.to_thread(self.take, table_ids)
        except Exception as exc:  # the lease round takes them later
            log.error("could not take over %d handed-over tables (%s)", len(table_ids), type(exc).__name__)
            return
        for tid in won:
            table = self.hub.tables.get(tid)
            if table is not None:
                await self._took_over(table)

    async def _took_over(self, table: LiveTable) -> None:
        """This member owns ``table`` now: catch up, then run what its clients sent meanwhile."""
        log.info("took over table %s", table.id)
        await self.refresh(table)
        for rid, waiting in list(self.pending.items()):
            if waiting.table_id != table.id:
                continue
            del self.pending[rid]
            if waiting.seq == table.seq and waiting.conn in table.connections:
                await self.hub.dispatch_here(table, waiting.conn, waiting.msg)
        self.hub.kick_bots(table)


async def _unsendable(payload: dict[str, Any]) -> None:  # pragma: no cover - never started
    raise RuntimeError("a forwarded command's answers travel back through the channel")
