"""Decision time of the searching and learned bots per game at their default budgets: p50, p95.

Plays rounds where every seat is the bot (default iterations or simulations; the
wall-clock cap only bounds the worst case) and times each decision that has more
than one legal move.  Prints a table; it asserts nothing.

    python benchmarks/bots.py [--rounds 6] [--agents strong,policy,expert] [--two-players]
    python benchmarks/bots.py --levels --two-players    # the levels a person picks (issue 31)

Beside each row, the baseline of the same run: a fixed piece of pure-Python work timed right
after every decision (``base ms``, its median in that row).  On a loaded machine the baseline
slows down with the bots, so ``load×`` (the row's baseline over the fastest baseline seen in the
run) says how much of a slow p95 is the machine, and ``p95 idle`` is p95 ÷ load×.  ``p95 cpu``
is the p95 of the process's CPU time per decision, which other processes do not inflate; with
``--budget-only`` (no wall-clock cap, as in the arena) it is the whole default budget's cost even
on a loaded machine.  A bot (or level) that cannot play a configuration (no trained network) is
left out of that row.

Arena names set a budget (``expert@N``: the default expert's search at N simulations;
``expert@600/scalar``: the scalar search with fast rollouts, the default before issue 13;
``expert@2400/batch``: the batch simulator with fast rollouts; ``strong@N``); those bots run
on the budget alone (no wall-clock cap).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from hanafuda import Match
from hanafuda.agents import LEVELS, make_agent, unavailable_reason
from hanafuda.agents.arena import _agent as arena_agent
from hanafuda.agents.expert import (
    DEFAULT_ENGINE,
    DEFAULT_ROLLOUTS,
    DEFAULT_SIMULATIONS,
    SCALAR_SIMULATIONS,
)
from hanafuda.agents.strong import DEFAULT_ITERATIONS, DEFAULT_TIME_LIMIT

CASES = [
    ("min-hwatu", 2),
    ("min-hwatu", 6),
    ("hana-awase", 2),
    ("hana-awase", 4),
    ("kwa-do", 2),
    ("kwa-do", 6),
    ("hawaiifuda", 2),
    ("hawaiifuda", 6),
    ("mushi", 2),
    ("koi-koi", 2),
]

BASELINE_WORK = 200_000
"""The baseline's fixed work: a sum over this many squares (about 7 ms on an idle core, long
enough to be time-sliced by the scheduler as a bot's decision is)."""


def baseline() -> float:
    """Seconds taken by the fixed baseline work, now."""
    start = time.perf_counter()
    sum(i * i for i in range(BASELINE_WORK))
    return time.perf_counter() - start


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds per case")
    parser.add_argument("--agents", default="strong,policy,expert", help="bots to time")
    parser.add_argument("--two-players", action="store_true", help="only the 2-player cases")
    parser.add_argument("--levels", action="store_true",
                        help="time the levels (Beginner … Expert) instead of --agents")
    parser.add_argument("--budget-only", action="store_true",
                        help="no wall-clock cap: every decision spends the whole budget")
    args = parser.parse_args()
    names = [level.id for level in LEVELS] if args.levels else args.agents.split(",")
    best = min(baseline() for _ in range(50))
    print(
        f"python {platform.python_version()} on {platform.machine()}; default budgets: strong "
        f"{DEFAULT_ITERATIONS} rollouts, expert {DEFAULT_SIMULATIONS} simulations ({DEFAULT_ENGINE} "
        f"engine, {DEFAULT_ROLLOUTS} rollouts; scalar fallback {SCALAR_SIMULATIONS}), wall-clock cap "
        f"{DEFAULT_TIME_LIMIT * 1000:.0f} ms (worst case only)"
    )
    print(f"baseline: {BASELINE_WORK:,} squares summed, fastest {best * 1000:.2f} ms this run")
    width = max(7, *(len(n) for n in names))
    print(f"{'agent':<{width}} {'game':<11} {'players':>7} {'decisions':>9} {'p50 ms':>7} {'p95 ms':>7} "
          f"{'max ms':>7} {'base ms':>7} {'load×':>6} {'p95 idle':>8} {'p95 cpu':>7}")
    for name in names:
        for game, players in CASES:
            if args.two_players and players != 2:
                continue
            if unavailable_reason(name, Match(game, players, seed=0).config) is not None:
                continue
            times: list[float] = []
            bases: list[float] = []
            cpu: list[float] = []
            for r in range(args.rounds):
                match = Match(game, players, seed=r, dealer=0)
                bot = arena_agent(name) if "@" in name or args.budget_only else make_agent(name)
                rng = random.Random(r)
                while match.to_move is not None:
                    seat = match.to_move
                    view = match.view(seat)
                    start, start_cpu = time.perf_counter(), time.process_time()
                    move = bot.choose(view, view.legal, rng)
                    if len(view.legal) > 1:
                        times.append(time.perf_counter() - start)
                        cpu.append(time.process_time() - start_cpu)
                        bases.append(baseline())
                    match.play(move)
            base = percentile(bases, 0.5)
            load = base / best
            p95 = percentile(times, 0.95)
            print(
                f"{name:<{width}} {game:<11} {players:>7} {len(times):>9} "
                f"{percentile(times, 0.5) * 1000:>7.1f} {p95 * 1000:>7.1f} "
                f"{max(times) * 1000:>7.1f} {base * 1000:>7.2f} {load:>6.2f} {p95 / load * 1000:>8.1f} "
                f"{percentile(cpu, 0.95) * 1000:>7.1f}"
            )


if __name__ == "__main__":
    main()
