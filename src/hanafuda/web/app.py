"""The FastAPI application, built from its routers: pages, API, websocket (DESIGN.md layer 7)."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import api, pages, ws
from .cluster import Cluster
from .db import make_engine, migrate
from .hub import TableHub
from .limits import Limits
from .security import SecurityHeaders, content_security_policy
from .social import install

__all__ = ["GC_THRESHOLD", "SERVE_CONFIG", "create_app", "create_app_from_env", "tune_gc"]

SERVE_CONFIG = "HANAFUDA_SERVE_CONFIG"
"""The environment variable through which ``hanafuda serve --workers N`` configures each worker."""

log = logging.getLogger(__name__)


def create_app(db_url: str, *, bot_pause: float = 0.8, limits: Limits | None = None,
               abandon_after: float = 3600.0, lease_seconds: float = 10.0) -> FastAPI:
    """The app on database ``db_url`` (migrated to the newest schema on start); a running table
    with nobody at it for ``abandon_after`` seconds is listed as abandoned.

    On PostgreSQL the app is a member of a cluster (``cluster.Cluster``): any number of processes,
    here or on other hosts, serve the same tables, each table owned by one of them at a time (its
    lease lasts ``lease_seconds``; a process that dies loses its tables that much later)."""
    engine = make_engine(db_url)
    migrate(engine)
    hub = TableHub(engine, bot_pause=bot_pause, limits=limits, abandon_after=abandon_after)
    if engine.dialect.name == "postgresql":
        hub.cluster = Cluster(hub, engine, lease_seconds)

    async def evict_forever() -> None:
        while True:
            await asyncio.sleep(max(1.0, min(60.0, hub.limits.idle_seconds / 2)))
            gone = hub.evict_idle()
            if gone:
                log.info("%d idle tables left memory", len(gone))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            for table in hub.load_running():
                hub.kick_bots(table)
        except SQLAlchemyError as exc:  # the database is away: serve anyway, tables load on demand
            log.error("could not load the running tables at start (%s)", type(exc).__name__)
        evictor = asyncio.get_running_loop().create_task(evict_forever())
        if hub.cluster is not None:
            await hub.cluster.start()
        yield
        evictor.cancel()
        if hub.cluster is not None:
            await hub.cluster.stop()
        hub.bots.pool.shutdown()
        hub.store.writer.close()
        for table in hub.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        engine.dispose()

    app = FastAPI(title="hanafuda", lifespan=lifespan)
    app.state.hub = hub
    app.add_exception_handler(SQLAlchemyError, database_away)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    app.include_router(api.router)
    app.include_router(ws.router)
    install(app, hub)  # the lobby's social side: names, seats, ratings, chat, clock (issue 15)
    app.add_middleware(SecurityHeaders, csp=content_security_policy(pages.STATIC))
    app.add_exception_handler(StarletteHTTPException, pages.not_found)
    return app


async def database_away(request: Request, exc: Exception) -> JSONResponse:
    """Any database failure behind a request: a clear 503, logged without its SQL parameters."""
    log.error("database error on %s %s: %s", request.method, request.url.path, type(exc).__name__)
    return JSONResponse({"detail": "the database is unavailable right now; please try again shortly"},
                        status_code=503, headers={"Retry-After": "5"})


GC_THRESHOLD = 20_000
"""Allocations between two young garbage collections in a server process (Python's default: 700)."""


def tune_gc() -> None:
    """Make the cyclic garbage collector cheap for a server process (call once, after start-up).

    Measured under load (``benchmarks/serve_load.py``, 500 tables): with Python's defaults the
    collector took ~28 % of the server's CPU, ~0.2 s per full collection, one every ~2 s.  Building
    one state message allocates thousands of dicts and lists; with a collection every 700
    allocations a message under construction survived two young collections and was promoted to
    the old generation, where it died, and those promotions triggered the full collections, each
    walking every object of every table and of every imported module.  Now the objects of start-up
    (modules, the app: ~140,000) are frozen out of every collection, and young collections run every
    ``GC_THRESHOLD`` allocations, so a message dies young.  Nothing is left uncollected: cyclic
    garbage is still found, later."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, middle, old)


def create_app_from_env() -> FastAPI:
    """The app of one ``hanafuda serve --workers N`` worker, configured by ``SERVE_CONFIG`` (JSON:
    ``db``, ``bot_pause``, ``abandon_after``, ``lease_seconds`` and the ``limits`` fields)."""
    cfg = json.loads(os.environ[SERVE_CONFIG])
    app = create_app(cfg["db"], bot_pause=float(cfg["bot_pause"]), limits=Limits(**cfg["limits"]),
                      abandon_after=float(cfg["abandon_after"]), lease_seconds=float(cfg["lease_seconds"]))
    tune_gc()
    return app
