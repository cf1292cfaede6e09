"""Scalar twins of batch rows: the same random moves on ``Match`` objects, as batch actions."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from hanafuda import Match
from hanafuda.batch import from_engine


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
