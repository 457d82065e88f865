"""The Blood Bowl vocabulary for the ball: passes, catches, interceptions, hand-offs and kicks
(PBBL pages 7, 13-14, 21-23).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
