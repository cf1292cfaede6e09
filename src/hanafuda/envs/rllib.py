"""RLlib glue (issue 16, ``pip install hanafuda[rl]``): the AEC env as RLlib's ``PettingZooEnv``.

RLlib's action-masking RL modules read the observation dict's ``"observations"`` and
``"action_mask"``; ``rllib_env`` builds the AEC env (``hanafuda.envs.pettingzoo``) with that
key and wraps it in ``ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv``::

    from ray.rllib.algorithms.ppo import PPOConfig
    from hanafuda.envs.rllib import register_rllib_envs

    register_rllib_envs()                       # "hanafuda_mushi", "hanafuda_kwa_do", …
    config = (PPOConfig()
              .environment("hanafuda_mushi", env_config={"players": 2})
              .multi_agent(policies={"shared"},
                           policy_mapping_fn=lambda agent_id, episode, **kw: "shared"))

``env_config`` takes the AEC env's arguments (``players``, ``options``, ``reward``,
``reward_timing`` …); no ``disable_env_checking`` is needed.  Every agent shares one
observation and action space, so one policy serves every seat (the observation is
relative to the seat, ``hanafuda.envs.encoding``).
``examples/rllib_ppo.py`` trains PPO with action masking on Mushi.

This module imports ``ray``; the rest of ``hanafuda`` works without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv  # type: ignore[import-not-found, unused-ignore]
from ray.tune.registry import register_env  # type: ignore[import-not-found, unused-ignore]

from ..rules import GAMES
from .pettingzoo import HanafudaAECEnv

__all__ = ["OBSERVATION_KEY", "env_name", "register_rllib_envs", "rllib_env"]

OBSERVATION_KEY = "observations"
"""The observation tensor's key that RLlib's action-masking modules read."""


def env_name(game: str) -> str:
    """The name ``register_rllib_envs`` gives a game (``kwa-do`` → ``hanafuda_kwa_do``)."""
    return "hanafuda_" + game.replace("-", "_")


def rllib_env(game: str, players: int = 2, options: Mapping[str, Any] | None = None,
              **kwargs: Any) -> Any:
    """RLlib's ``PettingZooEnv`` around the AEC env of ``game`` (keyword arguments are the
    AEC env's; the observation key is ``"observations"``, and an illegal action ends the
    episode with a penalty unless ``illegal_action="raise"``: RLlib's env check steps one
    unmasked random action)."""
    settings = {"illegal_action": "end", **kwargs}
    aec = HanafudaAECEnv(game, players=players, options=options, observation_key=OBSERVATION_KEY,
                         **settings)
    return PettingZooEnv(aec)  # type: ignore[no-untyped-call]  # RLlib ships no annotations here


def _creator(game: str) -> Any:
    def create(env_config: Mapping[str, Any]) -> Any:
        return rllib_env(game, **dict(env_config))

    return create


def register_rllib_envs() -> list[str]:
    """Register every game with ``ray.tune`` under ``env_name(game)``; returns the names."""
    names = []
    for game in GAMES:
        name = env_name(game)
        register_env(name, _creator(game))
        names.append(name)
    return names
