"""Start-up time of the ``hanafuda`` command beside a bare ``import typer`` (issue 32).

Each command runs in a fresh Python process, ``--repeat`` times, interleaved with the
baseline so the load of a shared machine weighs on both alike; the table shows each one's
median wall time and its ratio to the baseline's median (the issue's target: about 2×).
The commands are ``hanafuda --help``, ``hanafuda rules``, ``hanafuda rules mushi`` and
``hanafuda replay`` of a sample record; ``import hanafuda.cli`` is listed too, with whether
it loaded NumPy.  Prints a table; it asserts nothing (tests/docs/test_cli_startup.py checks
the NumPy part, not the clock).

    python benchmarks/cli_startup.py [--repeat 15]
"""

from __future__ import annotations

import argparse
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
    "import hanafuda.cli": ["-c", "import sys, hanafuda.cli; sys.exit('numpy' in sys.modules)"],
    "hanafuda --help": ["-c", CLI, "--help"],
    "hanafuda rules": ["-c", CLI, "rules"],
    "hanafuda rules mushi": ["-c", CLI, "rules", "mushi"],
    "hanafuda replay RECORD": ["-c", CLI, "replay", str(RECORD)],
}
BASELINE = "python -c 'import typer'"


def run_once(args: list[str]) -> tuple[float, int]:
    """Wall seconds of one fresh process, and its exit code."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start, done.returncode


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs of each command")
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    codes: dict[str, int] = {}
    for _ in range(args.repeat):
        for name, command in COMMANDS.items():  # interleaved: load hits every row alike
            seconds, code = run_once(command)
            times[name].append(seconds)
            codes[name] = code
    base = statistics.median(times[BASELINE])
    print(f"Python {platform.python_version()}, {args.repeat} runs each, median wall time")
    print(f"{'command':<26} {'median ms':>10} {'× baseline':>11}")
    for name, values in times.items():
        median = statistics.median(values)
        note = ""
        if name == "import hanafuda.cli":
            note = "  (loaded NumPy)" if codes[name] else "  (no NumPy)"
        elif codes[name]:
            note = f"  (exit {codes[name]})"
        print(f"{name:<26} {median * 1000:>10.0f} {median / base:>10.2f}×{note}")


if __name__ == "__main__":
    main(sys.argv[1:])
