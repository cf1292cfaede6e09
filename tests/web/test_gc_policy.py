"""The server's garbage-collection policy (``web.gc_policy``, issue 14: no long collector pauses):
young collections only, their survivors frozen, cycles still collected — young ones at once, old
ones by a full collection once the frozen objects have grown enough."""

from __future__ import annotations

import gc
import sys
import weakref
from collections.abc import Iterator

import pytest

from hanafuda.web import gc_policy
from hanafuda.web.gc_policy import GC_THRESHOLD, collect_if_grown, tune_gc, tuned, untune_gc


class Node:
    """An object that can be in a reference cycle and be watched by a weak reference."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> tuple[weakref.ref[Node], Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a), a


@pytest.fixture
def policy() -> Iterator[None]:
    before = gc.get_threshold()
    try:
        tune_gc()
        yield
    finally:
        untune_gc()
        gc.set_threshold(*before)
        gc.collect()


def test_start_up_is_frozen_and_young_collections_run_at_the_threshold(policy: None) -> None:
    assert tuned()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == GC_THRESHOLD


def test_survivors_of_a_young_collection_are_frozen_not_promoted(policy: None) -> None:
    frozen = gc.get_freeze_count()
    kept = [[i] for i in range(5_000)]  # young, alive (some frozen already by automatic collections)
    gc.collect(0)
    assert gc.get_freeze_count() >= frozen + len(kept)
    assert not gc.get_objects(1) and not gc.get_objects(2)  # nothing left for a long pause
    del kept


def test_a_young_cycle_is_collected_by_a_young_collection(policy: None) -> None:
    ref, node = cycle()
    del node
    gc.collect(0)
    assert ref() is None


def test_an_old_cycle_waits_for_growth_then_a_full_collection_takes_it(policy: None) -> None:
    ref, node = cycle()
    gc.collect(0)  # the cycle survives (still referenced): frozen
    del node  # now garbage, but frozen: no young collection sees it
    gc.collect(0)
    assert ref() is not None
    assert collect_if_grown(pause_share=1e9) is None  # the frozen objects have not grown enough yet
    grow = gc_policy.FULL_COLLECTION_GROWTH * gc_policy._state.baseline - sys.getallocatedblocks()
    ballast = [[i + 1_000] for i in range(int(grow) // 2 + 1_000)]  # a list and an int: two blocks
    gc.collect(0)  # frozen too
    assert collect_if_grown(pause_share=1e-9) is None  # grown, but too soon after the last pause
    done = collect_if_grown(pause_share=1e9)
    assert done is not None
    assert ref() is None
    assert done.collected >= 2 and done.blocks_after < done.blocks_before + 1
    assert collect_if_grown(pause_share=1e9) is None  # the next waits for the objects to double again
    del ballast


def test_nothing_happens_without_the_policy() -> None:
    assert not tuned()
    assert collect_if_grown(growth=0.0, pause_share=1e9) is None
