"""Bots: ``random``, ``greedy``, ``strong``, ``policy`` and ``expert`` behind one interface
(DESIGN.md layer 6); ``hint`` for a seat's best move.  ``make_agent("policy:PATH")`` (or
``expert:PATH``) loads other weights; ``policy:GAME`` names a game's shipped file."""

from __future__ import annotations

from pathlib import Path

from .base import Agent
from .expert import ExpertAgent
from .greedy import GreedyAgent
from .hint import Hint, hint
from .learned.policy import WEIGHTS_DIR, PolicyAgent
from .random_agent import RandomAgent
from .strong import StrongAgent

__all__ = ["AGENTS", "Agent", "ExpertAgent", "GreedyAgent", "Hint", "PolicyAgent", "RandomAgent",
           "StrongAgent", "hint", "make_agent"]

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, StrongAgent, PolicyAgent, ExpertAgent)
}


class UnknownAgentError(ValueError):
    """An agent name that is not one of ``AGENTS``."""


def make_agent(name: str) -> Agent:
    """A new agent by name: random, greedy, strong, policy or expert; ``policy:PATH`` /
    ``expert:PATH`` with a weights file, ``policy:GAME`` / ``policy:GAME-Np`` with a shipped one."""
    base, sep, weights = name.partition(":")
    if sep and base in ("policy", "expert"):
        path = Path(weights)
        if not path.suffix:
            path = WEIGHTS_DIR / f"{weights}.npz"
            if not path.exists():  # a game's name: its 2-player file
                path = WEIGHTS_DIR / f"{weights}-2p.npz"
        if not path.exists():
            raise UnknownAgentError(f"no weights file {str(path)!r} for agent {name!r}")
        return PolicyAgent(weights=path) if base == "policy" else ExpertAgent(weights=path)
    try:
        return AGENTS[name]()
    except KeyError:
        raise UnknownAgentError(
            f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}"
        ) from None
