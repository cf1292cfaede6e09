"""Stable-Baselines3 ``VecEnv`` on the batch simulator (issue 16, ``pip install hanafuda[rl]``).

``HanafudaSB3VecEnv`` gives SB3 and sb3-contrib the batch-backed ``HanafudaVectorEnv``
directly, with no adapter in user code::

    from sb3_contrib import MaskablePPO
    from hanafuda.envs.sb3 import HanafudaSB3VecEnv

    env = HanafudaSB3VecEnv("mushi", num_envs=64, opponent="greedy", seed=0)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, seed=0)
    model.learn(10_000)

- Episodes, observations, actions and rewards are the vector env's (``hanafuda.envs.vector``:
  one round unless ``options`` give ``rounds`` or ``target``, RULES.md §6; the learner side's
  round score, or its margin with ``reward="margin"``, times ``reward_scale``).  The opponents are vectorised
  (``"random"``, ``"capture"``, ``"greedy"`` or an ``OpponentPolicy``).
- SB3's conventions: a finished row is reset in the same step (Gymnasium's ``SameStep``
  autoreset), its last observation in ``infos[i]["terminal_observation"]`` and
  ``infos[i]["TimeLimit.truncated"]`` set when it was cut by ``max_episode_steps``.
  ``infos[i]["round_scores"]`` lists every side's scores of the rounds that ended in row
  ``i`` during the step (empty when none), ``infos[i]["seat"]`` the learner's seat.
- ``env_method("action_masks")`` returns each row's legal-action mask (what sb3-contrib's
  ``MaskablePPO`` asks for).
- ``seed(s)`` (or ``seed=`` here) makes the next ``reset()`` deal every row from ``s``;
  SB3's per-env seeds ``s + i`` are folded into that one batch seed.

This module imports ``stable_baselines3``; the rest of ``hanafuda`` works without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv  # type: ignore[import-not-found, unused-ignore]

from ._shared import EnvConfigError
from .vector import HanafudaVectorEnv, OpponentPolicy

__all__ = ["HanafudaSB3VecEnv"]


class HanafudaSB3VecEnv(VecEnv):  # type: ignore[misc, unused-ignore]
    """``num_envs`` rows of ``game`` on the batch simulator, as an SB3 ``VecEnv`` (module
    docstring); the keyword arguments are ``HanafudaVectorEnv``'s."""

    def __init__(
        self,
        game: str,
        num_envs: int = 8,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        opponent: str | OpponentPolicy = "random",
        seat: int | str = 0,
        rounds: int | None = None,
        max_episode_steps: int | None = None,
        reward: str = "score",
        seed: int | None = None,
        reward_scale: float = 1.0,
    ) -> None:
        self.venv = HanafudaVectorEnv(
            game, num_envs, players, options, opponent=opponent, seat=seat, rounds=rounds,
            autoreset_mode=AutoresetMode.SAME_STEP, max_episode_steps=max_episode_steps,
            reward=reward, reward_scale=reward_scale,
        )
        self.render_mode = None
        super().__init__(num_envs, self.venv.single_observation_space, self.venv.single_action_space)
        self._actions: npt.NDArray[np.int64] | None = None
        self._next_seed = seed
        self._obs: dict[str, Any] | None = None

    # -- the VecEnv API ------------------------------------------------------------------------

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Deal the next ``reset()`` from ``seed`` (SB3 hands back ``seed + i`` per row)."""
        self._next_seed = seed
        return [None if seed is None else seed + i for i in range(self.num_envs)]

    def reset(self) -> dict[str, Any]:
        """Deal every row (from the pending seed, if any) and return the first observations."""
        seed = self._next_seed
        if seed is None and self._seeds[0] is not None:
            seed = int(self._seeds[0])
        self._next_seed = None
        obs, _ = self.venv.reset(seed=seed)
        self._reset_seeds()
        self._reset_options()
        self._obs = obs
        return obs

    def step_async(self, actions: npt.ArrayLike) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs).astype(np.int64)

    def step_wait(self) -> tuple[dict[str, Any], npt.NDArray[np.float32], npt.NDArray[np.bool_],
                                 list[dict[str, Any]]]:
        if self._actions is None or self._obs is None:
            raise EnvConfigError("step before reset: call reset() first")
        obs, reward, terminated, truncated, info = self.venv.step(self._actions)
        self._actions = None
        self._obs = obs
        dones = terminated | truncated
        infos: list[dict[str, Any]] = []
        ended_round = info["_round_scores"]
        scores = info["round_scores"]
        for row in range(self.num_envs):
            entry: dict[str, Any] = {
                "round_scores": [scores[row].tolist()] if ended_round[row] else [],
                "seat": int(info["seat"][row]),
            }
            if dones[row]:
                entry["terminal_observation"] = info["final_obs"][row]
                entry["TimeLimit.truncated"] = bool(truncated[row] and not terminated[row])
            infos.append(entry)
        return obs, reward.astype(np.float32), dones, infos

    def close(self) -> None:
        self.venv.close()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Every row's legal-action mask, ``(num_envs, k)`` bools (k: the action space size)."""
        if self._obs is None:
            raise EnvConfigError("no observation yet: call reset() first")
        mask: npt.NDArray[np.bool_] = self._obs["action_mask"].astype(np.bool_)
        return mask

    def _indices(self, indices: None | int | Iterable[int]) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: None | int | Iterable[int] = None) -> list[Any]:
        """The attribute for each row: ``action_masks`` gives one row's mask method, the
        others are the vector env's (``AttributeError`` when it has none)."""
        rows = self._indices(indices)
        if attr_name == "action_masks":
            return [lambda row=row: self.action_masks()[row] for row in rows]
        if attr_name == "render_mode":
            return [None for _ in rows]
        value = getattr(self.venv, attr_name)
        return [value for _ in rows]

    def set_attr(self, attr_name: str, value: Any, indices: None | int | Iterable[int] = None) -> None:
        """Set an attribute of the vector env (shared by every row)."""
        setattr(self.venv, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: None | int | Iterable[int] = None,
                   **method_kwargs: Any) -> list[Any]:
        """``action_masks``: each row's mask; other methods are called on the vector env once
        and the answer given for each row."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[row] for row in rows]
        answer = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [answer for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: None | int | Iterable[int] = None
                       ) -> list[bool]:
        """No row is wrapped."""
        return [False for _ in self._indices(indices)]
