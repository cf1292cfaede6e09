"""``greedy``: a sensible one-ply player.

It scores each legal move by what it captures now (card values), the yaku
progress that brings its side, and the risk of what it leaves on the field for
the next players; ties are broken by its seeded RNG, so it is deterministic for
a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from ..engine.moves import parse_action
from ..views import PlayerView
from .base import Agent
from .determinize import config_for_view, determinize, in_order
from .heuristics import evaluator_for, forced_move

__all__ = ["GreedyAgent"]


class GreedyAgent(Agent):
    name: ClassVar[str] = "greedy"
    display_name: ClassVar[str] = "Casual bot"
    description: ClassVar[str] = "one-ply: captures now, yaku progress, risk of what it leaves"

    def choose(
        self,
        view: PlayerView,
        legal: Sequence[str],
        rng: random.Random,
        budget: float | None = None,
    ) -> str:
        forced = forced_move(tuple(legal))
        if forced is not None:
            return forced
        ev = evaluator_for(config_for_view(view))
        cfg = ev.config
        # The hidden cards are never read (only the public table and the own hand are): any
        # placement of them gives the same values, so they are placed in order, not shuffled.
        rnd = determinize(view, random.Random(0), cfg, in_order(view, cfg))
        seat = rnd.seat
        unseen = view.unseen(cfg.deck).mask
        best = float("-inf")
        choices: list[str] = []
        values = ev.action_values(rnd, seat, [parse_action(move, cfg) for move in legal], unseen)
        for move, value in zip(legal, values, strict=True):
            if value > best + 1e-9:
                best = value
                choices = [move]
            elif abs(value - best) <= 1e-9:
                choices.append(move)
        return choices[rng.randrange(len(choices))]
