"""What the learned networks see: one seat's view as numbers, and each candidate move's features.

The same functions serve inference (one ``PlayerView``, ``seat_state_from_view``) and
training (many batch-simulator rows, built by ``hanafuda.train``), so a network sees
exactly the same numbers in both.  A ``SeatState`` holds only what the seat may know
(RULES.md §6: its hand, the table, capture piles, the discard pile, exposed teyaku cards,
declarations, the stock count and the turned-over card waiting for a ``take``) as arrays
over R positions; nothing hidden is ever an input.

Observation (``OBS_SIZE``): seven 48-card planes — own hand, field, other players'
exposed cards, own side's captures, other sides' captures, discard pile, unseen cards —
then the pending card and its targets, phase, stock left, hand sizes, card points so far,
declarations.  Candidate move (``ACTION_SIZE``): the card played, the cards it captures
at once (RULES.md §3 and §9 as far as the seat can tell: the turned-over card that follows
is unknown), its kind (play that stays, take, declaration, expose, keep), the set declared,
and a few values (points captured, value of a card left on the field and whether unseen
cards of its month could take it).

Koi-Koi has no declarations, so its facts take the declaration slots (the other games'
numbers are unchanged): in the observation, the koi-koi decision pending, each side's calls
and what each side would score by stopping now; in a candidate, ``koikoi`` or ``stop``, what
a stop banks, and how much a capture raises the seat's stop value
(docs/rules/koi-koi.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...cards import MONTH_MASKS, MONTHS, WILLOW_LIGHTNING, card_id
from ...engine.action_space import CompactActions
from ...engine.round import EV_KOIKOI
from ...rules import Config
from ...views import PlayerView

__all__ = [
    "ACTION_SIZE",
    "FEATURES_VERSION",
    "OBS_SIZE",
    "SeatState",
    "encode_candidates",
    "encode_observations",
    "seat_state_from_view",
]

FEATURES_VERSION = 1
"""Bumped whenever the encoding changes: weights record the version they were trained on."""

U64 = np.uint64
Mask = npt.NDArray[np.uint64]
Int = npt.NDArray[np.int64]
Float = npt.NDArray[np.float32]

_SHIFT = np.arange(48, dtype=U64)
_BIT = np.array([1 << c for c in range(48)] + [0], dtype=U64)
_MONTH = np.array(list(MONTHS) + [0], dtype=np.int64)
_MONTH_MASK = np.array(MONTH_MASKS, dtype=U64)
_LIGHTNING = U64(1 << WILLOW_LIGHTNING)
PLANES = 9
SCALARS = 12
NUM_SETS = 8
OBS_SIZE = PLANES * 48 + 2 * NUM_SETS + SCALARS
ACTION_SIZE = 48 + 48 + 5 + NUM_SETS + 4


@dataclass
class SeatState:
    """What one seat knows at R decisions (arrays of length R; card sets as uint64 masks)."""

    hand: Mask
    field: Mask
    exposed_others: Mask
    own_captures: Mask
    other_captures: Mask
    discard: Mask
    pending: Int  # the turned-over card waiting for a take; 48 for none
    pending_targets: Mask
    phase: Int  # 0 teyaku, 1 play, 2 take
    stock_left: Int
    others_hidden: Int  # cards in the other players' hands that this seat cannot see
    own_declared: Int  # bits of Config.declarable indices
    other_declared: Int
    own_calls: Int  # Koi-Koi: koi-koi calls of the seat's side this round
    other_calls: Int  # Koi-Koi: the other sides' calls

    def unseen(self, deck: int) -> Mask:
        """The other hands' hidden cards and the stock (``PlayerView.unseen``)."""
        known = (self.hand | self.field | self.exposed_others | self.own_captures
                 | self.other_captures | self.discard | _BIT[self.pending])
        result: Mask = U64(deck) & ~known
        return result


def _planes(masks: Mask) -> Float:
    """(R,) uint64 → (R, 48) float32 of 0/1."""
    bits: Float = ((masks[:, None] >> _SHIFT[None, :]) & U64(1)).astype(np.float32)
    return bits


def _points(config: Config, masks: Mask) -> Float:
    """Card points of each mask (Config.values)."""
    values = np.array(config.values, dtype=np.float32)
    result: Float = _planes(masks) @ values
    return result


def encode_observations(config: Config, state: SeatState) -> Float:
    """(R, OBS_SIZE) float32: the seat's view at each of the R decisions."""
    r = state.hand.shape[0]
    unseen = state.unseen(config.deck)
    planes = [state.hand, state.field, state.exposed_others, state.own_captures,
              state.other_captures, state.discard, unseen, _BIT[state.pending],
              np.where(state.phase == 2, state.pending_targets, U64(0))]
    out = np.empty((r, OBS_SIZE), np.float32)
    for i, mask in enumerate(planes):
        out[:, 48 * i : 48 * (i + 1)] = _planes(mask.astype(U64))
    base = PLANES * 48
    sets = np.arange(NUM_SETS)
    out[:, base : base + NUM_SETS] = (state.own_declared[:, None] >> sets) & 1
    out[:, base + NUM_SETS : base + 2 * NUM_SETS] = (state.other_declared[:, None] >> sets) & 1
    if config.koikoi:  # no declarations: the koi-koi facts take their slots
        own, other = _stop_values(config, state)
        out[:, base + 0] = state.phase == _KOIKOI
        out[:, base + 1] = state.own_calls / 3.0
        out[:, base + 2] = state.other_calls / 3.0
        out[:, base + 3] = own / 10.0
        out[:, base + 4] = other / 10.0
        out[:, base + 5] = own > 0
        out[:, base + 6] = other > 0
    s = base + 2 * NUM_SETS
    total = float(max(config.deck_total, 1))
    out[:, s + 0] = state.phase == 0
    out[:, s + 1] = state.phase == 1
    out[:, s + 2] = state.phase == 2
    out[:, s + 3] = state.stock_left / 24.0
    out[:, s + 4] = np.bitwise_count(state.hand) / 10.0
    out[:, s + 5] = state.others_hidden / 20.0
    out[:, s + 6] = _points(config, state.own_captures) / total
    out[:, s + 7] = _points(config, state.other_captures) / total
    out[:, s + 8] = _points(config, unseen) / total
    out[:, s + 9] = config.players / 6.0
    out[:, s + 10] = config.num_sides / 6.0
    out[:, s + 11] = 1.0
    return out


_KOIKOI = 4
"""``Round.phase`` of the koi-koi decision (Koi-Koi)."""


def _stop_values(config: Config, state: SeatState, rows: Int | None = None,
                 gained: Mask | None = None) -> tuple[Float, Float]:
    """Koi-Koi: what the seat's side (with ``gained`` added to its captures) and the other
    side would score by stopping now, 0 without a yaku (``Game.batch_stop_values``)."""
    pick = slice(None) if rows is None else rows
    own_caps = state.own_captures[pick] | (U64(0) if gained is None else gained)
    own_calls, other_calls = state.own_calls[pick], state.other_calls[pick]
    game = config.game
    own, has = game.batch_stop_values(config, own_caps, own_calls, other_calls)
    other, other_has = game.batch_stop_values(config, state.other_captures[pick], other_calls,
                                              own_calls)
    return (np.where(has, own, 0).astype(np.float32),
            np.where(other_has, other, 0).astype(np.float32))


def _immediate_captures(config: Config, state: SeatState, rows: Int, layout: CompactActions,
                        compact: Int) -> Mask:
    """The cards each candidate move puts into the seat's pile at once (before the turn-over)."""
    kind = layout.kind[compact]
    card = layout.card[compact]
    target = layout.target[compact]
    table = state.field[rows] | state.exposed_others[rows]
    match = np.array(list(config.match_masks) + [0], dtype=U64)
    targets = table & match[card]
    wild = config.wild
    if wild is not None and wild.from_hand:
        is_wild = card == wild.card
        targets = np.where(is_wild, table & U64(wild.excluded ^ ((1 << 48) - 1)), targets)
    if wild is not None and wild.field_rule and wild.hand_takes_field:
        takes = ((table & _LIGHTNING) != 0) & (_MONTH[card] != 11)
        targets = np.where(takes, _LIGHTNING, targets)
    plays = kind == CompactActions.KIND_PLAY
    chosen = target < 48
    taken = np.where(chosen, _BIT[target], targets)
    gained = np.where(plays & (taken != 0), _BIT[card] | taken, U64(0))
    take = kind == CompactActions.KIND_TAKE
    gained = np.where(take, _BIT[state.pending[rows]] | _BIT[target], gained)
    result: Mask = gained & U64(~config.rubbish & ((1 << 48) - 1))
    return result


def encode_candidates(config: Config, layout: CompactActions, state: SeatState, rows: Int,
                      compact: Int) -> Float:
    """(M, ACTION_SIZE) float32: features of candidate move ``compact[m]`` at decision
    ``rows[m]`` (an index into the R decisions of ``state``)."""
    m = rows.shape[0]
    out = np.zeros((m, ACTION_SIZE), np.float32)
    kind = layout.kind[compact]
    card = layout.card[compact]
    played = kind == CompactActions.KIND_PLAY
    declares = kind == CompactActions.KIND_DECLARE
    card_bits = np.where(played | declares, _BIT[card], U64(0))
    out[:, 0:48] = _planes(card_bits)
    gained = _immediate_captures(config, state, rows, layout, compact)
    out[:, 48:96] = _planes(gained)
    stays = (played & (gained == 0)) | declares
    out[:, 96] = stays
    out[:, 97] = kind == CompactActions.KIND_TAKE
    out[:, 98] = declares
    out[:, 99] = kind == CompactActions.KIND_EXPOSE
    out[:, 100] = kind == CompactActions.KIND_KEEP
    declared = layout.declared[compact]
    out[np.flatnonzero(declares), 101 + declared[declares]] = 1.0
    s = 101 + NUM_SETS
    values = np.array(list(config.values) + [0], dtype=np.float32)
    out[:, s] = _points(config, gained) / 20.0
    out[:, s + 1] = np.where(stays, values[card], 0.0) / 20.0
    month_cards = _MONTH_MASK[_MONTH[card]] & ~_BIT[card]
    unseen = state.unseen(config.deck)[rows]
    out[:, s + 2] = np.where(stays, np.bitwise_count(unseen & month_cards), 0) / 3.0
    out[:, s + 3] = np.where(stays, np.bitwise_count(state.hand[rows] & month_cards), 0) / 3.0
    if config.koikoi:  # no declarations: the koi-koi facts take the declared set's slots
        now, _ = _stop_values(config, state, rows)
        after, _ = _stop_values(config, state, rows, gained)
        out[:, 101] = kind == CompactActions.KIND_KOIKOI
        out[:, 102] = kind == CompactActions.KIND_STOP
        out[:, 103] = np.where(kind == CompactActions.KIND_STOP, now, 0.0) / 10.0
        out[:, 104] = (after - now) / 10.0
    return out


_PHASES = {"teyaku": 0, "play": 1, "take": 2, "koikoi": _KOIKOI}


def seat_state_from_view(view: PlayerView, config: Config) -> SeatState:
    """The ``SeatState`` (R = 1) of a ``PlayerView`` of a running round, for its seat."""
    seat = view.seat
    side = view.side
    if seat is None or side is None or view.phase not in _PHASES:
        raise ValueError("a learned bot needs a seat's view of a running round")
    exposed = 0
    for other, cs in enumerate(view.exposed):
        if other != seat:
            exposed |= cs.mask
    others = 0
    for index, cs in enumerate(view.captures):
        if index != side:
            others |= cs.mask
    hidden = sum(count - view.exposed[s].mask.bit_count()
                 for s, count in enumerate(view.hand_counts) if s != seat)
    set_index = {s.id: i for i, s in enumerate(config.declarable)}
    own_declared = sum(1 << set_index[d] for d in view.declared[side]) if view.declared else 0
    other_declared = 0
    for i, ids in enumerate(view.declared):
        if i != side:
            other_declared |= sum(1 << set_index[d] for d in ids)
    pending = card_id(view.pending) if view.pending else 48
    calls = [0] * len(view.sides)
    for event in view.history:
        if event.kind == EV_KOIKOI:
            calls[config.side_of[event.seat]] += 1

    def one(value: int) -> Mask:
        return np.array([value], dtype=U64)

    def num(value: int) -> Int:
        return np.array([value], dtype=np.int64)

    return SeatState(
        hand=one(view.hand.mask), field=one(view.field.mask), exposed_others=one(exposed),
        own_captures=one(view.captures[side].mask), other_captures=one(others),
        discard=one(view.discard.mask), pending=num(pending),
        pending_targets=one(view.pending_targets.mask), phase=num(_PHASES[view.phase]),
        stock_left=num(view.stock_count), others_hidden=num(hidden),
        own_declared=num(own_declared), other_declared=num(other_declared),
        own_calls=num(calls[side]), other_calls=num(sum(calls) - calls[side]),
    )
