"""``BatchMatch`` plays whole matches exactly as ``Match`` does (RULES.md §6)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from hanafuda import Match
from hanafuda.batch import BatchMatch
from hanafuda.rules import GAMES
from tests.batch.twins import random_moves

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (game, n, {"rounds": 4} if game != "kwa-do" else {}) for game, cls in GAMES.items()
    if cls.plays_in_batch() for n in cls.player_counts()
]
CONFIGS += [("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "target": 60}),
            ("kwa-do", 6, {"teams": [[0, 2, 4], [1, 3, 5]], "target": 40, "rounds": 5}),
            ("mushi", 2, {"target": 40}),
            ("hana-awase", 3, {"teyaku": True, "rounds": 3}),
            ("kwa-do", 4, {"yaku": True, "target": 120}),
            ("min-hwatu", 5, {"flip_matches_pair": "ppeok", "rounds": 3})]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_seeded_matches_agree(game: str, players: int, options: dict[str, Any]) -> None:
    rows = 24
    seeds = [5000 + i for i in range(rows)]
    batch = BatchMatch(game, players, rows, options)
    batch.reset(seeds)
    matches = [Match(game, players, options, seed=s) for s in seeds]
    rng = random.Random(rows)
    while not batch.done.all():
        batch.step(random_moves(matches, rng))
        for row, match in enumerate(matches):
            where = f"row {row} round {len(match.rounds)}"
            assert bool(batch.done[row]) == match.finished, where
            assert list(batch.totals[row]) == match.totals, where
            assert int(batch.rounds_played[row]) == len(match.results), where
            if not match.finished:
                rnd = match.current
                assert int(batch.sim.dealer[row]) == rnd.dealer, where
                assert list(batch.sim.hands[row]) == rnd.hands, where
                assert int(batch.sim.field[row]) == rnd.field, where
                assert list(batch.sim.captures[row]) == rnd.captures, where
                assert int(batch.to_move[row]) == rnd.to_move, where
    assert [int(d) for d in batch.decisions] == [
        sum(len(r.moves) for r in m.rounds) for m in matches
    ]


def test_vectorised_matches_run_to_the_end() -> None:
    batch = BatchMatch("hana-awase", 3, 64, {"rounds": 3})
    rng = np.random.default_rng(0)
    batch.reset(rng=rng)
    while not batch.done.all():
        batch.step(batch.sample_actions(rng))
    assert (batch.rounds_played == 3).all()
    assert (batch.totals.sum(axis=1) == 0).all()  # zero-sum
