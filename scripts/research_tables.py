"""Print docs/research.md's per-game tables: the compact action layouts and the reward scales.

    python scripts/research_tables.py [--rows 4096] [--seed 0]

Action table: for each game and player count, the size of the compact layout
(``engine.action_space.CompactActions``) and its parts.  Reward table: the safe bounds of a
side's round score (``envs._shared.score_bounds``, from the RULES.md §4 formulas) and the
distribution of round scores in ``--rows`` rounds of uniform random play on the batch
simulator (seat 0's side).
"""

from __future__ import annotations

import argparse

import numpy as np

from hanafuda.batch import BatchSim
from hanafuda.engine.action_space import CompactActions, compact_actions
from hanafuda.envs._shared import score_bounds
from hanafuda.rules import configure

CONFIGS = [
    ("min-hwatu", 2, {}), ("min-hwatu", 3, {}), ("min-hwatu", 6, {}),
    ("kwa-do", 2, {}), ("kwa-do", 4, {"teams": [[0, 2], [1, 3]]}),
    ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]]}),
    ("hana-awase", 2, {}), ("hana-awase", 3, {"teyaku": True}),
    ("hawaiifuda", 2, {}), ("hawaiifuda", 6, {}),
    ("mushi", 2, {}),
]


def action_rows() -> list[str]:
    lines = ["| game | players | options | k | play+take choice | play | take | teyaku | declare |",
             "|---|---|---|---|---|---|---|---|---|"]
    for game, players, options in CONFIGS:
        lay = compact_actions(configure(game, players, options))
        kind, target = lay.kind, lay.target
        choice = int(((kind == CompactActions.KIND_PLAY) & (target != 48)).sum())
        plain = int(((kind == CompactActions.KIND_PLAY) & (target == 48)).sum())
        take = int((kind == CompactActions.KIND_TAKE).sum())
        teyaku = int(((kind == CompactActions.KIND_EXPOSE) | (kind == CompactActions.KIND_KEEP)).sum())
        declare = int((kind == CompactActions.KIND_DECLARE).sum())
        lines.append(f"| {game} | {players} | {options or '—'} | {lay.size} | {choice} | {plain} | {take} | "
                     f"{teyaku} | {declare} |")
    return lines


def reward_rows(rows: int, seed: int) -> list[str]:
    lines = ["| game | players | safe bounds | mean | std | 1% | 99% | min | max |",
             "|---|---|---|---|---|---|---|---|---|"]
    for game, players, options in CONFIGS:
        config = configure(game, players, options)
        sim = BatchSim(game, players, rows, options)
        rng = np.random.default_rng(seed)
        sim.reset_random(rng, rng.integers(0, players, rows))
        while not sim.done.all():
            sim.step(sim.sample_actions(rng))
        scores = sim.final_scores()[:, 0].astype(np.float64)
        low, high = score_bounds(config)
        p1, p99 = np.percentile(scores, [1, 99])
        lines.append(f"| {game} | {players} | [{low}, {high}] | {scores.mean():+.1f} | {scores.std():.1f} | "
                     f"{p1:+.0f} | {p99:+.0f} | {scores.min():+.0f} | {scores.max():+.0f} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=4096)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("\n".join(action_rows()))
    print()
    print("\n".join(reward_rows(args.rows, args.seed)))


if __name__ == "__main__":
    main()
