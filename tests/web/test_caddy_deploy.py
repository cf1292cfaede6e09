"""The files of ``deploy/`` (issue 29, "Deploy folder"): the systemd units pass
``systemd-analyze verify``, the worker's command line starts a server that is ready and stops on
SIGTERM, and Caddy (Debian's ``caddy``) accepts the Caddyfile."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from .conftest import need
from .server import free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNITS = DEPLOY / "systemd"
INSTALLED = "/opt/hanafuda/venv/bin/hanafuda"
"""Where the units expect the program (docs/deploy.md installs it there)."""


def env_example() -> dict[str, str]:
    out = {}
    for line in (DEPLOY / "hanafuda.env.example").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            out[key] = value
    return out


def exec_start(unit: str) -> str:
    """A unit's ``ExecStart=`` with its continuation lines joined."""
    text = (UNITS / unit).read_text().replace("\\\n", " ")
    found = re.search(r"^ExecStart=(.*)$", text, re.M)
    assert found, unit
    return found.group(1)


def test_units_verify(tmp_path: Path) -> None:
    """Every unit and the timer pass ``systemd-analyze verify`` (with the program where the units
    expect it: a copy pointing at this machine's ``hanafuda``)."""
    if shutil.which("systemd-analyze") is None:  # a container without systemd: nothing to verify with
        pytest.skip("systemd-analyze is not installed")
    program = shutil.which("hanafuda")
    assert program, "the hanafuda console script is not on PATH"
    for unit in UNITS.iterdir():
        if unit.is_file():  # (caddy.service.d/ is a drop-in for Debian's own caddy.service)
            (tmp_path / unit.name).write_text(unit.read_text().replace(INSTALLED, program))
    names = ["hanafuda@8001.service", "hanafuda-migrate.service", "hanafuda-backup.service",
             "hanafuda-backup.timer", "hanafuda.target"]
    done = subprocess.run(["systemd-analyze", "verify", *(str(tmp_path / n) for n in names)],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    problems = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 0 and problems == [], problems
    assert {u.name for u in UNITS.iterdir() if u.is_file()} == {*names[1:], "hanafuda@.service"}


def test_the_worker_command_line_serves_and_drains(tmp_path: Path) -> None:
    """``hanafuda@.service``'s ``ExecStart`` (its port, the example environment, a SQLite file for
    the database) starts a server whose ``/readyz`` is 200, that believes only 127.0.0.1's
    forwarded headers, and that stops on SIGTERM within the unit's ``TimeoutStopSec``."""
    env = env_example()
    assert env["HANAFUDA_DB"].startswith("postgresql+psycopg://")
    port = free_port()
    line = exec_start("hanafuda@.service").replace("%i", str(port))
    line = line.replace("${HANAFUDA_DB}", f"sqlite:///{tmp_path / 'deploy.db'}")
    line = line.replace("$HANAFUDA_SERVE_FLAGS", env["HANAFUDA_SERVE_FLAGS"])
    argv = shlex.split(line)
    assert argv[0] == INSTALLED and "--forwarded-allow-ips" in argv
    assert argv[argv.index("--forwarded-allow-ips") + 1] == "127.0.0.1"
    argv = [sys.executable, "-c", "from hanafuda.cli import app; app()", *argv[1:]]
    log = (tmp_path / "worker.log").open("wb")
    proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "HANAFUDA_METRICS_TOKEN": env["HANAFUDA_METRICS_TOKEN"]})
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, (tmp_path / "worker.log").read_text()[-2000:]
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the worker did not become ready"
            time.sleep(0.2)
        metrics = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10)
        assert metrics.status_code == 401  # the example's token protects /metrics
        proc.send_signal(signal.SIGTERM)
        timeout = re.search(r"^TimeoutStopSec=(\d+)", (UNITS / "hanafuda@.service").read_text(), re.M)
        assert timeout is not None
        assert proc.wait(int(timeout.group(1))) in (0, -signal.SIGTERM)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        log.close()


def test_caddyfile_is_valid() -> None:
    """Caddy accepts the production Caddyfile: automatic HTTPS, the workers, /readyz checks."""
    caddy = shutil.which("caddy")
    need(caddy is not None, "caddy is not installed (apt-get install caddy)")
    assert caddy is not None
    done = subprocess.run([caddy, "validate", "--adapter", "caddyfile", "--config",
                           str(DEPLOY / "Caddyfile")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    text = (DEPLOY / "Caddyfile").read_text()
    for directive in ("health_uri /readyz", "lb_policy", "lb_try_duration", "127.0.0.1:8001",
                      "127.0.0.1:8002"):
        assert directive in text, directive
    assert "tls internal" not in text  # production: a real certificate, automatically


def test_caddy_runs_before_the_workers_as_the_benchmark_measures_it() -> None:
    """The drop-in for Debian's caddy.service gives Caddy a higher priority than the workers (a
    message through it must not wait for a core twice), and ``benchmarks/serve_load.py`` runs Caddy
    at that same nice value by default, so the proxy capacity it prints is the shipped set-up's."""
    drop_in = UNITS / "caddy.service.d" / "hanafuda.conf"
    lines = [line.strip() for line in drop_in.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines[0] == "[Service]" and len(lines) == 2
    key, _, value = lines[1].partition("=")
    assert key == "Nice" and -20 <= int(value) < 0
    assert "Nice=" not in (UNITS / "hanafuda@.service").read_text()  # the workers run at 0
    bench = Path(__file__).resolve().parents[2] / "benchmarks" / "serve_load.py"
    sys.path.insert(0, str(bench.parent))
    try:
        import serve_load  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(bench.parent))
    assert serve_load.shipped_caddy_nice() == int(value)

