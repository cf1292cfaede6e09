"""The server's caps and rate limits, one place (``hanafuda serve`` flags set them; docs/web.md).

Every cap answers with a clear error and changes nothing (issue 14, defect 3).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    outbox: int = 64
    """Messages waiting for one socket before it is dropped as too slow."""
    bot_tables: int = 50
    """Running tables with at least one bot seat, per server process."""
    spectators: int = 50
    """Spectator (and creator) sockets per table; the creator (like a player) is never turned away."""
    tables_per_minute: int = 10
    """Tables one client address may create per minute."""
    messages_per_second: float = 30.0
    """Messages one client address may send a second over all its sockets (in bursts of three
    seconds' worth), on top of each socket's own limit (``live.RATE``): one address opening many
    spectator sockets cannot multiply its share of the server."""
    idle_seconds: float = 600.0
    """A table nobody watches and no bot plays leaves memory after this long (reloaded on demand)."""
    bot_only_moves_per_second: float = 2.0
    """Pace of a table without people (its spectators follow it); ``--bot-pause`` still applies."""
