"""Learned hand inference: how likely each unseen card is to sit in each other player's hand.

A seat cannot see the other hands (RULES.md §6), but the public history (``view.history``)
says how the other players played: a player who laid a card on the field without capturing
while a card of month *m* lay there most likely held no card of month *m* (a capture is almost
always worth more, RULES.md §3); a player who dumped a card worth *v* most likely had nothing
cheaper.  ``hand_features`` turns that evidence into numbers for every (other seat, unseen
card); ``HandModel`` is a logistic model over them, trained on self-play rounds where the true
hands are known (``hanafuda.train.hands``), which gives ``P(card in that hand)``.  Only the
seat's view is read: the features are the same whether computed in training or at play time.

``sample_hidden`` then deals the unseen cards for a determinization: each other hand gets
exactly its number of hidden cards, drawn without replacement with weights equal to the
model's odds (so likelier cards are dealt there more often), and the stock gets the rest.
NumPy only (no torch at play time).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...cards import CODES, MONTHS, cards_of
from ...engine.round import (
    EV_COLLECT,
    EV_DEALER,
    EV_DECLARE,
    EV_EXPOSE,
    EV_FLIP,
    EV_PLAY,
    EV_PPEOK,
    EV_TAKE,
)
from ...rules import Config
from ...views import PlayerView

__all__ = ["FEATURE_NAMES", "HAND_FEATURES_VERSION", "HandBeliefs", "HandModel",
           "HandWeightsError", "beliefs", "event_tuples", "fields_before_plays", "hand_features",
           "hand_model_for", "hands_weights_path", "sample_hidden"]

HAND_FEATURES_VERSION = 1
FEATURE_NAMES = (
    "base_logit",          # log-odds of the uniform prior: hidden cards of the seat / unseen cards
    "declined_idle",       # times the seat laid a card without capturing while the card's month lay
    "declined_idle_any",   # 1 if it ever did
    "declined_other",      # times it captured another month while the card's month lay there
    "cheaper_than_dumped", # its non-capturing plays of a card worth more than this card
    "value",               # the card's points / 20
    "month_on_field",      # the card's month lies on the field now
    "month_unseen",        # unseen cards of the card's month / 4
    "idle_plays",          # the seat's non-capturing plays / 8
    "value_x_idle",        # value × idle_plays
    "hidden_share",        # the seat's hidden cards / unseen cards
    "idle_rate",           # share of the seat's plays that captured nothing (a player who
    "declined_x_idle_rate",  # often declines captures says less by declining one)
    "bias",
)
N_FEATURES = len(FEATURE_NAMES)
_CODE_INDEX = {code: i for i, code in enumerate(CODES)}
Float = npt.NDArray[np.float64]


class HandWeightsError(ValueError):
    """A hand-inference weights file that is missing, unreadable or for other features."""


def _mask(codes: tuple[str, ...]) -> int:
    out = 0
    for code in codes:
        out |= 1 << _CODE_INDEX[code]
    return out


def _month_mask_set(mask: int) -> int:
    """Bit m-1 set for every month present in the card mask."""
    months = 0
    for card in cards_of(mask):
        months |= 1 << (MONTHS[card] - 1)
    return months


@dataclass
class _SeatEvidence:
    declined_idle: list[int] = field(default_factory=lambda: [0] * 12)
    declined_other: list[int] = field(default_factory=lambda: [0] * 12)
    dumped_values: list[int] = field(default_factory=list)
    plays: int = 0


def event_tuples(view: PlayerView) -> list[tuple[str, int, int, int]]:
    """``view.history`` as (kind, seat, card id or -1, captured card mask) tuples."""
    return [(e.kind, e.seat, _CODE_INDEX[e.card] if e.card else -1, _mask(e.captured))
            for e in view.history]


def _replay(view: PlayerView, events: list[tuple[str, int, int, int]], start: int,
            on_play: Any = None) -> tuple[int, int]:
    """Step the field through the public events from ``start``; ``on_play(index, field)``
    is called before every play or declaration.  Returns (the field at the end, cards taken
    that were never seen entering the field: the dealt field)."""
    exposed_ever = 0
    for kind, _, _, captured in events:
        if kind == EV_EXPOSE:
            exposed_ever |= captured
    field_mask = start
    initial = 0
    for i, (kind, _, card, captured) in enumerate(events):
        bit = 1 << card if card >= 0 else 0
        if kind in (EV_PLAY, EV_DECLARE):
            if on_play is not None:
                on_play(i, field_mask)
            if kind == EV_PLAY and captured:
                initial |= captured & ~field_mask & ~exposed_ever
                field_mask &= ~captured
            else:
                field_mask |= bit
        elif kind == EV_FLIP:
            if captured:
                initial |= captured & ~field_mask & ~exposed_ever
                field_mask &= ~captured
            else:
                nxt = events[i + 1] if i + 1 < len(events) else None
                pending = (nxt is not None and nxt[0] == EV_TAKE and nxt[2] == card) or (
                    nxt is None and view.pending is not None
                    and _CODE_INDEX[view.pending] == card)
                if not pending:
                    field_mask |= bit
        elif kind in (EV_TAKE, EV_DEALER, EV_COLLECT):
            initial |= captured & ~field_mask & ~exposed_ever
            field_mask &= ~captured
        elif kind == EV_PPEOK:
            field_mask |= captured | bit
    return field_mask, initial


def fields_before_plays(view: PlayerView) -> list[tuple[int, int]]:
    """For every play or declaration in ``view.history`` (any seat): its index there and the
    field (card mask) it was made on, rebuilt from the public events and today's field."""
    events = event_tuples(view)
    end, initial = _replay(view, events, 0)
    out: list[tuple[int, int]] = []
    _replay(view, events, initial | (view.field.mask & ~end),
            lambda i, field_mask: out.append((i, field_mask)))
    return out


def _evidence(view: PlayerView, config: Config) -> dict[int, _SeatEvidence]:
    """Per other seat, what its plays say about its hand (RULES.md §3: a capture is open to
    whoever holds a card of a month lying on the field)."""
    events = event_tuples(view)
    record: dict[int, _SeatEvidence] = {}
    for i, field_mask in fields_before_plays(view):
        kind, seat, card, captured = events[i]
        if seat == view.seat:
            continue
        ev = record.setdefault(seat, _SeatEvidence())
        ev.plays += 1
        lying = _month_mask_set(field_mask)
        if kind == EV_PLAY and captured:
            lying &= ~(1 << (MONTHS[card] - 1))
            target = ev.declined_other
        else:
            target = ev.declined_idle
            ev.dumped_values.append(config.values[card])
        for m in range(12):
            if lying >> m & 1:
                target[m] += 1
    return record


def hand_features(view: PlayerView, config: Config) -> tuple[list[int], list[int], Float]:
    """For a seat's view of a running round: the other seats with hidden cards, the unseen
    cards (ids), and features of shape (len(seats), len(cards), N_FEATURES)."""
    if view.seat is None:
        raise ValueError("hand inference needs a seat's view")
    unseen = cards_of(view.unseen(config.deck).mask)
    seats = [s for s in range(config.players) if s != view.seat
             and view.hand_counts[s] - view.exposed[s].mask.bit_count() > 0]
    out = np.zeros((len(seats), len(unseen), N_FEATURES), np.float64)
    if not seats or not unseen:
        return seats, unseen, out
    evidence = _evidence(view, config)
    n_unseen = len(unseen)
    field_months = _month_mask_set(view.field.mask)
    unseen_per_month = [0] * 13
    for c in unseen:
        unseen_per_month[MONTHS[c]] += 1
    for i, seat in enumerate(seats):
        hidden = view.hand_counts[seat] - view.exposed[seat].mask.bit_count()
        share = min(hidden / n_unseen, 1.0 - 1e-6)
        ev = evidence.get(seat, _SeatEvidence())
        idle = len(ev.dumped_values)
        idle_rate = idle / ev.plays if ev.plays else 0.0
        for j, c in enumerate(unseen):
            m = MONTHS[c] - 1
            value = config.values[c]
            row = out[i, j]
            row[0] = math.log(share / (1.0 - share))
            row[1] = min(ev.declined_idle[m], 3)
            row[2] = 1.0 if ev.declined_idle[m] else 0.0
            row[3] = min(ev.declined_other[m], 3)
            row[4] = min(sum(1 for v in ev.dumped_values if v > value), 4) / 2.0
            row[5] = value / 20.0
            row[6] = 1.0 if field_months >> m & 1 else 0.0
            row[7] = unseen_per_month[m + 1] / 4.0
            row[8] = idle / 8.0
            row[9] = row[5] * row[8]
            row[10] = share
            row[11] = idle_rate
            row[12] = row[2] * idle_rate
            row[13] = 1.0
    return seats, unseen, out


@dataclass
class HandModel:
    """Logistic weights over ``FEATURE_NAMES`` and the record of how they were made."""

    coef: Float
    meta: dict[str, Any] = field(default_factory=dict)

    def logits(self, features: Float) -> Float:
        result: Float = features @ self.coef
        return result

    def probabilities(self, features: Float) -> Float:
        result: Float = 1.0 / (1.0 + np.exp(-self.logits(features)))
        return result

    def save(self, path: str | Path) -> None:
        np.savez_compressed(Path(path), coef=self.coef.astype(np.float64),
                            meta=np.array(json.dumps(self.meta, sort_keys=True)))

    @classmethod
    def load(cls, path: str | Path) -> HandModel:
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                coef = np.asarray(data["coef"], dtype=np.float64)
                meta = json.loads(str(data["meta"]))
        except (OSError, KeyError, ValueError) as exc:
            raise HandWeightsError(f"cannot read hand-inference weights {path}: {exc}") from None
        if meta.get("features_version") != HAND_FEATURES_VERSION or coef.shape != (N_FEATURES,):
            raise HandWeightsError(f"{path} was made for other hand features")
        return cls(coef, meta)


WEIGHTS_DIR = Path(__file__).resolve().parent.parent / "weights"
_MODELS: dict[Path, HandModel] = {}


def hands_weights_path(game: str) -> Path:
    """Where the shipped hand-inference weights of ``game`` live (one file serves every
    player count: the features are counts and shares)."""
    return WEIGHTS_DIR / f"hands-{game}.npz"


def hand_model_for(config: Config, path: str | Path | None = None) -> HandModel | None:
    """The game's hand model (cached), or None when it has none shipped."""
    file = Path(path) if path is not None else hands_weights_path(config.game.id)
    if not file.exists():
        if path is not None:
            raise HandWeightsError(f"no hand-inference weights at {file}")
        return None
    file = file.resolve()
    model = _MODELS.get(file)
    if model is None:
        model = _MODELS[file] = HandModel.load(file)
    return model


@dataclass
class HandBeliefs:
    """Per other seat, the odds weight of each unseen card (aligned with ``cards``)."""

    seats: list[int]
    cards: list[int]
    weights: list[list[float]]


def beliefs(model: HandModel, view: PlayerView, config: Config) -> HandBeliefs:
    """The model's odds for every (other seat, unseen card) of ``view``."""
    seats, cards, feats = hand_features(view, config)
    if not seats:
        return HandBeliefs(seats, cards, [])
    odds = np.exp(np.clip(model.logits(feats), -20.0, 20.0))
    return HandBeliefs(seats, cards, odds.tolist())


def sample_hidden(b: HandBeliefs, hidden: dict[int, int], rng: random.Random
                  ) -> tuple[dict[int, list[int]], list[int]]:
    """Deal the unseen cards: ``hidden[seat]`` cards to each seat of ``b`` (weighted sampling
    without replacement by the seat's odds, seats in random order), the rest to the stock in
    random order."""
    left = set(range(len(b.cards)))
    order = list(range(len(b.seats)))
    rng.shuffle(order)
    dealt: dict[int, list[int]] = {}
    for i in order:
        need = hidden[b.seats[i]]
        weights = b.weights[i]
        # Efraimidis–Spirakis: the `need` largest keys u^(1/w) are a weighted sample.
        keys = sorted(left, key=lambda j: -math.log(rng.random() or 1e-300) / weights[j])
        chosen = keys[:need]
        dealt[b.seats[i]] = [b.cards[j] for j in chosen]
        left.difference_update(chosen)
    stock = [b.cards[j] for j in sorted(left)]
    rng.shuffle(stock)
    return dealt, stock
