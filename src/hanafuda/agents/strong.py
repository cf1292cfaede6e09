"""``strong``: determinized Monte Carlo search with sequential halving.

The bot knows only its seat's view.  For each sample it deals the unseen cards
at random into the other hands (by their known counts) and the stock
(``agents.determinize``), plays every candidate move on that same world, and
finishes the round with the fast rollout policy; candidates are compared by
their mean round value for the bot's side (``Game.search_value``: the round
score, team score in team games).  Sequential halving spends the budget: each
stage halves the candidates, keeping the best means.  Every candidate of a stage
sees the same sampled worlds and rollout seeds (common random numbers), which
makes the comparisons far less noisy than independent samples.

Like ``expert`` (issue 31), with ``objective="match"`` (the default) and a 2-player match to
play for, a finished rollout is scored by the chance of winning the match after its round
(``agents.equity``) instead of the round value; ``objective="round"`` keeps the round value.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import ClassVar

from ..engine.moves import parse_action
from ..views import PlayerView
from .base import Agent
from .determinize import config_for_view, determinize
from .equity import OBJECTIVES, match_value, objective_leaf
from .halving import playout, sequential_halving
from .heuristics import evaluator_for, forced_move, rollout

__all__ = ["StrongAgent"]

DEFAULT_ITERATIONS = 600
DEFAULT_TIME_LIMIT = 1.5
"""Seconds: only a cap on the worst case.  The strength is fixed by ``iterations`` (600
rollouts take about 0.1 s on the idle 2-core machine), so results do not depend on the
machine's load; the cap stops a decision only on a machine many times slower."""


class StrongAgent(Agent):
    """``iterations``: rollouts per decision (the strength); ``time_limit``: a wall-clock cap on
    the worst case in seconds (None: iterations only).  A caller's ``budget`` replaces the cap.
    ``objective``: ``match`` (the match equity where there is a match to play for) or
    ``round`` (the round value always; arena ``strong/round``)."""

    name: ClassVar[str] = "strong"
    display_name: ClassVar[str] = "Strong bot"
    description: ClassVar[str] = "determinized Monte Carlo search with sequential halving"

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        epsilon: float = 0.1,
        objective: str = "match",
    ) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}")
        self.objective = objective
        self.iterations = iterations
        self.time_limit = time_limit
        self.epsilon = epsilon

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
        cfg = config_for_view(view)
        ev = evaluator_for(cfg)
        limit = budget if budget is not None else self.time_limit
        deadline = time.perf_counter() + limit if limit is not None else math.inf
        actions = [parse_action(m, cfg) for m in legal]
        side = view.side
        assert side is not None
        leaf = objective_leaf(self.objective, view, cfg)
        search_value = cfg.game.search_value if leaf is None else match_value(leaf)

        simulate = playout(actions, ev, side, search_value, self.epsilon, rollout)

        arms = list(range(len(actions)))
        alive = sequential_halving(
            arms, self.iterations, lambda: determinize(view, rng, cfg), simulate,
            dict.fromkeys(arms, 0.0), dict.fromkeys(arms, 0.0), lambda a: a, rng, deadline)
        best = alive[0]
        return legal[best]
