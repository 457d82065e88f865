"""The Blood Bowl vocabulary for the special play cards about players who lose or swap their
skills, characteristics or team for a while (PBBL pages 44 and 50): eclipse, heckler and
blackmail."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary

PBBL = "004_2450e8f2c1aa331e.txt"


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `cards`)."""
