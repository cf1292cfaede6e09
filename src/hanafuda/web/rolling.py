"""Rolling restarts: SIGTERM hands this process's tables to the others before it stops (issue 29).

A deploy restarts the server processes one at a time (``deploy/``, docs/deploy.md).  On SIGTERM a
process *drains* before uvicorn's own shutdown runs:

1. it stops taking work: a socket opening now is turned away with close code 1012 ("service
   restart"), a table message arriving now is refused with the error ``restarting`` (it carries the
   message back as ``again``: the page sends it again once reconnected) and ``/readyz`` answers 503,
   so a proxy sends new players to the other processes;
2. every move under way finishes: each table's lock is taken in turn, and a move holds its table's
   lock until it is stored and shown (``TableHub.submit``), so no acknowledged move is lost; its
   bots stop deciding;
3. its leases are released at once in one transaction that also tells the other processes
   (``Cluster.hand_over``): any of them holding the table takes it over on the spot, any other
   takes it when a page opens it, without waiting for the lease to run out;
4. every table socket is closed with 1012 "service restart", which the page answers by reconnecting
   at once (``static/table-socket.js``) with its seat token and seat cookie; the new socket starts
   with a whole state, so the page resyncs.

Then uvicorn's handler runs as it would have (it closes what is left and runs the app's
shutdown).  A second SIGTERM while draining stops at once.  A process on SQLite has no one to hand
its tables to: it drains the same way and its pages reconnect when it is back.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from fastapi import FastAPI

from .hub import TableHub
from .live import Connection

__all__ = ["DRAIN_SECONDS", "RESTART_CLOSE", "RESTART_REASON", "Drain", "draining", "install"]

log = logging.getLogger(__name__)

RESTART_CLOSE = 1012
"""The websocket close code of a server restarting (RFC 6455 registry: "Service Restart")."""
RESTART_REASON = "service restart"
DRAIN_SECONDS = 10.0
"""At most this long to drain; past it the process stops anyway (leases then run out)."""
CLOSE_SECONDS = 2.0
"""A socket's close frame has this long to go out before the connection is cut."""

Handler = Callable[[int, FrameType | None], Any]


def draining(app: Any) -> bool:
    """Whether ``app``'s process is handing its tables over (``install``'s SIGTERM came)."""
    return bool(getattr(app.state, "draining", False))


class Drain:
    """The hand-over of one app's tables (see the module docstring)."""

    def __init__(self, app: FastAPI, hub: TableHub) -> None:
        self.app, self.hub = app, hub

    async def run(self) -> None:
        """Drain within ``DRAIN_SECONDS`` (whatever is left then is left to the lease expiry)."""
        self.app.state.draining = True
        try:
            await asyncio.wait_for(self._hand_over(), DRAIN_SECONDS)
        except TimeoutError:
            log.error("draining took more than %g s; stopping anyway", DRAIN_SECONDS)
        except Exception:
            log.exception("draining failed; stopping anyway")

    async def _hand_over(self) -> None:
        hub = self.hub
        tables = list(hub.tables.values())
        if hub.cluster is not None:
            hub.cluster.stop_keeping()  # no lease renewed or taken from now on
        for table in tables:
            if table.bot_task is not None:
                table.bot_task.cancel()
        for table in tables:  # a move under way holds its table's lock until stored and shown
            async with table.lock:
                pass
        freed: list[str] = []
        if hub.cluster is not None:
            freed = await asyncio.to_thread(hub.cluster.hand_over)
            for table in list(hub.tables.values()):  # one kicked meanwhile (no table is ours now)
                if table.bot_task is not None:
                    table.bot_task.cancel()
        closing = [self._close(conn) for table in tables for conn in list(table.connections)]
        await asyncio.gather(*closing)
        # a warning: an operator reads it in the default (text) log, one line per restart
        log.warning("restarting: handed %d tables over to the other servers, closed %d sockets with %d (%s)",
                    len(freed), len(closing), RESTART_CLOSE, RESTART_REASON)

    @staticmethod
    async def _close(conn: Connection) -> None:
        """Close one socket with 1012 once its writer has sent what was queued for it (a refusal
        ``restarting`` among them), cut it if the close cannot go out in time."""
        conn.finish()
        if conn.close is None:
            return
        loop = asyncio.get_running_loop()
        flushed = loop.time() + CLOSE_SECONDS / 2
        while not conn.outbox.empty() and conn.dropped is None and loop.time() < flushed:
            await asyncio.sleep(0.02)
        try:
            await asyncio.wait_for(conn.close(RESTART_CLOSE, RESTART_REASON), CLOSE_SECONDS)
        except Exception:  # the socket is gone already, or its peer does not read: cut it
            if conn.abort is not None:
                conn.abort()


def install(app: FastAPI, hub: TableHub) -> Callable[[], None]:
    """Chain a drain in front of the server's SIGTERM handler (uvicorn's), from the app's startup
    in the running loop; returns what puts the old handler back.  Nothing is installed outside the
    main thread (a test client's app) or when no Python handler is there to chain to."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = signal.getsignal(signal.SIGTERM)
    if not callable(previous):
        return lambda: None
    loop = asyncio.get_running_loop()
    drain = Drain(app, hub)
    asked: list[int] = []
    running: set[asyncio.Task[None]] = set()

    def after(task: asyncio.Task[None]) -> None:
        running.discard(task)
        previous(signal.SIGTERM, None)

    def start() -> None:
        task = loop.create_task(drain.run())
        running.add(task)
        task.add_done_callback(after)

    def on_term(sig: int, frame: FrameType | None) -> None:
        if asked or loop.is_closed():  # a second SIGTERM: stop now
            previous(sig, frame)
            return
        asked.append(sig)
        log.info("SIGTERM: handing the tables over before stopping")
        loop.call_soon_threadsafe(start)

    signal.signal(signal.SIGTERM, on_term)

    def restore() -> None:
        if signal.getsignal(signal.SIGTERM) is on_term:
            signal.signal(signal.SIGTERM, previous)

    return restore
