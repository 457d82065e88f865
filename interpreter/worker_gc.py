"""The garbage collector of processes that play many games (`simulate`, `balance`).

A game makes many short-lived containers, so the collector's youngest generation fills
every 700 allocations and about a tenth of a worker's time went to collections that walk
the rulesets and content, which live as long as the process. Before the worker processes
are forked, what is loaded is collected once and frozen (`gc.freeze`: the collector leaves
it alone, and the forked workers share its memory pages instead of copying them as the
collector touches them); each worker then collects its youngest generation every
WORKER_GEN0 allocations. Nothing a game decides depends on when the collector runs.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

WORKER_GEN0 = 10_000  # allocations between two collections of a worker's youngest objects


def freeze_loaded() -> None:
    """Before forking a pool of workers: what is loaded now is collected and frozen."""
    gc.collect()
    gc.freeze()


def thaw() -> None:
    """Once the pool is done: the collector sees everything again."""
    gc.unfreeze()


@contextmanager
def frozen_for_workers() -> Iterator[None]:
    """Around the life of a pool of forked workers."""
    freeze_loaded()
    try:
        yield
    finally:
        thaw()


def tune_worker() -> None:
    """In a worker process, as it starts."""
    gc.set_threshold(WORKER_GEN0, *gc.get_threshold()[1:])
