"""The ``hanafuda`` command (Typer). Thin: no rule lives here (DESIGN.md layer 7).

No ``from __future__ import annotations`` here: Typer reads every command's annotations on
each start, and string annotations cost it a compile and an eval apiece, twice (issue 32).
"""

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from .cli_group import QuickGroup
from .console import ProgressReport, fail
from .datasets.cli import dataset_app
from .web.admin import admin_app

# Plain Click help (no Rich) and plain values converted without pydantic: a command that
# starts at once (issue 32; docs/performance.md, "CLI start-up").
app = typer.Typer(
    name="hanafuda",
    help="Five hanafuda/hwatu fishing games on one rules engine.",
    no_args_is_help=True,
    add_completion=False,
    cls=QuickGroup,
    rich_markup_mode=None,
)
app.add_typer(dataset_app, name="dataset")
app.add_typer(admin_app, name="admin")  # backup, restore, migrate: the serve --db (docs/deploy.md)




LANG_HELP = "Language of the text: en, ja or ko (default: en)."


def rules_text(game: str | None = None, options: dict[str, object] | None = None,
               players: int | None = None, theme: str | None = None, lang: str = "en") -> str:
    """The text of ``hanafuda rules [GAME]``: the game list, or one game's rules reference
    (from the words layer) with the options in force when ``options`` are given, in ``lang``."""
    from .rules import GAMES, get_game
    from .themes import normalize_theme
    from .words import games_text, rules_reference

    if game is None:
        return games_text(GAMES, lang)
    g = get_game(game)
    if players is None:
        players = 2 if 2 in g.player_counts() else g.player_counts()[0]
    config = g.configure(players, options or {})
    shown = normalize_theme(theme or g.default_theme)
    return rules_reference(config, shown, lang).text(options_in_force=bool(options))


@app.command()
def rules(
    game: Annotated[str | None, typer.Argument(help="One game: how to play it, its values, "
                                               "wild card, yaku and options.")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable): "
                                       "show the yaku and values in force with it.")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    theme: Annotated[
        str | None, typer.Option("--theme", help="Card names: hanafuda, hwatu, hawaiifuda, "
                                 "kwa-do (default: the game's own).")
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help=LANG_HELP)] = "en",
) -> None:
    """List the games, or teach one: a turn, the order of play, card values, the wild card, every
    yaku with its cards and which exclude each other, how a match is won, who deals next, the
    misdeals, and the options."""
    from .rules.options import OptionError, parse_option_args
    from .themes import UnknownThemeError
    from .words.catalogue import UnknownLanguageError, check_language

    try:
        options = parse_option_args(option or [])
        typer.echo(rules_text(game, options, players, theme, check_language(lang)), nl=False)
    except (OptionError, UnknownThemeError, UnknownLanguageError) as exc:
        raise fail(str(exc)) from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (RULES.md §8).")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the RULES.md §8 summary object.")
    ] = False,
    theme: Annotated[
        str | None, typer.Option("--theme", help="Card names: hanafuda, hwatu, hawaiifuda, "
                                 "kwa-do (default: the game's own).")
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help=LANG_HELP)] = "en",
) -> None:
    """Replay a record: a readable account (cards named as the game names them), or with --json
    the §8 summary object."""
    from .records import RecordError, load_record, match_from_record, replay_summary
    from .themes import UnknownThemeError, normalize_theme
    from .words import replay_text
    from .words.catalogue import UnknownLanguageError, check_language

    try:
        check_language(lang)
        shown = normalize_theme(theme) if theme is not None else None
        match = match_from_record(load_record(file))
    except (UnknownThemeError, UnknownLanguageError) as exc:
        raise fail(str(exc)) from None
    except RecordError as exc:
        raise fail(f"{file}: {exc}") from None
    if as_json:
        typer.echo(json.dumps(replay_summary(match), ensure_ascii=False))
    else:
        typer.echo(replay_text(match, shown or match.config.game.default_theme, lang), nl=False)


IMPORT_FORMATS = ("koikoi-ai",)
"""Outside record formats ``hanafuda import`` reads (docs/rules/koi-koi.md, "Outside records")."""


@app.command("import")
def import_record(
    source: Annotated[str, typer.Argument(help="The format of the record: koikoi-ai (a KoiKoi-AI "
                                          "Koi-Koi match, played as the koikoi-japan preset).")],
    file: Annotated[Path, typer.Argument(help="The outside record (JSON).")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Write our RULES.md §8 record "
                                         "here.")],
) -> None:
    """Convert an outside game record into a RULES.md §8 record, checked move by move and round
    by round; a record that does not fit names the round and turn and nothing is written."""
    from .datasets.koikoi_ai import KoiKoiAIError, import_koikoi_ai

    if source not in IMPORT_FORMATS:
        raise fail(f"unknown record format {source!r}; formats are: {', '.join(IMPORT_FORMATS)}")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise fail(f"{file}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise fail(f"{file}: not a JSON file: {exc}") from None
    try:
        record = import_koikoi_ai(data)
    except KoiKoiAIError as exc:
        raise fail(f"{file}: {exc}") from None
    output.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    typer.echo(f"{output}: {len(record['rounds'])} rounds of koi-koi")


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
    ray: Annotated[
        str | None, typer.Option("--ray", help="Run on the Ray cluster at ADDRESS ('auto': the running one).")
    ] = None,
    matches: Annotated[
        int | None, typer.Option("--matches", help="Play this many whole matches instead of deals.")
    ] = None,
    league: Annotated[
        str | None, typer.Option("--league", help="Comma-separated agents: play every pair on the "
                                 "same duplicate deals, one table with margins and ratings.")
    ] = None,
) -> None:
    """Measure agents over duplicate deals: mean score, win rate, 95% confidence intervals."""
    from .agents.arena import run_arena
    from .cluster import RayUnavailableError, ray_runner
    from .rules.options import OptionError, parse_option_args

    if league is not None:
        _arena_league(game, players, league, deals, seed, option, workers, as_json, records, ray,
                      matches)
        return

    try:
        options = parse_option_args(option or [])
        names = [a.strip() for a in agents.split(",") if a.strip()]
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        count = matches if matches is not None else deals
        if count < 1:
            raise ValueError(f"{'matches' if matches is not None else 'deals'} must be at least 1")
        with ProgressReport("matches" if matches is not None else "deals") as progress:
            result = run_arena(game, players, names, count, seed, options, workers, records,
                               progress=progress, runner=ray_runner(ray) if ray else None,
                               matches=matches is not None)
    except (OptionError, ValueError, RayUnavailableError) as exc:
        raise fail(str(exc)) from None
    _print_result(result, as_json)


def _print_result(result: Any, as_json: bool) -> None:
    """An arena or league result: its JSON on one line, or its table."""
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        typer.echo(result.table(), nl=False)


def _arena_league(game: str, players: int, league: str, deals: int, seed: int,
                  option: list[str] | None, workers: int, as_json: bool, records: Path | None,
                  ray: str | None, matches: int | None) -> None:
    """``hanafuda arena GAME --league a,b,c``: every pair on one seed's duplicate deals."""
    from .agents.league import run_league
    from .cluster import RayUnavailableError, ray_runner
    from .rules.options import OptionError, parse_option_args

    try:
        if matches is not None:
            raise ValueError("--league plays deals: give --deals, not --matches")
        options = parse_option_args(option or [])
        names = [a.strip() for a in league.split(",") if a.strip()]
        if workers < 1:
            raise ValueError("--workers must be at least 1")
        with ProgressReport("deals") as progress:
            result = run_league(game, players, names, deals, seed, options, workers,
                                records_dir=records, progress=progress,
                                runner=ray_runner(ray) if ray else None)
    except (OptionError, ValueError, RayUnavailableError) as exc:
        raise fail(str(exc)) from None
    _print_result(result, as_json)


@app.command("arena-compare")
def arena_compare(
    first: Annotated[Path, typer.Argument(help="An arena result (hanafuda arena … --json).")],
    second: Annotated[Path, typer.Argument(help="Another one, on the same seed and game.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the comparison as JSON.")] = False,
) -> None:
    """Compare two arena runs (--json) on one seed, deal by deal.

    The first agent's margin in FIRST minus that in SECOND, per opponent both met.

    Its 95% interval is over the deals both runs played."""
    from .agents.arena import paired_difference

    runs = []
    for path in (first, second):
        try:
            runs.append(json.loads(path.read_text(encoding="utf-8")))
        except OSError as exc:
            raise fail(f"cannot read {path}: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise fail(f"{path} is not an arena result (not JSON: {exc.msg})") from None
        if not isinstance(runs[-1], dict):
            raise fail(f"{path} is not an arena result")
    try:
        differences = paired_difference(runs[0], runs[1])
    except ValueError as exc:
        raise fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps([d.to_json() for d in differences], ensure_ascii=False))
    else:
        for d in differences:
            typer.echo(d.line())


@app.command()
def equity(
    game: Annotated[str, typer.Argument(help="The game (2 players).")],
    agent: Annotated[str, typer.Option("--agent", help="The bot in both seats (an arena name).")] = "greedy",
    samples: Annotated[int, typer.Option("--samples", help="Rounds to simulate.")] = 20000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the rounds and the bootstrap.")] = 0,
    bootstrap: Annotated[int, typer.Option("--bootstrap", help="Resamples for the 95% band.")] = 40,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="rounds=N or target=N (the match format).")
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write here (default: the shipped file).")] = None,
) -> None:
    """Rebuild a game's match-equity table: simulate rounds with a bot, solve the chance of
    winning the match from every score (docs/bots.md, "Playing for the match")."""
    from .agents.equity import EquityError, build
    from .rules.options import OptionError, parse_option_args

    command = " ".join(["hanafuda", "equity", game, "--agent", agent, "--samples", str(samples),
                        "--seed", str(seed), "--bootstrap", str(bootstrap),
                        *(f"-o {o}" for o in option or [])])
    try:
        table, path = build(game, agent=agent, rounds=samples, seed=seed, bootstrap=bootstrap,
                            options=parse_option_args(option or []), out=out, command=command)
    except (OptionError, EquityError, ValueError) as exc:
        raise fail(str(exc)) from None
    start = table.fmt.rounds if table.fmt.rounds is not None else 0
    lo, hi = table.band(0, 0, start, True)
    typer.echo(f"{path}: {game} {table.fmt.key()}, {samples} rounds of {agent}; "
               f"the first dealer wins {table.value(0, 0, start, True):.1%} [{lo:.1%}, {hi:.1%}]")


def _register_train() -> None:
    """``hanafuda train`` lives in ``hanafuda.train.command`` (the bots' training module)."""
    from .train.command import train_command

    app.command("train")(train_command)


_register_train()


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(
        help="The game; with --resume the saved match to continue (default: the latest).")] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players (default 2).")
    ] = None,
    seat: Annotated[int | None, typer.Option(
        "--seat", help="Your seat index, from 0 as in records (default 0); the screen counts from 1."
    )] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help="Bots at the other seats: strong, greedy or random.")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value (repeatable).")
    ] = None,
    theme: Annotated[
        str | None, typer.Option("--theme", help="Card names: hanafuda, hwatu, hawaiifuda, kwa-do "
                                 "(default: the game's own).")
    ] = None,
    rounds: Annotated[int | None, typer.Option("--rounds", help="Rounds (the rounds option).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deals.")] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Line-based play on standard input/output.")
    ] = False,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue a saved match: --resume FILE, or --resume "
                           "alone for the latest one saved; the file is left as it is, the match is "
                           "saved next to it under a new name unless --save is given.")
    ] = False,
    save: Annotated[
        Path | None, typer.Option("--save", help="Where the record is saved on quitting.")
    ] = None,
    pause: Annotated[
        float | None, typer.Option("--pause", help="Seconds between bot moves (default 0.6; plain 0).")
    ] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="Language of the game: en, ja or ko "
                                             "(default: en; a resumed match keeps its own).")] = None,
) -> None:
    """Play against bots: a Textual app, or with --plain a line-based game. Finished and quit
    matches are saved in the user's data folder (the path is printed)."""
    from .rules import GAMES
    from .tui.session import PlayError, PlaySession, latest_saved_match

    wait = pause if pause is not None else (0.0 if plain else 0.6)
    try:
        if resume:
            if players is not None or option or rounds is not None or seed is not None:
                raise PlayError("--resume continues a saved match: give no --players, "
                                "--option, --rounds or --seed with it")
            if game is not None and game in GAMES and not Path(game).exists():
                raise PlayError(f"--resume continues a saved match: give its FILE (or nothing for "
                                f"the latest), not the game {game!r}")
            path = Path(game) if game is not None else latest_saved_match()
            session = PlaySession.resume(path, seat=seat, bots=bots, theme=theme, save=save,
                                         pause=wait, lang=lang)
        else:
            if game is None:
                raise PlayError("which game? e.g. hanafuda play mushi (hanafuda rules lists them)")
            session = PlaySession.new(
                game, players=players, seat=seat or 0, bots=bots or "strong", options=option,
                theme=theme, rounds=rounds, seed=seed, save=save, pause=wait, lang=lang or "en")
    except PlayError as exc:
        raise fail(str(exc)) from None
    if not plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        typer.echo("hanafuda play: not a terminal, so playing line by line (as with --plain)",
                   err=True)
        plain = True
    if plain:
        from .tui.plain import run_plain

        run_plain(session, sys.stdin, sys.stdout)
        return
    from .tui.app import PlayApp

    saved = PlayApp(session).run()
    if saved is not None:
        from .words.catalogue import text

        typer.echo(text("tui.saved_cli", session.lang, path=saved))


class LogFormat(StrEnum):
    """``serve --log-format``: free text, or one JSON object a line (``web.logs``)."""

    text = "text"
    json = "json"


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
    abandon_after: Annotated[
        float, typer.Option("--abandon-after", help="Minutes with nobody at a table before the lobby "
                            "lists it as abandoned.")
    ] = 60.0,
    max_bot_tables: Annotated[
        int, typer.Option("--max-bot-tables", min=0, help="Running tables with a bot seat, at most.")
    ] = 50,
    bot_workers: Annotated[
        int | None, typer.Option("--bot-workers", min=1, max=256,
                                 help="Worker processes for the searching bots' decisions, per server "
                                      "process (default: the cores left after the server processes, "
                                      "shared among them; at least 1).")
    ] = None,
    max_spectators: Annotated[
        int, typer.Option("--max-spectators", min=0, help="Spectators per table, at most.")
    ] = 50,
    tables_per_minute: Annotated[
        int, typer.Option("--tables-per-minute", min=1, help="New tables per client address a minute.")
    ] = 10,
    messages_per_second: Annotated[
        float, typer.Option("--messages-per-second", min=1.0,
                            help="Socket messages per client address a second, over all its sockets.")
    ] = 30.0,
    sockets_per_address: Annotated[
        int, typer.Option("--sockets-per-address", min=1,
                          help="Websockets one client address may hold open at once, over every "
                               "server process of one PostgreSQL database (on SQLite: this process); "
                               "one more is refused.")
    ] = 40,
    idle_minutes: Annotated[
        float, typer.Option("--idle-minutes", min=0.0,
                            help="Minutes before a table nobody uses leaves memory (reloaded on demand).")
    ] = 10.0,
    bot_only_rate: Annotated[
        float, typer.Option("--bot-only-rate", min=0.0,
                            help="Moves a second at a table of bots alone, at most (0: no pacing).")
    ] = 2.0,
    rate_limits: Annotated[
        str, typer.Option("--rate-limits", envvar="HANAFUDA_RATE_LIMITS",
                          help="The lobby's limits per client address: action=burst/seconds, comma "
                               "separated (create=10/6,chat=8/2,account=5/60).")
    ] = "",
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=64,
                          help="Server processes sharing the port (more than one needs PostgreSQL).")
    ] = 1,
    lease_seconds: Annotated[
        float, typer.Option("--lease-seconds", min=1.0, max=3600.0,
                            help="PostgreSQL: how long a process owns a table without renewing; a "
                                 "process that dies hands its tables over this much later.")
    ] = 10.0,
    forwarded_allow_ips: Annotated[
        str, typer.Option("--forwarded-allow-ips",
                          help="Reverse proxies (IP addresses or networks, comma separated, or *) whose "
                               "X-Forwarded-For and X-Forwarded-Proto are believed; empty: nobody's.")
    ] = "",
    metrics_token: Annotated[
        str, typer.Option("--metrics-token", envvar="HANAFUDA_METRICS_TOKEN",
                          help="GET /metrics then needs the header Authorization: Bearer TOKEN "
                               "(empty: /metrics is open).")
    ] = "",
    log_format: Annotated[
        LogFormat, typer.Option("--log-format", help="text, or json: one JSON object a line with its "
                                "request id, and one access line a request.")
    ] = LogFormat.text,
    public_url: Annotated[
        list[str] | None,
        typer.Option("--public-url", envvar="HANAFUDA_PUBLIC_URL", metavar="URL",
                     help="An address people open the server at (https://hanafuda.example.org; repeat it or "
                          "separate with commas): pages from it may post and open sockets. Pages of "
                          "this machine (localhost, 127.0.0.1, [::1], any port) always may. Default: "
                          "the addresses serve prints at start — with --host 0.0.0.0 each network "
                          "address of this machine at --port, so friends on your network can play; "
                          "not a name (a domain, mybox.local) nor a proxy's address: a public server "
                          "must set it.")
    ] = None,
) -> None:
    """Serve the web app: tables with friends and bots, live in the browser."""
    import uvicorn

    from .web import default_db_url
    from .web.app import create_app
    from .web.db import DatabaseUnusable
    from .web.gc_policy import tune_gc
    from .web.http_protocol import KEEP_ALIVE_SECONDS, bounded_http_protocol, http_protocol_name
    from .web.limits import Limits, default_bot_workers
    from .web.logs import log_config
    from .web.security import parse_forwarded_allow_ips, parse_public_urls
    from .web.social import reachable_urls, serve_banner
    from .web.ws_protocol import tuned_ws_protocol, ws_protocol_name

    url = db or default_db_url()
    limits = Limits(bot_tables=max_bot_tables, spectators=max_spectators, tables_per_minute=tables_per_minute,
                    messages_per_second=messages_per_second, sockets_per_address=sockets_per_address,
                    idle_seconds=idle_minutes * 60.0,
                    bot_only_moves_per_second=bot_only_rate, rates=rate_limits,
                    bot_workers=bot_workers if bot_workers is not None else default_bot_workers(workers))
    try:
        limits.limiter()
    except ValueError as exc:
        raise fail(str(exc).replace("HANAFUDA_RATE_LIMITS", "--rate-limits")) from None
    try:
        parse_forwarded_allow_ips(forwarded_allow_ips)
        # without --public-url: the addresses the banner lists (this machine's), never a Host header
        public_urls = ",".join(parse_public_urls(public_url or reachable_urls(host, port)))
    except ValueError as exc:
        raise fail(str(exc)) from None
    if workers > 1 and not url.startswith("postgresql"):
        raise fail(f"--workers {workers} needs a PostgreSQL database (--db postgresql+psycopg://…): "
                    "SQLite serves one process")
    try:
        web_app = create_app(url, bot_pause=max(0.0, bot_pause), limits=limits,
                             abandon_after=max(0.0, abandon_after) * 60, lease_seconds=lease_seconds,
                             forwarded_allow_ips=forwarded_allow_ips, metrics_token=metrics_token,
                             public_urls=public_urls)
    except Exception as exc:  # a bad URL, an unreachable or read-only database (no password shown)
        why = str(exc) if isinstance(exc, DatabaseUnusable) else type(exc).__name__
        raise fail(f"cannot open the database {_without_password(url)}: {why}") from None
    typer.echo(serve_banner(host, port, _without_password(url))
               + (f"\n({workers} worker processes)" if workers > 1 else "")
               + ("" if public_url or host in ("127.0.0.1", "localhost", "::1") else
                  "\nPages opened at another address (a domain name, a proxy) may not play until it "
                  "is given with --public-url (docs/deploy.md)."))
    # a socket that never reads must not hold up a shutdown: after 5 s its task is cancelled;
    # uvicorn's own proxy headers are off (they trust loopback): the app reads them, from the
    # --forwarded-allow-ips proxies only (security.TrustedProxies)
    common: dict[str, Any] = {"host": host, "port": port, "log_level": "warning", "ws_max_size": 1 << 20,
                              "proxy_headers": False,
                              **({"log_config": log_config()} if log_format is LogFormat.json else {}),
                              "timeout_graceful_shutdown": 5, "http": bounded_http_protocol(),
                              "timeout_keep_alive": KEEP_ALIVE_SECONDS,
                              "ws": tuned_ws_protocol()}
    if workers == 1:
        tune_gc()
        uvicorn.run(web_app, **common)
        return
    import dataclasses
    import os

    from .web.app import SERVE_CONFIG

    # each worker builds its own app (its own cluster member) from this configuration
    os.environ[SERVE_CONFIG] = json.dumps({"db": url, "bot_pause": max(0.0, bot_pause),
                                           "abandon_after": max(0.0, abandon_after) * 60,
                                           "lease_seconds": lease_seconds,
                                           "forwarded_allow_ips": forwarded_allow_ips,
                                           "metrics_token": metrics_token, "public_urls": public_urls,
                                           "limits": dataclasses.asdict(limits)})
    common["http"] = http_protocol_name()
    common["ws"] = ws_protocol_name()
    import shutil
    import tempfile

    from .web.metrics import MULTIPROC_DIR

    # the workers count their metrics in files of one fresh directory, so any worker's /metrics
    # adds up all of them (prometheus-client's multiprocess mode; web.metrics)
    own_dir = not os.environ.get(MULTIPROC_DIR)
    if own_dir:
        os.environ[MULTIPROC_DIR] = tempfile.mkdtemp(prefix="hanafuda-metrics-")
    try:
        uvicorn.run("hanafuda.web.app:create_app_from_env", factory=True, workers=workers, **common)
    finally:
        if own_dir:
            shutil.rmtree(os.environ.pop(MULTIPROC_DIR), ignore_errors=True)


def _without_password(url: str) -> str:
    """A database URL fit for a log: its password masked."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(the given URL)"


def main() -> None:  # pragma: no cover - console entry
    app()
