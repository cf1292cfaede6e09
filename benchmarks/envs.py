"""Random-policy throughput of the PettingZoo AEC env and the Gymnasium single-agent env.

A uniform policy over ``observation["action_mask"]`` plays every seat (PettingZoo: one
``step`` per decision of any seat, the ``last()`` observation included) or the learner's
seat against a bot (Gymnasium: one ``step`` per learner decision; the bots' moves happen
inside it).  Episodes are single rounds, reset with consecutive seeds.  Prints a table; it
asserts nothing.

    python benchmarks/envs.py [--seconds 2.0]
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Any

import numpy as np

from hanafuda.envs import pettingzoo_env
from hanafuda.envs.gym import HanafudaEnv

CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("min-hwatu", 2, None),
    ("kwa-do", 2, None),
    ("hana-awase", 2, None),
    ("hawaiifuda", 2, None),
    ("mushi", 2, None),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}),
    ("hawaiifuda", 6, None),
]


def pettingzoo_rate(game: str, players: int, options: dict[str, Any] | None, seconds: float) -> float:
    env = pettingzoo_env(game, players=players, options=options)
    rng = np.random.default_rng(0)
    steps = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def gym_rate(game: str, players: int, options: dict[str, Any] | None, opponent: str,
             seconds: float) -> float:
    env = HanafudaEnv(game, players=players, options=options, opponent=opponent)
    rng = np.random.default_rng(0)
    steps = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = terminated or truncated
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.seconds:g} s each")
    print(f"{'game':<12} {'players':>7} {'PettingZoo steps/s':>19} {'Gym vs random':>14} "
          f"{'Gym vs greedy':>14}")
    for game, players, options in CONFIGS:
        aec = pettingzoo_rate(game, players, options, args.seconds)
        gym_random = gym_rate(game, players, options, "random", args.seconds)
        gym_greedy = gym_rate(game, players, options, "greedy", args.seconds)
        print(f"{game:<12} {players:>7} {aec:>19,.0f} {gym_random:>14,.0f} {gym_greedy:>14,.0f}")


if __name__ == "__main__":
    main()
