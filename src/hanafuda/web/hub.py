"""The live tables of one server: creating, loading, joining, and every client message.

Moves are applied with the checked ``Match.play`` under the table's lock, written to the
database in the same step (``storage.TableStore.commit``), then broadcast (``messages``).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine

from ..agents import AGENTS, make_agent
from ..records import Match
from ..rules import GAMES
from ..rules.options import OptionError
from ..themes import UnknownThemeError, normalize_theme
from .bots_runner import BotRunner
from .live import MAX_MESSAGE, RATE, Connection, LiveTable, Seat, SeatSpec, TableError
from .messages import is_public, state_message
from .storage import TableStore

log = logging.getLogger(__name__)

__all__ = ["TableHub"]

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
        self.store = TableStore(engine)
        self.bots = BotRunner(self, bot_pause)
        self.tables: dict[str, LiveTable] = {}
        self.on_send: Callable[[LiveTable, int | None, dict[str, Any]], None] | None = None
        """A hook called with every message before it is sent (tests audit what seats get)."""

    @property
    def sessions(self) -> Any:
        """The session factory of the database (tests swap it for one whose database is away)."""
        return self.store.sessions

    @sessions.setter
    def sessions(self, factory: Any) -> None:
        self.store.sessions = factory

    @property
    def bot_pause(self) -> float:
        return self.bots.pause

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
        self.store.insert(table)
        self.tables[table.id] = table
        return table

    @staticmethod
    def _setup_agents(table: LiveTable) -> None:
        table.agents = {s.seat: make_agent(s.bot) for s in table.seats if s.kind == "bot" and s.bot}

    def load(self, table_id: str) -> LiveTable | None:
        """A table from memory, else rebuilt from the database (seed, then every stored event)."""
        if table_id in self.tables:
            return self.tables[table_id]
        table = self.store.read(table_id)
        if table is None:
            return None
        self._setup_agents(table)
        self.tables[table_id] = table
        return table

    def load_running(self) -> list[LiveTable]:
        """Every unfinished table, e.g. at start-up (bots then carry on)."""
        return [t for t in (self.load(i) for i in self.store.running_ids()) if t is not None]

    def list_tables(self) -> list[dict[str, Any]]:
        out = []
        for tid in self.store.recent_ids():
            t = self.load(tid)
            if t is not None:  # a running table offers its spectator ("watch") link
                watch = None if t.match.finished else f"/table/{t.id}?token={t.spectator_token}"
                out.append({**t.summary(), "watch": watch})
        return out

    # -- messages ------------------------------------------------------------------------------

    def state_for(self, table: LiveTable, seat: int | None, creator: bool = False) -> dict[str, Any]:
        """The whole table as ``seat`` may see it (``messages.state_message``)."""
        return state_message(table, seat, creator)

    async def send(self, table: LiveTable, conn: Connection, payload: dict[str, Any]) -> None:
        if self.on_send is not None:
            self.on_send(table, conn.seat, payload)
        try:
            await conn.send(payload)
        except Exception:  # a closed socket: its handler removes it
            pass

    async def broadcast(self, table: LiveTable, extra: dict[str, Any] | None = None) -> None:
        for conn in list(table.connections):
            payload = self.state_for(table, conn.seat, conn.creator)
            if extra and is_public({"kind": "move", "text": extra["move"], "seat": extra["seat"]},
                                   conn.seat):
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
            await self.send(table, conn, self.state_for(table, conn.seat, conn.creator))
        elif kind == "move":
            await self.move(table, conn, msg.get("move"))
        elif kind == "next-round":
            await self.next_round(table, conn)
        elif kind == "bot-takeover":
            await self.takeover(table, conn, msg)
        else:
            await self.error(table, conn, "unknown-type",
                             f"unknown message type {kind!r}; types: move, next-round, state, ping, "
                             "bot-takeover")

    # -- changing a table ----------------------------------------------------------------------

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
            if not self.store.commit(table, "move", conn.seat, text.strip()):
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
            if not self.deal_next(table, conn.seat):
                await self.error(table, conn, "storage", "the new deal could not be saved; please try again")
                return
            await self.broadcast(table, {"seat": conn.seat, "move": "next-round"})
        self.kick_bots(table)

    def deal_next(self, table: LiveTable, seat: int | None) -> bool:
        """Deal the next round and store it (call under the table lock); False if refused."""
        table.match.next_round()
        return self.store.commit(table, "next-round", seat, "next-round")

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
                self.store.seat_to_bot(table.id, seat, bot, name)
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
        self.bots.kick(table)

    async def idle(self, table: LiveTable) -> None:
        """Wait until no bot is thinking (tests)."""
        while table.bot_task is not None and not table.bot_task.done():
            await asyncio.sleep(0.01)
