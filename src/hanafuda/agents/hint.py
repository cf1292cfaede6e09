"""``hint(view)``: the best move for a seat, the runner-up, and what each is worth.

For the terminal's ``h`` key and the web table's hint (when the table allows hints; never
in rated play — the caller decides).  Values are the learned network's estimate of the
round margin after the move (points for the seat's side, RULES.md §4), from the seat's
view only; ``search=True`` refines them with the ``expert`` search (slower, better): the
default expert's engine and rollouts (the batch simulator, greedy rollouts; the scalar search
where the batch cannot play the configuration) at ``simulations``.  A game without trained
weights is hinted by the ``strong`` bot's rollouts instead: every legal move played on
the same sampled worlds, valued by its mean round margin (``Game.search_value``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.moves import parse_action
from ..views import PlayerView
from .determinize import config_for_view, determinize
from .expert import ExpertAgent
from .halving import playout
from .heuristics import evaluator_for, rollout
from .learned.policy import load_for, move_values, plays_in_teams, shipped_weights

ROLLOUT_SAMPLES = 64
"""Sampled worlds per hint where a game has no trained weights (each move played on all)."""

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """``best`` and ``runner_up`` (None with one legal move) as move strings (RULES.md §7),
    their values, and every legal move's value, best first."""

    best: str
    best_value: float
    runner_up: str | None
    runner_up_value: float | None
    values: tuple[tuple[str, float], ...]


def hint(view: PlayerView, search: bool = False, seed: int = 0,
         simulations: int = 200) -> Hint:
    """The hint for the seat of ``view`` (a running round where that seat is to move)."""
    if view.seat is None or view.to_move != view.seat or not view.legal:
        raise ValueError("a hint needs the view of the seat to move in a running round")
    legal = list(view.legal)
    if search and len(legal) > 1:
        ranked = ExpertAgent(simulations=simulations, time_limit=None, objective="round").analyse(
            view, legal, random.Random(seed))
    else:
        cfg = config_for_view(view)
        if shipped_weights(cfg.game.id, cfg.players, plays_in_teams(cfg)) is None:
            values = _rollout_values(view, legal, seed)
        else:
            values = [float(v) for v in move_values(load_for(cfg), view, legal, cfg)]
        ranked = sorted(((m, float(v)) for m, v in zip(legal, values, strict=True)),
                        key=lambda mv: -mv[1])
    runner = ranked[1] if len(ranked) > 1 else None
    return Hint(ranked[0][0], round(ranked[0][1], 2), runner[0] if runner else None,
                round(runner[1], 2) if runner else None,
                tuple((m, round(v, 2)) for m, v in ranked))


def _rollout_values(view: PlayerView, legal: list[str], seed: int) -> list[float]:
    """Each legal move's mean round margin over ``ROLLOUT_SAMPLES`` sampled worlds, finished by
    the ``strong`` bot's fast rollout policy (common random numbers for every move)."""
    cfg = config_for_view(view)
    side = view.side
    assert side is not None
    rng = random.Random(seed)
    actions = [parse_action(m, cfg) for m in legal]
    simulate = playout(actions, evaluator_for(cfg), side, cfg.game.search_value, 0.1, rollout)
    totals = [0.0] * len(actions)
    for _ in range(ROLLOUT_SAMPLES):
        world = determinize(view, rng, cfg)
        seed_k = rng.randrange(1 << 30)
        for arm in range(len(actions)):
            totals[arm] += simulate(world, arm, seed_k)
    return [t / ROLLOUT_SAMPLES for t in totals]
