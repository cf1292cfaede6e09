"""Sequential halving with every stage as one batch on the NumPy simulator (issue 13).

The same search as ``halving.sequential_halving`` + ``halving.playout`` (budget split over
``ceil(log2(candidates))`` stages, the better half kept after each, common random numbers),
but a stage's simulations — every surviving candidate on every world of the stage — are
rows of one ``BatchSim``: the sampled worlds (``agents.determinize``) are loaded
(``BatchSim.load``), each row plays its candidate, and the vectorised fast rollout
(``batch.rollout.FastRollout``, the rule of ``heuristics.rollout``) finishes them all at
once.  Every candidate of a world shares that world's random stream (common random numbers).
The randomness is a NumPy ``Generator`` seeded from the search's ``random.Random``: the same
seed gives the same move at any machine load.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np

from ..batch.rollout import FastRollout, search_values
from ..batch.sim import BatchSim, check_options
from ..engine.action_space import from_engine
from ..engine.round import PHASE_OVER, Round
from ..rules import Config
from ..rules.options import OptionError

__all__ = ["batch_halving", "plays_in_batch", "simulator_for"]

_ROUNDING = 64
"""Simulators are kept per configuration in sizes of multiples of this (rows beyond a
stage's are finished rounds, which every step skips)."""

_LOCAL = threading.local()
_PLAYS: dict[int, tuple[Config, bool]] = {}


def plays_in_batch(config: Config) -> bool:
    """Whether the batch simulator plays ``config`` (``batch.check_options``); a search keeps
    the scalar path where it does not."""
    known = _PLAYS.get(id(config))
    if known is not None and known[0] is config:
        return known[1]
    try:
        check_options(config.game.id, config.players, dict(config.given_options))
        plays = True
    except OptionError:
        plays = False
    _PLAYS[id(config)] = (config, plays)
    return plays


def simulator_for(config: Config, rows: int, epsilon: float) -> tuple[BatchSim, FastRollout]:
    """A simulator of ``config`` with at least ``rows`` rows and its rollout policy, kept per
    thread (building one costs a few milliseconds)."""
    size = max(_ROUNDING, -(-rows // _ROUNDING) * _ROUNDING)
    cache: dict[tuple[int, int], tuple[Config, BatchSim, FastRollout]] = getattr(
        _LOCAL, "sims", None) or {}
    _LOCAL.sims = cache
    key = (id(config), size)
    entry = cache.get(key)
    if entry is None or entry[0] is not config:
        sim = BatchSim(config.game.id, config.players, size, dict(config.given_options))
        entry = cache[key] = (config, sim, FastRollout(sim, epsilon))
    _, sim, policy = entry
    policy.epsilon = epsilon
    return sim, policy


def batch_halving(
    config: Config,
    arms: list[int],
    actions: Sequence[int],
    budget: int,
    world: Callable[[], Round],
    side: int,
    totals: dict[int, float],
    counts: dict[int, float],
    tiebreak: Callable[[int], Hashable | Any],
    rng: random.Random,
    epsilon: float,
    deadline: float = math.inf,
) -> list[int]:
    """Spend ``budget`` simulations on ``arms`` (indices into ``actions``, engine actions);
    returns the candidates still alive, best first; ``totals``/``counts`` are updated in
    place as in ``sequential_halving``.  A stage is never cut short: the ``deadline`` is
    checked between stages."""
    alive = list(arms)
    stages = max(1, math.ceil(math.log2(len(alive))))
    left = budget
    for stage in range(stages):
        per_arm = max(1, left // ((stages - stage) * len(alive)))
        worlds = [world() for _ in range(per_arm)]
        k = len(alive)
        rows = per_arm * k
        sim, policy = simulator_for(config, rows, epsilon)
        sim.phase[:] = PHASE_OVER  # rows past this stage's sit out every step
        index = np.arange(rows)
        streams = np.zeros(sim.batch_size, np.int64)
        streams[:rows] = index // k  # row w·k + i: world w, candidate alive[i]
        sim.load(worlds, rows=index, which=streams[:rows])
        first = np.zeros(sim.batch_size, np.int64)
        first[:rows] = np.tile([from_engine(actions[a]) for a in alive], per_arm)
        sim.step(first, rows=index)
        generator = np.random.default_rng(rng.getrandbits(64))
        policy.play_out(sim, generator, streams)
        values = search_values(sim, side)[:rows].reshape(per_arm, k).sum(axis=0)
        for i, arm in enumerate(alive):
            totals[arm] += float(values[i])
            counts[arm] += per_arm
        left -= rows
        if time.perf_counter() > deadline or len(alive) <= 1:
            break
        alive.sort(key=lambda a: (-totals[a] / counts[a], tiebreak(a)))
        alive = alive[: max(1, math.ceil(len(alive) / 2))]
    alive.sort(key=lambda a: (-totals[a] / counts[a], tiebreak(a)))
    return alive
