"""The build's garbage-collector pacing (site/sitegen/gc_pacing.py): raised thresholds
and the objects alive frozen during the build, everything as it was after it."""

from __future__ import annotations

import gc

import pytest
from nuffle.sitegen import gc_pacing
from nuffle.sitegen.gc_pacing import THRESHOLDS, fewer_collections


@pytest.fixture(autouse=True)
def _default_collector():
    """Each test starts from the interpreter's thresholds with nothing frozen."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


def test_the_thresholds_are_raised_during_the_block_and_put_back_after() -> None:
    with fewer_collections() as settle:
        assert gc.get_threshold() == THRESHOLDS
        kept = [object() for _ in range(100)]
        settle()
        assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_the_thresholds_are_put_back_when_the_build_fails() -> None:
    with pytest.raises(RuntimeError), fewer_collections() as settle:
        settle()
        raise RuntimeError("the build failed")
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_a_build_within_a_build_leaves_the_outer_settings_alone() -> None:
    with fewer_collections() as outer:
        with fewer_collections() as inner:
            inner()
            assert gc.get_freeze_count() == 0  # the inner block freezes nothing
        assert gc.get_threshold() == THRESHOLDS  # still the outer block's
        outer()
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_objects_frozen_by_someone_else_stay_frozen_and_none_is_added() -> None:
    gc.freeze()
    theirs = gc.get_freeze_count()
    assert theirs > 0
    with fewer_collections() as settle:
        junk = [object() for _ in range(100)]
        settle()
        assert gc.get_freeze_count() == theirs  # nothing of the build's frozen
    assert gc.get_freeze_count() == theirs  # and theirs not unfrozen
    del junk


def test_a_disabled_collector_is_not_frozen_into() -> None:
    gc.disable()
    try:
        with fewer_collections() as settle:
            settle()
            assert gc.get_freeze_count() == 0
    finally:
        gc.enable()


def test_fewer_collections_run_in_the_block() -> None:
    """Counted, not timed: the same allocations collected far less often."""
    def collections_while_allocating() -> int:
        count = 0

        def seen(phase: str, info: dict) -> None:
            nonlocal count
            count += phase == "start"
        gc.callbacks.append(seen)
        try:
            kept = [[i] for i in range(200_000)]  # containers the collector tracks
        finally:
            gc.callbacks.remove(seen)
        del kept
        return count

    plain = collections_while_allocating()
    with fewer_collections():
        paced = collections_while_allocating()
    assert plain >= 200_000 // 700 - 5
    assert paced <= 200_000 // THRESHOLDS[0] + 2
    assert gc_pacing.WORK.builds > 0
