"""The FastAPI application, built from its routers: pages, API, websocket (DESIGN.md layer 7)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import api, pages, ws
from .api import THEME_OF_GAME
from .db import make_engine, migrate
from .hub import TableHub

__all__ = ["THEME_OF_GAME", "create_app"]


def create_app(db_url: str, *, bot_pause: float = 0.8, abandon_after: float = 3600.0) -> FastAPI:
    """The app on database ``db_url`` (migrated to the newest schema on start); a running table
    with nobody at it for ``abandon_after`` seconds is listed as abandoned."""
    engine = make_engine(db_url)
    migrate(engine)
    hub = TableHub(engine, bot_pause=bot_pause, abandon_after=abandon_after)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table in hub.load_running():
            hub.kick_bots(table)
        yield
        for table in hub.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        engine.dispose()

    app = FastAPI(title="hanafuda", lifespan=lifespan)
    app.state.hub = hub
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    app.include_router(api.router)
    app.include_router(ws.router)
    app.add_exception_handler(StarletteHTTPException, pages.not_found)
    return app
