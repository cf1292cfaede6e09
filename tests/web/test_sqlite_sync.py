"""SQLite runs in WAL mode with ``synchronous=NORMAL`` (issue 28: the fsync of every group commit
was a sixth of the server's CPU per stored move), and an acknowledged move still survives a killed
process: a commit in WAL mode is in the ``-wal`` file once ``GroupWriter.write`` returns, and the
next open replays it (``db.make_engine``; docs/deploy.md says what a power loss may cost)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from sqlalchemy import select

from hanafuda.web.db import TableEventRow, make_engine


def test_sqlite_is_wal_with_normal_sync(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/x.db")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL (FULL is 2)
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


CHILD = textwrap.dedent("""
    import asyncio, os, signal, sys
    from sqlalchemy.orm import sessionmaker
    from hanafuda.web import db as D
    from hanafuda.web.group_commit import GroupWriter

    engine = D.make_engine(sys.argv[1])
    D.migrate(engine)
    sessions = sessionmaker(bind=engine)
    with sessions.begin() as s:
        s.add(D.TableRow(id="t1", game="mushi", players=2, options={}, seed=1, theme="hanafuda",
                         spectator_token="x", creator_hash="y"))
    writer = GroupWriter(lambda: sessions)

    async def main() -> None:
        for seq in range(1, 31):
            await writer.write("t1", seq, "move", seq % 2, f"move {seq}", False)
            print(seq, flush=True)  # acknowledged

    asyncio.run(main())
    os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint: as a crash
""")


def test_acknowledged_writes_survive_a_sigkill(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/kill.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    proc = subprocess.run([sys.executable, "-c", CHILD, url], capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    acknowledged = [int(line) for line in proc.stdout.split()]
    assert acknowledged == list(range(1, 31))
    assert (tmp_path / "kill.db-wal").exists()  # the moves were left in the WAL, not checkpointed
    with make_engine(url).connect() as conn:
        stored = conn.execute(select(TableEventRow.seq).where(TableEventRow.table_id == "t1")
                              .order_by(TableEventRow.seq)).scalars().all()
    assert stored == acknowledged
