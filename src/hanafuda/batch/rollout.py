"""The fast rollout policy on the batch simulator: ``heuristics.rollout``, vectorised (issue 13).

For every seat alike: take the most valuable immediate capture (each card taken, the played
or turned-over card included, is worth its points + 0.5); with no capture, lay down the least
valuable card (−points − 0.5); in Koi-Koi always stop; a uniform noise in [0, 0.25) breaks
ties; with probability
``epsilon`` a uniformly random legal move instead; teyaku are always exposed; declarations
are made only by the random moves.  The rule is the scalar ``heuristics.rollout``'s, move for
move given the same random numbers (tests/batch/test_load.py checks it), not its random
stream: here the randomness is a NumPy ``Generator`` (one draw of (streams, W + 2) uniforms
per step), so a search seeds it from its own ``random.Random`` and stays deterministic.

``streams``: rows that share a stream read the same uniforms at every step — the common
random numbers of a search, where every candidate move is played out on the same world with
the same luck.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from ..engine.action_space import CompactActions
from .sim import NONE, PHASE_TAKE, PHASE_TEYAKU, BatchSim, _bit_index

__all__ = ["FastRollout", "RolloutPolicy", "play_out", "search_values", "side_values"]

Float = npt.NDArray[np.float64]
Int = npt.NDArray[np.int64]


class RolloutPolicy(Protocol):
    """A vectorised rollout policy: ``choose`` reads one row of uniforms per row (B, W + 2) —
    column 0 decides a random move (below ``epsilon``), column 1 picks it, columns 2… are
    each listed move's noise — so rows sharing their uniforms share their luck."""

    epsilon: float

    def choose(self, sim: BatchSim, legal: Int, uniforms: Float) -> Int: ...


def play_out(policy: RolloutPolicy, sim: BatchSim, rng: np.random.Generator,
             streams: Int | None = None) -> None:
    """Play every running row of ``sim`` to its round's end with ``policy``.  ``streams`` (B,)
    names each row's random stream (rows of one stream share their uniforms at every step:
    common random numbers); None: one per row."""
    if streams is None:
        streams = np.arange(sim.batch_size)
    count = int(streams.max(initial=0)) + 1
    while not sim.done.all():
        legal = sim.legal_list()
        uniforms = rng.random((count, legal.shape[1] + 2))[streams]
        sim.step_compact(policy.choose(sim, legal, uniforms))


class FastRollout:
    """The fast policy for one simulator's configuration (its value tables are built once)."""

    def __init__(self, sim: BatchSim, epsilon: float = 0.1) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must lie in [0, 1], not {epsilon}")
        self.epsilon = epsilon
        values = sim.config.values
        self._card_value = np.array(list(values) + [0.0] * 17, dtype=np.float64)
        # A captured mask's worth (points + 0.5 per card), six bytes at a time.
        self._bytes = np.array(
            [[sum(values[8 * k + i] + 0.5 for i in range(8) if v >> i & 1 and 8 * k + i < 48)
              for v in range(256)] for k in range(6)],
            dtype=np.float64,
        )
        # Per compact action, with one more entry at the end for the list's −1 padding: the
        # value known from the layout alone (a choice of target: both cards; a take: the
        # target, the pending card is added per row), −inf for declarations, teyaku answers
        # and padding; plays without a choice are worked out per step (``move_values``).
        lay = sim.compact
        card = np.append(lay.card, NONE)
        target = np.append(lay.target, NONE)
        kind = np.append(lay.kind, -1)
        plays = kind == CompactActions.KIND_PLAY
        self._free = plays & (target == NONE)
        self._card = np.where(self._free, card, NONE)
        value = self._card_value
        static = np.full(card.size, -np.inf)
        pick = plays & (target != NONE)
        static[pick] = value[card[pick]] + value[target[pick]] + 1.0
        take = kind == CompactActions.KIND_TAKE
        static[take] = value[target[take]] + 0.5
        static[self._free] = 0.0
        static[kind == CompactActions.KIND_STOP] = 0.0  # Koi-Koi: the fast policy banks its yaku
        self._static = static

    def worth(self, mask: npt.NDArray[np.uint64]) -> Float:
        """Points + 0.5 per card of each capture mask."""
        total = np.zeros(mask.shape, np.float64)
        for k in range(6):
            total += self._bytes[k][((mask >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
        return total

    def move_values(self, sim: BatchSim, legal: Int) -> Float:
        """The rule's value of each listed move (B, W), before noise; −inf for padding and
        declarations (and teyaku answers, decided apart)."""
        value = self._static[legal]  # −1 (padding) reads the last entry
        taking = sim.phase == PHASE_TAKE
        if taking.any():
            pending = self._card_value[np.minimum(sim.pending, NONE)] + 0.5
            value += np.where(taking, pending, 0.0)[:, None]
        card = self._card[legal]
        targets, _ = sim._play_targets(card, sim._targetable()[:, None])  # none where not free
        count = np.bitwise_count(targets)
        own = self._card_value[card]
        one = self._card_value[_bit_index(targets)]  # the only target (0 for none)
        free = np.where(count == 0, -own - 0.5, own + one + 1.0)
        more = np.nonzero(count > 1)  # three cards of a month: rare
        if more[0].size:
            free[more] = own[more] + 0.5 + self.worth(targets[more])
        result: Float = np.where(self._free[legal], free, value)
        return result

    def choose(self, sim: BatchSim, legal: Int, uniforms: Float) -> Int:
        """A compact action per row from ``legal`` (``sim.legal_list()``, (B, W)) with the
        row's uniforms (B, W + 2): column 0 decides a random move (below ``epsilon``),
        column 1 picks it, columns 2… are each listed move's noise.  0 where done."""
        width = legal.shape[1]
        if uniforms.shape != (legal.shape[0], width + 2):
            raise ValueError(f"uniforms must have shape {(legal.shape[0], width + 2)}, "
                             f"not {uniforms.shape}")
        value = self.move_values(sim, legal) + 0.25 * uniforms[:, 2:]
        best = np.argmax(value, axis=1)
        count = (legal >= 0).sum(axis=1)
        pick = np.minimum((uniforms[:, 1] * count).astype(np.int64), np.maximum(count - 1, 0))
        rows = np.arange(legal.shape[0])
        choice = legal[rows, np.where(uniforms[:, 0] < self.epsilon, pick, best)]
        forced = (count <= 1) | (sim.phase == PHASE_TEYAKU)  # the only move, or expose
        result: Int = np.where(count == 0, 0, np.where(forced, legal[:, 0], choice))
        return result

    def play_out(self, sim: BatchSim, rng: np.random.Generator,
                 streams: Int | None = None) -> None:
        """``play_out`` with this policy."""
        play_out(self, sim, rng, streams)


def side_values(sim: BatchSim) -> Float:
    """``Game.side_values`` of every finished row, (B, sides), as floats."""
    cfg = sim.config
    values = cfg.game.batch_side_values(cfg, sim.card_points, sim.yaku_points, sim.final_scores())
    result: Float = np.asarray(values, dtype=np.float64)
    return result


def search_values(sim: BatchSim, side: int) -> Float:
    """``Game.search_value`` of every finished row for ``side``: its side value less the
    mean of the other sides'."""
    values = side_values(sim)
    others = (values.sum(axis=1) - values[:, side]) / max(1, values.shape[1] - 1)
    result: Float = values[:, side] - others
    return result
