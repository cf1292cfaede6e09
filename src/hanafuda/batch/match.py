"""``BatchMatch``: B whole matches in lockstep on top of ``BatchSim`` (RULES.md §6).

A round that ends inside ``step`` adds its scores to the row's totals, ends the
match when ``rounds`` or ``target`` says so, and otherwise deals the row's next
round at once, to the next dealer of RULES.md §6 — so, as in the scalar engine,
every running row rests at a decision.  Seeded rows deal each round from their own
``random.Random(seed)`` exactly as ``Match(game, n, seed=seed)`` does (first
dealer drawn unless given), so a seeded batch replays the scalar matches card
for card; rows dealt from a NumPy generator deal vectorised.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.deal import deal_from_rng, draw_first_dealer
from .sim import BatchSim, Bool, Int

__all__ = ["BatchMatch"]


class BatchMatch:
    """``batch_size`` matches of ``game``; ``reset`` then ``step`` until ``done.all()``.

    ``totals`` (B, sides), ``rounds_played`` (B,), ``done`` (match over), ``to_move``;
    ``sim`` is the ``BatchSim`` of the rounds in play (its ``hands``, ``field``,
    ``captures`` … are the current round's).
    """

    def __init__(
        self,
        game: str,
        players: int,
        batch_size: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.sim = BatchSim(game, players, batch_size, options)
        self.config = self.sim.config
        self.batch_size = batch_size
        self.totals: Int = np.zeros((batch_size, self.sim.num_sides), np.int64)
        self.rounds_played: Int = np.zeros(batch_size, np.int64)
        self.decisions: Int = np.zeros(batch_size, np.int64)
        self.finished: Bool = np.ones(batch_size, np.bool_)
        self._rngs: list[random.Random] | None = None
        self._np_rng: np.random.Generator | None = None

    def reset(
        self,
        seeds: Sequence[int] | None = None,
        *,
        rng: np.random.Generator | None = None,
        dealer: int | Sequence[int] | None = None,
    ) -> None:
        """Start every match: from ``seeds`` as ``Match(game, n, seed=s, dealer=d)`` (the
        first dealer drawn when ``dealer`` is None), or vectorised from ``rng``."""
        b = self.batch_size
        cfg = self.config
        self.totals[:] = 0
        self.rounds_played[:] = 0
        self.decisions[:] = 0
        self.finished[:] = False
        if seeds is not None:
            if len(seeds) != b:
                raise ValueError(f"reset needs {b} seeds")
            self._rngs = [random.Random(s) for s in seeds]
            self._np_rng = None
            if dealer is None:
                dealers = [draw_first_dealer(cfg, r)[0] for r in self._rngs]
            else:
                dealers = [dealer] * b if isinstance(dealer, int) else list(dealer)
            self.sim.reset(
                deals=[deal_from_rng(cfg, d, r) for d, r in zip(dealers, self._rngs, strict=True)]
            )
        elif rng is not None:
            self._rngs = None
            self._np_rng = rng
            first = rng.integers(0, cfg.players, b) if dealer is None else dealer
            self.sim.reset_random(rng, first)
        else:
            raise ValueError("reset needs seeds or rng")

    def restart(self, rows: npt.ArrayLike, rng: np.random.Generator, dealer: npt.ArrayLike) -> None:
        """Start a new match in ``rows`` only (indices or a bool mask), dealt vectorised from
        ``rng`` by ``dealer`` (one per row, or one for all); the other rows go on."""
        index = self.sim.row_index(rows)
        if index.size == 0:
            return
        self.totals[index] = 0
        self.rounds_played[index] = 0
        self.decisions[index] = 0
        self.finished[index] = False
        self.sim.reset_random(rng, dealer, rows=index)

    @property
    def done(self) -> Bool:
        """Rows whose match is over."""
        return self.finished

    @property
    def to_move(self) -> Int:
        return self.sim.to_move

    def legal_mask(self) -> Bool:
        return self.sim.legal_mask()

    def sample_actions(self, rng: np.random.Generator) -> Int:
        return self.sim.sample_actions(rng)

    def step(self, actions: npt.ArrayLike, rows: npt.ArrayLike | None = None) -> None:
        """One action per row; finished rows ignore theirs, and so do rows outside ``rows``
        (a bool mask or indices) when given.  Rounds that end are scored and the next round
        is dealt (RULES.md §6)."""
        running = self.sim.running(rows)
        self.decisions += running
        self.sim.step(actions, rows=running)
        ended = running & self.sim.done
        if ended.any():
            self._rounds_ended(ended)

    def _rounds_ended(self, ended: Bool) -> None:
        cfg = self.config
        sim = self.sim
        scores = sim._scores
        self.totals += np.where(ended[:, None], scores, 0)
        self.rounds_played += ended
        over = np.zeros(self.batch_size, np.bool_)
        if cfg.target is not None:
            over |= self.totals.max(axis=1) >= cfg.target
        if cfg.rounds_limit is not None:
            over |= self.rounds_played >= cfg.rounds_limit
        self.finished |= ended & over
        again = np.flatnonzero(ended & ~over)
        if again.size == 0:
            return
        dealers = self._next_dealers()[again]
        if self._rngs is not None:
            rngs = self._rngs
            deals = [deal_from_rng(cfg, int(d), rngs[int(row)]) for row, d in zip(again, dealers,
                                                                                   strict=True)]
            sim.reset(deals=deals, rows=again)
        else:
            assert self._np_rng is not None
            sim.reset_random(self._np_rng, dealers, rows=again)

    def _next_dealers(self) -> Int:
        """RULES.md §6: highest round score deals; on a tie the dealer keeps the deal if
        their side is among the tied, else the earliest tied seat in this round's order; or the
        game's other rule (``Config.dealer_rule``, as ``engine.match.next_dealer``)."""
        sim = self.sim
        if self.config.dealer_rule == "dealer":
            return sim.dealer.copy()
        if self.config.dealer_rule == "alternate":
            return (sim.dealer + self.config.game.direction) % self.config.players
        rows = np.arange(self.batch_size)
        scores = sim._scores
        top = scores == scores.max(axis=1, keepdims=True)
        side_of = np.array(self.config.side_of, dtype=np.int64)
        dealer = sim.dealer
        chosen = np.where(top[rows, side_of[dealer]], dealer, -1)
        for position in range(self.config.players):
            seat = sim.order[:, position]
            chosen = np.where((chosen < 0) & top[rows, side_of[seat]], seat, chosen)
        return chosen
