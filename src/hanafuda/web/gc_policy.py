"""How a server process runs Python's cyclic garbage collector: short pauses, no garbage kept.

Python stops every thread while it collects, for a time that grows with the objects it looks at.
Measured under load (``benchmarks/serve_load.py --tables 500 --think 3``, 2026-11-26, probes of
``gc.callbacks``): with Python's defaults the collector took ~28 % of the server's CPU; with young
collections every 20,000 allocations (messages die young) it took little CPU, but each young
collection still walked the ~70,000 objects the tables had kept since the last one (the moves'
history, the log in words: ~50 ms, every ~1.7 s), and each collection of the middle generation
walked ~270,000 (~200 ms, every ~17 s): every move arriving meanwhile waited — the whole p99 tail.
Yet during play these collections found **no** garbage at all: everything they walked was alive,
and what dies is freed by reference counting.

So (``tune_gc``): the objects of start-up are frozen out of every collection; young collections run
every ``GC_THRESHOLD`` allocations, where cycles are born and found; and whatever survives a young
collection is frozen at once (``gc.freeze``, a constant-time splice) instead of being promoted, so
the older generations stay empty and no pause walks them.  A frozen object is still freed by
reference counting the moment it dies; only a reference cycle among frozen objects would wait.
For those, ``collect_if_grown`` (run every few seconds by the app) makes one full collection when
the memory blocks in use (``sys.getallocatedblocks``, a counter: counting the frozen objects
instead walks them all, ~0.1 s at 500 tables, which is what the first version of this check did
every 5 s) have grown to ``FULL_COLLECTION_GROWTH`` times their number after the last one — the
same rule of proportion CPython uses for its oldest generation, less often — and when the full
pauses would take at most ``FULL_COLLECTION_PAUSE_SHARE`` of the time (the pause expected from the
last one's, in proportion to the blocks: one of ~0.9 s, the whole heap of 500 tables in play, at
most every ~15 minutes).  Memory held by such cycles stays within
that factor of the live data; in a server whose live data is steady (tables end and leave memory as
others start) no full collection is needed at all.  Measured: a full collection after 60 s of
play at 500 tables found nothing to collect (the cycles Python makes are young ones).
"""

from __future__ import annotations

import gc
import logging
import sys
import time
from dataclasses import dataclass
from typing import Any

__all__ = ["FULL_COLLECTION_GROWTH", "FULL_COLLECTION_PAUSE_SHARE", "GC_THRESHOLD", "FullCollection",
           "collect_if_grown", "tune_gc", "tuned", "untune_gc"]

GC_THRESHOLD = 2_000
"""Allocations between two young garbage collections in a server process (Python's default: 700):
each walks what is alive and young then (2,000 objects and those born meanwhile: ~5–15 ms at 500
tables, where 20,000 made it ~50 ms)."""

FULL_COLLECTION_GROWTH = 2.0
"""A full collection runs once the memory blocks in use are this many times as many as after the
last one..."""

FULL_COLLECTION_PAUSE_SHARE = 0.001
"""...and once the time since the last one is at least its pause divided by this share."""

log = logging.getLogger(__name__)


@dataclass
class _State:
    baseline: int = 0
    """Memory blocks in use right after the last full collection (0: the policy is not installed)."""
    ended: float = 0.0
    """When the last full collection ended (``time.monotonic``)..."""
    pause: float = 0.0
    """...and how long it took, in seconds."""


_state = _State()


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    """A ``gc.callbacks`` hook: after a collection, freeze its survivors (the collections Python
    starts by itself are then all young ones: the older generations stay empty)."""
    if phase == "stop":
        gc.freeze()


def tune_gc() -> None:
    """Install the policy in this process (once, after start-up: the app built, nothing served)."""
    started = time.monotonic()
    gc.collect()
    gc.freeze()
    _state.ended = time.monotonic()
    _state.pause = _state.ended - started
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, middle, old)
    if _freeze_survivors not in gc.callbacks:
        gc.callbacks.append(_freeze_survivors)
    _state.baseline = sys.getallocatedblocks()


def tuned() -> bool:
    """Whether ``tune_gc`` runs this process's collector."""
    return _freeze_survivors in gc.callbacks


def untune_gc() -> None:
    """Python's own collector again (tests)."""
    if _freeze_survivors in gc.callbacks:
        gc.callbacks.remove(_freeze_survivors)
    gc.unfreeze()
    _state.baseline = 0


@dataclass(frozen=True)
class FullCollection:
    """What one full collection did."""

    blocks_before: int
    blocks_after: int
    collected: int
    seconds: float


def collect_if_grown(growth: float = FULL_COLLECTION_GROWTH,
                     pause_share: float = FULL_COLLECTION_PAUSE_SHARE) -> FullCollection | None:
    """One full collection (everything unfrozen, collected, frozen again) if the memory blocks in
    use have grown to ``growth`` times the number left by the last one and its pause (expected: the
    last one's, in proportion to the blocks) is at most ``pause_share`` of the time since the last
    one; None otherwise (and always when the policy is not installed).  The check itself costs a
    microsecond."""
    if not tuned() or _state.baseline <= 0:
        return None
    before = sys.getallocatedblocks()
    started = time.monotonic()
    # the pause grows with the objects walked: the last one's, scaled to today's count
    expected = _state.pause * before / _state.baseline
    if before < growth * _state.baseline or started - _state.ended < expected / pause_share:
        return None
    gc.unfreeze()
    collected = gc.collect()
    gc.freeze()
    after = sys.getallocatedblocks()
    _state.baseline = max(after, 1)
    _state.ended = time.monotonic()
    _state.pause = _state.ended - started
    done = FullCollection(before, after, collected, _state.pause)
    log.info("full garbage collection: %d memory blocks in use before, %d after, %d objects collected, "
             "%.0f ms",
             before, after, collected, done.seconds * 1000)
    return done
