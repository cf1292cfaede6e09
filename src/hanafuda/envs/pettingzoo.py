"""PettingZoo AEC environment of the five games (issue 7).

One agent per seat, ``"player_0"`` … ``"player_{N-1}"``; the agent to act is the seat
the engine asks for a decision (RULES.md §2 turn order, §3 turns, teyaku and take
choices included)::

    from hanafuda.envs import pettingzoo_env

    env = pettingzoo_env("kwa-do", players=4, options={"teams": [[0, 2], [1, 3]]})
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

- **Episode**: a match (``Match(game, players, options, seed=…)``).  Unless ``options``
  give ``rounds`` or ``target`` (RULES.md §6), the episode is one round.  Between rounds
  the env deals the next round itself.
- **Observation**: ``{"observation": float32[observation_size], "action_mask": int8[k]}``
  built from the seat's ``PlayerView`` only (``hanafuda.envs.encoding``); the mask is all
  zero for a seat that is not to act.
- **Actions**: ``Discrete(k)``: with ``action_space="compact"`` (default) the k indices the
  configuration can ever use (``engine.action_space.CompactActions``), with ``"full"`` the
  2,786 layout of ``hanafuda.engine.action_space`` (``NUM_ACTIONS``).  An
  illegal action raises ``IllegalActionError`` (a ``ValueError``) naming it and every
  legal action, and changes nothing.  A terminated agent steps with ``None``.
- **Rewards**: when a round ends, every seat gets its side's round score (in team play
  the team's score, RULES.md §6, §9); 0 otherwise.  ``reward="margin"``: the side's score
  minus the mean of the other sides' (zero-sum).  ``reward_timing="episode_end"``: the
  rewards of every round are held and paid to every agent in the step that ends the match,
  so a learner is credited with its side's whole result whoever made the last move (the
  loops of Tianshou and others read the reward of the step's agents only).
- ``illegal_action="end"`` (``"raise"`` by default): an illegal action ends the match
  unplayed, the offender gets ``illegal_reward`` (default minus the deck's card points,
  RULES.md §1), the others 0, ``infos[offender]["illegal_action"]`` is True — what RLlib's
  env check (which steps an unmasked random action) needs.
- ``observation_key="observations"`` renames the observation tensor (RLlib's action-masking
  modules read ``"observations"``); ``hanafuda.envs.rllib`` passes it.
- **Terminations**: every agent once the match is over; no truncations.
- ``reset(seed=s)`` deals as ``Match(..., seed=s)`` does; ``reset()`` draws the next seed
  from the env's generator.  ``reset(options={"deal": Deal})`` deals the first round as
  given.  ``render_mode="ansi"``: ``render()`` returns the table as the current agent sees
  it; ``"human"`` prints it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

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

__all__ = ["HanafudaAECEnv"]

Observation = dict[str, npt.NDArray[Any]]


class HanafudaAECEnv(AECEnv):  # type: ignore[misc]
    """A match of one game as a PettingZoo AEC env (module docstring for the contract)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "hanafuda_v0",
        "is_parallelizable": False,
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
        illegal_action: str = "raise",
        illegal_reward: float | None = None,
    ) -> None:
        """``game`` and ``players`` as in ``Match``; ``options`` the game's options (RULES.md §9),
        validated now (``OptionError``); ``theme`` names the cards in ``render()``; ``reward``,
        ``reward_timing`` and ``observation_key`` as in the module docstring."""
        super().__init__()
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
        self._held: list[float] = [0.0] * players
        if illegal_action not in ("raise", "end"):
            raise EnvConfigError(f"illegal_action must be one of raise, end, not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = (
            float(-self.config.deck_total) if illegal_reward is None else float(illegal_reward)
        )
        self.metadata = {**type(self).metadata, "name": f"hanafuda_{game.replace('-', '_')}_v0"}
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: observation_space(self.config, self.observation_key, self.layout.size)
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete[np.int64]] = {
            agent: spaces.Discrete(self.layout.size) for agent in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self._match: Match | None = None
        self._legal: list[int] | None = None
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self._skip_agent_selection: str | None = None

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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: seeded as ``Match(seed=seed)`` when ``seed`` is given."""
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
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._held = [0.0] * self.players
        to_move = self._match.to_move
        assert to_move is not None  # a dealt round always rests at a decision
        self.agent_selection = self.possible_agents[to_move]

    def observe(self, agent: str) -> Observation:
        """The agent's observation, from its seat's ``PlayerView`` only (DESIGN.md layer 4)."""
        seat = self._seat(agent)
        match = self.match
        if match.to_move == seat:
            mask = self.layout.mask(self._legal_actions())
        else:
            mask = np.zeros(self.layout.size, np.int8)
        return {self.observation_key: encode_view(match.view(seat), match.config), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play the current agent's action (RULES.md §7); a dead agent steps with ``None``."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        match = self.match
        if action is None:
            raise EnvConfigError(f"{agent} is to act: action None is only for terminated agents")
        try:
            engine = check_action(match, action, self._legal_actions(), agent, self.layout)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._cumulative_rewards[agent] = 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            return
        self._cumulative_rewards[agent] = 0.0
        match.apply(engine)
        self._legal = None
        self.rewards = {a: 0.0 for a in self.agents}
        if match.round_over:
            result = match.current.result
            assert result is not None
            paid = seat_rewards(self.config, result, self.reward)
            if self.reward_timing == "episode_end":
                self._held = [h + r for h, r in zip(self._held, paid, strict=True)]
                paid = self._held if match.finished else [0.0] * self.players
            for seat, reward in enumerate(paid):
                self.rewards[self.possible_agents[seat]] = reward
            if match.finished:
                self.terminations = {a: True for a in self.agents}
            else:
                match.next_round()
        self._accumulate_rewards()
        to_move = match.to_move
        self.agent_selection = self.agents[0] if to_move is None else self.possible_agents[to_move]

    # -- rendering ------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as the current agent's seat sees it: returned (``render_mode="ansi"``)
        or printed (``"human"``)."""
        return deliver_render(self.render_mode, lambda: table_text(
            self.match, self._seat(self.agent_selection), self.theme, list(self.possible_agents),
            self.layout))

    def close(self) -> None:
        """Nothing to release."""
