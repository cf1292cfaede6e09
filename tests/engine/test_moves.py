"""Move notation (RULES.md §7, §9): canonical strings, seat prefixes, errors, ordering."""

from __future__ import annotations

import random

import pytest

from hanafuda import Match
from hanafuda.engine.moves import (
    IllegalMoveError,
    MalformedMoveError,
    MoveError,
    format_action,
    parse_action,
)

# (game, players, options): every game, every player count, and the options that add move kinds.
CONFIGS = [
    ("min-hwatu", 2, {}),
    ("min-hwatu", 3, {}),
    ("min-hwatu", 4, {}),
    ("min-hwatu", 5, {}),
    ("min-hwatu", 6, {}),
    ("min-hwatu", 3, {"flip_matches_pair": "ppeok", "yaku_set": "english"}),
    ("hana-awase", 2, {}),
    ("hana-awase", 3, {"teyaku": True}),
    ("hana-awase", 4, {"teyaku": True, "chaff_value": 0}),
    ("kwa-do", 2, {}),
    ("kwa-do", 2, {"two_player_hand": 8, "yaku": True, "gaji": True, "gaji_wild_from_stock": True}),
    ("kwa-do", 3, {"yaku": True}),
    ("kwa-do", 4, {"yaku": True, "gaji": True, "teams": [[0, 2], [1, 3]]}),
    ("kwa-do", 5, {}),
    ("kwa-do", 6, {"yaku": True, "teams": [[0, 2, 4], [1, 3, 5]]}),
    ("hawaiifuda", 2, {}),
    ("hawaiifuda", 3, {"bonus_combos": True}),
    ("hawaiifuda", 4, {}),
    ("hawaiifuda", 5, {}),
    ("hawaiifuda", 6, {}),
    ("mushi", 2, {}),
    ("mushi", 2, {"hand_takes_field_lightning": True}),
]
IDS = [f"{g}-{n}-{'-'.join(o) or 'default'}" for g, n, o in CONFIGS]

MALFORMED = [
    "",
    "   ",
    "play",
    "take",
    "play pine-crane take",
    "play pine-crane pine-chaff1",
    "play pine-crane take pine-chaff1 extra",
    "PLAY pine-crane",
    "Play pine-crane",
    "dance",
    "expose now",
    "play pine-crane declare",
    "play pine-crane declare no-such-set",
    "take take",
    ":",
    "0:",
    "x: play pine-crane",
]
UNKNOWN_CARDS = [
    "play pine-dragon",
    "play Pine-Crane",
    "take pine-chaff9",
    "play willow-lightning take cherry-phoenix",
    "play 0",
    "play 12",
]


# Seeds whose first deal asks for a teyaku decision (Hana-Awase, 3 players, 6+ chaff in a hand).
TEYAKU_SEEDS = [11, 14]


def _positions(game, players, options, seeds, rng_seed=0):
    """Yield the match at every decision of random matches (round 1, and round 2 if any)."""
    if options.get("teyaku") and players == 3:
        seeds = TEYAKU_SEEDS + list(seeds)
    for seed in seeds:
        m = Match(game, players, dict(options), seed=seed)
        rng = random.Random(rng_seed * 1000 + seed)
        for _ in range(2):
            while not m.round_over:
                yield m
                m.apply(rng.choice(m.legal_actions()))
            if m.finished:
                break
            m.next_round()


def _snapshot(m):
    rnd = m.current
    return (m.to_record(), rnd.zones(), list(rnd.events), rnd.phase, rnd.seat, rnd.stock_pos,
            list(rnd.captures), rnd.pending, list(m.totals), m.legal_moves())


@pytest.mark.parametrize("game,players,options", CONFIGS, ids=IDS)
def test_s7_every_legal_move_has_one_canonical_string_that_round_trips(game, players, options):
    kinds = set()
    for m in _positions(game, players, options, seeds=range(3)):
        cfg = m.config
        actions = m.legal_actions()
        moves = m.legal_moves()
        assert moves, "legal moves never empty while a round runs"
        strings = [format_action(a, cfg) for a in actions]
        assert len(set(actions)) == len(actions)
        assert len(set(strings)) == len(strings), "two legal actions share a string"
        assert moves == sorted(strings)
        for action, text in zip(actions, strings, strict=True):
            assert parse_action(text, cfg) == action
            assert m.parse(text) == action
            assert format_action(m.parse(text), cfg) == text
            kinds.add(text.split()[0] if " take " not in text else "play-take" if text.startswith(
                "play") else "take")
            if " declare " in text:
                kinds.add("declare")
    assert "play" in kinds


@pytest.mark.parametrize("game,players,options", CONFIGS, ids=IDS)
def test_s9_legal_moves_sorted_by_plain_string_order(game, players, options):
    for m in _positions(game, players, options, seeds=[7]):
        moves = m.legal_moves()
        assert moves == sorted(moves)
        # plain code-point order, not locale or natural order
        assert all(a < b for a, b in zip(moves, moves[1:], strict=False))


def test_s7_move_kinds_are_all_exercised():
    seen = set()
    for game, players, options in CONFIGS:
        for m in _positions(game, players, options, seeds=range(3)):
            for mv in m.legal_moves():
                words = mv.split()
                seen.add(words[0] if len(words) < 3 else f"{words[0]} {words[2]}")
    assert seen >= {"play", "play take", "play declare", "take", "expose", "keep"}


@pytest.mark.parametrize("game,players,options", CONFIGS, ids=IDS)
def test_s7_seat_prefix_accepted_only_for_the_seat_to_move(game, players, options):
    for i, m in enumerate(_positions(game, players, options, seeds=[11])):
        if i % 3:
            continue
        seat = m.to_move
        moves = m.legal_moves()
        for mv in moves[:4]:
            assert m.parse(f"{seat}: {mv}") == m.parse(mv)
            assert m.parse(f"{seat}:{mv}") == m.parse(mv)
            for other in range(players + 1):
                if other == seat:
                    continue
                before = _snapshot(m)
                with pytest.raises(IllegalMoveError) as info:
                    m.play(f"{other}: {mv}")
                assert info.value.legal == moves
                assert info.value.position == m.position()
                assert _snapshot(m) == before


def test_s7_seat_prefix_move_is_applied_like_the_bare_move():
    a = Match("hawaiifuda", 3, seed=4)
    b = Match("hawaiifuda", 3, seed=4)
    rng = random.Random(4)
    while not a.round_over:
        mv = rng.choice(a.legal_moves())
        a.play(f"{a.to_move}: {mv}")
        b.play(mv)
        assert a.to_record() == b.to_record()
    assert a.current.result == b.current.result


@pytest.mark.parametrize("text", MALFORMED + UNKNOWN_CARDS)
@pytest.mark.parametrize("game,players,options", CONFIGS[::4], ids=IDS[::4])
def test_s7_malformed_or_unknown_raises_malformed_move_error_naming_position_and_legal(
    text, game, players, options
):
    m = Match(game, players, dict(options), seed=3)
    m.apply(random.Random(1).choice(m.legal_actions()))
    before = _snapshot(m)
    legal = m.legal_moves()
    position = m.position()
    with pytest.raises(MalformedMoveError) as info:
        m.play(text)
    err = info.value
    assert isinstance(err, MoveError) and isinstance(err, ValueError)
    assert not isinstance(err, IllegalMoveError)
    assert err.position == position
    assert err.legal == legal
    message = str(err)
    assert position in message
    assert "round 1" in message and "move 2" in message
    for mv in legal:
        assert mv in message
    assert _snapshot(m) == before


def test_s7_well_formed_but_illegal_moves_are_rejected_and_change_nothing():
    m = Match("min-hwatu", 3, seed=21)
    rnd = m.current
    seat = m.to_move
    other_hand = rnd.hands[(seat + 1) % 3]
    from hanafuda.cards import CODES, cards_of

    not_mine = CODES[cards_of(other_hand)[0]]
    field_card = CODES[cards_of(rnd.field)[0]]
    illegal = [f"play {not_mine}", f"take {field_card}", "expose", "keep",
               f"play {field_card}"]
    # a hand card with no target written with a take, and one with a target written without it
    for mv in m.legal_moves():
        if " take " in mv:
            illegal.append(mv.split(" take ")[0])
    for card in cards_of(rnd.hands[seat]):
        if not any(mv.startswith(f"play {CODES[card]} take") for mv in m.legal_moves()):
            illegal.append(f"play {CODES[card]} take {field_card}")
            break
    for mv in illegal:
        assert mv not in m.legal_moves()
        before = _snapshot(m)
        with pytest.raises(IllegalMoveError) as info:
            m.play(mv)
        assert info.value.legal == m.legal_moves()
        assert _snapshot(m) == before


def test_s7_play_is_illegal_while_a_take_is_pending():
    # Hawaiʻifuda: the Pāhoehoe turned over with several field cards asks for a take.
    for seed in range(200):
        m = Match("hawaiifuda", 2, seed=seed)
        rng = random.Random(seed)
        while not m.round_over and m.current.phase != 2:
            m.apply(rng.choice(m.legal_actions()))
        if m.current.phase == 2:
            break
    else:
        pytest.fail("no pending take found")
    rnd = m.current
    assert all(mv.startswith("take ") for mv in m.legal_moves())
    from hanafuda.cards import CODES, cards_of

    hand = rnd.hands[rnd.seat] or rnd.hands[(rnd.seat + 1) % 2]
    before = _snapshot(m)
    for mv in [f"play {CODES[cards_of(hand)[0]]}", "keep"]:
        with pytest.raises(IllegalMoveError):
            m.play(mv)
    assert _snapshot(m) == before


def test_s9_no_move_between_rounds_or_after_the_match():
    m = Match("mushi", 2, {"rounds": 1}, seed=2)
    rng = random.Random(2)
    while not m.round_over:
        m.apply(rng.choice(m.legal_actions()))
    assert m.finished
    assert m.to_move is None
    assert m.legal_moves() == []
    with pytest.raises(IllegalMoveError) as info:
        m.play("play pine-crane")
    assert info.value.legal == []

    m = Match("mushi", 2, {"rounds": 3}, seed=2)
    while not m.round_over:
        m.apply(rng.choice(m.legal_actions()))
    assert not m.finished
    assert m.to_move is None
    assert m.legal_moves() == []
    before = m.to_record()
    with pytest.raises(IllegalMoveError):
        m.play("play pine-crane")
    assert m.to_record() == before


def test_s7_move_errors_are_value_errors_with_reason():
    m = Match("kwa-do", 3, seed=1)
    with pytest.raises(ValueError) as info:
        m.play("fly away")
    err = info.value
    assert isinstance(err, MalformedMoveError) and isinstance(err, MoveError)
    assert err.move == "fly away"
    assert err.reason
    assert "fly away" in str(err)
