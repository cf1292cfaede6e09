"""Task runners for the arena and dataset generation: local processes or a Ray cluster (issue 16).

A runner maps a picklable function over a list of jobs and yields the results in job order::

    runner = process_runner(workers=4)          # the local process pool (workers=1: inline)
    runner = ray_runner("auto")                 # join a running Ray cluster (pip install hanafuda[ray])
    for result in runner(function, jobs): ...

Each job carries everything its result depends on (deal indices and the seed: deal ``i`` is
dealt from ``Random(f"{seed}:{i}")``), so the results — and the arena's table, the records and
the dataset shards — are identical whichever runner computes them.  With Ray, every job is one
task; the workers need the same ``hanafuda`` installed, and files they write (dataset shards)
go to the path given, which must be shared by the hosts (docs/research.md, "Running on a Ray
cluster").
"""

from __future__ import annotations

import io
import os
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["Runner", "RayUnavailableError", "explain_ray_failure", "process_runner", "ray_runner"]

J = TypeVar("J")
R = TypeVar("R")

Runner = Callable[[Callable[[Any], Any], Sequence[Any]], Iterator[Any]]
"""``runner(function, jobs)``: ``function(job)`` for every job, results in job order."""


class RayUnavailableError(RuntimeError):
    """Ray is not installed, or the cluster address cannot be joined."""


def process_runner(workers: int = 1) -> Runner:
    """The jobs in this process (``workers`` ≤ 1) or in a local pool of ``workers`` processes."""

    def run(function: Callable[[Any], Any], jobs: Sequence[Any]) -> Iterator[Any]:
        if workers <= 1:
            for job in jobs:
                yield function(job)
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(function, jobs)

    return run


AUTH_FIX = ("set RAY_AUTH_MODE=token (the token is read from ~/.ray/auth_token or "
            "RAY_AUTH_TOKEN) and run again")
"""What a client of a cluster with token authentication (Ray 2.5x's default) must do."""


def explain_ray_failure(address: str, captured: str, error: BaseException) -> str:
    """One line that names the fix for a failed ``ray.init``: ``captured`` is what Ray wrote
    to standard error meanwhile (its client retries an unauthenticated connection about 20
    times, one log line each, then blames "a previous Ray instance that has since crashed")."""
    if "InvalidAuthToken" in captured or "Unauthenticated" in captured:
        return f"the Ray cluster at {address!r} uses token authentication: {AUTH_FIX}"
    if address == "auto":
        return ("no running Ray cluster on this host: start one (ray start --head --port=6379) or "
                "give its address (--ray HEAD_IP:6379; ray status on the head prints it)")
    why = str(error).splitlines()[0] if str(error) else type(error).__name__
    return (f"cannot join the Ray cluster at {address!r} ({why}): check the address (ray status "
            "on the head prints it) and that the cluster runs the same Ray version; if it uses "
            f"token authentication, {AUTH_FIX}")


def _refused(address: str) -> str | None:
    """A one-line error when nothing listens at a ``HOST:PORT`` address (checked in at most
    two seconds, before Ray's own retries); None when it answers or is not of that form."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or "://" in address:
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=2.0):
            return None
    except OSError as exc:
        return (f"no Ray cluster answers at {address!r} ({exc.strerror or exc}): start one there "
                f"(ray start --head --port={port}) or give the head's address (ray status prints it)")


@contextmanager
def _stderr_captured() -> Iterator[io.StringIO]:
    """Standard error at the file-descriptor level (Ray's C++ client writes there) into the
    yielded buffer, filled when the block ends; the caller decides whether to show it."""
    buffer = io.StringIO()
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as spool:
        os.dup2(spool.fileno(), 2)
        try:
            yield buffer
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            spool.seek(0)
            buffer.write(spool.read().decode("utf-8", "replace"))


def ray_runner(address: str) -> Runner:
    """One Ray task per job on the cluster at ``address`` (``"auto"``: the running cluster this
    host belongs to; ``"local"``: a new single-host Ray instance).  Joins on first use; a
    failure to join is one ``RayUnavailableError`` line naming the fix (an address nobody
    answers at, token authentication, no cluster on this host)."""
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RayUnavailableError("--ray needs Ray: pip install 'hanafuda[ray]'") from None

    def run(function: Callable[[Any], Any], jobs: Sequence[Any]) -> Iterator[Any]:
        if not ray.is_initialized():
            refused = None if address in ("auto", "local") else _refused(address)
            if refused:
                raise RayUnavailableError(refused)
            error: BaseException | None = None
            with _stderr_captured() as captured:
                try:
                    ray.init(address=None if address == "local" else address,
                             include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
                except (ConnectionError, RuntimeError, ValueError) as exc:
                    error = exc
            if error is not None:  # one line instead of Ray's retries and its crash guess
                raise RayUnavailableError(explain_ray_failure(address, captured.getvalue(), error))
            sys.stderr.write(captured.getvalue())  # joined: Ray's own messages, as it wrote them
        task = ray.remote(function)
        refs = [task.remote(job) for job in jobs]
        for ref in refs:
            yield ray.get(ref)

    return run
