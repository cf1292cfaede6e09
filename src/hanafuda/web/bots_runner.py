"""Bot seats: each table's bots move in turn, paced, their decisions off the event loop.

One task per table (``BotRunner.kick``) plays every bot seat whose turn it is and, at a table
without people, deals the next round; a searching bot thinks in a worker process of the hub's pool
(``bot_pool.BotPool``, ``serve --bot-workers``), queued behind other tables' decisions in turn; its
move goes through the hub's one door (``TableHub.submit``) like a person's.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

from .bot_pool import BotPool
from .live import NEXT_ROUND, LiveTable

if TYPE_CHECKING:
    from .hub import TableHub

log = logging.getLogger(__name__)

__all__ = ["BotRunner"]


class BotRunner:
    """Runs the bot seats of the tables of one hub."""

    def __init__(self, hub: TableHub, pause: float, bot_only_rate: float = 2.0,
                 pool: BotPool | None = None) -> None:
        self.hub = hub
        self.pool = pool or BotPool(hub.limits.bot_workers)
        self.pause = pause
        self.bot_only_rate = bot_only_rate

    def pause_at(self, table: LiveTable) -> float:
        """Seconds before a bot moves: ``pause``, and at a table without people at least
        ``1 / bot_only_rate`` (bots alone are paced: they must not crowd out people's tables)."""
        if table.humans or self.bot_only_rate <= 0:
            return self.pause
        return max(self.pause, 1.0 / self.bot_only_rate)

    def kick(self, table: LiveTable) -> None:
        """Start the table's bot task unless it is running."""
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: LiveTable) -> None:
        hub = self.hub
        while True:
            m = table.match
            if m.finished or table.stopped:
                return
            seat = m.to_move
            if seat is None:
                if table.humans:
                    return  # a person deals the next round when ready
                await asyncio.sleep(self.pause_at(table))
                refused = await hub.submit(table, None, NEXT_ROUND, "bot")
                if refused is not None and refused.code == "storage":
                    await asyncio.sleep(1.0)  # the database is away: try again a little later
                continue
            agent = table.agents.get(seat)
            if agent is None:
                return
            await asyncio.sleep(self.pause_at(table))
            m = table.match  # moved on meanwhile (a person's deal, a hand-over)?
            if m.to_move != seat:
                continue
            view = m.view(seat)
            stamp = table.seq
            seed = f"{m.seed}:bot:{seat}:{len(m.rounds)}:{len(m.current.moves)}"
            bot = table.seats[seat].bot or ""
            try:
                move = await self.pool.choose(bot, view, seed, table.id)
            except Exception:  # a bot bug must not stall the table: fall back to a legal move
                log.exception("bot at table %s seat %d failed; playing a random legal move", table.id, seat)
                move = random.Random(seed).choice(view.legal)
            if move not in view.legal:
                log.error("bot at table %s seat %d chose %r, not a legal move; playing a random one",
                          table.id, seat, move)
                move = random.Random(seed).choice(view.legal)
            refused = await hub.submit(table, seat, move, "bot", at_seq=stamp)
            if refused is not None and refused.code == "storage":
                await asyncio.sleep(1.0)  # the database is away: try again a little later
