"""The Blood Bowl vocabulary for the special play cards about a player who belongs to neither
team (PBBL page 44): fanatic-invasion."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
