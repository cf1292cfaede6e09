"""Bot levels a person picks by name, ``Beginner`` to ``Expert`` (issue 31, "Strength you can feel
on the table").

A level is only a name for an agent spec that ``make_agent`` already accepts: this table is the
one place that says which bot and budget each level is, so the arena, ``hanafuda play --bots``
and the web's table forms all mean the same bot by "Intermediate".  The searching levels play
on their budgets (rollouts, simulations), so they are as strong on a loaded server as on an idle
one.  Each level is measured against the next in whole matches, and its decision time with
``benchmarks/bots.py --levels``, in docs/bots-results/levels.md.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LEVELS", "Level", "find_level"]


@dataclass(frozen=True)
class Level:
    """One rung of the ladder: ``id`` (lower case, the name the interfaces send), the name a
    person reads, the agent spec it plays (a ``make_agent`` name) and one sentence on how it
    plays."""

    id: str
    display_name: str
    agent: str
    description: str


LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner", "random",
          "Plays any legal card: a first table to learn the turn on."),
    Level("casual", "Casual", "greedy",
          "Takes the best capture it sees now and guards against an obvious loss, never looking "
          "further ahead."),
    Level("intermediate", "Intermediate", "policy",
          "Plays at once the move its learned network values most: it knows what the cards and "
          "sets are worth, without reading ahead."),
    Level("strong", "Strong", "strong",
          "Plays each candidate out on 600 random deals of the cards it cannot see."),
    Level("expert", "Expert", "expert",
          "The learned network's best moves searched on 4,800 simulations, playing to win the "
          "match; where no network is trained for the game, choose Strong."),
)
"""The ladder, weakest first; each level is stronger than the one before it in whole matches
(docs/bots.md, "Levels").  Intermediate and Expert play from a trained network: where a game has
none (``Game.trained_networks``), they are not offered and Strong is."""

_BY_ID = {level.id: level for level in LEVELS}


def find_level(name: str) -> Level | None:
    """The level ``name`` names, in any letter case ("Beginner", "beginner"); None for a name
    that is not a level."""
    return _BY_ID.get(name.strip().lower()) if isinstance(name, str) else None
