"""A web bot's reply time and strength beside ordinary busy loops (issue 29, "Bots that cannot be
starved or smuggled").

Takes the decisions of a few koi-koi deals (views with at least three legal moves), and asks the
web's bot pool (``web.bot_pool.BotPool``, one worker, as ``hanafuda serve`` does) for each one:
first on the machine as it is, then with ``--burners`` ordinary busy loops (normal priority) running
beside it.  Prints the reply time (median, p95, max) of each phase and how many of the busy phase's
moves equal the calm phase's: a pool that cuts a search short on a loaded machine plays other
(weaker) moves; one that honours the iteration budget plays the same moves, only later.

Runs against whatever ``hanafuda`` is on the path, so the same script measures before and after:

    PYTHONPATH=/work/main/src python benchmarks/bot_pool_busy.py          # before
    PYTHONPATH=$PWD/src python benchmarks/bot_pool_busy.py                # after

It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import time
from typing import Any

from hanafuda import Match
from hanafuda.web.bot_pool import BotPool


def _burn() -> None:  # runs in a child process until killed
    while True:
        pass


def decisions(count: int) -> list[tuple[Any, str]]:
    """``count`` views of koi-koi deals with at least three legal moves, and their seeds."""
    out: list[tuple[Any, str]] = []
    seed = 0
    while len(out) < count:
        m = Match("koi-koi", 2, seed=seed)
        for ply in range(6):
            seat = m.to_move
            if seat is None:
                break
            view = m.view(seat)
            if len(view.legal) >= 3:
                out.append((view, f"{seed}:bot:{seat}:1:{ply}"))
            m.play(view.legal[0])
        seed += 1
    return out[:count]


async def phase(pool: BotPool, bot: str, views: list[tuple[Any, str]]) -> tuple[list[float], list[str]]:
    times, moves = [], []
    for view, seed in views:
        started = time.perf_counter()
        moves.append(await pool.choose(bot, view, seed))
        times.append(time.perf_counter() - started)
    return times, moves


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"{name:6} median {statistics.median(times):6.3f} s   p95 {p95:6.3f} s   "
            f"max {ordered[-1]:6.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="strong", help="a searching bot or level (strong, expert)")
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--burners", type=int, default=1, help="ordinary busy loops beside the bot")
    args = parser.parse_args()
    views = decisions(args.decisions)
    pool = BotPool(1)
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(pool.choose(args.bot, *views[0]))  # the worker is up and warm
        calm_times, calm_moves = loop.run_until_complete(phase(pool, args.bot, views))
        ctx = multiprocessing.get_context("spawn")
        burners = [ctx.Process(target=_burn, daemon=True) for _ in range(args.burners)]
        for p in burners:
            p.start()
        time.sleep(1.0)
        try:
            busy_times, busy_moves = loop.run_until_complete(phase(pool, args.bot, views))
        finally:
            for p in burners:
                p.kill()
                p.join(5)
    finally:
        pool.shutdown()
        loop.close()
    same = sum(a == b for a, b in zip(calm_moves, busy_moves, strict=True))
    print(f"{args.bot}: {len(views)} decisions, 1 bot worker, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} before the busy loops")
    print(summary("calm", calm_times))
    print(summary("busy", busy_times) + f"   ({args.burners} busy loop{'s' * (args.burners != 1)})")
    print(f"same move as the calm search: {same}/{len(views)}")


if __name__ == "__main__":
    main()
