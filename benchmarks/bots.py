"""Decision time of the searching and learned bots per game at their default budgets: p50, p95.

Plays rounds where every seat is the bot (default iterations or simulations; the
wall-clock cap only bounds the worst case) and times each decision that has more
than one legal move.  Prints a table; it asserts nothing.

    python benchmarks/bots.py [--rounds 6] [--agents strong,policy,expert] [--two-players]

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
from hanafuda.agents import make_agent
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
]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds per case")
    parser.add_argument("--agents", default="strong,policy,expert", help="bots to time")
    parser.add_argument("--two-players", action="store_true", help="only the 2-player cases")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}; default budgets: strong "
        f"{DEFAULT_ITERATIONS} rollouts, expert {DEFAULT_SIMULATIONS} simulations ({DEFAULT_ENGINE} "
        f"engine, {DEFAULT_ROLLOUTS} rollouts; scalar fallback {SCALAR_SIMULATIONS}), wall-clock cap "
        f"{DEFAULT_TIME_LIMIT * 1000:.0f} ms (worst case only)"
    )
    width = max(7, *(len(n) for n in args.agents.split(",")))
    print(f"{'agent':<{width}} {'game':<11} {'players':>7} {'decisions':>9} {'p50 ms':>7} {'p95 ms':>7} "
          f"{'max ms':>7}")
    for name in args.agents.split(","):
        for game, players in CASES:
            if args.two_players and players != 2:
                continue
            times: list[float] = []
            for r in range(args.rounds):
                match = Match(game, players, seed=r, dealer=0)
                bot = arena_agent(name) if "@" in name else make_agent(name)
                rng = random.Random(r)
                while match.to_move is not None:
                    seat = match.to_move
                    view = match.view(seat)
                    start = time.perf_counter()
                    move = bot.choose(view, view.legal, rng)
                    if len(view.legal) > 1:
                        times.append(time.perf_counter() - start)
                    match.play(move)
            print(
                f"{name:<{width}} {game:<11} {players:>7} {len(times):>9} "
                f"{percentile(times, 0.5) * 1000:>7.1f} {percentile(times, 0.95) * 1000:>7.1f} "
                f"{max(times) * 1000:>7.1f}"
            )


if __name__ == "__main__":
    main()
