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

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

__all__ = ["Runner", "RayUnavailableError", "process_runner", "ray_runner"]

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


def ray_runner(address: str) -> Runner:
    """One Ray task per job on the cluster at ``address`` (``"auto"``: the running cluster this
    host belongs to; ``"local"``: a new single-host Ray instance).  Joins on first use."""
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RayUnavailableError("--ray needs Ray: pip install 'hanafuda[ray]'") from None

    def run(function: Callable[[Any], Any], jobs: Sequence[Any]) -> Iterator[Any]:
        if not ray.is_initialized():
            try:
                ray.init(address=None if address == "local" else address, include_dashboard=False,
                         log_to_driver=False, ignore_reinit_error=True)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise RayUnavailableError(f"cannot join the Ray cluster at {address!r}: {exc}") from None
        task = ray.remote(function)
        refs = [task.remote(job) for job in jobs]
        for ref in refs:
            yield ray.get(ref)

    return run
