"""Property tests (hypothesis) of the engine, the notation and the records (DESIGN.md "Habits").

Every card in exactly one place after every step; card points of a fully played round
add up to the deck total; Min-Hwatu rounds total 240 (250 with the 5-player bonus);
zero-sum games sum to 0; legal moves never empty while a round runs; notation
round-trips (RULES.md §7); same seed → same record; a written record replays to the
same match (RULES.md §8), also through JSON.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanafuda import Match
from hanafuda.cards import CODES, cards_of
from hanafuda.engine.moves import IllegalMoveError, format_action, parse_action
from hanafuda.records import (
    load_record,
    match_from_record,
    match_to_record,
    replay_summary,
    save_record,
)
from tests.engine.invariants import (
    CONFIGS,
    check_invariants,
    check_round_result,
    expected_deck_total,
)

Config = tuple[str, int, dict[str, Any]]

configs = st.sampled_from(CONFIGS)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
MIN_HWATU = [c for c in CONFIGS if c[0] == "min-hwatu"]
ZERO_SUM = [
    c for c in CONFIGS
    if c[0] == "mushi" or (c[0] == "hana-awase" and c[2].get("scoring", "zero-sum") == "zero-sum")
]


def new_match(config: Config, seed: int) -> Match:
    game, players, options = config
    return Match(game, players, dict(options), seed=seed)


def play_round(match: Match, rng: random.Random, check: bool = False) -> None:
    """Play the current round to its end with random legal moves (unchecked apply)."""
    while not match.round_over:
        match.apply(rng.choice(match.legal_actions()))
        if check:
            check_invariants(match)


def play_match(match: Match, rng: random.Random, rounds: int, stop_after: int | None) -> None:
    """Play up to ``rounds`` rounds; the last one stops after ``stop_after`` moves if given."""
    for number in range(rounds):
        last = number == rounds - 1
        if last and stop_after is not None:
            for _ in range(stop_after):
                if match.round_over:
                    break
                match.apply(rng.choice(match.legal_actions()))
            return
        play_round(match, rng)
        if match.finished or last:
            return
        match.next_round()


def value(match: Match, mask: int) -> int:
    values = match.config.values
    return sum(values[c] for c in cards_of(mask))


# -- cards and points ----------------------------------------------------------------------------


@settings(max_examples=600, deadline=None)
@given(config=configs, seed=seeds)
def test_every_card_in_exactly_one_place_after_every_step(config: Config, seed: int) -> None:
    match = new_match(config, seed)
    rng = random.Random(seed)
    deck = match.config.deck
    while True:
        rnd = match.current
        places = list(rnd.hands) + list(rnd.captures) + [rnd.field, rnd.discard]
        places += [1 << c for c in rnd.stock_remaining()]
        if rnd.pending >= 0:
            places.append(1 << rnd.pending)
        union = 0
        for mask in places:
            assert not union & mask, "a card is in two places"
            union |= mask
        assert union == deck, "a card is missing or not of this game's deck"
        check_invariants(match)
        if match.round_over:
            break
        match.apply(rng.choice(match.legal_actions()))


@settings(max_examples=800, deadline=None)
@given(config=configs, seed=seeds)
def test_captured_plus_uncaptured_points_equal_deck_total(config: Config, seed: int) -> None:
    match = new_match(config, seed)
    play_round(match, random.Random(seed))
    rnd = match.current
    assert rnd.result is not None
    uncaptured = rnd.field | rnd.discard
    for hand in rnd.hands:
        uncaptured |= hand
    for card in rnd.stock_remaining():
        uncaptured |= 1 << card
    captured_points = sum(rnd.result.card_points)
    assert captured_points == sum(value(match, cap) for cap in rnd.captures)
    total = expected_deck_total(config[0], match.config.options)
    assert captured_points + value(match, uncaptured) == total
    check_round_result(match)


@settings(max_examples=600, deadline=None)
@given(config=st.sampled_from(MIN_HWATU), seed=seeds)
def test_min_hwatu_round_scores_total_240(config: Config, seed: int) -> None:
    """RULES.md §4.1: 240; 250 with 5 players and the bonus; + Σ yaku with yaku_multiplier n."""
    match = new_match(config, seed)
    play_round(match, random.Random(seed))
    result = match.current.result
    assert result is not None
    assert sum(result.card_points) == 240
    opts = match.config.options
    expected = 240
    if match.config.players == 5 and opts["five_player_bonus"]:
        expected = 250
    if opts["yaku_multiplier"] == "n":
        expected += sum(y.points for ys in result.yaku for y in ys)
    assert sum(result.scores) == expected


@pytest.mark.parametrize(("bonus", "total"), [(True, 250), (False, 240)])
@settings(max_examples=120, deadline=None)
@given(seed=seeds)
def test_min_hwatu_five_players_total(bonus: bool, total: int, seed: int) -> None:
    match = Match("min-hwatu", 5, {"five_player_bonus": bonus}, seed=seed)
    play_round(match, random.Random(seed))
    result = match.current.result
    assert result is not None
    assert sum(result.scores) == total


@settings(max_examples=800, deadline=None)
@given(config=st.sampled_from(ZERO_SUM), seed=seeds)
def test_zero_sum_games_sum_to_zero(config: Config, seed: int) -> None:
    match = new_match(config, seed)
    play_round(match, random.Random(seed))
    result = match.current.result
    assert result is not None
    assert sum(result.scores) == 0


@settings(max_examples=500, deadline=None)
@given(config=configs, seed=seeds)
def test_legal_moves_never_empty_while_a_round_runs(config: Config, seed: int) -> None:
    """Played through the checked string path (``Match.play``)."""
    match = new_match(config, seed)
    rng = random.Random(seed)
    while not match.round_over:
        legal = match.legal_moves()
        assert legal, "no legal move while the round runs"
        assert match.to_move is not None
        match.play(rng.choice(legal))
    assert match.legal_moves() == [] and match.to_move is None


# -- notation ------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(config=configs, seed=seeds)
def test_notation_round_trips(config: Config, seed: int) -> None:
    """RULES.md §7: one canonical string per legal move; it parses back to the same action."""
    match = new_match(config, seed)
    cfg = match.config
    rng = random.Random(seed)
    while not match.round_over:
        rnd = match.current
        actions = rnd.legal_actions()
        strings = [format_action(a, cfg) for a in actions]
        assert sorted(strings) == rnd.legal_moves()
        for action, text in zip(actions, strings, strict=True):
            assert parse_action(text, cfg) == action
            assert rnd.parse(text) == action
            assert rnd.parse(f"{rnd.seat}: {text}") == action
            assert format_action(parse_action(text, cfg), cfg) == text
        wrong_seat = (rnd.seat + 1) % cfg.players
        with pytest.raises(IllegalMoveError) as err:
            rnd.parse(f"{wrong_seat}: {strings[0]}")
        assert err.value.legal == rnd.legal_moves()
        match.apply(rng.choice(actions))


@settings(max_examples=300, deadline=None)
@given(config=configs, seed=seeds, card=st.sampled_from(CODES), other=st.sampled_from(CODES))
def test_strings_that_are_not_legal_are_rejected(
    config: Config, seed: int, card: str, other: str
) -> None:
    """A well-formed move that is not legal raises ``IllegalMoveError`` listing the legal moves."""
    match = new_match(config, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(6)):
        if match.round_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    if match.round_over:
        return
    legal = match.legal_moves()
    for text in (f"play {card}", f"play {card} take {other}", f"take {card}", "expose", "keep"):
        if text in legal:
            assert match.parse(text) in match.legal_actions()
        else:
            with pytest.raises(IllegalMoveError) as err:
                match.parse(text)
            assert err.value.legal == legal
            # The error names the position: round, move number and the seat to move.
            assert f"round {len(match.rounds)}" in err.value.position
            assert f"move {len(match.current.moves) + 1}" in err.value.position
            assert f"seat {match.to_move}" in err.value.position
            assert text in str(err.value)


# -- determinism and records ---------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(config=configs, seed=seeds, rounds=st.integers(1, 3))
def test_same_seed_same_record(config: Config, seed: int, rounds: int) -> None:
    records = []
    for _ in range(2):
        match = new_match(config, seed)
        play_match(match, random.Random(seed ^ 0x5EED), rounds, None)
        records.append(match_to_record(match))
    assert records[0] == records[1]


def _assert_same_match(a: Match, b: Match) -> None:
    assert match_to_record(a) == match_to_record(b)
    assert [r.scores for r in a.results] == [r.scores for r in b.results]
    assert [r.card_points for r in a.results] == [r.card_points for r in b.results]
    assert [[[y.id for y in ys] for ys in r.yaku] for r in a.results] == [
        [[y.id for y in ys] for ys in r.yaku] for r in b.results
    ]
    assert a.totals == b.totals
    assert a.finished == b.finished and a.winners == b.winners
    assert a.to_move == b.to_move
    assert a.legal_moves() == b.legal_moves()
    assert a.current.zones() == b.current.zones()
    assert replay_summary(a) == replay_summary(b)


@settings(max_examples=500, deadline=None)
@given(
    config=configs,
    seed=seeds,
    rounds=st.integers(1, 4),
    stop_after=st.none() | st.integers(0, 40),
)
def test_record_replay_reproduces_the_match(
    config: Config, seed: int, rounds: int, stop_after: int | None
) -> None:
    """RULES.md §8: the record replays to the same match (multi-round, or stopped mid-round)."""
    match = new_match(config, seed)
    play_match(match, random.Random(seed), rounds, stop_after)
    record = match_to_record(match)
    replayed = match_from_record(record)
    _assert_same_match(match, replayed)
    check_invariants(replayed)


@settings(max_examples=300, deadline=None)
@given(
    config=configs,
    seed=seeds,
    rounds=st.integers(1, 3),
    stop_after=st.none() | st.integers(0, 40),
)
def test_record_json_round_trip(
    config: Config, seed: int, rounds: int, stop_after: int | None
) -> None:
    match = new_match(config, seed)
    play_match(match, random.Random(seed), rounds, stop_after)
    record = match_to_record(match)
    text = json.dumps(record, ensure_ascii=False)
    loaded = json.loads(text)
    assert loaded == record
    assert loaded["format"] == "hanafuda-record/1"
    assert loaded["game"] == config[0] and loaded["players"] == config[1]
    replayed = match_from_record(loaded)
    _assert_same_match(match, replayed)
    assert json.dumps(match_to_record(replayed), ensure_ascii=False) == text


# -- copies --------------------------------------------------------------------------------------


def _state(rnd: Any) -> tuple[Any, ...]:
    return (
        rnd.zones(), rnd.phase, rnd.seat, rnd.turn, tuple(rnd.exposed), tuple(rnd.declared),
        tuple(rnd.teyaku), tuple(rnd.events), tuple(rnd.moves), rnd.result,
    )


@settings(max_examples=200, deadline=None)
@given(config=configs, seed=seeds)
def test_copy_is_independent_and_equivalent(config: Config, seed: int) -> None:
    """DESIGN.md: a cheap copy for search; applying to the copy leaves the original alone."""
    match = new_match(config, seed)
    rng = random.Random(seed)
    while not match.round_over:
        rnd = match.current
        before = _state(rnd)
        twin = rnd.copy()
        assert _state(twin) == before
        action = rng.choice(rnd.legal_actions())
        twin.apply(action)
        assert _state(rnd) == before, "applying to a copy changed the original"
        match.apply(action)
        assert _state(twin) == _state(rnd)
        standing = rnd.standing()
        assert list(standing.card_points) == [value(match, c) for c in rnd.captures]


@pytest.mark.parametrize("config", CONFIGS[::9], ids=lambda c: f"{c[0]}-{c[1]}p")
def test_record_file_round_trip(config: Config, tmp_path: Any) -> None:
    """``save_record`` → ``load_record`` → ``Match.from_record`` reproduces the match."""
    match = new_match(config, 2024)
    play_match(match, random.Random(2024), 2, 7)
    path = tmp_path / "record.json"
    save_record(match, path)
    loaded = load_record(path)
    assert loaded == match.to_record() == match_to_record(match)
    _assert_same_match(match, Match.from_record(loaded))
