"""The Blood Bowl vocabulary for moving, dodging, leaping, Going For It and standing up (PBBL pages
9, 21).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare(v: Vocabulary) -> None:
    """Declare this area's events, values, effects and queries (after `core`)."""
    v.event("dodge", "A player is about to make a Dodge roll, leaving `from` (in an opposing "
            "tackle zone) for `to` (PBBL page 9); `before dodge` rules act before the roll.",
            "{player} dodges", player="player", team="team", from_="square", to="square")
