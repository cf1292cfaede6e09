"""``hanafuda train GAME …``: make a learned bot's weights, seeded, with a progress bar.

Writes the ``.npz`` (weights plus a JSON record of how they were made: the settings, the
command, the training curve, versions) and, when matplotlib is installed (the ``train``
extra), a PNG of the training curve.  BLAS runs single-threaded: on a small shared machine
threads only contend.
"""

from __future__ import annotations

import json
import platform
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:  # imported where used: the CLI registers this command without NumPy
    from .selfplay import TrainReport, TrainSettings

__all__ = ["default_stem", "parse_player_counts", "plot_curve", "run_training", "train_command"]

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "agents" / "weights"
"""Where the shipped weights live: written only when ``--out`` names a file there."""


def train_command(
    game: Annotated[str, typer.Argument(help="The game.")],
    players: Annotated[str, typer.Option(
        "--players", "-n",
        help="Number of players, or a range (3-6: one network for every count in it).")] = "2",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    rounds: Annotated[int, typer.Option("--rounds", help="Self-play rounds (the budget).")] = 200_000,
    batch: Annotated[int, typer.Option("--batch", help="Rounds played in lockstep.")] = 512,
    seed: Annotated[int, typer.Option("--seed", help="Seed of everything random.")] = 0,
    epsilon: Annotated[float, typer.Option("--epsilon", help="Exploration rate.")] = 0.1,
    lr: Annotated[float, typer.Option("--lr", help="Adam learning rate.")] = 1e-3,
    max_minutes: Annotated[
        float | None, typer.Option("--max-minutes", help="Stop early after this long (a cap).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Weights file (default: GAME-Np.npz in the current "
                                  "folder; the shipped files change only when --out names one).")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write the training curve PNG here.")
    ] = None,
) -> None:
    """Train a learned bot by deep Monte-Carlo self-play on the batch simulator."""
    from ..rules.options import OptionError, parse_option_args
    from .selfplay import TrainSettings

    try:
        options = parse_option_args(option or [])
        if rounds < 1 or batch < 1:
            raise ValueError("--rounds and --batch must be at least 1")
        low, high = parse_player_counts(players)
        settings = TrainSettings(game, low, options, rounds=rounds, batch=batch, seed=seed,
                                 epsilon=epsilon, lr=lr, max_minutes=max_minutes,
                                 max_players=high if high != low else None)
        stem = default_stem(settings)
        # never into the installed package unless asked: it may be a tracked file of a checkout
        target = out if out is not None else Path.cwd() / f"{stem}.npz"
        report = run_training(settings, target, plot)
    except (OptionError, ValueError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    last = report.curve[-1][2] if report.curve else float("nan")
    typer.echo(f"wrote {target}: {report.rounds} rounds in {report.seconds:.0f} s; "
               f"margin vs the capture heuristic {last:+.1f} per round")
    if out is None:
        typer.echo(f"play it as policy:{target}; to replace the shipped file, train with "
                   f"--out {DEFAULT_DIR / f'{stem}.npz'}")


def parse_player_counts(text: str) -> tuple[int, int]:
    """``"4"`` → (4, 4); ``"3-6"`` → (3, 6); ``ValueError`` otherwise."""
    low, sep, high = text.strip().partition("-")
    try:
        counts = (int(low), int(high) if sep else int(low))
    except ValueError:
        raise ValueError(f"--players takes a number or a range like 3-6, not {text!r}") from None
    if counts[0] < 1 or counts[1] < counts[0]:
        raise ValueError(f"--players {text!r} is not an increasing range of counts")
    return counts


def default_stem(settings: TrainSettings) -> str:
    """The shipped file name for these settings (``policy.weights_stem``): the game, the
    player counts and ``-teams`` when the options make teams."""
    from ..agents.learned.policy import plays_in_teams, weights_stem
    from ..rules import configure

    config = configure(settings.game, settings.players, settings.options)
    return weights_stem(config.game.id, settings.player_counts, plays_in_teams(config))


def run_training(settings: TrainSettings, out: Path, plot: Path | None = None,
                 quiet: bool = False) -> TrainReport:
    """Train, save the weights to ``out`` (and the curve to ``plot``), return the report."""
    import numpy as np
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .selfplay import train_network

    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # without the train extra: BLAS keeps its default threads
        threadpool_limits = None

    out.parent.mkdir(parents=True, exist_ok=True)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("rounds"), TimeElapsedColumn(), TextColumn("{task.fields[margin]}"))
    with Progress(*columns, disable=quiet) as bar:
        counts = settings.player_counts
        label = f"{counts[0]}" + (f"-{counts[-1]}" if len(counts) > 1 else "")
        task = bar.add_task(f"{settings.game} {label}p", total=settings.rounds,
                            margin="")

        def progress(done: int, total: int, margin: float | None) -> None:
            fields: dict[str, Any] = {}
            if margin is not None:
                fields["margin"] = f"margin vs capture heuristic {margin:+.1f}"
            bar.update(task, completed=done, total=total, **fields)

        if threadpool_limits is not None:
            with threadpool_limits(limits=1):
                report = train_network(settings, progress)
        else:
            report = train_network(settings, progress)
    report.network.meta["command"] = reproduce_command(settings)
    report.network.meta["versions"] = {"python": platform.python_version(),
                                       "numpy": np.__version__}
    report.network.save(out)
    if plot is not None:
        plot_curve(report, plot)
    return report


def reproduce_command(settings: TrainSettings) -> str:
    """The ``hanafuda train`` command that makes these weights again."""
    counts = settings.player_counts
    players = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    words = ["hanafuda", "train", settings.game, "--players", players,
             "--rounds", str(settings.rounds), "--batch", str(settings.batch),
             "--seed", str(settings.seed), "--epsilon", str(settings.epsilon), "--lr", str(settings.lr)]
    for key, value in sorted(settings.options.items()):
        text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
        words += ["-o", shlex.quote(f"{key}={text}")]
    if settings.max_minutes is not None:
        words += ["--max-minutes", str(settings.max_minutes)]
    return " ".join(words)


def plot_curve(report: TrainReport, path: Path) -> bool:
    """The margin against the capture heuristic and the loss over rounds played, as a PNG;
    False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    meta = report.network.meta
    rounds = [c[0] for c in report.curve]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.4))
    left.plot(rounds, [c[2] for c in report.curve], marker="o", markersize=3)
    left.axhline(0, color="grey", linewidth=0.8)
    left.set_xlabel("self-play rounds")
    left.set_ylabel("margin per round (points)")
    left.set_title("vs capture heuristic")
    right.plot(rounds, [c[1] for c in report.curve], color="tab:red")
    right.set_xlabel("self-play rounds")
    right.set_ylabel("MSE (scaled)")
    right.set_title("Q regression loss")
    counts = meta.get("player_counts") or [meta["players"]]
    seats = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
    teams = ", teams" if meta.get("teams") else ""
    fig.suptitle(f"{meta['game']} {seats} players{teams}: deep Monte-Carlo self-play")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True
