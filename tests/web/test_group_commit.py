"""The group writer (``web.group_commit``) writes on the engine's DBAPI connection (issue 28, CPU
per stored event): the rows it writes are the rows the ORM writes — the same values, ``created`` read
back as the same kind of timestamp — finished tables are marked, and an event the database refuses
fails alone, the others of its group stored.  On SQLite always, on PostgreSQL where
``HANAFUDA_TEST_PG_URL`` names one (CI)."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from hanafuda.web.db import TableEventRow, TableRow, make_engine, migrate, session_factory
from hanafuda.web.group_commit import GroupWriter

from .test_ws import DatabaseAway


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[object]:
    url = (f"sqlite:///{tmp_path / 'web.db'}" if request.param == "sqlite"
           else request.getfixturevalue("pg_url"))  # tests/web/conftest.py: emptied, or skipped
    engine = make_engine(url)
    migrate(engine)
    factory = session_factory(engine)
    with factory.begin() as db:
        for tid in ("a", "b"):
            db.add(TableRow(id=tid, game="mushi", players=2, options={}, seed=1, theme="hanafuda",
                            spectator_token="s", creator_hash="c", status="running"))
        db.flush()
        db.add(TableEventRow(table_id="a", seq=1, kind="move", seat=0, text="play pine-crane"))
    yield factory
    engine.dispose()


async def _write_group(writer: GroupWriter, events: list[tuple[str, int, str, int | None, str, bool]]
                       ) -> list[BaseException | None]:
    """Write ``events`` as one group (all handed over before the writer thread takes any)."""
    with writer._cond:  # the thread waits for this lock: every event joins the same group
        tasks = [asyncio.ensure_future(writer.write(*e)) for e in events]
        await asyncio.sleep(0)
    return list(await asyncio.gather(*tasks, return_exceptions=True))


def test_the_group_writes_the_rows_the_orm_writes(sessions: object) -> None:
    writer = GroupWriter(lambda: sessions)
    before = dt.datetime.now(dt.UTC)
    answers = asyncio.run(_write_group(writer, [
        ("a", 2, "move", 1, "play plum-warbler", False),
        ("b", 1, "next-round", None, "next-round", False),
        ("a", 3, "move", 0, "play maple-deer", True),
    ]))
    writer.close()
    assert answers == [None, None, None]
    assert (writer.groups, writer.events) == (1, 3)
    with sessions.begin() as db:  # type: ignore[attr-defined]
        rows = db.scalars(select(TableEventRow).order_by(TableEventRow.table_id, TableEventRow.seq)).all()
        assert [(r.table_id, r.seq, r.kind, r.seat, r.text) for r in rows] == [
            ("a", 1, "move", 0, "play pine-crane"), ("a", 2, "move", 1, "play plum-warbler"),
            ("a", 3, "move", 0, "play maple-deer"), ("b", 1, "next-round", None, "next-round")]
        orm, *grouped = [r.created for r in rows]
        assert all(type(c) is type(orm) for c in grouped)  # read back as the ORM's own row is
        for c in grouped:
            aware = c if c.tzinfo is not None else c.replace(tzinfo=dt.UTC)  # SQLite keeps no zone
            assert before - dt.timedelta(seconds=1) <= aware <= dt.datetime.now(dt.UTC)
        assert {t.id: t.status for t in db.scalars(select(TableRow))} == {"a": "finished", "b": "running"}


def test_a_refused_event_fails_alone(sessions: object) -> None:
    """Seq 1 of table "a" is stored already: that event is refused, the others of its group stand."""
    writer = GroupWriter(lambda: sessions)
    answers = asyncio.run(_write_group(writer, [
        ("b", 1, "move", 0, "play pine-crane", False),
        ("a", 1, "move", 1, "play plum-warbler", False),
        ("b", 2, "move", 1, "play plum-chaff1", False),
    ]))
    writer.close()
    assert answers[0] is None and answers[2] is None and isinstance(answers[1], Exception)
    with sessions.begin() as db:  # type: ignore[attr-defined]
        rows = db.scalars(select(TableEventRow).order_by(TableEventRow.table_id, TableEventRow.seq)).all()
        assert [(r.table_id, r.seq, r.text) for r in rows] == [
            ("a", 1, "play pine-crane"), ("b", 1, "play pine-crane"), ("b", 2, "play plum-chaff1")]


def test_a_database_that_is_away_fails_every_write() -> None:
    writer = GroupWriter(DatabaseAway)
    answers = asyncio.run(_write_group(writer, [("a", 1, "move", 0, "play pine-crane", False)]))
    writer.close()
    assert len(answers) == 1 and "connection refused" in str(answers[0])
