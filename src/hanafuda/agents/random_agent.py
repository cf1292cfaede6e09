"""``random``: uniform over the legal moves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from ..views import PlayerView
from .base import Agent

__all__ = ["RandomAgent"]


class RandomAgent(Agent):
    name: ClassVar[str] = "random"
    display_name: ClassVar[str] = "Beginner bot"
    description: ClassVar[str] = "uniform over the legal moves"

    def choose(
        self,
        view: PlayerView,
        legal: Sequence[str],
        rng: random.Random,
        budget: float | None = None,
    ) -> str:
        return legal[rng.randrange(len(legal))]
