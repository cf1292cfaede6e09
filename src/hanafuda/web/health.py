"""Health endpoints for a proxy or a supervisor (issue 29, "Health and metrics"; docs/deploy.md).

``GET /healthz``: the process answers (nothing else is looked at: a supervisor restarts a server
whose ``/healthz`` stops answering, and a database outage is no reason to restart it).
``GET /readyz``: the process can serve play now — the database answers a real query, its schema is
at the head revision this server ships (``db.MIGRATIONS``), the bot pool is up — else 503 with each
reason, so a proxy sends players elsewhere until it is ready again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from alembic.script import ScriptDirectory
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .db import MIGRATIONS
from .hub import TableHub

__all__ = ["DB_TIMEOUT", "HEADS", "readiness", "router"]

log = logging.getLogger(__name__)

router = APIRouter()

DB_TIMEOUT = 5.0
"""Seconds the database has to answer ``/readyz``'s query before it counts as away."""

HEADS = frozenset(ScriptDirectory(str(MIGRATIONS)).get_heads())
"""The schema revisions this server's code expects (the head of the shipped migrations)."""

NO_STORE = {"Cache-Control": "no-store"}


def _schema(hub: TableHub) -> set[str]:
    """The database's Alembic revisions, read with a real query (it raises if the database is away)."""
    with hub.sessions() as db:
        return {str(v) for v in db.execute(text("SELECT version_num FROM alembic_version")).scalars()}


async def readiness(hub: TableHub) -> list[str]:
    """Why this server cannot serve play now (empty: it can)."""
    problems = []
    try:
        found = await asyncio.wait_for(asyncio.to_thread(_schema, hub), DB_TIMEOUT)
    except TimeoutError:
        problems.append(f"database: no answer within {DB_TIMEOUT:g} s")
    except SQLAlchemyError as exc:
        problems.append(f"database: unreachable ({type(exc).__name__})")
    else:
        if found != HEADS:
            problems.append(f"database: schema at {', '.join(sorted(found)) or 'nothing'}, this server needs "
                            f"{', '.join(sorted(HEADS))} (run the migrations)")
    trouble = hub.bots.pool.trouble()
    if trouble is not None:
        problems.append(f"bots: {trouble}")
    return problems


@router.get("/healthz")
def healthz() -> JSONResponse:
    """200 while the process answers at all."""
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """200 when the database, its schema and the bot pool are fit to serve; else 503 and why."""
    hub: TableHub = request.app.state.hub
    problems = await readiness(hub)
    if getattr(request.app.state, "draining", False):  # a rolling restart (``rolling``): go elsewhere
        problems.append("restarting: handing its tables over to the other servers")
    if problems != getattr(request.app.state, "not_ready", []):  # logged once a change, not each poll
        request.app.state.not_ready = problems
        if problems:
            log.warning("not ready: %s", "; ".join(problems))
        else:
            log.warning("ready again")
    if problems:
        body: dict[str, Any] = {"status": "unavailable", "problems": problems}
        return JSONResponse(body, status_code=503, headers={**NO_STORE, "Retry-After": "5"})
    return JSONResponse({"status": "ok"}, headers=NO_STORE)
