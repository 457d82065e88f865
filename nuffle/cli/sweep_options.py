"""Options shared by the commands that play many games: how many processes, what margin."""

from __future__ import annotations

import argparse
import math

from nuffle.limits import JOBS
from nuffle.machine import available_processors

MARGIN_LOW, MARGIN_HIGH = 0.5, 50.0  # points: 0.5 needs about 38,000 games a pairing


def default_jobs() -> int:
    """The processors this process may run on (its affinity where the platform says), at
    most the --jobs limit: one worker each."""
    return max(1, min(JOBS, available_processors()))


def margin_points(value: str) -> float:
    """An argparse ``type=`` for --margin: points of a rate, from 0.5 to 50."""
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not (MARGIN_LOW <= number <= MARGIN_HIGH):  # also refuses nan
        raise argparse.ArgumentTypeError(f"should be a number of points from {MARGIN_LOW:g} "
                                         f"to {MARGIN_HIGH:g}, like 5, not {value[:40]}")
    return number
