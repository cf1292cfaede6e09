"""Throughput of the Gymnasium vector env (``hanafuda.envs.vector.HanafudaVectorEnv``).

A random learner (uniform over ``observation["action_mask"]``) plays seat 0 against a
vectorised opponent (``--opponent``, random by default); episodes are single rounds with Gymnasium's next-step
autoreset.  "env steps/s" counts learner transitions (``num_envs`` per ``step`` call,
autoreset steps included) over the time spent inside ``step``; "decisions/s" adds the
opponents' moves made inside those calls; "with policy" also counts the time of the
learner's masked sampling (the masked-policy throughput).  ``--action-space`` picks the
compact layout (the envs' default: Discrete(k), mask from ``BatchSim.legal_compact``), the
full 2,786 layout, or both.  Prints a table; it asserts nothing.

    python benchmarks/vector_env.py [--seconds 3] [--sizes 256,1024,4096] [--opponent greedy]
                                    [--action-space compact|full|both]
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from hanafuda.envs.vector import OPPONENTS, HanafudaVectorEnv

CONFIGS = [("mushi", 2), ("min-hwatu", 3)]


def uniform_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row uniformly among its legal ones (0 in a row with none)."""
    rows, cols = np.nonzero(mask)
    counts = np.bincount(rows, minlength=mask.shape[0])
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    pick = starts + (rng.random(mask.shape[0]) * counts).astype(np.int64)
    actions: np.ndarray = np.where(counts > 0, cols[np.minimum(pick, cols.size - 1)], 0)
    return actions


def measure(game: str, players: int, num_envs: int, seconds: float,
            opponent: str = "random", action_space: str = "compact") -> dict[str, float]:
    env = HanafudaVectorEnv(game, num_envs=num_envs, players=players, opponent=opponent,
                            action_space=action_space)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    calls = episodes = 0
    step_time = policy_time = 0.0
    before = env.match.decisions.copy()
    resetting = np.zeros(num_envs, np.bool_)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or calls < 3:
        t0 = time.perf_counter()
        actions = uniform_legal(obs["action_mask"], rng)
        t1 = time.perf_counter()
        obs, _, terminated, _, _ = env.step(actions)
        t2 = time.perf_counter()
        policy_time += t1 - t0
        step_time += t2 - t1
        calls += 1
        episodes += int(terminated.sum())
        now = env.match.decisions.copy()
        # rows that ended in the previous call were reset (counter zeroed) in this one
        decisions += int(np.where(resetting, now, now - before).sum())
        before, resetting = now, terminated
    return {
        "steps": calls * num_envs,
        "calls": calls,
        "episodes": episodes,
        "step_time": step_time,
        "policy_time": policy_time,
        "decisions": decisions,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per configuration and size")
    parser.add_argument("--sizes", default="256,1024,4096", help="comma-separated num_envs")
    parser.add_argument("--opponent", default="random", choices=sorted(OPPONENTS))
    parser.add_argument("--action-space", default="both", choices=["compact", "full", "both"])
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    spaces = ["compact", "full"] if args.action_space == "both" else [args.action_space]
    print(f"# HanafudaVectorEnv, random learner vs {args.opponent} opponents, one-round episodes "
          f"({platform.processor() or platform.machine()}, numpy {np.__version__})")
    print(f"{'actions':<8} {'game':<10} {'players':>7} {'num_envs':>8} {'env steps/s':>12} "
          f"{'with policy':>12} {'decisions/s':>12} {'episodes/s':>11} {'ms/step':>8}")
    for space in spaces:
        for game, players in CONFIGS:
            for size in sizes:
                r = measure(game, players, size, args.seconds, args.opponent, space)
                total = r["step_time"] + r["policy_time"]
                print(f"{space:<8} {game:<10} {players:>7} {size:>8} {r['steps'] / r['step_time']:>12,.0f} "
                      f"{r['steps'] / total:>12,.0f} {r['decisions'] / r['step_time']:>12,.0f} "
                      f"{r['episodes'] / r['step_time']:>11,.0f} "
                      f"{1000 * r['step_time'] / r['calls']:>8.1f}")

if __name__ == "__main__":
    main()
