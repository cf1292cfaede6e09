"""``hanafuda admin backup|restore|migrate`` (issue 29, "Admin"): a backup restored gives back every
table and record, into an empty database or over a changed one with ``--force``; a database holding
records is not overwritten without it; a schema newer than this program is not migrated.  On
SQLite always, on PostgreSQL where ``HANAFUDA_TEST_PG_URL`` names one (CI, with pg_dump/pg_restore)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from typer.testing import CliRunner, Result

from hanafuda.cli import app
from hanafuda.web.app import create_app
from hanafuda.web.db import MIGRATIONS, make_engine

from .conftest import TEST_LIMITS, need
from .server import empty_database
from .social_helpers import name
from .wsutil import create, play_round

SCRIPT = ScriptDirectory(str(MIGRATIONS))
HEAD = str(SCRIPT.get_current_head())
BEFORE_HEAD = str(SCRIPT.get_revision(HEAD).down_revision)  # type: ignore[union-attr]


def admin(*args: str) -> Result:
    return CliRunner().invoke(app, ["admin", *args])


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'live.db'}"
        return
    url = request.getfixturevalue("pg_url")  # tests/web/conftest.py: emptied, or skipped outside CI
    need(shutil.which("pg_dump") is not None and shutil.which("pg_restore") is not None,
         "pg_dump/pg_restore are missing (Debian's postgresql-client)")
    yield url


def snapshot(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every table of ``url`` with every row (sorted): what a restore must give back."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return {t: sorted((tuple(r) for r in conn.execute(text(f'SELECT * FROM "{t}"'))), key=repr)
                    for t in sorted(inspect(conn).get_table_names())}
    finally:
        engine.dispose()


def played(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Fill ``url`` through the server: a lobby name, a table with a person and a bot, one round
    played (its moves stored); the snapshot once the server has stopped."""
    with TestClient(create_app(url, bot_pause=0, limits=TEST_LIMITS)) as client:
        name(client, "Ann")
        t = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}],
                   options={"rounds": 1})
        with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
            play_round(ws)
    rows = snapshot(url)
    assert rows["tables"] and rows["seats"] and rows["social_players"]
    assert len(rows["table_events"]) >= 8, "a round of moves is stored"
    return rows


def test_backup_then_restore_gives_back_every_table_and_record(db_url: str, tmp_path: Path) -> None:
    before = played(db_url)
    file = tmp_path / "hanafuda.backup"
    done = admin("backup", str(file), "--db", db_url)
    assert done.exit_code == 0, done.output
    assert file.is_file() and "backup written" in done.output

    # the database changed after the backup: a restore without --force refuses and changes nothing
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM table_events WHERE seq > 3"))
        conn.execute(text("UPDATE social_players SET name = 'Changed'"))
    engine.dispose()
    changed = snapshot(db_url)
    assert changed != before
    refused = admin("restore", str(file), "--db", db_url)
    assert refused.exit_code == 1
    assert "holds records" in refused.output and "--force" in refused.output
    assert snapshot(db_url) == changed

    forced = admin("restore", str(file), "--db", db_url, "--force")
    assert forced.exit_code == 0, forced.output
    assert snapshot(db_url) == before

    # into an empty database (a new machine): no --force needed
    if db_url.startswith("sqlite"):
        fresh = f"sqlite:///{tmp_path / 'new.db'}"
    else:
        empty_database(db_url)
        fresh = db_url
    into = admin("restore", str(file), "--db", fresh)
    assert into.exit_code == 0, into.output
    assert snapshot(fresh) == before
    assert admin("migrate", "--db", fresh).output.strip() == f"schema at {HEAD}"


def test_restore_refuses_what_is_not_a_backup(db_url: str, tmp_path: Path) -> None:
    before = played(db_url)
    junk = tmp_path / "junk.backup"
    junk.write_text("not a backup\n")
    for file in (junk, tmp_path / "missing.backup"):
        done = admin("restore", str(file), "--db", db_url, "--force")
        assert done.exit_code == 1 and "error:" in done.output, done.output
    assert snapshot(db_url) == before


def test_sqlite_backup_is_one_file_and_needs_a_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    missing = admin("backup", str(tmp_path / "b.db"), "--db", url)
    assert missing.exit_code == 1 and "no such database file" in missing.output
    assert not (tmp_path / "live.db").exists() and list(tmp_path.iterdir()) == []
    assert admin("migrate", "--db", url).exit_code == 0
    assert admin("backup", str(tmp_path / "b.db"), "--db", url).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("b.db")) == ["b.db"]


def test_postgresql_backup_names_the_missing_pg_dump(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump, no pg_restore
    file = tmp_path / "b.dump"
    done = admin("backup", str(file), "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/none")
    assert done.exit_code == 1
    assert "pg_dump is not installed" in done.output and "postgresql-client" in done.output
    assert "secret" not in done.output and not file.exists()
    file.write_bytes(b"PGDMP")
    done = admin("restore", str(file), "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/none")
    assert done.exit_code == 1 and "pg_restore is not installed" in done.output


def _at(url: str, revision: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    engine = make_engine(url)
    with engine.connect() as conn:
        with conn.begin():
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
    engine.dispose()


def test_migrate_upgrades_an_older_schema_to_head(db_url: str) -> None:
    _at(db_url, BEFORE_HEAD)
    done = admin("migrate", "--db", db_url)
    assert done.exit_code == 0, done.output
    assert done.output.strip() == f"schema upgraded from {BEFORE_HEAD} to {HEAD}"
    assert snapshot(db_url)["alembic_version"] == [(HEAD,)]


def test_migrate_refuses_a_newer_schema(db_url: str) -> None:
    before = played(db_url)
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    done = admin("migrate", "--db", db_url)
    assert done.exit_code == 1
    assert f"revision 0099, newer than this program's newest ({HEAD})" in done.output
    assert snapshot(db_url) == {**before, "alembic_version": [("0099",)]}


def test_migrate_names_an_unreachable_database() -> None:
    done = admin("migrate", "--db", "postgresql+psycopg://u:secret@127.0.0.1:1/none")
    assert done.exit_code == 1 and "cannot read the database" in done.output
    assert "secret" not in done.output


def test_sqlite_backup_while_the_server_writes_is_consistent(tmp_path: Path) -> None:
    """The online backup API copies one committed state: a writer committing two rows a transaction
    on the live (WAL) database never leaves a backup with half a transaction."""
    import sqlite3
    import threading

    url = f"sqlite:///{tmp_path / 'live.db'}"
    assert admin("migrate", "--db", url).exit_code == 0
    stop = threading.Event()
    written = [0]

    def writer() -> None:
        con = sqlite3.connect(tmp_path / "live.db", timeout=30)
        con.execute("PRAGMA journal_mode=WAL")
        n = 0
        while not stop.is_set():
            with con:  # one transaction: two players
                for _ in range(2):
                    n += 1
                    con.execute("INSERT INTO social_players (name, name_key, key_hash, created) "
                                "VALUES (?, ?, ?, '2026-01-01')", (f"p{n}", f"p{n}", f"k{n}"))
            written[0] = n
        con.close()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        counts = []
        for i in range(5):
            while written[0] < 200 * (i + 1):  # the writer is busy when each backup starts
                stop.wait(0.01)
            file = tmp_path / f"b{i}.db"
            done = admin("backup", str(file), "--db", url)
            assert done.exit_code == 0, done.output
            con = sqlite3.connect(file)
            assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            counts.append(con.execute("SELECT count(*) FROM social_players").fetchone()[0])
            con.close()
    finally:
        stop.set()
        thread.join()
    assert all(c % 2 == 0 and c >= 200 for c in counts), counts
    assert counts == sorted(counts) and counts[-1] <= written[0]
