"""Start-up time of the ``hanafuda`` command beside a bare ``import typer`` (issue 32).

Each command runs in a fresh Python process, ``--repeat`` times, interleaved with the
baseline so the load of a shared machine weighs on both alike; the table shows each one's
median wall time and its ratio to the baseline's median (the issue's target: about 2×).
The commands are ``hanafuda --help``, ``hanafuda rules``, ``hanafuda rules mushi`` and
``hanafuda replay`` of a sample record; ``import hanafuda.cli`` is listed too, with which of
NumPy, pydantic and Rich it loaded.  ``--before SRC`` also runs every command from another
checkout's ``src`` (an older commit, ``git archive``d), interleaved in the same run, so before
and after meet the same load.  Prints a table; it asserts nothing (tests/cli/test_startup.py
checks what is loaded, not the clock).

    python benchmarks/cli_startup.py [--repeat 15] [--before /tmp/old/src]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "records" / "mushi-2p-default-12rounds.json"
CLI = "from hanafuda.cli import main; main()"

COMMANDS: dict[str, list[str]] = {
    "python -c 'import typer'": ["-c", "import typer"],
    "import hanafuda.cli": ["-c", "import sys, hanafuda.cli; sys.exit(sum(1 << i for i, m in "
                            "enumerate(('numpy', 'pydantic', 'rich')) if m in sys.modules))"],
    "hanafuda --help": ["-c", CLI, "--help"],
    "hanafuda rules": ["-c", CLI, "rules"],
    "hanafuda rules mushi": ["-c", CLI, "rules", "mushi"],
    "hanafuda replay RECORD": ["-c", CLI, "replay", str(RECORD)],
}
BASELINE = "python -c 'import typer'"


HEAVY = ("NumPy", "pydantic", "Rich")
"""What ``import hanafuda.cli`` should not load, by bit of its exit code."""


def run_once(args: list[str], src: Path) -> tuple[float, int]:
    """Wall seconds of one fresh process running from ``src``, and its exit code."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, check=False, env=env)
    return time.perf_counter() - start, done.returncode


def note(name: str, code: int) -> str:
    """The table's remark on a row: what the import loaded, or a failed command's exit code."""
    if name == "import hanafuda.cli":
        loaded = [m for i, m in enumerate(HEAVY) if code >> i & 1]
        return f"  (loaded {', '.join(loaded)})" if loaded else "  (no NumPy, pydantic, Rich)"
    return f"  (exit {code})" if code else ""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each command")
    parser.add_argument("--before", type=Path, help="another checkout's src directory, run "
                        "beside this one (before/after in one run)")
    args = parser.parse_args(argv)
    sources = {"after": ROOT / "src"}
    if args.before is not None:
        if not (args.before / "hanafuda" / "cli.py").is_file():
            parser.error(f"--before {args.before}: no hanafuda/cli.py there")
        sources = {"before": args.before.resolve(), **sources}
    rows = [(name, label) for name in COMMANDS for label in sources
            if (name, label) != (BASELINE, "before")]  # the same bare import either way
    times: dict[tuple[str, str], list[float]] = {row: [] for row in rows}
    codes: dict[tuple[str, str], int] = {}
    for _ in range(args.repeat):
        for name, label in rows:  # interleaved: load hits every row alike
            seconds, code = run_once(COMMANDS[name], sources[label])
            times[name, label].append(seconds)
            codes[name, label] = code
    base = statistics.median(times[BASELINE, "after"])
    print(f"Python {platform.python_version()}, {args.repeat} runs each, median wall time")
    print(f"{'command':<26} {'from':<7} {'median ms':>10} {'× baseline':>11}")
    for name, label in rows:
        median = statistics.median(times[name, label])
        print(f"{name:<26} {label:<7} {median * 1000:>10.0f} {median / base:>10.2f}×"
              f"{note(name, codes[name, label])}")


if __name__ == "__main__":
    main(sys.argv[1:])
