"""Bots: ``random``, ``greedy``, ``strong``, ``policy`` and ``expert`` behind one interface
(DESIGN.md layer 6); ``hint`` for a seat's best move.  ``make_agent("policy:PATH")`` (or
``expert:PATH``) loads other weights; ``policy:GAME`` names a game's shipped file;
``strong@N`` / ``expert@N`` set a search budget (the arena's names, one parser); the levels a
person picks, ``Beginner`` … ``Expert`` (``levels.LEVELS``), name such specs."""

from __future__ import annotations

from pathlib import Path

from ..rules import GAMES, Config
from .base import Agent
from .expert import ROLLOUTS, ExpertAgent
from .greedy import GreedyAgent
from .hint import Hint, hint
from .learned.policy import WEIGHTS_DIR, PolicyAgent, plays_in_teams, shipped_weights
from .levels import LEVELS, Level, find_level
from .random_agent import RandomAgent
from .strong import StrongAgent

__all__ = ["AGENTS", "LEVELS", "ROUND_OBJECTIVE", "Agent", "ExpertAgent", "GreedyAgent", "Hint",
           "Level", "PolicyAgent", "RandomAgent", "SEARCHES", "StrongAgent", "UnknownAgentError",
           "available_bots", "available_levels", "find_level", "hint",
           "is_bot_name", "make_agent", "unavailable_reason", "weights_file"]

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, StrongAgent, PolicyAgent, ExpertAgent)
}


NEEDS_WEIGHTS = frozenset({"policy", "expert"})
"""The bots that play from a trained network (``agents/weights``)."""


def available_bots(config: Config) -> tuple[str, ...]:
    """The bots (``AGENTS`` names) that can play ``config``: ``policy`` and ``expert`` only where
    a network is shipped for the game (a game without one: ``strong`` plays it), never a seat
    that would play at random."""
    trained = shipped_weights(config.game.id, config.players, plays_in_teams(config)) is not None
    return tuple(name for name in AGENTS if trained or name not in NEEDS_WEIGHTS)


def available_levels(config: Config) -> tuple[str, ...]:
    """The levels (``LEVELS`` ids, weakest first) that can play ``config``: those whose bot can
    (``available_bots``); without a trained network Intermediate and Expert are not offered,
    Strong is."""
    return tuple(level.id for level in LEVELS if _bot_unavailable(level.agent, config) is None)


def is_bot_name(name: object) -> bool:
    """Whether a table seat may name this bot: an ``AGENTS`` name or a level in any letter case
    (the names the web and ``hanafuda play --bots`` accept)."""
    return isinstance(name, str) and (name in AGENTS or find_level(name) is not None)


def unavailable_reason(name: str, config: Config) -> str | None:
    """Why bot ``name`` cannot play ``config`` (None: it can), naming the bots that can.  A level
    is judged by the bot it names."""
    level = find_level(name)
    if level is None or name in AGENTS:
        return _bot_unavailable(name, config)
    if _bot_unavailable(level.agent, config) is None:
        return None
    return (f"the {level.display_name} level has no trained network for {config.game.id} with "
            f"{config.players} players; levels that can play it: "
            f"{', '.join(available_levels(config))}")


def _bot_unavailable(name: str, config: Config) -> str | None:
    """``unavailable_reason`` of a bot spec (not a level)."""
    if ":" in name:  # its own weights file
        return None
    base = name.partition("@")[0].partition("/")[0]  # expert@400/round is expert
    if base in NEEDS_WEIGHTS and base not in available_bots(config):
        return (f"the {base} bot has no trained network for {config.game.id} with "
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


SEARCHES: dict[str, tuple[str, str]] = {
    "": ("batch", "greedy"),
    "scalar": ("scalar", "fast"),
    **{r: ("scalar", r) for r in ROLLOUTS},
    **{f"scalar-{r}": ("scalar", r) for r in ROLLOUTS},
    "batch": ("batch", "fast"),
    **{f"batch-{r}": ("batch", r) for r in ROLLOUTS},
}
"""``expert@N/SUFFIX``: the engine and rollout policy each suffix names.  No suffix is the
default expert's search (batch engine, greedy rollouts) at budget N; ``/fast`` and ``/greedy``
keep their meaning from before the default moved to the batch (scalar engine, that rollout
policy), ``/scalar`` is the scalar engine with fast rollouts (``expert@600/scalar``: the
default before issue 13's switch); ``/batch`` is the batch engine with fast rollouts."""


ROUND_OBJECTIVE = "/round"
"""A suffix of ``expert…`` and ``strong…`` names (``expert/round``, ``expert@400/round``,
``strong/round``): the bot maximises the round margin even with a match to play for (issue 31;
without it they play for the match where a match-equity table exists)."""


def _budgeted(name: str, base: str, budget: str) -> Agent:
    """``strong@N`` / ``expert@N[/SEARCH]``: the search bot on N rollouts / simulations and on
    that budget only (no wall-clock cut-off, so the same seed plays the same moves)."""
    budget, slash, suffix = budget.partition("/")
    suffixes = [s for s in SEARCHES if s]
    if (not budget.isdigit() or int(budget) < 1 or base not in ("strong", "expert")
            or (slash and (base != "expert" or suffix not in suffixes))):
        raise UnknownAgentError(f"bad agent {name!r}: use strong@N, expert@N or expert@N/SEARCH "
                                f"(N ≥ 1; SEARCH one of {', '.join(suffixes)})")
    if base == "strong":
        return StrongAgent(iterations=int(budget), time_limit=None)
    engine, rollouts = SEARCHES[suffix]
    return ExpertAgent(simulations=int(budget), time_limit=None, engine=engine, rollouts=rollouts)


def make_agent(name: str) -> Agent:
    """A new agent by name — the one parser of agent names, shared by the arena, the CLI and
    the envs' opponents:

    - ``random``, ``greedy``, ``strong``, ``policy``, ``expert`` (``AGENTS``);
    - ``strong@N`` (N rollouts) and ``expert@N`` / ``expert@N/SEARCH`` (N simulations, the
      search ``SEARCHES`` names), on their budgets only (no time limit: deterministic);
    - ``policy:PATH`` / ``expert:PATH`` with a weights file, ``policy:GAME-Np`` or
      ``policy:GAME`` with a shipped one (``weights_file``).

    - any ``expert…`` or ``strong…`` name followed by ``/round`` (``ROUND_OBJECTIVE``): that bot
      maximising the round margin even with a match to play for (issue 31);
    - a level, in any letter case: ``beginner``, ``casual``, ``intermediate``, ``strong``,
      ``expert`` (``levels.LEVELS``; "Strong" and "Expert" are the bots of those names).

    ``UnknownAgentError`` (a ``ValueError``) names what is accepted."""
    level = find_level(name)
    if level is not None:
        name = level.agent
    if name.endswith(ROUND_OBJECTIVE):
        agent = make_agent(name.removesuffix(ROUND_OBJECTIVE))
        if not isinstance(agent, ExpertAgent | StrongAgent):
            raise UnknownAgentError(f"bad agent {name!r}: only expert… and strong… names take "
                                    f"{ROUND_OBJECTIVE}")
        agent.objective = "round"
        return agent
    base, sep, weights = name.partition(":")
    if sep and base in ("policy", "expert"):
        path = weights_file(weights)
        if path is None:
            raise UnknownAgentError(f"no weights file for agent {name!r}")
        return PolicyAgent(weights=path) if base == "policy" else ExpertAgent(weights=path)
    base, sep, budget = name.partition("@")
    if sep:
        return _budgeted(name, base, budget)
    try:
        return AGENTS[name]()
    except KeyError:
        raise UnknownAgentError(
            f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}, strong@N, expert@N, "
            "expert@N/SEARCH, policy:PATH, expert:PATH; levels are: "
            f"{', '.join(level.display_name for level in LEVELS)}"
        ) from None
