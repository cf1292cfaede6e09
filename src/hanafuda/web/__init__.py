"""The web app of ``hanafuda serve`` (DESIGN.md layer 7: an adapter, no rule lives here).

``app.create_app(db_url)`` builds the FastAPI application from routers (``pages``, ``api``,
``ws``); ``hub.TableHub`` runs the live tables (engine on the server, bots off the event loop);
``db`` holds the SQLAlchemy models and runs the Alembic migrations shipped in ``migrations/``;
``cards_svg`` serves the card faces drawn in ``deck``.  docs/web.md lists every module's job.
"""

from __future__ import annotations

__all__ = ["default_db_url"]


def default_db_url() -> str:
    """An SQLite file in the user's data directory (platformdirs)."""
    from pathlib import Path

    from platformdirs import user_data_dir

    directory = Path(user_data_dir("hanafuda", appauthor=False))
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / 'hanafuda.db'}"
