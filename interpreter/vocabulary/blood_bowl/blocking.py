"""The Blood Bowl vocabulary for blocks, fouls, armour and injuries (PBBL pages 10-12, 24)."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
