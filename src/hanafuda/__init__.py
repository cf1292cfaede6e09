"""hanafuda: five hanafuda/hwatu fishing games on one rules engine.

Games: Min-Hwatu, Hana-Awase, Kwa-Dō, Hawaiʻifuda, Mushi (``hanafuda.rules.GAMES``).
The main entry point is ``Match``; see the README for the layers.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import CARDS, Card, CardSet, Kind
    from .engine import Deal, DealError, IllegalMoveError, MalformedMoveError, MatchError, MoveError, Round
    from .records import Match
    from .rules import GAMES, configure, get_game
    from .rules.options import OptionError

_HOMES = {
    "cards": ("CARDS", "Card", "CardSet", "Kind"),
    "engine": ("Deal", "DealError", "IllegalMoveError", "MalformedMoveError", "MatchError", "MoveError",
               "Round"),
    "records": ("Match",),
    "rules": ("GAMES", "configure", "get_game"),
    "rules.options": ("OptionError",),
}

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


def __getattr__(name: str) -> Any:
    """The names above, imported from their module on first use: importing any part of the
    package (``hanafuda.cli`` for ``hanafuda --help``) does not load the engine and the five
    games' rules first (issue 32)."""
    for module, names in _HOMES.items():
        if name in names:
            return getattr(import_module(f".{module}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
