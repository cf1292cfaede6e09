"""Deals: explicit deals, validation, seeded dealing, misdeals, the first dealer (RULES.md §2, §9)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import CARDS, CODES, UnknownCardError, card_id, cards_of
from ..rules.base import Config

__all__ = ["Deal", "DealError", "deal_from_rng", "draw_first_dealer", "misdeal_reason"]


class DealError(ValueError):
    """A deal that does not fit the game: sizes, unknown or duplicate cards, or a misdeal."""


@dataclass(frozen=True)
class Deal:
    """A dealer and an explicit deal: hands by seat, the field, and the stock (first card turned first)."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    field: tuple[int, ...]
    stock: tuple[int, ...]

    @classmethod
    def from_codes(
        cls,
        dealer: int,
        hands: Sequence[Sequence[str | int]],
        field: Sequence[str | int],
        stock: Sequence[str | int],
    ) -> Deal:
        """Build from codes; raises ``DealError`` naming an unknown card."""

        def ids(cards: Sequence[str | int], where: str) -> tuple[int, ...]:
            if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
                raise DealError(f"{where} must be a list of card codes")
            out = []
            for c in cards:
                try:
                    out.append(card_id(c))
                except UnknownCardError as exc:
                    raise DealError(f"{where}: {exc}") from None
            return tuple(out)

        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise DealError("hands must be a list of lists of card codes")
        return cls(
            dealer,
            tuple(ids(h, f"hand of seat {i}") for i, h in enumerate(hands)),
            ids(field, "field"),
            ids(stock, "stock"),
        )

    def to_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer,
            "hands": [[CODES[c] for c in hand] for hand in self.hands],
            "field": [CODES[c] for c in self.field],
            "stock": [CODES[c] for c in self.stock],
        }

    def hand_masks(self) -> list[int]:
        out = []
        for hand in self.hands:
            m = 0
            for c in hand:
                m |= 1 << c
            out.append(m)
        return out

    def field_mask(self) -> int:
        m = 0
        for c in self.field:
            m |= 1 << c
        return m

    def validate(self, config: Config) -> None:
        """RULES.md §9 deal check: sizes of §2, the deck exactly once, no misdeal; dealer in range."""
        n = config.players
        if isinstance(self.dealer, bool) or not isinstance(self.dealer, int):
            raise DealError(f"dealer must be a seat number, not {self.dealer!r}")
        if not 0 <= self.dealer < n:
            raise DealError(f"dealer {self.dealer} is not a seat (seats are 0..{n - 1})")
        if len(self.hands) != n:
            raise DealError(f"{len(self.hands)} hands dealt for {n} players")
        for seat, hand in enumerate(self.hands):
            if len(hand) != config.hand_size:
                raise DealError(
                    f"hand of seat {seat} has {len(hand)} cards; {config.game.id} with {n} "
                    f"players deals {config.hand_size}"
                )
        if len(self.field) != config.field_size:
            raise DealError(
                f"field has {len(self.field)} cards; {config.game.id} with {n} players deals "
                f"{config.field_size}"
            )
        seen = 0
        for card in [c for hand in self.hands for c in hand] + list(self.field) + list(self.stock):
            bit = 1 << card
            if seen & bit:
                raise DealError(f"duplicate card {CODES[card]}")
            if not config.deck & bit:
                raise DealError(f"card {CODES[card]} is not in the {config.game.id} deck")
            seen |= bit
        missing = config.deck & ~seen
        if missing:
            names = ", ".join(CODES[c] for c in cards_of(missing))
            raise DealError(f"cards missing from the deal: {names}")
        reason = misdeal_reason(config, self.field_mask())
        if reason:
            raise DealError(f"misdeal: {reason}, which the options redeal")


def misdeal_reason(config: Config, field: int) -> str | None:
    """Why this field is a misdeal that the options redeal, or None (RULES.md §2, §9): the
    game's ``field``/``redeal`` misdeals (``Config.misdeals``, the data the batch simulator
    reads too)."""
    for misdeal in config.misdeals:
        if misdeal.where == "field" and misdeal.then == "redeal" and misdeal.cards(field):
            return misdeal.describe(field)
    return None


def deal_from_rng(config: Config, dealer: int, rng: random.Random) -> Deal:
    """Shuffle and deal; a misdeal is redealt by the same dealer (RULES.md §2).

    Hands are dealt in seat order from the shuffled deck, then the field; the rest is the stock.
    """
    deck = list(config.deck_cards)
    h, f = config.hand_size, config.field_size
    n = config.players
    while True:
        rng.shuffle(deck)
        hands = tuple(tuple(sorted(deck[i * h : (i + 1) * h])) for i in range(n))
        field = tuple(sorted(deck[n * h : n * h + f]))
        stock = tuple(deck[n * h + f :])
        deal = Deal(dealer, hands, field, stock)
        if misdeal_reason(config, deal.field_mask()) is None:
            return deal


def draw_first_dealer(config: Config, rng: random.Random) -> tuple[int, list[int]]:
    """Each player draws a card; returns the first dealer and the cards drawn by seat (RULES.md §2).

    The earliest month deals; within a month the higher-ranked card (lower slot).
    The game's ``dealer_draw_rule`` may say ``night`` — earliest month, same month the lower
    card — or ``day`` — latest month, same month the higher card (Min-Hwatu).  Months compare in the
    standard Japanese order of RULES.md §1.  Distinct cards never fully tie (slots
    order a month's cards), so no redraw is needed.
    """
    deck = list(config.deck_cards)
    rng.shuffle(deck)
    drawn = deck[: config.players]
    rule = config.game.dealer_draw_rule(config.options)

    def key(card: int) -> tuple[int, int]:
        month, slot = CARDS[card].month, CARDS[card].slot
        if rule == "night":
            return (month, -slot)
        if rule == "day":
            return (-month, slot)
        return (month, slot)

    dealer = min(range(config.players), key=lambda seat: key(drawn[seat]))
    return dealer, drawn
