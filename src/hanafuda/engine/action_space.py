"""The batch simulator's fixed action space, and its mapping to the engine's actions.

A policy network wants one flat, fixed-size action space; the engine's ``int``
actions (``engine/moves.py``) pack kind, card, target and declaration into bit
fields instead.  The batch layout (``NUM_ACTIONS`` = 2,788 indices)::

    card * 49 + target      play ``card`` (0…47) and capture ``target`` (0…47)
                            (a choice: two month targets, or a wild card's pick)
    card * 49 + 48          play ``card`` with no choice to make (it stays, takes
                            its one or three targets, or makes a forced wild capture)
    2352 + target           ``take target`` after the turned-over card (TAKE_BASE = 2352)
    2400, 2401              ``expose`` / ``keep`` (Hana-Awase teyaku)
    2402 + card * 8 + set   ``play card declare set`` (Kwa-Dō; ``set`` indexes ``Config.declarable``)
    2786, 2787              ``koikoi`` / ``stop`` (Koi-Koi), appended after the 2,786 indices of
                            the five older games so theirs, and the shipped networks, stay valid

Every legal engine move has exactly one batch index and back (``from_engine`` /
``to_engine``).

``compact_actions(config)`` gives the compact per-configuration layout: only the
indices that configuration can ever use (``CompactActions``; 50–220 instead of
2,788; about 20 legal at once at most, a wild card's picks and Kwa-Dō declarations making
the longest lists), numbered in ascending batch-index order.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..rules.base import Config
from .moves import (
    CARD_BITS,
    CARD_SHIFT,
    EXPOSE,
    EXPOSE_ACTION,
    KEEP_ACTION,
    KIND_BITS,
    KIND_HIGH_BIT,
    KOIKOI_ACTION,
    NO_SET,
    NO_TARGET,
    PLAY,
    SET_BITS,
    SET_SHIFT,
    STOP_ACTION,
    TAKE,
    TARGET_SHIFT,
    make_play,
    make_take,
)

__all__ = [
    "CompactActions",
    "DECLARE_BASE",
    "EXPOSE_INDEX",
    "KEEP_INDEX",
    "KOIKOI_INDEX",
    "NO_CHOICE",
    "NUM_ACTIONS",
    "STOP_INDEX",
    "TAKE_BASE",
    "declare_index",
    "from_engine",
    "play_index",
    "compact_actions",
    "take_index",
    "to_engine",
]

NO_CHOICE = 48
"""The target slot of a play without a choice."""
TAKE_BASE = 48 * 49
EXPOSE_INDEX = TAKE_BASE + 48
KEEP_INDEX = EXPOSE_INDEX + 1
DECLARE_BASE = KEEP_INDEX + 1
NUM_SETS = 8
KOIKOI_INDEX = DECLARE_BASE + 48 * NUM_SETS
"""``koikoi`` (2,786): after the older games' layout, so none of their indices moved."""
STOP_INDEX = KOIKOI_INDEX + 1
NUM_ACTIONS = STOP_INDEX + 1


def play_index(card: int, target: int | None = None) -> int:
    """The batch index of ``play card`` (``target`` None) or ``play card take target``."""
    return card * 49 + (NO_CHOICE if target is None else target)


def take_index(target: int) -> int:
    """The batch index of ``take target``."""
    return TAKE_BASE + target


def declare_index(card: int, declared_set: int) -> int:
    """The batch index of ``play card declare set`` (``declared_set`` indexes ``declarable``)."""
    return DECLARE_BASE + card * NUM_SETS + declared_set


def from_engine(action: int) -> int:
    """The batch index of an engine action."""
    kind = action & KIND_BITS
    if kind == PLAY:
        declared = action >> SET_SHIFT & SET_BITS
        if declared != NO_SET:
            return declare_index(action >> CARD_SHIFT & CARD_BITS, declared)
        target = action >> TARGET_SHIFT & CARD_BITS
        return play_index(action >> CARD_SHIFT & CARD_BITS, None if target == NO_TARGET else target)
    if kind == TAKE:
        return take_index(action >> TARGET_SHIFT & CARD_BITS)
    if action & KIND_HIGH_BIT:
        return KOIKOI_INDEX if kind == EXPOSE else STOP_INDEX
    return EXPOSE_INDEX if kind == EXPOSE else KEEP_INDEX


def to_engine(index: int) -> int:
    """The engine action of a batch index."""
    index = int(index)
    if not 0 <= index < NUM_ACTIONS:
        raise ValueError(f"batch action {index} is outside 0…{NUM_ACTIONS - 1}")
    if index == KOIKOI_INDEX:
        return KOIKOI_ACTION
    if index == STOP_INDEX:
        return STOP_ACTION
    if index >= DECLARE_BASE:
        card, declared = divmod(index - DECLARE_BASE, NUM_SETS)
        return make_play(card, NO_TARGET, declared)
    if index == EXPOSE_INDEX:
        return EXPOSE_ACTION
    if index == KEEP_INDEX:
        return KEEP_ACTION
    if index >= TAKE_BASE:
        return make_take(index - TAKE_BASE)
    card, target = divmod(index, 49)
    return make_play(card) if target == NO_CHOICE else make_play(card, target)


# -- the compact, per-configuration layout ------------------------------------------------------


class CompactActions:
    """The indices of the 2,788 layout one configuration can ever use, numbered ``0 … size−1``.

    Order (stable, documented in docs/bots.md): ascending batch index, which is card-major —
    for each card of the deck in id order, ``play CARD take TARGET`` (targets in id order)
    then ``play CARD`` (no choice); then ``take TARGET`` (by target); then ``expose``,
    ``keep`` (only with Hana-Awase teyaku); then ``play CARD declare SET`` (Kwa-Dō,
    card-major, then set); then ``koikoi``, ``stop`` (only in Koi-Koi).  Which indices
    appear follows RULES.md §3 (captures by month:
    ``Config.match_masks``, a choice needs two targets of the month), §9 (a wild card from
    hand or stock may pick any card it is allowed to take) and §4.2/§4.3 (teyaku answers,
    declarable sets of each card).

    ``full[j]`` is the batch index of compact action ``j``; ``to_compact[i]`` the compact
    index of batch index ``i`` (−1 where the configuration never uses it).  Per compact
    action: ``kind`` (0 play, 1 take, 2 expose, 3 keep, 4 declare, 5 koikoi, 6 stop), ``card`` (the card
    played; 48 for none), ``target`` (the card taken by choice; 48 for none) and ``declared``
    (the set index; −1 for none) — the arrays the batch simulator's compact mask gathers on.
    """

    KIND_PLAY = 0
    KIND_TAKE = 1
    KIND_EXPOSE = 2
    KIND_KEEP = 3
    KIND_DECLARE = 4
    KIND_KOIKOI = 5
    KIND_STOP = 6

    def __init__(self, config: Config) -> None:
        deck = config.deck
        wild = config.wild
        full: list[int] = []
        for card in config.deck_cards:
            choices = config.match_masks[card] if config.match_masks[card].bit_count() >= 2 else 0
            if wild is not None and wild.from_hand and card == wild.card:
                choices |= deck & ~wild.excluded & ~(1 << card)
            full.extend(play_index(card, t) for t in range(48) if choices >> t & 1)
            full.append(play_index(card))
        takes = 0
        for card in config.deck_cards:
            if config.match_masks[card].bit_count() >= 2:
                takes |= config.match_masks[card]
        if wild is not None and wild.from_stock:
            takes |= deck & ~wild.excluded & ~(1 << wild.card)
        full.extend(take_index(t) for t in range(48) if takes >> t & 1)
        if config.teyaku:
            full.extend((EXPOSE_INDEX, KEEP_INDEX))
        for card in config.deck_cards:
            full.extend(declare_index(card, s) for s in config.card_sets[card])
        if config.koikoi:
            full.extend((KOIKOI_INDEX, STOP_INDEX))
        self.config = config
        self.full: npt.NDArray[np.int64] = np.array(full, dtype=np.int64)
        self.size = len(full)
        self.to_compact: npt.NDArray[np.int64] = np.full(NUM_ACTIONS, -1, dtype=np.int64)
        self.to_compact[self.full] = np.arange(self.size)
        kind = np.zeros(self.size, np.int64)
        card_of = np.full(self.size, 48, np.int64)
        target_of = np.full(self.size, 48, np.int64)
        declared = np.full(self.size, -1, np.int64)
        for j, index in enumerate(full):
            if index == KOIKOI_INDEX:
                kind[j] = self.KIND_KOIKOI
            elif index == STOP_INDEX:
                kind[j] = self.KIND_STOP
            elif index >= DECLARE_BASE:
                kind[j] = self.KIND_DECLARE
                card_of[j], declared[j] = divmod(index - DECLARE_BASE, NUM_SETS)
            elif index == EXPOSE_INDEX:
                kind[j] = self.KIND_EXPOSE
            elif index == KEEP_INDEX:
                kind[j] = self.KIND_KEEP
            elif index >= TAKE_BASE:
                kind[j] = self.KIND_TAKE
                target_of[j] = index - TAKE_BASE
            else:
                card_of[j], slot = divmod(index, 49)
                target_of[j] = 48 if slot == NO_CHOICE else slot
        self.kind, self.card, self.target, self.declared = kind, card_of, target_of, declared
        self._engine = [to_engine(i) for i in full]
        self._from_engine = {a: j for j, a in enumerate(self._engine)}

    def __len__(self) -> int:
        return self.size

    def to_full(self, compact: int) -> int:
        """The batch index of compact action ``compact``."""
        if not 0 <= compact < self.size:
            raise ValueError(f"compact action {compact} is outside 0…{self.size - 1}")
        return int(self.full[compact])

    def from_full(self, index: int) -> int:
        """The compact index of batch index ``index``; ``ValueError`` if this configuration
        never uses it."""
        if not 0 <= index < NUM_ACTIONS or self.to_compact[index] < 0:
            raise ValueError(f"batch action {index} is not used by {self.config.game.id} "
                             f"with {self.config.players} players and these options")
        return int(self.to_compact[index])

    def to_engine(self, compact: int) -> int:
        """The engine action of compact action ``compact``."""
        if not 0 <= compact < self.size:
            raise ValueError(f"compact action {compact} is outside 0…{self.size - 1}")
        return self._engine[compact]

    def from_engine(self, action: int) -> int:
        """The compact index of an engine action (``ValueError`` if never legal here)."""
        try:
            return self._from_engine[action]
        except KeyError:
            raise ValueError(f"engine action {action} is not in this configuration's "
                             "compact layout") from None


_COMPACT: dict[int, CompactActions] = {}


def compact_actions(config: Config) -> CompactActions:
    """The compact layout of ``config`` (cached per ``Config`` object: configs are shared)."""
    layout = _COMPACT.get(id(config))
    if layout is None or layout.config is not config:
        layout = _COMPACT[id(config)] = CompactActions(config)
    return layout
