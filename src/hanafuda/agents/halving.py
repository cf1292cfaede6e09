"""Sequential halving over a decision's candidate moves, with common random numbers: the one
search loop of ``strong`` and ``expert`` (DESIGN.md layer 6).

The budget is spent in ``ceil(log2(candidates))`` stages; each stage gives every surviving
candidate the same number of simulations, then keeps the better half by mean value.  Every
candidate of a stage is played on the same sampled worlds with the same rollout seeds, which
makes the comparisons far less noisy than independent samples.  A wall-clock ``deadline``
only caps the worst case: the strength is the budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..engine.round import Round
from ..rules.base import RoundScore
from .heuristics import Evaluator

__all__ = ["better_half", "playout", "ranked", "sequential_halving"]

PlayOut = Callable[[Round, Evaluator, random.Random, float], None]
"""Plays a round to its end (``heuristics.rollout``, ``heuristics.greedy_rollout``)."""


def sequential_halving(
    arms: list[int],
    budget: int,
    world: Callable[[], Round],
    simulate: Callable[[Round, int, int], float],
    totals: dict[int, float],
    counts: dict[int, float],
    tiebreak: Callable[[int], Hashable | Any],
    rng: random.Random,
    deadline: float = math.inf,
) -> list[int]:
    """Spend ``budget`` simulations on ``arms``; returns the candidates still alive, best first.

    ``world()`` samples a world, ``simulate(world, arm, seed)`` plays ``arm`` on a copy of it
    to the end and returns its value; ``totals``/``counts`` (updated in place, maybe holding
    a prior) give each arm's mean; ties go to the smaller ``tiebreak(arm)``."""
    alive = list(arms)
    stages = max(1, math.ceil(math.log2(len(alive))))
    left = budget
    for stage in range(stages):
        per_arm = max(1, left // ((stages - stage) * len(alive)))
        for _ in range(per_arm):
            sample = world()
            seed = rng.getrandbits(32)
            for arm in alive:
                totals[arm] += simulate(sample, arm, seed)
                counts[arm] += 1
            left -= len(alive)
            if time.perf_counter() > deadline:
                break
        if time.perf_counter() > deadline or len(alive) <= 1:
            break
        alive = better_half(alive, totals, counts, tiebreak)
    return ranked(alive, totals, counts, tiebreak)


def ranked(arms: Sequence[Any], totals: dict[Any, float], counts: dict[Any, float],
           tiebreak: Callable[[Any], Any]) -> list[Any]:
    """``arms`` best first by mean value (``totals``/``counts``), ties to the smaller ``tiebreak``."""
    return sorted(arms, key=lambda a: (-totals[a] / counts[a], tiebreak(a)))


def better_half(arms: Sequence[Any], totals: dict[Any, float], counts: dict[Any, float],
                tiebreak: Callable[[Any], Any]) -> list[Any]:
    """The stage's survivors: the better half of ``arms`` (rounded up, at least one), best first."""
    return ranked(arms, totals, counts, tiebreak)[: max(1, math.ceil(len(arms) / 2))]


def playout(actions: Sequence[int], evaluator: Evaluator, side: int,
            search_value: Callable[[RoundScore, int], float], epsilon: float,
            play_out: PlayOut) -> Callable[[Round, int, int], float]:
    """The ``simulate`` of a search: play candidate ``arm`` on a copy of the world, finish the
    round with ``play_out`` seeded by ``seed``, and score it for ``side`` (``Game.search_value``)."""

    def simulate(world: Round, arm: int, seed: int) -> float:
        sim = world.copy()
        sim.apply(actions[arm])
        play_out(sim, evaluator, random.Random(seed), epsilon)
        assert sim.result is not None
        return search_value(sim.result, side)

    return simulate
