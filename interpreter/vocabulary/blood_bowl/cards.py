"""The Blood Bowl vocabulary for special play cards: when each may be played and what it does (PBBL
pages 44-51).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
