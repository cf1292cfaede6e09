"""Sample a full round consistent with what one seat knows (for search bots; DESIGN.md layer 6).

A ``PlayerView`` holds everything public plus the seat's own hand.  The cards it
cannot see — other players' hidden hand cards and the stock — are exactly
``view.unseen``; a determinization deals them at random into the other hands
(by their known counts) and the stock.  Nothing else about the round is guessed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import card_id, cards_of, mask_of
from ..engine.round import EV_KOIKOI, PHASE_NAMES, PHASE_TAKE, PHASE_TEYAKU, Round
from ..rules import Config, configure

if TYPE_CHECKING:
    from ..views import PlayerView

__all__ = ["HiddenDeal", "config_for_view", "determinize", "in_order"]

HiddenDeal = Callable[[random.Random], tuple[dict[int, list[int]], list[int]]]
"""Deals the unseen cards: the hidden cards of each other seat (by seat) and the stock in
order (``learned.inference.sample_hidden`` with a model's beliefs)."""

_CONFIGS: dict[str, Config] = {}


def config_for_view(view: PlayerView) -> Config:
    """The ``Config`` of the view's game (cached: views of one table share it)."""
    key = f"{view.game}|{view.players}|{sorted(view.options.items())!r}"
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = configure(view.game, view.players, view.options)
        _CONFIGS[key] = cfg
    return cfg


def in_order(view: PlayerView, config: Config) -> HiddenDeal:
    """A ``HiddenDeal`` with no chance in it: the unseen cards in card order, to each other seat
    its hidden count, the rest to the stock.  For a reader of the public table and its own hand
    only (``greedy``), to whom any placement of the hidden cards is the same: it spares the shuffle."""
    unseen = cards_of(view.unseen(config.deck).mask)

    def deal(_rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        dealt: dict[int, list[int]] = {}
        pos = 0
        for seat in range(config.players):
            if seat != view.seat:
                hidden = view.hand_counts[seat] - view.exposed[seat].mask.bit_count()
                dealt[seat], pos = unseen[pos:pos + hidden], pos + hidden
        return dealt, unseen[pos:]

    return deal


def determinize(view: PlayerView, rng: random.Random, config: Config | None = None,
                deal: HiddenDeal | None = None) -> Round:
    """A ``Round`` equal to the real one in everything ``view`` shows, hidden cards sampled:
    uniformly, or by ``deal`` (which must give each other seat exactly its hidden count).

    Only for a view whose round is running (``view.to_move`` is not None).
    """
    if view.to_move is None or view.seat is None:
        raise ValueError("determinize needs a seat's view of a running round")
    cfg = config if config is not None else config_for_view(view)
    hands = []
    if deal is not None:
        dealt, stock_list = deal(rng)
        for seat in range(cfg.players):
            if seat == view.seat:
                hands.append(view.hand.mask)
                continue
            exposed = view.exposed[seat].mask
            cards = dealt.get(seat, [])
            if len(cards) != view.hand_counts[seat] - exposed.bit_count():
                raise AssertionError("the hidden deal does not match the hand counts")
            hands.append(exposed | mask_of(cards))
        stock = tuple(stock_list)
    else:
        unseen = cards_of(view.unseen(cfg.deck).mask)
        rng.shuffle(unseen)
        pos = 0
        for seat in range(cfg.players):
            exposed = view.exposed[seat].mask
            if seat == view.seat:
                hands.append(view.hand.mask)
                continue
            hidden = view.hand_counts[seat] - exposed.bit_count()
            hands.append(exposed | mask_of(unseen[pos : pos + hidden]))
            pos += hidden
        stock = tuple(unseen[pos:])
    if len(stock) != view.stock_count:
        raise AssertionError("view counts do not add up")

    rnd = Round.__new__(Round)
    rnd.config = cfg
    rnd.dealer = view.dealer
    rnd.order = view.turn_order
    rnd.hands = hands
    rnd.exposed = [cs.mask for cs in view.exposed]
    rnd.field = view.field.mask
    rnd.stock = stock
    rnd.stock_pos = 0
    rnd.captures = [cs.mask for cs in view.captures]
    rnd.discard = view.discard.mask
    rnd.phase = PHASE_NAMES.index(view.phase)
    rnd.seat = view.to_move
    rnd.turn = view.turn_order.index(view.to_move)
    rnd.pending = card_id(view.pending) if view.pending else -1
    rnd.pending_targets = view.pending_targets.mask
    wild = cfg.wild
    rnd.pending_wild = (
        rnd.phase == PHASE_TAKE and wild is not None and wild.from_stock and rnd.pending == wild.card
    )
    rnd.hand_pair = 0
    rnd.wild_side = view.wild_side if view.wild_side is not None else -1
    rnd.wild_month = view.wild_month or 0
    rnd.lightning_user = view.lightning_user if view.lightning_user is not None else -1
    index = {s.id: i for i, s in enumerate(cfg.declarable)}
    rnd.declared = [sum(1 << index[d] for d in side) for side in view.declared]
    rnd.teyaku = list(view.teyaku)
    # Who else will be asked about teyaku is private; the search assumes only this seat.
    rnd.teyaku_queue = [view.to_move] if rnd.phase == PHASE_TEYAKU else []
    rnd.events = []
    rnd.moves = []
    rnd.result = None
    # Koi-Koi: the calls so far are public (history), each side's yaku follow from its captures.
    rnd.koikoi_calls = [0] * cfg.num_sides
    for event in view.history:
        if event.kind == EV_KOIKOI:
            rnd.koikoi_calls[cfg.side_of[event.seat]] += 1
    rnd.yaku_level = [cfg.game.yaku_points(cfg, cap) for cap in rnd.captures] if cfg.koikoi else []
    rnd.stopped = -1
    rnd.dealt = tuple(hands)
    rnd.won_at_deal = False
    return rnd
