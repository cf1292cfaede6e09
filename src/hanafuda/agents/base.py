"""The agent interface (DESIGN.md layer 6).

An agent sees one seat's ``PlayerView`` and the legal moves, gets its own seeded
``random.Random`` and an optional time budget, and returns one of the legal moves.
It never sees the engine's full state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from ..views import PlayerView

__all__ = ["Agent"]


class Agent(ABC):
    """Chooses a move for the seat of ``view``. Works for every kind of decision."""

    name: ClassVar[str]
    display_name: ClassVar[str] = "Bot"
    """How a person reads this bot in English: its level's name ("Casual bot" for the greedy bot,
    ``levels.LEVELS``), the one name the catalogue's ``botname.<id>`` gives it everywhere."""
    description: ClassVar[str] = ""

    @abstractmethod
    def choose(
        self,
        view: PlayerView,
        legal: Sequence[str],
        rng: random.Random,
        budget: float | None = None,
    ) -> str:
        """One of ``legal`` (canonical strings, RULES.md §7); ``budget`` is seconds, if any."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
