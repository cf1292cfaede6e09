"""``hanafuda admin …``: back up, restore and migrate the server's database, and moderate it
(issue 29, "Admin"): ban/unban/bans, close-table, chat/chat-remove, reports, export, grant.

    hanafuda admin backup hanafuda-2026-11-27.db      # SQLite: a copy, safe while the server runs
    hanafuda admin backup nightly.dump --db postgresql+psycopg://hanafuda@/hanafuda   # pg_dump -Fc
    hanafuda admin restore nightly.dump --db … --force
    hanafuda admin migrate --db …
    hanafuda admin ban Troll --reason spam --for 7d      # also --address 203.0.113.7
    hanafuda admin close-table 3f2a… --reason "abuse"

The moderation commands (``web/moderation.py``) write to the database; every running server reads
bans from it and applies closed tables and removed lines within seconds.

Every command takes the same ``--db`` URL as ``hanafuda serve``.  SQLite goes through sqlite3's
online backup API (a consistent copy while the server writes); PostgreSQL through ``pg_dump`` and
``pg_restore`` (Debian's ``postgresql-client``).  A refusal prints ``error: …`` and exits 1 with
nothing changed.

No ``from __future__ import annotations`` and nothing heavy at import: ``hanafuda.cli`` registers
this sub-app on every start, and Typer reads these annotations each time (issue 32).
"""

import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

T = TypeVar("T")

__all__ = ["AdminError", "admin_app", "backup_database", "migrate_database", "restore_database"]

admin_app = typer.Typer(help="Back up, restore and migrate the server's database; moderate (ban, "
                        "close-table, chat-remove, reports, export, grant) — the same --db as serve.",
                        no_args_is_help=True)

DB_HELP = ("Database URL, as given to serve (default: the SQLite file in the user data directory; "
           "or postgresql+psycopg://user:pass@host/db).")
KEPT = frozenset({"alembic_version"})
"""Tables that do not make a database "non-empty": a fresh ``serve`` writes its schema revision."""


class AdminError(RuntimeError):
    """A refusal with its reason (a missing tool, an unknown file, a newer schema); nothing changed."""


def _url(db: str | None) -> str:
    from . import default_db_url

    return db or default_db_url()


def _sqlite_path(url: str) -> Path:
    from sqlalchemy.engine import make_url

    path = make_url(url).database
    if not path or path == ":memory:":
        raise AdminError(f"{url}: not an SQLite file (an in-memory database has nothing to keep)")
    return Path(path)


def _kind(url: str) -> str:
    if url.startswith("sqlite"):
        return "sqlite"
    if url.startswith("postgresql"):
        return "postgresql"
    raise AdminError(f"unsupported database URL {url.split(':', 1)[0]}://…: sqlite:/// or postgresql+psycopg://")


def _libpq(url: str) -> tuple[str, dict[str, str]]:
    """The libpq URI for pg_dump/pg_restore and their environment: the password goes in
    ``PGPASSWORD``, never on a command line that ``ps`` shows to every user."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    env = dict(os.environ)
    if parsed.password is not None:
        env["PGPASSWORD"] = str(parsed.password)
    return parsed.set(drivername="postgresql", password=None).render_as_string(hide_password=False), env


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise AdminError(f"{name} is not installed: it comes with PostgreSQL's client tools "
                         "(Debian: apt install postgresql-client)")
    return found


def _run(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        raise AdminError(f"{Path(args[0]).name} failed (exit {done.returncode}): "
                         f"{'; '.join(lines[:3]) or 'no message'}")


def _filled_tables(url: str) -> list[str]:
    """The tables of ``url`` holding at least one row (but the schema revision): what a restore
    would overwrite."""
    from sqlalchemy import inspect, select, table
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.sql import func

    from .db import make_engine

    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            names = [n for n in inspect(conn).get_table_names() if n not in KEPT]
            return [n for n in sorted(names)
                    if conn.execute(select(func.count()).select_from(table(n))).scalar_one()]
    except SQLAlchemyError as exc:
        raise AdminError(f"cannot read the database: {_reason(exc)}") from None
    finally:
        engine.dispose()


def _reason(exc: Exception) -> str:
    """The database's own first line (no SQL parameters: the engines hide them)."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _sqlite_copy(source: Path, target: Path, single_file: bool = False) -> None:
    """Copy the database ``source`` into ``target`` with the online backup API: pages are read in
    a read transaction, so the copy is consistent while a server writes to ``source``.  A backup
    (``single_file``) leaves WAL mode: one self-contained file, no ``-wal``/``-shm`` beside it."""
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            if single_file:
                dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def _check_sqlite_backup(file: Path) -> None:
    """A file to restore must be an SQLite database with hanafuda's schema revision in it."""
    try:
        con = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
        try:
            names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            con.close()
    except sqlite3.DatabaseError as exc:
        raise AdminError(f"{file}: not an SQLite backup ({exc})") from None
    if "alembic_version" not in names:
        raise AdminError(f"{file}: not a hanafuda backup (no alembic_version table)")


def backup_database(url: str, file: Path) -> None:
    """Write a backup of ``url`` to ``file`` (replaced only once the backup is complete)."""
    kind = _kind(url)
    file = file.expanduser()
    if not file.parent.is_dir():
        raise AdminError(f"{file.parent}: no such folder")
    if file.is_dir():
        raise AdminError(f"{file}: is a folder; name the backup file")
    fd, part_name = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".part", dir=file.parent)
    os.close(fd)
    part = Path(part_name)
    try:
        if kind == "sqlite":
            source = _sqlite_path(url)
            if not source.is_file():
                raise AdminError(f"{source}: no such database file")
            part.unlink()  # sqlite3 makes a fresh file
            _sqlite_copy(source, part, single_file=True)
        else:
            uri, env = _libpq(url)
            _run([_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={part}", f"--dbname={uri}"],
                 env)
        os.replace(part, file)
    finally:
        part.unlink(missing_ok=True)


def restore_database(url: str, file: Path, force: bool = False) -> None:
    """Put the backup ``file`` back into ``url``; a database holding any record is overwritten only
    with ``force``.  PostgreSQL restores in one transaction: a failure leaves it as it was."""
    kind = _kind(url)
    file = file.expanduser()
    if not file.is_file():
        raise AdminError(f"{file}: no such backup file")
    if kind == "sqlite":
        _check_sqlite_backup(file)
        target = _sqlite_path(url)
        if not target.parent.is_dir():
            raise AdminError(f"{target.parent}: no such folder")
        if target.exists():
            _refuse_filled(url, force)
        _sqlite_copy(file, target)
        return
    uri, env = _libpq(url)
    pg_restore = _tool("pg_restore")
    _run([pg_restore, "--list", str(file)], env)  # a readable pg_dump archive, before touching anything
    _refuse_filled(url, force)
    _run([pg_restore, "--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error",
          f"--dbname={uri}", str(file)], env)


def _refuse_filled(url: str, force: bool) -> None:
    filled = _filled_tables(url)
    if filled and not force:
        raise AdminError(f"the database holds records ({', '.join(filled)}): restoring would "
                         "replace them; add --force to do so")


def migrate_database(url: str) -> tuple[str | None, str]:
    """Upgrade ``url``'s schema to this program's newest migration; returns (before, after).

    A database at a revision this program does not ship was migrated by a newer hanafuda:
    downgrading it is not this command's job, so it refuses and changes nothing."""
    from alembic.script import ScriptDirectory
    from alembic.util.exc import CommandError
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import SQLAlchemyError

    from .db import MIGRATIONS, make_engine, migrate

    _kind(url)
    script = ScriptDirectory(str(MIGRATIONS))
    head = script.get_current_head()
    if head is None:  # pragma: no cover - the package ships its migrations
        raise AdminError(f"{MIGRATIONS}: no migrations found")
    engine = make_engine(url)
    try:
        try:
            with engine.connect() as conn:
                current = None
                if inspect(conn).has_table("alembic_version"):
                    current = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except SQLAlchemyError as exc:
            raise AdminError(f"cannot read the database: {_reason(exc)}") from None
        if current is not None:
            try:
                known = script.get_revision(current) is not None
            except CommandError:
                known = False
            if not known:
                raise AdminError(f"the database's schema is at revision {current}, newer than this "
                                 f"program's newest ({head}): upgrade hanafuda, do not run an older one "
                                 "against it")
        migrate(engine)
    finally:
        engine.dispose()
    return current, head


def _refuse(exc: Exception) -> typer.Exit:
    typer.echo(f"error: {exc}", err=True)
    return typer.Exit(code=1)


@admin_app.command()
def backup(
    file: Annotated[Path, typer.Argument(help="The backup file to write (replaced if it exists).")],
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Back up the database: SQLite by its online backup API (safe while the server runs),
    PostgreSQL by pg_dump -Fc."""
    url = _url(db)
    try:
        backup_database(url, file)
    except (AdminError, sqlite3.Error) as exc:
        raise _refuse(exc) from None
    typer.echo(f"{file}: backup written ({file.stat().st_size} bytes)")


@admin_app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A file written by hanafuda admin backup.")],
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a database that holds records.")] = False,
) -> None:
    """Restore a backup into the database (stop the server first). A database holding records is
    replaced only with --force."""
    url = _url(db)
    try:
        restore_database(url, file, force=force)
    except (AdminError, sqlite3.Error) as exc:
        raise _refuse(exc) from None
    typer.echo(f"{file}: restored")


@admin_app.command()
def migrate(
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Upgrade the database's schema to this program's newest migration (serve does it at start);
    a schema newer than this program is refused."""
    from .db import DatabaseUnusable

    url = _url(db)
    try:
        before, after = migrate_database(url)
    except (AdminError, DatabaseUnusable) as exc:
        raise _refuse(exc) from None
    typer.echo(f"schema at {after}" if before == after else f"schema upgraded from {before or 'nothing'} "
               f"to {after}")


# -- moderation (web/moderation.py): bans, reports, tables, chat, records, roles -----------------

def _moderated(db: str | None) -> tuple[Any, Any]:
    """The engine and session factory of the database, once its schema is this program's newest
    (the moderation tables come with migration 0006; ``serve`` and ``admin migrate`` apply it)."""
    from alembic.script import ScriptDirectory
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import SQLAlchemyError

    from .db import MIGRATIONS, make_engine, session_factory

    url = _url(db)
    _kind(url)
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            current = (conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
                       if inspect(conn).has_table("alembic_version") else None)
    except SQLAlchemyError as exc:
        engine.dispose()
        raise AdminError(f"cannot read the database: {_reason(exc)}") from None
    if current != head:
        engine.dispose()
        raise AdminError(f"the database's schema is at {current or 'nothing'}, not {head}: run "
                         "hanafuda admin migrate (or start the new server) first")
    return engine, session_factory(engine)


def _moderate(db: str | None, work: Callable[[Any, Any], T]) -> T:
    """``work(engine, sessions)`` on the database; a refusal printed as ``error: …``, exit 1."""
    from sqlalchemy.exc import SQLAlchemyError

    from .moderation import ModerationError

    try:
        engine, sessions = _moderated(db)
    except AdminError as exc:
        raise _refuse(exc) from None
    try:
        return work(engine, sessions)
    except (AdminError, ModerationError, OSError) as exc:
        raise _refuse(exc) from None
    except SQLAlchemyError as exc:
        raise _refuse(AdminError(f"the database refused: {_reason(exc)}")) from None
    finally:
        engine.dispose()


def _short(at: str | None) -> str:
    return "-" if at is None else at[:16].replace("T", " ")


@admin_app.command()
def ban(
    name: Annotated[str | None, typer.Argument(help="The display name to ban (any case).")] = None,
    address: Annotated[str | None, typer.Option("--address", help="An IP address or network to ban "
                                                "instead (203.0.113.7, 2001:db8::/64).")] = None,
    reason: Annotated[str, typer.Option("--reason", help="Why (shown to the banned person).")] = "",
    until: Annotated[str | None, typer.Option("--until", help="Ends at this date/time (UTC): "
                                              "2026-12-31 or 2026-12-31T18:00.")] = None,
    span: Annotated[str | None, typer.Option("--for", help="Ends after 30m, 12h, 7d, 2w.")] = None,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Ban a name or an address (with a reason, until a date, for a while, or until unbanned): the
    running servers refuse it within seconds."""
    from .moderation import add_ban, parse_expiry

    def work(_engine: Any, sessions: Any) -> None:
        made = add_ban(sessions, name=name, address=address, reason=reason, until=parse_expiry(until, span),
                       by="admin")
        ends = "until unbanned" if made.until is None else f"until {_short(made.to_json()['until'])} UTC"
        typer.echo(f"ban {made.id}: {made.kind} {made.shown} banned {ends}: {made.reason}")

    _moderate(db, work)


@admin_app.command()
def unban(
    name: Annotated[str | None, typer.Argument(help="The banned name.")] = None,
    address: Annotated[str | None, typer.Option("--address", help="The banned address or network.")] = None,
    ban_id: Annotated[int | None, typer.Option("--id", help="The ban's number (admin bans).")] = None,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Lift the bans in force of a name, an address or one ban by its number."""
    from .moderation import lift_ban

    def work(_engine: Any, sessions: Any) -> None:
        lifted = lift_ban(sessions, name=name, address=address, ban_id=ban_id)
        typer.echo(f"{lifted} ban{'s' if lifted != 1 else ''} lifted")

    _moderate(db, work)


@admin_app.command()
def bans(db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None) -> None:
    """List the bans in force (expired and lifted ones are not)."""
    from .moderation import list_bans

    def work(_engine: Any, sessions: Any) -> None:
        found = list_bans(sessions)
        if not found:
            typer.echo("no ban in force")
        for b in found:
            j = b.to_json()
            ends = _short(j["until"]) if j["until"] else "unbanned"
            typer.echo(f"{b.id}\t{b.kind}\t{b.shown}\tuntil {ends}\t{b.reason}")

    _moderate(db, work)


@admin_app.command("close-table")
def close_table_command(
    table: Annotated[str, typer.Argument(help="The table's id (from its address /table/ID).")],
    reason: Annotated[str, typer.Option("--reason", help="Shown to everyone at the table.")] = "",
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """End a running table for everyone (stored as closed, every move kept); its server tells the
    players within seconds."""
    from .moderation import close_table

    def work(_engine: Any, sessions: Any) -> None:
        close_table(sessions, table, reason, by="admin")
        typer.echo(f"table {table} closed")

    _moderate(db, work)


@admin_app.command()
def chat(
    table: Annotated[str | None, typer.Argument(help="Only this table's lines.")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000, help="How many lines.")] = 50,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """List recent chat lines, newest first, with the numbers chat-remove takes."""
    from .moderation import recent_chat

    def work(_engine: Any, sessions: Any) -> None:
        lines = recent_chat(sessions, limit, table)
        if not lines:
            typer.echo("no chat lines")
        for line in lines:
            typer.echo(f"{line['id']}\t{line['table']}\t{_short(line['at'])}\t{line['name']}: {line['text']}")

    _moderate(db, work)


@admin_app.command("chat-remove")
def chat_remove(
    table: Annotated[str, typer.Argument(help="The table's id.")],
    line: Annotated[int, typer.Argument(help="The line's number (hanafuda admin chat TABLE).")],
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Remove a chat line from the table's history and from every page showing it."""
    from .moderation import remove_chat

    def work(_engine: Any, sessions: Any) -> None:
        text = remove_chat(sessions, table, line, by="admin")
        typer.echo(f"line {line} removed from table {table}: {text}")

    _moderate(db, work)


@admin_app.command("reports")
def reports_command(
    resolve: Annotated[int | None, typer.Option("--resolve", help="Mark this report resolved.")] = None,
    every: Annotated[bool, typer.Option("--all", help="Resolved reports too.")] = False,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """List the players' open reports (a chat line or a player, from the table page), or resolve one."""
    from .moderation import reports, resolve_report

    def work(_engine: Any, sessions: Any) -> None:
        if resolve is not None:
            resolve_report(sessions, resolve, by="admin")
            typer.echo(f"report {resolve} resolved")
            return
        found = reports(sessions, include_resolved=every)
        if not found:
            typer.echo("no open report" if not every else "no report")
        for r in found:
            what = f"line {r['chat_id']} \"{r['line']}\"" if r["chat_id"] is not None else "the player"
            state = f"\tresolved by {r['resolved_by']}" if r["resolved"] else ""
            typer.echo(f"{r['id']}\t{_short(r['at'])}\ttable {r['table']}\t{r['reporter']} reports "
                       f"{r['target']} ({what}): {r['reason'] or '(no reason)'}{state}")

    _moderate(db, work)


@admin_app.command()
def export(
    since: Annotated[str, typer.Option("--since", help="From this date/time (UTC), e.g. 2026-11-01.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="A folder (one record file per table) or a "
                                      ".jsonl file (one record a line).")],
    until: Annotated[str | None, typer.Option("--until", help="Up to (not including) this time.")] = None,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Export the records (RULES.md §8) of the tables finished in a period, as a dataset that
    hanafuda dataset records reads."""
    from .moderation import export_records, parse_date

    def work(engine: Any, _sessions: Any) -> None:
        count = export_records(engine, parse_date(since, "--since"),
                               parse_date(until, "--until") if until else None, out.expanduser())
        typer.echo(f"{count} record{'s' if count != 1 else ''} written to {out}")

    _moderate(db, work)


@admin_app.command()
def grant(
    name: Annotated[str, typer.Argument(help="An account's name (a name with a password).")],
    revoke: Annotated[bool, typer.Option("--revoke", help="Take the role back.")] = False,
    db: Annotated[str | None, typer.Option("--db", help=DB_HELP)] = None,
) -> None:
    """Give an account the admin role: it may open /admin (moderation in the browser)."""
    from .moderation import set_role

    def work(_engine: Any, sessions: Any) -> None:
        shown = set_role(sessions, name, None if revoke else "admin")
        typer.echo(f"{shown} is {'no longer ' if revoke else ''}an admin")

    _moderate(db, work)
