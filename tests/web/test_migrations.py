"""Migration 0005, one table aggregate (issue 28): a database at 0004 with the lobby's rows in
``social_tables``/``social_seats`` upgrades with every table, its settings, its seats' players and
its rematch link kept in the table's own rows, serves those tables, and downgrades back.  On
SQLite always, on PostgreSQL where ``HANAFUDA_TEST_PG_URL`` names one (CI)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine

from hanafuda.web.app import create_app
from hanafuda.web.db import MIGRATIONS, make_engine, migrate


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    url = request.getfixturevalue("pg_url")  # tests/web/conftest.py: emptied, or skipped outside CI
    eng = create_engine(url)
    with eng.begin() as conn:  # (types and sequences too: the old schema is built by hand here)
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    eng.dispose()
    yield url


def _to(engine: Engine, revision: str, down: bool = False) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":  # as ``db.migrate``: a table copied by SQLite's ALTER
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")  # must not cascade to its children
            conn.commit()
        with conn.begin():
            cfg.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(cfg, revision)


TABLE = ("insert into tables (id, game, players, options, seed, theme, spectator_token, status, created, "
         "creator_hash, seeded, hints) values (:id, 'mushi', 2, '{}', 5, 'hanafuda', :id, :status, "
         "'2026-01-01 00:00:00', :id, false, false)")
SEAT = ("insert into seats (table_id, seat, kind, bot, name, token_hash) "
        "values (:t, :s, :kind, :bot, :name, :hash)")


def _old_rows(engine: Engine) -> None:
    """At 0004: a finished lobby table (rated, clock, spectator chat, rematch link), its rematch
    (quick, waiting, an open seat), and a table made by ``/api/tables`` (no lobby rows)."""
    with engine.begin() as db:
        db.execute(text("insert into social_players (id, name, name_key, key_hash, created) values "
                        "(1, 'Ann', 'ann', 'k1', '2026-01-01'), (2, 'Bob', 'bob', 'k2', '2026-01-01')"))
        for tid, status in (("OLD", "finished"), ("NEW", "running"), ("API", "running")):
            db.execute(text(TABLE), {"id": tid, "status": status})
        db.execute(text(SEAT), [
            {"t": "OLD", "s": 0, "kind": "human", "bot": None, "name": "Ann", "hash": "h-old-0"},
            {"t": "OLD", "s": 1, "kind": "human", "bot": None, "name": "Bob", "hash": "h-old-1"},
            {"t": "NEW", "s": 0, "kind": "human", "bot": None, "name": "Ann", "hash": "h-new-0"},
            {"t": "NEW", "s": 1, "kind": "human", "bot": None, "name": "Open seat", "hash": "h-new-1"},
            {"t": "API", "s": 0, "kind": "human", "bot": None, "name": "Cid", "hash": "h-api-0"},
            {"t": "API", "s": 1, "kind": "bot", "bot": "greedy", "name": "greedy", "hash": "h-api-1"}])
        db.execute(text(
            "insert into social_tables (table_id, clock, spectator_chat, rated, quick, fill_at, rematch_of, "
            "rematch, settled, created) values "
            "('OLD', 30, true, true, false, NULL, NULL, 'NEW', true, '2026-01-01'), "
            "('NEW', NULL, false, false, true, '2030-01-01 00:00:00', 'OLD', NULL, false, '2026-01-01')"))
        db.execute(text(
            "insert into social_seats (table_id, seat, player_id, open, pending_token) values "
            "('OLD', 0, 1, false, NULL), ('OLD', 1, 2, false, NULL), "
            "('NEW', 0, 1, false, NULL), ('NEW', 1, NULL, true, 'tok-new-1')"))


def _tables(engine: Engine) -> dict[str, tuple[Any, ...]]:
    with engine.connect() as db:
        rows = db.execute(text("select id, lobby, clock, spectator_chat, rated, quick, fill_at is not null, "
                               "rematch_of, rematch, settled from tables")).all()
    return {r[0]: tuple(r[1:]) for r in rows}


def test_0005_folds_the_lobby_rows_into_the_tables_and_back(db_url: str) -> None:
    engine = make_engine(db_url)
    _to(engine, "0004")
    _old_rows(engine)
    migrate(engine)  # to the newest revision, as a server starting does
    names = set(inspect(engine).get_table_names())
    assert "social_tables" not in names and "social_seats" not in names
    assert _tables(engine) == {
        "OLD": (True, 30, True, True, False, False, None, "NEW", True),
        "NEW": (True, None, False, False, True, True, "OLD", None, False),
        "API": (False, None, False, False, False, False, None, None, False)}
    with engine.connect() as db:
        seats = db.execute(text("select table_id, seat, player_id, open, pending_token from seats "
                                "order by table_id, seat")).all()
    assert [tuple(s) for s in seats] == [
        ("API", 0, None, False, None), ("API", 1, None, False, None),
        ("NEW", 0, 1, False, None), ("NEW", 1, None, True, "tok-new-1"),
        ("OLD", 0, 1, False, None), ("OLD", 1, 2, False, None)]
    engine.dispose()
    # the server reads them: the waiting quick-match table lists its open seat, with its clock
    with TestClient(create_app(db_url, bot_pause=0)) as client:
        listed = client.get("/api/social/open").json()["tables"]
        assert [(t["id"], t["quick"], t["free"], t["clock"]) for t in listed] == [("NEW", True, 1, None)]
    engine = make_engine(db_url)
    _to(engine, "0004", down=True)
    with engine.connect() as db:
        back = db.execute(text("select table_id, clock, spectator_chat, rated, quick, rematch_of, rematch, "
                               "settled from social_tables order by table_id")).all()
        claims = db.execute(text("select table_id, seat, player_id, open, pending_token from social_seats "
                                 "order by table_id, seat")).all()
    assert [tuple(r) for r in back] == [("NEW", None, False, False, True, "OLD", None, False),
                                        ("OLD", 30, True, True, False, None, "NEW", True)]
    assert [tuple(r) for r in claims] == [("NEW", 0, 1, False, None), ("NEW", 1, None, True, "tok-new-1"),
                                          ("OLD", 0, 1, False, None), ("OLD", 1, 2, False, None)]
    assert "lobby" not in {c["name"] for c in inspect(engine).get_columns("tables")}
    migrate(engine)  # and up again
    assert _tables(engine)["OLD"] == (True, 30, True, True, False, False, None, "NEW", True)
    engine.dispose()
