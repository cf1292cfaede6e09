"""Storage: tables, seats and every move, written as they happen (SQLAlchemy 2 + Alembic).

A table is rebuilt exactly from its row (game, players, options, seed) and its ordered
``table_events`` (each move string, and each ``next-round``): ``Match(game, players, options,
seed=seed)`` then the events replayed in order.  Nothing else is needed to resume after a crash.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config as AlembicConfig
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

__all__ = ["OUTAGE", "Base", "DatabaseUnusable", "Outage",
           "SeatRow", "TableEventRow", "TableRow", "make_engine", "migrate",
           "seat_of", "seats_of"]

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x68616E61
"""The PostgreSQL advisory lock key held while migrating (several processes may start at once)."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    theme: Mapped[str] = mapped_column(String(32))
    spectator_token: Mapped[str] = mapped_column(String(64))  # public: the lobby's watch link
    creator_hash: Mapped[str] = mapped_column(String(64))  # SHA-256 of the creator token
    status: Mapped[str] = mapped_column(String(16), default="running", index=True)  # running | finished
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    seeded: Mapped[bool] = mapped_column(Boolean, default=False)  # the creator chose the seed
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the serving process
    lease_until: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # players may ask for a hint
    # what the lobby adds (migration 0005 folded its rows in here: one set of rows per table)
    lobby: Mapped[bool] = mapped_column(Boolean, default=False)  # made by the lobby (seats claimable)
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)  # turn clock, seconds per decision
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    quick: Mapped[bool] = mapped_column(Boolean, default=False)
    fill_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # quick match
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    settled: Mapped[bool] = mapped_column(Boolean, default=False)  # rated once finished


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)  # the seat link's
    claim_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the claiming browser's
    player_id: Mapped[int | None] = mapped_column(ForeignKey("social_players.id", name="fk_seats_player_id"),
                                                  nullable=True)  # the lobby's player, once known
    open: Mapped[bool] = mapped_column(Boolean, default=False)  # listed in the lobby for anyone
    pending_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The seat's token while nobody has taken it (an open seat, a rematch seat); cleared on hand-out."""


class TableEventRow(Base):
    __tablename__ = "table_events"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # move | next-round
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(String(200))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


def seats_of(db: Session, table_id: str) -> list[SeatRow]:
    """A table's seat rows (with the lobby's claims: player, open, pending link), by seat."""
    return list(db.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))


def seat_of(db: Session, table_id: str, seat: int) -> SeatRow | None:
    """One seat's row of a table, or None."""
    return db.scalars(select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)).first()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL with ``synchronous=NORMAL``.

    Why NORMAL and not FULL (issue 28: the fsync of every group commit was a sixth of the server's
    CPU per stored move): in WAL mode a commit is complete once its frames are written to the
    ``-wal`` file, i.e. in the operating system's cache, so a killed server (SIGKILL, a crash of
    the process) loses no acknowledged move — the next open replays the WAL
    (``tests/web/test_restart.py``).  What NORMAL gives up is only a power loss or a crash of the
    operating system before the next checkpoint's fsync: the last moves may then be rolled back,
    the database stays consistent.  ``docs/deploy.md`` says so; PostgreSQL keeps its own setting.

    ``hide_parameters``: an error names its SQL but never the values (seeds, token hashes)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")  # see the docstring
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, hide_parameters=True)


class DatabaseUnusable(RuntimeError):
    """The database cannot be opened and written at start-up (issue 14, defect 7): the message says
    what the database answered and what to check; it names no password, seed or token."""


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (shipped inside the package); a database
    that refuses (read-only, unreachable) raises ``DatabaseUnusable`` with a clear reason."""
    try:
        _migrate(engine)
    except OperationalError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else type(exc).__name__
        where = ("the database file, its -wal and -shm files beside it and their folder must be "
                 "writable by the server" if engine.dialect.name == "sqlite"
                 else "check that the database server is up and that this user may write to it")
        raise DatabaseUnusable(f"the database refused ({reason}): {where}") from None


def _migrate(engine: Engine) -> None:
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        if sqlite:  # SQLite alters a table by copying it: a cascade must not empty its children
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        with conn.begin():
            if engine.dialect.name == "postgresql":  # servers starting together migrate one at a time
                conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()


def session_factory(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)


log = logging.getLogger(__name__)


class Outage:
    """The log of database outages (issue 29: a database that went away logged a traceback every
    0.5 s).  ``failed`` logs one line when an outage starts — what failed and the error's kind,
    never its SQL or parameters — and counts the failures after it; ``ok`` (any success) ends the
    outage with one line giving that count and how long it lasted.  Thread-safe: the failures
    come from the event loop and from the database threads alike."""

    def __init__(self, logger: logging.Logger = log) -> None:
        self.log = logger
        self._lock = threading.Lock()
        self.since: float | None = None
        self.failures = 0

    def failed(self, where: str, exc: BaseException) -> None:
        with self._lock:
            self.failures += 1
            if self.since is not None:
                return
            self.since = time.monotonic()
        self.log.error("database error (%s at %s): the database is unavailable; further failures "
                       "are counted until it answers again", type(exc).__name__, where)

    def ok(self) -> None:
        if self.since is None:  # the common case: no lock taken
            return
        with self._lock:
            if self.since is None:
                return
            lasted, count = time.monotonic() - self.since, self.failures
            self.since, self.failures = None, 0
        self.log.warning("the database answers again after %.1f s (%d failed operations)", lasted, count)


OUTAGE = Outage()
"""This process's outage log: the request handler's 503s and the background loops report here."""
