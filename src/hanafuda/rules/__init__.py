"""The six games and their registry (RULES.md §4; Koi-Koi: docs/rules/koi-koi.md)."""

from __future__ import annotations

from .base import Config, Game, RoundFacts, RoundScore, ScoreTerm, WildRule, Yaku
from .hana_awase import HanaAwase
from .hawaiifuda import Hawaiifuda
from .koi_koi import KoiKoi
from .kwa_do import KwaDo
from .min_hwatu import MinHwatu
from .mushi import Mushi
from .options import OptionError

__all__ = [
    "Config",
    "GAMES",
    "Game",
    "RoundFacts",
    "RoundScore",
    "ScoreTerm",
    "UnknownGameError",
    "WildRule",
    "Yaku",
    "configure",
    "get_game",
]

GAMES: dict[str, type[Game]] = {
    g.id: g for g in (MinHwatu, HanaAwase, KwaDo, Hawaiifuda, Mushi, KoiKoi)
}


class UnknownGameError(OptionError):
    """A game name that is not one of the registered games."""


def get_game(name: str) -> type[Game]:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"unknown game {name!r}; games are: {', '.join(GAMES)}"
        ) from None


def configure(game: str, players: int, options: dict[str, object] | None = None) -> Config:
    """Validate a game, player count and options; raises ``OptionError`` naming the problem."""
    return get_game(game).configure(players, options)
