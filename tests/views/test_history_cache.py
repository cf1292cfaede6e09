"""``views.round_history`` translates a round's events once for the round and every copy of it
(a web table makes each move on a copy, ``web.live.fork``), and still hands each seat only what it
may see (RULES.md §4.2)."""

from __future__ import annotations

import gc
import random

from hanafuda import Match
from hanafuda.views import _HISTORY, round_history


def _played(game: str, players: int, options: dict[str, object], seed: int, moves: int) -> Match:
    m = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if m.to_move is None:
            break
        m.play(rng.choice(m.legal_moves()))
    return m


def test_a_copied_round_shares_its_translated_events() -> None:
    m = _played("mushi", 2, {"rounds": 1}, 3, 6)
    first = round_history(m.current, 0)
    copy = m.current.copy()
    assert all(a is b for a, b in zip(first, round_history(copy, 0), strict=True))
    m.rounds[-1] = copy  # the copy moves on: only its new events are new objects
    m.play(m.legal_moves()[0])
    later = round_history(m.current, 0)
    assert len(later) > len(first) and all(a is b for a, b in zip(first, later, strict=False))
    assert first[0].to_dict() is later[0].to_dict()


def test_a_kept_teyaku_stays_its_seats_in_every_copy() -> None:
    """A copy of a round where a seat kept its teyaku: the other seats never get that event."""
    found = 0
    for seed in range(40):
        m = _played("hana-awase", 3, {"rounds": 1, "teyaku": True}, seed, 4)
        rnd = m.current.copy()
        keepers = {e.seat for e in round_history(rnd, None) if e.kind == "keep"}
        assert not keepers  # a spectator sees no keep
        for seat in range(3):
            mine = [e for e in round_history(rnd, seat) if e.kind == "keep"]
            assert all(e.seat == seat for e in mine)
            found += len(mine)
    assert found  # the seeds above do keep a teyaku


def test_the_translation_of_rounds_gone_is_dropped() -> None:
    from hanafuda import views

    limit = views.HISTORY_ROUNDS
    views.HISTORY_ROUNDS = 8
    try:
        for seed in range(20):
            round_history(_played("mushi", 2, {"rounds": 1}, seed, 3).current, None)
            gc.collect()
        assert len(_HISTORY) <= 8
    finally:
        views.HISTORY_ROUNDS = limit
