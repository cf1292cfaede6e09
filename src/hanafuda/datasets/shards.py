"""Dataset shards: samples as NumPy ``.npz`` files, written and read back exactly.

One shard holds the samples of one game configuration::

    observation  float32 (N, observation_size)   the seat's encoded view
    mask         uint8   (N, ceil(NUM_ACTIONS/8)) legal actions, bit-packed (np.packbits)
    action       int32   (N,)                    the action taken (fixed action space)
    seat         int8    (N,)
    reward       float32 (N,)                    the round's result for the seat's side
    meta         a JSON string: format, game, players, options, reward, num_actions,
                 observation_size and free-form provenance (agents, seed, deals …)

``read_shard`` checks the format and the shapes and unpacks the masks.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.action_space import NUM_ACTIONS
from ..envs.encoding import observation_size
from ..rules import Config
from .samples import Sample

__all__ = ["SHARD_FORMAT", "DatasetError", "Shard", "read_shard", "read_shards", "shard_paths", "write_shard"]

SHARD_FORMAT = "hanafuda-dataset/1"


class DatasetError(ValueError):
    """A dataset file that cannot be read as a shard, or a bad dataset request."""


@dataclass
class Shard:
    """The arrays of one shard (masks unpacked to bool) and its ``meta`` dict."""

    observation: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    action: npt.NDArray[np.int32]
    seat: npt.NDArray[np.int8]
    reward: npt.NDArray[np.float32]
    meta: dict[str, Any]

    def __len__(self) -> int:
        return int(self.action.shape[0])

    def samples(self) -> Iterator[Sample]:
        """The shard's samples in order."""
        for i in range(len(self)):
            yield Sample(self.observation[i], self.mask[i], int(self.action[i]), int(self.seat[i]),
                         float(self.reward[i]))


def write_shard(path: str | Path, samples: Iterable[Sample], config: Config, reward: str = "score",
                meta: Mapping[str, Any] | None = None) -> int:
    """Write ``samples`` (of ``config``'s game) to ``path`` (``.npz``); returns their count."""
    rows = list(samples)
    size = observation_size(config)
    observation = np.zeros((len(rows), size), np.float32)
    mask = np.zeros((len(rows), NUM_ACTIONS), np.bool_)
    for i, sample in enumerate(rows):
        observation[i] = sample.observation
        mask[i] = sample.mask
    info = {
        "format": SHARD_FORMAT, "game": config.game.id, "players": config.players,
        "options": dict(config.given_options), "reward": reward, "num_actions": NUM_ACTIONS,
        "observation_size": size, **dict(meta or {}),
    }
    target = Path(path)
    with target.open("wb") as out:
        np.savez_compressed(
            out,
            observation=observation,
            mask=np.packbits(mask, axis=1),
            action=np.array([s.action for s in rows], np.int32),
            seat=np.array([s.seat for s in rows], np.int8),
            reward=np.array([s.reward for s in rows], np.float32),
            meta=np.array(json.dumps(info, ensure_ascii=False)),
        )
    return len(rows)


def read_shard(path: str | Path) -> Shard:
    """A shard written by ``write_shard``; ``DatasetError`` naming what is wrong otherwise."""
    try:
        with np.load(Path(path), allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError) as exc:
        raise DatasetError(f"{path}: not a readable .npz shard ({exc})") from None
    missing = sorted({"observation", "mask", "action", "seat", "reward", "meta"} - set(arrays))
    if missing:
        raise DatasetError(f"{path}: not a dataset shard (no {', '.join(missing)})")
    try:
        meta = json.loads(str(arrays["meta"]))
    except json.JSONDecodeError:
        raise DatasetError(f"{path}: its meta is not JSON") from None
    if not isinstance(meta, dict) or meta.get("format") != SHARD_FORMAT:
        found = meta.get("format") if isinstance(meta, dict) else meta
        raise DatasetError(f"{path}: unknown shard format {found!r}; expected {SHARD_FORMAT!r}")
    n = arrays["action"].shape[0]
    observation = arrays["observation"]
    packed = arrays["mask"]
    if (observation.shape != (n, meta["observation_size"]) or packed.shape != (n, (NUM_ACTIONS + 7) // 8)
            or arrays["seat"].shape != (n,) or arrays["reward"].shape != (n,)):
        raise DatasetError(f"{path}: array shapes do not agree ({n} actions)")
    mask = np.unpackbits(packed, axis=1, count=NUM_ACTIONS).astype(np.bool_)
    return Shard(observation, mask, arrays["action"], arrays["seat"], arrays["reward"], meta)


def shard_paths(path: str | Path) -> list[Path]:
    """A shard file, or the ``*.npz`` files of a directory in name order."""
    target = Path(path)
    if target.is_dir():
        found = sorted(target.glob("*.npz"))
        if not found:
            raise DatasetError(f"{target}: no .npz shards in this directory")
        return found
    if not target.exists():
        raise DatasetError(f"{target}: no such file or directory")
    return [target]


def read_shards(path: str | Path) -> Iterator[Sample]:
    """The samples of a shard file or of every shard of a directory, in order."""
    for shard_path in shard_paths(path):
        yield from read_shard(shard_path).samples()
