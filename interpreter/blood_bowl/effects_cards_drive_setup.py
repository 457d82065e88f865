"""The Blood Bowl effects and queries of the special play cards about the set-up of a drive and
the Kick-Off table's contests: what each does in a match. Declared, with their rules citations,
in nuffle.interpreter.vocabulary.blood_bowl.cards_drive_setup."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.common_effects import Effect

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    return {}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    return {}
