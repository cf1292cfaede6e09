"""What the long commands (``hanafuda arena``, ``hanafuda dataset …``) print on standard error.

One progress report for all of them (issue 11: a bar from the start, not after the first chunk
of work): a Rich progress bar on a terminal, a plain line every 10% otherwise (piped output
and logs stay readable), and one way to fail with a message and exit code 2.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:  # Rich's progress bar is imported when a bar is shown: the CLI starts faster
    from rich.progress import Progress, TaskID

__all__ = ["ProgressReport", "fail"]


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on standard error; raise the returned exit (code 2)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


class ProgressReport:
    """``with ProgressReport("deals") as progress: work(progress=progress)``; the work calls
    ``progress(done, total)``.  Shown from the start: call ``progress(0, total)`` first."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.last_tenth = -1
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> ProgressReport:
        if self.tty:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn(self.what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                TextColumn("left"), TimeRemainingColumn(),
                console=Console(stderr=True), transient=False)
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def __call__(self, done: int, total: int) -> None:
        if total < 1:
            return  # an empty run: its command refuses it with its own message
        if self.bar is not None:
            if self.task is None:
                self.task = self.bar.add_task(self.what, total=total)
            self.bar.update(self.task, completed=done, total=total)
            return
        if done * 10 // total > self.last_tenth:
            self.last_tenth = done * 10 // total
            elapsed = time.monotonic() - self.start
            sys.stderr.write(f"{self.what} {done}/{total} ({done / total:.0%}), {elapsed:.0f}s\n")
