"""Team credit for loops that read the acting agent's reward only, such as Tianshou's (issue 32).

Tianshou's ``PettingZooEnv`` returns the step's rewards of every agent, but its multi-agent
manager files each step under the agent that acted and keeps that agent's entry only
(``MultiAgentPolicyManager``: ``rew[:, agent_index]`` of the transitions whose
``obs.agent_id`` is the agent).  A reward paid in a step some other agent took is lost to the
learner: when the round ends on an opponent's or the partner's move, the learner never sees
its side's round score (RULES.md §4, §6; in team play, §9, the partner shares it).  Holding
the rewards to the match's end (``reward_timing="episode_end"``) does not help: the end is
still one agent's step.

``TeamCreditEnv`` wraps the AEC env (``hanafuda.envs.pettingzoo``) so that every agent is
paid in a step of its own:

- Every reward is held for its agent until the episode ends (so a transition never carries
  a reward earned by another agent's move).
- The agent whose move ends the match is paid what it is owed in that step.
- Then every other agent, in seat order from the next seat, gets one **settlement turn**:
  it observes its final observation with a mask allowing action 0 only (``infos[agent]
  ["settlement"]`` is True), steps it, and is paid what it is owed in that step.
- After the last settlement every agent terminates (the AEC protocol goes on as usual:
  terminated agents step ``None``).

So each agent's rewards over an episode sum to its side's result (score or margin, scaled as
the env says) and arrive in its own last transition; at discount 1 the return from each of
its decisions is its side's result.  Use it with ``reward_timing="episode_end"`` (the default
of ``tianshou_env``); shaping rewards, which exist to arrive early, are refused.

    from hanafuda.envs.team_credit import tianshou_env
    env = tianshou_env("kwa-do", 4, {"teams": [[0, 2], [1, 3]]})   # tianshou.env.PettingZooEnv
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ._shared import EnvConfigError, IllegalActionError
from .pettingzoo import HanafudaAECEnv

__all__ = ["SETTLE", "TeamCreditEnv", "tianshou_env"]

SETTLE = 0
"""The one legal action of a settlement turn."""


class TeamCreditEnv(AECEnv):  # type: ignore[misc]
    """``env`` with every agent paid in its own step (module docstring)."""

    def __init__(self, env: HanafudaAECEnv) -> None:
        super().__init__()
        if not isinstance(env, HanafudaAECEnv):
            raise EnvConfigError(f"TeamCreditEnv wraps hanafuda's AEC env, not {type(env).__name__}")
        if env.reward_shaping != "none":
            raise EnvConfigError("TeamCreditEnv holds every reward to the episode's end: shaping "
                                 "rewards would arrive late; use reward_shaping='none'")
        self.env = env
        self.metadata = {**env.metadata, "name": f"{env.metadata['name']}_team_credit"}
        self.possible_agents = list(env.possible_agents)
        self.render_mode = env.render_mode
        self._mask_key = "action_mask"
        self._start()

    # -- spaces and observations -----------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self.env.observation_space(agent)

    def action_space(self, agent: str) -> Any:
        return self.env.action_space(agent)

    def observe(self, agent: str) -> Any:
        observation = self.env.observe(agent)
        if agent in self._settling:
            mask = np.zeros_like(observation[self._mask_key])
            mask[SETTLE] = 1
            observation = {**observation, self._mask_key: mask}
        return observation

    def render(self) -> Any:
        return self.env.render()

    def close(self) -> None:
        self.env.close()

    # -- the episode ------------------------------------------------------------------------

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._owed = {a: 0.0 for a in self.agents}
        self._settling: list[str] = []
        self._skip_agent_selection: str | None = None
        self.agent_selection = self.env.agent_selection

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed=seed, options=options)
        self._start()

    @property
    def match(self) -> Any:
        """The wrapped env's match."""
        return self.env.match

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._settling:
            if action is None or int(action) != SETTLE:
                raise IllegalActionError(f"{agent} is settling the finished match: its only legal "
                                         f"action is {SETTLE}, not {action!r}")
            self._cumulative_rewards[agent] = 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            self._pay(agent)
            self._settling.pop(0)
            self._next_settlement()
        else:
            self.env.step(action)  # an illegal action raises here, before anything changes
            self._cumulative_rewards[agent] = 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            for a, reward in self.env.rewards.items():
                self._owed[a] += reward
            self.infos = {a: dict(self.env.infos.get(a, {})) for a in self.agents}
            if all(self.env.terminations.get(a, False) for a in self.agents):
                self._pay(agent)
                seats = self.possible_agents
                start = seats.index(agent)
                self._settling = [seats[(start + k) % len(seats)] for k in range(1, len(seats))]
                self._next_settlement()
            else:
                self.agent_selection = self.env.agent_selection
        self._accumulate_rewards()

    def _pay(self, agent: str) -> None:
        self.rewards[agent] = self._owed[agent]
        self._owed[agent] = 0.0

    def _next_settlement(self) -> None:
        if self._settling:
            self.agent_selection = self._settling[0]
            self.infos[self.agent_selection] = {**self.infos.get(self.agent_selection, {}),
                                                "settlement": True}
        else:
            self.terminations = {a: True for a in self.agents}


def tianshou_env(game: str, players: int = 2, options: Mapping[str, Any] | None = None,
                 **kwargs: Any) -> Any:
    """Tianshou's ``PettingZooEnv`` around ``TeamCreditEnv`` of the AEC env (``kwargs`` are the
    AEC env's; ``reward_timing`` defaults to ``"episode_end"``).  Needs ``tianshou``."""
    from tianshou.env import PettingZooEnv  # type: ignore[import-not-found, unused-ignore]

    kwargs.setdefault("reward_timing", "episode_end")
    return PettingZooEnv(TeamCreditEnv(HanafudaAECEnv(game, players, dict(options or {}), **kwargs)))
