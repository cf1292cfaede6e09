"""Installing the social side into the web app (``install``, called by ``create_app``): the
language middleware, the one server-side session store, the lobby's ticker, and its HTTP API,
pages and socket messages in modules by concern — ``routes_people`` (pages, names, accounts,
presets), ``routes_tables`` (tables, seats, quick match), ``routes_ratings`` (leaderboards,
player pages) and ``table_socket`` (the page's social messages on the table's one socket), sharing
``route_kit.Kit``.

Every refusal is an HTTP error whose ``detail`` says what was wrong; a refused request changes
nothing.  Identity: the ``hf_session`` cookie of an account, else the browser key sent as
``X-Player-Key``.
"""


from __future__ import annotations

import os

from fastapi import FastAPI

from ..background import run_while_serving
from ..hub import TableHub
from ..limits import account_key
from . import routes_people, routes_ratings, routes_tables, table_socket
from .accounts import SESSION_COOKIE, Sessions
from .i18n import LanguageMiddleware
from .route_kit import Kit
from .service import SocialHub

__all__ = ["install", "keep_days"]


def keep_days(text: str | None) -> float | None:
    """``HANAFUDA_KEEP_ABANDONED_DAYS``: how long unrated abandoned tables are kept (unset: always)."""
    if text is None or not text.strip():
        return None
    try:
        days = float(text)
    except ValueError:
        raise ValueError(f"HANAFUDA_KEEP_ABANDONED_DAYS must be a number of days, not {text!r}") from None
    if not days > 0:
        raise ValueError("HANAFUDA_KEEP_ABANDONED_DAYS must be above 0")
    return days


def install(app: FastAPI, hub: TableHub) -> SocialHub:
    """Add the social routes, the language middleware and the background ticker to ``app``."""
    social = SocialHub(hub, keep_abandoned_days=keep_days(os.environ.get("HANAFUDA_KEEP_ABANDONED_DAYS")))
    app.state.social = social
    app.state.limiter = hub.limiter
    sessions = Sessions(social.secret("session"), lambda: social.sessions)
    app.state.sessions = sessions  # the admin page reads the same server-side sessions
    kit = Kit(social, hub.limiter, sessions)
    for part in (routes_people, routes_tables, routes_ratings):
        app.include_router(part.routes(kit))
    table_socket.install(kit)

    def session_account(cookies: dict[str, str]) -> str:
        """The per-account limit key of a page's live session ("" for none): ``ws`` reads it once
        when a table's socket opens (a database read: off the event loop)."""
        pid = sessions.read(cookies.get(SESSION_COOKIE))
        return "" if pid is None else account_key(pid)

    app.state.session_account = session_account
    app.add_middleware(LanguageMiddleware)
    run_while_serving(app, social.run)
    return social
