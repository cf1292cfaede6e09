"""Rounds per second of the vectorised rollout policies on the batch simulator (issue 13).

Each policy plays ``--rows`` freshly dealt 2-player rounds to the end, every seat alike, with
ε = 0.1 random moves: ``fast`` (``batch.rollout.FastRollout``, the expert's default rollout),
``greedy`` (``agents.batch_policies.GreedyRollout``, the greedy bot's rule) and ``policy``
(the shipped Q network over the compact legal moves, ``train.selfplay.choose_moves`` — the
rule of ``envs.vector.policy_opponent``).  The best of ``--repeats`` runs; prints a table,
asserts nothing.

    python benchmarks/rollout_policies.py [--games mushi,min-hwatu] [--rows 1024] [--repeats 3]
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable

import numpy as np

from hanafuda.agents.batch_policies import GreedyRollout
from hanafuda.agents.learned.policy import load_for
from hanafuda.batch import BatchSim
from hanafuda.batch.rollout import FastRollout
from hanafuda.train.selfplay import choose_moves


def players(sim: BatchSim) -> dict[str, Callable[[np.random.Generator], None]]:
    """Each policy as a function playing every row of ``sim`` to the end."""
    fast = FastRollout(sim)
    greedy = GreedyRollout(sim)
    net = load_for(sim.config, None)

    def policy(rng: np.random.Generator) -> None:
        while not sim.done.all():
            sim.step_compact(choose_moves(sim, net.q, rng, 0.1)[0])

    return {"fast": lambda rng: fast.play_out(sim, rng),
            "greedy": lambda rng: greedy.play_out(sim, rng),
            "policy": policy}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="mushi,min-hwatu")
    parser.add_argument("--rows", type=int, default=1024)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.rows} rows")
    print(f"{'game':<10} {'policy':<7} {'ms/batch':>9} {'rounds/s':>9}")
    for game in args.games.split(","):
        sim = BatchSim(game, 2, args.rows)
        for name, play in players(sim).items():
            best = float("inf")
            for repeat in range(args.repeats):
                rng = np.random.default_rng(repeat)
                sim.reset_random(rng)
                start = time.perf_counter()
                play(rng)
                best = min(best, time.perf_counter() - start)
            print(f"{game:<10} {name:<7} {best * 1000:>9.1f} {args.rows / best:>9,.0f}")


if __name__ == "__main__":
    main()
