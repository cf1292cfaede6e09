"""Datasets for learning from play (issues 16, 32): (observation, mask, action, seat, reward)
samples with their episode, step, agent and done flag, in ``.npz`` shards or Parquet.

    from hanafuda.datasets import read_shards, samples_from_record, selfplay_dataset

    selfplay_dataset("mushi", 2, ["greedy", "greedy"], deals=1000, out="data/mushi")
    for sample in read_shards("data/mushi"):
        sample.observation, sample.mask, sample.action, sample.seat, sample.reward

- ``samples``: every decision of a game record (RULES.md §8) as a ``Sample``.
- ``shards``: ``.npz`` shards written and read back exactly; Parquet files (pyarrow) for
  pandas, ``pyarrow.dataset`` and Hugging Face ``datasets``.
- ``generate``: arena self-play or record files into shards, locally or on a Ray cluster.
- ``hanafuda dataset selfplay|records|info`` is the command line (with a progress bar).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .generate import DatasetSummary, records_to_shard, selfplay_dataset, selfplay_shard
    from .samples import Sample, samples_from_record, samples_from_records
    from .shards import (
        SHARD_FORMAT,
        DatasetError,
        Shard,
        read_shard,
        read_shards,
        shard_paths,
        write_parquet,
        write_shard,
    )

_HOMES = {
    "generate": ("DatasetSummary", "records_to_shard", "selfplay_dataset", "selfplay_shard"),
    "samples": ("Sample", "samples_from_record", "samples_from_records"),
    "shards": ("SHARD_FORMAT", "DatasetError", "Shard", "read_shard", "read_shards", "shard_paths",
               "write_parquet", "write_shard"),
}

__all__ = [
    "SHARD_FORMAT",
    "DatasetError",
    "DatasetSummary",
    "Sample",
    "Shard",
    "read_shard",
    "read_shards",
    "records_to_shard",
    "samples_from_record",
    "samples_from_records",
    "selfplay_dataset",
    "selfplay_shard",
    "shard_paths",
    "write_parquet",
    "write_shard",
]


def __getattr__(name: str) -> Any:
    """The names above, imported from their module on first use: ``hanafuda dataset``'s
    command module lives in this package, and the CLI must start without NumPy (issue 32)."""
    for module, names in _HOMES.items():
        if name in names:
            return getattr(import_module(f".{module}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
