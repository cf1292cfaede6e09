"""Decision time of the strong bot per game at its default budget: p50 and p95.

Plays rounds where every seat is the strong bot (default iterations and time
limit) and times each decision that has more than one legal move.  Prints a
table; it asserts nothing.

    python benchmarks/bots.py [--rounds 6]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from hanafuda import Match
from hanafuda.agents import StrongAgent
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
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}; strong bot default budget: "
        f"{DEFAULT_ITERATIONS} rollouts, time limit {DEFAULT_TIME_LIMIT * 1000:.0f} ms"
    )
    print(f"{'game':<11} {'players':>7} {'decisions':>9} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")
    for game, players in CASES:
        times: list[float] = []
        for r in range(args.rounds):
            match = Match(game, players, seed=r, dealer=0)
            bot = StrongAgent()
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
            f"{game:<11} {players:>7} {len(times):>9} {percentile(times, 0.5) * 1000:>7.1f} "
            f"{percentile(times, 0.95) * 1000:>7.1f} {max(times) * 1000:>7.1f}"
        )


if __name__ == "__main__":
    main()
