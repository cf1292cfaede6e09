"""Scalar twins of batch rows: the same random moves on ``Match`` objects, as batch actions,
and the check that a batch row holds the same state as an engine round."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from hanafuda import Match
from hanafuda.batch import BatchSim, from_engine
from hanafuda.engine.round import Round


def random_moves(matches: list[Match], rng: random.Random) -> npt.NDArray[np.int64]:
    """Play one random legal move in every unfinished match (dealing the next round when one
    ends) and return those moves as batch actions, one per row (0 for a finished match)."""
    actions = np.zeros(len(matches), np.int64)
    for row, match in enumerate(matches):
        if match.finished:
            continue
        legal = match.legal_actions()
        action = legal[rng.randrange(len(legal))]
        match.apply(action)
        actions[row] = from_engine(action)
        if match.round_over and not match.finished:
            match.next_round()
    return actions


def same_state(sim: BatchSim, row: int, rnd: Round) -> None:
    """Row ``row`` holds ``rnd``: every card place, the stock still to turn over (in order),
    the decision pending, and the scores once over."""
    where = f"row {row} move {len(rnd.moves)}"
    assert bool(sim.done[row]) == rnd.over, where
    assert list(sim.hands[row]) == rnd.hands, where
    assert int(sim.field[row]) == rnd.field, where
    assert list(sim.captures[row]) == rnd.captures, where
    assert int(sim.discard[row]) == rnd.discard, where
    left = sim.stock[row][int(sim.stock_pos[row]) : sim.stock_size].tolist()
    assert left == list(rnd.stock_remaining()), where
    assert list(sim.exposed[row]) == rnd.exposed, where
    assert list(sim.teyaku[row]) == rnd.teyaku, where
    assert list(sim.declared[row]) == rnd.declared, where
    if rnd.config.koikoi:
        assert list(sim.koikoi_calls[row]) == rnd.koikoi_calls, where
        assert int(sim.stopped[row]) == rnd.stopped, where
        assert bool(sim.won_at_deal[row]) == rnd.won_at_deal, where
        if not rnd.over:
            assert sim.yaku_level[row].tolist() == [list(level) for level in rnd.yaku_level], where
    if rnd.over:
        assert rnd.result is not None
        assert list(sim.card_points[row]) == list(rnd.result.card_points), where
        assert list(sim.final_scores()[row]) == list(rnd.result.scores), where
        yaku = [sum(y.points for y in ys) for ys in rnd.result.yaku]
        assert list(sim.yaku_points[row]) == yaku, where
    else:
        assert int(sim.to_move[row]) == rnd.to_move, where
        assert int(sim.phase[row]) == rnd.phase, where
        pending = int(sim.pending[row])
        assert (pending if pending < 48 else -1) == rnd.pending, where
        assert int(sim.pending_targets[row]) == rnd.pending_targets, where
