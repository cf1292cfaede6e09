"""``hanafuda dataset …``: write and inspect dataset shards from the command line (issue 16).

    hanafuda dataset selfplay mushi --agents greedy,random --deals 1000 --out data/mushi
    hanafuda dataset selfplay mushi --deals 100000 --out /shared/mushi --ray auto
    hanafuda dataset records games/*.json --out data/games.npz
    hanafuda dataset selfplay mushi --deals 1000 --out data/mushi-pq --format parquet
    hanafuda dataset info data/mushi

Progress goes to standard error as a ``rich`` progress bar; the summary (JSON with ``--json``)
to standard output.  Bad arguments and unreadable files exit with code 2 and a message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..console import ProgressReport, fail

__all__ = ["dataset_app"]

dataset_app = typer.Typer(help="Datasets of (observation, mask, action, seat, reward, episode, "
                          "step, agent, done) samples, as .npz shards or Parquet.",
                          no_args_is_help=True)




@dataset_app.command()
def selfplay(
    game: Annotated[str, typer.Argument(help="The game.")],
    out: Annotated[Path, typer.Option("--out", help="Directory of the shards.")],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 2,
    agents: Annotated[
        str, typer.Option("--agents", help="Comma-separated agents for seats 0, 1, … (cycled).")
    ] = "greedy",
    deals: Annotated[int, typer.Option("--deals", help="Deals to play (each in every seating).")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    deals_per_shard: Annotated[int, typer.Option("--deals-per-shard", help="Deals per shard (task).")] = 100,
    reward: Annotated[str, typer.Option("--reward", help="score or margin.")] = "score",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local worker processes.")] = 1,
    ray: Annotated[
        str | None, typer.Option("--ray", help="Run on the Ray cluster at ADDRESS ('auto': the running one).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    fmt: Annotated[str, typer.Option("--format", help="npz, or parquet (a Parquet dataset "
                                     "in --out: pandas, pyarrow, Hugging Face datasets).")] = "npz",
    next_observation: Annotated[bool, typer.Option(
        "--next-observation", help="Each sample also carries the seat's next observation.")] = False,
) -> None:
    """Play arena deals and write every decision as samples, one shard per task."""
    from ..cluster import RayUnavailableError, process_runner, ray_runner
    from ..rules.options import OptionError, parse_option_args
    from .generate import selfplay_dataset

    try:
        options = parse_option_args(option or [])
        names = [a.strip() for a in agents.split(",") if a.strip()]
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        runner = ray_runner(ray) if ray else process_runner(workers)
        with ProgressReport("deals") as progress:
            summary = selfplay_dataset(game, players, names, deals, out, seed, options, deals_per_shard,
                                       reward, runner, progress, fmt, next_observation)
    except (OptionError, ValueError, RayUnavailableError) as exc:
        raise fail(str(exc)) from None
    _report(summary.to_json(), as_json)


@dataset_app.command()
def records(
    files: Annotated[list[Path], typer.Argument(help="Record files (RULES.md §8) of one configuration.")],
    out: Annotated[Path, typer.Option("--out", help="The shard file to write (.npz, or .parquet).")],
    reward: Annotated[str, typer.Option("--reward", help="score or margin.")] = "score",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    fmt: Annotated[str, typer.Option("--format", help="npz or parquet.")] = "npz",
    next_observation: Annotated[bool, typer.Option(
        "--next-observation", help="Each sample also carries the seat's next observation.")] = False,
) -> None:
    """Turn game records into one shard (every decision of every finished round)."""
    from ..records import RecordError
    from .generate import records_to_shard

    try:
        with ProgressReport("records") as progress:
            summary = records_to_shard(files, out, reward, progress, fmt, next_observation)
    except (RecordError, ValueError) as exc:
        raise fail(str(exc)) from None
    _report(summary.to_json(), as_json)


@dataset_app.command()
def info(
    path: Annotated[Path, typer.Argument(help="A shard or a directory of shards.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Sample counts, configuration and reward statistics of shards (.npz or Parquet)."""
    from .shards import DatasetError, parquet_info, read_shard, shard_paths

    try:
        parquet = parquet_info(path)
        if parquet is not None:
            _report(parquet, as_json)
            return
        shards = [read_shard(p) for p in shard_paths(path)]
    except DatasetError as exc:
        raise fail(str(exc)) from None
    samples = sum(len(s) for s in shards)
    rewards = [float(r) for s in shards for r in s.reward]
    meta = shards[0].meta
    summary = {
        "shards": len(shards), "samples": samples, "game": meta["game"], "players": meta["players"],
        "options": meta["options"], "reward": meta["reward"],
        "mean_reward": round(sum(rewards) / samples, 3) if samples else None,
        "mean_legal_actions": (round(sum(float(s.mask.sum()) for s in shards) / samples, 2)
                               if samples else None),
    }
    _report(summary, as_json)


def _report(summary: dict[str, object], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    for key, value in summary.items():
        if key == "shards" and isinstance(value, list):
            value = f"{len(value)} ({value[0]} …)" if len(value) > 1 else ", ".join(map(str, value))
        typer.echo(f"{key}: {value}")
