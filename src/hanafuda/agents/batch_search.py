"""Sequential halving with every stage as one batch on the NumPy simulator (issue 13).

The same search as ``halving.sequential_halving`` + ``halving.playout`` (budget split over
``ceil(log2(candidates))`` stages, the better half kept after each, common random numbers),
but a stage's simulations — every surviving candidate on every world of the stage — are
rows of one ``BatchSim``: the sampled worlds (``agents.determinize``) are loaded
(``BatchSim.load``), each row plays its candidate, and a vectorised rollout policy finishes
them all at once: the fast one (``batch.rollout.FastRollout``, the rule of
``heuristics.rollout``) or, with ``rollouts="greedy"``, the greedy bot's
(``agents.batch_policies.GreedyRollout``, the rule of ``heuristics.greedy_rollout``).
Every candidate of a world shares that world's random stream (common random numbers).
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
import numpy.typing as npt

from ..batch.rollout import FastRollout, RolloutPolicy, play_out, search_values
from ..batch.sim import BatchSim, check_options
from ..engine.action_space import from_engine
from ..engine.round import PHASE_OVER, Round
from ..rules import Config
from ..rules.options import OptionError
from .batch_policies import GreedyRollout
from .halving import better_half, ranked

__all__ = ["BATCH_ROLLOUTS", "WorldDealer", "batch_halving", "load_worlds", "plays_in_batch",
           "simulator_for"]

BATCH_ROLLOUTS: dict[str, type[FastRollout] | type[GreedyRollout]] = {
    "fast": FastRollout, "greedy": GreedyRollout}
"""The vectorised rollout policies by ``ExpertAgent.rollouts`` name."""

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


def simulator_for(config: Config, rows: int, epsilon: float, rollouts: str = "fast"
                  ) -> tuple[BatchSim, RolloutPolicy]:
    """A simulator of ``config`` with at least ``rows`` rows and its ``rollouts`` policy
    (``BATCH_ROLLOUTS``), kept per thread and size (the first of a configuration is built,
    the others ``resized`` from it; a policy depends on the configuration only)."""
    if rollouts not in BATCH_ROLLOUTS:
        raise ValueError(f"rollouts must be one of {', '.join(BATCH_ROLLOUTS)}, not {rollouts!r}")
    size = max(_ROUNDING, -(-rows // _ROUNDING) * _ROUNDING)
    cache: dict[tuple[int, int], tuple[Config, BatchSim]] = getattr(_LOCAL, "sims", None) or {}
    _LOCAL.sims = cache
    policies: dict[tuple[int, str], tuple[Config, RolloutPolicy]] = getattr(
        _LOCAL, "policies", None) or {}
    _LOCAL.policies = policies
    key = (id(config), size)
    entry = cache.get(key)
    if entry is None or entry[0] is not config:
        first = cache.get((id(config), 0))
        if first is None or first[0] is not config:
            first = cache[(id(config), 0)] = (config, BatchSim(
                config.game.id, config.players, _ROUNDING, dict(config.given_options)))
        entry = cache[key] = (config, first[1].resized(size))
    sim = entry[1]
    known = policies.get((id(config), rollouts))
    if known is None or known[0] is not config:
        known = policies[(id(config), rollouts)] = (config, BATCH_ROLLOUTS[rollouts](sim))
    policy = known[1]
    policy.epsilon = epsilon
    return sim, policy


class WorldDealer:
    """Deals the cards a seat cannot see into many worlds at once, as NumPy arrays: the
    vectorised ``agents.determinize`` (with ``learned.inference.sample_hidden``'s weighted
    sampling when ``weights`` are given), drawn from a NumPy ``Generator``.

    ``unseen``: the unseen card ids; ``hidden``: per seat, how many of them its hand hides
    (0 for the seat itself); ``weights``: per seat (of ``weight_seats``), the odds weight of
    each unseen card, or None for uniform dealing.  Each seat of ``weight_seats`` takes its
    cards by Efraimidis–Spirakis keys in a random seat order per world; the rest of the unseen
    cards make the stock in random order — ``sample_hidden``'s distribution."""

    def __init__(self, unseen: Sequence[int], hidden: Sequence[int],
                 weights: Sequence[Sequence[float]] | None = None,
                 weight_seats: Sequence[int] = ()) -> None:
        self.cards = np.array(unseen, dtype=np.int64)
        self.bits = (np.ones(self.cards.size, np.uint64) << self.cards.astype(np.uint64))
        self.hidden = np.array(hidden, dtype=np.int64)
        self.stock_count = self.cards.size - int(self.hidden.sum())
        if self.stock_count < 0:
            raise ValueError("more hidden hand cards than unseen cards")
        self.seats = list(weight_seats) if weights is not None else \
            [s for s in range(self.hidden.size) if self.hidden[s]]
        self.weights = (np.array(weights, dtype=np.float64) if weights is not None
                        else np.ones((len(self.seats), self.cards.size)))
        if weights is not None and sorted(self.seats) != [s for s in range(self.hidden.size)
                                                          if self.hidden[s]]:
            raise ValueError("weighted dealing needs weights for every seat hiding cards")

    def deal(self, generator: np.random.Generator, worlds: int
             ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int8]]:
        """``worlds`` deals: the hidden cards of each seat as masks (worlds, players) and
        the stock in order (worlds, stock cards)."""
        count = self.cards.size
        hands = np.zeros((worlds, self.hidden.size), np.uint64)
        taken = np.zeros((worlds, count), np.bool_)
        m = len(self.seats)
        if m:
            order = np.argsort(generator.random((worlds, m)), axis=1)
            need = self.hidden[self.seats]
            rows = np.arange(worlds)
            for p in range(m):
                which = order[:, p]
                with np.errstate(divide="ignore"):
                    keys = -np.log(generator.random((worlds, count))) / self.weights[which]
                keys[taken] = np.inf
                rank = np.argsort(np.argsort(keys, axis=1), axis=1)
                chosen = rank < need[which][:, None]
                taken |= chosen
                seat = np.array(self.seats)[which]
                hands[rows, seat] = np.bitwise_or.reduce(
                    np.where(chosen, self.bits[None, :], np.uint64(0)), axis=1)
        keys = np.where(taken, np.inf, generator.random((worlds, count)))
        stock = self.cards[np.argsort(keys, axis=1)[:, : self.stock_count]].astype(np.int8)
        return hands, stock


def load_worlds(sim: BatchSim, template: Round, seat: int, hidden: npt.NDArray[np.uint64],
                stock: npt.NDArray[np.int8], rows: npt.NDArray[np.int64],
                which: npt.NDArray[np.int64]) -> None:
    """Rows ``rows`` of ``sim`` become ``template`` (a world of the seat's view) with world
    ``which[i]``'s hidden cards (``WorldDealer.deal``): every other seat holds its exposed
    cards plus its hidden ones, and the stock is the world's."""
    sim.load([template], rows=rows, which=np.zeros(rows.size, np.int64))
    others = np.array([s for s in range(sim.players) if s != seat], dtype=np.int64)
    exposed = np.array(template.exposed, dtype=np.uint64)
    sim.hands[rows[:, None], others[None, :]] = exposed[others][None, :] | hidden[which][:, others]
    left = stock.shape[1]
    if left != template.stock_left:
        raise ValueError(f"worlds of {left} stock cards for a round with {template.stock_left}")
    if left:
        sim.stock[rows, sim.stock_size - left : sim.stock_size] = stock[which]


def batch_halving(
    config: Config,
    arms: list[int],
    actions: Sequence[int],
    budget: int,
    template: Round,
    dealer: WorldDealer,
    seat: int,
    side: int,
    totals: dict[int, float],
    counts: dict[int, float],
    tiebreak: Callable[[int], Hashable | Any],
    rng: random.Random,
    epsilon: float,
    deadline: float = math.inf,
    rollouts: str = "fast",
    leaf: Callable[[npt.NDArray[np.int64]], npt.NDArray[np.float64]] | None = None,
) -> list[int]:
    """Spend ``budget`` simulations on ``arms`` (indices into ``actions``, engine actions);
    returns the candidates still alive, best first; ``totals``/``counts`` are updated in
    place as in ``sequential_halving``.  Worlds are ``template`` (a determinized world of
    ``seat``'s view) with the hidden cards dealt anew by ``dealer``.  A stage is never cut
    short: the ``deadline`` is checked between stages.  ``rollouts``: the policy that finishes
the simulations (``BATCH_ROLLOUTS``); ``leaf``: scores finished rows from their round scores
((B, sides) → (B,), the match equity of ``agents.equity.MatchLeaf``) instead of the round
margin (``Game.search_value``)."""
    generator = np.random.default_rng(rng.getrandbits(64))
    alive = list(arms)
    stages = max(1, math.ceil(math.log2(len(alive))))
    left = budget
    for stage in range(stages):
        per_arm = max(1, left // ((stages - stage) * len(alive)))
        k = len(alive)
        rows = per_arm * k
        sim, policy = simulator_for(config, rows, epsilon, rollouts)
        sim.phase[:] = PHASE_OVER  # rows past this stage's sit out every step
        index = np.arange(rows)
        streams = np.zeros(sim.batch_size, np.int64)
        streams[:rows] = index // k  # row w·k + i: world w, candidate alive[i]
        hidden, stock = dealer.deal(generator, per_arm)
        load_worlds(sim, template, seat, hidden, stock, index, streams[:rows])
        first = np.zeros(sim.batch_size, np.int64)
        first[:rows] = np.tile([from_engine(actions[a]) for a in alive], per_arm)
        sim.step(first, rows=index)
        play_out(policy, sim, generator, streams)
        scored = search_values(sim, side) if leaf is None else leaf(sim.final_scores())
        values = scored[:rows].reshape(per_arm, k).sum(axis=0)
        for i, arm in enumerate(alive):
            totals[arm] += float(values[i])
            counts[arm] += per_arm
        left -= rows
        if time.perf_counter() > deadline or len(alive) <= 1:
            break
        alive = better_half(alive, totals, counts, tiebreak)
    return ranked(alive, totals, counts, tiebreak)
