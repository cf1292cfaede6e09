"""``expert``: determinized search with learned hand inference, rollouts to the round's end.

The bot knows only its seat's view.  The Q network (``learned/``) ranks the legal moves and
the best ``candidates`` are searched (the network prunes the rest and its Q is a prior worth
``prior_weight`` simulations).  Each simulation deals the hidden cards into the other hands
and the stock (``agents.determinize``, RULES.md §6: nothing hidden is read) — not uniformly
but by the learned hand model (``learned.inference``): cards the other players' past moves
make likely in their hands are dealt there more often (inference from play) — plays a
candidate on that world and finishes the round with the fast rollout policy
(``heuristics.rollout``, every seat alike); the leaf is the real round value for the bot's
side (``Game.search_value``).  Sequential halving spends the budget; every candidate of a
stage sees the same worlds and rollout seeds (common random numbers).

Earlier versions scored leaves with the network's value after one reply ply: the network
alone is a weak judge of a position (it was level with ``strong``), while rollouts to the
end are unbiased, so the strength now grows with the budget (docs/bots.md).

The strength is the ``simulations`` budget (one simulation = one candidate's rollout on one
world); ``time_limit`` only caps the worst case, so results do not depend on the machine's load.

The default (issue 13) runs the simulations on the NumPy batch simulator (``engine="batch"``,
``agents.batch_search``) with the greedy bot's rule as the rollout policy (``rollouts="greedy"``),
4,800 of them: measured above ``strong`` in four 2-player games of five and inside the 150 ms
p95 target (docs/bots.md).  Where the batch simulator cannot play a configuration
(``batch_search.plays_in_batch``) the search runs on the scalar engine instead, with fast
rollouts and ``fallback_simulations`` (default: the budget ÷ ``BATCH_PER_SCALAR``, i.e. 600 for
the default — the previous default, whose p95 fits the target).

**Playing for the match** (issue 31, ``objective="match"``, the default): where the view is of
a 2-player match with a match-equity table (``agents.equity``), a finished simulation is
scored by the chance of winning the match once its round scores are added to the totals —
behind late, the bot takes the risks that can still win; ahead, it cuts variance — and the
network's Q, a round margin, enters the mean as the equity of that margin.  With
``objective="round"``, and wherever there is no match to play for (a single deal, as the
arena's per-deal mode plays; more than two sides), the leaf is the round margin.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import ClassVar

from ..cards import cards_of
from ..engine.moves import parse_action
from ..engine.round import Round
from ..rules import Config
from ..views import PlayerView
from .base import Agent
from .determinize import HiddenDeal, config_for_view, determinize
from .equity import OBJECTIVES, match_value, objective_leaf
from .halving import playout, sequential_halving
from .heuristics import evaluator_for, forced_move, greedy_rollout, rollout
from .learned.inference import HandBeliefs, beliefs, hand_model_for, sample_hidden
from .learned.policy import load_for, move_values

__all__ = ["BATCH_PER_SCALAR", "DEFAULT_ENGINE", "DEFAULT_ROLLOUTS", "DEFAULT_SIMULATIONS",
           "SCALAR_SIMULATIONS", "ExpertAgent"]

DEFAULT_SIMULATIONS = 4800
"""The default budget: simulations on the batch simulator with greedy rollouts (p95 93–107 ms a
decision in every 2-player game on the 2-core machine, docs/bots.md)."""
DEFAULT_ENGINE = "batch"
DEFAULT_ROLLOUTS = "greedy"
BATCH_PER_SCALAR = 8
"""How many batch simulations with greedy rollouts cost about the decision time of one scalar
simulation with fast rollouts (4,800 of the first: p95 93–107 ms; 600 of the second: 82–114
ms): the scalar fallback's budget is the batch budget divided by this."""
SCALAR_SIMULATIONS = DEFAULT_SIMULATIONS // BATCH_PER_SCALAR
"""The default expert's budget where the batch simulator cannot play the configuration: 600
scalar simulations with fast rollouts (the default before issue 13's switch, arena
``expert@600/scalar``)."""
DEFAULT_CANDIDATES = 6
DEFAULT_TIME_LIMIT = 1.5
ROLLOUTS = {"fast": rollout, "greedy": greedy_rollout}
ENGINES = ("scalar", "batch")
"""Where the simulations run: ``scalar`` (``Round`` copies, one at a time) or ``batch`` (a
stage of the halving as one NumPy batch, ``agents.batch_search``, with the vectorised twin of
the chosen rollout policy: ``batch.rollout.FastRollout`` or
``agents.batch_policies.GreedyRollout``)."""
DEFAULT_PRIOR_WEIGHT = 2.0
"""The network's Q of a candidate counts as this many simulations in its mean: a move's
value is ``(sum of its rollouts + w × Q) / (count + w)`` — a tie-breaker for a few noisy
rollouts; with more rollouts the search's own evidence takes over."""


class ExpertAgent(Agent):
    """``simulations``: the budget; ``candidates``: moves searched (by the network's rank);
    ``time_limit``: a wall-clock cap on the worst case (None: budget only); ``prior_weight``:
    how many simulations the network's Q of a candidate is worth; ``inference``: deal hidden
    cards by the learned hand model (False: uniformly, as ``strong``); ``rollouts``: the rollout
    policy (``ROLLOUTS``); ``engine``: ``scalar`` (one ``Round`` simulation at a time) or
    ``batch`` (each halving stage as one NumPy batch, ``agents.batch_search``, where the batch
    simulator plays the configuration); ``fallback_simulations``: with ``engine="batch"``, the
    budget of the scalar search (fast rollouts) that runs where the batch simulator cannot play
    the configuration (None: ``simulations // BATCH_PER_SCALAR``, at least 1); ``objective``:
    ``match`` (the match equity where the view has a match to play for) or ``round`` (the
    round margin always; arena ``expert/round``)."""

    name: ClassVar[str] = "expert"
    display_name: ClassVar[str] = "Expert bot"
    description: ClassVar[str] = "search with learned hand inference over the network's moves"

    def __init__(
        self,
        simulations: int = DEFAULT_SIMULATIONS,
        candidates: int = DEFAULT_CANDIDATES,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        weights: str | Path | None = None,
        prior_weight: float = DEFAULT_PRIOR_WEIGHT,
        inference: bool = True,
        epsilon: float = 0.1,
        rollouts: str = DEFAULT_ROLLOUTS,
        engine: str = DEFAULT_ENGINE,
        fallback_simulations: int | None = None,
        objective: str = "match",
    ) -> None:
        if rollouts not in ROLLOUTS:
            raise ValueError(f"rollouts must be one of {', '.join(ROLLOUTS)}")
        if engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}")
        if simulations < 1 or candidates < 1:
            raise ValueError("simulations and candidates must be at least 1")
        if fallback_simulations is not None and fallback_simulations < 1:
            raise ValueError("fallback_simulations must be at least 1 (or None)")
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}")
        self.objective = objective
        self.simulations = simulations
        self.candidates = candidates
        self.time_limit = time_limit
        self.weights = weights
        self.prior_weight = prior_weight
        self.inference = inference
        self.epsilon = epsilon
        self.rollouts = rollouts
        self.engine = engine
        self.fallback_simulations = (max(1, simulations // BATCH_PER_SCALAR)
                                     if fallback_simulations is None else fallback_simulations)

    def search_plan(self, config: Config) -> tuple[str, str, int]:
        """The engine, rollout policy and budget this bot searches ``config`` with: its own,
        or, when it asks for the batch engine and the batch simulator cannot play ``config``,
        the scalar engine with fast rollouts and ``fallback_simulations``."""
        if self.engine == "batch":
            from . import batch_search  # NumPy's batch simulator, imported only when used

            if not batch_search.plays_in_batch(config):
                return "scalar", "fast", self.fallback_simulations
        return self.engine, self.rollouts, self.simulations

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
        return self.analyse(view, legal, rng, budget)[0][0]

    def hand_beliefs(self, view: PlayerView) -> tuple[HandBeliefs, dict[int, int]] | None:
        """The learned hand model's odds for ``view`` and each other seat's hidden card count
        (None: deal uniformly)."""
        if not self.inference:
            return None
        cfg = config_for_view(view)
        model = hand_model_for(cfg)
        if model is None:
            return None
        b = beliefs(model, view, cfg)
        if not b.seats:
            return None
        hidden = {s: view.hand_counts[s] - view.exposed[s].mask.bit_count() for s in b.seats}
        return b, hidden

    def hidden_deal(self, view: PlayerView) -> HiddenDeal | None:
        """How this bot deals the hidden cards for ``view`` (None: uniformly)."""
        known = self.hand_beliefs(view)
        return None if known is None else partial(sample_hidden, *known)

    def analyse(
        self,
        view: PlayerView,
        legal: Sequence[str],
        rng: random.Random,
        budget: float | None = None,
    ) -> list[tuple[str, float]]:
        """Legal moves with their values, best first: searched candidates by their search
        means, the rest by the network's Q below them.  Values are points of round margin, or
        with a match to play for (``objective="match"``) chances of winning the match."""
        cfg = config_for_view(view)
        q = [float(v) for v in move_values(load_for(cfg, self.weights), view, legal, cfg)]
        leaf = objective_leaf(self.objective, view, cfg)
        # the network ranks the candidates by its round margin; in a match its Q enters the
        # means (and the unsearched moves' values) as the equity of that margin
        prior = q if leaf is None else [leaf.of_margin(v) for v in q]
        ranked = sorted(range(len(legal)), key=lambda i: (-q[i], i))
        arms = ranked[: self.candidates]
        if len(arms) == 1:
            return [(legal[i], float(prior[i])) for i in ranked]
        limit = budget if budget is not None else self.time_limit
        deadline = time.perf_counter() + limit if limit is not None else math.inf
        actions = [parse_action(m, cfg) for m in legal]
        side = view.side
        assert side is not None
        ev = evaluator_for(cfg)
        search_value = cfg.game.search_value if leaf is None else match_value(leaf)
        known = self.hand_beliefs(view)
        deal = None if known is None else partial(sample_hidden, *known)
        engine, rollouts, simulations = self.search_plan(cfg)
        w = self.prior_weight
        totals = {a: w * float(prior[a]) for a in arms}
        counts = {a: w for a in arms}

        def world() -> Round:
            return determinize(view, rng, cfg, deal)

        if engine == "batch":
            from . import batch_search as batch  # NumPy's batch simulator, imported only when used

            seat = view.seat
            assert seat is not None
            unseen = cards_of(view.unseen(cfg.deck).mask)
            hidden = [0 if s == seat else view.hand_counts[s] - view.exposed[s].mask.bit_count()
                      for s in range(cfg.players)]
            dealer = (batch.WorldDealer(unseen, hidden) if known is None else
                      batch.WorldDealer(known[0].cards, hidden, known[0].weights, known[0].seats))
            alive = batch.batch_halving(
                cfg, arms, actions, simulations, determinize(view, rng, cfg), dealer,
                seat, side, totals, counts, lambda a: -q[a], rng, self.epsilon,
                deadline, rollouts, None if leaf is None else leaf.values)
        else:
            simulate = playout(actions, ev, side, search_value, self.epsilon, ROLLOUTS[rollouts])
            alive = sequential_halving(arms, simulations, world, simulate, totals,
                                       counts, lambda a: -q[a], rng, deadline)
        searched = sorted(arms, key=lambda a: (a not in alive, -totals[a] / counts[a],
                                               -q[a]))
        out = [(legal[a], totals[a] / counts[a]) for a in searched]
        floor = min(v for _, v in out)
        rest = [i for i in ranked if i not in totals]
        out.extend((legal[i], min(floor, float(prior[i]))) for i in rest)
        return out
