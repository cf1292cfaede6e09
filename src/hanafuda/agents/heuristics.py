"""Shared evaluation for the greedy bot and the search bot's rollouts.

Everything here reads only what a seat may know in the given round: the field,
capture piles, the discard pile, exposed cards, the seat's own hand, and which
cards are unseen.  Values come from the game's tables (``Config.values``,
``Config.yaku``), so one evaluator serves every game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import MONTH_MASKS, MONTHS
from ..engine.moves import (
    CARD_BITS,
    CARD_SHIFT,
    KIND_BITS,
    KIND_HIGH_BIT,
    NO_SET,
    PLAY,
    SET_BITS,
    SET_SHIFT,
    STOP_ACTION,
)
from ..engine.round import PHASE_KOIKOI, PHASE_OVER, PHASE_TEYAKU, Round
from ..rules import Config

__all__ = ["Evaluator", "evaluator_for", "forced_move", "greedy_rollout", "rollout"]


def forced_move(legal: list[str] | tuple[str, ...]) -> str | None:
    """A move that needs no thought: the only legal one, or exposing teyaku.

    Exposing is always taken: every other player pays for it, and the chaff it shows are
    worth little (RULES.md §4.2).
    """
    if len(legal) == 1:
        return legal[0]
    if "expose" in legal:
        return "expose"
    return None


class Evaluator:
    """Card values and yaku progress for one configured game."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.values = config.values
        declarable_ids = {s.id for s in config.declarable}
        self.yaku = tuple(
            (y.mask, y.points, y.min_count, y.count_mask, y.id in declarable_ids, y.mask.bit_count())
            for y in config.yaku
        )
        self.declarable_index = {s.id: i for i, s in enumerate(config.declarable)}
        self.yaku_weight = config.game.yaku_weight(config.num_sides, config.options)

    def points(self, mask: int) -> int:
        values = self.values
        total = 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        return total

    def potential(self, captured: int, blocked: int, declared: int) -> float:
        """Expected-ish yaku value of a pile: each reachable yaku counts points × (share held)²."""
        total = 0.0
        for mask, points, min_count, count_mask, needs_declaring, size in self.yaku:
            if min_count:
                have = (captured & count_mask).bit_count()
                if (count_mask & ~blocked).bit_count() >= min_count:
                    total += points * min(1.0, have / min_count) ** 2
                continue
            if mask & blocked:
                continue
            if needs_declaring:
                continue  # only counted through ``declare_value``
            have = (captured & mask).bit_count()
            total += points * (have / size) ** 2
        return total * self.yaku_weight

    def declare_value(self, rnd: Round, seat: int, set_index: int) -> float:
        """Worth of declaring a Kwa-Dō set now: its points × the share of it the side can reach."""
        cfg = self.config
        mask = cfg.declarable[set_index].mask
        side = cfg.side_of[seat]
        blocked = rnd.discard
        for other, cap in enumerate(rnd.captures):
            if other != side:
                blocked |= cap
        if mask & blocked:
            return -5.0
        reach = mask & (rnd.captures[side] | rnd.hands[seat])
        return cfg.declarable[set_index].points * (reach.bit_count() / mask.bit_count()) ** 2

    def action_value(self, rnd: Round, seat: int, action: int, unseen: int) -> float:
        """One-ply worth of an action for the seat's side: capture now, yaku progress, field risk."""
        return self.action_values(rnd, seat, (action,), unseen)[0]

    def action_values(self, rnd: Round, seat: int, actions: Sequence[int], unseen: int) -> list[float]:
        """``action_value`` of each action, the side's blocked cards and yaku potential worked
        out once for them all."""
        cfg = self.config
        side = cfg.side_of[seat]
        captured = rnd.captures[side]
        blocked = rnd.discard
        for other, cap in enumerate(rnd.captures):
            if other != side:
                blocked |= cap
        declared = rnd.declared[side]
        before: float | None = None
        out = []
        for action in actions:
            if action & KIND_HIGH_BIT:
                # Koi-Koi: one ply sees only the points a stop banks now; a koi-koi gains nothing yet.
                out.append(float(rnd.standing().scores[side]) if action == STOP_ACTION else 0.0)
                continue
            if action & KIND_BITS == PLAY and action >> SET_SHIFT & SET_BITS != NO_SET:
                card = action >> CARD_SHIFT & CARD_BITS
                out.append(self.declare_value(rnd, seat, action >> SET_SHIFT & SET_BITS)
                           - self._stay_risk(rnd, seat, card, unseen))
                continue
            gained = rnd.preview(action)
            if action & KIND_BITS == PLAY and not gained:
                out.append(-self._stay_risk(rnd, seat, action >> CARD_SHIFT & CARD_BITS, unseen))
                continue
            gain = gained & ~cfg.rubbish
            if before is None:
                before = self.potential(captured, blocked, declared)
            after = self.potential(captured | gain, blocked, declared)
            out.append(self.points(gain) + (after - before))
        return out

    def _stay_risk(self, rnd: Round, seat: int, card: int, unseen: int) -> float:
        """A card left on the field may be taken by the next players: its value, discounted."""
        month_cards = MONTH_MASKS[MONTHS[card]] & ~(1 << card)
        own_follow_up = rnd.hands[seat] & month_cards
        if not (unseen & month_cards) and not own_follow_up:
            return 0.0
        risk = 0.3 if own_follow_up else 0.6
        return self.points(1 << card) * risk + 0.5


_EVALUATORS: dict[int, Evaluator] = {}


def evaluator_for(config: Config) -> Evaluator:
    """The ``Evaluator`` of a config (configs from ``config_for_view`` live for the process)."""
    ev = _EVALUATORS.get(id(config))
    if ev is None or ev.config is not config:
        ev = _EVALUATORS[id(config)] = Evaluator(config)
    return ev


def rollout(rnd: Round, evaluator: Evaluator, rng: random.Random, epsilon: float = 0.1) -> None:
    """Play ``rnd`` to its end with a fast policy, for every seat alike.

    Take the most valuable immediate capture; with none, lay down the least valuable
    card; now and then (``epsilon``) a random move.  Teyaku are always exposed;
    declarations are not made in rollouts.
    """
    values = evaluator.values
    while rnd.phase != PHASE_OVER:
        actions = rnd.legal_actions()
        if len(actions) == 1 or rnd.phase == PHASE_TEYAKU:
            rnd.apply(actions[0])  # the only move, or expose
            continue
        if rng.random() < epsilon:
            rnd.apply(actions[rng.randrange(len(actions))])
            continue
        if rnd.phase == PHASE_KOIKOI:
            rnd.apply(STOP_ACTION)  # Koi-Koi: the fast policy banks its yaku
            continue
        best = -1e9
        choice = actions[0]
        for action in actions:
            if action >> SET_SHIFT & SET_BITS != NO_SET:
                continue
            gained = rnd.preview(action)
            if gained:
                value = 0.0
                while gained:
                    low = gained & -gained
                    value += values[low.bit_length() - 1] + 0.5
                    gained ^= low
            else:
                value = -values[action >> CARD_SHIFT & CARD_BITS] - 0.5
            value += rng.random() * 0.25
            if value > best:
                best = value
                choice = action
        rnd.apply(choice)


def greedy_rollout(rnd: Round, evaluator: Evaluator, rng: random.Random, epsilon: float = 0.1) -> None:
    """Play ``rnd`` to its end with the ``greedy`` bot's one-ply judgement for every seat
    (``Evaluator.action_value``: captures, yaku progress, the risk of what is left), each seat
    judging from what it could see (its unseen cards: the other hands and the stock); now and
    then (``epsilon``) a random move.  Slower than ``rollout`` but a truer model of players
    who think about yaku and about what they leave on the field."""
    deck = evaluator.config.deck
    while rnd.phase != PHASE_OVER:
        actions = rnd.legal_actions()
        if len(actions) == 1 or rnd.phase == PHASE_TEYAKU:
            rnd.apply(actions[0])
            continue
        if rng.random() < epsilon:
            rnd.apply(actions[rng.randrange(len(actions))])
            continue
        seat = rnd.seat
        seen = rnd.field | rnd.discard | rnd.hands[seat]
        for cap in rnd.captures:
            seen |= cap
        for cards in rnd.exposed:
            seen |= cards
        if rnd.pending >= 0:
            seen |= 1 << rnd.pending
        unseen = deck & ~seen
        values = evaluator.action_values(rnd, seat, actions, unseen)
        best = -1e9
        choice = actions[0]
        for action, value in zip(actions, values, strict=True):
            value += rng.random() * 0.01
            if value > best:
                best = value
                choice = action
        rnd.apply(choice)
