"""Group commit: the events of many tables written in one transaction, off the event loop.

Each table hands its next event to ``GroupWriter.write`` and waits; a writer thread takes every
event waiting at that moment and commits them together (one fsync for all), then wakes each
waiter.  A move is acknowledged only after ``write`` returned, i.e. once it is durable (issue 14,
"writes off the event loop, grouped").  If a group's transaction fails, its events are retried one
by one, so one table's refused write never fails another's.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, insert, update

from .db import TableEventRow, TableRow

log = logging.getLogger(__name__)

__all__ = ["EventWrite", "GroupWriter"]

MAX_GROUP = 500

_EVENTS: Table = TableEventRow.__table__  # type: ignore[assignment]
_TABLES: Table = TableRow.__table__  # type: ignore[assignment]


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
        """One transaction: every event in one multi-row INSERT, the finished tables in one UPDATE
        (no ORM objects, and Core statements on the tables, not the ORM classes: the ORM's bulk
        path cost ~0.2-0.4 ms of CPU more a group; the writer's own CPU is most of a stored event's
        cost after the messages)."""
        with self.sessions().begin() as db:
            db.execute(insert(_EVENTS), [
                {"table_id": i.table_id, "seq": i.seq, "kind": i.kind, "seat": i.seat, "text": i.text}
                for i in group])
            finished = [i.table_id for i in group if i.finished]
            if finished:
                db.execute(update(_TABLES).where(_TABLES.c.id.in_(finished)).values(status="finished"))

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
