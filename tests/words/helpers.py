"""Helpers for the words tests: explicit deals and seeded playouts of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from hanafuda import Match
from hanafuda.cards import CARDS, card_id, cards_of
from hanafuda.engine.deal import Deal
from hanafuda.rules import configure

# One configuration per game with its special rules on (wild cards, declarations, teams, teyaku).
CONFIGS: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("min-hwatu", 3, {"flip_matches_pair": "ppeok", "yaku_set": "english"}),
    ("hana-awase", 3, {"teyaku": True}),
    ("kwa-do", 4, {"teams": [[0, 2], [1, 3]], "yaku": True, "gaji": True,
                   "gaji_wild_from_stock": True}),
    ("hawaiifuda", 2, {"bonus_combos": True}),
    ("mushi", 2, {"hand_takes_field_lightning": True}),
    ("koi-koi", 2, {"viewing": "koikoi-japan", "koikoi_bonus": "plus-one"}),
)


def deal_match(game: str, players: int, options: dict[str, object] | None, *,
               hands: Sequence[Sequence[str]], field: Sequence[str],
               stock_head: Sequence[str] = (), dealer: int = 0) -> Match:
    """A match whose round 1 holds the given cards where they are given.

    The field is filled up with one card of each month no given card belongs to (so the given
    cards meet no stranger of their month on the field), the hands with other unused cards in
    id order; the stock is ``stock_head`` then the rest.
    """
    config = configure(game, players, dict(options or {}))
    given = [c for h in hands for c in h] + list(field) + list(stock_head)
    months = {CARDS[card_id(c)].month for c in given}
    free = [CARDS[c] for c in cards_of(config.deck) if CARDS[c].code not in given]
    full_field = list(field)
    for month in sorted({c.month for c in free} - months):
        if len(full_field) >= config.field_size:
            break
        full_field.append(next(c.code for c in reversed(free) if c.month == month))
    spare = [c.code for c in free if c.code not in full_field]
    full_hands = []
    for hand in hands:
        extra = config.hand_size - len(hand)
        full_hands.append([*hand, *spare[:extra]])
        del spare[:extra]
    deal = Deal.from_codes(dealer, full_hands, full_field, [*stock_head, *spare])
    return Match(game, players, options, deal=deal)


def playouts(seeds: int = 3, moves: int = 400,
             ends: bool = False) -> Iterator[tuple[Match, random.Random]]:
    """Seeded random matches of every configuration, yielded before each decision (and, with
    ``ends``, when a round is over)."""
    for game, players, options in CONFIGS:
        for seed in range(seeds):
            match = Match(game, players, options, seed=seed)
            rng = random.Random(seed)
            for _ in range(moves):
                if match.finished:
                    break
                if match.round_over:
                    if ends:
                        yield match, rng
                    match.next_round()
                    continue
                yield match, rng
                match.play(rng.choice(match.legal_moves()))
