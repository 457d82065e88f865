"""The Blood Bowl effects and queries of one area of the rules (injuries): what each does in a
match. Declared, with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.injuries."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl.state import Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def take_skill_reroll(env: Env, team: Any, args: dict, duration: str | None) -> None:
        """One counter per team and skill (PBBL page 28), among the team's re-rolls: it goes
        when they are restored at half time (the match clears `skill_rerolls` then)."""
        skill = args.get("with")
        if not isinstance(team, Team) or not isinstance(skill, str) \
                or team.skill_rerolls.get(skill, 0) > 0:
            return
        team.skill_rerolls[skill] = 1
        team.rerolls += 1
        m.note("extra-reroll", team=team)

    return {"take-skill-reroll": take_skill_reroll}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    return {}
