"""The server's metrics in Prometheus text format, ``GET /metrics`` (issue 29; docs/deploy.md).

Counters and histograms are counted where things happen (``TableHub.submit``: moves and their time
from receipt to broadcast; ``TableHub._store_new``: new tables; errors by kind); the gauges (open
tables, sockets, bot decisions waiting) are read from the hub every few seconds and at each scrape.

Several worker processes (``serve --workers N``) use prometheus-client's multiprocess mode: ``serve``
gives them one fresh directory (``PROMETHEUS_MULTIPROC_DIR``) and any worker's ``/metrics`` adds up
every worker's counters and the live workers' gauges, so a scrape through the shared port sees the
whole server whichever worker answers.
"""

from __future__ import annotations

import hmac
import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from sqlalchemy import event
from sqlalchemy.orm import Session

from .live import NEXT_ROUND

if TYPE_CHECKING:
    from .hub import TableHub

__all__ = ["COMMIT_SECONDS", "ERRORS", "MOVES", "MOVE_SECONDS", "MULTIPROC_DIR", "TABLES_CREATED",
           "CountErrors", "observe", "process_gone", "router", "stored"]

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
"""Set (by ``serve --workers N``, or by hand): the metrics of every process are kept in files there."""

MOVES = Counter("hanafuda_moves", "Moves stored and shown, by who made them (person, bot, clock).",
                ["source"])
TABLES_CREATED = Counter("hanafuda_tables_created", "Tables created (the API, the lobby, quick "
                         "match, rematch).")
ERRORS = Counter("hanafuda_errors", "Errors answered, by kind: http_<status> (429 and every 5xx; "
                 "a database away is http_503) or socket:<code> (an error sent on a table's socket).",
                 ["kind"])
MOVE_SECONDS = Histogram("hanafuda_move_seconds", "From a move's receipt at the table to its "
                         "broadcast to every page (lock wait, checks, storing, building the messages).",
                         buckets=(.002, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5))
COMMIT_SECONDS = Histogram("hanafuda_db_commit_seconds", "Database commits (flush included).",
                           buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5))
OPEN_TABLES = Gauge("hanafuda_open_tables", "Tables held in memory (being played or watched).",
                    multiprocess_mode="livesum")
SOCKETS = Gauge("hanafuda_sockets", "Open table sockets (players and spectators).",
                multiprocess_mode="livesum")
BOT_QUEUE = Gauge("hanafuda_bot_queue", "Bot decisions waiting for or running in the bot pool.",
                  multiprocess_mode="livesum")

_STARTED = "hanafuda_commit_started"


@event.listens_for(Session, "before_commit")
def _commit_starts(session: Session) -> None:
    session.info[_STARTED] = time.perf_counter()


@event.listens_for(Session, "after_commit")
def _commit_done(session: Session) -> None:
    started = session.info.pop(_STARTED, None)
    if started is not None:
        COMMIT_SECONDS.observe(time.perf_counter() - started)


@event.listens_for(Session, "after_rollback")
def _commit_failed(session: Session) -> None:
    session.info.pop(_STARTED, None)


def stored(moves: Sequence[Any], source: str, started: float) -> None:
    """Count the events one submission stored and showed (``TableHub.submit``): its moves (deals
    between rounds are not moves) and, once, the time since ``started`` (its receipt)."""
    played = sum(step.move != NEXT_ROUND for step in moves)
    if played:
        MOVES.labels(source).inc(played)
        MOVE_SECONDS.observe(time.perf_counter() - started)


def observe(hub: TableHub) -> None:
    """Set this process's gauges from ``hub``."""
    tables = list(hub.tables.values())
    OPEN_TABLES.set(len(tables))
    SOCKETS.set(sum(len(t.connections) for t in tables))
    BOT_QUEUE.set(hub.bots.pool.queued)


def process_gone() -> None:
    """At a worker's shutdown: its live gauges leave the sum (multiprocess mode only)."""
    if os.environ.get(MULTIPROC_DIR):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


def exposition() -> bytes:
    """The metrics in Prometheus text format: this process's, or every worker's in multiprocess mode."""
    if not os.environ.get(MULTIPROC_DIR):
        return generate_latest(REGISTRY)
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


class CountErrors:
    """ASGI middleware: counts the HTTP answers 429 and 5xx (kind ``http_<status>``)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def counted(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                status = int(message["status"])
                if status == 429 or status >= 500:
                    ERRORS.labels(f"http_{status}").inc()
            await send(message)

        try:
            await self.app(scope, receive, counted)
        except Exception:  # answered 500 by Starlette's outermost error handler
            if not started:
                ERRORS.labels("http_500").inc()
            raise


router = APIRouter()


@router.get("/metrics")
def metrics(request: Request) -> Response:
    """The metrics; with ``serve --metrics-token`` only for ``Authorization: Bearer <token>``."""
    token: str = getattr(request.app.state, "metrics_token", "")
    if token:
        given = request.headers.get("authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            raise HTTPException(401, "metrics need the token: Authorization: Bearer <token>",
                                headers={"WWW-Authenticate": "Bearer"})
    observe(request.app.state.hub)
    return Response(exposition(), media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})
