"""What the PettingZoo AEC and Parallel envs share: a match with one agent per seat.

``SeatedMatchEnv`` holds the configuration (options, reward mode and timing, observation key,
action layout, illegal-action handling), the agents and their spaces, the seeded deal of
``reset`` and the step logic that both APIs run after an action is checked: play it
(RULES.md §7), pay the round's rewards when a round ends (its side's score or margin,
RULES.md §4, §6; held to the match's end with ``reward_timing="episode_end"``) and deal the
next round until the match is over.  Each env keeps its own API around it
(``pettingzoo.HanafudaAECEnv``, ``parallel.HanafudaParallelEnv``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding

from ..records import Match
from ..rules import configure
from ..themes import normalize_theme
from ._shared import (
    ActionLayout,
    EnvConfigError,
    MatchHolder,
    capture_potentials,
    check_illegal_action,
    check_observation_key,
    check_render_mode,
    check_reward_mode,
    check_reward_scale,
    check_reward_shaping,
    check_reward_timing,
    deal_from_reset_options,
    deliver_render,
    episode_options,
    observation_space,
    seat_rewards,
    table_text,
)
from .encoding import encode_view

__all__ = ["Observation", "SeatedMatchEnv"]

Observation = dict[str, npt.NDArray[Any]]


class SeatedMatchEnv(MatchHolder):
    """A match of one game with agents ``"player_0"`` … ``"player_{N-1}"`` (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "hanafuda_v0",
                                "render_fps": 1}
    name_format = "hanafuda_{game}_v0"
    """The env's ``metadata["name"]`` (``{game}`` is the game with ``_`` for ``-``)."""
    default_illegal_action = "raise"
    """``illegal_action`` when the caller gives none."""

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
        illegal_action: str | None = None,
        illegal_reward: float | None = None,
        reward_scale: float = 1.0,
        reward_shaping: str = "none",
    ) -> None:
        """``game`` and ``players`` as in ``Match``; ``options`` the game's options (RULES.md
        §9), validated now (``OptionError``); ``theme`` names the cards in ``render()``; the
        rest as in the envs' module docstrings (``illegal_action`` defaults to the class's
        ``default_illegal_action``)."""
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
        self.illegal_action = check_illegal_action(
            self.default_illegal_action if illegal_action is None else illegal_action)
        self.reward_scale = check_reward_scale(reward_scale)
        self.reward_shaping = check_reward_shaping(reward_shaping, self.reward_timing)
        self.illegal_reward = self.reward_scale * (
            float(-self.config.deck_total) if illegal_reward is None else float(illegal_reward)
        )
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
        self._potential_start: list[float] = [0.0] * players
        self._potential: list[float] = [0.0] * players
        self.metadata = {**type(self).metadata,
                         "name": self.name_format.format(game=game.replace("-", "_"))}
        self._started()

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

    def _observation(self, seat: int) -> Observation:
        """The seat's observation from its ``PlayerView`` only (DESIGN.md layer 4); the mask
        is all zero unless the seat is to move."""
        match = self.match
        if match.to_move == seat:
            mask = self.layout.mask(self._legal_actions())
        else:
            mask = np.zeros(self.layout.size, np.int8)
        return {self.observation_key: encode_view(match.view(seat), self.config), "action_mask": mask}

    def _started(self) -> None:
        """Hook: set the API's per-match state; called when the env is built (no match yet)
        and after every deal."""

    def _deal(self, seed: int | None, options: Mapping[str, Any] | None) -> Match:
        """A new match: seeded as ``Match(seed=seed)`` when ``seed`` is given, else from the
        env's generator; ``options={"deal": Deal}`` deals its first round as given."""
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
        self._round_dealt()
        self.agents = self.possible_agents[:]
        self._started()
        return self._match

    def _potentials(self) -> list[float]:
        """Each seat's shaping potential now (``_shared.capture_potentials``)."""
        return capture_potentials(self.config, self.match.current.captures, self.reward)

    def _round_dealt(self) -> None:
        """A round was dealt: shaping potentials count from its start (a deal can already
        have captured cards: RULES.md §2, a dealer's four of a month)."""
        if self.reward_shaping != "none":
            self._potential_start = self._potentials()
            self._potential = list(self._potential_start)

    def _play(self, engine_action: int) -> list[float] | None:
        """Play a checked action; when it ends a round, the seats' rewards for this step
        (zeros while ``episode_end`` holds them) and the next round is dealt unless the
        match is over.  None when no round ended and no shaping was paid.

        ``reward_shaping="card_points"``: potential-based shaping (Ng, Harada and Russell,
        1999) with the potential Φ = the side's card points captured since the round began
        (as a margin with ``reward="margin"``): each step pays Φ(after) − Φ(before), and the
        step that ends the round pays the round's reward − Φ(before), so a round's rewards
        still sum to its score (or margin), but a capture is credited when it is made."""
        match = self.match
        match.apply(engine_action)
        self._legal = None
        shaping = self.reward_shaping != "none"
        if not match.round_over:
            if not shaping:
                return None
            now = self._potentials()
            step = [self.reward_scale * (a - b) for a, b in zip(now, self._potential, strict=True)]
            self._potential = now
            return step
        result = match.current.result
        assert result is not None
        paid = [self.reward_scale * r for r in seat_rewards(self.config, result, self.reward)]
        if shaping:
            paid = [p - self.reward_scale * (phi - start) for p, phi, start
                    in zip(paid, self._potential, self._potential_start, strict=True)]
        if self.reward_timing == "episode_end":
            self._held = [h + r for h, r in zip(self._held, paid, strict=True)]
            paid = self._held if match.finished else [0.0] * self.players
        if not match.finished:
            match.next_round()
            self._round_dealt()
        return paid

    # -- rendering ------------------------------------------------------------------------------

    def _render_seat(self) -> int:
        """The seat whose view ``render()`` shows."""
        raise NotImplementedError

    def render(self) -> str | None:
        """The table as ``_render_seat()`` sees it: returned (``render_mode="ansi"``) or printed
        (``"human"``)."""
        return deliver_render(self.render_mode, lambda: table_text(
            self.match, self._render_seat(), self.theme, list(self.possible_agents), self.layout))

    def close(self) -> None:
        """Nothing to release."""
