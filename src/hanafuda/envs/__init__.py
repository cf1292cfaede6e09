"""Research APIs (issue 7): PettingZoo, Gymnasium and OpenSpiel environments for the five games.

    from hanafuda.envs import pettingzoo_env
    env = pettingzoo_env("mushi", players=2)            # PettingZoo AEC env

    import gymnasium as gym, hanafuda.envs              # registers hanafuda/<Game>-v0
    env = gym.make("hanafuda/Mushi-v0", opponent="greedy")

Every env shares ``hanafuda.envs.encoding``: one fixed action space (``NUM_ACTIONS``)
and one observation tensor built from a seat's view.  docs/research.md has the guide.
"""

from __future__ import annotations

from typing import Any

from .encoding import (
    NUM_ACTIONS,
    action_mask,
    action_to_move,
    encode_view,
    move_to_action,
    observation_blocks,
    observation_size,
)

__all__ = [
    "NUM_ACTIONS",
    "action_mask",
    "action_to_move",
    "encode_view",
    "move_to_action",
    "observation_blocks",
    "observation_size",
    "pettingzoo_env",
]


def pettingzoo_env(game: str, players: int = 2, options: dict[str, Any] | None = None,
                   **kwargs: Any) -> Any:
    """A PettingZoo AEC env of ``game`` (see ``hanafuda.envs.pettingzoo``)."""
    from .pettingzoo import HanafudaAECEnv

    return HanafudaAECEnv(game, players=players, options=options, **kwargs)
