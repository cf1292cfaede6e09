"""PettingZoo Parallel environment of the five games (issue 16).

The games are turn-based (RULES.md §2, §3): at every step exactly one seat decides.  The
Parallel API still hands every live agent an observation each step and takes a dict of
actions; only the action of the agent to move is played::

    from hanafuda.envs import parallel_env

    env = parallel_env("mushi", players=2)
    observations, infos = env.reset(seed=0)
    while env.agents:
        actions = {agent: env.action_space(agent).sample(observations[agent]["action_mask"])
                   for agent in env.agents}
        observations, rewards, terminations, truncations, infos = env.step(actions)

- **Agents**: ``"player_0"`` … ``"player_{N-1}"``, one per seat, all live until the match
  ends (then ``agents`` is empty).  ``infos[agent]["to_move"]`` marks the one to decide;
  every other agent's ``action_mask`` is all zero and its action is ignored (any value).
- **Actions**: ``Discrete(k)`` of ``action_space="compact"`` (default) or ``"full"``, as in the
  AEC env.
- **Episode, observations, rewards** as in the AEC env (``hanafuda.envs.pettingzoo``): one
  round unless ``options`` give ``rounds`` or ``target`` (RULES.md §6); each seat's side's
  round score when a round ends, or its margin (``reward="margin"``); with
  ``reward_timing="episode_end"`` every agent of a side is credited with the side's whole
  result in the step that ends the match.
- **Illegal actions** (the mover's action outside its mask, or missing): by default
  (``illegal_action="end"``) the match ends unplayed, the offender gets ``illegal_reward``
  (default minus the deck's card points, RULES.md §1), the others 0, and
  ``infos[offender]["illegal_action"]`` is True — what PettingZoo's ``parallel_seed_test``
  (which samples unmasked actions) expects.  ``illegal_action="raise"`` raises
  ``IllegalActionError`` naming every legal action and changes nothing.
- ``reset(seed=s)`` deals as ``Match(..., seed=s)``; ``reset(options={"deal": Deal})`` deals
  the first round as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from ..records import Match
from ..rules import configure
from ..themes import normalize_theme
from ._shared import (
    ActionLayout,
    EnvConfigError,
    IllegalActionError,
    check_action,
    check_observation_key,
    check_render_mode,
    check_reward_mode,
    check_reward_timing,
    deal_from_reset_options,
    deliver_render,
    episode_options,
    observation_space,
    seat_rewards,
    table_text,
)
from .encoding import encode_view

__all__ = ["HanafudaParallelEnv"]

ILLEGAL_ACTION_MODES = ("end", "raise")

Observation = dict[str, npt.NDArray[Any]]


class HanafudaParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A match of one game as a PettingZoo Parallel env (module docstring for the contract)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "hanafuda_parallel_v0",
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        render_mode: str | None = None,
        theme: str = "hanafuda",
        reward: str = "score",
        reward_timing: str = "round_end",
        observation_key: str = "observation",
        action_space: str = "compact",
        illegal_action: str = "end",
        illegal_reward: float | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.options = episode_options(options)
        self.config = configure(game, players, self.options)
        self.render_mode = check_render_mode(render_mode)
        self.theme = normalize_theme(theme)
        self.reward = check_reward_mode(reward)
        self.reward_timing = check_reward_timing(reward_timing)
        self.observation_key = check_observation_key(observation_key)
        self.layout = ActionLayout(self.config, action_space)
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise EnvConfigError(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}, not {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.illegal_reward = (
            float(-self.config.deck_total) if illegal_reward is None else float(illegal_reward)
        )
        self.metadata = {**type(self).metadata,
                         "name": f"hanafuda_{game.replace('-', '_')}_parallel_v0"}
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: observation_space(self.config, self.observation_key, self.layout.size)
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete[np.int64]] = {
            agent: spaces.Discrete(self.layout.size) for agent in self.possible_agents
        }
        self.agents: list[str] = []
        self._np_random: np.random.Generator | None = None
        self._match: Match | None = None
        self._legal: list[int] | None = None
        self._held: list[float] = [0.0] * players

    # -- spaces ----------------------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        try:
            return self._seat_of[agent]
        except (KeyError, TypeError):
            raise EnvConfigError(
                f"unknown agent {agent!r}; agents are: {', '.join(self.possible_agents)}"
            ) from None

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Discrete[np.int64]:
        """``Discrete(k)`` of the action layout, the same object on every call for an agent."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    # -- the match --------------------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The running match (the engine's full state: hidden cards included)."""
        if self._match is None:
            raise EnvConfigError("the env has no match yet: call reset() first")
        return self._match

    def _legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self.match.legal_actions()
        return self._legal

    def _observe(self, seat: int) -> Observation:
        match = self.match
        if match.to_move == seat:
            mask = self.layout.mask(self._legal_actions())
        else:
            mask = np.zeros(self.layout.size, np.int8)
        return {self.observation_key: encode_view(match.view(seat), self.config), "action_mask": mask}

    def _everyone(self) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        to_move = self.match.to_move
        observations = {agent: self._observe(seat) for seat, agent in enumerate(self.possible_agents)}
        infos = {agent: {"to_move": seat == to_move} for seat, agent in enumerate(self.possible_agents)}
        return observations, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deal a new match (seeded as ``Match(seed=seed)`` when ``seed`` is given)."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            match_seed = seed
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random()
            match_seed = int(self._np_random.integers(2**63 - 1))
        deal = deal_from_reset_options(options)
        self._match = Match(self.game, self.players, self.options, seed=match_seed, deal=deal,
                            config=self.config)
        self._legal = None
        self._held = [0.0] * self.players
        self.agents = self.possible_agents[:]
        return self._everyone()

    def step(self, actions: Mapping[str, Any]) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        """Play the action of the agent to move (RULES.md §7); the others' are ignored."""
        if not self.agents:
            raise EnvConfigError("the match is over: call reset() before step()")
        match = self.match
        to_move = match.to_move
        assert to_move is not None  # a running match always rests at a decision
        mover = self.possible_agents[to_move]
        rewards = {agent: 0.0 for agent in self.agents}
        try:
            if mover not in actions:
                raise IllegalActionError(f"{mover} is to move but has no action in {sorted(actions)}")
            engine = check_action(match, actions[mover], self._legal_actions(), mover, self.layout)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            observations, infos = self._everyone()
            rewards[mover] = self.illegal_reward
            infos[mover]["illegal_action"] = True
            self.agents = []
            done = {agent: True for agent in self.possible_agents}
            return observations, rewards, done, {a: False for a in self.possible_agents}, infos
        match.apply(engine)
        self._legal = None
        if match.round_over:
            result = match.current.result
            assert result is not None
            paid = seat_rewards(self.config, result, self.reward)
            if self.reward_timing == "episode_end":
                self._held = [h + r for h, r in zip(self._held, paid, strict=True)]
                paid = self._held if match.finished else [0.0] * self.players
            for seat, value in enumerate(paid):
                rewards[self.possible_agents[seat]] = value
            if not match.finished:
                match.next_round()
        observations, infos = self._everyone()
        finished = match.finished
        terminations = {agent: finished for agent in self.possible_agents}
        truncations = {agent: False for agent in self.possible_agents}
        if finished:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    # -- rendering ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as the seat to move (or seat 0 after the match) sees it: returned
        (``render_mode="ansi"``) or printed (``"human"``)."""
        seat = self.match.to_move or 0
        return deliver_render(self.render_mode, lambda: table_text(
            self.match, seat, self.theme, list(self.possible_agents), self.layout))

    def close(self) -> None:
        """Nothing to release."""
