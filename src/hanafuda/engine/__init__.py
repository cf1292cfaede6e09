"""The generic engine: moves, deals, one round's state machine, and the match (DESIGN.md layer 3)."""

from __future__ import annotations

from .deal import Deal, DealError, deal_from_rng, draw_first_dealer, misdeal_reason
from .match import MatchCore, MatchError, next_dealer
from .moves import (
    IllegalMoveError,
    MalformedMoveError,
    Move,
    MoveError,
    MoveKind,
    decode,
    format_action,
    parse_action,
)
from .round import EventKind, Phase, Round

__all__ = [
    "Deal",
    "EventKind",
    "DealError",
    "IllegalMoveError",
    "MalformedMoveError",
    "MatchCore",
    "MatchError",
    "Move",
    "MoveError",
    "MoveKind",
    "Phase",
    "Round",
    "deal_from_rng",
    "decode",
    "draw_first_dealer",
    "format_action",
    "misdeal_reason",
    "next_dealer",
    "parse_action",
]
