"""Moderation (issue 29, "Admin"): bans, reports, closing a table, removing a chat line, exporting
the records of a period, and the admin role — what ``hanafuda admin …`` and the ``/admin`` page do.

Everything is written to the database (migration 0006), so a command run against the same ``--db``
as the servers reaches every server process, also one started before it and one serving the table
from another host:

- a ban is read back by every server (``Moderation.bans``, cached ``BAN_CACHE_SECONDS``): a banned
  address gets 403 on every request and a socket closed with the reason (``BanGate``); a banned
  name cannot sign in, hold a name, sit, chat, report or create tables (``SocialHub.refusal``);
- closing a table and removing a chat line are stored at once (the table's status ``closed``, the
  line deleted) and logged as ``moderation_actions`` rows, which every server polls every
  ``ACTION_POLL_SECONDS`` to tell the sockets it holds (``Moderation.carry_out``).

A refusal raises ``ModerationError`` with its reason; nothing is changed then.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import ipaddress
import json
import logging
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, func, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from .db import Base, TableEventRow, TableRow, seats_of
from .limits import Limit, RateLimited, RateLimiter
from .requests import MAX_CHAT, name_key
from .social.models import ChatRow, PlayerRow

if TYPE_CHECKING:
    from .hub import TableHub
    from .live import Connection, LiveTable
    from .social.service import SocialHub

log = logging.getLogger(__name__)

__all__ = ["ACTION_POLL_SECONDS", "BAN_CACHE_SECONDS", "BANNED_CLOSE", "Ban", "BanGate", "Moderation",
           "ModerationError", "add_ban", "add_report", "close_table", "export_records", "lift_ban",
           "list_bans", "open_tables", "parse_date", "parse_expiry", "recent_chat", "remove_chat", "reports",
           "resolve_report", "set_role"]

BAN_CACHE_SECONDS = 3.0
"""How long a server keeps the bans it read before reading them again: a ban (or its lifting) made
by ``hanafuda admin`` applies everywhere within this many seconds."""
ACTION_POLL_SECONDS = 2.0
"""How often a server looks for a moderator's new actions (a table closed, a chat line removed)."""
BANNED_CLOSE = 4451
"""The close code of a websocket from a banned address (its reason says why)."""
CLOSED = "closed"
"""The status of a table a moderator closed: it ends for everyone (no move, no bot), kept as it was."""
ENDABLE = ("running", "abandoned")
REPORT_LIMIT = Limit(burst=3, every=60.0)
"""Reports from one address: three in a row, then one a minute."""
MAX_REASON = 400


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _aware(at: dt.datetime) -> dt.datetime:
    """SQLite hands back naive datetimes (stored as UTC)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=dt.UTC)


class ModerationError(ValueError):
    """A refused moderation request (an unknown table, a bad address, no reason…); nothing changed.
    ``status`` is the HTTP status the admin page answers with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class BanRow(Base):
    __tablename__ = "moderation_bans"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(8))  # name | address
    value: Mapped[str] = mapped_column(String(64), index=True)  # casefolded name, or address/network
    shown: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(String(400))
    by: Mapped[str] = mapped_column(String(40))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    until: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    lifted: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ReportRow(Base):
    __tablename__ = "moderation_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    reporter: Mapped[str] = mapped_column(String(40))
    reporter_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reporter_key: Mapped[str] = mapped_column(String(64))
    target: Mapped[str] = mapped_column(String(40))
    target_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    chat_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    line: Mapped[str | None] = mapped_column(String(400), nullable=True)
    reason: Mapped[str] = mapped_column(String(400))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    resolved: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    resolved_by: Mapped[str | None] = mapped_column(String(40), nullable=True)


class ActionRow(Base):
    """A moderator's change that the running servers must tell their sockets about."""

    __tablename__ = "moderation_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16))  # close | chat-remove
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    chat_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str] = mapped_column(String(400))
    by: Mapped[str] = mapped_column(String(40))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


Sessions = sessionmaker[Session]
"""A SQLAlchemy ``sessionmaker`` (``sessions()`` to read, ``sessions.begin()`` to write)."""


# -- expiries ----------------------------------------------------------------------------------

_SPAN = re.compile(r"^(\d+)\s*([mhdw])$")
_UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_expiry(until: str | None = None, span: str | None = None,
                 now: dt.datetime | None = None) -> dt.datetime | None:
    """When a ban ends: ``span`` from now (``30m``, ``12h``, ``7d``, ``2w``) or the date/time
    ``until`` (ISO 8601: ``2026-12-31`` or ``2026-12-31T18:00``, UTC unless it says otherwise);
    neither: until lifted.  An expiry in the past is refused."""
    now = now or _now()
    if until and span:
        raise ModerationError("give --until or --for, not both")
    if span:
        found = _SPAN.match(span.strip().lower())
        if not found or int(found.group(1)) <= 0:
            raise ModerationError(f"--for {span!r}: a length such as 30m, 12h, 7d or 2w")
        return now + dt.timedelta(seconds=int(found.group(1)) * _UNITS[found.group(2)])
    if until:
        try:
            at = dt.datetime.fromisoformat(until.strip())
        except ValueError:
            raise ModerationError(f"--until {until!r}: a date such as 2026-12-31 or "
                                  "2026-12-31T18:00") from None
        at = _aware(at)
        if at <= now:
            raise ModerationError(f"--until {until}: that moment is past")
        return at
    return None


def parse_date(text: str, what: str) -> dt.datetime:
    """A date or date/time of a command (ISO 8601; UTC unless it says otherwise)."""
    try:
        return _aware(dt.datetime.fromisoformat(text.strip()))
    except ValueError:
        raise ModerationError(f"{what} {text!r}: a date such as 2026-11-01 or 2026-11-01T18:00") from None


def _reason(text: str | None, required: bool = True) -> str:
    reason = " ".join((text or "").split())
    if required and not reason:
        raise ModerationError("give a reason (it is shown to the banned person and in the lists)")
    if len(reason) > MAX_REASON:
        raise ModerationError(f"a reason has at most {MAX_REASON} characters")
    return reason


def _when(at: dt.datetime | None) -> str:
    return "until lifted" if at is None else _aware(at).strftime("%Y-%m-%d %H:%M UTC")


# -- bans --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Ban:
    """An active ban as the servers keep it."""

    id: int
    kind: str
    value: str
    shown: str
    reason: str
    until: dt.datetime | None
    network: ipaddress.IPv4Network | ipaddress.IPv6Network | None = None

    def active(self, now: dt.datetime) -> bool:
        return self.until is None or _aware(self.until) > now

    def refusal(self) -> str:
        """What the banned person reads (an ``err.banned_*`` text: said in their language)."""
        what = f"the name {self.shown}" if self.kind == "name" else "this address"
        if self.until is None:
            return f"{what} is banned: {self.reason}"
        return f"{what} is banned until {_when(self.until)}: {self.reason}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "value": self.shown, "reason": self.reason,
                "until": None if self.until is None else _aware(self.until).isoformat()}


def _address(value: str) -> tuple[str, ipaddress.IPv4Network | ipaddress.IPv6Network]:
    try:
        network = ipaddress.ip_network(value.strip(), strict=False)
    except ValueError:
        raise ModerationError(f"{value!r} is not an IP address or a network (203.0.113.7, "
                              "2001:db8::/64)") from None
    shown = str(network.network_address) if network.num_addresses == 1 else str(network)
    return shown, network


def _ban_of(row: BanRow) -> Ban:
    network = _address(row.value)[1] if row.kind == "address" else None
    return Ban(row.id, row.kind, row.value, row.shown, row.reason, row.until, network)


def add_ban(sessions: Sessions, *, name: str | None = None, address: str | None = None, reason: str,
            until: dt.datetime | None = None, by: str = "admin") -> Ban:
    """Ban a name (casefolded: "Ann" is "ann") or an address or network, with ``reason``, until
    ``until`` (None: until lifted)."""
    if (name is None) == (address is None):
        raise ModerationError("ban a name or an --address, one at a time")
    why = _reason(reason)
    if until is not None and _aware(until) <= _now():
        raise ModerationError("the ban's end is past")
    if name is not None:
        shown = " ".join(name.split())
        if not shown or len(shown) > 40:
            raise ModerationError("a name to ban has 1 to 40 characters")
        kind, value = "name", name_key(shown)
    else:
        assert address is not None
        shown, _network = _address(address)
        kind, value = "address", shown
    with sessions.begin() as db:
        if kind == "name":  # shown as its holder spells it, when someone holds it
            held = db.scalars(select(PlayerRow.name).where(PlayerRow.name_key == value)).first()
            shown = str(held or shown)
        row = BanRow(kind=kind, value=value, shown=shown, reason=why, by=by[:40], created=_now(), until=until)
        db.add(row)
        db.flush()
        return _ban_of(row)


def lift_ban(sessions: Sessions, *, name: str | None = None, address: str | None = None,
             ban_id: int | None = None) -> int:
    """Lift the active bans of a name, of an address (or network) or the one ban ``ban_id``; how
    many were lifted.  None found is a refusal."""
    if sum(x is not None for x in (name, address, ban_id)) != 1:
        raise ModerationError("unban a name, an --address or an --id, one at a time")
    now = _now()
    where: list[Any] = [BanRow.lifted.is_(None)]
    if ban_id is not None:
        where.append(BanRow.id == ban_id)
    elif name is not None:
        where += [BanRow.kind == "name", BanRow.value == name_key(" ".join(name.split()))]
    else:
        assert address is not None
        where += [BanRow.kind == "address", BanRow.value == _address(address)[0]]
    with sessions.begin() as db:
        rows = [r for r in db.scalars(select(BanRow).where(*where)) if _ban_of(r).active(now)]
        if not rows:
            raise ModerationError("no active ban matches", 404)
        for r in rows:
            r.lifted = now
        return len(rows)


def list_bans(sessions: Sessions) -> list[Ban]:
    """The bans in force (not lifted, not expired), newest first."""
    now = _now()
    with sessions() as db:
        rows = db.scalars(select(BanRow).where(BanRow.lifted.is_(None)).order_by(BanRow.id.desc())).all()
        return [b for b in map(_ban_of, rows) if b.active(now)]


# -- tables and chat ---------------------------------------------------------------------------

def close_table(sessions: Sessions, table_id: str, reason: str = "", by: str = "admin") -> int:
    """End a running (or abandoned) table for everyone: its status becomes ``closed`` (no more
    moves, no bots; every stored move stays), a notice of the table says so in its chat, and the
    servers are told (``ActionRow``).  Returns the notice's chat line id."""
    why = _reason(reason, required=False)
    with sessions.begin() as db:
        row = db.get(TableRow, table_id) if len(table_id) <= 32 else None
        if row is None:
            raise ModerationError(f"no table {table_id!r}", 404)
        if row.status not in ENDABLE:
            raise ModerationError(f"table {table_id} is {row.status} already; only a running table "
                                  "can be closed", 409)
        row.status = CLOSED
        line = ChatRow(table_id=table_id, seat=None, name="", system=True, created=_now(),
                       text=json.dumps({"key": "notice.closed", "args": {"reason": why}} if why
                                       else {"key": "notice.closed_plain", "args": {}}))
        db.add(line)
        db.flush()
        db.add(ActionRow(kind="close", table_id=table_id, chat_id=line.id, reason=why, by=by[:40],
                         created=_now()))
        return int(line.id)


def remove_chat(sessions: Sessions, table_id: str, chat_id: int, by: str = "admin") -> str:
    """Delete one chat line of a table from its history; every page showing it drops it
    (``ActionRow``).  Returns the removed text."""
    with sessions.begin() as db:
        line = db.get(ChatRow, chat_id)
        if line is None or line.table_id != table_id:
            raise ModerationError(f"table {table_id} has no chat line {chat_id}", 404)
        text = str(line.text)
        db.delete(line)
        db.add(ActionRow(kind="chat-remove", table_id=table_id, chat_id=chat_id, reason="", by=by[:40],
                         created=_now()))
        return text


def recent_chat(sessions: Sessions, limit: int = 50, table_id: str | None = None) -> list[dict[str, Any]]:
    """People's chat lines (no notices of the table), newest first."""
    with sessions() as db:
        q = select(ChatRow).where(ChatRow.system.is_(False))
        if table_id is not None:
            q = q.where(ChatRow.table_id == table_id)
        rows = db.scalars(q.order_by(ChatRow.id.desc()).limit(limit)).all()
        return [{"id": r.id, "table": r.table_id, "seat": r.seat, "name": r.name, "text": r.text,
                 "at": _aware(r.created).isoformat()} for r in rows]


def open_tables(sessions: Sessions, limit: int = 100) -> list[dict[str, Any]]:
    """Running and abandoned tables, newest first: what a moderator may close."""
    with sessions() as db:
        rows = db.scalars(select(TableRow).where(TableRow.status.in_(ENDABLE))
                          .order_by(TableRow.created.desc()).limit(limit)).all()
        return [{"id": r.id, "game": r.game, "players": r.players, "status": r.status,
                 "watch": f"/table/{r.id}?token={r.spectator_token}",
                 "created": _aware(r.created).isoformat(),
                 "seats": [s.name for s in seats_of(db, r.id)]} for r in rows]


# -- reports -----------------------------------------------------------------------------------

def add_report(sessions: Sessions, table_id: str, *, reporter: str, reporter_seat: int | None,
               reporter_key: str, reason: str, chat_id: int | None = None,
               target_seat: int | None = None, target_name: str | None = None) -> int:
    """Store a report of a chat line (``chat_id``: its text and author are kept with the report)
    or of a player (``target_seat``, ``target_name``); its id."""
    why = _reason(reason, required=False)
    if len(why) > MAX_CHAT:
        raise ModerationError(f"a report's reason has at most {MAX_CHAT} characters")
    with sessions.begin() as db:
        line_text: str | None = None
        if chat_id is not None:
            line = db.get(ChatRow, chat_id)
            if line is None or line.table_id != table_id or line.system:
                raise ModerationError("no such chat line at this table", 404)
            target, target_seat, line_text = line.name, line.seat, line.text
        else:
            if target_name is None:
                raise ModerationError("report a chat line or a seat")
            target = target_name
        row = ReportRow(table_id=table_id, reporter=reporter[:40], reporter_seat=reporter_seat,
                        reporter_key=reporter_key[:64], target=target[:40], target_seat=target_seat,
                        chat_id=chat_id, line=line_text, reason=why, created=_now())
        db.add(row)
        db.flush()
        return int(row.id)


def reports(sessions: Sessions, include_resolved: bool = False, limit: int = 200) -> list[dict[str, Any]]:
    """The open reports (or every report), oldest first."""
    with sessions() as db:
        q = select(ReportRow)
        if not include_resolved:
            q = q.where(ReportRow.resolved.is_(None))
        rows = db.scalars(q.order_by(ReportRow.id).limit(limit)).all()
        return [{"id": r.id, "table": r.table_id, "reporter": r.reporter, "target": r.target,
                 "target_seat": r.target_seat, "chat_id": r.chat_id, "line": r.line, "reason": r.reason,
                 "at": _aware(r.created).isoformat(),
                 "resolved": None if r.resolved is None else _aware(r.resolved).isoformat(),
                 "resolved_by": r.resolved_by} for r in rows]


def resolve_report(sessions: Sessions, report_id: int, by: str = "admin") -> None:
    with sessions.begin() as db:
        done = db.execute(update(ReportRow).where(ReportRow.id == report_id, ReportRow.resolved.is_(None))
                          .values(resolved=_now(), resolved_by=by[:40]))
        if getattr(done, "rowcount", 0) != 1:
            raise ModerationError(f"no open report {report_id}", 404)


# -- roles -------------------------------------------------------------------------------------

ROLES = ("admin",)


def set_role(sessions: Sessions, name: str, role: str | None) -> str:
    """Give an account (a name with a password) ``role`` (None: take it back); its name."""
    if role is not None and role not in ROLES:
        raise ModerationError(f"roles are: {', '.join(ROLES)}")
    with sessions.begin() as db:
        key = name_key(" ".join(name.split()))
        row = db.scalars(select(PlayerRow).where(PlayerRow.name_key == key)).first()
        if row is None:
            raise ModerationError(f"no player named {name!r}", 404)
        if row.password_hash is None:
            raise ModerationError(f"{row.name} has no account (no password): the admin page needs one to "
                                  "sign in", 409)
        row.role = role
        return str(row.name)


def is_admin(player: PlayerRow | None) -> bool:
    return player is not None and player.password_hash is not None and player.role == "admin"


# -- export ------------------------------------------------------------------------------------

def finished_between(sessions: Sessions, since: dt.datetime, until: dt.datetime | None) -> list[str]:
    """Finished tables whose last move was made in ``[since, until)``, oldest first."""
    with sessions() as db:
        last = (select(TableEventRow.table_id, func.max(TableEventRow.created).label("at"))
                .group_by(TableEventRow.table_id).subquery())
        rows = db.execute(select(TableRow.id, last.c.at).join(last, last.c.table_id == TableRow.id)
                          .where(TableRow.status == "finished")).all()
    picked = [(_aware(at), tid) for tid, at in rows
              if _aware(at) >= since and (until is None or _aware(at) < until)]
    return [tid for _at, tid in sorted(picked)]


def export_records(engine: Any, since: dt.datetime, until: dt.datetime | None, out: Path) -> int:
    """Write the record (RULES.md §8, as ``/api/tables/{id}/record`` gives it) of every table
    finished in the period: into the folder ``out``, one ``<game>-<table>.json`` each (what
    ``hanafuda dataset records`` reads), or into the file ``out`` as JSON lines (``.jsonl``).
    Returns how many; the file or each record is replaced only once complete."""
    from .db import session_factory
    from .storage import TableStore

    if until is not None and until <= since:
        raise ModerationError("--until must come after --since")
    store = TableStore(engine)
    sessions = session_factory(engine)
    ids = finished_between(sessions, since, until)
    lines = out.suffix in (".jsonl", ".ndjson")
    if out.suffix == ".json":
        raise ModerationError(f"{out}: a .json file holds one record; give a folder (one file per "
                              "table) or a .jsonl file (one record a line)")
    if lines:
        if not out.parent.is_dir():
            raise ModerationError(f"{out.parent}: no such folder")
    else:
        if out.exists() and not out.is_dir():
            raise ModerationError(f"{out}: is a file; give a folder, or a .jsonl file for JSON lines")
        out.mkdir(parents=True, exist_ok=True)

    def each() -> Iterator[tuple[str, dict[str, Any]]]:
        for tid in ids:
            table = store.read(tid)
            if table is None or not table.match.finished:
                continue
            yield table.match.config.game.id, {**table.match.to_record(), "meta": {"web": {
                "table": table.id, "seed": table.match.seed, "seeded": table.seeded, "hints": table.hints,
                "seats": [s.name for s in table.seats]}}}

    count = 0
    if lines:
        part = out.with_name(f".{out.name}.part")
        with part.open("w", encoding="utf-8") as f:
            for _game, record in each():
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
                count += 1
        part.replace(out)
        return count
    for game, record in each():
        target = out / f"{game}-{record['meta']['web']['table']}.json"
        part = target.with_name(f".{target.name}.part")
        part.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        part.replace(target)
        count += 1
    return count


# -- the running server ------------------------------------------------------------------------

class Moderation:
    """A server's view of the moderation tables: the bans in force (cached ``ttl`` seconds) and the
    moderators' actions, applied to the tables and sockets of this process as they appear."""

    def __init__(self, sessions: Sessions, ttl: float = BAN_CACHE_SECONDS,
                 poll: float = ACTION_POLL_SECONDS) -> None:
        self.sessions, self.ttl, self.poll = sessions, ttl, poll
        self._bans: tuple[Ban, ...] = ()
        self._read_at = -1e9
        self._guard = threading.Lock()
        self._away: set[str] = set()
        """What could not be read at the last try ("bans", "actions"): logged once per outage."""
        self.last_action: int | None = None
        self._applying: asyncio.Lock | None = None
        self.limiter = RateLimiter(limits={"report": REPORT_LIMIT})

    # bans

    def refresh(self) -> tuple[Ban, ...]:
        """Read the bans in force now (a database read: off the event loop)."""
        bans = tuple(list_bans(self.sessions))
        with self._guard:
            self._bans, self._read_at = bans, time.monotonic()
        return bans

    def refresh_soon(self) -> None:
        """Read the bans again at the next check (this process changed them)."""
        self._read_at = -1e9

    def fresh(self) -> tuple[Ban, ...] | None:
        return self._bans if time.monotonic() - self._read_at < self.ttl else None

    def bans(self) -> tuple[Ban, ...]:
        """The bans in force, read again once ``ttl`` has passed (for the worker threads)."""
        found = self.fresh()
        return found if found is not None else self.refresh()

    async def bans_async(self) -> tuple[Ban, ...]:
        """The bans for the event loop (``BanGate``).  While the database is away the bans last
        read stay in force and it is asked again once ``ttl`` has passed, with one log line per
        outage: nobody is let in or refused for the outage itself."""
        found = self.fresh()
        if found is not None:
            return found
        try:
            bans = await asyncio.to_thread(self.refresh)
        except Exception as exc:
            self._read_at = time.monotonic()
            self._outage("bans", exc)
            return self._bans
        self._away.discard("bans")
        return bans

    def _outage(self, what: str, exc: Exception) -> None:
        if what not in self._away:
            self._away.add(what)
            log.error("could not read the moderation %s (%s); trying again every few seconds",
                      what, type(exc).__name__)

    @staticmethod
    def address_ban(bans: tuple[Ban, ...], host: str) -> Ban | None:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return None
        now = _now()
        for ban in bans:
            if ban.network is not None and address.version == ban.network.version \
                    and address in ban.network and ban.active(now):
                return ban
        return None

    def name_refusal(self, name: str) -> str | None:
        """Why ``name`` may not act (a ban in force), or None (``SocialHub.refusal``)."""
        key, now = name_key(" ".join(name.split())), _now()
        for ban in self.bans():
            if ban.kind == "name" and ban.value == key and ban.active(now):
                return ban.refusal()
        return None

    # actions

    def _new_actions(self) -> list[tuple[int, str, str, int | None, str]]:
        with self.sessions() as db:
            if self.last_action is None:
                self.last_action = int(db.scalar(select(func.max(ActionRow.id))) or 0)
                return []
            rows = db.execute(select(ActionRow.id, ActionRow.kind, ActionRow.table_id, ActionRow.chat_id,
                                     ActionRow.reason).where(ActionRow.id > self.last_action)
                              .order_by(ActionRow.id).limit(200)).all()
        return [(int(r[0]), str(r[1]), str(r[2]), r[3], str(r[4])) for r in rows]

    def _chat_line(self, chat_id: int) -> dict[str, Any] | None:
        from .social.service import SocialHub

        with self.sessions() as db:
            row = db.get(ChatRow, chat_id)
            return None if row is None else SocialHub._chat_json(row)

    async def carry_out(self, hub: TableHub, social: SocialHub) -> int:
        """Apply the moderators' actions stored since the last look to this process's tables and
        sockets; how many."""
        if self._applying is None:
            self._applying = asyncio.Lock()
        async with self._applying:
            actions = await asyncio.to_thread(self._new_actions)
            for aid, kind, table_id, chat_id, reason in actions:
                self.last_action = aid
                table = hub.tables.get(table_id)
                if table is None:
                    continue
                try:
                    if kind == "close":
                        await self._close_here(hub, social, table, chat_id, reason)
                    elif kind == "chat-remove":
                        await social.push(table_id, {"type": "chat-removed", "id": chat_id})
                except Exception:
                    log.exception("moderation action %s on table %s failed", kind, table_id)
            return len(actions)

    async def _close_here(self, hub: TableHub, social: SocialHub, table: LiveTable, chat_id: int | None,
                          reason: str) -> None:
        """The table ends here: no move is taken any more (``TableHub._checked``), its bots and
        turn clock stop, and every page is told in words (the notice in its chat, and a
        ``closed`` message) and shown the table as it stands."""
        async with table.lock:
            table.stopped, table.abandoned = True, False
            if table.bot_task is not None:
                table.bot_task.cancel()
        social.clocks.pop(table.id, None)
        line = await asyncio.to_thread(self._chat_line, chat_id) if chat_id is not None else None
        if line is not None:
            await social.push(table.id, lambda conn: {"type": "chat",
                                                      "message": social.named(table, conn, line)})
        await social.push(table.id, {"type": "closed", "reason": reason})
        async with table.lock:
            await hub.broadcast_here(table)

    async def run(self, hub: TableHub, social: SocialHub) -> None:
        """Forever: look for new actions every ``poll`` seconds."""
        while True:
            try:
                await self.carry_out(hub, social)
                self._away.discard("actions")
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._outage("actions", exc)
            await asyncio.sleep(self.poll)

    # reports from the table socket

    async def report(self, social: SocialHub, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> int:
        """A person at ``table`` reports a chat line (``line``: its id) or a seat's player
        (``seat``), with a ``reason``; rate-limited per address.  The report's id."""
        reason = msg.get("reason", "")
        if not isinstance(reason, str):
            raise ModerationError("a report's reason must be text")
        line, seat = msg.get("line"), msg.get("seat")
        by_line = isinstance(line, int) and not isinstance(line, bool)
        by_seat = (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(table.seats)
                   and seat != conn.seat and table.seats[seat].kind == "human")
        if not by_line and not by_seat:
            raise ModerationError("report a chat line or another person's seat")
        self.limiter.take("report", conn.client or "?")
        reporter = table.seats[conn.seat].name if conn.seat is not None else (
            "Host" if conn.creator else "Spectator")
        refusal = await asyncio.to_thread(self.name_refusal, reporter) if conn.seat is not None else None
        if refusal:
            raise ModerationError(refusal, 403)
        if by_line:
            return await asyncio.to_thread(add_report, self.sessions, table.id, reporter=reporter,
                                           reporter_seat=conn.seat, reporter_key=conn.client,
                                           reason=reason, chat_id=line)
        assert isinstance(seat, int)
        return await asyncio.to_thread(add_report, self.sessions, table.id, reporter=reporter,
                                       reporter_seat=conn.seat, reporter_key=conn.client, reason=reason,
                                       target_seat=seat, target_name=table.seats[seat].name)


class BanGate:
    """ASGI middleware: a request from a banned address gets 403 with the reason, a websocket is
    closed with it (``BANNED_CLOSE``).  Behind ``TrustedProxies`` (inside it), so the address is the
    forwarded client's when the proxy is trusted."""

    def __init__(self, app: Any, moderation: Moderation) -> None:
        self.app, self.moderation = app, moderation

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        bans = await self.moderation.bans_async()
        ban = self.moderation.address_ban(bans, client[0]) if client else None
        if ban is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": BANNED_CLOSE, "reason": ban.refusal()[:120]})
            return
        body = json.dumps({"detail": ban.refusal()}).encode()
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def refusal_of(exc: Exception) -> tuple[int, str]:
    if isinstance(exc, RateLimited):
        return 429, str(exc)
    return getattr(exc, "status", 400), str(exc)
