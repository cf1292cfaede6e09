"""Gymnasium single-agent environment: one seat learns, the built-in bots play the others (issue 7).

Registered as ``hanafuda/MinHwatu-v0``, ``hanafuda/KwaDo-v0``, ``hanafuda/HanaAwase-v0``,
``hanafuda/Hawaiifuda-v0`` and ``hanafuda/Mushi-v0`` when ``hanafuda.envs`` is imported::

    import gymnasium as gym
    import hanafuda.envs  # registers the ids

    env = gym.make("hanafuda/Mushi-v0", opponent="greedy")
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

- **Episode**: a match (``Match(game, players, options, seed=…)``), one round unless
  ``options`` give ``rounds`` or ``target`` (RULES.md §6).  The bots' moves and the next
  deals happen inside ``reset``/``step``: every observation is a decision of the learner.
- **Observation**: ``{"observation": float32[observation_size], "action_mask": int8[k]}``
  from the learner's ``PlayerView`` only (``hanafuda.envs.encoding``), the same encoding
  as the PettingZoo env; ``info["action_mask"]`` is a copy of the mask.
- **Actions**: ``action_space="compact"`` (default): ``Discrete(k)`` over the k indices this
  configuration can ever use (``engine.action_space.CompactActions``, 100–220);
  ``action_space="full"``: ``Discrete(NUM_ACTIONS)``, the 2,788 layout of every game.
- **Reward**: the learner side's round score when a round ends (team score in team play,
  RULES.md §6, §9); 0 otherwise.  ``reward="margin"``: that score minus the mean of the
  other sides' (zero-sum, ``_shared.side_rewards``).  ``info["round_scores"]`` holds every
  side's scores of the rounds that ended in the step (unscaled).  ``reward_scale=c``
  multiplies every reward, the illegal-action penalty included (round scores run to about
  ±150 points; ``0.01`` brings them near ±1).  ``terminated`` when the match is over; never
  truncated.
- **Masks**: ``action_masks()`` is the learner's legal-action mask as bools (what
  sb3-contrib's ``MaskablePPO`` calls, no wrapper needed).
- **Render modes**: ``None``, ``"ansi"``, ``"human"`` (and ``"ansi_list"`` through
  ``gym.make``); any other raises ``UnsupportedRenderMode``, a ``TypeError``, so SB3's
  ``make_vec_env`` (which tries ``rgb_array`` first) falls back to no render mode.
- **Illegal actions**: by default (``illegal_action="end"``) an action outside the mask ends
  the episode (``terminated``) unplayed, with reward ``illegal_reward`` (default: minus the
  deck's card points, RULES.md §1) and ``info["illegal_action"] = True``: the usual
  convention of masked-action envs, and what Gymnasium's ``check_env`` (which steps with
  unmasked random actions) expects.  ``illegal_action="raise"`` raises
  ``IllegalActionError`` (a ``ValueError``) naming the action and every legal action
  instead, and changes nothing.
- **Seeding**: ``reset(seed=s)`` deals as ``Match(..., seed=s)`` and seeds the bots and a
  random seat from ``s``: the same seed and learner actions give the same episode.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import ResetNeeded

from ..agents import Agent, StrongAgent, make_agent
from ..engine.moves import parse_action
from ..records import Match
from ..rules import GAMES, configure
from ..themes import normalize_theme
from ._shared import (
    ActionLayout,
    EnvConfigError,
    IllegalActionError,
    MatchHolder,
    check_action,
    check_illegal_action,
    check_render_mode,
    check_reward_mode,
    check_reward_scale,
    deal_from_reset_options,
    deliver_render,
    episode_options,
    observation_space,
    side_rewards,
    table_text,
)
from .encoding import encode_view

__all__ = ["ENV_IDS", "HanafudaEnv", "register_envs"]

ENV_IDS: dict[str, str] = {game.env_id: game.id for game in GAMES.values()}
"""The registered Gymnasium ids (``Game.env_id``) and the game each plays."""


VECTOR_ENTRY_POINT = "hanafuda.envs.vector:HanafudaVectorEnv"
"""``gym.make_vec(id, num_envs=…)`` builds the batch simulator's vector env (``hanafuda.envs.vector``)."""

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""


def _make_opponent(opponent: str | Agent) -> Agent:
    if isinstance(opponent, Agent):
        return opponent
    if opponent == "strong":
        # No time limit: the search stops after its iterations, so episodes replay exactly.
        return StrongAgent(time_limit=None)
    return make_agent(opponent)


class HanafudaEnv(MatchHolder, gymnasium.Env[Observation, np.int64]):
    """One seat of a match against bots (module docstring for the contract)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        opponent: str | Agent = "random",
        seat: int | str = 0,
        render_mode: str | None = None,
        theme: str = "hanafuda",
        illegal_action: str = "end",
        illegal_reward: float | None = None,
        reward: str = "score",
        action_space: str = "compact",
        reward_scale: float = 1.0,
    ) -> None:
        """``opponent``: ``"random"``, ``"greedy"``, ``"strong"`` or an ``Agent``, playing every
        other seat; ``seat``: the learner's seat, or ``"random"`` for a new one each reset;
        ``reward``: ``"score"`` or ``"margin"``; ``action_space``: ``"compact"`` or ``"full"``;
        ``reward_scale``: every reward's factor (module docstring)."""
        self.game = game
        self.players = players
        self.options = episode_options(options)
        self.config = configure(game, players, self.options)
        if seat != "random" and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise EnvConfigError(
                f"seat must be 0…{players - 1} or 'random', not {seat!r}"
            )
        self.seat_setting = seat
        self.opponent = _make_opponent(opponent)
        self.illegal_action = check_illegal_action(illegal_action)
        self.reward = check_reward_mode(reward)
        self.reward_scale = check_reward_scale(reward_scale)
        self.illegal_reward = (
            float(-self.config.deck_total) if illegal_reward is None else float(illegal_reward)
        )
        self.render_mode = check_render_mode(render_mode)
        self.theme = normalize_theme(theme)
        self.layout = ActionLayout(self.config, action_space)
        self.observation_space = observation_space(self.config, actions=self.layout.size)
        self.action_space = spaces.Discrete(self.layout.size)
        self.seat = seat if isinstance(seat, int) else 0
        self._match: Match | None = None
        self._legal: list[int] | None = None
        self._bot_rngs: list[random.Random] = []
        self._over = True
        self._round_scores: list[list[int]] = []
        self._names = [
            "learner" if s == self.seat else self.opponent.name for s in range(players)
        ]

    def _no_match(self) -> Exception:
        return ResetNeeded("the env has no match yet: call reset() first")

    # -- the loop ---------------------------------------------------------------------------------

    def _play_bots(self) -> float:
        """Let the bots move and deal new rounds until the learner decides or the match ends.

        Returns the learner side's reward for the rounds that ended (RULES.md §6) and keeps
        their scores for ``info["round_scores"]``.
        """
        match = self.match
        config = self.config
        side = config.side_of[self.seat]
        reward = 0.0
        while True:
            if match.round_over:
                result = match.current.result
                assert result is not None
                reward += float(side_rewards(result.scores, self.reward)[side])
                self._round_scores.append(list(result.scores))
                if match.finished:
                    break
                match.next_round()
                continue
            seat = match.to_move
            assert seat is not None
            if seat == self.seat:
                break
            view = match.view(seat)
            move = self.opponent.choose(view, view.legal, self._bot_rngs[seat])
            match.apply(parse_action(move, config))
        self._legal = None
        return reward

    def _observation(self) -> Observation:
        match = self.match
        if match.to_move == self.seat:
            mask = self.layout.mask(self._legal_actions())
        else:
            mask = np.zeros(self.layout.size, np.int8)
        return {"observation": encode_view(match.view(self.seat), self.config), "action_mask": mask}

    def _info(self, obs: Observation) -> dict[str, Any]:
        info = {"action_mask": obs["action_mask"].copy(), "seat": self.seat,
                "round_scores": self._round_scores}
        self._round_scores = []
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a bool mask (all false once the episode is over):
        the method sb3-contrib's ``MaskablePPO`` looks for."""
        if self._over or self._match is None or self._match.to_move != self.seat:
            return np.zeros(self.layout.size, np.bool_)
        return self.layout.mask(self._legal_actions()).astype(np.bool_)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new match (``Match(seed=seed)`` when seeded) and play the bots up to the
        learner's first decision.  ``options={"deal": Deal}`` deals the first round as given."""
        super().reset(seed=seed)
        rng = self.np_random
        match_seed = seed if seed is not None else int(rng.integers(2**63 - 1))
        if self.seat_setting == "random":
            self.seat = int(rng.integers(self.players))
            self._names = [
                "learner" if s == self.seat else self.opponent.name for s in range(self.players)
            ]
        self._bot_rngs = [random.Random(int(rng.integers(2**63 - 1))) for _ in range(self.players)]
        deal = deal_from_reset_options(options)
        self._match = Match(self.game, self.players, self.options, seed=match_seed, deal=deal,
                            config=self.config)
        self._legal = None
        self._over = False
        self._round_scores = []
        # The learner holds a dealt hand, so no round ends before its first decision (RULES.md §2).
        self._play_bots()
        obs = self._observation()
        return obs, self._info(obs)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the learner's action (RULES.md §7), then the bots up to its next decision."""
        if self._over or self._match is None:
            raise ResetNeeded("the episode is over: call reset() before step()")
        match = self._match
        try:
            engine = check_action(match, action, self._legal_actions(), f"seat {self.seat}", self.layout)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._over = True
            obs = self._observation()
            info = self._info(obs)
            info["illegal_action"] = True
            return obs, self.illegal_reward * self.reward_scale, True, False, info
        match.apply(engine)
        self._legal = None
        reward = self._play_bots() * self.reward_scale
        terminated = match.finished
        self._over = terminated
        obs = self._observation()
        return obs, reward, terminated, False, self._info(obs)

    def render(self) -> Any:
        """The table as the learner's seat sees it: returned (``render_mode="ansi"``, a ``str``) or
        printed (``"human"``, None).  Typed ``Any`` as Gymnasium's ``Env.render`` (a frame type
        variable) admits no concrete override."""
        return deliver_render(self.render_mode,
                              lambda: table_text(self.match, self.seat, self.theme, self._names,
                                                 self.layout))

    def close(self) -> None:
        """Nothing to release."""


def register_envs() -> None:
    """Register the five ids with Gymnasium (idempotent).

    ``gym.make`` kwargs: ``players``, ``options``, ``opponent``, ``seat``, ``render_mode``,
    ``theme``, ``illegal_action``, ``illegal_reward``, ``reward``, ``action_space``,
    ``reward_scale``.
    ``gym.make_vec`` uses the vector env of ``hanafuda.envs.vector`` (its own kwargs).
    """
    for env_id, game in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="hanafuda.envs.gym:HanafudaEnv",
                vector_entry_point=VECTOR_ENTRY_POINT,
                kwargs={"game": game},
            )
