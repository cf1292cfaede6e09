"""The ``hanafuda`` command (Typer). Thin: no rule lives here (DESIGN.md layer 7)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from .records import RecordError, load_record, match_from_record, replay_summary
from .rules import GAMES, get_game
from .rules.options import OptionError, parse_option_args
from .words.replay import replay_text

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


class _Progress:
    """A progress bar on standard error: redrawn in place on a terminal, every 10% otherwise."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.start
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        eta = elapsed / done * (total - done) if done else 0.0
        text = f"deals {done}/{total} [{bar}] {done / total:4.0%} {elapsed:5.0f}s elapsed, ~{eta:.0f}s left"
        if self.tty:
            sys.stderr.write("\r" + text + ("\n" if done == total else ""))
            sys.stderr.flush()
        elif done * 10 // total > self.last_tenth:
            self.last_tenth = done * 10 // total
            sys.stderr.write(text + "\n")


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="The game.")],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 2,
    agents: Annotated[
        str, typer.Option("--agents", help="Comma-separated agents for seats 0, 1, … (cycled).")
    ] = "strong,greedy",
    deals: Annotated[int, typer.Option("--deals", help="Duplicate deals to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    records: Annotated[
        Path | None, typer.Option("--records", help="Write every game as a record into DIR.")
    ] = None,
) -> None:
    """Measure agents over duplicate deals: mean score, win rate, 95% confidence intervals."""
    from .agents.arena import run_arena

    try:
        options = parse_option_args(option or [])
        names = [a.strip() for a in agents.split(",") if a.strip()]
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        result = run_arena(game, players, names, deals, seed, options, workers, records,
                           progress=_Progress())
    except (OptionError, ValueError) as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        typer.echo(result.table(), nl=False)


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="The game (not needed with --resume).")] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players (default 2).")
    ] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="Your seat (default 0).")] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help="Bots at the other seats: strong, greedy or random.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    theme: Annotated[
        str | None, typer.Option("--theme", help="Card names: hanafuda, hwatu, hawaiifuda, kwa-do.")
    ] = None,
    rounds: Annotated[int | None, typer.Option("--rounds", help="Rounds (the rounds option).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deals.")] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Line-based play on standard input/output.")
    ] = False,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue a saved match (a record).")
    ] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Where the record is saved on quitting.")
    ] = None,
    pause: Annotated[
        float | None, typer.Option("--pause", help="Seconds between bot moves (default 0.6; plain 0).")
    ] = None,
) -> None:
    """Play against bots: a Textual app, or with --plain a line-based game."""
    from .tui.session import PlayError, PlaySession

    wait = pause if pause is not None else (0.0 if plain else 0.6)
    try:
        if resume is not None:
            if game is not None or players is not None or option or rounds is not None \
                    or seed is not None:
                raise PlayError("--resume continues a saved match: give no GAME, --players, "
                                "--option, --rounds or --seed with it")
            session = PlaySession.resume(resume, seat=seat, bots=bots, theme=theme, save=save,
                                         pause=wait)
        else:
            if game is None:
                raise PlayError("which game? e.g. hanafuda play mushi (hanafuda rules lists them)")
            session = PlaySession.new(
                game, players=players, seat=seat or 0, bots=bots or "strong", options=option,
                theme=theme or "hanafuda", rounds=rounds, seed=seed, save=save, pause=wait)
    except PlayError as exc:
        raise _fail(str(exc)) from None
    if plain:
        from .tui.plain import run_plain

        run_plain(session, sys.stdin, sys.stdout)
        return
    from .tui.app import PlayApp

    saved = PlayApp(session).run()
    if saved is not None:
        typer.echo(f"Match saved to {saved} (continue with: hanafuda play --resume {saved})")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database URL (default: an SQLite file in the user data directory; "
                     "or postgresql+psycopg://user:pass@host/db)."),
    ] = None,
    bot_pause: Annotated[
        float, typer.Option("--bot-pause", help="Seconds a bot waits before moving, so people can follow.")
    ] = 0.8,
) -> None:
    """Serve the web app: tables with friends and bots, live in the browser."""
    import uvicorn

    from .web import default_db_url
    from .web.app import create_app
    from .web.social import serve_banner

    url = db or default_db_url()
    try:
        web_app = create_app(url, bot_pause=max(0.0, bot_pause))
    except Exception as exc:  # a bad URL or an unreachable database
        raise _fail(f"cannot open the database {url}: {exc}") from None
    typer.echo(serve_banner(host, port, url))
    uvicorn.run(web_app, host=host, port=port, log_level="warning", ws_max_size=1 << 20)


def main() -> None:  # pragma: no cover - console entry
    app()
