"""Writing and reading live tables: every event stored before anyone hears of it.

A table is its row (game, players, options, seed), its seats and its ordered events; memory never
runs ahead of the database: ``append`` stores an event and changes nothing in memory, and the hub
(``TableHub.submit``) puts the new match in place only once it is stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine

from ..records import Match
from .db import SeatRow, TableEventRow, TableRow, seat_of, seats_of, session_factory
from .group_commit import GroupWriter
from .live import LiveTable, Seat

log = logging.getLogger(__name__)

__all__ = ["ENDED", "Event", "TableStore", "apply_event", "follow_event"]

Event = tuple[int, str, int | None, str]
"""A stored event: ``(seq, kind, seat, text)``."""


ENDED = ("stopped", "closed")
"""Statuses of a table that ended before its match did: stopped by its creator (a table of bots),
closed by a moderator (``moderation.close_table``, issue 29).  No move is taken at either."""


class TableStore:
    """The tables of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions: Any = session_factory(engine)
        self.writer = GroupWriter(lambda: self.sessions)

    # -- tables --------------------------------------------------------------------------------

    def insert(self, table: LiveTable, guard: Callable[[Any], None] | None = None,
               owner: tuple[str, Any] | None = None) -> None:
        """Store a new table and its seats in one transaction; ``guard(session)`` runs first in it
        (a cap counted in the database: it raises to refuse), ``owner`` (member, lease end) leases
        the table to its creator in the same step."""
        match = table.match
        cfg = match.config
        with self.sessions.begin() as db:
            if guard is not None:
                guard(db)
            db.add(TableRow(id=table.id, game=cfg.game.id, players=cfg.players,
                            options=dict(cfg.given_options), seed=match.seed, theme=table.theme,
                            spectator_token=table.spectator_token, creator_hash=table.creator_hash,
                            seeded=table.seeded, status="running", hints=table.hints,
                            owner=owner[0] if owner else None, lease_until=owner[1] if owner else None))
            db.flush()
            for s in table.seats:
                db.add(SeatRow(table_id=table.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                               token_hash=s.token_hash, claim_hash=s.claim_hash))

    def read(self, table_id: str) -> LiveTable | None:
        """A table rebuilt from the database alone (seed, then every stored event), or None."""
        with self.sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = seats_of(db, table_id)
            table = LiveTable(id=row.id, match=Match(row.game, row.players, row.options, seed=row.seed),
                              stopped=row.status in ENDED,
                              theme=row.theme,
                              seats=[Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.claim_hash,
                                          open=bool(s.open) and s.pending_token is not None)
                                     for s in seats],
                              spectator_token=row.spectator_token, creator_hash=row.creator_hash,
                              seeded=row.seeded, abandoned=row.status == "abandoned",
                              hints=bool(row.hints))
            self._replay(db, table, row)
        return table

    def running_ids(self) -> list[str]:
        with self.sessions() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.status == "running")).all())

    def recent_ids(self, limit: int = 100) -> list[str]:
        with self.sessions() as db:
            return list(db.scalars(select(TableRow.id).order_by(TableRow.created.desc()).limit(limit)))

    def seats_to_bot(self, table_id: str, names: dict[int, str], bot: str,
                     also: Callable[[Any], None] | None = None) -> None:
        """Hand ``names``' seats (seat → its new name) to ``bot`` in one transaction, with
        ``also(session)``: the caller's own rows of the same change."""
        with self.sessions.begin() as db:
            for seat, name in names.items():
                db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                           .values(kind="bot", bot=bot, name=name))
            if also is not None:
                also(db)

    def set_status(self, table_id: str, status: str) -> None:
        with self.sessions.begin() as db:
            row = db.get(TableRow, table_id)
            if row is not None:
                row.status = status

    def claim_seat(self, table_id: str, seat: int, claim_hash: str) -> bool:
        """Bind an unclaimed seat to a browser's secret; False if another browser claimed it first
        (a conditional update: safe with several server processes on one database)."""
        with self.sessions.begin() as db:
            result = db.execute(update(SeatRow)
                                .where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                       SeatRow.claim_hash.is_(None))
                                .values(claim_hash=claim_hash))
            return bool(getattr(result, "rowcount", 0) == 1)

    def claim_of(self, table_id: str, seat: int) -> str | None:
        with self.sessions() as db:
            row = seat_of(db, table_id, seat)
            return None if row is None else row.claim_hash

    # -- events --------------------------------------------------------------------------------

    @staticmethod
    def _replay(db: Any, table: LiveTable, row: TableRow) -> None:
        """Set ``table``'s match, log and seq to its seed and every stored event; ``table`` is
        changed only once they all applied."""
        match, log_, seq = Match(row.game, row.players, row.options, seed=row.seed), [], 0
        for ev in db.scalars(select(TableEventRow).where(TableEventRow.table_id == row.id)
                             .order_by(TableEventRow.seq)):
            apply_event(match, ev.kind, ev.text)
            log_.append({"seq": ev.seq, "round": len(match.rounds), "kind": ev.kind, "seat": ev.seat,
                         "text": ev.text})
            seq = ev.seq
        table.match, table.log, table.seq = match, log_, seq
        table.words_cache.clear()

    def reload(self, table: LiveTable) -> None:
        """Set ``table`` to exactly what is stored (a copy found behind the database: another
        process wrote its next event).  Raises if the database cannot be read."""
        with self.sessions() as db:
            row = db.get(TableRow, table.id)
            if row is None:
                raise LookupError(f"table {table.id} is not in the database")
            self._replay(db, table, row)

    def stored_event(self, table_id: str, seq: int) -> Event | None:
        """The event stored at ``seq`` of a table, or None."""
        with self.sessions() as db:
            ev = db.scalars(select(TableEventRow).where(TableEventRow.table_id == table_id,
                                                        TableEventRow.seq == seq)).first()
            return None if ev is None else (ev.seq, ev.kind, ev.seat, ev.text)

    async def append(self, table: LiveTable, event: Event, finished: bool) -> str:
        """Store ``event``, the table's next, through the group writer (written with whatever other
        tables write at the same moment, off the event loop).  Changes nothing in memory; answers
        ``"stored"`` once it is durable, ``"refused"`` if the database refused it, ``"behind"`` if
        another process stored this ``seq`` first (the caller then ``reload``s).

        A write the driver reports failed may have landed all the same: the database is asked,
        and an event found stored stands."""
        seq, kind, seat, text = event
        try:
            await self.writer.write(table.id, seq, kind, seat, text, finished)
            return "stored"
        except Exception as exc:
            log.error("could not store %s %r at table %s (%s)", kind, text, table.id, type(exc).__name__)
        try:
            found = await asyncio.to_thread(self.stored_event, table.id, seq)
        except Exception as exc:
            log.error("cannot read table %s back from the database (%s)", table.id, type(exc).__name__)
            return "refused"
        if found is None:
            return "refused"
        return "stored" if found == event else "behind"


def apply_event(match: Match, kind: str, text: str) -> None:
    """Apply one stored event (``move`` or ``next-round``) to ``match``: the replay from storage
    (loading a table, following the owner in ``cluster``).  Live changes go through
    ``TableHub.submit`` alone."""
    if kind == "move":
        match.play(text)
    else:
        match.next_round()


def follow_event(table: LiveTable, seq: int, kind: str, seat: int | None, text: str) -> None:
    """Apply the stored event ``seq``, the next one, to ``table``'s match, log and ``seq`` (another
    process stored it: ``cluster`` follows its owner).  Raises ``ValueError`` if it does not apply."""
    apply_event(table.match, kind, text)
    table.seq = seq
    table.log.append({"seq": seq, "round": len(table.match.rounds), "kind": kind, "seat": seat, "text": text})
