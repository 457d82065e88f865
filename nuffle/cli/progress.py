"""The commands' progress bars (tqdm), on standard error, shown on a terminal only.

tqdm starts a monitor thread with its first bar, shown or not, to refresh bars that stall.
Every command with a bar then forks (the simulation's worker processes, the site's
languages in two processes), and a process forked while another thread runs gets a copy
of any lock that thread held, never released: the site build does not fork at all when a
thread runs (site/sitegen/parallel.py), so with the monitor every `nuffle site build` ran
in one process. Our bars move on every batch of games, so no monitor is started.
"""

from __future__ import annotations

import sys
from typing import Any


def progress_bar(shown: bool, **options: Any) -> Any:
    """A tqdm bar on standard error, drawn only if ``shown`` and that is a terminal; no
    thread started (see the module)."""
    from tqdm import tqdm
    tqdm.monitor_interval = 0
    return tqdm(disable=not (shown and sys.stderr.isatty()), file=sys.stderr, **options)
