"""The FastAPI application, built from its routers: pages, API, websocket (DESIGN.md layer 7)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response

from . import admin_page, api, health, lobby, logs, metrics, pages, rolling, ws
from .background import run_while_serving
from .cluster import Cluster
from .db import OUTAGE, make_engine, migrate
from .gc_policy import collect_if_grown, tune_gc
from .hub import TableHub
from .limits import Limits, SocketCount
from .live import CapacityError, TableError
from .replay import ReplayRefused
from .requests import TextError
from .security import (
    BodyLimit,
    SecurityHeaders,
    TrustedProxies,
    content_security_policy,
    parse_forwarded_allow_ips,
    parse_public_urls,
)
from .social.service import SocialError
from .social.setup import install

__all__ = ["SERVE_CONFIG", "create_app", "create_app_from_env"]

SERVE_CONFIG = "HANAFUDA_SERVE_CONFIG"
"""The environment variable through which ``hanafuda serve --workers N`` configures each worker."""

log = logging.getLogger(__name__)

GC_CHECK_SECONDS = 5.0
"""How often the app looks whether the frozen objects grew enough for a full collection."""
METRICS_SECONDS = 5.0
"""How often a process sets its gauges (``metrics.observe``; a scrape of this process also does)."""


def create_app(db_url: str, *, bot_pause: float = 0.8, limits: Limits | None = None,
               abandon_after: float = 3600.0, lease_seconds: float = 10.0,
               forwarded_allow_ips: str = "", metrics_token: str = "", public_urls: str = "") -> FastAPI:
    """The app on database ``db_url`` (migrated to the newest schema on start); a running table
    with nobody at it for ``abandon_after`` seconds is listed as abandoned.

    On PostgreSQL the app is a member of a cluster (``cluster.Cluster``): any number of processes,
    here or on other hosts, serve the same tables, each table owned by one of them at a time (its
    lease lasts ``lease_seconds``; a process that dies loses its tables that much later).

    ``forwarded_allow_ips`` lists the reverse proxies whose ``X-Forwarded-For``/``-Proto`` are
    believed (``security.TrustedProxies``); empty, no peer's are.  ``metrics_token``: ``/metrics``
    answers only to ``Authorization: Bearer <token>`` (empty: to anyone) (issue 29).
    ``public_urls`` (``serve --public-url``, comma-separated): the addresses people open the
    server at, the only origins besides this machine's pages whose POSTs and websockets are
    accepted (``security.allowed_origin``)."""
    proxies = parse_forwarded_allow_ips(forwarded_allow_ips)
    origins = parse_public_urls(public_urls)
    engine = make_engine(db_url)
    migrate(engine)
    hub = TableHub(engine, bot_pause=bot_pause, limits=limits, abandon_after=abandon_after)
    if engine.dialect.name == "postgresql":
        hub.cluster = Cluster(hub, engine, lease_seconds)

    def evict() -> None:
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
        if hub.cluster is not None:
            await hub.cluster.start()
        # SIGTERM hands the tables over before uvicorn stops (``rolling``: rolling restarts)
        restore_sigterm = rolling.install(app, hub)
        yield
        restore_sigterm()
        metrics.process_gone()
        if hub.cluster is not None:
            await hub.cluster.stop()
        hub.bots.pool.shutdown()
        hub.store.writer.close()
        for table in hub.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        engine.dispose()

    app = FastAPI(title="hanafuda", lifespan=lifespan)
    # idle tables leave memory; a full collection once memory grew (gc_policy); this process's
    # gauges kept current for the other workers' scrapes (metrics.observe)
    every = ((max(1.0, min(60.0, hub.limits.idle_seconds / 2)), evict), (GC_CHECK_SECONDS, collect_if_grown),
             (METRICS_SECONDS, partial(metrics.observe, hub)))
    for seconds, work in every:
        run_while_serving(app, partial(_every, seconds, work))
    app.state.hub = hub
    app.state.draining = False
    app.state.metrics_token = metrics_token
    app.state.public_origins = origins
    app.state.socket_count = SocketCount()  # the sockets per address (ws.py), over every process
    if hub.cluster is not None:
        hub.cluster.share_sockets(app.state.socket_count)
    app.add_exception_handler(SQLAlchemyError, database_away)
    for refusal in (SocialError, TextError, TableError, CapacityError, ReplayRefused):
        app.add_exception_handler(refusal, refused)
    for part in (health, metrics, pages, api, lobby, ws):
        app.include_router(part.router)
    app.mount("/static", RevalidatedStaticFiles(directory=pages.STATIC), name="static")
    social = install(app, hub)  # the lobby's social side: names, seats, ratings, chat, clock (issue 15)
    app.add_middleware(BodyLimit)  # no body over the largest a route takes reaches any route
    app.add_middleware(SecurityHeaders, csp=content_security_policy(pages.STATIC))
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN, compresslevel=6)
    app.add_middleware(metrics.CountErrors)
    app.add_middleware(logs.RequestIds)  # an id for each request's log lines (``serve --log-format json``)
    # bans, reports, the admin page (issue 29): the ban gate inside TrustedProxies (the forwarded address)
    admin_page.install(app, hub, social)
    if proxies:  # added last, so outermost: every route and limit sees the forwarded client
        app.add_middleware(TrustedProxies, proxies=proxies)
    app.add_exception_handler(StarletteHTTPException, pages.not_found)
    return app


GZIP_MIN = 500
"""Answers (HTML, JS, CSS, JSON) of at least this many bytes are gzip-compressed for a browser
that accepts it (issue 28); smaller ones gain nothing.  Websocket messages have their own
compression (``ws_protocol``)."""
STATIC_CACHE = "no-cache"
"""``Cache-Control`` of the static files: a browser keeps them and revalidates each use (their
``ETag``/``Last-Modified`` answer ``304``), so a new release is never hidden behind a stale copy."""


class RevalidatedStaticFiles(StaticFiles):
    """The static files with ``Cache-Control: no-cache`` (``STATIC_CACHE``)."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = STATIC_CACHE
        return response


async def _every(seconds: float, work: Callable[[], object]) -> None:
    """``work()`` every ``seconds`` while the app serves (``run_while_serving``)."""
    while True:
        await asyncio.sleep(seconds)
        work()


async def refused(request: Request, exc: Exception) -> JSONResponse:
    """The one answer of a refused request, whatever refused it — a lobby rule (``SocialError``), a
    name or chat line (``TextError``), a table the server will not make (``TableError``) or may not
    make now (``CapacityError``: 503), a replay it will not build (``ReplayRefused``): the error's
    ``status`` (400 unless it says) and message, ``Retry-After`` on a 503.  Nothing changed."""
    status = 503 if isinstance(exc, CapacityError) else int(getattr(exc, "status", 400))
    wait = {"Retry-After": "60" if isinstance(exc, CapacityError) else "5"} if status == 503 else None
    return JSONResponse({"detail": str(exc)}, status_code=status, headers=wait)


async def database_away(request: Request, exc: Exception) -> JSONResponse:
    """Any database failure behind a request: a clear 503, logged without its SQL parameters."""
    OUTAGE.failed(f"{request.method} {request.url.path}", exc)  # one line an outage, not one a request
    return JSONResponse({"detail": "the database is unavailable right now; please try again shortly"},
                        status_code=503, headers={"Retry-After": "5"})


def create_app_from_env() -> FastAPI:
    """The app of one ``hanafuda serve --workers N`` worker, configured by ``SERVE_CONFIG`` (JSON:
    ``db``, ``bot_pause``, ``abandon_after``, ``lease_seconds``, ``forwarded_allow_ips``,
    ``metrics_token``, ``public_urls`` and the ``limits`` fields)."""
    cfg = json.loads(os.environ[SERVE_CONFIG])
    app = create_app(cfg["db"], bot_pause=float(cfg["bot_pause"]), limits=Limits(**cfg["limits"]),
                      abandon_after=float(cfg["abandon_after"]), lease_seconds=float(cfg["lease_seconds"]),
                      forwarded_allow_ips=str(cfg.get("forwarded_allow_ips", "")),
                      metrics_token=str(cfg.get("metrics_token", "")),
                      public_urls=str(cfg.get("public_urls", "")))
    tune_gc()
    return app
