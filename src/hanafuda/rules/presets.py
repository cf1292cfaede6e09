"""Named option sets per game: "Standard" (every default) and well-known house-rule sets.

Each preset is a game fact (the lobby offers them; docs/rules/<game>.md describes every option
they set), so they live in the rules layer.  ``presets(game)`` lists them; every preset's options
are checked by ``configure`` in the tests.
"""

from __future__ import annotations

from . import GAMES
from .options import STANDARD, Preset

__all__ = ["APPLIES", "PRESETS", "Preset", "STANDARD", "applies", "presets"]

_PRESETS: dict[str, tuple[Preset, ...]] = {
    "min-hwatu": (
        STANDARD,
        Preset("korean", "Korean table", "Godori, five brights and the other Korean yaku, and ppeok: "
               "a turned card of the pair just made leaves all three stacked.",
               {"yaku_set": "korean", "flip_matches_pair": "ppeok"}),
        Preset("english", "English sources", "The six core yaku plus the sets found in English-language "
               "rule books.", {"yaku_set": "english"}),
    ),
    "hana-awase": (
        STANDARD,
        Preset("teyaku", "With dealt hands", "Teyaku on: a hand of six or seven chaff may be shown "
               "and is paid by every other player.", {"teyaku": True}),
        Preset("strict", "Strict house rules", "All four willows void the round's yaku, the rain man "
               "cancels viewing yaku, and a round where someone has 20 points or fewer is void.",
               {"willow_row_cancels_yaku": True, "rainman_cancels_viewing": True, "fuke": True}),
    ),
    "kwa-do": (
        STANDARD,
        Preset("sakura", "Sakura yaku", "The Sakura sets (declared by playing one of their cards), "
               "four of a month and five brights score.",
               {"yaku": True, "declare_sets": True, "five_brights": True}),
        Preset("gaji", "Wild Gaji", "The lightning is wild, from the hand and from the stock.",
               {"gaji": True, "gaji_wild_from_stock": True}),
    ),
    "hawaiifuda": (
        STANDARD,
        Preset("combos", "Bonus combos", "Each of the eight three-card combos a player holds costs "
               "every opponent 50.", {"bonus_combos": True}),
    ),
    "mushi": (
        STANDARD,
        Preset("three-yaku", "Three yaku", "The variant without Five Brights.", {"five_brights": False}),
        Preset("strict", "Lightning and pairs", "A card from hand takes the lightning on the field, and "
               "four pairs on the field are a misdeal.",
               {"hand_takes_field_lightning": True, "four_pairs_misdeal": True}),
    ),
}


PRESETS: dict[str, tuple[Preset, ...]] = {
    **_PRESETS, **{g.id: g.presets for g in GAMES.values() if g.presets}
}
"""Every game's presets: the older games' from the table above, a game that lists its own on its
class (``Game.presets``, Koi-Koi) from there."""


def presets(game: str) -> tuple[Preset, ...]:
    """The presets of ``game`` ("Standard" first); just "Standard" for a game without others."""
    return PRESETS.get(game, (STANDARD,))


_APPLIES: dict[str, dict[str, tuple[int, ...]]] = {
    "min-hwatu": {"five_player_bonus": (5,)},
    "kwa-do": {"two_player_hand": (2,), "teams": (4, 6)},
}

APPLIES: dict[str, dict[str, tuple[int, ...]]] = {
    **_APPLIES, **{g.id: dict(g.option_players) for g in GAMES.values() if g.option_players}
}
"""Options that matter only at some player counts (RULES.md §4): the lobby hides them otherwise.
A game's class may list its own (``Game.option_players``)."""


def applies(game: str, option: str, players: int) -> bool:
    """Whether ``option`` of ``game`` changes anything with ``players`` players."""
    counts = APPLIES.get(game, {}).get(option)
    return counts is None or players in counts
