"""``benchmarks/state_cost.py`` (issue 28): the harness plays whole matches of every game and times
a viewer's state and patch per event, for a seat and a spectator."""

from __future__ import annotations

import pytest

from benchmarks.state_cost import GAMES, cost, table


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_harness_plays_whole_matches_and_times_each_event(game: str) -> None:
    for seat in (0, None):
        micros, events = cost(game, seat, matches=1, rounds=1)
        assert events >= 4 and micros > 0
    t = table(game, 0, 1)
    assert t.seats[0].kind == "human" and all(s.kind == "bot" for s in t.seats[1:])
    assert len(t.seats) == GAMES[game][0]
