"""The social side of live tables: who sits where, open seats, quick match, chat, the turn clock,
rematch and ratings.  It changes a match only through the table hub's one door (``submit``: the
turn clock's moves and deals), so every rule check and every write of the hub applies.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ...agents import AGENTS, find_level
from ...engine.visibility import move_only
from ...rules import GAMES
from ...views import PlayerView, turn_seen_by
from ...words import Namer, describe_move
from ...words.languages import game_title
from ..bot_pool import decide
from ..db import OUTAGE, SeatRow, TableEventRow, TableRow, seat_of, seats_of
from ..hub import TableHub
from ..live import NEXT_ROUND, CapacityError, Connection, LiveTable, NewTokens, SeatSpec
from ..lobby import seat_label
from ..messages import table_namer
from ..requests import check_chat
from .accounts import hash_key, new_key
from .models import ChatRow, PlayerRow, RatingRow, ResultRow, SecretRow, now
from .ratings import BOT_RATINGS, MODEL, Entrant, places, rate

log = logging.getLogger(__name__)

__all__ = ["CLOCK_CHOICES", "MAX_WAIT", "SeatPlan", "SocialError", "SocialHub", "role"]

CLOCK_CHOICES = (15, 30, 60, 120, 300)
"""Seconds a seat may think before the greedy bot moves for it (the lobby offers these)."""
MAX_WAIT = 600
"""Longest quick-match wait before bots fill the free seats, in seconds."""
FILL_BOT = "greedy"
CLOCK_BOT = "greedy"


def clock_move_args(table: LiveTable, seat: int, view: PlayerView, move: str, limit: int) -> dict[str, Any]:
    """The data of the notice of a move the turn clock made (``clock.move``): the seat, the
    clock's seconds, the bot and the move as the page names it in its language and card names —
    the kind of move, the card played or turned over and the cards it took, never its notation
    (RULES.md §7); ``view`` is the seat's view before the move."""
    namer = Namer(table.match.config, table.theme, None, tuple(s.name for s in table.seats))
    said = describe_move(view, move, namer)
    return {"seat": seat, "s": limit, "bot": CLOCK_BOT, "kind": said.kind, "outcome": said.outcome,
            "card": said.card, "takes": list(said.takes)}


OPEN_NAME = "Open seat"
"""The name stored for an open seat until someone takes it (kept for the rows and pages that read
it); a person never reads it as stored: the seat is marked open (``Seat.open``, ``SeatRow.open``)
and named from that in the page's language ("空席", "빈 자리": ``lobby.seat_label``)."""
CHAT_HISTORY = 100

P = ParamSpec("P")
R = TypeVar("R")


class SocialError(ValueError):
    """A refused social request; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class SeatPlan:
    """One seat asked for at creation: ``me`` (the creator), ``invite`` (a private link), ``open``
    (listed in the lobby for anyone) or ``bot``."""

    kind: str
    bot: str | None = None


@dataclass
class Created:
    table: LiveTable
    links: dict[int, str]  # seat → path with token, for seats whose link goes to the creator
    creator_token: str


def role(table: LiveTable, token: str) -> tuple[int | None, bool] | None:
    """What ``token`` opens at ``table`` as ``(seat, creator)`` (seat ``None``: a spectator), or None."""
    found = table.role_of(token) if token and len(token) <= 100 else None
    return None if found is None else (found.seat, found.creator)


@dataclass(frozen=True)
class Finish:
    """What rating a finished table needs, copied on the event loop for the worker thread."""

    table_id: str
    game: str
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    totals: list[int]
    seats: list[tuple[int, str, str | None]]  # seat, kind, bot


@dataclass
class Settings:
    clock: int | None
    spectator_chat: bool
    rated: bool
    hints: bool = False
    """Players may ask for a hint (issue 13); never with ``rated`` (``SocialHub.create`` refuses)."""


@dataclass
class SocialHub:
    hub: TableHub
    clocks: dict[str, int] = field(default_factory=dict)
    settled: set[str] = field(default_factory=set)
    _turn_seen: dict[str, tuple[int, int | None, float]] = field(default_factory=dict)
    tick: float = 0.5
    keep_abandoned_days: float | None = None
    """Delete unrated tables nobody moved at for this many days (None: keep every table)."""
    refusal: Callable[[str], str | None] | None = None
    """Why a name may not act now (a moderator's ban, ``moderation.Moderation.name_refusal``), or
    None; set by ``moderation.install``.  A thread-side check: it may read the database."""

    def refuse_banned(self, name: str) -> None:
        """Refuse (403, the ban's reason) a banned name: it may not hold a name, sign in, sit, chat,
        create tables or ask for a rematch (issue 29, "Admin").  Runs in a worker thread."""
        said = self.refusal(name) if self.refusal is not None and name else None
        if said:
            raise SocialError(said, 403)

    @property
    def sessions(self) -> Any:
        return self.hub.sessions

    async def db(self, work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``work(*args, **kwargs)`` in a worker thread: the way every coroutine here reaches the
        database, so a slow disk flush holds up only its caller, never the event loop that serves
        every table (issue 14, "writes off the event loop").  ``work`` opens its own session and
        touches nothing the loop owns (live tables, sockets, locks): it gets ids and plain
        values, and the caller applies what it answers back on the loop."""
        return await asyncio.to_thread(work, *args, **kwargs)

    # -- secrets and players -------------------------------------------------------------------

    def secret(self, name: str) -> str:
        """A server secret, made once and kept in the database (sessions survive a restart, and
        every server process on one database signs with the same secret).  Processes starting
        together may both try to make it: the one whose insert loses reads the winner's."""
        for _attempt in range(2):
            try:
                with self.sessions.begin() as db:
                    row = db.get(SecretRow, name)
                    if row is None:
                        row = SecretRow(name=name, value=secrets.token_urlsafe(48))
                        db.add(row)
                    return str(row.value)
            except IntegrityError:
                continue  # another process inserted it first: read it on the next attempt
        raise RuntimeError(f"could not make or read the server secret {name!r}")

    def player(self, player_id: int) -> PlayerRow | None:
        with self.sessions() as db:
            return db.get(PlayerRow, player_id)  # type: ignore[no-any-return]

    def player_by_key(self, key: str | None) -> PlayerRow | None:
        """The player a browser key ("<id>.<secret>") holds, or None."""
        if not key or len(key) > 100 or "." not in key:
            return None
        pid, _, _secret = key.partition(".")
        if not pid.isdigit():
            return None
        found = self.player(int(pid))
        if found is None or not secrets.compare_digest(found.key_hash, hash_key(key)):
            return None
        return found

    def player_by_name(self, name_key: str) -> PlayerRow | None:
        with self.sessions() as db:
            return db.scalars(select(PlayerRow).where(PlayerRow.name_key == name_key)).first()  # type: ignore[no-any-return]

    def new_player(self, name: str, name_key: str, password_hash: str | None = None) -> tuple[PlayerRow, str]:
        """A new player holding ``name``; returns it and its browser key.  A taken name is refused."""
        self.refuse_banned(name)
        with self.sessions.begin() as db:
            if db.scalars(select(PlayerRow.id).where(PlayerRow.name_key == name_key)).first() is not None:
                raise SocialError(f"the name {name!r} is taken; please pick another", 409)
            row = PlayerRow(name=name, name_key=name_key, key_hash="-", password_hash=password_hash)
            db.add(row)
            db.flush()
            key = f"{row.id}.{new_key()}"
            row.key_hash = hash_key(key)
        return row, key

    def new_key_for(self, player_id: int) -> str:
        """A fresh browser key for a player who logged in (older browsers keep working by cookie)."""
        key = f"{player_id}.{new_key()}"
        with self.sessions.begin() as db:
            row = db.get(PlayerRow, player_id)
            if row is None:
                raise SocialError("no such player", 404)
            self.refuse_banned(row.name)  # signing in (a new key) is refused to a banned name
            row.key_hash = hash_key(key)
        return key

    def set_password(self, player_id: int, password_hash: str) -> None:
        with self.sessions.begin() as db:
            row = db.get(PlayerRow, player_id)
            if row is None:
                raise SocialError("no such player", 404)
            if row.password_hash is not None:
                raise SocialError("this name already has an account; log in instead", 409)
            self.refuse_banned(row.name)
            row.password_hash = password_hash

    # -- creating tables -----------------------------------------------------------------------

    async def create(self, creator: PlayerRow, game: str, players: int, options: dict[str, Any],
                     plans: list[SeatPlan], theme: str, settings: Settings, *, quick: bool = False,
                     wait: int | None = None, rematch_of: str | None = None,
                     names: list[str] | None = None, seat_players: list[int | None] | None = None) -> Created:
        """A table with the creator seated (``me``), invitations, open seats and bots.  The table and
        its lobby rows are stored in one worker thread before the table is served."""
        await self.db(self.refuse_banned, creator.name)
        if len(plans) != players:
            raise SocialError(f"{players} players need {players} seats, not {len(plans)}")
        # a table the creator only watches (walk41 finding 16: choosing a bot for seat 1 snapped
        # back to "You"): no seat of theirs, a bot at every seat, unrated (no person to rate)
        watch = all(p.kind == "bot" for p in plans)
        if rematch_of is None and sum(p.kind == "me" for p in plans) != 1 and not watch:
            raise SocialError("exactly one seat is yours (kind \"me\"), or none when a bot plays "
                              "every seat (a table you watch)")
        if watch and settings.rated:
            raise SocialError("a table of bots only is not rated: make it unrated to watch it")
        for i, p in enumerate(plans):
            if p.kind not in ("me", "invite", "open", "bot"):  # a bot's name: checked by the hub
                raise SocialError(f"seat {i + 1}: kind must be me, invite, open or bot, not {p.kind!r}")
        if settings.hints and settings.rated:
            raise SocialError("hints are off in rated play: make the table unrated to allow hints")
        if settings.clock is not None and settings.clock not in CLOCK_CHOICES:
            raise SocialError(f"the turn clock is one of {', '.join(map(str, CLOCK_CHOICES))} seconds "
                              "or none")
        named = {"me": creator.name, "open": OPEN_NAME, "bot": ""}  # an invited seat: "Guest N"
        specs = [SeatSpec("bot" if p.kind == "bot" else "human", p.bot if p.kind == "bot" else None,
                          names[i] if names is not None else named.get(p.kind, f"Guest {i + 1}"))
                 for i, p in enumerate(plans)]
        links: dict[int, str] = {}

        def store_rows(table_id: str, tokens: NewTokens) -> None:  # in the worker thread
            with self.sessions.begin() as db:
                db.execute(update(TableRow).where(TableRow.id == table_id).values(
                    lobby=True, clock=settings.clock, spectator_chat=settings.spectator_chat,
                    rated=settings.rated, quick=quick, rematch_of=rematch_of,
                    fill_at=(now() + dt.timedelta(seconds=wait)) if wait is not None else None))
                for i, p in enumerate(plans):
                    token = tokens.seats[i]
                    pid = seat_players[i] if seat_players is not None \
                        else (creator.id if p.kind == "me" else None)
                    pending = token if (p.kind == "open" or (rematch_of is not None and p.kind != "bot")) \
                        else None
                    db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == i)
                               .values(player_id=pid, open=p.kind == "open", pending_token=pending))
                    if p.kind in ("me", "invite"):
                        links[i] = f"/table/{table_id}?token={token}"

        # a table the hub refuses (TableError) or the bot-table cap (CapacityError) is answered by
        # the app's one ``refused`` handler, or on the socket by ``table_socket``
        table, tokens = await self.hub.create_async(game, players, options, specs, theme=theme,
                                                    hints=settings.hints, also=store_rows)
        for i, p in enumerate(plans):  # an open seat is said as one in each reader's language
            table.seats[i].open = p.kind == "open"
        if settings.clock is not None:
            self.clocks[table.id] = settings.clock
        self.hub.kick_bots(table)
        return Created(table, links, tokens.creator)

    # -- seats ---------------------------------------------------------------------------------

    async def _seated(self, table: LiveTable, seat: int, name: str) -> None:
        """Show a seat's new player, stored already with its name (in the same row as its claim:
        one set of rows per table), to every browser at the table."""
        table.seats[seat].name, table.seats[seat].open = name, False
        await self.hub.broadcast(table)

    def seat_rows(self, table_id: str) -> list[SeatRow]:
        with self.sessions() as db:
            return seats_of(db, table_id)

    def settings(self, table_id: str) -> TableRow | None:
        """The table's row: its lobby settings (clock, spectator chat, rated, quick match, rematch)."""
        with self.sessions() as db:
            return db.get(TableRow, table_id)  # type: ignore[no-any-return]

    async def hello(self, table: LiveTable, seat: int | None, creator: bool,
                    player: PlayerRow | None) -> dict[str, Any]:
        """A browser opened the table's socket as ``seat`` (its claim checked at the socket's
        admission): bind a human seat nobody holds yet to this player's name."""
        binds = seat is not None and player is not None and table.seats[seat].kind == "human"
        row, claimed = await self.db(self._hello_rows, table.id, seat if binds else None, player)
        if claimed and seat is not None and player is not None:
            await self._seated(table, seat, player.name)
        # a person's seat at a lobby table opened by a browser holding no name: the page asks for
        # one first, above the table (a friend's first minute)
        ask = (row is not None and row.lobby and seat is not None and player is None
               and table.seats[seat].kind == "human")
        # a friend arriving by a seat link (asked for a name, or seated by it just now) is told who
        # invited them: the first other seat a player holds, by its seat name (nothing private);
        # not at a quick match, where nobody invited anyone
        invited = (ask or claimed) and row is not None and not row.quick
        host = next((s.name for s in await self.db(self.seat_rows, table.id)
                     if s.player_id is not None and s.seat != seat), None) if invited else None
        return {"seat": seat, "creator": creator, "can_chat": may_chat(seat, creator, row),
                "clock": row.clock if row else None, "rematch": row.rematch if row else None,
                "finished": table.match.finished, "turn_clock": self.clock_message(table, seat),
                "ask_name": ask, "invited_by": host, **self._quick_wait(table, row)}

    @staticmethod
    def _quick_wait(table: LiveTable, row: TableRow | None) -> dict[str, Any]:
        """At a quick-match table still waiting for people: the seconds until bots take the open
        seats (``fill_with_bots``), which seats are open and what an open seat is called, so the
        page counts down "bots join in N s" and stops once people have taken them."""
        if row is None or not row.quick or row.fill_at is None:
            return {}
        left = (_aware(row.fill_at) - now()).total_seconds()
        open_seats = [s.seat for s in table.seats if s.kind == "human" and s.open]
        if left <= 0 or not open_seats:
            return {}
        return {"bots_in": round(left, 1), "open_seats": open_seats, "open_name": OPEN_NAME}

    def _hello_rows(self, table_id: str, seat: int | None,
                    player: PlayerRow | None) -> tuple[TableRow | None, bool]:
        """The table's settings, and whether ``seat`` was bound to ``player`` and named after them
        now (a seat nobody holds at a lobby table, and the player holds no other seat there); no
        binding with ``seat`` None."""
        with self.sessions.begin() as db:
            row = db.get(TableRow, table_id)
            if seat is None or player is None or row is None or not row.lobby:
                return row, False
            if self.refusal is not None and self.refusal(player.name):
                return row, False  # a banned name takes no seat
            player_id = player.id
            srow = seat_of(db, table_id, seat)
            if srow is None or srow.player_id is not None:
                return row, False
            others = db.scalars(select(SeatRow.seat).where(
                SeatRow.table_id == table_id, SeatRow.player_id == player_id)).first()
            if others is not None:
                return row, False
            srow.player_id, srow.open, srow.pending_token, srow.name = player_id, False, None, player.name
            return row, True

    def can_chat(self, table_id: str, seat: int | None, creator: bool) -> bool:
        """``may_chat``, reading the table's settings only for a spectator (a database read: ``say``
        runs it in a worker thread)."""
        return may_chat(seat, creator, None if seat is not None or creator else self.settings(table_id))

    def open_tables(self, lang: str = "en") -> list[dict[str, Any]]:
        """Running tables with seats anyone may take, newest first, games and seats named in
        ``lang``: read from the database alone (the lobby asks every few seconds; no match is
        loaded for it)."""
        with self.sessions() as db:
            free: dict[str, set[int]] = {}
            for tid, seat in db.execute(
                    select(SeatRow.table_id, SeatRow.seat)
                    .join(TableRow, TableRow.id == SeatRow.table_id)
                    .where(SeatRow.open.is_(True), SeatRow.pending_token.is_not(None),
                           TableRow.status == "running")
                    .order_by(TableRow.created.desc()).limit(500)):
                free.setdefault(tid, set()).add(seat)
            ids = list(free)[:100]
            rows = {r.id: r for r in db.scalars(select(TableRow).where(TableRow.id.in_(ids)))}
            seats: dict[str, list[SeatRow]] = {}
            for s in db.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
                seats.setdefault(s.table_id, []).append(s)
        out = []
        for tid in ids:
            t = rows[tid]
            out.append({"id": tid, "game": t.game, "title": game_title(GAMES[t.game], lang),
                        "players": t.players, "free": len(free[tid]), "quick": t.quick, "clock": t.clock,
                        "seats": [{"seat": s.seat, "name": seat_label(s.kind, s.bot, s.name, lang,
                                                                      open=s.seat in free[tid]),
                                   "kind": s.kind, "open": s.seat in free[tid]}
                                  for s in seats.get(tid, [])]})
        return out

    async def take_seat(self, table: LiveTable, player: PlayerRow, seat: int | None = None) -> str:
        """Give ``player`` a free open seat of ``table`` (the lowest, or ``seat``); its link."""
        if table.match.finished:
            raise SocialError("this match is over", 409)
        await self.db(self.refuse_banned, player.name)
        async with table.lock:
            rows = await self.db(self.seat_rows, table.id)
            if any(r.player_id == player.id for r in rows):
                raise SocialError("you already have a seat at this table", 409)
            free = [r for r in rows if r.open and r.pending_token is not None
                    and table.seats[r.seat].kind == "human" and (seat is None or r.seat == seat)]
            if not free:
                raise SocialError("no free seat at this table" if seat is None
                                  else f"seat {seat + 1} is not free", 409)
            chosen = free[0]
            token = chosen.pending_token
            await self.db(self._take_open_seat, chosen.id, player)
            await self._seated(table, chosen.seat, player.name)
        return f"/table/{table.id}?token={token}"

    def _take_open_seat(self, row_id: int, player: PlayerRow) -> None:
        with self.sessions.begin() as db:
            done = db.execute(update(SeatRow).where(SeatRow.id == row_id, SeatRow.pending_token.is_not(None))
                              .values(player_id=player.id, name=player.name, open=False, pending_token=None))
            if getattr(done, "rowcount", 1) != 1:
                raise SocialError("someone took that seat a moment ago", 409)

    async def quick_match(self, player: PlayerRow, game: str, players: int, wait: int,
                          theme: str, on_create: Callable[[], Awaitable[None]]) -> tuple[LiveTable, str]:
        """Seat ``player`` at a waiting quick-match table of this game and size, or open one whose
        free seats bots take after ``wait`` seconds."""
        if not 0 <= wait <= MAX_WAIT:
            raise SocialError(f"the wait is 0 to {MAX_WAIT} seconds")
        for tid in await self.db(self._waiting_quick_tables, game, players):
            table = await self.hub.load_async(tid)
            if table is None:
                continue
            try:
                return table, await self.take_seat(table, player)
            except SocialError:
                continue
        await on_create()  # the creation limit (spent only when a new table is opened)
        plans = [SeatPlan("me")] + [SeatPlan("open")] * (players - 1)
        created = await self.create(player, game, players, {}, plans, theme,
                                    Settings(clock=None, spectator_chat=False, rated=True), quick=True,
                                    wait=wait)
        return created.table, created.links[0]

    def _waiting_quick_tables(self, game: str, players: int) -> list[str]:
        """Running quick-match tables of this game and size still waiting for people, oldest first."""
        with self.sessions() as db:
            return list(db.scalars(
                select(TableRow.id).where(TableRow.quick.is_(True), TableRow.game == game,
                                          TableRow.players == players, TableRow.status == "running",
                                          TableRow.fill_at > now())
                .order_by(TableRow.created)).all())

    async def fill_with_bots(self, table: LiveTable, bot: str = FILL_BOT) -> int:
        """Hand every seat still open to ``bot`` (``TableHub.hand_to_bot``); how many seats it took."""
        async with table.lock:
            rows = [r for r in await self.db(self.seat_rows, table.id)
                    if r.open and r.pending_token is not None]
            if not rows:
                return 0
            ids = [r.id for r in rows]

            def close_seats(db: Any) -> None:  # in the same transaction as the seats' new players
                db.execute(update(SeatRow).where(SeatRow.id.in_(ids)).values(open=False, pending_token=None))
                db.execute(update(TableRow).where(TableRow.id == table.id).values(fill_at=None))

            if not await self.hub.hand_to_bot(table, [r.seat for r in rows], bot, keep_name=False,
                                              also=close_seats):
                raise SocialError("the open seats could not be handed to bots; please try again", 503)
            for r in rows:
                table.seats[r.seat].open = False
            await self.hub.broadcast(table)
        self.hub.kick_bots(table)
        await self.notice(table, "notice.seat_bot", {"seats": [r.seat for r in rows], "bot": bot})
        return len(rows)

    # -- chat and notices ----------------------------------------------------------------------

    async def push(self, table_id: str,
                   payload: dict[str, Any] | Callable[[Connection], dict[str, Any] | None]) -> None:
        """Send ``payload`` (or what it answers for each socket; None: nothing) on the one socket of
        every page at the table in this process (issue 28)."""
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        for conn in list(table.connections):
            msg = payload(conn) if callable(payload) else payload
            if msg is not None:
                await self.hub.send(table, conn, msg)

    def chat_history(self, table_id: str) -> list[dict[str, Any]]:
        with self.sessions() as db:
            rows = db.scalars(select(ChatRow).where(ChatRow.table_id == table_id)
                              .order_by(ChatRow.id.desc()).limit(CHAT_HISTORY)).all()
        return [self._chat_json(r) for r in reversed(rows)]

    @staticmethod
    def _chat_json(r: ChatRow) -> dict[str, Any]:
        """A chat line as pages get it; a notice of the table (``system``) as its catalogue key and
        data (``{"key": ..., "args": {...}}``), which each page puts in its own language."""
        out: dict[str, Any] = {"id": r.id, "seat": r.seat, "name": r.name, "system": r.system,
                               "at": r.created.isoformat() if r.created else None}
        if r.system and r.text.startswith("{"):
            out.update(json.loads(r.text))
        else:
            out["text"] = r.text
        return out

    @staticmethod
    def named(table: LiveTable, conn: Connection, line: dict[str, Any]) -> dict[str, Any]:
        """A chat line for ``conn``'s page: a notice naming cards (``clock.move``) gets ``names``,
        each card's name in the page's language and card names (RULES.md §1), so the page words
        it with no card code showing."""
        args = line.get("args") or {}
        codes = [c for c in (args.get("card"), *args.get("takes", ())) if c]
        if not codes:
            return line
        namer = table_namer(table, conn.seat, conn.theme or table.theme, conn.lang)
        return {**line, "names": {c: namer.card(c) for c in codes}}

    async def say(self, table: LiveTable, seat: int | None, creator: bool, raw: object) -> dict[str, Any]:
        """A person's chat line from ``seat`` (None: the creator or a spectator)."""
        if not await self.db(self.can_chat, table.id, seat, creator):
            raise SocialError("spectators cannot chat at this table (its creator has not allowed it)", 403)
        text = check_chat(raw)
        name = table.seats[seat].name if seat is not None else ("Host" if creator else "Spectator")
        if seat is not None:
            await self.db(self.refuse_banned, name)
        return await self._post(table, seat, name, text, system=False, spectator=seat is None and not creator)

    async def notice(self, table: LiveTable, key: str, args: dict[str, Any]) -> None:
        """A message from the table itself (the turn clock, a seat handed to a bot, a rematch asked
        for), shown in the chat of everyone: stored
        and sent as its catalogue key and data (seats, seconds, moves), never as words, so every
        page says it in its language (``locales/*.json``, ``static/social-table.js``)."""
        await self._post(table, None, "", json.dumps({"key": key, "args": args}), system=True,
                         spectator=False)

    async def _post(self, table: LiveTable, seat: int | None, name: str, text: str, *, system: bool,
                    spectator: bool) -> dict[str, Any]:
        """Store a chat line, then push it to the table's listeners who may read it."""
        msg, open_to_spectators = await self.db(self._store_chat, table.id, seat, name, text, system)

        def to(conn: Connection) -> dict[str, Any] | None:
            if conn.seat is None and not conn.creator and not open_to_spectators and not system:
                return None
            return {"type": "chat", "message": self.named(table, conn, msg)}

        await self.push(table.id, to)
        return msg

    def _store_chat(self, table_id: str, seat: int | None, name: str, text: str,
                    system: bool) -> tuple[dict[str, Any], bool]:
        """The stored line as sent, and whether the table's spectators may read its chat."""
        with self.sessions.begin() as db:
            row = ChatRow(table_id=table_id, seat=seat, name=name[:40], text=text, system=system)
            db.add(row)
            db.flush()
            settings = db.get(TableRow, table_id)
            return self._chat_json(row), bool(settings and settings.spectator_chat)

    # -- the turn clock ------------------------------------------------------------------------

    async def _clock_step(self, table: LiveTable, limit: int, clock_now: float) -> None:
        m = table.match
        if m.finished:
            self._turn_seen.pop(table.id, None)
            return
        seat = m.to_move
        key = (table.seq, seat)
        seen = self._turn_seen.get(table.id)
        if seen is None or (seen[0], seen[1]) != key:
            self._turn_seen[table.id] = (table.seq, seat, clock_now)
            await self.push(table.id, lambda conn: self.clock_message(table, conn.seat))
            return
        if clock_now - seen[2] < limit:
            return
        self._turn_seen.pop(table.id, None)
        if seat is None:
            if not m.round_over or not table.humans:
                return
            if await self.hub.submit(table, None, NEXT_ROUND, "clock", at_seq=seen[0]) is None:
                await self.notice(table, "clock.round", {"s": limit})
            return
        if table.seats[seat].kind != "human":
            return
        view = m.view(seat)
        move = decide(CLOCK_BOT, view, f"{m.seed}:clock:{seat}:{table.seq}")
        # a kept teyaku is the seat's secret (RULES.md §4.2): the clock keeps it without a word
        if await self.hub.submit(table, seat, move, "clock", at_seq=seen[0]) is None \
                and move_only(move, seat) is None:
            await self.notice(table, "clock.move", clock_move_args(table, seat, view, move, limit))

    def clock_message(self, table: LiveTable, seat: int | None) -> dict[str, Any]:
        """The turn clock's countdown as ``seat`` (None: a spectator) may see it, from the ticker's
        own bookkeeping (``_turn_seen``: when it first saw this decision), so a page counts down
        to the moment the clock's bot moves: the seat to move, the clock's seconds, the seconds
        left, and ``turn``, which decision it is (the page shows it only while its state shows
        the same one).  No clock where there is no person's decision to time, nor for a teyaku
        decision another seat may not know of (RULES.md §4.2)."""
        m, limit = table.match, self.clocks.get(table.id)
        seen = self._turn_seen.get(table.id)
        to_move = m.to_move
        if (limit is None or m.finished or seen is None or to_move is None
                or (seen[0], seen[1]) != (table.seq, to_move) or table.seats[to_move].kind != "human"):
            return {"type": "clock", "seat": None}
        phase, shown = turn_seen_by(m, seat)
        if (phase, shown) != turn_seen_by(m, to_move):
            return {"type": "clock", "seat": None}
        left = max(0.0, limit - (time.monotonic() - seen[2]))
        rnd = m.current
        turn = f"{len(m.rounds)}|{rnd.stock_left}|{to_move}|{phase}|{rnd.field.bit_count()}"
        return {"type": "clock", "seat": to_move, "seconds": limit, "left": round(left, 1), "turn": turn}

    # -- ratings -------------------------------------------------------------------------------

    async def settle(self, table: LiveTable) -> bool:
        """Rate a finished table once (RULES.md §6 places by side totals); True if ratings changed."""
        if not table.match.finished:
            return False
        cfg = table.match.config
        return await self.db(self._store_ratings, Finish(
            table.id, cfg.game.id, cfg.sides, cfg.side_of, list(table.match.totals),
            [(s.seat, s.kind, s.bot) for s in table.seats]))

    def _store_ratings(self, done: Finish) -> bool:
        with self.sessions.begin() as db:
            # settled once: a conditional update, so the ticker, a direct call and another server
            # process racing to rate the same table rate it once (the loser finds it settled)
            won = db.execute(update(TableRow).where(TableRow.id == done.table_id, TableRow.settled.is_(False))
                             .values(settled=True))
            row = db.get(TableRow, done.table_id)
            if getattr(won, "rowcount", 0) != 1 or row is None or not row.rated:
                return False
            seats = {r.seat: r for r in seats_of(db, done.table_id)}
            entrants: dict[int, Entrant] = {}
            ratings: dict[int, RatingRow] = {}
            for seat, kind, bot in done.seats:
                if kind == "bot":
                    level = find_level(bot or "") if bot not in AGENTS else None  # its bot's rating
                    mu, sigma = BOT_RATINGS.get(level.agent if level else bot or "", (25.0, 1.0))
                    entrants[seat] = Entrant(seat, mu, sigma, person=False)
                    continue
                srow = seats.get(seat)
                if srow is None or srow.player_id is None:
                    return False  # someone unidentified played: not a rated match
                r = db.scalars(select(RatingRow).where(RatingRow.player_id == srow.player_id,
                                                       RatingRow.game == done.game)).first()
                if r is None:
                    fresh = MODEL.rating()
                    r = RatingRow(player_id=srow.player_id, game=done.game, mu=fresh.mu, sigma=fresh.sigma,
                                  matches=0)
                    db.add(r)
                ratings[seat] = r
                entrants[seat] = Entrant(seat, r.mu, r.sigma, person=True)
            if not ratings:
                return False
            totals = done.totals
            new = rate([[entrants[seat] for seat in side] for side in done.sides], totals)
            place = places(totals)
            for seat, (mu, sigma) in new.items():
                r = ratings[seat]
                before = r.mu - 3 * r.sigma
                r.mu, r.sigma, r.matches = mu, sigma, (r.matches or 0) + 1
                side = done.side_of[seat]
                db.add(ResultRow(table_id=done.table_id, seat=seat, player_id=seats[seat].player_id,
                                 game=done.game, place=place[side], total=totals[side],
                                 before=before, after=mu - 3 * sigma))
        return True

    # -- rematch -------------------------------------------------------------------------------

    async def rematch(self, table: LiveTable, seat: int | None) -> str:
        """The same seats again at a new table; the caller's link there.  The match's one end
        action (issue 28): every other seat at the table is told and offered its own link, and
        nobody is moved.  The new table keeps the settings (a table made without the lobby's
        settings, by ``/api/tables``, gives an unrated one that keeps its hints)."""
        if seat is None:
            raise SocialError("only a seated player can ask for a rematch", 403)
        if not table.match.finished:
            raise SocialError("a rematch starts once the match is over", 409)
        await self.db(self.refuse_banned, table.seats[seat].name)
        async with table.lock:
            row, seats = await self.db(self._rematch_rows, table.id)
            if row is not None and row.rematch:
                found = await self.hub.load_async(row.rematch)
                if found is None:
                    raise SocialError("the rematch table is gone", 410)
                new = found
            else:
                by_seat = {r.seat: r for r in seats}
                cfg = table.match.config
                plans = [SeatPlan("bot", s.bot) if s.kind == "bot" else SeatPlan("invite")
                         for s in table.seats]
                creator = PlayerRow(id=0, name="", name_key="", key_hash="")
                created = await self.create(
                    creator, cfg.game.id, cfg.players, dict(cfg.given_options), plans, table.theme,
                    Settings(clock=row.clock if row else None,
                             spectator_chat=bool(row and row.spectator_chat),
                             rated=bool(row and row.rated),
                             hints=table.hints and not bool(row and row.rated)),
                    rematch_of=table.id, names=[s.name for s in table.seats],
                    seat_players=[by_seat[s.seat].player_id if s.seat in by_seat else None
                                  for s in table.seats])
                new = created.table
                await self.db(self._point_to_rematch, table.id, new.id)
            others = sorted({c.seat for c in table.connections if c.seat is not None and c.seat != seat})
            handed = await self.db(self._hand_out, new.id, [seat, *others])
            link = handed[seat]
            links: dict[int | None, str | None] = {other: handed[other] for other in others}
        await self.push(table.id, lambda conn: (
            {"type": "rematch", "table": new.id, "link": links.get(conn.seat)}
            if conn.seat in links or conn.seat is None else None))
        await self.notice(table, "notice.rematch", {"seat": seat})
        if link is None:
            raise SocialError("the link to your seat at the rematch was already handed out "
                              "(look in your other window)", 409)
        return link

    def _rematch_rows(self, table_id: str) -> tuple[TableRow | None, list[SeatRow]]:
        with self.sessions() as db:
            return db.get(TableRow, table_id), seats_of(db, table_id)

    def _point_to_rematch(self, table_id: str, rematch: str) -> None:
        with self.sessions.begin() as db:
            db.execute(update(TableRow).where(TableRow.id == table_id).values(rematch=rematch))

    def _hand_out(self, table_id: str, seats: list[int]) -> dict[int, str | None]:
        """The pending link of each of ``seats`` at the table, once (each is cleared as it is given;
        None for a link given already)."""
        links: dict[int, str | None] = {}
        with self.sessions.begin() as db:
            for seat in seats:
                row = seat_of(db, table_id, seat)
                if row is None or row.pending_token is None:
                    links[seat] = None
                    continue
                token, row.pending_token = row.pending_token, None
                links[seat] = f"/table/{table_id}?token={token}"
        return links

    # -- keeping tables --------------------------------------------------------------------------

    async def prune_abandoned(self, days: float) -> list[str]:
        """Delete running tables nobody has moved at for ``days`` that would not be rated (made
        unrated, or with a person's seat nobody identified holds); finished tables and rated ones
        are always kept.  Returns the ids deleted (gone from the database, then from memory)."""
        gone = await self.db(self._delete_abandoned, days)
        for tid in gone:
            table = self.hub.tables.pop(tid, None)
            if table is not None and table.bot_task is not None:
                table.bot_task.cancel()
            self.clocks.pop(tid, None)
        return gone

    def _delete_abandoned(self, days: float) -> list[str]:
        cutoff = now() - dt.timedelta(days=days)
        with self.sessions() as db:
            last = (select(TableEventRow.table_id, func.max(TableEventRow.created).label("at"))
                    .group_by(TableEventRow.table_id).subquery())
            rows = db.execute(select(TableRow.id, TableRow.created, last.c.at)
                              .outerjoin(last, last.c.table_id == TableRow.id)
                              .where(TableRow.status == "running")).all()
            stale = [tid for tid, created, at in rows if _aware(at or created) < cutoff]
            # would not be rated: made unrated, or a person's seat no identified player holds
            unrated = set(db.scalars(select(TableRow.id).where(TableRow.id.in_(stale),
                                                               TableRow.rated.is_(False))))
            unheld = set(db.scalars(select(SeatRow.table_id).where(
                SeatRow.table_id.in_(stale), SeatRow.kind == "human", SeatRow.player_id.is_(None))))
        gone = [tid for tid in stale if tid in unrated | unheld]
        if gone:
            with self.sessions.begin() as db:
                for model in (ChatRow, ResultRow, TableEventRow, SeatRow):
                    db.execute(delete(model).where(model.table_id.in_(gone)))
                db.execute(delete(TableRow).where(TableRow.id.in_(gone)))
        return gone

    # -- the ticker ----------------------------------------------------------------------------

    async def load_clocks(self) -> None:
        self.clocks.update(await self.db(self._running_clocks))

    def _running_clocks(self) -> dict[str, int]:
        with self.sessions() as db:
            rows = db.execute(select(TableRow.id, TableRow.clock)
                              .where(TableRow.clock.is_not(None), TableRow.status == "running")).all()
        return {tid: int(c) for tid, c in rows}

    async def run(self) -> None:
        """Forever: quick-match tables filled when their wait is over, turn clocks, ratings, and
        (when ``keep_abandoned_days`` is set) unrated abandoned tables deleted every 10 minutes."""
        await self.load_clocks()
        pruned = 0.0
        while True:
            try:
                await self.step()
                if self.keep_abandoned_days is not None and time.monotonic() - pruned > 600:
                    pruned = time.monotonic()
                    gone = await self.prune_abandoned(self.keep_abandoned_days)
                    if gone:
                        log.info("deleted %d unrated abandoned tables", len(gone))
                OUTAGE.ok()  # each step reads the database: it answers (again)
            except SQLAlchemyError as exc:  # the database is away: one line an outage (db.Outage)
                OUTAGE.failed("the lobby's ticker", exc)
            except Exception:
                log.exception("social ticker step failed")
            await asyncio.sleep(self.tick)

    async def step(self) -> None:
        for tid in await self.db(self._due_quick_tables):
            table = await self.hub.load_async(tid)
            if table is not None:
                try:
                    await self.fill_with_bots(table)
                except CapacityError:  # the bot-table cap is full (issue 29): it waits for people,
                    continue  # and for a free place, tried again next tick
        clock_now = time.monotonic()
        for tid, limit in list(self.clocks.items()):
            table = self.hub.tables.get(tid)
            if table is None or table.match.finished:
                if table is not None:
                    self.clocks.pop(tid, None)
                continue
            await self._clock_step(table, limit, clock_now)
        for tid, table in list(self.hub.tables.items()):
            if tid in self.settled or not table.match.finished:
                continue
            self.settled.add(tid)
            if await self.settle(table):
                await self.push(tid, {"type": "rated"})

    def _due_quick_tables(self) -> list[str]:
        """Quick-match tables whose wait for people is over."""
        with self.sessions() as db:
            return list(db.scalars(select(TableRow.id).where(
                TableRow.quick.is_(True), TableRow.fill_at.is_not(None), TableRow.fill_at <= now())).all())


def may_chat(seat: int | None, creator: bool, settings: TableRow | None) -> bool:
    """Whether a seat, the creator or a spectator may chat at a table with ``settings``."""
    return seat is not None or creator or bool(settings and settings.spectator_chat)


def _aware(at: dt.datetime) -> dt.datetime:
    """SQLite hands back naive datetimes (stored as UTC)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=dt.UTC)

