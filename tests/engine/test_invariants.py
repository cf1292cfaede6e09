"""The invariant checker itself (tests/engine/invariants.py): it passes on real play and
catches every kind of corrupted state it is meant to catch (DESIGN.md "Habits")."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CHAFF, DECK_40, card_id, cards_of, mask_of
from hanafuda.engine.deal import Deal
from hanafuda.engine.round import PHASE_PLAY, PHASE_TAKE, Round
from hanafuda.rules import GAMES, configure
from tests.engine.invariants import (
    CONFIGS,
    check_invariants,
    check_round_result,
    expected_deck_total,
)


def make_deal(
    game: str,
    players: int,
    options: dict[str, Any],
    dealer: int,
    hands: Sequence[Sequence[str]],
    field: Sequence[str],
    stock_head: Sequence[str] = (),
) -> Deal:
    """A deal with the stock after ``stock_head`` filled with the rest of the deck in id order."""
    cfg = configure(game, players, dict(options))
    used = mask_of([c for h in hands for c in h] + list(field) + list(stock_head))
    rest = [CARDS[c].code for c in cards_of(cfg.deck & ~used)]
    return Deal.from_codes(dealer, hands, field, list(stock_head) + rest)


def play_round(match: Match, rng: random.Random) -> None:
    check_invariants(match)
    while not match.round_over:
        match.apply(rng.choice(match.legal_actions()))
        check_invariants(match)
    check_round_result(match)


def mid_round(game: str = "min-hwatu", players: int = 3, seed: int = 5, moves: int = 4) -> Match:
    match = Match(game, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.apply(rng.choice(match.legal_actions()))
    while match.current.phase != PHASE_PLAY:
        match.apply(rng.choice(match.legal_actions()))
    check_invariants(match)
    return match


# -- deck totals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options", "total"),
    [
        ("min-hwatu", {}, 240),
        ("kwa-do", {}, 240),
        ("hawaiifuda", {}, 240),
        ("hana-awase", {}, 264),
        ("hana-awase", {"chaff_value": 0}, 240),
        ("mushi", {}, 230),
    ],
)
def test_deck_totals(game: str, options: dict[str, Any], total: int) -> None:
    """RULES.md §1: 240 / 264 (240 with chaff 0) / 230."""
    players = 2
    cfg = configure(game, players, options)
    assert cfg.deck_total == total
    assert sum(cfg.values[c] for c in cards_of(cfg.deck)) == total
    assert expected_deck_total(game, cfg.options) == total
    assert cfg.deck == (DECK_40 if game == "mushi" else (1 << 48) - 1)


# -- the checker passes on real play -------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_checker_passes_on_random_rounds(game: str) -> None:
    configs = [c for c in CONFIGS if c[0] == game]
    assert configs, (f"no invariant configuration for {game}: add its (game, players, options) "
                     "to tests/engine/invariants.py (_build_configs)")  # zero would pass silently
    rng = random.Random(game)
    for game_id, players, options in configs:
        match = Match(game_id, players, dict(options), seed=rng.randrange(1 << 32))
        for _ in range(3):
            play_round(match, rng)
            if match.finished:
                break
            match.next_round()


def test_checker_passes_with_dealer_capturing_four() -> None:
    """Hawaiʻifuda default four_on_field: the dealer captures the four (rubbish to discard)."""
    field = ["pine-crane", "pine-ribbon", "pine-chaff1", "pine-chaff2",
             "plum-warbler", "cherry-curtain", "iris-bridge", "maple-deer"]
    hands = [
        ["plum-ribbon", "plum-chaff1", "cherry-ribbon", "cherry-chaff1", "wisteria-cuckoo",
         "wisteria-ribbon", "iris-ribbon", "peony-butterflies"],
        ["peony-ribbon", "clover-boar", "clover-ribbon", "susuki-moon", "susuki-geese",
         "chrysanthemum-sake", "maple-ribbon", "willow-rainman"],
    ]
    deal = make_deal("hawaiifuda", 2, {}, 1, hands, field)
    match = Match("hawaiifuda", 2, deal=deal)
    rnd = match.current
    check_invariants(match)
    assert rnd.discard == mask_of(["pine-chaff1", "pine-chaff2"])
    assert rnd.captures[1] == mask_of(["pine-crane", "pine-ribbon"])
    play_round(match, random.Random(1))


def test_checker_passes_with_teyaku_exposed_cards_taken() -> None:
    """Hana-Awase teyaku: an exposed card captured by another player leaves the owner's hand."""
    hands = [
        ["pine-chaff1", "pine-chaff2", "plum-chaff1", "plum-chaff2", "cherry-chaff1",
         "cherry-chaff2", "wisteria-chaff1", "susuki-moon"],
        ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge",
         "peony-butterflies", "clover-boar", "susuki-geese"],
    ]
    field = ["iris-ribbon", "peony-ribbon", "clover-ribbon", "maple-deer",
             "maple-ribbon", "willow-rainman", "paulownia-phoenix", "chrysanthemum-sake"]
    stock_head = ["iris-chaff1", "peony-chaff1", "clover-chaff1", "maple-chaff1"]
    deal = make_deal("hana-awase", 2, {"teyaku": True}, 1, hands, field, stock_head)
    match = Match("hana-awase", 2, {"teyaku": True}, deal=deal)
    check_invariants(match)
    assert match.legal_moves() == ["expose", "keep"] and match.to_move == 0
    match.play("expose")
    check_invariants(match)
    # Seat 1 plays pine-crane: two pine chaff exposed by seat 0 are its targets.
    match.play("play pine-crane take pine-chaff1")
    check_invariants(match)
    rnd = match.current
    assert not rnd.hands[0] >> card_id("pine-chaff1") & 1
    play_round(match, random.Random(2))


# -- the checker catches corruption --------------------------------------------------------------


def test_catches_a_card_in_two_zones() -> None:
    match = mid_round()
    rnd = match.current
    card = next(iter(cards_of(rnd.field)))
    rnd.hands[rnd.seat] |= 1 << card
    with pytest.raises(AssertionError, match="card zones broken"):
        check_invariants(match)


def test_catches_a_missing_card() -> None:
    match = mid_round()
    rnd = match.current
    rnd.field &= rnd.field - 1  # drop the lowest field card
    with pytest.raises(AssertionError, match="is nowhere"):
        check_invariants(match)


def test_catches_a_card_outside_the_deck() -> None:
    match = mid_round("mushi", 2)
    rnd = match.current
    rnd.field |= 1 << card_id("peony-butterflies")
    with pytest.raises(AssertionError, match="not in the deck"):
        check_invariants(match)


def test_catches_a_duplicate_in_the_stock() -> None:
    match = mid_round()
    rnd = match.current
    stock = list(rnd.stock)
    stock[-1] = stock[-2]
    rnd.stock = tuple(stock)
    with pytest.raises(AssertionError):
        check_invariants(match)


def test_catches_a_hand_card_moved_to_the_field() -> None:
    match = mid_round()
    rnd = match.current
    hand = rnd.hands[rnd.seat]
    low = hand & -hand
    rnd.hands[rnd.seat] ^= low
    rnd.field |= low
    with pytest.raises(AssertionError, match="lost unexposed cards"):
        check_invariants(match)


def test_catches_exposed_cards_not_in_hand() -> None:
    match = mid_round()
    rnd = match.current
    rnd.exposed[rnd.seat] = rnd.field & CHAFF or rnd.field
    with pytest.raises(AssertionError, match="exposed"):
        check_invariants(match)


def test_catches_wrong_seat_to_move() -> None:
    match = mid_round()
    rnd = match.current
    assert rnd.phase == PHASE_PLAY
    rnd.seat = rnd.order[(rnd.turn + 1) % len(rnd.order)]
    with pytest.raises(AssertionError):
        check_invariants(match)


def test_catches_no_legal_move_while_running() -> None:
    match = mid_round()
    rnd = match.current
    rnd.phase = PHASE_TAKE  # a take phase with nothing pending has no legal move
    with pytest.raises(AssertionError):
        check_invariants(match)


def test_catches_wrong_card_points_in_result() -> None:
    match = Match("min-hwatu", 2, seed=3)
    rng = random.Random(3)
    play_round(match, rng)
    rnd = match.current
    result = rnd.result
    assert result is not None
    points = list(result.card_points)
    points[0] += 5
    rnd.result = dataclasses.replace(result, card_points=tuple(points))
    with pytest.raises(AssertionError, match="card points"):
        check_invariants(match)


def test_catches_min_hwatu_scores_not_totalling_240() -> None:
    match = Match("min-hwatu", 3, seed=4)
    play_round(match, random.Random(4))
    rnd = match.current
    result = rnd.result
    assert result is not None
    scores = list(result.scores)
    scores[0] += 1
    rnd.result = dataclasses.replace(result, scores=tuple(scores))
    with pytest.raises(AssertionError, match="scores"):
        check_round_result(match)


def test_catches_totals_not_matching_results() -> None:
    match = Match("mushi", 2, seed=6)
    play_round(match, random.Random(6))
    match.totals[0] += 1
    with pytest.raises(AssertionError, match="totals"):
        check_round_result(match)


def test_catches_a_legal_move_that_is_not_in_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    match = mid_round()
    rnd = match.current
    original = Round.legal_actions

    def bad_actions(self: Round) -> list[int]:
        hand = self.hands[self.seat]
        outside = next(c for c in range(48) if not hand >> c & 1)
        return original(self) + [outside << 2 | 63 << 8 | 15 << 14]

    monkeypatch.setattr(Round, "legal_actions", bad_actions)
    assert len(rnd.legal_actions()) == len(original(rnd)) + 1
    with pytest.raises(AssertionError):
        check_invariants(match)
