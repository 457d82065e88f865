"""The collector of the processes that play many games (interpreter/worker_gc.py): a pool's
workers collect their youngest objects less often, and what the parent had loaded is
frozen while the pool lives (shared with the forked workers, never walked by the
collector), and thawed after."""

from __future__ import annotations

import gc
import multiprocessing

from nuffle.interpreter.sweep import LocalProcesses
from nuffle.interpreter.worker_gc import WORKER_GEN0


def _collector_seen_by_a_worker(_: int) -> tuple[int, int]:
    return gc.get_threshold()[0], gc.get_freeze_count()


def test_a_pool_of_workers_collects_less_often_and_freezes_what_is_loaded() -> None:
    loaded = [{"a loaded": "object"} for _ in range(1000)]  # tracked containers
    assert gc.get_freeze_count() == 0
    workers = LocalProcesses(2)
    try:
        assert gc.get_freeze_count() >= len(loaded)  # frozen in this process
        threshold, frozen = workers.pool.submit(_collector_seen_by_a_worker, 0).result()
        assert threshold == WORKER_GEN0 and WORKER_GEN0 > 700  # CPython's default is 700
        if multiprocessing.get_start_method() == "fork":  # a spawned worker loads anew
            assert frozen >= len(loaded)  # and in the forked worker
    finally:
        workers.close()
    assert gc.get_freeze_count() == 0  # thawed: this process collects as before
    assert gc.get_threshold()[0] != WORKER_GEN0  # the parent's own threshold is untouched
