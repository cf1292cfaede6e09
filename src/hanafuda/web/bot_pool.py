"""Bot decisions off the event loop and off the web process's GIL (issue 14, "bots off the event
loop").

A bot that searches (``strong``) thinks in a pool of worker processes: it gets its seat's view only
(DESIGN.md layer 4: the same ``View`` a local bot gets), pickled, and answers a move string, so the
web process never runs a search.  The one-pass bots (``random``, ``greedy``: a fraction of a
millisecond a move, less than a trip to another process) decide inline.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..agents import Agent, make_agent

__all__ = ["BOT_NICENESS", "INLINE_BOTS", "BotPool", "decide"]

INLINE_BOTS = frozenset({"random", "greedy", "policy"})
"""Bots that look at the legal moves once, without a search: cheaper inline than in a process."""

BOT_NICENESS = 10
"""How much lower the workers' CPU priority is than the web process's (``os.nice``), where the OS
has no idle scheduling class: where both want the CPU the web process goes first."""

_agents: dict[str, Agent] = {}
"""This process's bots by name (a worker keeps them between decisions)."""


def _lower_priority() -> None:
    """A worker's initializer: run below the web process, the database and everything else.

    On Linux the worker joins the idle scheduling class (``SCHED_IDLE``): it runs on a core that
    nothing else wants, and any ordinary process that wakes up (the web process with a move to
    store, PostgreSQL, a client on the same machine) takes the core from it at once, where a
    niceness only shares the core in proportion.  That is what keeps tables with searching bots
    from slowing the other tables' round trips (issue 14's 2× target; docs/performance.md
    "Strong-bot tables beside others" measures niceness +10 at ×1.9–2.1 and the idle class at
    ×1.2–1.8 at p95 and p99).  A bot's strength is its iteration budget, so a lower priority only
    delays its answers; on a machine whose every core is busy, the search's wall-clock cap
    (``agents.expert``, ``agents.strong``) still bounds that delay.  Elsewhere: ``os.nice``."""
    if hasattr(os, "nice"):
        os.nice(BOT_NICENESS)
    for thread in _threads():  # Linux schedules threads: NumPy's BLAS thread started at import
        try:
            if hasattr(os, "setpriority") and thread:
                os.setpriority(os.PRIO_PROCESS, thread, os.getpriority(os.PRIO_PROCESS, 0))
            if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
                os.sched_setscheduler(thread, os.SCHED_IDLE, os.sched_param(0))
        except OSError:  # a thread gone meanwhile, or a system that refuses: the niceness above stands
            pass


def _threads() -> list[int]:
    """This process's threads (Linux: ``/proc/self/task``); ``[0]`` (the caller) elsewhere."""
    try:
        return [int(t) for t in os.listdir("/proc/self/task")]
    except OSError:
        return [0]


def decide(bot: str, view: Any, seed: str) -> str:
    """The move ``bot`` chooses at ``view`` with the table's deterministic seed for this decision."""
    agent = _agents.get(bot)
    if agent is None:
        agent = _agents[bot] = make_agent(bot)
    return str(agent.choose(view, view.legal, random.Random(seed)))


class BotPool:
    """Worker processes for searching bots, started on first use (``workers`` of them)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        self.queued = 0
        """Decisions sent to the workers and not answered yet (the ``hanafuda_bot_queue`` gauge)."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_lower_priority)
        return self._pool

    async def choose(self, bot: str, view: Any, seed: str) -> str:
        if bot in INLINE_BOTS:
            return decide(bot, view, seed)
        loop = asyncio.get_running_loop()
        self.queued += 1
        try:
            return await loop.run_in_executor(self._executor(), decide, bot, view, seed)
        except RuntimeError:  # the pool broke (a worker was killed): start a new one next time
            self._pool = None
            raise
        finally:
            self.queued -= 1

    def trouble(self) -> str | None:
        """Why this pool cannot take a decision now, or ``None`` (``/readyz``, issue 29).  A pool not
        started yet is fine: it starts on first use.  Passive on purpose: a probe through idle-priority
        workers would time out on a merely busy machine and take a healthy server out of rotation."""
        pool = self._pool
        if pool is None:
            return None
        if getattr(pool, "_broken", False):
            return "a bot worker process died (the pool restarts on the next decision)"
        processes = getattr(pool, "_processes", None) or {}
        if any(not p.is_alive() for p in list(processes.values())):
            return "a bot worker process is gone"
        return None

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
