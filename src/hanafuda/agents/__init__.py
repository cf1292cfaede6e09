"""Bots: ``random``, ``greedy`` and ``strong`` behind one interface (DESIGN.md layer 6)."""

from __future__ import annotations

from .base import Agent
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .strong import StrongAgent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "StrongAgent", "make_agent"]

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, StrongAgent)
}


class UnknownAgentError(ValueError):
    """An agent name that is not one of ``AGENTS``."""


def make_agent(name: str) -> Agent:
    """A new agent by name: random, greedy or strong."""
    try:
        return AGENTS[name]()
    except KeyError:
        raise UnknownAgentError(
            f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}"
        ) from None
