"""``expert``: determinized search over the learned network's best moves, value-network leaves.

The bot knows only its seat's view.  The Q network (``learned/``) ranks the legal moves
and the best ``candidates`` are searched (the network's priors prune the rest).  Each
simulation deals the unseen cards at random into the other hands and the stock
(``agents.determinize``, RULES.md §6: nothing hidden is read), plays a candidate on that
world, lets the other seats answer with the network's moves until the bot's seat decides
again (so the turned-over stock card and the replies are sampled, not guessed), and scores
the leaf with the network's value there (the best Q of the seat's moves), or the real
round margin (``Game.search_value``) when the round has ended.  Sequential halving spends
the budget; every candidate of a stage sees the same worlds (common random numbers).

The strength is the ``simulations`` budget (one simulation = one candidate on one world);
``time_limit`` only caps the worst case, so results do not depend on the machine's load.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import numpy as np

from ..engine.moves import parse_action
from ..engine.round import Round
from ..rules import Config
from ..views import PlayerView
from .base import Agent
from .determinize import config_for_view, determinize
from .heuristics import forced_move
from .learned.network import QNetwork
from .learned.policy import load_for, move_values, rounds_values

__all__ = ["DEFAULT_SIMULATIONS", "ExpertAgent"]

DEFAULT_SIMULATIONS = 200
DEFAULT_CANDIDATES = 4
DEFAULT_TIME_LIMIT = 1.5
DEFAULT_PRIOR_WEIGHT = 20.0
"""The network's Q of a candidate counts as this many simulations in its mean: a move's
value is ``(sum of its simulations + w × Q) / (count + w)``, so a few noisy simulations do
not overrule the network; with more simulations the search's own evidence takes over."""
MAX_REPLY_PLIES = 8


class ExpertAgent(Agent):
    """``simulations``: the budget; ``candidates``: moves searched (by the network's rank);
    ``time_limit``: a wall-clock cap on the worst case (None: budget only); ``prior_weight``:
    how many simulations the network's Q of a candidate is worth."""

    name: ClassVar[str] = "expert"
    description: ClassVar[str] = "determinized search over the learned network's moves"

    def __init__(
        self,
        simulations: int = DEFAULT_SIMULATIONS,
        candidates: int = DEFAULT_CANDIDATES,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        weights: str | Path | None = None,
        prior_weight: float = DEFAULT_PRIOR_WEIGHT,
    ) -> None:
        if simulations < 1 or candidates < 1:
            raise ValueError("simulations and candidates must be at least 1")
        self.simulations = simulations
        self.candidates = candidates
        self.time_limit = time_limit
        self.weights = weights
        self.prior_weight = prior_weight

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
        net = load_for(cfg, self.weights)
        prior = move_values(net, view, legal, cfg)
        ranked = sorted(range(len(legal)), key=lambda i: (-float(prior[i]), i))
        arms = ranked[: self.candidates]
        if len(arms) == 1:
            return [(legal[i], float(prior[i])) for i in ranked]
        limit = budget if budget is not None else self.time_limit
        deadline = time.perf_counter() + limit if limit is not None else math.inf
        actions = [parse_action(m, cfg) for m in legal]
        seat = view.seat
        side = view.side
        assert seat is not None and side is not None
        w = self.prior_weight
        totals = {a: w * float(prior[a]) for a in arms}
        counts = {a: w for a in arms}
        stages = max(1, math.ceil(math.log2(len(arms))))
        left = self.simulations
        alive = list(arms)
        for stage in range(stages):
            per_arm = max(1, left // ((stages - stage) * len(alive)))
            # The stage's simulations run together: the network scores all of them at once.
            worlds = [determinize(view, rng, cfg) for _ in range(per_arm)]
            sims = []
            for world in worlds:
                for arm in alive:
                    sim = world.copy()
                    sim.apply(actions[arm])
                    sims.append(sim)
            values = _leaf_values(net, cfg, sims, seat, side, random.Random(rng.getrandbits(32)))
            for i, value in enumerate(values):
                arm = alive[i % len(alive)]
                totals[arm] += value
                counts[arm] += 1
            left -= per_arm * len(alive)
            if time.perf_counter() > deadline or len(alive) <= 1:
                break
            alive.sort(key=lambda a: (-totals[a] / counts[a], -float(prior[a])))
            alive = alive[: max(1, math.ceil(len(alive) / 2))]
        searched = sorted(arms, key=lambda a: (a not in alive, -totals[a] / counts[a],
                                               -float(prior[a])))
        out = [(legal[a], totals[a] / counts[a]) for a in searched]
        floor = min(v for _, v in out)
        rest = [i for i in ranked if i not in totals]
        out.extend((legal[i], min(floor, float(prior[i]))) for i in rest)
        return out


def _leaf_values(net: QNetwork, cfg: Config, sims: list[Round], seat: int, side: int,
                 rng: random.Random) -> list[float]:
    """In every simulation the other seats answer with the network's best moves until
    ``seat`` decides again; then the network's value for ``seat`` there, or the round's
    margin if it ended.  All simulations step together (one network call per ply)."""
    for _ in range(MAX_REPLY_PLIES):
        replying = [r for r in sims if not r.over and r.seat != seat]
        if not replying:
            break
        choosing = []
        for r in replying:
            legal = r.legal_actions()
            if len(legal) == 1:
                r.apply(legal[0])
            else:
                choosing.append(r)
        for r, (actions, values) in zip(choosing, rounds_values(net, choosing), strict=True):
            best = np.flatnonzero(values >= values.max() - 1e-6)
            r.apply(actions[int(best[rng.randrange(best.size)])])
    running = [r for r in sims if not r.over]
    leaf = dict(zip(map(id, running), rounds_values(net, running), strict=True))
    out = []
    for r in sims:
        if r.over:
            assert r.result is not None
            out.append(cfg.game.search_value(r.result, side))
            continue
        value = float(leaf[id(r)][1].max())
        if r.seat != seat and cfg.num_sides == 2 and cfg.side_of[r.seat] != side:
            value = -value  # ply cap reached at the opponent: its best is about our loss
        out.append(value)
    return out
