"""The Blood Bowl vocabulary for declaring actions, and the drive and match around them (PBBL pages
8, 16-21).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
