"""Research APIs (issue 7): PettingZoo, Gymnasium and OpenSpiel environments for the five games.

    from hanafuda.envs import parallel_env, pettingzoo_env
    env = pettingzoo_env("mushi", players=2)            # PettingZoo AEC env
    env = parallel_env("mushi", players=2)              # PettingZoo Parallel env

    import gymnasium as gym, hanafuda.envs              # registers hanafuda/<Game>-v0
    env = gym.make("hanafuda/Mushi-v0", opponent="greedy")
    envs = gym.make_vec("hanafuda/Mushi-v0", num_envs=1024)   # the NumPy batch simulator

    import hanafuda.envs.openspiel                      # pip install hanafuda[openspiel]
    from hanafuda.envs.sb3 import HanafudaSB3VecEnv     # pip install hanafuda[rl]
    from hanafuda.envs.rllib import register_rllib_envs # pip install hanafuda[rl]

Every env shares ``hanafuda.envs.encoding``: one fixed action space (``NUM_ACTIONS``)
and one observation tensor built from a seat's view.  docs/research.md has the guide.
"""

from __future__ import annotations

from typing import Any

from ._shared import EnvConfigError, IllegalActionError
from .encoding import (
    NUM_ACTIONS,
    action_mask,
    action_to_move,
    encode_view,
    move_to_action,
    observation_blocks,
    observation_size,
)
from .gym import ENV_IDS, HanafudaEnv, register_envs
from .vector import HanafudaVectorEnv, encode_batch

__all__ = [
    "ENV_IDS",
    "NUM_ACTIONS",
    "EnvConfigError",
    "HanafudaEnv",
    "HanafudaVectorEnv",
    "IllegalActionError",
    "action_mask",
    "action_to_move",
    "encode_batch",
    "encode_view",
    "move_to_action",
    "observation_blocks",
    "observation_size",
    "parallel_env",
    "pettingzoo_env",
    "register_envs",
]


def pettingzoo_env(game: str, players: int = 2, options: dict[str, Any] | None = None,
                   **kwargs: Any) -> Any:
    """A PettingZoo AEC env of ``game`` (see ``hanafuda.envs.pettingzoo``)."""
    from .pettingzoo import HanafudaAECEnv

    return HanafudaAECEnv(game, players=players, options=options, **kwargs)


def parallel_env(game: str, players: int = 2, options: dict[str, Any] | None = None,
                 **kwargs: Any) -> Any:
    """A PettingZoo Parallel env of ``game`` (see ``hanafuda.envs.parallel``)."""
    from .parallel import HanafudaParallelEnv

    return HanafudaParallelEnv(game, players=players, options=options, **kwargs)


register_envs()
