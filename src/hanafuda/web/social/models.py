"""The social tables (migration 0003): players, seat claims, table settings, ratings, results, chat.

They sit beside the play tables of ``web.db`` on the same ``Base`` and reference ``tables.id``;
a table's play state never depends on them (a server without them plays as before).
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

__all__ = ["ChatRow", "PlayerRow", "RatingRow", "ResultRow", "SecretRow", "SocialSeatRow",
           "SocialTableRow"]


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
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class SocialTableRow(Base):
    """What the lobby adds to a table: turn clock, chat for spectators, rated, quick match, rematch."""

    __tablename__ = "social_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds per decision
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    quick: Mapped[bool] = mapped_column(Boolean, default=False)
    fill_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    settled: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=now)


class SocialSeatRow(Base):
    """A seat's player (once known), whether it is open to anyone, and a link not yet handed out."""

    __tablename__ = "social_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("social_players.id"), nullable=True)
    open: Mapped[bool] = mapped_column(Boolean, default=False)
    pending_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seat's token while nobody has taken it (an open seat, a rematch seat); cleared on hand-out."""


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
