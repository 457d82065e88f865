"""The Blood Bowl vocabulary for the special play cards about squares that force dodges, Prone
players' tackle zones, a fireball from the stands (PBBL pages 44 and 45): incoming, dogged-
defense and rogue-wizard."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
