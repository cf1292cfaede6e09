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
  result in the step that ends the match; ``reward_scale`` and ``reward_shaping`` as in the
  AEC env.
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

from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from ._seated import Observation, SeatedMatchEnv
from ._shared import EnvConfigError, IllegalActionError, check_action

__all__ = ["HanafudaParallelEnv"]


class HanafudaParallelEnv(SeatedMatchEnv, ParallelEnv):  # type: ignore[misc]
    """A match of one game as a PettingZoo Parallel env (module docstring for the contract)."""

    metadata: dict[str, Any] = {**SeatedMatchEnv.metadata, "name": "hanafuda_parallel_v0"}
    name_format = "hanafuda_{game}_parallel_v0"
    default_illegal_action = "end"

    # -- the match --------------------------------------------------------------------------------

    def _everyone(self) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        to_move = self.match.to_move
        observations = {agent: self._observation(seat) for seat, agent in enumerate(self.possible_agents)}
        infos = {agent: {"to_move": seat == to_move} for seat, agent in enumerate(self.possible_agents)}
        return observations, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deal a new match (seeded as ``Match(seed=seed)`` when ``seed`` is given)."""
        self._deal(seed, options)
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
        for seat, value in enumerate(self._play(engine) or ()):
            rewards[self.possible_agents[seat]] = value
        observations, infos = self._everyone()
        finished = match.finished
        terminations = {agent: finished for agent in self.possible_agents}
        truncations = {agent: False for agent in self.possible_agents}
        if finished:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _render_seat(self) -> int:
        """``render()`` shows the table as the seat to move (seat 0 after the match) sees it."""
        return self.match.to_move or 0
