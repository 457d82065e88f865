"""The Blood Bowl vocabulary for armour, injuries and casualties, and the team's re-rolls and
fans around them (PBBL pages 12, 15, 19, 32).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
