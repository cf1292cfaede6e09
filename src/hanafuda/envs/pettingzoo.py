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
  2,788 layout of ``hanafuda.engine.action_space`` (``NUM_ACTIONS``).  An
  illegal action raises ``IllegalActionError`` (a ``ValueError``) naming it and every
  legal action, and changes nothing.  A terminated agent steps with ``None``.
- **Rewards**: when a round ends, every seat gets its side's round score (in team play
  the team's score, RULES.md §6, §9); 0 otherwise.  ``reward="margin"``: the side's score
  minus the mean of the other sides' (zero-sum).  ``reward_timing="episode_end"``: the
  rewards of every round are held and paid to every agent in the step that ends the match.
  A loop that keeps only the acting agent's reward of each step (Tianshou's) still misses
  it when another agent's move ends the match: wrap the env in
  ``hanafuda.envs.team_credit.TeamCreditEnv``.
  ``reward_scale=c`` multiplies every reward, the illegal-action penalty included (round
  scores run to about ±150 points; ``0.01`` brings them near ±1 for learners that clip
  value losses, such as RLlib's PPO).  ``reward_shaping="card_points"`` credits a capture
  when it is made: potential-based shaping (Ng et al. 1999) with the side's captured card
  points as the potential — every step pays its change, the round's last step pays the
  round's reward minus it — so a round's rewards still sum to its score (or margin) and the
  best policy is unchanged (at discount 1); it needs ``reward_timing="round_end"``.
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

from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ._seated import Observation, SeatedMatchEnv
from ._shared import EnvConfigError, IllegalActionError, check_action

__all__ = ["HanafudaAECEnv"]


class HanafudaAECEnv(SeatedMatchEnv, AECEnv):  # type: ignore[misc]
    """A match of one game as a PettingZoo AEC env (module docstring for the contract)."""

    metadata: dict[str, Any] = {**SeatedMatchEnv.metadata, "is_parallelizable": False}

    def _started(self) -> None:
        """Every agent alive, no reward yet, the agent to move selected (a dealt round always
        rests at a decision); before the first deal, ``player_0``."""
        self.rewards: dict[str, float] = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards: dict[str, float] = {agent: 0.0 for agent in self.agents}
        self.terminations: dict[str, bool] = {agent: False for agent in self.agents}
        self.truncations: dict[str, bool] = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection: str | None = None
        to_move = self._match.to_move if self._match is not None else 0
        assert to_move is not None
        self.agent_selection: str = self.possible_agents[to_move]

    # -- the match --------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: seeded as ``Match(seed=seed)`` when ``seed`` is given."""
        self._deal(seed, options)

    def observe(self, agent: str) -> Observation:
        """The agent's observation, from its seat's ``PlayerView`` only (DESIGN.md layer 4)."""
        return self._observation(self._seat(agent))

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
        paid = self._play(engine)
        self.rewards = {a: 0.0 for a in self.agents}
        for seat, reward in enumerate(paid or ()):
            self.rewards[self.possible_agents[seat]] = reward
        if match.finished:
            self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()
        to_move = match.to_move
        self.agent_selection = self.agents[0] if to_move is None else self.possible_agents[to_move]

    def _render_seat(self) -> int:
        """``render()`` shows the table as the current agent's seat sees it."""
        return self._seat(self.agent_selection)
