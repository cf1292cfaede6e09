"""The learned bots' features are the same from a PlayerView and from the batch simulator."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hanafuda.agents.learned.features import (
    encode_candidates,
    encode_observations,
    seat_state_from_view,
)
from hanafuda.batch import BatchSim
from hanafuda.engine.deal import deal_from_rng
from hanafuda.records import Match
from hanafuda.train.selfplay import batch_seat_state

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("mushi", 2, {"hand_takes_field_lightning": True}),
    ("min-hwatu", 3, {"flip_matches_pair": "ppeok"}),
    ("hana-awase", 3, {"teyaku": True}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True,
                   "gaji_wild_from_stock": True}),
    ("hawaiifuda", 2, {"bonus_combos": True}),
    ("koi-koi", 2, {}),
    ("koi-koi", 2, {"viewing": "koikoi-japan", "koikoi_bonus": "plus-one", "seven_doubling": False}),
]


@pytest.mark.parametrize("game,players,options", CASES)
def test_view_and_batch_features_agree(game, players, options):
    rows = 24
    sim = BatchSim(game, players, rows, options)
    cfg = sim.config
    deals = [deal_from_rng(cfg, i % players, random.Random(77 + i)) for i in range(rows)]
    sim.reset(deals=deals)
    matches = [Match(game, players, options, deal=d) for d in deals]
    rng = np.random.default_rng(0)
    checked = 0
    while not sim.done.all():
        running = np.flatnonzero(~sim.done)
        mask = sim.legal_compact()
        state = batch_seat_state(sim, running)
        obs = encode_observations(cfg, state)
        for i, row in enumerate(running):
            match = matches[row]
            view = match.view(match.to_move)
            one = seat_state_from_view(view, cfg)
            assert (encode_observations(cfg, one)[0] == obs[i]).all(), f"row {row}"
            cands = np.flatnonzero(mask[row])
            a_batch = encode_candidates(cfg, sim.compact, state, np.full(cands.size, i), cands)
            a_view = encode_candidates(cfg, sim.compact, one, np.zeros(cands.size, np.int64), cands)
            assert (a_batch == a_view).all()
            checked += 1
        actions = sim.sample_compact(rng, mask=mask)
        for row in running:
            matches[row].apply(sim.compact.to_engine(int(actions[row])))
        sim.step_compact(actions)
    assert checked > rows * 10
