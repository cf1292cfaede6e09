"""The ``hanafuda`` command (Typer). Thin: no rule lives here (DESIGN.md layer 7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .options import OptionError
from .records import RecordError, load_record, match_from_record, replay_summary
from .replay_text import replay_text
from .rules import GAMES, get_game

app = typer.Typer(
    name="hanafuda",
    help="Five hanafuda/hwatu fishing games on one rules engine.",
    no_args_is_help=True,
    add_completion=False,
)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


def rules_text(game: str | None = None) -> str:
    """The text of ``hanafuda rules [GAME]``."""
    if game is None:
        lines = ["Games (hanafuda rules GAME for details):"]
        for gid, g in GAMES.items():
            counts = g.player_counts()
            players = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
            native = f" ({g.native_title})" if g.native_title != g.title else ""
            lines.append(f"  {gid:<11} {g.title}{native}, {players} players")
        return "\n".join(lines) + "\n"
    g = get_game(game)
    native = f" ({g.native_title})" if g.native_title != g.title else ""
    lines = [f"{g.title}{native} — {g.id}", "", g.summary, "", "Players:"]
    for n in g.player_counts():
        hand, field = g.deal_table[n]
        lines.append(f"  {n}: {hand} cards each, {field} to the field")
    lines += ["", "Options (--option key=value):"]
    for spec in g.option_specs():
        lines.append(f"  {spec.name}")
        lines.append(f"      {spec.help}")
        lines.append(f"      default: {spec.shown_default()}; allowed: {spec.allowed_text()}")
    lines += ["", f"Full rules as implemented: docs/rules/{g.id}.md"]
    return "\n".join(lines) + "\n"


@app.command()
def rules(
    game: Annotated[str | None, typer.Argument(help="One game for its options.")] = None,
) -> None:
    """List the games, or show one game's summary, player counts and options."""
    try:
        typer.echo(rules_text(game), nl=False)
    except OptionError as exc:
        raise _fail(str(exc)) from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (RULES.md §8).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the RULES.md §8 summary object.")
    ] = False,
) -> None:
    """Replay a record: a readable account, or with --json the §8 summary object."""
    try:
        match = match_from_record(load_record(file))
    except RecordError as exc:
        raise _fail(f"{file}: {exc}") from None
    if as_json:
        typer.echo(json.dumps(replay_summary(match), ensure_ascii=False))
    else:
        typer.echo(replay_text(match), nl=False)


def main() -> None:  # pragma: no cover - console entry
    app()
