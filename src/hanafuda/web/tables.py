"""Live tables: the engine on the server, bots in worker threads, every move stored first.

Everything a seat receives is built from ``Match.view(seat).to_dict()`` (spectators:
``views.spectator_view``) plus public table facts (seat names, round summaries, the public
standing of captures); nothing else about the match leaves the server while it runs
(DESIGN.md layer 4).  Moves are applied with the checked ``Match.play`` under the table's lock,
written to the database in the same step, then broadcast.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine

from ..agents import AGENTS, Agent, make_agent
from ..engine.match import Match
from ..rules import GAMES
from ..rules.base import RoundScore
from ..rules.options import OptionError
from ..themes import UnknownThemeError, normalize_theme
from ..views import spectator_view
from . import seat_message
from .db import SeatRow, TableEventRow, TableRow, session_factory

log = logging.getLogger(__name__)

__all__ = ["Connection", "LiveTable", "SeatSpec", "TableError", "TableHub", "card_values", "round_summary",
           "yaku_names"]

MAX_MESSAGE = 4096
"""Largest accepted client message in characters (a move is well under 100)."""
BURST = 20
RATE = 10.0
"""Flood control: a bucket of ``BURST`` messages refilled at ``RATE`` per second per connection."""


class TableError(ValueError):
    """A bad table request (unknown game, option, seat layout, theme or bot)."""


@dataclass
class SeatSpec:
    kind: str  # "human" | "bot"
    bot: str | None = None
    name: str = ""


@dataclass
class Seat:
    seat: int
    kind: str
    bot: str | None
    name: str
    token: str


Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    """One websocket: its seat (``None`` for a spectator) and its flood bucket."""

    send: Send
    seat: int | None
    creator: bool = False
    """Opened with the table's creator token: watches like a spectator, may hand seats to bots."""
    theme: str = ""
    """The card names this page shows (its theme chooser); "" is the table's theme."""
    tokens: float = float(BURST)
    last: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(BURST), self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass(eq=False)
class LiveTable:
    id: str
    match: Match
    theme: str
    seats: list[Seat]
    spectator_token: str
    creator_token: str
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    mark: tuple[int, int] = (0, 0)
    """Round number and event count of the match when the last log entry was stored."""
    deferred: dict[int, str] = field(default_factory=dict)
    """A first play sent while another seat's teyaku decision is pending (RULES.md §4.2),
    applied once it is made: to that player the turn looked due."""

    def new_events(self) -> list[Any]:
        """The engine events since the last log entry (what the entry being stored did)."""
        rounds, start = len(self.match.rounds), self.mark[1]
        if rounds != self.mark[0]:
            start = 0
        events = list(self.match.current.events[start:])
        self.mark = (rounds, len(self.match.current.events))
        return events

    def names(self) -> list[str]:
        return seat_message.seat_names([s.name for s in self.seats], [s.bot for s in self.seats])

    @property
    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]

    def role_of(self, token: str) -> tuple[int | None, bool] | None:
        """What a token opens: ``(seat, False)`` for a seat's token, ``(None, False)`` for the
        spectator token, ``(None, True)`` for the creator token (a spectator who may hand seats to
        bots), ``None`` if it opens nothing here."""
        found: tuple[int | None, bool] | None = None
        for s in self.seats:  # compare with every token: the time taken says nothing
            if hmac.compare_digest(s.token, token):
                found = (s.seat, False)
        if hmac.compare_digest(self.spectator_token, token):
            found = (None, False)
        if hmac.compare_digest(self.creator_token, token):
            found = (None, True)
        return found

    def summary(self) -> dict[str, Any]:
        m = self.match
        return {
            "id": self.id,
            "game": m.config.game.id,
            "title": m.config.game.title,
            "players": m.config.players,
            "theme": self.theme,
            "yaku_names": yaku_names(m),
            "card_values": card_values(m),
            "status": "finished" if m.finished else "running",
            "round": len(m.rounds),
            "totals": list(m.totals),
            "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                       "connected": any(c.seat == s.seat for c in self.connections)}
                      for s in self.seats],
        }


def card_values(match: Match) -> list[int]:
    """Each card's value in this match's game and options (RULES.md §1), by card id (0…47): the
    pages put it on the card faces' badges.  By id, not by code: a message to a seat names no
    card it cannot see."""
    return list(match.config.values)


def yaku_names(match: Match) -> dict[str, str]:
    """Display names of the match's yaku and declarable sets by id (the pages show these, not ids)."""
    return {y.id: y.name for y in match.config.yaku}


def round_summary(score: RoundScore) -> dict[str, Any]:
    """A scored round (public once the round is over): card points, yaku, scores and terms."""
    return {
        "card_points": list(score.card_points),
        "yaku": [[{"id": y.id, "name": y.name, "points": y.points} for y in side] for side in score.yaku],
        "scores": list(score.scores),
        "terms": [[{"label": t.label, "value": t.value} for t in side] for side in score.terms],
        "note": score.note,
    }


def _standing(match: Match) -> dict[str, Any]:
    """Card points and yaku held so far, from the capture piles (public information)."""
    st = match.current.standing()
    return {
        "card_points": list(st.card_points),
        "yaku": [[{"id": y.id, "name": y.name, "points": y.points} for y in side] for side in st.yaku],
    }


def _public(entry: dict[str, Any], seat: int | None) -> bool:
    """Whether a log entry may go to ``seat``: a Hana-Awase "keep" is private to its seat, as in
    the engine's views (docs/rules reading 3)."""
    return not (entry["kind"] == "move" and entry["text"] == "keep" and entry["seat"] != seat)


NOTATION = '"play CARD", "play CARD take CARD", "play CARD declare SET", "take CARD", "expose", "keep"'
"""The move forms of RULES.md §7, named in the error for a move that is not in that notation."""


def _refusal(move: str, exc: ValueError, legal: list[str]) -> tuple[str, str]:
    """The error code and text for a refused move: ``bad-move`` when ``move`` is not in the §7
    notation (malformed, an unknown card or set), ``illegal-move`` when it is a move but not a legal
    one now.  The text repeats the refused move, says why, and lists the legal moves."""
    reason = str(getattr(exc, "reason", "") or exc).strip().rstrip(":").strip()
    shown = ", ".join(legal) if legal else "none"
    if reason.startswith(("malformed", "unknown")):
        why = "it is not in the move notation" if reason.startswith("malformed") else reason
        return "bad-move", (f"{move!r} is not a move: {why} (moves are {NOTATION}); "
                            f"legal moves now: {shown}")
    detail = f" ({reason})" if reason and reason != "illegal move" else ""
    return "illegal-move", f"{move!r} is not a legal move now{detail}; legal moves now: {shown}"


class TableHub:
    """All live tables of one server, backed by the database."""

    def __init__(self, engine: Engine, *, bot_pause: float = 0.8) -> None:
        self.engine = engine
        self.sessions = session_factory(engine)
        self.bot_pause = bot_pause
        self.tables: dict[str, LiveTable] = {}
        self.on_send: Callable[[LiveTable, int | None, dict[str, Any]], None] | None = None
        """A hook called with every message before it is sent (tests audit what seats get)."""

    # -- creating and loading ------------------------------------------------------------------

    def create(self, game: str, players: int, options: dict[str, Any], seats: list[SeatSpec],
               theme: str = "hanafuda", seed: int | None = None) -> LiveTable:
        if game not in GAMES:
            raise TableError(f"unknown game {game!r}; games are: {', '.join(GAMES)}")
        try:
            theme = normalize_theme(theme)
        except UnknownThemeError as exc:
            raise TableError(str(exc)) from None
        if len(seats) != players:
            raise TableError(f"{players} players need {players} seats, not {len(seats)}")
        for i, spec in enumerate(seats):
            if spec.kind not in ("human", "bot"):
                raise TableError(f"seat {i}: kind must be human or bot, not {spec.kind!r}")
            if spec.kind == "bot" and spec.bot not in AGENTS:
                raise TableError(f"seat {i}: unknown bot {spec.bot!r}; bots are: {', '.join(AGENTS)}")
        try:
            match = Match(game, players, options, seed=seed if seed is not None else secrets.randbits(62))
        except (OptionError, ValueError) as exc:
            raise TableError(str(exc)) from None
        table = LiveTable(
            id=secrets.token_urlsafe(9),
            match=match,
            theme=theme,
            seats=[Seat(i, s.kind, s.bot if s.kind == "bot" else None,
                        (s.name or (f"{s.bot} bot" if s.kind == "bot" else f"Player {i + 1}"))[:40],
                        secrets.token_urlsafe(18))
                   for i, s in enumerate(seats)],
            spectator_token=secrets.token_urlsafe(18),
            creator_token=secrets.token_urlsafe(18),
        )
        self._setup_agents(table)
        with self.sessions.begin() as db:
            db.add(TableRow(id=table.id, game=game, players=players,
                            options=dict(match.config.given_options), seed=match.seed, theme=theme,
                            spectator_token=table.spectator_token,
                            creator_token=table.creator_token, status="running"))
            db.flush()
            for s in table.seats:
                db.add(SeatRow(table_id=table.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                               token=s.token))
        self.tables[table.id] = table
        return table

    def _setup_agents(self, table: LiveTable) -> None:
        table.agents = {s.seat: make_agent(s.bot) for s in table.seats if s.kind == "bot" and s.bot}

    def load(self, table_id: str) -> LiveTable | None:
        """A table from memory, else rebuilt from the database (seed, then every stored event)."""
        if table_id in self.tables:
            return self.tables[table_id]
        with self.sessions() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                return None
            seats = db.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                               .order_by(SeatRow.seat)).all()
            events = db.scalars(select(TableEventRow).where(TableEventRow.table_id == table_id)
                                .order_by(TableEventRow.seq)).all()
            table = LiveTable(id=row.id, match=Match(row.game, row.players, row.options, seed=row.seed),
                              theme=row.theme,
                              seats=[Seat(s.seat, s.kind, s.bot, s.name, s.token) for s in seats],
                              spectator_token=row.spectator_token, creator_token=row.creator_token)
            self._replay_rows(table, row, events)
        self._setup_agents(table)
        self.tables[table_id] = table
        return table

    @staticmethod
    def _replay(table: LiveTable, game: str, players: int, options: dict[str, Any], seed: int,
                events: list[tuple[int, str, int | None, str]]) -> None:
        """Set ``table``'s match, log and seq to a seed and its events ``(seq, kind, seat, text)``."""
        match = Match(game, players, options, seed=seed)
        log_: list[dict[str, Any]] = []
        seq = 0
        table.match, table.mark = match, (0, 0)
        for ev_seq, kind, seat, text in events:
            if kind == "move":
                match.play(text)
            else:
                match.next_round()
            log_.append({"seq": ev_seq, "round": len(match.rounds), "kind": kind, "seat": seat,
                         "text": text, "events": table.new_events()})
            seq = ev_seq
        table.match, table.log, table.seq = match, log_, seq

    @classmethod
    def _replay_rows(cls, table: LiveTable, row: TableRow, events: Any) -> None:
        cls._replay(table, row.game, row.players, row.options, row.seed,
                    [(ev.seq, ev.kind, ev.seat, ev.text) for ev in events])

    def _undo(self, table: LiveTable) -> None:
        """After a refused write: put the table back to exactly what is stored.

        The database is asked first (it is the truth: if the write did land after all, the event is
        kept); if it cannot even be read, the table is rebuilt from its seed and the events in
        memory, which are exactly the events stored so far (an event joins ``table.log`` only once
        its write has committed).  Never raises: a failure here must not cost the client its answer.
        """
        try:
            with self.sessions() as db:
                row = db.get(TableRow, table.id)
                events = db.scalars(select(TableEventRow).where(TableEventRow.table_id == table.id)
                                    .order_by(TableEventRow.seq)).all()
                if row is None:
                    raise LookupError(f"table {table.id} is not in the database")
                self._replay_rows(table, row, events)
            return
        except Exception as exc:
            log.error("cannot read table %s back from the database (%s); rebuilding it from memory",
                      table.id, exc)
        cfg = table.match.config
        self._replay(table, cfg.game.id, cfg.players, dict(cfg.given_options), table.match.seed,
                     [(e["seq"], e["kind"], e["seat"], e["text"]) for e in table.log])

    def _commit(self, table: LiveTable, kind: str, seat: int | None, text: str) -> bool:
        """Store an event just applied to ``table.match``; True once it is stored.

        If the database refuses, the event is undone (``_undo``) and False is returned, so memory
        never runs ahead of the database."""
        seq = table.seq + 1
        try:
            self._store(table, kind, seat, text)
            return True
        except Exception as exc:
            log.error("could not store %s %r at table %s (%s); undoing it", kind, text, table.id, exc)
            self._undo(table)
            # the write may have landed although the driver reported an error: then it stands
            return table.seq >= seq and table.log[-1]["text"] == text

    def load_running(self) -> list[LiveTable]:
        """Every unfinished table, e.g. at start-up (bots then carry on)."""
        with self.sessions() as db:
            ids = db.scalars(select(TableRow.id).where(TableRow.status == "running")).all()
        return [t for t in (self.load(i) for i in ids) if t is not None]

    def list_tables(self) -> list[dict[str, Any]]:
        with self.sessions() as db:
            rows = db.scalars(select(TableRow).order_by(TableRow.created.desc()).limit(100)).all()
            ids = [r.id for r in rows]
        out = []
        for tid in ids:
            t = self.load(tid)
            if t is not None:  # a running table offers its spectator ("watch") link
                watch = None if t.match.finished else f"/table/{t.id}?token={t.spectator_token}"
                out.append({**t.summary(), "watch": watch})
        return out

    # -- storing -------------------------------------------------------------------------------

    def _store(self, table: LiveTable, kind: str, seat: int | None, text: str) -> None:
        """Write one event; ``table.seq`` and ``table.log`` change only once the write committed."""
        seq = table.seq + 1
        mark = table.mark
        entry = {"seq": seq, "round": len(table.match.rounds), "kind": kind, "seat": seat, "text": text,
                 "events": table.new_events()}
        table.mark = mark  # set only once the write committed (below)
        with self.sessions.begin() as db:
            db.add(TableEventRow(table_id=table.id, seq=seq, kind=kind, seat=seat, text=text))
            if table.match.finished:
                row = db.get(TableRow, table.id)
                if row is not None:
                    row.status = "finished"
        table.seq = seq
        table.mark = (len(table.match.rounds), len(table.match.current.events))
        table.log.append(entry)

    # -- messages ------------------------------------------------------------------------------

    def state_for(self, table: LiveTable, seat: int | None, creator: bool = False,
                  theme: str = "") -> dict[str, Any]:
        """The whole table as ``seat`` may see it (``None``: a spectator), the whole move log included.

        Beside the view: the seats, the legal moves with what each takes, the log in words with
        the cards of every entry, piles by kind, yaku progress and the help
        (``seat_message``), all in the card names of ``theme`` (default: the table's).
        """
        m = table.match
        theme = theme or table.theme
        pv = m.view(seat) if seat is not None else spectator_view(m)
        view = pv.to_dict()
        names = table.names()
        ynames = yaku_names(m)
        log_ = [e for e in table.log if _public(e, seat)]
        return {
            "type": "state",
            "table": table.summary(),
            "theme": theme,
            "you": seat,
            "creator": creator,
            "view": view,
            "seats": seat_message.seats_of(m, names, [s.kind for s in table.seats],
                                           [any(c.seat == s.seat for c in table.connections)
                                            for s in table.seats]),
            "sides": [seat_message.side_name(names, m.config.sides, i) for i in range(len(m.config.sides))],
            "moves": seat_message.move_choices(m, pv, theme, ynames),
            "piles": seat_message.piles_of(m, theme),
            "progress": seat_message.yaku_progress(m, pv.declared),
            "help": seat_message.help_of(m, theme),
            "standing": _standing(m),
            "summaries": [round_summary(r) for r in m.results],
            # numbered by position, not by stored sequence: a skipped private entry (a kept
            # teyaku, RULES.md §4.2) leaves no gap another seat could notice
            "log": [{"seq": i + 1, "round": e["round"], "kind": e["kind"], "seat": e["seat"],
                     "text": e["text"],
                     "cards": seat_message.event_cards(e["events"]) if e["kind"] == "move" else [],
                     "says": (seat_message.log_text(m, e["events"], e["seat"], names, theme, ynames)
                              if e["kind"] == "move" else f"Round {e['round']} dealt")}
                    for i, e in enumerate(log_)],
        }

    async def send(self, table: LiveTable, conn: Connection, payload: dict[str, Any]) -> None:
        if self.on_send is not None:
            self.on_send(table, conn.seat, payload)
        try:
            await conn.send(payload)
        except Exception:  # a closed socket: its handler removes it
            pass

    async def broadcast(self, table: LiveTable, extra: dict[str, Any] | None = None) -> None:
        for conn in list(table.connections):
            payload = self.state_for(table, conn.seat, conn.creator, conn.theme)
            if extra and _public({"kind": "move", "text": extra["move"], "seat": extra["seat"]}, conn.seat):
                payload["event"] = extra
            await self.send(table, conn, payload)

    async def error(self, table: LiveTable | None, conn: Connection, code: str, message: str) -> None:
        payload = {"type": "error", "code": code, "error": message}
        if table is not None:
            await self.send(table, conn, payload)
        else:
            await conn.send(payload)

    async def join(self, table: LiveTable, conn: Connection) -> None:
        table.connections.append(conn)
        await self.broadcast(table)
        self.kick_bots(table)

    async def leave(self, table: LiveTable, conn: Connection) -> None:
        if conn in table.connections:
            table.connections.remove(conn)
            await self.broadcast(table)

    async def handle(self, table: LiveTable, conn: Connection, raw: str) -> None:
        """One client message; any problem is an error to this client only and changes nothing."""
        if not conn.allow():
            await self.error(table, conn, "flood", f"too many messages: at most {RATE:g} a second")
            return
        if len(raw) > MAX_MESSAGE:
            await self.error(table, conn, "too-large", f"message longer than {MAX_MESSAGE} characters")
            return
        try:
            msg = json.loads(raw)
        except ValueError:
            await self.error(table, conn, "bad-json", "message is not valid JSON")
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            await self.error(table, conn, "bad-message", 'a message is an object with a "type"')
            return
        try:
            await self._dispatch(table, conn, msg)
        except Exception:  # a server bug: tell this client, keep the table and the socket
            log.exception("message %r at table %s failed", msg.get("type"), table.id)
            await self.error(table, conn, "server-error", "the server could not handle that message")

    async def _dispatch(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ping":
            await self.send(table, conn, {"type": "pong"})
        elif kind == "state":
            await self.send(table, conn, self.state_for(table, conn.seat, conn.creator, conn.theme))
        elif kind == "move":
            await self.move(table, conn, msg.get("move"))
        elif kind == "next-round":
            await self.next_round(table, conn)
        elif kind == "bot-takeover":
            await self.takeover(table, conn, msg)
        elif kind == "theme":
            await self.set_theme(table, conn, msg.get("theme"))
        else:
            await self.error(table, conn, "unknown-type",
                             f"unknown message type {kind!r}; types: move, next-round, state, ping, "
                             "bot-takeover, theme")

    async def set_theme(self, table: LiveTable, conn: Connection, theme: Any) -> None:
        """The page's card names changed: every text it gets is now in ``theme`` (RULES.md §1)."""
        try:
            conn.theme = normalize_theme(theme if isinstance(theme, str) else "")
        except UnknownThemeError as exc:
            await self.error(table, conn, "bad-message", str(exc))
            return
        await self.send(table, conn, self.state_for(table, conn.seat, conn.creator, conn.theme))

    async def move(self, table: LiveTable, conn: Connection, text: Any) -> None:
        if conn.seat is None:
            await self.error(table, conn, "spectator", "spectators cannot play")
            return
        if not isinstance(text, str) or not text.strip():
            await self.error(table, conn, "bad-move", 'a move message needs "move": a move string')
            return
        if table.seats[conn.seat].kind == "bot":
            await self.error(table, conn, "bot-seat",
                             "a bot plays this seat now (the table's creator handed it over)")
            return
        async with table.lock:
            m = table.match
            if m.to_move != conn.seat:
                await self.error(table, conn, "not-your-turn",
                                 "it is not your turn" if m.to_move is not None
                                 else "no move is due now (the round is over)")
                return
            try:
                m.play(text.strip())
            except ValueError as exc:
                code, message = _refusal(text.strip(), exc, m.legal_moves())
                await self.error(table, conn, code, message)
                return
            if not self._commit(table, "move", conn.seat, text.strip()):
                await self.error(table, conn, "storage", "the move could not be saved; please try again")
                return
            await self.broadcast(table, {"seat": conn.seat, "move": text.strip()})
        self.kick_bots(table)

    async def next_round(self, table: LiveTable, conn: Connection) -> None:
        if conn.seat is None:
            await self.error(table, conn, "spectator", "spectators cannot deal")
            return
        async with table.lock:
            if not table.match.round_over or table.match.finished:
                await self.error(table, conn, "not-now", "the round is not over" if not
                                 table.match.finished else "the match is over")
                return
            if not self._deal_next(table, conn.seat):
                await self.error(table, conn, "storage", "the new deal could not be saved; please try again")
                return
            await self.broadcast(table, {"seat": conn.seat, "move": "next-round"})
        self.kick_bots(table)

    def _deal_next(self, table: LiveTable, seat: int | None) -> bool:
        table.match.next_round()
        return self._commit(table, "next-round", seat, "next-round")

    async def takeover(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """The creator hands a seat whose player has left to a bot."""
        token, seat, bot = msg.get("creator_token"), msg.get("seat"), msg.get("bot", "greedy")
        if not conn.creator and (not isinstance(token, str)
                                 or not hmac.compare_digest(token, table.creator_token)):
            await self.error(table, conn, "forbidden", "only the table's creator can hand a seat to a bot "
                             "(open the table with the creator link)")
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats) \
                or not isinstance(bot, str) or bot not in AGENTS:
            await self.error(table, conn, "bad-message", "bot-takeover needs a seat number (0 to "
                             f"{len(table.seats) - 1}) and a bot: {', '.join(AGENTS)}")
            return
        async with table.lock:
            s = table.seats[seat]
            if s.kind != "human":
                await self.error(table, conn, "not-now", f"seat {seat + 1} is already played by a bot")
                return
            if any(c.seat == seat for c in table.connections):
                await self.error(table, conn, "not-now", f"{s.name} is still at the table; a seat is "
                                 "handed to a bot only once its player has left")
                return
            if table.match.finished:
                await self.error(table, conn, "not-now", "the match is over")
                return
            name = f"{s.name} ({bot} bot)"[:60]
            try:
                with self.sessions.begin() as db:
                    row = db.scalars(select(SeatRow).where(SeatRow.table_id == table.id,
                                                           SeatRow.seat == seat)).one()
                    row.kind, row.bot, row.name = "bot", bot, name
            except Exception as exc:
                log.error("could not store the bot takeover at table %s (%s)", table.id, exc)
                await self.error(table, conn, "storage", "the change could not be saved; please try again")
                return
            s.kind, s.bot, s.name = "bot", bot, name
            self._setup_agents(table)
            await self.broadcast(table)
        self.kick_bots(table)

    # -- bots ----------------------------------------------------------------------------------

    def kick_bots(self, table: LiveTable) -> None:
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        while True:
            m = table.match
            if m.finished:
                return
            seat = m.to_move
            if seat is None:
                if table.humans:
                    return  # a person deals the next round when ready
                await asyncio.sleep(self.bot_pause)
                dealt = True
                async with table.lock:
                    if table.match.round_over and not table.match.finished:
                        dealt = self._deal_next(table, None)
                        if dealt:
                            await self.broadcast(table, {"seat": None, "move": "next-round"})
                if not dealt:
                    await asyncio.sleep(1.0)  # the database is away: try again a little later
                continue
            agent = table.agents.get(seat)
            if agent is None:
                return
            await asyncio.sleep(self.bot_pause)
            m = table.match  # a refused write may have rebuilt the match meanwhile
            if m.to_move != seat:
                continue
            view = m.view(seat)
            stamp = table.seq
            rng = random.Random(f"{m.seed}:bot:{seat}:{len(m.rounds)}:{len(m.current.moves)}")
            try:
                move = await asyncio.to_thread(agent.choose, view, view.legal, rng)
            except Exception:  # a bot bug must not stall the table: fall back to a legal move
                log.exception("bot at table %s seat %d failed; playing a random legal move", table.id, seat)
                move = rng.choice(view.legal)
            if move not in view.legal:
                log.error("bot at table %s seat %d chose %r, not a legal move; playing a random one",
                          table.id, seat, move)
                move = rng.choice(view.legal)
            async with table.lock:
                if table.seq != stamp or table.match.to_move != seat:
                    continue
                table.match.play(move)
                stored = self._commit(table, "move", seat, move)
                if stored:
                    await self.broadcast(table, {"seat": seat, "move": move})
            if not stored:
                await asyncio.sleep(1.0)  # the database is away: try again a little later

    async def idle(self, table: LiveTable) -> None:
        """Wait until no bot is thinking (tests)."""
        while table.bot_task is not None and not table.bot_task.done():
            await asyncio.sleep(0.01)
