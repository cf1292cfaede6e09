"""The live-table model: seats, connections and one table in memory (no I/O here).

A ``LiveTable`` holds the checked ``Match`` (DESIGN.md layer 4), its stored event log, the
sockets watching it and the table lock; the hub (``hub.py``) changes it, ``storage.py`` writes
it, ``messages.py`` turns it into what each seat may see.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..agents import Agent
from ..records import Match

__all__ = ["BURST", "MAX_MESSAGE", "RATE", "Connection", "LiveTable", "Seat", "SeatSpec", "Send",
           "TableError"]

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
        from .messages import table_summary

        return table_summary(self)
