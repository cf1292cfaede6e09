"""Dataset shards: samples as NumPy ``.npz`` files, written and read back exactly, or as
Parquet files for pandas, ``pyarrow.dataset`` and Hugging Face ``datasets``.

One shard holds the samples of one game configuration::

    observation  float32 (N, observation_size)   the seat's encoded view
    mask         uint8   (N, ceil(NUM_ACTIONS/8)) legal actions, bit-packed (np.packbits)
    action       int32   (N,)                    the action taken (fixed action space)
    seat         int8    (N,)
    reward       float32 (N,)                    the round's result for the seat's side
    episode      int64   (N,)                    the sample's episode (a round of a game)
    step         int32   (N,)                    its decision index in the episode
    agent        str     (N,)                    the agent at the seat ("" when unknown)
    done         bool    (N,)                    the seat's last decision of the episode
    next_observation  float32 (N, observation_size), only when written with it
    meta         a JSON string: format, game, players, options, reward, num_actions,
                 observation_size and free-form provenance (agents, seed, deals …)

``read_shard`` checks the format and the shapes and unpacks the masks; it reads the first
format's shards too (no episode … done: episode and step −1, agent "", done False).

``write_parquet`` writes the same samples as one Parquet file (``pip install
'hanafuda[datasets]'``, pyarrow): one row per sample with the columns ``episode``, ``step``,
``seat``, ``agent``, ``action``, ``reward``, ``done``, ``observation`` (a list of floats),
``legal_actions`` (the mask as the list of legal action indices) and, when written,
``next_observation``; the meta is the schema's ``hanafuda`` metadata (JSON).
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

__all__ = ["FORMATS", "PARQUET_FORMAT", "SHARD_FORMAT", "DatasetError", "Shard", "read_shard",
           "read_shards", "shard_paths", "write_parquet", "write_shard"]

SHARD_FORMAT = "hanafuda-dataset/2"
OLD_FORMATS = ("hanafuda-dataset/1",)
PARQUET_FORMAT = "hanafuda-dataset-parquet/1"
FORMATS = ("npz", "parquet")
"""The file formats a dataset is written in."""
"""Earlier shard formats ``read_shard`` still reads."""


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
    episode: npt.NDArray[np.int64]
    step: npt.NDArray[np.int32]
    agent: npt.NDArray[np.str_]
    done: npt.NDArray[np.bool_]
    next_observation: npt.NDArray[np.float32] | None = None

    def __len__(self) -> int:
        return int(self.action.shape[0])

    def samples(self) -> Iterator[Sample]:
        """The shard's samples in order."""
        following = self.next_observation
        for i in range(len(self)):
            yield Sample(self.observation[i], self.mask[i], int(self.action[i]), int(self.seat[i]),
                         float(self.reward[i]), int(self.episode[i]), int(self.step[i]),
                         str(self.agent[i]), bool(self.done[i]),
                         None if following is None else following[i])


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
    arrays: dict[str, Any] = {
        "observation": observation,
        "mask": np.packbits(mask, axis=1),
        **_columns(rows),
        "meta": np.array(json.dumps(_meta(config, reward, meta), ensure_ascii=False)),
    }
    following = _next_observations(rows, size)
    if following is not None:
        arrays["next_observation"] = following
    target = Path(path)
    with target.open("wb") as out:
        np.savez_compressed(out, **arrays)
    return len(rows)


def _meta(config: Config, reward: str, meta: Mapping[str, Any] | None) -> dict[str, Any]:
    return {
        "format": SHARD_FORMAT, "game": config.game.id, "players": config.players,
        "options": dict(config.given_options), "reward": reward, "num_actions": NUM_ACTIONS,
        "observation_size": observation_size(config), **dict(meta or {}),
    }


def _columns(rows: list[Sample]) -> dict[str, npt.NDArray[Any]]:
    """The per-sample scalar columns, in both formats' order."""
    return {
        "episode": np.array([s.episode for s in rows], np.int64),
        "step": np.array([s.step for s in rows], np.int32),
        "seat": np.array([s.seat for s in rows], np.int8),
        "agent": np.array([s.agent for s in rows], np.str_),
        "action": np.array([s.action for s in rows], np.int32),
        "reward": np.array([s.reward for s in rows], np.float32),
        "done": np.array([s.done for s in rows], np.bool_),
    }


def _next_observations(rows: list[Sample], size: int) -> npt.NDArray[np.float32] | None:
    """The next observations as one array when every sample has one (none: ``None``);
    ``DatasetError`` when only some have."""
    have = [s.next_observation is not None for s in rows]
    if not rows or not any(have):
        return None
    if not all(have):
        raise DatasetError("some samples carry a next observation and some do not")
    out = np.zeros((len(rows), size), np.float32)
    for i, sample in enumerate(rows):
        out[i] = sample.next_observation
    return out


def write_parquet(path: str | Path, samples: Iterable[Sample], config: Config, reward: str = "score",
                  meta: Mapping[str, Any] | None = None) -> int:
    """Write ``samples`` to ``path`` as one Parquet file (module docstring); returns their
    count.  Needs pyarrow (``pip install 'hanafuda[datasets]'``)."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        raise DatasetError("Parquet needs pyarrow: pip install 'hanafuda[datasets]'") from None
    rows = list(samples)
    size = observation_size(config)
    observation = np.zeros((len(rows), size), np.float32)
    for i, sample in enumerate(rows):
        observation[i] = sample.observation
    floats = pa.list_(pa.float32())
    columns: dict[str, Any] = {key: pa.array(values) for key, values in _columns(rows).items()}
    columns["observation"] = pa.array(list(observation), type=floats)
    columns["legal_actions"] = pa.array([np.flatnonzero(s.mask).astype(np.int32) for s in rows],
                                        type=pa.list_(pa.int32()))
    following = _next_observations(rows, size)
    if following is not None:
        columns["next_observation"] = pa.array(list(following), type=floats)
    table = pa.table(columns)
    info = {**_meta(config, reward, meta), "format": PARQUET_FORMAT}
    table = table.replace_schema_metadata({"hanafuda": json.dumps(info, ensure_ascii=False)})
    pq.write_table(table, Path(path))
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
    if not isinstance(meta, dict) or meta.get("format") not in (SHARD_FORMAT, *OLD_FORMATS):
        found = meta.get("format") if isinstance(meta, dict) else meta
        raise DatasetError(f"{path}: unknown shard format {found!r}; expected {SHARD_FORMAT!r}")
    n = arrays["action"].shape[0]
    if meta["format"] in OLD_FORMATS:  # before episodes: unknown
        arrays.update(episode=np.full(n, -1, np.int64), step=np.full(n, -1, np.int32),
                      agent=np.full(n, "", np.str_), done=np.zeros(n, np.bool_))
    missing = sorted({"episode", "step", "agent", "done"} - set(arrays))
    if missing:
        raise DatasetError(f"{path}: not a dataset shard (no {', '.join(missing)})")
    observation = arrays["observation"]
    packed = arrays["mask"]
    following = arrays.get("next_observation")
    if (observation.shape != (n, meta["observation_size"]) or packed.shape != (n, (NUM_ACTIONS + 7) // 8)
            or any(arrays[k].shape != (n,) for k in ("seat", "reward", "episode", "step", "agent", "done"))
            or (following is not None and following.shape != observation.shape)):
        raise DatasetError(f"{path}: array shapes do not agree ({n} actions)")
    mask = np.unpackbits(packed, axis=1, count=NUM_ACTIONS).astype(np.bool_)
    return Shard(observation, mask, arrays["action"], arrays["seat"], arrays["reward"], meta,
                 arrays["episode"], arrays["step"], arrays["agent"], arrays["done"], following)


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


def parquet_info(path: str | Path) -> dict[str, Any] | None:
    """What ``hanafuda dataset info`` shows of a Parquet file or a directory of them (None when
    ``path`` is neither): shard and sample counts, the configuration, mean reward and mean
    number of legal actions."""
    target = Path(path)
    files = sorted(target.glob("*.parquet")) if target.is_dir() else \
        [target] if target.suffix == ".parquet" and target.exists() else []
    if not files:
        return None
    try:
        import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        raise DatasetError("Parquet needs pyarrow: pip install 'hanafuda[datasets]'") from None
    samples = 0
    reward_sum = legal_sum = 0.0
    meta: dict[str, Any] = {}
    for file in files:
        try:
            table = pq.read_table(file, columns=["reward", "legal_actions"])
            meta = json.loads((table.schema.metadata or {})[b"hanafuda"])
        except (OSError, KeyError, ValueError) as exc:
            raise DatasetError(f"{file}: not a hanafuda Parquet dataset ({exc})") from None
        samples += table.num_rows
        reward_sum += sum(float(r) for r in table.column("reward").to_pylist())  # as for .npz
        legal_sum += float(sum(len(v) for v in table.column("legal_actions").to_pylist()))
    return {
        "shards": len(files), "samples": samples, "game": meta.get("game"),
        "players": meta.get("players"), "options": meta.get("options"), "reward": meta.get("reward"),
        "mean_reward": round(reward_sum / samples, 3) if samples else None,
        "mean_legal_actions": round(legal_sum / samples, 2) if samples else None,
    }
