"""The live-table model: seats, connections and one table in memory (no I/O here).

A ``LiveTable`` holds the checked ``Match`` (DESIGN.md layer 4), its stored event log, the
sockets watching it and the table lock; the hub (``hub.py``) changes it, ``storage.py`` writes
it, ``messages.py`` turns it into what each seat may see.
"""

from __future__ import annotations

import asyncio
import copy
import hmac
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..agents import Agent
from ..records import Match
from ..words.refusals import refusal_text
from .tokens import hash_token

__all__ = ["BURST", "MAX_MESSAGE", "NEXT_ROUND", "OUTBOX", "RATE", "SOURCES", "TOO_SLOW", "CapacityError",
           "Close", "Connection", "LiveTable", "NewTokens", "Outgoing", "Plan", "Refusal", "Role", "Seat",
           "SeatSpec", "Send", "SendText", "Step", "TableError", "fork"]

MAX_MESSAGE = 4096
"""Largest accepted client message in characters (a move is well under 100)."""
BURST = 20
RATE = 10.0
"""Flood control: a bucket of ``BURST`` messages refilled at ``RATE`` per second per connection."""


_FORKED = frozenset({"config", "seed", "finished", "rng", "rounds", "deals", "totals", "first_draw", "queued",
                     "released"})
"""The attributes of a ``Match`` that ``fork`` copies by hand (the rest are deep-copied)."""


def fork(match: Match, *, deals: bool = True) -> Match:
    """An independent copy of ``match`` to apply a move to before it is stored (``TableHub.submit``).

    Cheap (~40 µs at round 4 of Hana-Awase, against ~270 µs for ``copy.deepcopy``): the config is
    shared (it never changes), so are the ended rounds and the deals (never changed again), and
    only the current round (``Round.copy``), the totals, the queued plays (RULES.md §4.2) and the
    random state are copied.  An
    attribute this function does not know is deep-copied, so a new one cannot be shared by mistake.

    ``deals=False``: the copy is only played on, never dealt, so it shares the match's random
    generator instead of copying its state (~17 of ~24 µs a fork, issue 28): only a deal draws from
    it (``Match.next_round``, the deal from the seed, RULES.md §6), never a play or a teyaku
    decision (``tests/web/test_one_door.py`` plays every game on such copies and finds it
    untouched)."""
    other = copy.copy(match)
    if deals:
        other.rng = random.Random(0)  # (seeded: unseeded, it would read the OS's entropy first, for nothing)
        other.rng.setstate(match.rng.getstate())
    other.rounds = [*match.rounds[:-1], match.current.copy()]
    other.deals, other.totals = list(match.deals), list(match.totals)
    other.first_draw = list(match.first_draw)
    other.queued, other.released = dict(match.queued), list(match.released)  # of immutable values
    for name, value in vars(match).items():
        if name not in _FORKED:
            setattr(other, name, copy.deepcopy(value))
    return other


NEXT_ROUND = "next-round"
"""The ``move`` of ``TableHub.submit`` that deals the next round (RULES.md §6)."""
SOURCES = ("person", "bot", "clock")
"""Who may submit a move: a person's socket, a bot seat's runner, the turn clock."""


@dataclass(frozen=True)
class Step:
    """One event of a submission (``TableHub.submit``): who made it, the move (or ``NEXT_ROUND``)
    and the match after it (a copy, put in place once the event is stored)."""

    seat: int | None
    move: str
    after: Match


@dataclass(frozen=True)
class Plan:
    """What one submission makes of a table: the match after it all, the events to store in order
    (none: a play the match queued, RULES.md §4.2) and the queued plays the match dropped, with
    what to tell their seats."""

    match: Match
    steps: list[Step]
    dropped: list[tuple[int, Refusal]]


@dataclass(frozen=True)
class Refusal:
    """Why ``TableHub.submit`` changed nothing: an error code and the text for the page; ``key``
    and ``args``, the catalogue entry of that text and its arguments (``words.refusals``), so a
    page says the same detail in its language (issue 28)."""

    code: str
    message: str
    key: str = ""
    args: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def of(cls, code: str, key: str, **args: Any) -> Refusal:
        """The refusal ``code`` said by its catalogue entry ``key`` (``refusal.detail.…``) with
        ``args``: its text is the entry's English, and a page says the same entry in its language.
        ``tests/web/test_refusal_words.py`` checks every key the hub uses in en, ja and ko."""
        return cls(code, refusal_text(key, "en", args), key, args)


class TableError(ValueError):
    """A bad table request (unknown game, option, seat layout, theme or bot)."""


class CapacityError(RuntimeError):
    """The server is at one of its caps (``limits.Limits``): try again later."""


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
    token_hash: str
    """SHA-256 of the seat link's token (the invitation)."""
    claim_hash: str | None = None
    """SHA-256 of the per-browser secret of the first browser that opened the seat link."""
    open: bool = False
    """Listed in the lobby for anyone and not taken yet (``SeatRow.open``): read as "Open seat",
    "空席", "빈 자리" wherever the seat is named, whatever name is stored for it."""


@dataclass(frozen=True)
class Role:
    """What a token opens at a table: a seat, the spectator view, or the creator's view."""

    seat: int | None
    creator: bool = False


@dataclass(frozen=True)
class NewTokens:
    """The plain tokens of a table just created: given once to its creator, stored only hashed."""

    seats: list[str | None]
    creator: str


Send = Callable[[dict[str, Any]], Awaitable[None]]
SendText = Callable[[str], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]

OUTBOX = 64
"""Messages waiting for one socket at most: a client that falls this far behind is dropped (closed
with a reason; its page reconnects and gets the whole state), never the table (issue 14, defect 1)."""
TOO_SLOW = 4408
"""The close code of a socket dropped for not reading its messages."""


class Outgoing:
    """One message on its way to one or more sockets: serialized (JSON) at most once, however
    many sockets it goes to (spectators of a table share theirs)."""

    __slots__ = ("_text", "payload")

    def __init__(self, payload: dict[str, Any]) -> None:
        self.payload = payload
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = orjson.dumps(self.payload, option=orjson.OPT_NON_STR_KEYS).decode()
        return self._text


@dataclass(eq=False)
class Connection:
    """One websocket: its seat (``None`` for a spectator), its flood bucket, and its outbox.

    Nothing is ever sent to a socket while a table is locked: messages go into the bounded
    outbox (``offer``), and the connection's own writer task (``run_writer``) does the sending."""

    send: Send
    seat: int | None
    creator: bool = False
    """Opened with the table's creator token: watches like a spectator, may hand seats to bots."""
    theme: str = ""
    """The card names this page shows (its theme chooser); "" is the table's theme (RULES.md §1)."""
    close: Close | None = None
    """Closes the socket with a code and a reason (for a dropped socket)."""
    abort: Callable[[], None] | None = None
    """Cuts the connection at once (the transport aborted, its buffers and descriptor freed): for a
    dropped socket that has not ended within ``Limits.close_seconds`` of its close (issue 29)."""
    send_text: SendText | None = None
    """Sends an already serialized message (a real socket); without it ``send`` gets the dict."""
    limit: int = OUTBOX
    tokens: float = float(BURST)
    last: float = field(default_factory=time.monotonic)
    outbox: asyncio.Queue[Outgoing | None] = field(default_factory=asyncio.Queue)
    dropped: str | None = None
    """Why the server dropped this socket (``None`` while it is served)."""
    client: str = ""
    """The client's address, hashed (``security.client_key``): the key of its per-address limits."""
    account: str = ""
    """The signed-in account of the page's session (``limits.account_key``), read once when the
    socket opens; "" for none: its limits are counted per account too (issue 29)."""
    lang: str = "en"
    """The page's language (``?lang=en|ja|ko``): the namer says every label of its words in it."""
    v: int = -1
    """The version of the table's state this page holds (-1: none yet; the next is whole)."""
    cookies: dict[str, str] = field(default_factory=dict)
    """The page's cookies: the social messages on this socket (``hello``) read its session there."""

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys of this socket's per-address and per-account limits (``limits.RateLimiter``)."""
        return (self.client, self.account) if self.account else (self.client,)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(BURST), self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def offer(self, message: dict[str, Any] | Outgoing) -> bool:
        """Queue a message without waiting; False if the outbox is full (the client is too slow)."""
        if self.dropped is not None:
            return True
        if self.outbox.qsize() >= self.limit:
            return False
        self.outbox.put_nowait(message if isinstance(message, Outgoing) else Outgoing(message))
        return True

    def finish(self) -> None:
        """Let the writer stop once it has sent what is queued."""
        self.outbox.put_nowait(None)

    async def run_writer(self) -> None:
        """Send queued messages in order until ``finish`` or a failed send (a closed socket)."""
        while True:
            message = await self.outbox.get()
            if message is None or self.dropped is not None:
                return
            try:
                if self.send_text is not None:
                    await self.send_text(message.text)
                else:
                    await self.send(message.payload)
            except Exception:  # the socket is gone: its handler removes it
                return


@dataclass(eq=False)
class LiveTable:
    id: str
    match: Match
    theme: str
    seats: list[Seat]
    spectator_token: str
    creator_hash: str
    seeded: bool = False
    """The creator chose the seed (allowed only without other people at the table)."""
    hints: bool = False
    """Its players may ask for a hint (``hub.TableHub.hint``): chosen at creation, off in rated play."""
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Agent] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    abandoned: bool = False
    """No person has been connected for the hub's ``abandon_after`` seconds (the lobby says so)."""
    last_seen: float = field(default_factory=time.monotonic)
    """When a person was last connected (or the table made or loaded), monotonic seconds."""
    stopped: bool = False
    """The creator stopped this table without people: its bots play no more."""
    touched: float = field(default_factory=time.monotonic)
    """When a socket last joined, left or moved here (idle tables leave memory)."""
    version: int = 0
    """One more each time the table changes for any page (internal: a page reads its viewer's own
    count, ``held``)."""
    held: dict[Any, tuple[int, dict[str, Any], int]] = field(default_factory=dict)
    """The last state sent to each viewer (``messages.viewer_key``): its version (counted per
    viewer), the state, and the table's ``version`` it was built at; the next change is sent to
    that viewer as a patch from it."""
    words_cache: dict[Any, Any] = field(default_factory=dict)
    """What ``messages`` builds once and reuses: the words of rounds that have ended (per seat,
    theme and seat names) and the match's fixed facts.  Emptied whenever ``match`` is replaced."""

    @property
    def has_bots(self) -> bool:
        return any(s.kind == "bot" for s in self.seats)

    @property
    def running(self) -> bool:
        return not self.match.finished and not self.stopped

    @property
    def spectators(self) -> int:
        return sum(c.seat is None for c in self.connections)

    @property
    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]

    @property
    def bot_seats(self) -> frozenset[int]:
        """The seats bots play (named by their level in Japanese and Korean, ``words.Namer.bots``)."""
        return frozenset(s.seat for s in self.seats if s.kind != "human")

    def role_of(self, token: str) -> Role | None:
        """What a token opens: a seat (its invitation token), the spectator view, the creator's
        view (a spectator who may hand seats to bots), or ``None``.  Only hashes are compared."""
        digest = hash_token(token)
        found: Role | None = None
        for s in self.seats:  # compare with every hash: the time taken says nothing
            if hmac.compare_digest(s.token_hash, digest):
                found = Role(s.seat)
        if hmac.compare_digest(hash_token(self.spectator_token), digest):
            found = Role(None)
        if hmac.compare_digest(self.creator_hash, digest):
            found = Role(None, creator=True)
        return found

    def summary(self) -> dict[str, Any]:
        from .messages import table_summary

        return table_summary(self)
