"""Moves: a compact int encoding for the engine and the canonical strings of RULES.md §7.

An action is an ``int``::

    bits 0-1   kind: PLAY, TAKE, EXPOSE, KEEP
    bits 2-7   card played (PLAY)
    bits 8-13  target card (PLAY … take, TAKE); 63 = none
    bits 14-17 declared set index into ``Config.declarable``; 15 = none

Strings: ``play CARD``, ``play CARD take TARGET``, ``play CARD declare SET``,
``take TARGET``, ``expose``, ``keep``, optionally prefixed by the seat (``2: play …``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CODES, UnknownCardError, card_id
from ..rules.base import Config

__all__ = [
    "EXPOSE",
    "EXPOSE_ACTION",
    "KEEP_ACTION",
    "IllegalMoveError",
    "KEEP",
    "Move",
    "NO_SET",
    "NO_TARGET",
    "PLAY",
    "TAKE",
    "decode",
    "format_action",
    "make_play",
    "make_take",
    "parse_action",
    "split_seat_prefix",
]

PLAY = 0
TAKE = 1
EXPOSE = 2
KEEP = 3
NO_TARGET = 63
NO_SET = 15
_NO_TARGET_BITS = NO_TARGET << 8
_NO_SET_BITS = NO_SET << 14
EXPOSE_ACTION = EXPOSE | 63 << 2 | _NO_TARGET_BITS | _NO_SET_BITS
KEEP_ACTION = KEEP | 63 << 2 | _NO_TARGET_BITS | _NO_SET_BITS


class IllegalMoveError(ValueError):
    """A move that is malformed or not legal in the position.

    ``position`` describes where (round, move number, seat to move); ``legal``
    lists the legal moves there, sorted.
    """

    def __init__(self, reason: str, move: str, position: str, legal: list[str]) -> None:
        self.reason = reason
        self.move = move
        self.position = position
        self.legal = legal
        shown = ", ".join(legal) if legal else "none"
        super().__init__(f"{position}: {reason} {move!r}; legal moves: {shown}")


def make_play(card: int, target: int = NO_TARGET, declared_set: int = NO_SET) -> int:
    return PLAY | card << 2 | target << 8 | declared_set << 14


def make_take(target: int) -> int:
    return TAKE | 63 << 2 | target << 8 | _NO_SET_BITS


@dataclass(frozen=True, slots=True)
class Move:
    """A decoded action: ``kind`` is ``"play"``, ``"take"``, ``"expose"`` or ``"keep"``."""

    kind: str
    card: int | None = None
    target: int | None = None
    declared_set: int | None = None


_KINDS = ("play", "take", "expose", "keep")


def decode(action: int) -> Move:
    kind = action & 3
    card = action >> 2 & 63
    target = action >> 8 & 63
    declared = action >> 14 & 15
    return Move(
        _KINDS[kind],
        card if kind == PLAY else None,
        target if target != NO_TARGET and kind in (PLAY, TAKE) else None,
        declared if declared != NO_SET and kind == PLAY else None,
    )


def format_action(action: int, config: Config) -> str:
    """The canonical string of an action (RULES.md §7)."""
    kind = action & 3
    if kind == EXPOSE:
        return "expose"
    if kind == KEEP:
        return "keep"
    target = action >> 8 & 63
    if kind == TAKE:
        return "take " + CODES[target]
    text = "play " + CODES[action >> 2 & 63]
    if target != NO_TARGET:
        return text + " take " + CODES[target]
    declared = action >> 14 & 15
    if declared != NO_SET:
        return text + " declare " + config.declarable[declared].id
    return text


def split_seat_prefix(text: str) -> tuple[int | None, str]:
    """``"2: play pine-crane"`` → ``(2, "play pine-crane")``; no prefix → ``(None, text)``."""
    head, sep, rest = text.partition(":")
    if sep and head.strip().isdigit():
        return int(head.strip()), rest.strip()
    return None, text.strip()


def parse_action(text: str, config: Config) -> int:
    """Parse a move string (without seat prefix) into an action; raises ``ValueError`` if malformed.

    Legality is not checked here: see ``Round.parse``.
    """
    words = text.split()
    try:
        if words == ["expose"]:
            return EXPOSE_ACTION
        if words == ["keep"]:
            return KEEP_ACTION
        if len(words) == 2 and words[0] == "take":
            return make_take(card_id(words[1]))
        if len(words) == 2 and words[0] == "play":
            return make_play(card_id(words[1]))
        if len(words) == 4 and words[0] == "play" and words[2] == "take":
            return make_play(card_id(words[1]), card_id(words[3]))
        if len(words) == 4 and words[0] == "play" and words[2] == "declare":
            for index, s in enumerate(config.declarable):
                if s.id == words[3]:
                    return make_play(card_id(words[1]), NO_TARGET, index)
            raise ValueError(f"unknown or undeclarable set {words[3]!r}")
    except UnknownCardError as exc:
        raise ValueError(str(exc)) from None
    raise ValueError("malformed move")
