"""Bots: ``random``, ``greedy``, ``strong``, ``policy`` and ``expert`` behind one interface
(DESIGN.md layer 6); ``hint`` for a seat's best move.  ``make_agent("policy:PATH")`` (or
``expert:PATH``) loads other weights; ``policy:GAME`` names a game's shipped file."""

from __future__ import annotations

from pathlib import Path

from ..rules import GAMES
from .base import Agent
from .expert import ExpertAgent
from .greedy import GreedyAgent
from .hint import Hint, hint
from .learned.policy import WEIGHTS_DIR, PolicyAgent, shipped_weights
from .random_agent import RandomAgent
from .strong import StrongAgent

__all__ = ["AGENTS", "Agent", "ExpertAgent", "GreedyAgent", "Hint", "PolicyAgent", "RandomAgent",
           "StrongAgent", "hint", "make_agent", "weights_file"]

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, StrongAgent, PolicyAgent, ExpertAgent)
}


class UnknownAgentError(ValueError):
    """An agent name that is not one of ``AGENTS``."""


def weights_file(name: str) -> Path | None:
    """The weights file a ``policy:NAME`` / ``expert:NAME`` agent loads: NAME itself when it
    has a suffix (a path), the shipped ``GAME-Np`` file, or for a bare game id its shipped
    two-player file; None when there is no such file."""
    path = Path(name)
    if not path.suffix:
        if name in GAMES:
            return shipped_weights(name, 2)
        path = WEIGHTS_DIR / f"{name}.npz"
    return path if path.exists() else None


def make_agent(name: str) -> Agent:
    """A new agent by name: random, greedy, strong, policy or expert; ``policy:PATH`` /
    ``expert:PATH`` with a weights file, ``policy:GAME-Np`` or ``policy:GAME`` with a
    shipped one (``weights_file``)."""
    base, sep, weights = name.partition(":")
    if sep and base in ("policy", "expert"):
        path = weights_file(weights)
        if path is None:
            raise UnknownAgentError(f"no weights file for agent {name!r}")
        return PolicyAgent(weights=path) if base == "policy" else ExpertAgent(weights=path)
    try:
        return AGENTS[name]()
    except KeyError:
        raise UnknownAgentError(
            f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}"
        ) from None
