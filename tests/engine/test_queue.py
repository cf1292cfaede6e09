"""The queued play (``MatchCore.submit``): while a seat decides on its Hana-Awase teyaku, the seat
that plays first sees its turn (RULES.md §4.2) and may play; the match checks the play against that
seat's view, keeps it, and makes it as soon as the decision is made — or drops it, saying why."""

from __future__ import annotations

import copy
import random

import pytest

from hanafuda import Match
from hanafuda.engine.match import (
    AlreadyQueuedError,
    MatchError,
    PlayMade,
    QueuedPlayDropped,
    SubmitStatus,
)
from hanafuda.engine.moves import IllegalMoveError, MalformedMoveError
from hanafuda.engine.visibility import as_settled
from hanafuda.records import match_from_record


def _teyaku_match(drop: bool = False, players: int = 2) -> tuple[Match, int, int, str]:
    """A Hana-Awase teyaku deal where the seat that plays first holds no teyaku and another seat
    is asked; the first seat's play returned is legal whatever the decision (``drop``: one an
    exposed teyaku makes illegal)."""
    for seed in range(3000):
        match = Match("hana-awase", players, {"teyaku": True}, seed=seed)
        rnd = match.current
        first = rnd.order[0]
        if not rnd.teyaku_queue or first in rnd.teyaku_queue:
            continue
        seen = as_settled(rnd).legal_moves()
        exposed = copy.deepcopy(match)
        for _ in rnd.teyaku_queue:
            exposed.play("expose")
        gone = [m for m in seen if m not in exposed.legal_moves()]
        kept = [m for m in seen if m in exposed.legal_moves()]
        if drop and gone:
            return match, first, rnd.teyaku_queue[0], gone[0]
        if not drop and kept:
            return match, first, rnd.teyaku_queue[0], kept[0]
    raise AssertionError("no such deal")


def test_a_play_waits_for_a_hidden_decision_and_is_made_after_it() -> None:
    match, first, asked, move = _teyaku_match()
    assert match.to_move == asked and match.seen_to_move(first) == first
    answer = match.submit(first, move)
    assert answer.status == SubmitStatus.QUEUED and answer.applied == () and answer.dropped == ()
    assert match.current.moves == []  # nothing is played yet
    own = match.view(first)
    assert own.queued == move and own.legal == () and own.to_move == first
    assert match.view(asked).queued is None  # no other seat learns of it
    decided = match.submit(asked, "keep")
    assert decided.status == SubmitStatus.APPLIED
    assert [(p.seat, p.move, p.queued) for p in decided.applied] == [(asked, "keep", False),
                                                                    (first, move, True)]
    assert match.queued == {} and match.view(first).queued is None
    # the record lists the play where it was made, and replays (RULES.md §8)
    record = match.to_record()
    assert record["rounds"][0]["moves"][:2] == ["keep", move]
    assert match_from_record(record).to_record() == record


def test_a_queued_play_an_exposure_makes_illegal_is_dropped_with_the_reason() -> None:
    match, first, asked, move = _teyaku_match(drop=True)
    assert match.submit(first, move).status == SubmitStatus.QUEUED
    decided = match.submit(asked, "expose")
    assert [p.move for p in decided.applied] == ["expose"]
    (dropped,) = decided.dropped
    assert isinstance(dropped, QueuedPlayDropped)
    assert dropped.seat == first and dropped.move == move
    assert "no longer legal" in dropped.reason and "choose again" in dropped.reason
    assert dropped.legal == match.view(first).legal and move not in dropped.legal and dropped.legal
    assert match.current.moves == [match.current.moves[0]] and match.queued == {}
    # the seat chooses again, now an ordinary turn
    again = match.submit(first, dropped.legal[0])
    assert again.status == SubmitStatus.APPLIED and again.applied[0].seat == first


def test_a_decision_made_through_play_releases_the_queue_too() -> None:
    match, first, _, move = _teyaku_match()
    match.submit(first, move)
    match.play("keep")  # an adapter that does not use submit for the decision (records, envs)
    assert match.take_released() == (PlayMade(first, move, match.current.moves[1], queued=True),)
    assert match.take_released() == ()


def test_bad_submissions_change_nothing_and_name_only_what_the_seat_sees() -> None:
    match, first, asked, move = _teyaku_match(players=3)
    idle = next(s for s in range(3) if s not in (first, asked))
    before = match.to_record()
    with pytest.raises(MalformedMoveError):
        match.submit(first, "play nothing")
    with pytest.raises(IllegalMoveError, match="illegal move"):
        match.submit(first, "expose")  # not in the first seat's view of its turn
    with pytest.raises(IllegalMoveError) as refused:
        match.submit(idle, "keep")
    # the idle seat is told who is to move as it sees the table: never the seat deciding
    assert f"seat {first} is)" in str(refused.value) and refused.value.legal == []
    assert "move 1" not in str(refused.value)  # a move number would count hidden decisions
    with pytest.raises(MatchError):
        match.submit(3, move)
    assert match.to_record() == before and match.queued == {}
    match.submit(first, move)
    with pytest.raises(AlreadyQueuedError):
        match.submit(first, move)
    assert match.queued_move(first) == move


def test_submit_on_a_seats_own_turn_plays_like_play() -> None:
    match = Match("mushi", 2, seed=3)
    twin = Match("mushi", 2, seed=3)
    for _ in range(6):
        seat = match.to_move
        assert seat is not None
        move = match.legal_moves()[0]
        answer = match.submit(seat, move)
        twin.play(move)
        assert answer.status == SubmitStatus.APPLIED and answer.applied[0].move == move
    assert match.to_record() == twin.to_record()
    seat = match.to_move
    assert seat is not None
    with pytest.raises(IllegalMoveError, match="not to move"):
        match.submit(1 - seat, "play pine-crane")


def test_no_view_of_another_seat_shows_the_queued_play() -> None:
    """The queued play is its seat's alone until made: every other seat's view and a spectator's
    are the same with or without it (it becomes public as an ordinary play once applied)."""
    match, first, asked, move = _teyaku_match(players=3)
    plain = copy.deepcopy(match)
    match.submit(first, move)
    for seat in range(3):
        if seat != first:
            assert match.view(seat).to_dict() == plain.view(seat).to_dict()
    from hanafuda.views import spectator_view
    assert spectator_view(match).to_dict() == spectator_view(plain).to_dict()


@pytest.mark.parametrize("players", [2, 3])  # 4 players hold 5 cards: never six chaff
def test_random_tables_that_submit_as_each_seat_sees_them_stay_valid(players: int) -> None:
    """Many Hana-Awase teyaku rounds driven only through ``submit``, each step by a random seat
    among those whose view offers a move (so the first seat often plays before a decision): every
    play is made or dropped, a drop only ever follows an exposure, no seat ever sees another's
    queued play, and every record replays to the same match (RULES.md §8)."""
    rng = random.Random(players)
    queued_seen = dropped_seen = 0
    deals = 0
    for seed in range(3000):
        match = Match("hana-awase", players, {"teyaku": True, "rounds": 1}, seed=seed)
        if not match.current.teyaku_queue:
            continue  # a deal nobody is asked about: nothing to queue
        deals += 1
        if deals > 40:
            break
        while not match.finished:
            ready = [s for s in range(players) if match.seen_legal_moves(s)]
            assert ready, match.position()
            seat = rng.choice(ready)
            answer = match.submit(seat, rng.choice(match.seen_legal_moves(seat)))
            queued_seen += answer.status == SubmitStatus.QUEUED
            for dropped in answer.dropped:
                dropped_seen += 1
                assert "expose" in [p.move for p in answer.applied], answer
                assert dropped.legal == match.view(dropped.seat).legal
            for other in range(players):
                view = match.view(other)
                assert view.queued == match.queued_move(other)
                assert view.queued is None or view.legal == ()
        record = match.to_record()
        assert match_from_record(record).to_record() == record
    assert deals > 40 and queued_seen > 5 and dropped_seen > 0  # (12/1 and 21/1 as seeded)
