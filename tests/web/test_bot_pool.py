"""Issue 29, "Bots that cannot be starved or smuggled": the bot pool's own queue is fair across
tables, a searching bot plays on its iteration budget (a loaded machine slows it, never weakens it),
its workers run below the web process without being starved, and none outlives its pool."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.agents import ExpertAgent, StrongAgent, make_agent
from hanafuda.web import bot_pool
from hanafuda.web.bot_pool import BotPool, BotWorkerError
from hanafuda.web.limits import Limits, default_bot_workers


def _burn() -> None:  # pragma: no cover - runs in a child process
    while True:
        pass


@contextmanager
def busy_machine() -> Iterator[None]:
    """Every core taken by an ordinary busy loop (the issue's "one ordinary busy loop", on each core)."""
    ctx = multiprocessing.get_context("spawn")
    burners = [ctx.Process(target=_burn, daemon=True) for _ in range(os.cpu_count() or 1)]
    for p in burners:
        p.start()
    time.sleep(0.5)
    try:
        yield
    finally:
        for p in burners:
            p.kill()
            p.join(5)


def _views() -> list[tuple[Any, str]]:
    """Decisions with several candidate moves (a search has something to choose between)."""
    out = []
    for seed in range(40):
        m = Match("koi-koi", 2, seed=seed)
        seat = m.to_move
        assert seat is not None
        view = m.view(seat)
        if len(view.legal) >= 5:
            out.append((view, f"{seed}:bot:{seat}:1:0"))
        if len(out) == 3:
            return out
    return out


def test_one_table_asking_for_many_decisions_does_not_delay_another_tables_first() -> None:
    pool = BotPool(1)
    done: list[str] = []

    async def one(key: str, label: str) -> None:
        await pool.run(key, time.sleep, 0.3)
        done.append(label)

    async def scenario() -> None:
        await pool.run("warm-up", time.sleep, 0)  # the worker is up
        many = [asyncio.create_task(one("A", f"A{i}")) for i in range(5)]
        await asyncio.sleep(0.05)  # A's first decision is running, four more wait
        assert pool.queued == 5 and pool.waiting == 4
        first = asyncio.create_task(one("B", "B0"))
        await asyncio.sleep(0)
        assert pool.queued == 6  # the bot-queue gauge counts every decision waiting or running
        await asyncio.gather(*many, first)
        assert pool.queued == 0

    try:
        asyncio.run(scenario())
    finally:
        pool.shutdown()
    assert done == ["A0", "B0", "A1", "A2", "A3", "A4"]  # B's first decision in turn, not behind A's five


def test_the_pool_grows_to_its_size_and_no_further() -> None:
    pool = BotPool(2)

    async def scenario() -> set[int]:
        pids = await asyncio.gather(*(pool.run(f"t{i}", os.getpid) for i in range(6)))
        assert len(pool.processes) == 2
        return set(pids)

    try:
        pids = asyncio.run(scenario())
    finally:
        pool.shutdown()
    assert len(pids) <= 2 and os.getpid() not in pids


def test_a_worker_error_is_the_decisions_error_and_the_worker_serves_on() -> None:
    pool = BotPool(1)

    async def scenario() -> int:
        with pytest.raises(BotWorkerError, match="ZeroDivisionError"):
            await pool.run("t", divmod, 1, 0)
        return int(await pool.run("t", abs, -3))

    try:
        assert asyncio.run(scenario()) == 3
    finally:
        pool.shutdown()


def test_a_killed_worker_is_replaced_and_its_decision_made_again() -> None:
    pool = BotPool(1)

    async def scenario() -> tuple[int, int]:
        first = await pool.run("t", os.getpid)
        slow = asyncio.create_task(pool.run("t", time.sleep, 1.0))
        await asyncio.sleep(0.2)
        os.kill(first, 9)  # mid-decision (the OOM killer, an operator)
        await slow  # made again by a new worker, no error
        return first, await pool.run("t", os.getpid)

    try:
        first, second = asyncio.run(scenario())
        assert second != first and pool.trouble() is None
    finally:
        pool.shutdown()


def test_a_dead_worker_shows_in_readiness() -> None:
    pool = BotPool(1)
    try:
        pid = asyncio.run(pool.run("t", os.getpid))
        assert pool.trouble() is None
        os.kill(pid, 9)
        deadline = time.monotonic() + 10
        while pool.processes[0].is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        trouble = pool.trouble()
        assert trouble is not None and "died" in trouble
    finally:
        pool.shutdown()


def test_shutdown_kills_the_workers_even_mid_decision() -> None:
    pool = BotPool(2)

    async def scenario() -> list[Any]:
        await asyncio.gather(pool.run("a", time.sleep, 0), pool.run("b", time.sleep, 0))
        busy = [asyncio.create_task(pool.run(k, time.sleep, 30)) for k in "abcd"]
        await asyncio.sleep(0.3)  # two running, two waiting
        procs = pool.processes
        pool.shutdown()
        results = await asyncio.gather(*busy, return_exceptions=True)
        assert all(isinstance(r, asyncio.CancelledError) for r in results)
        return procs

    started = time.monotonic()
    procs = asyncio.run(scenario())
    assert len(procs) == 2 and not any(p.is_alive() for p in procs)
    assert time.monotonic() - started < 20  # not after the 30 s decisions


def test_workers_run_below_the_web_process_and_are_never_starved() -> None:
    # niceness and the batch class: a waking web process goes first, yet the workers keep a share of
    # a busy core (the idle class gave them none beside one busy loop: issue 29)
    pool = BotPool(1)

    async def scenario() -> tuple[int, list[int]]:
        nice = await pool.run("t", os.nice, 0)
        policies: list[int] = []
        if hasattr(os, "SCHED_BATCH"):  # Linux: every thread of the worker (NumPy starts some)
            threads = await pool.run("t", os.listdir, "/proc/self/task")
            policies = [await pool.run("t", os.sched_getscheduler, int(t)) for t in threads]
        return nice, policies

    try:
        nice, policies = asyncio.run(scenario())
    finally:
        pool.shutdown()
    assert nice == min(19, os.nice(0) + bot_pool.BOT_NICENESS)  # 19: the lowest priority
    if policies:
        assert set(policies) == {os.SCHED_BATCH}
        assert os.sched_getscheduler(0) not in (os.SCHED_IDLE, os.SCHED_BATCH)  # the web process: ordinary


SERVER = """
import asyncio, os, sys, time
from hanafuda.web.bot_pool import BotPool

async def main():
    pool = BotPool(1)
    print(await pool.run("t", os.getpid), flush=True)
    await pool.run("t", time.sleep, 600)  # a decision far longer than the test

asyncio.run(main())
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_worker_mid_decision_dies_with_its_killed_server() -> None:
    # SIGKILL: no shutdown code runs in the server; the kernel's parent-death signal ends the worker
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert os.getpgid(worker) == os.getpgid(server.pid)  # in its server's process group too
        time.sleep(0.5)  # the long decision is running
        server.kill()
        server.wait(10)
        deadline = time.monotonic() + 5
        while _running(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(worker)
    finally:
        server.kill()
        server.wait(10)


def _running(pid: int) -> bool:
    """``pid`` exists and is no zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_web_bots_search_on_their_budget_alone() -> None:
    for name in ("strong", "expert", "Strong", "Expert", "strong/round"):
        agent = bot_pool.budget_only(make_agent(name))
        assert isinstance(agent, StrongAgent | ExpertAgent) and agent.time_limit is None, name


def test_a_slow_clock_gives_the_same_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    # a machine many times slower (each clock reading 5 s later): the bots decide as on an idle one
    views = _views()
    assert len(views) == 3
    bot_pool._agents.clear()
    normal = [bot_pool.decide(bot, view, seed) for bot in ("strong", "expert") for view, seed in views]
    real = time.perf_counter
    offset = [0.0]

    def slow() -> float:
        offset[0] += 5.0
        return real() + offset[0]

    monkeypatch.setattr(time, "perf_counter", slow)
    bot_pool._agents.clear()
    slowed = [bot_pool.decide(bot, view, seed) for bot in ("strong", "expert") for view, seed in views]
    bot_pool._agents.clear()
    assert slowed == normal


def test_the_same_view_and_seed_give_the_same_move_beside_a_busy_loop() -> None:
    views = _views()
    pool = BotPool(1)

    async def moves() -> list[str]:
        return [await pool.choose(bot, view, seed, "t")
                for bot in ("strong", "expert") for view, seed in views]

    try:
        calm = asyncio.run(moves())
        with busy_machine():  # the same low-priority worker beside a busy loop on every core
            busy = asyncio.run(moves())
    finally:
        pool.shutdown()
    assert busy == calm


def test_bot_workers_default_to_the_cores_left_and_are_a_limit() -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    assert default_bot_workers(1) == max(1, cores - 1)
    assert default_bot_workers(64) == 1
    assert Limits().bot_workers == default_bot_workers(1)
    with pytest.raises(ValueError, match="at least 1"):
        BotPool(0)
