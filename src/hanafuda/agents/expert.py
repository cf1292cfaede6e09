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
from ..views import PlayerView
from .base import Agent
from .determinize import HiddenDeal, config_for_view, determinize
from .halving import playout, sequential_halving
from .heuristics import evaluator_for, forced_move, greedy_rollout, rollout
from .learned.inference import HandBeliefs, beliefs, hand_model_for, sample_hidden
from .learned.policy import load_for, move_values

__all__ = ["DEFAULT_SIMULATIONS", "ExpertAgent"]

DEFAULT_SIMULATIONS = 600
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
    cards by the learned hand model (False: uniformly, as ``strong``); ``engine``: ``scalar``
    (one ``Round`` simulation at a time) or ``batch`` (each halving stage as one NumPy batch,
    ``agents.batch_search``, where the batch simulator plays the configuration)."""

    name: ClassVar[str] = "expert"
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
        rollouts: str = "fast",
        engine: str = "scalar",
    ) -> None:
        if rollouts not in ROLLOUTS:
            raise ValueError(f"rollouts must be one of {', '.join(ROLLOUTS)}")
        if engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(ENGINES)}")
        if simulations < 1 or candidates < 1:
            raise ValueError("simulations and candidates must be at least 1")
        self.simulations = simulations
        self.candidates = candidates
        self.time_limit = time_limit
        self.weights = weights
        self.prior_weight = prior_weight
        self.inference = inference
        self.epsilon = epsilon
        self.rollouts = rollouts
        self.engine = engine

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
        """Legal moves with their values (points of round margin), best first: searched
        candidates by their search means, the rest by the network's Q below them."""
        cfg = config_for_view(view)
        prior = move_values(load_for(cfg, self.weights), view, legal, cfg)
        ranked = sorted(range(len(legal)), key=lambda i: (-float(prior[i]), i))
        arms = ranked[: self.candidates]
        if len(arms) == 1:
            return [(legal[i], float(prior[i])) for i in ranked]
        limit = budget if budget is not None else self.time_limit
        deadline = time.perf_counter() + limit if limit is not None else math.inf
        actions = [parse_action(m, cfg) for m in legal]
        side = view.side
        assert side is not None
        ev = evaluator_for(cfg)
        search_value = cfg.game.search_value
        known = self.hand_beliefs(view)
        deal = None if known is None else partial(sample_hidden, *known)
        play_out = ROLLOUTS[self.rollouts]
        w = self.prior_weight
        totals = {a: w * float(prior[a]) for a in arms}
        counts = {a: w for a in arms}

        def world() -> Round:
            return determinize(view, rng, cfg, deal)

        batch = None
        if self.engine == "batch":
            from . import batch_search  # NumPy's batch simulator, imported only when used

            if batch_search.plays_in_batch(cfg):
                batch = batch_search
        if batch is not None:
            seat = view.seat
            assert seat is not None
            unseen = cards_of(view.unseen(cfg.deck).mask)
            hidden = [0 if s == seat else view.hand_counts[s] - view.exposed[s].mask.bit_count()
                      for s in range(cfg.players)]
            dealer = (batch.WorldDealer(unseen, hidden) if known is None else
                      batch.WorldDealer(known[0].cards, hidden, known[0].weights, known[0].seats))
            alive = batch.batch_halving(
                cfg, arms, actions, self.simulations, determinize(view, rng, cfg), dealer,
                seat, side, totals, counts, lambda a: -float(prior[a]), rng, self.epsilon,
                deadline, self.rollouts)
        else:
            simulate = playout(actions, ev, side, search_value, self.epsilon, play_out)
            alive = sequential_halving(arms, self.simulations, world, simulate, totals,
                                       counts, lambda a: -float(prior[a]), rng, deadline)
        searched = sorted(arms, key=lambda a: (a not in alive, -totals[a] / counts[a],
                                               -float(prior[a])))
        out = [(legal[a], totals[a] / counts[a]) for a in searched]
        floor = min(v for _, v in out)
        rest = [i for i in ranked if i not in totals]
        out.extend((legal[i], min(floor, float(prior[i]))) for i in rest)
        return out
