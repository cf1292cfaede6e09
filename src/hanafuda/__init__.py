"""hanafuda: five hanafuda/hwatu fishing games on one rules engine.

Games: Min-Hwatu, Hana-Awase, Kwa-Dō, Hawaiʻifuda, Mushi (``hanafuda.rules.GAMES``).
The main entry point is ``Match``; see the README for the layers.
"""

from __future__ import annotations

from .cards import CARDS, Card, CardSet, Kind
from .engine import Deal, DealError, IllegalMoveError, MalformedMoveError, MatchError, MoveError, Round
from .records import Match
from .rules import GAMES, configure, get_game
from .rules.options import OptionError

__all__ = [
    "CARDS",
    "Card",
    "CardSet",
    "Deal",
    "DealError",
    "GAMES",
    "IllegalMoveError",
    "Kind",
    "MalformedMoveError",
    "Match",
    "MatchError",
    "MoveError",
    "OptionError",
    "Round",
    "configure",
    "get_game",
]

__version__ = "0.1.0"
