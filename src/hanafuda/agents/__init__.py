"""Bots: ``random``, ``greedy``, ``strong``, ``policy`` and ``expert`` behind one interface
(DESIGN.md layer 6); ``hint`` for a seat's best move.  ``make_agent("policy:PATH")`` (or
``expert:PATH``) loads other weights; ``policy:GAME`` names a game's shipped file."""

from __future__ import annotations

from pathlib import Path

from ..rules import GAMES, Config
from .base import Agent
from .expert import ExpertAgent
from .greedy import GreedyAgent
from .hint import Hint, hint
from .learned.policy import WEIGHTS_DIR, PolicyAgent, plays_in_teams, shipped_weights
from .random_agent import RandomAgent
from .strong import StrongAgent

__all__ = ["AGENTS", "Agent", "ExpertAgent", "GreedyAgent", "Hint", "PolicyAgent", "RandomAgent",
           "StrongAgent", "available_bots", "hint", "make_agent", "unavailable_reason",
           "weights_file"]

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, StrongAgent, PolicyAgent, ExpertAgent)
}


NEEDS_WEIGHTS = frozenset({"policy", "expert"})
"""The bots that play from a trained network (``agents/weights``)."""


def available_bots(config: Config) -> tuple[str, ...]:
    """The bots (``AGENTS`` names) that can play ``config``: ``policy`` and ``expert`` only where
    a network is shipped for the game (Koi-Koi has none yet: ``strong`` plays it), never a seat
    that would play at random."""
    trained = shipped_weights(config.game.id, config.players, plays_in_teams(config)) is not None
    return tuple(name for name in AGENTS if trained or name not in NEEDS_WEIGHTS)


def unavailable_reason(name: str, config: Config) -> str | None:
    """Why bot ``name`` cannot play ``config`` (None: it can), naming the bots that can."""
    base = name.partition(":")[0]
    if base in NEEDS_WEIGHTS and ":" not in name and name not in available_bots(config):
        return (f"the {name} bot has no trained network for {config.game.id} with "
                f"{config.players} players; bots that can play it: "
                f"{', '.join(available_bots(config))}")
    return None


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
