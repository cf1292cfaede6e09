"""The social tables (migration 0003): players, ratings, results, chat, server secrets.

They sit beside the play tables of ``web.db`` on the same ``Base`` and reference ``tables.id``; a
table's lobby settings and seat claims are columns of its own rows (``TableRow``, ``SeatRow``:
one set of rows per table, migration 0005).
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from ..db import Base

__all__ = ["ChatRow", "PlayerRow", "RatingRow", "ResultRow", "SecretRow"]


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class PlayerRow(Base):
    """A display name held by a browser (``key_hash``) and, for an account, a password hash."""

    __tablename__ = "social_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # casefolded: one owner per name
    key_hash: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    role: Mapped[str | None] = mapped_column(String(16), nullable=True)  # "admin": the admin page (0006)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingRow(Base):
    __tablename__ = "social_ratings"
    __table_args__ = (UniqueConstraint("player_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("social_players.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer, default=0)


class ResultRow(Base):
    """One player's finished rated match: place, total and the rating before and after."""

    __tablename__ = "social_results"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("social_players.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    place: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatRow(Base):
    __tablename__ = "social_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator or the table
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(400))
    system: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class SecretRow(Base):
    """Server secrets kept across restarts (the session-cookie signing key)."""

    __tablename__ = "social_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
