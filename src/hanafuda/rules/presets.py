"""Named option sets per game ("Standard" and well-known house-rule sets) and the options that
matter only at some player counts, read off the games' classes.

Both are game facts kept on each ``Game`` class (``Game.presets``, ``Game.option_players``), so a
game is one module and a subclass inherits them (issue 30: no table keyed by game id).  This
module is the lookup by id for callers that hold a game id (the lobby, the importers).
"""

from __future__ import annotations

from collections.abc import Mapping

from . import GAMES, get_game
from .options import STANDARD, Preset

__all__ = ["APPLIES", "Preset", "STANDARD", "applies", "presets"]


APPLIES: dict[str, Mapping[str, tuple[int, ...]]] = {
    gid: g.option_players for gid, g in GAMES.items() if g.option_players
}
"""Options that matter only at some player counts (RULES.md §4), by game id: each registered
game's ``Game.option_players`` (the lobby's ``applies`` table)."""


def presets(game: str) -> tuple[Preset, ...]:
    """The presets of ``game`` ("Standard" first): ``Game.presets`` of the registered game;
    ``UnknownGameError`` for an id that is not one."""
    return get_game(game).presets


def applies(game: str, option: str, players: int) -> bool:
    """Whether ``option`` of ``game`` changes anything with ``players`` players (RULES.md §4):
    ``Game.option_players`` lists the counts of the options that do not always matter."""
    counts = get_game(game).option_players.get(option)
    return counts is None or players in counts
