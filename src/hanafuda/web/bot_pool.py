"""Bot decisions off the event loop and off the web process's GIL (issue 14, "bots off the event
loop"), in a pool that cannot be starved or outlive its server (issue 29, "Bots that cannot be
starved or smuggled").

A bot that searches (``strong``, ``expert`` and the levels that name them) thinks in one of the
pool's worker processes (``serve --bot-workers N``): it gets its seat's view only (DESIGN.md layer
4: the same ``View`` a local bot gets), pickled, and answers a move string, so the web process never
runs a search.  The one-pass bots (``random``, ``greedy``, ``policy``: about a millisecond a move,
less than a trip to another process) decide inline.

- **Its own queue, fair across tables.**  Decisions wait here, one queue per table, and a free
  worker takes the next table's oldest decision in turn (round robin): a table asking for many
  decisions never delays another table's first one behind all of them.  ``queued`` (waiting and
  running) is the ``hanafuda_bot_queue`` gauge (``metrics.observe``).
- **Slower, never weaker.**  A searching bot plays on its iteration budget alone (rollouts,
  simulations; ``budget_only``): a loaded machine delays its answer, it never cuts its search short.
- **Never starved.**  The workers run at a lower priority than the web process (niceness and, on
  Linux, the batch scheduling class), which still gives them a share of a busy core; the idle class
  used before issue 29 gave them none as long as any ordinary process wanted the core.
- **Dying with the server.**  Each worker asks the kernel for SIGKILL when its server dies
  (``prctl(PR_SET_PDEATHSIG)``, Linux), stays in the server's process group, and is killed when the
  server shuts down (``shutdown``), decisions queued or not.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from ..agents import Agent, ExpertAgent, StrongAgent, make_agent

__all__ = ["BOT_NICENESS", "INLINE_BOTS", "STALL_SECONDS", "BotPool", "BotWorkerError", "budget_only",
           "decide"]

INLINE_BOTS = frozenset({"random", "greedy", "policy"})
"""Bots that look at the legal moves once, without a search: cheaper inline than in a process."""

BOT_NICENESS = 10
"""How much lower the workers' CPU priority is than the web process's (``os.nice``): where both want
the CPU the web process goes first, and the workers still get a share."""

STALL_SECONDS = 60.0
"""``/readyz`` reports the pool as stuck when decisions have waited this long and no worker answered
one meanwhile (a merely busy machine still answers some)."""

PR_SET_PDEATHSIG = 1
"""``prctl`` option (linux/prctl.h): the signal this process gets when its parent thread dies."""

_agents: dict[str, Agent] = {}
"""This process's bots by name (a worker keeps them between decisions)."""


def budget_only(agent: Agent) -> Agent:
    """``agent`` searching on its iteration budget alone (issue 29): a searching bot's wall-clock cap
    (``StrongAgent.time_limit``, ``ExpertAgent.time_limit``) would cut its search short on a loaded
    machine and make it weaker; without it the same view and seed give the same move however busy
    the machine is, only later."""
    if isinstance(agent, StrongAgent | ExpertAgent):
        agent.time_limit = None
    return agent


def decide(bot: str, view: Any, seed: str) -> str:
    """The move ``bot`` chooses at ``view`` with the table's deterministic seed for this decision
    (on its iteration budget alone: ``budget_only``)."""
    agent = _agents.get(bot)
    if agent is None:
        agent = _agents[bot] = budget_only(make_agent(bot))
    return str(agent.choose(view, view.legal, random.Random(seed)))


# -- the worker process ---------------------------------------------------------------------------


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to SIGKILL this process when the server that started it dies, however it dies
    (SIGKILL included); if it died already (before the request took effect), exit now.  Linux only;
    elsewhere nothing (the server's shutdown still kills its workers)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(0)


def _lower_priority() -> None:
    """Run below the web process, the database and everything else, yet never starved.

    Niceness ``BOT_NICENESS`` and, on Linux, the batch scheduling class (``SCHED_BATCH``: the
    scheduler treats the worker as a CPU-bound job and lets a waking process, the web process with a
    move to store, take the core first) for every thread (NumPy's may have started at import).  Not
    the idle class: an idle-class worker got no CPU at all while one ordinary busy loop ran beside it
    (issue 29: a bot's reply went from 0.15 s to 2.9 s and its search was cut short)."""
    if hasattr(os, "nice"):
        os.nice(BOT_NICENESS)
    for thread in _threads():  # Linux schedules threads
        try:
            if hasattr(os, "setpriority") and thread:
                os.setpriority(os.PRIO_PROCESS, thread, os.getpriority(os.PRIO_PROCESS, 0))
            if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_BATCH"):
                os.sched_setscheduler(thread, os.SCHED_BATCH, os.sched_param(0))
        except OSError:  # a thread gone meanwhile, or a system that refuses: the niceness above stands
            pass


def _threads() -> list[int]:
    """This process's threads (Linux: ``/proc/self/task``); ``[0]`` (the caller) elsewhere."""
    try:
        return [int(t) for t in os.listdir("/proc/self/task")]
    except OSError:
        return [0]


def _serve(conn: Connection, parent: int) -> None:
    """A worker's life: die with ``parent``, lower its priority, then answer ``(function, args)``
    with ``("ok", result)`` or ``("error", text)`` until the server closes the pipe."""
    _die_with_parent(parent)
    _lower_priority()
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as exc:  # the server logs it and plays on (bots_runner)
            answer = ("error", f"{type(exc).__name__}: {exc}")
        conn.send(answer)


# -- the server's side ----------------------------------------------------------------------------


class BotWorkerError(RuntimeError):
    """A decision failed in a worker (its error), or its worker died twice while making it."""


@dataclass(eq=False)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    since: float = field(default_factory=time.monotonic)
    tries: int = 0


class _Worker:
    """One worker process, its end of the pipe, and the one thread that waits on that pipe (so a
    long decision holds neither the event loop nor the default thread pool the database uses)."""

    def __init__(self) -> None:
        ours, theirs = multiprocessing.get_context("spawn").Pipe()
        self.conn = ours
        self.process: BaseProcess = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(theirs, os.getpid()), daemon=True, name="hanafuda-bot")
        self.process.start()  # from the event loop's thread: the parent-death signal follows it
        theirs.close()
        self.io = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-pipe")

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
        """Send one decision and wait for its answer (in ``io``'s thread)."""
        self.conn.send((fn, args))
        answer: tuple[str, Any] = self.conn.recv()
        return answer

    def kill(self) -> None:
        """SIGKILL the process, reap it, free the pipe and the thread."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()
        self.io.shutdown(wait=False)


class BotPool:
    """``workers`` worker processes for searching bots (started on first use, replaced when one
    dies), their own queue, fair across tables (the module's docstring)."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least 1 worker process")
        self.workers = workers
        self._all: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._queues: dict[str, deque[_Job]] = {}
        """Waiting decisions by table, the tables in arrival order (``_next`` serves them in turn)."""
        self._served: dict[str, int] = {}
        """The turn at which each table's last decision went to a worker."""
        self._turn = 0
        self._retry: deque[_Job] = deque()
        """Decisions whose worker died while making them: served first, once more."""
        self.queued = 0
        """Decisions waiting or running (the ``hanafuda_bot_queue`` gauge)."""
        self.answered = time.monotonic()
        """When a worker last answered (``trouble``: a pool that answers nothing is stuck)."""
        self._closed = False

    @property
    def waiting(self) -> int:
        """Decisions not yet taken by a worker."""
        return len(self._retry) + sum(len(q) for q in self._queues.values())

    @property
    def processes(self) -> list[BaseProcess]:
        """The live worker processes (tests, ``trouble``)."""
        return [w.process for w in self._all]

    async def choose(self, bot: str, view: Any, seed: str, table: str = "") -> str:
        """The move ``bot`` makes at ``view`` (``decide``): inline for ``INLINE_BOTS``, else in a
        worker, queued behind the decisions of other tables in turn (``table``: the table's id)."""
        if bot in INLINE_BOTS:
            return decide(bot, view, seed)
        return str(await self.run(table, decide, bot, view, seed))

    async def run(self, key: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker (``fn`` and ``args`` picklable), queued under ``key`` (a table):
        the queues are served in turn, one decision of each at a time."""
        if self._closed:
            raise BotWorkerError("the bot pool is shut down")
        job = _Job(fn, args, asyncio.get_running_loop().create_future())
        self._queues.setdefault(key, deque()).append(job)
        self.queued += 1
        try:
            self._dispatch()
            return await job.future
        finally:
            self.queued -= 1
            queue = self._queues.get(key)
            if queue is not None and job in queue:  # cancelled while waiting: it leaves the queue
                queue.remove(job)
                if not queue:
                    del self._queues[key]

    def _next(self) -> _Job | None:
        """The oldest decision of the table served longest ago (a table never served first, then
        by arrival): round robin, one decision of each table in turn.  A decision to retry (its
        worker died) comes before all."""
        while self._retry:
            job = self._retry.popleft()
            if not job.future.done():
                return job
        while self._queues:
            key = min(self._queues, key=lambda k: self._served.get(k, -1))  # first such in arrival order
            queue = self._queues[key]
            job = queue.popleft()
            if not queue:
                del self._queues[key]
            if job.future.done():
                continue
            self._served[key] = self._turn
            self._turn += 1
            if len(self._served) > 4 * len(self._queues) + 1000:  # forget tables long quiet
                self._served = {k: v for k, v in self._served.items() if k in self._queues}
            return job
        return None

    def _dispatch(self) -> None:
        """Give waiting decisions to free workers, starting workers up to ``workers``."""
        while (self._queues or self._retry) and not self._closed \
                and (self._idle or len(self._all) < self.workers):
            job = self._next()
            if job is None:
                return
            if self._idle:
                worker = self._idle.pop()
            else:
                worker = _Worker()
                self._all.append(worker)
            asyncio.get_running_loop().create_task(self._work(worker, job))

    async def _work(self, worker: _Worker, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        try:
            status, value = await loop.run_in_executor(worker.io, worker.call, job.fn, job.args)
        except (EOFError, OSError, ValueError) as exc:  # the worker died (killed, out of memory)
            self._drop(worker)
            if self._closed:  # killed by ``shutdown``: the decision is dropped with its server
                job.future.cancel()
                return
            job.tries += 1
            if job.tries < 2 and not job.future.done():  # once more, before any other decision
                self._retry.append(job)
            elif not job.future.done():
                job.future.set_exception(BotWorkerError(f"a bot worker died twice on one decision ({exc!r})"))
            self._dispatch()
            return
        self.answered = time.monotonic()
        if not job.future.done():
            if status == "ok":
                job.future.set_result(value)
            else:
                job.future.set_exception(BotWorkerError(str(value)))
        if self._closed:
            return
        self._idle.append(worker)
        self._dispatch()

    def _drop(self, worker: _Worker) -> None:
        if worker in self._all:
            self._all.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        worker.kill()

    def trouble(self) -> str | None:
        """Why this pool cannot take decisions now, or ``None`` (``/readyz``, issue 29): a worker
        process that died, or decisions waiting ``STALL_SECONDS`` with no answer meanwhile.  A pool
        not started yet is fine (it starts on first use), and so is a merely busy one: a probe through
        low-priority workers would fail on a busy machine and take a healthy server out of rotation."""
        if self._closed:
            return "the bot pool is shut down"
        gone = [w for w in self._all if not w.process.is_alive()]
        if gone:
            return (f"a bot worker process died ({len(gone)} of {len(self._all)}; {self.queued} "
                    "decisions queued; a new one starts for the next decision)")
        now = time.monotonic()
        oldest = min((q[0].since for q in (*self._queues.values(), self._retry) if q), default=now)
        if self._all and now - oldest > STALL_SECONDS and now - self.answered > STALL_SECONDS:
            return (f"the bot workers answered nothing for {now - self.answered:.0f} s with {self.queued} "
                    "decisions queued")
        return None

    def shutdown(self) -> None:
        """Kill every worker now (SIGKILL), decisions queued or running: none outlives its server.
        The waiting decisions are cancelled; a table's next server decides them again (same seed)."""
        self._closed = True
        for queue in self._queues.values():
            for job in queue:
                job.future.cancel()
        self._queues.clear()
        for job in self._retry:
            job.future.cancel()
        self._retry.clear()
        for worker in self._all:
            worker.kill()
        self._all.clear()
        self._idle.clear()
