"""The FastAPI application, built from its routers: pages, API, websocket (DESIGN.md layer 7)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from . import api, pages, ws
from .api import THEME_OF_GAME
from .db import make_engine, migrate
from .hub import TableHub
from .social import install

__all__ = ["THEME_OF_GAME", "create_app"]


def create_app(db_url: str, *, bot_pause: float = 0.8) -> FastAPI:
    """The app on database ``db_url`` (migrated to the newest schema on start)."""
    engine = make_engine(db_url)
    migrate(engine)
    hub = TableHub(engine, bot_pause=bot_pause)

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
    install(app, hub)  # the lobby's social side: names, seats, ratings, chat, clock (issue 15)
    return app
