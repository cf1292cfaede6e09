"""The group writer keeps one DBAPI connection while it writes (issue 28: a pool checkout and return
per group were most of its own CPU): one checkout for many groups, the connection given back when the
writer closes, and a connection whose commit failed never used again (the next group takes another,
so a database that was away and is back is written to at once)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from sqlalchemy import event, func, select

from hanafuda.web.db import TableEventRow, TableRow, make_engine, migrate, session_factory
from hanafuda.web.group_commit import GroupWriter


def _setup(tmp_path: Path) -> tuple[object, object, dict[str, int]]:
    engine = make_engine(f"sqlite:///{tmp_path / 'web.db'}")
    migrate(engine)
    factory = session_factory(engine)
    with factory.begin() as db:
        db.add(TableRow(id="a", game="mushi", players=2, options={}, seed=1, theme="hanafuda",
                        spectator_token="s", creator_hash="c", status="running"))
    counts = {"checkout": 0, "checkin": 0}
    event.listen(engine, "checkout", lambda *_: counts.__setitem__("checkout", counts["checkout"] + 1))
    event.listen(engine, "checkin", lambda *_: counts.__setitem__("checkin", counts["checkin"] + 1))
    return engine, factory, counts


def test_one_connection_for_many_groups_given_back_at_close(tmp_path: Path) -> None:
    engine, factory, counts = _setup(tmp_path)
    writer = GroupWriter(lambda: factory)

    async def play() -> None:
        for seq in range(1, 21):  # one at a time: twenty groups
            await writer.write("a", seq, "move", seq % 2, f"move {seq}", False)

    asyncio.run(play())
    assert writer.groups == 20
    assert counts == {"checkout": 1, "checkin": 0}
    writer.close()
    deadline = time.monotonic() + 10
    while counts["checkin"] == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert counts == {"checkout": 1, "checkin": 1}
    with factory.begin() as db:  # type: ignore[attr-defined]
        assert db.scalar(select(func.count()).select_from(TableEventRow)) == 20
    engine.dispose()  # type: ignore[attr-defined]


def test_a_failed_commit_drops_the_connection(tmp_path: Path) -> None:
    engine, factory, counts = _setup(tmp_path)
    writer = GroupWriter(lambda: factory)

    async def play() -> list[BaseException | None]:
        answers: list[BaseException | None] = []
        for seq in (1, 1, 2):  # the second is refused (the same seq again): its connection is dropped
            try:
                await writer.write("a", seq, "move", 0, f"move {seq}", False)
                answers.append(None)
            except Exception as exc:
                answers.append(exc)
        return answers

    answers = asyncio.run(play())
    writer.close()
    assert answers[0] is None and answers[1] is not None and answers[2] is None
    # the first connection, dropped by the failure; the one-by-one retry's, dropped as it fails
    # too; a third for the next write
    assert counts["checkout"] == 3
    with factory.begin() as db:  # type: ignore[attr-defined]
        assert db.scalars(select(TableEventRow.seq).order_by(TableEventRow.seq)).all() == [1, 2]
    engine.dispose()  # type: ignore[attr-defined]
