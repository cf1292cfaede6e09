"""The live tables of one server: creating, loading, joining, and every client message.

Every move and deal, whoever makes it (a person, a bot, the turn clock), goes through one door,
``TableHub.submit``: checked and applied to a copy of the match under the table's lock, stored
(``storage.TableStore.append``), then put in place and shown (``messages``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Engine

from ..agents import AGENTS, LEVELS, hint, is_bot_name, make_agent, unavailable_reason
from ..engine.match import PlayMade, QueuedPlayDropped, Submission
from ..engine.moves import PLAY, MalformedMoveError, move_kind
from ..records import Match
from ..rules import GAMES
from ..themes import UnknownThemeError, normalize_theme
from ..words import describe_move, hint_lines
from . import metrics
from .bots_runner import BotRunner
from .cluster import LOCAL_TYPES
from .limits import Limits, RateLimited
from .live import (
    MAX_MESSAGE,
    NEXT_ROUND,
    RATE,
    SOURCES,
    TOO_SLOW,
    CapacityError,
    Connection,
    LiveTable,
    NewTokens,
    Outgoing,
    Plan,
    Refusal,
    Seat,
    SeatSpec,
    Step,
    TableError,
    fork,
)
from .messages import diff, is_public, patch_message, state_message, table_namer, viewer_key
from .requests import check_match_length
from .storage import TableStore
from .tokens import hash_token, new_table_id, new_token, token_matches

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger(__name__)

__all__ = ["TableHub"]

NOTATION = '"play CARD", "play CARD take CARD", "play CARD declare SET", "take CARD", "expose", "keep"'
"""The move forms of RULES.md §7, named in the error for a move that is not in that notation."""


_refused = Refusal.of
"""A refusal with its catalogue entry and arguments (``Refusal.of``); every one the hub makes is
made by this name, which ``tests/web/test_refusal_words.py`` finds to check each key."""


def _refusal(move: str, exc: ValueError, legal: list[str]) -> Refusal:
    """A refused move: ``bad-move`` when ``move`` is not in the §7 notation (malformed, an unknown
    card or set), ``illegal-move`` when it is a move but not a legal one now.  The text repeats the
    refused move, says why, and lists the legal moves (``legal``: a list, which a page names in its
    words); a reason of the engine's own (``reason``) is English only."""
    reason = str(getattr(exc, "reason", "") or exc).strip().rstrip(":").strip()
    if isinstance(exc, MalformedMoveError):
        if reason.startswith("malformed"):
            return _refused("bad-move", "refusal.detail.not-a-move", move=move, notation=NOTATION,
                            legal=legal)
        return _refused("bad-move", "refusal.detail.not-a-move-why", move=move, reason=reason,
                        notation=NOTATION, legal=legal)
    if reason and reason != "illegal move":
        return _refused("illegal-move", "refusal.detail.not-legal-why", move=move, reason=reason,
                        legal=legal)
    return _refused("illegal-move", "refusal.detail.not-legal", move=move, legal=legal)


def _dropped(dropped: QueuedPlayDropped) -> Refusal:
    """The refusal told to a seat whose queued play the match dropped (``Match._release``, RULES.md
    §4.2): no longer legal once the deal settled, or no longer its turn, read from the match's
    structure (as the terminal does), never from its English."""
    if dropped.still_its_turn:
        return _refused("illegal-move", "refusal.detail.queued-not-legal", move=dropped.move)
    return _refused("illegal-move", "refusal.detail.queued-not-your-turn", move=dropped.move)


class TableHub:
    """All live tables of one server, backed by the database."""

    def __init__(self, engine: Engine, *, bot_pause: float = 0.8, limits: Limits | None = None,
                 abandon_after: float = 3600.0) -> None:
        self.engine = engine
        self.limits = limits or Limits()
        self.abandon_after = abandon_after
        """Seconds with no person connected after which a running table with people's seats is
        marked abandoned (it comes back to running when someone opens it again)."""
        self.store = TableStore(engine)
        self.bots = BotRunner(self, bot_pause, self.limits.bot_only_moves_per_second)
        self.tables: dict[str, LiveTable] = {}
        self.storing = 0
        """Tables with bots being stored by ``create_async`` (not yet in ``tables``): the cap counts them."""
        self.limiter = self.limits.limiter()
        """The server's one rate limiter (``limits``): new tables, socket messages, the lobby's
        requests, per client address (in this process; the cluster shares table creations)."""
        self._closing: set[asyncio.Task[None]] = set()
        self.on_send: Callable[[LiveTable, int | None, dict[str, Any]], None] | None = None
        """A hook called with every message before it is sent (tests audit what seats get)."""
        self.cluster: Cluster | None = None
        """Set on PostgreSQL (``cluster.Cluster``): tables are then shared with other processes,
        each changed only by its owner; ``None``: this process owns every table (SQLite)."""
        self.extensions: dict[str, Callable[[LiveTable, Connection, dict[str, Any]], Awaitable[None]]] = {}
        """Handlers of the page's social messages (hello, chat, rematch) on the table's one socket
        (issue 28), registered by ``social``; handled in the process holding the socket."""
        self.notices: Callable[[LiveTable, str, dict[str, Any]], Awaitable[None]] | None = None
        """Posts a notice of the table to its chat as a catalogue key and data (``SocialHub.notice``,
        set by ``social``): a seat handed to a bot."""

    @property
    def sessions(self) -> Any:
        """The session factory of the database (tests swap it for one whose database is away)."""
        return self.store.sessions

    @sessions.setter
    def sessions(self, factory: Any) -> None:
        self.store.sessions = factory

    # -- creating and loading ------------------------------------------------------------------

    async def create_async(self, game: str, players: int, options: dict[str, Any], seats: list[SeatSpec],
                           theme: str = "", seed: int | None = None,
                           hints: bool = False,
                           also: Callable[[str, NewTokens], None] | None = None
                           ) -> tuple[LiveTable, NewTokens]:
        """A new table, stored; its plain tokens are returned once (only their hashes are kept).
        ``hints``: its players may ask for a hint (``hint``; the caller keeps it off in rated play).
        A table made with a chosen ``seed`` says so (``seeded``) in its summary and record; the API
        allows a seed only at a table without other people (``api.create_table``).

        Its database writes run in a thread: the event loop, which serves every table, never waits
        on the disk (issue 14, "writes off the event loop").  ``also(id, tokens)``: more database
        work of the caller for the new table (the lobby's rows), run in the same thread once the
        table is stored and before the table is served."""
        table, tokens = self._new_table(game, players, options, seats, theme, seed, hints)

        def store() -> None:
            self._store_new(table)
            if also is not None:
                also(table.id, tokens)

        self.storing += table.has_bots  # counted by the bot-table cap while it is being stored
        try:
            await asyncio.to_thread(store)
        finally:
            self.storing -= table.has_bots
        self.tables[table.id] = table
        return table, tokens

    def _new_table(self, game: str, players: int, options: dict[str, Any], seats: list[SeatSpec],
                   theme: str, seed: int | None, hints: bool) -> tuple[LiveTable, NewTokens]:
        """Check the request and build the table (no database work)."""
        if game not in GAMES:
            raise TableError(f"unknown game {game!r}; games are: {', '.join(GAMES)}")
        if len(seats) != players:
            raise TableError(f"{players} players need {players} seats, not {len(seats)}")
        for i, spec in enumerate(seats):
            if spec.kind not in ("human", "bot"):
                raise TableError(f"seat {i + 1}: kind must be human or bot, not {spec.kind!r}")
            if spec.kind == "bot" and not is_bot_name(spec.bot):
                raise TableError(f"seat {i + 1}: unknown bot {spec.bot!r}; bots are: {', '.join(AGENTS)}; "
                                 f"levels are: {', '.join(level.id for level in LEVELS)}")
        try:  # an unknown theme, a match longer than this server allows, a bad option: refused
            # "": the game's own deck and names (RULES.md §1: Min-Hwatu hwatu, Hawaiʻifuda its own)
            theme = normalize_theme(theme or GAMES[game].default_theme)
            check_match_length(game, options)  # every way to a new table (API, lobby, rematch) is bounded
            match = Match(game, players, options, seed=seed if seed is not None else secrets.randbits(62))
        except ValueError as exc:
            raise TableError(str(exc)) from None
        for i, spec in enumerate(seats):
            problem = unavailable_reason(spec.bot, match.config) if spec.kind == "bot" and spec.bot \
                else None
            if problem:
                raise TableError(f"seat {i + 1}: {problem}")
        bots = any(spec.kind == "bot" for spec in seats)
        if bots and self.cluster is None and self.bot_tables() >= self.limits.bot_tables:
            raise CapacityError(f"this server runs {self.limits.bot_tables} tables with bots already, its "
                                "limit; please try again in a few minutes")
        seat_tokens = [new_token() for _ in seats]
        creator = new_token()
        table = LiveTable(
            id=new_table_id(),
            match=match,
            theme=theme,
            seats=[Seat(i, s.kind, s.bot if s.kind == "bot" else None,
                        (s.name or (s.bot or "bot" if s.kind == "bot" else f"Player {i + 1}"))[:40],
                        hash_token(seat_tokens[i]))
                   for i, s in enumerate(seats)],
            spectator_token=new_token(),
            creator_hash=hash_token(creator),
            seeded=seed is not None,
            hints=hints,
        )
        self.setup_agents(table)
        return table, NewTokens([tok if s.kind == "human" else None for tok, s in zip(seat_tokens, seats,
                                                                                  strict=True)], creator)

    def _store_new(self, table: LiveTable) -> None:
        """Insert a new table (and, with several processes, take its lease); database work only."""
        if self.cluster is None:
            self.store.insert(table)
        else:  # the bot-table cap is counted over every process of the database (``cluster``)
            self.store.insert(table, self.cluster.bot_table_guard(self.limits.bot_tables)
                              if table.has_bots else None, (self.cluster.me, self.cluster.lease_sql()))
            self.cluster.take([table.id])
        metrics.TABLES_CREATED.inc()

    def bot_tables(self) -> int:
        """Running tables with a bot seat in this process (``Limits.bot_tables`` caps them; with
        several processes the database counts them all, ``Cluster.bot_table_guard``)."""
        return self.storing + sum(t.has_bots and t.running for t in list(self.tables.values()))

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Drop from memory every table nobody has touched for ``Limits.idle_seconds`` and whose bots
        are not playing; each is rebuilt from the database when next opened."""
        now = time.monotonic() if now is None else now
        gone = [tid for tid, t in self.tables.items()
                if not t.connections and now - t.touched >= self.limits.idle_seconds
                and (t.bot_task is None or t.bot_task.done()) and not t.lock.locked()]
        for tid in gone:
            del self.tables[tid]
        if self.cluster is not None:
            try:
                self.cluster.release(gone)
            except Exception as exc:  # the leases run out by themselves
                log.warning("could not release the leases of evicted tables (%s)", type(exc).__name__)
        return gone

    def spectators(self, table: LiveTable) -> int:
        """Spectator sockets at ``table`` in every process (``Limits.spectators`` caps them)."""
        here = table.spectators
        return here if self.cluster is None else here + self.cluster.spectators_elsewhere(table.id)

    def owns(self, table: LiveTable) -> bool:
        """This process may change ``table`` (always, unless several processes share the database)."""
        return self.cluster is None or self.cluster.owns(table)

    @staticmethod
    def setup_agents(table: LiveTable) -> None:
        table.agents = {s.seat: make_agent(s.bot) for s in table.seats if s.kind == "bot" and s.bot}

    def load(self, table_id: str) -> LiveTable | None:
        """A table from memory, else rebuilt from the database (seed, then every stored event)."""
        if table_id in self.tables:
            return self.tables[table_id]
        table, take = self.keep(self.store.read(table_id))
        if take and self.cluster is not None:
            self.cluster.take([table_id])
        return table

    async def load_async(self, table_id: str) -> LiveTable | None:
        """``load`` in a worker thread (as the sync routes run it): a socket opening a table that is
        not in memory does not hold up every other table meanwhile."""
        return self.tables.get(table_id) or await asyncio.to_thread(self.load, table_id)

    def keep(self, table: LiveTable | None) -> tuple[LiveTable | None, bool]:
        """A table just read from the database, kept in memory, and whether to take its lease now
        (``load``, and ``cluster`` adopting a table whose process is gone).
        The sync routes load in worker threads beside the event loop's ``load_async``: the first
        copy stored wins (``setdefault`` is atomic), a later read never replaces it."""
        if table is None:
            return None, False
        self.setup_agents(table)
        kept = self.tables.setdefault(table.id, table)
        return kept, kept is table and self.cluster is not None and table.running

    def load_running(self) -> list[LiveTable]:
        """Every unfinished table, e.g. at start-up (bots then carry on).  With several processes
        none: each process adopts the tables without a live owner as its leases run (``cluster``)."""
        if self.cluster is not None:
            return []
        return [t for t in (self.load(i) for i in self.store.running_ids()) if t is not None]

    def mark_abandoned(self) -> None:
        """Mark the running tables nobody has been at for ``abandon_after`` seconds abandoned."""
        now = time.monotonic()
        for table in list(self.tables.values()):
            if (table.abandoned or table.match.finished or table.stopped or not table.humans
                    or any(c.seat is not None for c in table.connections)
                    or now - table.last_seen < self.abandon_after):
                continue
            try:
                self.store.set_status(table.id, "abandoned")
            except Exception as exc:
                log.error("could not mark table %s abandoned (%s)", table.id, exc)
                continue
            table.abandoned = True

    def list_tables(self) -> list[dict[str, Any]]:
        self.mark_abandoned()
        out = []
        for tid in self.store.recent_ids():
            t = self.load(tid)
            if t is not None:  # a running table offers its spectator ("watch") link
                watch = None if t.match.finished else f"/table/{t.id}?token={t.spectator_token}"
                out.append({**t.summary(), "watch": watch})
        return out

    async def claim(self, table: LiveTable, seat: int, secret: str) -> bool:
        """Bind an unclaimed seat to the browser holding ``secret`` (stored hashed, then in memory);
        False if it was claimed already (by this process or another on the same database).  The
        database is written in a thread: a claim's commit never holds up the other tables."""
        digest = hash_token(secret)
        if await asyncio.to_thread(self.store.claim_seat, table.id, seat, digest):
            table.seats[seat].claim_hash = digest
            return True
        table.seats[seat].claim_hash = await asyncio.to_thread(self.store.claim_of, table.id, seat)
        return False

    # -- messages ------------------------------------------------------------------------------

    async def state_to(self, table: LiveTable, conn: Connection) -> None:
        """Send ``conn`` the whole state, which it holds from now on (its next message is a patch
        from it): the state its viewer was last sent when nothing changed since, else a new one
        (and the viewer's other sockets get the patch to it)."""
        conn.v = -1
        key = self._key(table, conn)
        others = [c for c in table.connections if c is not conn and self._key(table, c) == key]
        for c, message in self._show_out(table, [*others, conn], None, {}):
            await self.send(table, c, message)

    @staticmethod
    def _key(table: LiveTable, conn: Connection) -> tuple[Any, ...]:
        return viewer_key(conn.seat, conn.creator, conn.theme or table.theme, conn.lang)

    def _show_out(self, table: LiveTable, conns: list[Connection], event: dict[str, Any] | None,
                  sends: dict[int, Outgoing]) -> list[tuple[Connection, Outgoing]]:
        """What each of ``conns`` is sent to show the table as it is now (the table protocol,
        ``messages``): each viewer's state built once and diffed against the one it was last sent;
        a socket holding that one gets the patch, a socket holding nothing (or another version)
        the whole state, a socket already up to date nothing.  ``event``: the stored move shown,
        to the viewers that may see it.  The same ``Outgoing`` goes to every socket of a viewer."""
        made: dict[Any, list[Any]] = {}
        out: list[tuple[Connection, Outgoing]] = []
        for conn in conns:
            key = self._key(table, conn)
            entry = made.get(key)
            if entry is None:
                entry = made[key] = self._viewer_out(table, conn, key, event)
            base, v, patch, state, seen = entry
            if conn.v == v:
                continue
            if conn.v == base and base >= 0 and patch is not None:
                out.append((conn, patch))
            else:
                if id(state) not in sends:
                    sends[id(state)] = Outgoing({**state, "v": v, **({"event": seen} if seen else {})})
                out.append((conn, sends[id(state)]))
            conn.v = v
        return out

    @staticmethod
    def _viewer_out(table: LiveTable, conn: Connection, key: tuple[Any, ...],
                    event: dict[str, Any] | None) -> list[Any]:
        """``[base, v, patch, state, event seen]`` for one viewer (``_show_out``); its state is
        held on the table as the one it was sent.  Versions count the changes this viewer saw
        (one more per patch): a change hidden from it (another seat's kept teyaku, RULES.md §4.2)
        moves nothing it can read."""
        held = table.held.get(key)
        if held is not None and held[2] == table.version:
            return [held[0], held[0], None, held[1], None]
        state = state_message(table, conn.seat, conn.creator, conn.theme, conn.lang)
        seen = event if event and is_public({"kind": "move", "text": event["move"], "seat": event["seat"]},
                                            conn.seat) else None
        if held is None:
            table.held[key] = (1, state, table.version)
            return [-1, 1, None, state, seen]
        ops = diff(held[1], state)
        if not ops and seen is None:  # nothing this viewer sees changed: it stays where it is
            table.held[key] = (held[0], held[1], table.version)
            return [held[0], held[0], None, held[1], None]
        v = held[0] + 1
        table.held[key] = (v, state, table.version)
        patch = patch_message(held[0], v, ops)
        if seen:
            patch["event"] = seen
        return [held[0], v, Outgoing(patch), state, seen]

    async def send(self, table: LiveTable, conn: Connection, message: dict[str, Any] | Outgoing) -> None:
        """Queue ``message`` for ``conn`` (never waits on the socket); a client whose outbox is full
        is dropped with a reason, the table goes on."""
        if self.on_send is not None:
            self.on_send(table, conn.seat, message.payload if isinstance(message, Outgoing) else message)
        if not conn.offer(message):
            self.drop(table, conn, f"too slow: more than {conn.limit} messages were waiting unread")

    def drop(self, table: LiveTable, conn: Connection, reason: str) -> None:
        """Stop serving a socket that does not keep up: out of the table, closed with ``reason``."""
        if conn.dropped is not None:
            return
        conn.dropped = reason
        if conn in table.connections:
            table.connections.remove(conn)
        conn.finish()
        log.info("dropped a socket at table %s: %s", table.id, reason)
        if conn.close is not None:
            task = asyncio.get_running_loop().create_task(self._close(conn, reason))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)
        if conn.seat is None and self.cluster is not None:
            told = asyncio.get_running_loop().create_task(self.cluster.tell_spectators(table))
            self._closing.add(told)
            told.add_done_callback(self._closing.discard)

    async def _close(self, conn: Connection, reason: str) -> None:
        """Close a dropped socket with ``reason``, then cut it if it has not ended within
        ``Limits.close_seconds``: a client that never reads never takes the close frame (its send
        waits on a full buffer), and a transport merely closed keeps its unsent bytes, its kernel
        send buffer and its descriptor until the peer reads — that is, for good (issue 29)."""
        assert conn.close is not None
        deadline = self.limits.close_seconds
        loop = asyncio.get_running_loop()
        end = loop.time() + deadline
        try:
            await asyncio.wait_for(conn.close(TOO_SLOW, reason[:120]), timeout=deadline)
        except Exception:  # the close frame could not even be queued: cut below
            pass
        if conn.abort is not None:
            # a reading client ends the closing handshake at once (the abort is then a no-op)
            await asyncio.sleep(max(0.0, end - loop.time()))
            conn.abort()

    async def broadcast(self, table: LiveTable, extra: dict[str, Any] | None = None) -> None:
        """Show a change of ``table`` to its sockets here and, through the cluster, everywhere."""
        await self.broadcast_here(table, extra)
        if self.cluster is not None and self.cluster.owns(table):
            await self.cluster.announce(table, stored_event=extra is not None)

    async def broadcast_here(self, table: LiveTable, extra: dict[str, Any] | None = None) -> None:
        """Show a change of ``table`` (``extra``: the stored event) to every socket of this process
        at it: a new version, a patch to each page that holds the previous one (``_show_out``)."""
        table.version += 1
        keys = {self._key(table, c) for c in table.connections}
        for gone in [k for k in table.held if k not in keys]:  # no page of that viewer is left
            del table.held[gone]
        for conn, message in self._show_out(table, list(table.connections), extra, {}):
            await self.send(table, conn, message)

    async def error(self, table: LiveTable, conn: Connection, code: str, message: str, key: str = "",
                    args: Mapping[str, Any] | None = None) -> None:
        """An error message to ``conn``: its code and English text, and, for a refusal with its
        catalogue entry (``_refused``), that ``key`` and its ``args`` for the page's language."""
        metrics.ERRORS.labels(f"socket:{code}").inc()
        payload: dict[str, Any] = {"type": "error", "code": code, "error": message}
        if key:
            payload.update(key=key, args=dict(args or {}))
        await self.send(table, conn, payload)

    async def refuse(self, table: LiveTable, conn: Connection, refusal: Refusal) -> None:
        """``refusal`` to ``conn``: its code, its English and its catalogue entry (``_refused``)."""
        await self.error(table, conn, refusal.code, refusal.message, refusal.key, refusal.args)

    async def join(self, table: LiveTable, conn: Connection) -> asyncio.Task[None]:
        """Seat ``conn`` at the table; returns its writer task (the caller awaits it at the end)."""
        writer = asyncio.get_running_loop().create_task(conn.run_writer())
        table.touched = time.monotonic()
        table.connections.append(conn)
        if conn.seat is not None:
            table.last_seen = time.monotonic()
            if table.abandoned:  # a player came back
                try:
                    await asyncio.to_thread(self.store.set_status, table.id, "running")
                    table.abandoned = False
                except Exception as exc:
                    log.error("could not mark table %s running again (%s)", table.id, exc)
        async with table.lock:  # a move played but not yet durable (a bot's, mid-commit) is not shown
            await self.broadcast_here(table)
        if conn.seat is None and self.cluster is not None:
            await self.cluster.tell_spectators(table)
        self.kick_bots(table)
        return writer

    async def leave(self, table: LiveTable, conn: Connection) -> None:
        if conn.seat is not None:
            table.last_seen = time.monotonic()
        conn.finish()
        table.touched = time.monotonic()
        if conn in table.connections:
            table.connections.remove(conn)
            async with table.lock:
                await self.broadcast(table)
            if conn.seat is None and self.cluster is not None:
                await self.cluster.tell_spectators(table)

    async def handle(self, table: LiveTable, conn: Connection, raw: str) -> None:
        """One client message; any problem is an error to this client only and changes nothing."""
        if not conn.allow():
            await self.refuse(table, conn, _refused("flood", "refusal.detail.flood", n=f"{RATE:g}"))
            return
        if conn.client:  # per address and, signed in, per account too (issue 29)
            try:
                self.limiter.take("message", *conn.keys)
            except RateLimited:
                await self.refuse(table, conn, _refused("flood", "refusal.detail.flood-address",
                                                         n=f"{self.limits.messages_per_second:g}"))
                return
        if len(raw) > MAX_MESSAGE:
            await self.refuse(table, conn, _refused("too-large", "refusal.detail.too-large", n=MAX_MESSAGE))
            return
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError):
            await self.refuse(table, conn, _refused("bad-json", "refusal.detail.bad-json"))
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            await self.refuse(table, conn, _refused("bad-message", "refusal.detail.no-type"))
            return
        try:
            await self._dispatch(table, conn, msg)
        except Exception:  # a server bug: tell this client, keep the table and the socket
            log.exception("message %r at table %s failed", msg.get("type"), table.id)
            await self.refuse(table, conn, _refused("server-error", "refusal.detail.server-error"))

    async def _dispatch(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        local = msg["type"] in LOCAL_TYPES or msg["type"] in self.extensions
        if self.cluster is not None and not local and not self.cluster.owns(table):
            await self.cluster.forward(table, conn, msg)  # another process owns it: it decides
            return
        await self.dispatch_here(table, conn, msg)

    async def dispatch_here(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """Handle one client message at a table this process owns."""
        kind = msg["type"]
        own: dict[str, Callable[[], Awaitable[None]]] = {
            "move": lambda: self.move(table, conn, msg.get("move")),
            "next-round": lambda: self.move(table, conn, NEXT_ROUND),
            "state": lambda: self.state_to(table, conn),  # asked for (a page that missed a patch)
            "ping": lambda: self.send(table, conn, {"type": "pong"}),
            "bot-takeover": lambda: self.takeover(table, conn, msg),
            "stop": lambda: self.stop(table, conn),
            "theme": lambda: self.set_theme(table, conn, msg.get("theme")),
            "resign": lambda: self.resign(table, conn),
            "hint": lambda: self.hint(table, conn, msg),
        }
        if kind in own:
            await own[kind]()
        elif kind in self.extensions:
            await self.extensions[kind](table, conn, msg)
        else:
            await self.refuse(table, conn, _refused("unknown-type", "refusal.detail.unknown-type",
                                                     kind=repr(kind), types=[*own, *self.extensions]))

    async def hint(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """The best move and the runner-up for this socket's own seat, in words (issue 13): from
        ``agents.hint`` (the learned network alone: fast, so it runs inline) on the seat's view,
        said by ``words.hint_lines``.  Refused at a table that does not allow hints (never a rated
        one), to a spectator, for any other seat, and when no decision of the seat is due."""
        if conn.seat is None:
            await self.refuse(table, conn, _refused("spectator", "refusal.detail.hint-spectator"))
            return
        asked = msg.get("seat", conn.seat)
        if asked != conn.seat:
            await self.refuse(table, conn, _refused("forbidden", "refusal.detail.hint-own-seat"))
            return
        if not table.hints:
            await self.refuse(table, conn, _refused("no-hints", "refusal.detail.no-hints"))
            return
        if table.seats[conn.seat].kind != "human":
            await self.refuse(table, conn, _refused("bot-seat", "refusal.detail.hint-bot-seat"))
            return
        view = table.match.view(conn.seat)
        if view.to_move != conn.seat or not view.legal:
            await self.refuse(table, conn, _refused("not-your-turn", "refusal.detail.hint-wait"))
            return
        found = hint(view)
        namer = table_namer(table, conn.seat, conn.theme or table.theme, conn.lang)
        best = describe_move(view, found.best, namer)
        runner = describe_move(view, found.runner_up, namer) if found.runner_up is not None else None
        await self.send(table, conn, {
            "type": "hint", "seat": conn.seat, "round": view.round_number,
            "best": found.best, "best_card": best.card, "best_takes": list(best.takes),
            "runner_up": found.runner_up, "runner_up_card": runner.card if runner else None,
            "lines": hint_lines(view, namer, found.best, found.best_value, found.runner_up,
                                found.runner_up_value)})

    async def set_theme(self, table: LiveTable, conn: Connection, theme: Any) -> None:
        """The page's card names changed: every text it gets is now in ``theme`` (RULES.md §1)."""
        try:
            conn.theme = normalize_theme(theme if isinstance(theme, str) else "")
        except UnknownThemeError as exc:
            await self.error(table, conn, "bad-message", str(exc))
            return
        await self.state_to(table, conn)

    async def hand_to_bot(self, table: LiveTable, seats: list[int], bot: str, *, keep_name: bool = True,
                          also: Callable[[Any], None] | None = None) -> bool:
        """The one place a seat becomes a bot's: a person resigns, the creator hands over a seat
        whose player left, a quick match fills its open seats (``SocialHub.fill_with_bots``).
        Stored first (with ``also(session)``: the caller's rows of the same change, in the same
        transaction), then in memory; call under the table's lock.  False if the database refused
        (nothing changed).  A seat keeps its person's name with the bot's (``keep_name``).

        The bot-table cap (``Limits.bot_tables``) counts the table from its first bot seat, however
        the bot got there (issue 29: seats handed to bots afterwards ran 70 bot tables under a cap
        of 50): a running table without bots that would pass the cap gets ``CapacityError`` and
        stays as it was — in this process, or on PostgreSQL over every process of the database
        (``Cluster.bot_table_guard``, in the transaction that stores the seats)."""
        names = {seat: (f"{table.seats[seat].name} ({bot} bot)" if keep_name else f"{bot} bot")[:60]
                 for seat in seats}
        counted = table.running and not table.has_bots  # a table with bots is counted already
        if counted and self.cluster is None and self.bot_tables() >= self.limits.bot_tables:
            raise CapacityError(f"this server runs {self.limits.bot_tables} tables with bots already, "
                                "its limit; a bot can take this seat once one of them ends")
        write = also
        if counted and self.cluster is not None:
            guard = self.cluster.bot_table_guard(self.limits.bot_tables, table.id)

            def write(db: Any) -> None:  # the cap, counted in the database, then the caller's rows
                guard(db)
                if also is not None:
                    also(db)

        self.storing += counted  # counted by the cap while its seats are being stored
        try:
            await asyncio.to_thread(self.store.seats_to_bot, table.id, names, bot, write)
        except CapacityError:
            raise
        except Exception as exc:
            log.error("could not store the bot takeover at table %s (%s)", table.id, type(exc).__name__)
            return False
        finally:
            self.storing -= counted
        for seat, name in names.items():
            s = table.seats[seat]
            s.kind, s.bot, s.name = "bot", bot, name
        self.setup_agents(table)
        return True

    # -- the one door: every change of a match ---------------------------------------------------

    async def submit(self, table: LiveTable, seat: int | None, move: str, source: str, *,
                     at_seq: int | None = None) -> Refusal | None:
        """The one door (issue 28): every move and every deal of a live table comes in here,
        whoever makes it (``source``: a ``person``'s socket, a ``bot``, the turn ``clock``); None
        once it is stored and shown (or queued by the match), else why it was refused (nothing
        changed).

        Under the table's lock: checked (whose turn, RULES.md §7 notation and legality, a deal
        only between rounds, RULES.md §6), applied to a copy of the match (``Match.submit``,
        which also queues a play made while another seat's hidden teyaku decision is pending and
        makes it once that decision is made, RULES.md §4.2), each resulting event stored
        (``TableStore.append``), and only then put in place and shown to every page; a refused
        write leaves the table exactly as it was.  ``move`` is ``NEXT_ROUND`` for a deal.
        ``at_seq``: refused as ``stale`` unless the table is still at that event (a bot or the clock
        that decided on an older position)."""
        started = time.perf_counter()  # metrics: receipt → broadcast (hanafuda_move_seconds)
        move = move.strip()
        async with table.lock:
            if at_seq is not None and table.seq != at_seq:
                return _refused("stale", "refusal.detail.moved-on")
            plan = self._checked(table, seat, move, source)
            if isinstance(plan, Refusal):
                return plan
            if seat is not None and self._settles_first(table.match, seat):
                # the first play of a deal with teyaku is shown as waiting for the deal to settle,
                # to everyone and whether or not a hidden decision is pending: timing tells nothing
                for conn in list(table.connections):
                    await self.send(table, conn, {"type": "settling", "seat": seat})
            if not plan.steps:  # queued by the match: nothing to store until the deal settles
                table.match = plan.match
                return None
            stopped = await self._store_steps(table, plan, source)
            metrics.stored(plan.steps[:stopped[0] if stopped else None], source, started)
            if stopped is not None:
                index, refusal = stopped
                if index == 0:  # the submitted move itself: nothing changed
                    return refusal
                await self._tell_seat(table, plan.steps[index].seat, refusal)
        self.kick_bots(table)
        return None

    def _checked(self, table: LiveTable, seat: int | None, move: str, source: str) -> Plan | Refusal:
        """What ``move`` makes of the table (on a copy: ``table.match`` is untouched), or why not."""
        m = table.match
        if source not in SOURCES:
            raise ValueError(f"unknown source {source!r}; sources are: {', '.join(SOURCES)}")
        if table.stopped:  # stopped by its creator, or closed by a moderator (issue 29): ended
            return _refused("not-now", "refusal.detail.table-closed")
        if move == NEXT_ROUND:
            if not m.round_over or m.finished:
                return _refused("not-now", "refusal.detail.match-over" if m.finished
                                else "refusal.detail.round-not-over")
            nxt = self._next_match(m)
            return Plan(nxt, [Step(seat, move, nxt)], [])
        if seat is None or not 0 <= seat < len(table.seats):
            return _refused("spectator", "refusal.detail.spectators-cannot-play")
        kind = table.seats[seat].kind
        if kind == "bot" and source != "bot":
            return _refused("bot-seat", "refusal.detail.bot-plays-seat")
        if kind != "bot" and source == "bot":
            return _refused("not-now", "refusal.detail.person-plays-seat")
        if m.queued_move(seat) is not None:
            return _refused("not-your-turn", "refusal.detail.already-waiting")
        if m.seen_to_move(seat) != seat:
            return _refused("not-your-turn", "refusal.detail.not-your-turn"
                            if m.seen_to_move(seat) is not None else "refusal.detail.no-move-due")
        nxt = fork(m, deals=False)  # a move never deals: the copy shares the random generator
        try:
            answer = self._submit_to(nxt, seat, move)
        except ValueError as exc:
            return _refusal(move, exc, m.seen_legal_moves(seat))
        made = answer.applied
        steps = [Step(step.seat, step.move, nxt if i == len(made) - 1 else self._partial(m, made[:i + 1]))
                 for i, step in enumerate(made)]
        return Plan(nxt, steps, [(d.seat, _dropped(d)) for d in answer.dropped])

    @staticmethod
    def _submit_to(match: Match, seat: int, move: str) -> Submission:
        """``move`` of ``seat`` made on ``match`` (a fork of the live one): the only place in the web
        that plays a live match's moves (``submit`` alone calls it; ``tests/web/test_one_door.py``
        keeps it so)."""
        return match.submit(seat, move)

    @staticmethod
    def _partial(match: Match, made: tuple[PlayMade, ...]) -> Match:
        """The match after the first of several events one submission made (a decision and the
        queued play it released): what stands if a later one cannot be stored."""
        part = fork(match, deals=False)
        part.queued.clear()
        for step in made:
            part.apply(step.action)
        return part

    @staticmethod
    def _next_match(match: Match) -> Match:
        """A copy of ``match`` with the next deal: the only place in the web that deals a live
        match's rounds (``submit`` alone calls it)."""
        nxt = fork(match)
        nxt.next_round()
        return nxt

    async def _store_steps(self, table: LiveTable, plan: Plan,
                           source: str = "person") -> tuple[int, Refusal] | None:
        """Store each event of one submission, put the match after it in place and show it.  Every
        event is stored before any is shown: else the pages of a seat whose queued play follows a
        decision would see a state where it is still their turn, and answer it twice.  The first
        that cannot be stored stops there (the table stays after the last stored event): its index
        and the refusal.  Plays the match dropped are told to their seats.  A move the turn clock
        made (``source``) is marked ``"by": "clock"`` in the table's log, whose line the page marks."""
        stopped: tuple[int, Refusal] | None = None
        for index, step in enumerate(plan.steps):
            refusal = await self._store_and_swap(table, step.seat, step.move, step.after)
            if refusal is not None:
                stopped = index, refusal
                break
            if index == 0 and source == "clock":  # the page's log marks it (s41 finding 16), also on reload
                table.log[-1]["by"] = "clock"
        for step in plan.steps[:stopped[0] if stopped else len(plan.steps)]:
            await self._publish(table, step.seat, step.move)
        if stopped is None:
            for seat, dropped in plan.dropped:
                await self._tell_seat(table, seat, dropped)
        return stopped

    async def _store_and_swap(self, table: LiveTable, seat: int | None, move: str,
                              nxt: Match) -> Refusal | None:
        """Store the event that turned ``table.match`` into ``nxt``, then put ``nxt`` in place."""
        kind = "next-round" if move == NEXT_ROUND else "move"
        seq = table.seq + 1
        outcome = await self.store.append(table, (seq, kind, seat, move), nxt.finished)
        if outcome == "behind":  # another process stored this event number: catch up from the database
            try:
                await asyncio.to_thread(self.store.reload, table)
            except Exception as exc:
                log.error("could not read table %s back (%s)", table.id, type(exc).__name__)
        if outcome != "stored":
            return _refused("storage", "refusal.detail.deal-not-saved" if move == NEXT_ROUND
                            else "refusal.detail.move-not-saved")
        table.match, table.seq = nxt, seq
        table.log.append({"seq": seq, "round": len(nxt.rounds), "kind": kind, "seat": seat, "text": move})
        table.touched = time.monotonic()
        return None

    async def _publish(self, table: LiveTable, seat: int | None, move: str) -> None:
        """Show a stored event to every page.  A kept teyaku goes only to its own seat's pages: to
        every other page nothing happened, not even a new version (RULES.md §4.2,
        ``engine.visibility``)."""
        if is_public({"kind": "move", "text": move, "seat": seat}, None):
            await self.broadcast(table, {"seat": seat, "move": move})
            return
        table.version += 1
        mine = [c for c in table.connections if c.seat == seat]
        for conn, message in self._show_out(table, mine, {"seat": seat, "move": move}, {}):
            await self.send(table, conn, message)

    async def _tell_seat(self, table: LiveTable, seat: int | None, refusal: Refusal) -> None:
        """A refusal for a play the caller of ``submit`` did not make (a queued one), to its seat."""
        for conn in list(table.connections):
            if seat is not None and conn.seat == seat:
                await self.refuse(table, conn, refusal)

    @staticmethod
    def _settles_first(m: Match, seat: int) -> bool:
        """The first play of a deal where teyaku may be pending (RULES.md §4.2): the web shows it
        to everyone as waiting for the deal to settle, identical whether or not a seat holds a
        teyaku — decided from public facts only (the game's options, the order of play, no play
        made yet), never from whether a decision is pending."""
        rnd = m.current
        return (m.config.teyaku and not m.finished and seat == rnd.order[0]
                and not any(move_kind(a) == PLAY for a in rnd.moves))

    # -- changing a table ----------------------------------------------------------------------

    async def move(self, table: LiveTable, conn: Connection, text: Any) -> None:
        """A person's move (or ``NEXT_ROUND``: a deal) from a socket: through ``submit``, any
        refusal to this socket only."""
        if conn.seat is None:
            await self.refuse(table, conn, _refused("spectator", "refusal.detail.spectators-cannot-play"))
        elif not isinstance(text, str) or not text.strip():
            await self.refuse(table, conn, _refused("bad-move", "refusal.detail.move-needs-text"))
        elif (refusal := await self.submit(table, conn.seat, text, "person")) is not None:
            await self.refuse(table, conn, refusal)

    async def takeover(self, table: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
        """The creator hands a seat whose player has left to a bot."""
        token, seat, bot = msg.get("creator_token"), msg.get("seat"), msg.get("bot", "greedy")
        if not conn.creator and (not isinstance(token, str)
                                 or not token_matches(token, table.creator_hash)):
            await self.refuse(table, conn, _refused("forbidden", "refusal.detail.creator-only-bot"))
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats) \
                or not isinstance(bot, str) or not is_bot_name(bot):
            await self.error(table, conn, "bad-message", "bot-takeover needs a seat number (0 to "
                             f"{len(table.seats) - 1}) and a bot: {', '.join(AGENTS)}, or a level: "
                             f"{', '.join(level.id for level in LEVELS)}")
            return
        problem = unavailable_reason(bot, table.match.config)
        if problem:
            await self.error(table, conn, "bad-message", problem)
            return
        await self._to_bot(table, conn, seat, bot)

    async def resign(self, table: LiveTable, conn: Connection) -> None:
        """A player leaves the match: the greedy bot plays the seat from now on."""
        if conn.seat is None:
            await self.refuse(table, conn, _refused("spectator", "refusal.detail.leave-spectator"))
            return
        await self._to_bot(table, conn, conn.seat, "greedy", leaving=True)

    async def _to_bot(self, table: LiveTable, conn: Connection, seat: int, bot: str, *,
                      leaving: bool = False) -> None:
        """Hand ``seat`` to ``bot`` for ``conn`` (``takeover``, ``resign``: the seat's own player
        ``leaving``; ``hand_to_bot``) and say so in the chat; refused to ``conn`` alone while the seat
        is a bot's, while its player is still at the table (unless it is ``leaving`` itself), once
        the match is over, at the bot-table cap or when the database refuses."""
        async with table.lock:
            s = table.seats[seat]
            present = not leaving and any(c.seat == seat for c in table.connections)
            refusal = ((_refused("not-now", "refusal.detail.already-bot") if leaving
                        else _refused("not-now", "refusal.detail.seat-already-bot", seat=seat + 1))
                       if s.kind != "human"
                       else _refused("not-now", "refusal.detail.still-at-table", name=s.name) if present
                       else _refused("not-now", "refusal.detail.match-over") if table.match.finished
                       else None)
            if refusal is None:
                try:
                    if not await self.hand_to_bot(table, [seat], bot):
                        refusal = _refused("storage", "refusal.detail.change-not-saved")
                except CapacityError as exc:
                    refusal = _refused("capacity", "refusal.detail.full-leaving" if leaving
                                       else "refusal.detail.full", reason=str(exc))
            if refusal is not None:
                await self.refuse(table, conn, refusal)
                return
            await self.broadcast(table)
        self.kick_bots(table)
        await self.notice(table, "notice.seat_bot", {"seats": [seat], "bot": bot})

    async def notice(self, table: LiveTable, key: str, args: dict[str, Any]) -> None:
        """Tell the table's chat what happened (``notices``; nothing without the lobby)."""
        if self.notices is not None:
            await self.notices(table, key, args)

    async def stop(self, table: LiveTable, conn: Connection) -> None:
        """The creator stops a table without people: its bots play no more, now or after a restart."""
        if not conn.creator:
            await self.refuse(table, conn, _refused("forbidden", "refusal.detail.creator-only-stop"))
            return
        if table.humans:
            await self.refuse(table, conn, _refused("not-now", "refusal.detail.stop-bots-only"))
            return
        async with table.lock:
            if not table.running:
                await self.refuse(table, conn, _refused("not-now", "refusal.detail.match-over-already"))
                return
            try:
                await asyncio.to_thread(self.store.set_status, table.id, "stopped")
            except Exception as exc:
                log.error("could not store the stop of table %s (%s)", table.id, type(exc).__name__)
                await self.refuse(table, conn, _refused("storage", "refusal.detail.change-not-saved"))
                return
            table.stopped = True
            if table.bot_task is not None:
                table.bot_task.cancel()
            await self.broadcast(table)

    # -- bots ----------------------------------------------------------------------------------

    def kick_bots(self, table: LiveTable) -> None:
        if table.running and self.owns(table):
            self.bots.kick(table)

    async def idle(self, table: LiveTable) -> None:
        """Wait until no bot is thinking (tests)."""
        while table.bot_task is not None and not table.bot_task.done():
            await asyncio.sleep(0.01)
