"""The Blood Bowl vocabulary for the special play cards about the set-up of a drive and the
Kick-Off table's contests (PBBL pages 44, 45 and 51): wake-up-call, i-am-the-greatest and that-
babes-got-talent."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
