"""Dataset generation: arena self-play or record files into ``.npz`` or Parquet shards (issues 16, 32).

Self-play plays duplicate deals exactly as the arena does (``agents.arena.play_game``: deal
``i`` from ``Random(f"{seed}:{i}")``, every seating rotation, seeded decisions, one round per
game, RULES.md §2, §6) and turns each game's record into samples (``samples``).  Deals are
split into tasks of ``deals_per_shard`` deals; each task writes one shard,
``shard-<first deal>.npz``, so the shards are the same whether the tasks run in this process,
a local process pool or on a Ray cluster (``cluster``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agents.arena import play_game, rotations
from ..cluster import Runner, process_runner
from ..envs._shared import check_reward_mode
from ..records import load_record
from ..rules import configure
from .samples import Sample, samples_from_record, samples_from_records
from .shards import FORMATS, DatasetError, write_parquet, write_shard

__all__ = ["DatasetSummary", "records_to_shard", "selfplay_dataset", "selfplay_shard"]

Progress = Callable[[int, int], None]


@dataclass
class DatasetSummary:
    """What a generation wrote: shard paths and sample counts."""

    shards: list[str]
    samples: int
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"shards": self.shards, "samples": self.samples, "games": self.games}


SelfplayJob = tuple[str, int, dict[str, Any], list[str], int, list[int], str, str, str, bool]
"""(game, players, options, agents, seed, deal indices, reward, shard path, format, whether
samples carry the next observation)."""


def _writer(fmt: str) -> Callable[..., int]:
    if fmt not in FORMATS:
        raise DatasetError(f"unknown dataset format {fmt!r}; formats are: {', '.join(FORMATS)}")
    return write_parquet if fmt == "parquet" else write_shard


def selfplay_shard(job: SelfplayJob) -> tuple[str, int, int]:
    """One task: play the deals of ``job`` with every seating and write their shard; returns
    (path, samples, games).  Game ``r`` of deal ``d`` (its seating rotation ``r``) is episode
    ``d × seatings + r``, the same in every shard split."""
    game, players, options, agents, seed, indices, reward, path, fmt, following = job
    config = configure(game, players, options)
    samples: list[Sample] = []
    games = 0
    seatings = rotations(agents, players)
    for deal in indices:
        for rotation, seating in enumerate(seatings):
            _, record = play_game(config, deal, seed, seating, rotation)
            samples.extend(samples_from_record(record, reward, episode=deal * len(seatings) + rotation,
                                               next_observation=following))
            games += 1
    meta = {"source": "selfplay", "agents": agents, "seed": seed, "deals": [indices[0], indices[-1]]}
    Path(path).parent.mkdir(parents=True, exist_ok=True)  # on a host that lacks it
    count = _writer(fmt)(path, samples, config, reward, meta)
    return path, count, games


def selfplay_dataset(
    game: str,
    players: int,
    agents: Sequence[str],
    deals: int,
    out: str | Path,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deals_per_shard: int = 100,
    reward: str = "score",
    runner: Runner | None = None,
    progress: Progress | None = None,
    fmt: str = "npz",
    next_observation: bool = False,
) -> DatasetSummary:
    """Shards of ``deals`` arena deals of ``agents`` (cycled over the seats) into directory
    ``out``: ``shard-<first deal>.npz``, or ``.parquet`` with ``fmt="parquet"`` (the directory
    is then one Parquet dataset); ``next_observation`` adds each sample's next observation."""
    from ..agents import AGENTS

    check_reward_mode(reward)
    _writer(fmt)
    config = configure(game, players, dict(options or {}))
    names = list(agents)
    unknown = [n for n in names if n not in AGENTS]
    if not names or unknown:
        raise DatasetError(f"unknown agent {unknown[0]!r}; agents are: {', '.join(AGENTS)}" if unknown
                           else "give at least one agent")
    if deals < 1 or deals_per_shard < 1:
        raise DatasetError("deals and deals per shard must be at least 1")
    target = Path(out).resolve()  # the tasks write here: one absolute path on every host
    target.mkdir(parents=True, exist_ok=True)
    jobs = [
        (game, players, dict(config.given_options), names, seed,
         list(range(first, min(deals, first + deals_per_shard))), reward,
         str(target / f"shard-{first:06d}.{fmt}"), fmt, next_observation)
        for first in range(0, deals, deals_per_shard)
    ]
    run = runner or process_runner(1)
    shards: list[str] = []
    samples = games = done = 0
    for (path, count, played), job in zip(run(selfplay_shard, jobs), jobs, strict=True):
        shards.append(path)
        samples += count
        games += played
        done += len(job[5])
        if progress:
            progress(done, deals)
    return DatasetSummary(shards, samples, games)


def records_to_shard(paths: Sequence[str | Path], out: str | Path, reward: str = "score",
                     progress: Progress | None = None, fmt: str = "npz",
                     next_observation: bool = False) -> DatasetSummary:
    """One shard (``.npz``, or a Parquet file with ``fmt="parquet"``) of every decision in the
    record files ``paths`` (one game configuration); each record's rounds are episodes, counted
    up in the order of ``paths``."""
    write = _writer(fmt)
    if not paths:
        raise DatasetError("no record files given")
    records = []
    for done, path in enumerate(paths, start=1):
        records.append(load_record(path))
        if progress:
            progress(done, len(paths))
    samples = list(samples_from_records(records, reward, next_observation=next_observation))
    first = records[0]
    config = configure(first["game"], first["players"], dict(first.get("options") or {}))
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    count = write(target, samples, config, reward, {"source": "records", "records": len(paths)})
    return DatasetSummary([str(target)], count, len(records))
