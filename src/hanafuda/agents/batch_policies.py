"""The ``greedy`` bot's one-ply rule on the batch simulator (issue 13): ``GreedyRollout``.

``heuristics.greedy_rollout`` vectorised over the compact legal lists (``BatchSim.legal_list``,
never the 2,788-wide mask): every seat, from what it can see (its hand, the field, the
discard, every capture and exposed card; the other hands and the stock are its unseen
cards), scores each legal move by ``Evaluator.action_values`` — the card points a play or
take captures now (rubbish excluded, RULES.md §9) plus the change of its side's yaku
potential; a play that captures nothing by minus the risk of the card left on the field
(RULES.md §3); a Kwa-Dō declaration (§4.3) by ``Evaluator.declare_value`` minus that risk.
Teyaku are always exposed (§4.2); with probability ``epsilon`` a uniformly random legal move
instead; ties go by a small noise.  Given the same random numbers it picks
``greedy_rollout``'s move (tests/agents/test_batch_search.py checks it) — the randomness is
a NumPy ``Generator`` with ``batch.rollout.play_out``'s uniforms, so rows of one world share
their luck (common random numbers).

It lives with the agents (not in ``batch``) because it is the greedy bot's judgement: the
tables are ``heuristics.Evaluator``'s.  ``envs.vector.greedy_opponent`` plays it too.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..batch.rollout import play_out
from ..batch.sim import NONE, PHASE_TEYAKU, BatchSim
from ..cards import MONTH_MASKS, MONTHS
from ..engine.action_space import CompactActions
from .heuristics import evaluator_for

__all__ = ["GreedyRollout"]

Float = npt.NDArray[np.float64]
Int = npt.NDArray[np.int64]
Mask = npt.NDArray[np.uint64]
ONE = np.uint64(1)
ZERO = np.uint64(0)


def _bits(cards: Int) -> Mask:
    """One-card masks of card ids (``NONE`` and above give 0)."""
    shifted = np.left_shift(ONE, np.minimum(cards, 63).astype(np.uint64))
    result: Mask = np.where(cards < NONE, shifted, ZERO)
    return result


class GreedyRollout:
    """The greedy rule for one simulator's configuration (its tables are built once).

    ``noise``: the scale of the uniform tie-break added to each move's value (0.01, as
    ``greedy_rollout``)."""

    def __init__(self, sim: BatchSim, epsilon: float = 0.1, noise: float = 0.01) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must lie in [0, 1], not {epsilon}")
        cfg = sim.config
        ev = evaluator_for(cfg)
        self.epsilon = epsilon
        self.noise = noise
        self._deck = np.uint64(cfg.deck)
        self._rubbish = np.uint64(cfg.rubbish)
        self._side_of = np.asarray(cfg.side_of, dtype=np.int64)
        self._sides = cfg.num_sides
        self._value = np.array(list(cfg.values) + [0.0] * 17, dtype=np.float64)  # 64: none
        # A mask's card points, six bytes at a time.
        self._bytes = np.array(
            [[sum(cfg.values[8 * k + i] for i in range(8) if v >> i & 1 and 8 * k + i < 48)
              for v in range(256)] for k in range(6)], dtype=np.float64)
        # Evaluator.potential's yaku: counted ones (min_count) and whole sets (not declarable).
        counted = [y for y in ev.yaku if y[2]]
        whole = [y for y in ev.yaku if not y[2] and not y[4]]
        self._count_mask = np.array([y[3] for y in counted], dtype=np.uint64)
        self._count_min = np.array([y[2] for y in counted], dtype=np.float64)
        self._count_points = np.array([y[1] for y in counted], dtype=np.float64)
        self._set_mask = np.array([y[0] for y in whole], dtype=np.uint64)
        self._set_size = np.array([y[5] for y in whole], dtype=np.float64)
        self._set_points = np.array([y[1] for y in whole], dtype=np.float64)
        self._weight = float(ev.yaku_weight)
        # The other cards of each card's month (a card left on the field can be taken by them).
        self._follow = np.array([MONTH_MASKS[MONTHS[c]] & ~(1 << c) for c in range(48)]
                                + [0] * 17, dtype=np.uint64)
        lay = sim.compact
        self._kind = np.append(lay.kind, -1)  # the list's −1 padding reads the last entry
        self._card = np.append(lay.card, NONE)
        self._target = np.append(lay.target, NONE)
        self._declared = np.append(lay.declared, -1)
        sets = list(cfg.declarable)
        self._decl_mask = np.array([s.mask for s in sets] + [0], dtype=np.uint64)
        self._decl_points = np.array([s.points for s in sets] + [0], dtype=np.float64)

    def points(self, mask: Mask) -> Float:
        """The card points of each mask (``Evaluator.points``)."""
        total = np.zeros(mask.shape, np.float64)
        for k in range(6):
            total += self._bytes[k][((mask >> np.uint64(8 * k)) & np.uint64(255)).astype(np.intp)]
        return total

    def potential(self, pile: Mask, blocked: Mask) -> Float:
        """``Evaluator.potential`` of each pile with its blocked cards (same shapes)."""
        total = np.zeros(pile.shape, np.float64)
        if self._count_mask.size:
            have = np.bitwise_count(pile[..., None] & self._count_mask).astype(np.float64)
            reach = np.bitwise_count(self._count_mask & ~blocked[..., None])
            share = np.minimum(1.0, have / self._count_min) ** 2
            total += np.where(reach >= self._count_min, self._count_points * share, 0.0).sum(-1)
        if self._set_mask.size:
            have = np.bitwise_count(pile[..., None] & self._set_mask).astype(np.float64)
            open_ = (blocked[..., None] & self._set_mask) == 0
            total += np.where(open_, self._set_points * (have / self._set_size) ** 2, 0.0).sum(-1)
        result: Float = total * self._weight
        return result

    def move_values(self, sim: BatchSim, rows: Int, legal: Int) -> Float:
        """``Evaluator.action_values`` of each listed move (n, W) of ``rows`` (n,) for the
        seat to move there; −inf for padding.  Reads only that seat's view."""
        seat = sim.seat[rows]
        side = self._side_of[seat]
        captures = sim.captures[rows]  # (n, sides)
        captured = captures[np.arange(rows.size), side]
        other = np.arange(self._sides)[None, :] != side[:, None]
        discard = sim.discard[rows]
        blocked = discard | np.bitwise_or.reduce(np.where(other, captures, ZERO), axis=1)
        hand = sim.hands[rows, seat]
        field = sim.field[rows]
        pending = sim.pending[rows].astype(np.int64)
        seen = (hand | field | discard | _bits(pending)
                | np.bitwise_or.reduce(captures, axis=1)
                | np.bitwise_or.reduce(sim.exposed[rows], axis=1))
        unseen = self._deck & ~seen

        kind = self._kind[legal]
        card = self._card[legal]
        target = self._target[legal]
        play = kind == CompactActions.KIND_PLAY
        free = play & (target == NONE)
        targetable = sim._targetable()[rows]
        taken, _ = sim._play_targets(np.where(free, card, NONE), targetable[:, None])
        gained = np.where(play, np.where(target == NONE, np.where(taken != 0, taken, ZERO),
                                         _bits(target)), ZERO)
        gained = np.where(gained != 0, gained | _bits(card), ZERO)  # Round.preview of a play
        take = kind == CompactActions.KIND_TAKE
        gained = np.where(take, _bits(pending)[:, None] | _bits(target), gained)
        # Captures only (a third of the listed moves or so): points + change of potential.
        r, c = np.nonzero(gained != 0)
        gain = gained[r, c] & ~self._rubbish
        before = self.potential(captured, blocked)
        value = np.zeros(legal.shape, np.float64)
        value[r, c] = (self.points(gain) + self.potential(captured[r] | gain, blocked[r])
                       - before[r])
        # A card left on the field: its value at risk if its month can still follow.
        follow = self._follow[card]
        own = (hand[:, None] & follow) != 0
        exposed = ((unseen[:, None] & follow) != 0) | own
        risk = np.where(exposed, self._value[card] * np.where(own, 0.3, 0.6) + 0.5, 0.0)
        value = np.where(play & (gained == 0), -risk, value)
        declare = kind == CompactActions.KIND_DECLARE
        if declare.any():
            which = np.where(declare, self._declared[legal], -1)  # −1: the padding entry
            mask = self._decl_mask[which]
            reach = mask & (captured | hand)[:, None]
            share = np.bitwise_count(reach) / np.maximum(np.bitwise_count(mask), 1)
            worth = np.where(mask & blocked[:, None], -5.0, self._decl_points[which] * share**2)
            value = np.where(declare, worth - risk, value)
        stop = kind == CompactActions.KIND_STOP
        if stop.any():
            # Koi-Koi: a stop is worth what it banks now, a koi-koi nothing yet (as
            # ``Evaluator.action_values``).
            value = np.where(stop, sim.stop_values(rows)[:, None], value)
        result: Float = np.where(legal >= 0, value, -np.inf)
        return result

    def choose(self, sim: BatchSim, legal: Int, uniforms: Float) -> Int:
        """A compact action per row from ``legal`` (``sim.legal_list()``, (B, W)) with the
        row's uniforms (B, W + 2): column 0 decides a random move (below ``epsilon``), column
        1 picks it, columns 2… are each listed move's tie-break noise.  0 where done."""
        width = legal.shape[1]
        if uniforms.shape != (legal.shape[0], width + 2):
            raise ValueError(f"uniforms must have shape {(legal.shape[0], width + 2)}, "
                             f"not {uniforms.shape}")
        count = (legal >= 0).sum(axis=1)
        forced = (count <= 1) | (sim.phase == PHASE_TEYAKU)  # the only move, or expose
        result: Int = np.where(count == 0, 0, legal[:, 0])
        randomly = ~forced & (uniforms[:, 0] < self.epsilon)
        if randomly.any():
            pick = np.minimum((uniforms[:, 1] * count).astype(np.int64), np.maximum(count - 1, 0))
            result = np.where(randomly, legal[np.arange(legal.shape[0]), pick], result)
        rows = np.flatnonzero(~forced & ~randomly)
        if rows.size:
            listed = legal[rows]
            value = self.move_values(sim, rows, listed) + self.noise * uniforms[rows, 2:]
            result[rows] = listed[np.arange(rows.size), np.argmax(value, axis=1)]
        return result

    def play_out(self, sim: BatchSim, rng: np.random.Generator,
                 streams: Int | None = None) -> None:
        """``batch.rollout.play_out`` with this policy."""
        play_out(self, sim, rng, streams)
