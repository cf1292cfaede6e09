"""The learned action-value network Q(o, a), evaluated with NumPy only (no torch at play time).

Q estimates the seat's round margin (its side's round score minus the mean of the other
sides', RULES.md §4) divided by ``scale``, after the seat makes move ``a`` in observation
``o`` and everyone plays on as in self-play (deep Monte-Carlo, as DouZero).  A two-layer
MLP over ``[observation, candidate move]``; the first layer is split so the observation's
part is computed once per decision and shared by its candidates.

Weights live in an ``.npz``: the arrays ``w_obs, w_act, b1, w2, b2, w3, b3`` and a JSON
``meta`` (game, players, options, features version, score scale, and how the file was made).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .features import ACTION_SIZE, FEATURES_VERSION, OBS_SIZE

__all__ = ["QNetwork", "WeightsError", "init_network"]

Float = npt.NDArray[np.float32]
ARRAYS = ("w_obs", "w_act", "b1", "w2", "b2", "w3", "b3")


class WeightsError(ValueError):
    """A weights file that is missing, unreadable or made for other features."""


@dataclass
class QNetwork:
    """Parameters (float32) and the record of how they were made (``meta``)."""

    params: dict[str, Float]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def scale(self) -> float:
        return float(self.meta.get("scale", 100.0))

    def hidden(self, obs: Float, act: Float, rows: npt.NDArray[np.int64]
               ) -> tuple[Float, Float, Float]:
        """Pre-activations and activations of the two hidden layers (training reuses them)."""
        p = self.params
        z1 = (obs @ p["w_obs"])[rows] + act @ p["w_act"] + p["b1"]
        h1 = np.maximum(z1, 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        return z1, h1, h2

    def q(self, obs: Float, act: Float, rows: npt.NDArray[np.int64]) -> Float:
        """Q of candidate ``m`` (features ``act[m]``) at decision ``rows[m]`` (``obs[rows[m]]``)."""
        _, _, h2 = self.hidden(obs, act, rows)
        result: Float = (h2 @ self.params["w3"] + self.params["b3"]).ravel()
        return result

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {k: self.params[k].astype(np.float32) for k in ARRAYS}
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        np.savez_compressed(Path(path), **arrays)

    @classmethod
    def load(cls, path: str | Path) -> QNetwork:
        """Read an ``.npz`` written by ``save``; ``WeightsError`` says what is wrong."""
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                params = {k: np.asarray(data[k], dtype=np.float32) for k in ARRAYS}
                meta = json.loads(str(data["meta"]))
        except (OSError, KeyError, ValueError) as exc:
            raise WeightsError(f"cannot read weights {path}: {exc}") from None
        if meta.get("features_version") != FEATURES_VERSION:
            raise WeightsError(f"{path} was trained on features version "
                               f"{meta.get('features_version')}, not {FEATURES_VERSION}")
        if params["w_obs"].shape[0] != OBS_SIZE or params["w_act"].shape[0] != ACTION_SIZE:
            raise WeightsError(f"{path}: input sizes do not match the features")
        return cls(params, meta)


def init_network(rng: np.random.Generator, hidden: tuple[int, int] = (128, 64),
                 meta: dict[str, Any] | None = None) -> QNetwork:
    """He-initialised weights, zero biases."""
    h1, h2 = hidden

    def he(n_in: int, n_out: int, fan_in: int) -> Float:
        weights: Float = (rng.standard_normal((n_in, n_out)) * np.sqrt(2.0 / fan_in)).astype(
            np.float32)
        return weights

    fan = OBS_SIZE + ACTION_SIZE
    params = {
        "w_obs": he(OBS_SIZE, h1, fan), "w_act": he(ACTION_SIZE, h1, fan),
        "b1": np.zeros(h1, np.float32), "w2": he(h1, h2, h1), "b2": np.zeros(h2, np.float32),
        "w3": he(h2, 1, h2) * 0.1, "b3": np.zeros(1, np.float32),
    }
    info = {"features_version": FEATURES_VERSION, "hidden": list(hidden)}
    info.update(meta or {})
    return QNetwork(params, info)
