"""What the machine gives this process: kept apart so that the site build, its safety scan
and the sweeps' default --jobs count processors the same way."""

from __future__ import annotations

import os


def available_processors() -> int:
    """The processors this process may run on (its affinity where the platform says)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
