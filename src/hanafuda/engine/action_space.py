"""The batch simulator's fixed action space, and its mapping to the engine's actions.

A policy network wants one flat, fixed-size action space; the engine's ``int``
actions (``engine/moves.py``) pack kind, card, target and declaration into bit
fields instead.  The batch layout (``NUM_ACTIONS`` = 2,786 indices)::

    card * 49 + target      play ``card`` (0…47) and capture ``target`` (0…47)
                            (a choice: two month targets, or a wild card's pick)
    card * 49 + 48          play ``card`` with no choice to make (it stays, takes
                            its one or three targets, or makes a forced wild capture)
    2352 + target           ``take target`` after the turned-over card (TAKE_BASE = 2352)
    2400, 2401              ``expose`` / ``keep`` (Hana-Awase teyaku)
    2402 + card * 8 + set   ``play card declare set`` (Kwa-Dō; ``set`` indexes ``Config.declarable``)

Every legal engine move has exactly one batch index and back (``from_engine`` /
``to_engine``).
"""

from __future__ import annotations

from .moves import (
    CARD_BITS,
    CARD_SHIFT,
    EXPOSE,
    EXPOSE_ACTION,
    KEEP_ACTION,
    KIND_BITS,
    NO_SET,
    NO_TARGET,
    PLAY,
    SET_BITS,
    SET_SHIFT,
    TAKE,
    TARGET_SHIFT,
    make_play,
    make_take,
)

__all__ = [
    "DECLARE_BASE",
    "EXPOSE_INDEX",
    "KEEP_INDEX",
    "NO_CHOICE",
    "NUM_ACTIONS",
    "TAKE_BASE",
    "declare_index",
    "from_engine",
    "play_index",
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
NUM_ACTIONS = DECLARE_BASE + 48 * NUM_SETS


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
    return EXPOSE_INDEX if kind == EXPOSE else KEEP_INDEX


def to_engine(index: int) -> int:
    """The engine action of a batch index."""
    index = int(index)
    if not 0 <= index < NUM_ACTIONS:
        raise ValueError(f"batch action {index} is outside 0…{NUM_ACTIONS - 1}")
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
