"""Group commit: the events of many tables written in one transaction, off the event loop.

Each table hands its next event to ``GroupWriter.write`` and waits; a writer thread takes every
event waiting at that moment and commits them together (one transaction for all), then wakes each
waiter.  A move is acknowledged only after ``write`` returned, i.e. once it is committed: it survives
a killed server (SQLite's WAL with ``synchronous=NORMAL``, ``db.make_engine``) (issue 14,
"writes off the event loop, grouped").  If a group's transaction fails, its events are retried one
by one, so one table's refused write never fails another's.

The writer's own CPU was the largest cost of a stored event after the messages (issue 28: ~0.85 ms
a group on SQLite, of which the database itself took ~0.2 ms and the ORM session and SQLAlchemy's
statement machinery the rest).  So a group is written on the engine's DBAPI connection with the
statements compiled once per engine (``_Statements``): the same rows, the same values (each column's
own bind processing, e.g. SQLite's text form of ``created``), in one transaction.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, bindparam, insert, update
from sqlalchemy.engine import Dialect, Engine

from .db import TableEventRow, TableRow

log = logging.getLogger(__name__)

__all__ = ["EventWrite", "GroupWriter"]

MAX_GROUP = 500

_EVENTS: Table = TableEventRow.__table__  # type: ignore[assignment]
_TABLES: Table = TableRow.__table__  # type: ignore[assignment]


_COLUMNS = ("table_id", "seq", "kind", "seat", "text", "created")
"""The columns of an event row the writer gives (``id`` is the database's)."""


class _Statements:
    """The group's two statements compiled once for one engine's dialect (its paramstyle), with
    the order of their parameters when positional and each column's bind processing."""

    def __init__(self, dialect: Dialect) -> None:
        insert_sql = insert(_EVENTS).inline().compile(dialect=dialect, column_keys=list(_COLUMNS))
        finish_sql = update(_TABLES).where(_TABLES.c.id == bindparam("table_id")) \
            .values(status=bindparam("status")).compile(dialect=dialect)
        self.insert, self.insert_order = str(insert_sql), insert_sql.positiontup
        self.finish, self.finish_order = str(finish_sql), finish_sql.positiontup
        self.created = _EVENTS.c.created.type.dialect_impl(dialect).bind_processor(dialect)

    @staticmethod
    def _params(values: dict[str, Any], order: list[str] | None) -> Any:
        return tuple(values[k] for k in order) if order is not None else values

    def events(self, group: list[EventWrite]) -> list[Any]:
        now = dt.datetime.now(dt.UTC)  # as the row's default (``db._now``), once for the group
        created = self.created(now) if self.created is not None else now
        return [self._params({"table_id": i.table_id, "seq": i.seq, "kind": i.kind, "seat": i.seat,
                              "text": i.text, "created": created}, self.insert_order) for i in group]

    def finished(self, table_ids: list[str]) -> list[Any]:
        return [self._params({"table_id": t, "status": "finished"}, self.finish_order) for t in table_ids]


@dataclass
class EventWrite:
    table_id: str
    seq: int
    kind: str
    seat: int | None
    text: str
    finished: bool
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


class GroupWriter:
    """One writer thread per database, writing whatever is waiting as one transaction."""

    def __init__(self, sessions: Callable[[], Any]) -> None:
        self.sessions = sessions
        """Returns the current session factory (looked up at every group: tests swap it)."""
        self._pending: list[EventWrite] = []
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.groups = 0
        self.events = 0
        self._statements: dict[Engine, _Statements] = {}
        self._held: tuple[Engine, Any] | None = None
        """The writer thread's DBAPI connection and its engine (``_connection``)."""

    async def write(self, table_id: str, seq: int, kind: str, seat: int | None, text: str,
                    finished: bool) -> None:
        """Store one event; returns once it is committed, raises what the database raised."""
        loop = asyncio.get_running_loop()
        item = EventWrite(table_id, seq, kind, seat, text, finished, loop, loop.create_future())
        with self._cond:
            if self._closed:
                raise RuntimeError("the writer is closed")
            self._pending.append(item)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hanafuda-group-commit", daemon=True)
                self._thread.start()
            self._cond.notify()
        await item.future

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if not self._pending and self._closed:
                    self._release()
                    return
                group, self._pending = self._pending[:MAX_GROUP], self._pending[MAX_GROUP:]
            try:
                self._commit(group)
                self.groups += 1
                self.events += len(group)
                self._resolve_all(group)
            except Exception:
                for item in group:  # one by one: only the events that fail on their own fail
                    try:
                        self._commit([item])
                        self._resolve(item, None)
                    except Exception as exc:
                        self._resolve(item, exc)

    def _commit(self, group: list[EventWrite]) -> None:
        """One transaction: every event in one ``executemany`` INSERT, the finished tables in one
        UPDATE, on the DBAPI connection of the session factory's engine (module docstring).  A
        factory bound to no engine (a test's stand-in for a database that is away) is written
        through its own session, so it fails as it would."""
        factory = self.sessions()
        engine = getattr(factory, "kw", {}).get("bind")
        finished = [i.table_id for i in group if i.finished]
        if not isinstance(engine, Engine):
            with factory.begin() as db:
                db.execute(insert(_EVENTS), [
                    {"table_id": i.table_id, "seq": i.seq, "kind": i.kind, "seat": i.seat, "text": i.text}
                    for i in group])
                if finished:
                    db.execute(update(_TABLES).where(_TABLES.c.id.in_(finished)).values(status="finished"))
            return
        sql = self._statements.get(engine)
        if sql is None:
            sql = self._statements[engine] = _Statements(engine.dialect)
        raw = self._connection(engine)
        try:
            cursor = raw.cursor()
            try:
                cursor.executemany(sql.insert, sql.events(group))
                if finished:
                    cursor.executemany(sql.finish, sql.finished(finished))
            finally:
                cursor.close()
            raw.commit()
        except BaseException:
            self._held = None  # a connection that failed once is not kept: the next group takes another
            try:
                raw.rollback()
            except Exception:  # the connection itself is gone: never hand it out again
                raw.invalidate()
            raw.close()
            raise

    def _connection(self, engine: Engine) -> Any:
        """The writer thread's own DBAPI connection to ``engine``: taken from the engine's pool
        once and kept while it writes, instead of a checkout and a return per group (issue 28:
        they were most of the writer's own CPU).  A connection of an engine no longer in use is
        given back first; one that failed is never kept (``_commit``)."""
        held = self._held
        if held is not None:
            if held[0] is engine:
                return held[1]
            self._release()
        raw = engine.raw_connection()
        self._held = (engine, raw)
        return raw

    def _release(self) -> None:
        """Give the kept connection back to its pool (the writer closes, or the engine changed)."""
        held, self._held = self._held, None
        if held is not None:
            try:
                held[1].close()
            except Exception:  # already gone: there is nothing to give back
                log.debug("the group writer's connection could not be given back", exc_info=True)

    @staticmethod
    def _resolve_all(group: list[EventWrite]) -> None:
        """Wake every waiter of a committed group: one call into each event loop, not one each."""
        by_loop: dict[asyncio.AbstractEventLoop, list[EventWrite]] = {}
        for item in group:
            by_loop.setdefault(item.loop, []).append(item)

        for loop, items in by_loop.items():
            def done(items: list[EventWrite] = items) -> None:
                for item in items:
                    if not item.future.done():
                        item.future.set_result(None)

            try:
                loop.call_soon_threadsafe(done)
            except RuntimeError:  # the loop is closed (shutdown): nobody waits any more
                pass

    @staticmethod
    def _resolve(item: EventWrite, exc: Exception | None) -> None:
        def done() -> None:
            if item.future.done():
                return
            if exc is None:
                item.future.set_result(None)
            else:
                item.future.set_exception(exc)

        try:
            item.loop.call_soon_threadsafe(done)
        except RuntimeError:  # the loop is closed (shutdown): nobody waits any more
            pass
