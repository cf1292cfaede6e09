"""Moves: a compact int encoding for the engine and the canonical strings of RULES.md §7.

An action is an ``int``::

    bits 0-1   kind: PLAY, TAKE, EXPOSE, KEEP (with bit 18: KOIKOI, STOP)
    bits 2-7   card played (PLAY)
    bits 8-13  target card (PLAY … take, TAKE); 63 = none
    bits 14-17 declared set index into ``Config.declarable``; 15 = none
    bit  18    the kind's third bit: set only by ``koikoi`` and ``stop`` (Koi-Koi)

The kind was two bits and all four values were taken; the Koi-Koi decision widens it with
bit 18, above every other field, so each action of the five older games keeps its int (and
records, fingerprints and action indices built from those ints stay as they were).

Strings: ``play CARD``, ``play CARD take TARGET``, ``play CARD declare SET``,
``take TARGET``, ``expose``, ``keep``, ``koikoi``, ``stop``, optionally prefixed by the seat
(``2: play …``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ..cards import CODES, UnknownCardError, card_id
from ..rules.base import Config

__all__ = [
    "CARD_SHIFT",
    "CARD_BITS",
    "EXPOSE",
    "EXPOSE_ACTION",
    "KEEP_ACTION",
    "KIND_HIGH_BIT",
    "KOIKOI",
    "KOIKOI_ACTION",
    "IllegalMoveError",
    "KIND_BITS",
    "KEEP",
    "MalformedMoveError",
    "Move",
    "MoveError",
    "MoveKind",
    "NO_CARD",
    "NO_SET",
    "NO_TARGET",
    "PLAY",
    "SET_BITS",
    "SET_SHIFT",
    "STOP",
    "STOP_ACTION",
    "TAKE",
    "TARGET_SHIFT",
    "decode",
    "format_action",
    "make_play",
    "make_take",
    "move_kind",
    "parse_action",
    "split_seat_prefix",
]



class MoveKind(IntEnum):
    """Bits 0–1 (and bit 18) of an action: what sort of decision it is (RULES.md §7).

    ``KOIKOI`` and ``STOP`` share their low two bits with ``EXPOSE`` and ``KEEP`` and add
    bit 18 (``move_kind`` reads the three bits), so code that reads only bits 0–1 never
    takes a Koi-Koi decision for a play or a take.
    """

    PLAY = 0  # play a card from hand (with a capture choice or a declaration)
    TAKE = 1  # choose what the turned-over card takes
    EXPOSE = 2  # expose teyaku (Hana-Awase)
    KEEP = 3  # keep teyaku hidden
    KOIKOI = 6  # Koi-Koi: go on after completing or raising a yaku
    STOP = 7  # Koi-Koi: end the round and score

    @property
    def word(self) -> str:
        """The move's first word in RULES.md §7 notation."""
        return self.name.lower()


PLAY = MoveKind.PLAY
TAKE = MoveKind.TAKE
EXPOSE = MoveKind.EXPOSE
KEEP = MoveKind.KEEP
KOIKOI = MoveKind.KOIKOI
STOP = MoveKind.STOP

KIND_BITS = 3
"""Mask of the kind field's low bits (bits 0–1)."""
KIND_HIGH_BIT = 1 << 18
"""The kind's third bit (``KOIKOI``, ``STOP``), above the set field."""
CARD_SHIFT = 2
"""The played card's field starts at bit 2 (6 bits)."""
TARGET_SHIFT = 8
"""The target card's field starts at bit 8 (6 bits)."""
CARD_BITS = 63
"""Mask of a card field once shifted down (card and target)."""
SET_SHIFT = 14
"""The declared set's field starts at bit 14 (4 bits)."""
SET_BITS = 15
"""Mask of the declared-set field once shifted down."""
NO_CARD = 63
"""The card field of a move that plays no card (take, expose, keep)."""
NO_TARGET = 63
"""The target field of a move that names no target."""
NO_SET = 15
"""The set field of a move that declares nothing."""
_NO_CARD_BITS = NO_CARD << CARD_SHIFT
_NO_TARGET_BITS = NO_TARGET << TARGET_SHIFT
_NO_SET_BITS = NO_SET << SET_SHIFT
EXPOSE_ACTION = EXPOSE | _NO_CARD_BITS | _NO_TARGET_BITS | _NO_SET_BITS
KEEP_ACTION = KEEP | _NO_CARD_BITS | _NO_TARGET_BITS | _NO_SET_BITS
KOIKOI_ACTION = (KOIKOI & KIND_BITS) | KIND_HIGH_BIT | _NO_CARD_BITS | _NO_TARGET_BITS | _NO_SET_BITS
STOP_ACTION = (STOP & KIND_BITS) | KIND_HIGH_BIT | _NO_CARD_BITS | _NO_TARGET_BITS | _NO_SET_BITS


def move_kind(action: int) -> int:
    """The ``MoveKind`` value of an action: bits 0–1, plus 4 when bit 18 is set."""
    return action & KIND_BITS | (4 if action & KIND_HIGH_BIT else 0)


class MoveError(ValueError):
    """A move string the engine refuses; nothing changed.  Catch this for "any bad move".

    ``reason`` says why, ``move`` is the text as given, ``position`` describes where (round,
    move number, seat to move) and ``legal`` lists the legal moves there, sorted.
    """

    def __init__(self, reason: str, move: str, position: str, legal: list[str]) -> None:
        self.reason = reason
        self.move = move
        self.position = position
        self.legal = legal
        shown = ", ".join(legal) if legal else "none"
        super().__init__(f"{position}: {reason} {move!r}; legal moves: {shown}")


class MalformedMoveError(MoveError):
    """Text that is not a move in RULES.md §7 notation: bad syntax, an unknown card or set."""


class IllegalMoveError(MoveError):
    """A well-formed move that is not legal in the position (RULES.md §3, §9): not in the
    legal moves, a seat prefix naming a seat not to move, or no move possible (round or match over)."""


def make_play(card: int, target: int = NO_TARGET, declared_set: int = NO_SET) -> int:
    return PLAY | card << CARD_SHIFT | target << TARGET_SHIFT | declared_set << SET_SHIFT


def make_take(target: int) -> int:
    return TAKE | _NO_CARD_BITS | target << TARGET_SHIFT | _NO_SET_BITS


@dataclass(frozen=True, slots=True)
class Move:
    """A decoded action: ``kind`` is ``"play"``, ``"take"``, ``"expose"``, ``"keep"``,
    ``"koikoi"`` or ``"stop"``."""

    kind: str
    card: int | None = None
    target: int | None = None
    declared_set: int | None = None


_KINDS = {int(kind): kind.word for kind in MoveKind}


def decode(action: int) -> Move:
    kind = move_kind(action)
    card = action >> CARD_SHIFT & CARD_BITS
    target = action >> TARGET_SHIFT & CARD_BITS
    declared = action >> SET_SHIFT & SET_BITS
    return Move(
        _KINDS[kind],
        card if kind == PLAY else None,
        target if target != NO_TARGET and kind in (PLAY, TAKE) else None,
        declared if declared != NO_SET and kind == PLAY else None,
    )


def format_action(action: int, config: Config) -> str:
    """The canonical string of an action (RULES.md §7)."""
    kind = move_kind(action)
    if kind == KOIKOI:
        return "koikoi"
    if kind == STOP:
        return "stop"
    if kind == EXPOSE:
        return "expose"
    if kind == KEEP:
        return "keep"
    target = action >> TARGET_SHIFT & CARD_BITS
    if kind == TAKE:
        return "take " + CODES[target]
    text = "play " + CODES[action >> CARD_SHIFT & CARD_BITS]
    if target != NO_TARGET:
        return text + " take " + CODES[target]
    declared = action >> SET_SHIFT & SET_BITS
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
        if words == ["koikoi"]:
            return KOIKOI_ACTION
        if words == ["stop"]:
            return STOP_ACTION
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
