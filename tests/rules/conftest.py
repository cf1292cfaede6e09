"""Shared helpers for the rule tests under ``tests/rules/`` (RULES.md §2–§9).

Every helper is a pytest **fixture that returns a plain function**, so any test module
below ``tests/rules/`` just names it as an argument.  The API is stable:

``make_deal(game, players, options=None, dealer=0, hands=(), field=(), stock_head=()) -> Deal``
    An explicit deal.  ``hands`` (one list per seat) and ``field`` are complete lists of
    card codes (or ids).  The stock is ``stock_head`` (first card turned over first)
    followed by every other card of the game's deck in id order.  Not validated here
    (``Match`` validates); raises ``ValueError`` if a card is given twice.

``make_match(game, players, options=None, dealer=0, hands=(), field=(), stock_head=()) -> Match``
    ``Match(game, players, options, deal=make_deal(...))``: round 1 dealt from the explicit deal.

``next_deal(match, hands=(), field=(), stock_head=()) -> Deal``
    A deal for the match's next round, with the dealer RULES.md §6 gives (``match.due_dealer``).

``play(match, *moves) -> None``
    Play move strings in order, checked (``match.play``).

``finish_round(match, choose=None) -> None``
    Play until the current round is over; ``choose(legal_moves) -> move`` defaults to the
    first legal move in sorted order.

``codes(mask) -> set[str]``
    The card codes of a card mask.

``captured(match, side) -> set[str]`` / ``field_codes(match) -> set[str]`` /
``hand_codes(match, seat) -> set[str]``
    Codes of a side's capture pile, of the field, of a seat's hand (current round).

``assert_illegal(match, move) -> MoveError``
    Assert ``match.play(move)`` raises ``MalformedMoveError`` (text that is not a move) or
    ``IllegalMoveError`` (a move not legal here), whose message names the position
    (round and move number) and lists every legal move, whose ``.legal`` equals
    ``match.legal_moves()``, and that the match is unchanged (``to_record()`` before/after).
    Returns the error for further checks.

``spare(exclude, count, months=None, game=None) -> list[str]``
    ``count`` card codes not in ``exclude`` (codes), in id order, optionally only from the
    given months (1..12) and only cards of ``game``'s deck (e.g. ``"mushi"``: 40 cards):
    handy to pad hands with cards that match nothing of interest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from hanafuda import Match
from hanafuda.cards import CARDS, CODES, card_id, cards_of
from hanafuda.engine.deal import Deal
from hanafuda.engine.moves import (
    IllegalMoveError,
    MalformedMoveError,
    MoveError,
    parse_action,
    split_seat_prefix,
)
from hanafuda.rules import configure

Cards = Sequence[str | int]


def _make_deal(
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    dealer: int = 0,
    hands: Sequence[Cards] = (),
    field: Cards = (),
    stock_head: Cards = (),
) -> Deal:
    cfg = configure(game, players, dict(options or {}))
    used: list[int] = []
    for cards in list(hands) + [field, stock_head]:
        used.extend(card_id(c) for c in cards)
    if len(set(used)) != len(used):
        dup = sorted({CODES[c] for c in used if used.count(c) > 1})
        raise ValueError(f"card(s) given twice: {', '.join(dup)}")
    rest = [c for c in cfg.deck_cards if c not in set(used)]
    stock = [card_id(c) for c in stock_head] + rest
    return Deal.from_codes(dealer, [list(h) for h in hands], list(field), stock)


def _make_match(
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    dealer: int = 0,
    hands: Sequence[Cards] = (),
    field: Cards = (),
    stock_head: Cards = (),
) -> Match:
    deal = _make_deal(game, players, options, dealer, hands, field, stock_head)
    return Match(game, players, dict(options or {}), deal=deal)


def _next_deal(
    match: Match, hands: Sequence[Cards] = (), field: Cards = (), stock_head: Cards = ()
) -> Deal:
    dealer = match.due_dealer
    assert dealer is not None, "no round is due"
    cfg = match.config
    return _make_deal(
        cfg.game.id, cfg.players, dict(cfg.given_options), dealer, hands, field, stock_head
    )


def _play(match: Match, *moves: str) -> None:
    for move in moves:
        match.play(move)


def _finish_round(match: Match, choose: Callable[[list[str]], str] | None = None) -> None:
    pick = choose or (lambda legal: legal[0])
    guard = 0
    while not match.round_over:
        match.play(pick(match.legal_moves()))
        guard += 1
        assert guard < 500, "round does not end"


def _codes(mask: int) -> set[str]:
    return {CODES[c] for c in cards_of(mask)}


def _captured(match: Match, side: int) -> set[str]:
    return _codes(match.current.captures[side])


def _field_codes(match: Match) -> set[str]:
    return _codes(match.current.field)


def _hand_codes(match: Match, seat: int) -> set[str]:
    return _codes(match.current.hands[seat])


def _is_malformed(match: Match, move: str) -> bool:
    try:
        parse_action(split_seat_prefix(move)[1], match.config)
    except ValueError:
        return True
    return False


def _assert_illegal(match: Match, move: str) -> MoveError:
    before = match.to_record()
    legal = match.legal_moves()
    position = match.position()
    expected = MalformedMoveError if _is_malformed(match, move) else IllegalMoveError
    with pytest.raises(MoveError) as info:
        match.play(move)
    err = info.value
    assert type(err) is expected, (move, type(err))
    text = str(err)
    assert position in text, text
    assert err.position == position
    assert err.legal == legal
    for m in legal:
        assert m in text, (m, text)
    assert match.to_record() == before
    assert match.legal_moves() == legal
    return err


def _spare(
    exclude: Iterable[str | int],
    count: int,
    months: Iterable[int] | None = None,
    game: str | None = None,
) -> list[str]:
    skip = {card_id(c) for c in exclude}
    allowed = set(months) if months is not None else None
    deck = configure(game, 2).deck if game else (1 << 48) - 1
    out = [
        c.code
        for c in CARDS
        if c.id not in skip and (allowed is None or c.month in allowed) and deck >> c.id & 1
    ]
    assert len(out) >= count, "not enough spare cards"
    return out[:count]


@pytest.fixture
def make_deal() -> Callable[..., Deal]:
    return _make_deal


@pytest.fixture
def make_match() -> Callable[..., Match]:
    return _make_match


@pytest.fixture
def next_deal() -> Callable[..., Deal]:
    return _next_deal


@pytest.fixture
def play() -> Callable[..., None]:
    return _play


@pytest.fixture
def finish_round() -> Callable[..., None]:
    return _finish_round


@pytest.fixture
def codes() -> Callable[[int], set[str]]:
    return _codes


@pytest.fixture
def captured() -> Callable[[Match, int], set[str]]:
    return _captured


@pytest.fixture
def field_codes() -> Callable[[Match], set[str]]:
    return _field_codes


@pytest.fixture
def hand_codes() -> Callable[[Match, int], set[str]]:
    return _hand_codes


@pytest.fixture
def assert_illegal() -> Callable[[Match, str], MoveError]:
    return _assert_illegal


@pytest.fixture
def spare() -> Callable[..., list[str]]:
    return _spare
