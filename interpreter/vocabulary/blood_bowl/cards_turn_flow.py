"""The Blood Bowl vocabulary for the special play cards about turnovers that do not end the
turn, free turns around the turn marker (PBBL pages 45, 48 and 51): come-on-boys, fumblerooski
and hurry-up-offense."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
