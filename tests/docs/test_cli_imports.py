"""A CLI that starts at once (issue 32): ``import hanafuda.cli`` and the commands that need no
numbers (``--help``, ``rules``, ``replay``) load no NumPy, no bot and no dataset code — checked
by ``sys.modules`` in a fresh process, not by the clock (benchmarks/cli_startup.py times it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests" / "records" / "mushi-2p-default-12rounds.json"

PROBE = """
import contextlib, io, json, sys
from hanafuda.cli import app
args = json.loads(sys.argv[1])
if args is not None:
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            app(args)
        except SystemExit as exc:
            assert not exc.code, exc.code
print(json.dumps(sorted(m for m in sys.modules if m == "numpy" or m.startswith(
    ("hanafuda.agents", "hanafuda.datasets.generate", "hanafuda.batch", "hanafuda.envs")))))
"""


def loaded(args: list[str] | None) -> list[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    result: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("args", [None, ["--help"], ["rules"], ["rules", "kwa-do"],
                                  ["replay", str(RECORD)], ["replay", str(RECORD), "--json"],
                                  ["arena", "--help"], ["train", "--help"], ["dataset", "--help"]],
                         ids=lambda a: "import" if a is None else " ".join(a[:2]))
def test_the_command_loads_no_numpy(args: list[str] | None) -> None:
    assert loaded(args) == []


def test_the_probe_sees_numpy_when_a_command_needs_it() -> None:
    """The check above can fail: the arena does load NumPy (the bots need it)."""
    found = loaded(["arena", "mushi", "--agents", "greedy,random", "--deals", "1", "-w", "1"])
    assert "numpy" in found and "hanafuda.agents.arena" in found
