"""A trained policy as an ``Agent``: measure it with the arena like any shipped bot (issue 32).

The envs hand a learner ``{"observation", "action_mask"}`` (``hanafuda.envs.encoding``: the
seat's view as a vector; the mask over the compact or the full action layout).
``PolicyFunctionAgent`` turns any ``policy(observation, mask) -> action`` back into an
``Agent``: at each decision it encodes the seat's ``PlayerView`` exactly as the envs do, asks
the policy, and plays the move of the action it returns.  ``sb3_agent`` wraps a
Stable-Baselines3 / sb3-contrib model (``MaskablePPO``, ``PPO``, ``DQN``, …) that way::

    from hanafuda.agents.arena import run_arena
    from hanafuda.envs.agent import sb3_agent

    agent = sb3_agent(model, label="ppo")           # the model trained on HanafudaSB3VecEnv
    result = run_arena("mushi", 2, [agent, "greedy"], deals=200)

The agent is stateless between decisions (the same object plays every arena game).
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ..agents import Agent
from ..agents.determinize import config_for_view
from ..engine.moves import parse_action
from ..rules.base import Config
from ..views import PlayerView
from ._shared import ACTION_SPACES, ActionLayout, EnvConfigError
from .encoding import encode_view

__all__ = ["PolicyFunction", "PolicyFunctionAgent", "sb3_agent"]

PolicyFunction = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]
"""``policy(observation, mask) -> action``: one seat's observation vector (``encode_view``) and
its ``int8`` legal-action mask; the action is an index of the mask's layout."""


class PolicyFunctionAgent(Agent):
    """An ``Agent`` that plays what ``policy(observation, mask)`` picks (module docstring).

    ``action_space`` is the layout the policy was trained on: ``"compact"`` (the envs'
    default: the configuration's own actions) or ``"full"`` (the 2,786 indices of
    ``hanafuda.envs.encoding``).  ``label`` names the agent in arena results.  A policy that
    returns an action outside the mask raises ``ValueError`` naming it (the move is not
    played)."""

    name: ClassVar[str] = "function"
    description: ClassVar[str] = "a policy over the envs' observation and action mask"

    def __init__(self, policy: PolicyFunction, action_space: str = "compact",
                 label: str = "learner") -> None:
        if action_space not in ACTION_SPACES:
            raise EnvConfigError(f"unknown action_space {action_space!r}; action spaces are: "
                                 f"{', '.join(ACTION_SPACES)}")
        if not callable(policy):
            raise EnvConfigError(f"policy must be callable, not {type(policy).__name__}")
        self.policy = policy
        self.action_space = action_space
        self.label = label
        self._layouts: dict[tuple[str, int, str], tuple[Config, ActionLayout]] = {}

    def _layout(self, view: PlayerView) -> tuple[Config, ActionLayout]:
        key = (view.game, view.players, repr(sorted(view.options.items())))
        if key not in self._layouts:
            config = config_for_view(view)
            self._layouts[key] = (config, ActionLayout(config, self.action_space))
        return self._layouts[key]

    def observe(self, view: PlayerView, legal: Sequence[str]
                ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], list[int]]:
        """The observation and mask the envs would show this seat, and each legal move's
        action index (in ``legal``'s order)."""
        config, layout = self._layout(view)
        indices = [layout.index(parse_action(move, config)) for move in legal]
        mask = np.zeros(layout.size, np.int8)
        mask[indices] = 1
        return encode_view(view, config), mask, indices

    def choose(self, view: PlayerView, legal: Sequence[str], rng: random.Random,
               budget: float | None = None) -> str:
        if len(legal) == 1:
            return legal[0]
        observation, mask, indices = self.observe(view, legal)
        action = int(np.asarray(self.policy(observation, mask)).reshape(-1)[0])
        if action not in indices:
            raise ValueError(f"{self.label}: the policy chose action {action}, which is not legal "
                             f"here (legal: {sorted(indices)})")
        return legal[indices.index(action)]

    def __repr__(self) -> str:
        return f"<PolicyFunctionAgent {self.label}>"


def sb3_agent(model: Any, label: str = "sb3", deterministic: bool = True) -> PolicyFunctionAgent:
    """A Stable-Baselines3 / sb3-contrib model as an ``Agent``.

    The model must have been trained on one of the envs (``HanafudaSB3VecEnv``,
    ``HanafudaGymEnv``, …): its observation space is their ``{"observation", "action_mask"}``
    dict (or the observation vector alone) and its action space ``Discrete`` over the compact
    or the full layout, told apart by size.  A model with ``predict(…, action_masks=…)``
    (``MaskablePPO``) is given the mask; for any other an illegal pick raises ``ValueError``.
    """
    n = getattr(getattr(model, "action_space", None), "n", None)
    predict = getattr(model, "predict", None)
    if n is None or predict is None:
        raise EnvConfigError("sb3_agent needs a Stable-Baselines3 model with a Discrete action "
                             "space (trained on one of hanafuda's envs)")
    from ..engine.action_space import NUM_ACTIONS

    layout = "full" if int(n) == NUM_ACTIONS else "compact"
    spaces = getattr(getattr(model, "observation_space", None), "spaces", None)
    try:
        masked = "action_masks" in inspect.signature(predict).parameters
    except (TypeError, ValueError):  # a builtin or C callable: no signature to read
        masked = False

    def policy(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> Any:
        if mask.size != n:
            raise ValueError(f"{label}: the model has {n} actions, this game's {layout} layout "
                             f"{mask.size}: it was trained on another game or seat count")
        obs: Any = ({"observation": observation[None], "action_mask": mask[None]}
                    if spaces is not None else observation[None])
        kwargs: dict[str, Any] = {"deterministic": deterministic}
        if masked:
            kwargs["action_masks"] = mask[None].astype(bool)
        action, _ = predict(obs, **kwargs)
        return action

    return PolicyFunctionAgent(policy, layout, label)
