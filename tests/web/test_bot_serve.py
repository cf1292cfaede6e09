"""Issue 29: bot worker processes die with their server — after SIGKILL (the kernel's parent-death
signal) and after SIGTERM with decisions queued (the shutdown kills them) — with a real
``hanafuda serve --bot-workers N`` and searching bots playing.  Before, 735 MiB of orphans were
left in one test run."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import httpx
import pytest

from .server import Server

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads /proc (Linux)")

STRONG = [{"kind": "bot", "bot": "strong"}, {"kind": "bot", "bot": "strong"}]


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st is not None and st[0] != "Z":
                parents[int(entry)] = st[1]
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def bot_workers(pid: int) -> set[int]:
    """The bot worker processes below ``pid`` (multiprocessing's spawned children)."""
    out = set()
    for p in descendants(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{p}/cmdline").read_bytes():
                out.add(p)
        except OSError:
            pass
    return out


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie has ended: it holds no memory)."""
    return {p for p in pids if (st := _stat(p)) is not None and st[0] != "Z"}


def bot_server(tmp_path: Path, workers: int) -> Server:
    return Server(f"sqlite:///{tmp_path / 'web.db'}", tmp_path / "serve.log", 0.0,
                  "--bot-only-rate", "0", "--tables-per-minute", "1000", "--bot-workers", str(workers))


def start_bots(srv: Server, tables: int) -> None:
    for _ in range(tables):
        r = httpx.post(srv.url + "/api/tables", timeout=60,
                       json={"game": "koi-koi", "players": 2, "seats": STRONG})
        assert r.status_code == 201, r.text


def bot_queue(srv: Server) -> float:
    text = httpx.get(srv.url + "/metrics", timeout=30).text
    found = re.search(r"^hanafuda_bot_queue (\S+)$", text, re.M)
    assert found is not None, text[:2000]
    return float(found.group(1))


def wait_for(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds:g} s: {what}")


def test_no_bot_worker_survives_a_sigkill_of_its_server(tmp_path: Path) -> None:
    srv = bot_server(tmp_path, 2).start()
    assert srv.proc is not None
    try:
        start_bots(srv, 3)
        wait_for(lambda: len(bot_workers(srv.proc.pid)) == 2, 120, "two bot workers")  # type: ignore[union-attr]
        workers = descendants(srv.proc.pid)  # the workers and multiprocessing's resource tracker
        srv.kill()  # SIGKILL: no shutdown code runs
        wait_for(lambda: not alive(workers), 5, f"the workers {sorted(alive(workers))} die")
    finally:
        srv.stop()


def test_no_bot_worker_survives_a_sigterm_with_decisions_queued(tmp_path: Path) -> None:
    srv = bot_server(tmp_path, 1).start()
    assert srv.proc is not None
    try:
        start_bots(srv, 6)  # six tables of searching bots, one worker: decisions wait their turn
        wait_for(lambda: bot_queue(srv) >= 3, 120, "decisions queued")
        workers = descendants(srv.proc.pid)
        assert len(bot_workers(srv.proc.pid)) == 1
        srv.proc.send_signal(signal.SIGTERM)
        srv.proc.wait(30)
        wait_for(lambda: not alive(workers), 5, f"the workers {sorted(alive(workers))} die")
    finally:
        srv.stop()


def test_bot_workers_must_be_at_least_one() -> None:
    from typer.testing import CliRunner

    from hanafuda.cli import app

    result = CliRunner().invoke(app, ["serve", "--bot-workers", "0"])
    assert result.exit_code == 2 and "--bot-workers" in result.output
