"""The Blood Bowl effects and queries of the special play cards about a player who belongs to
neither team: what each does in a match. Declared, with their rules citations, in
nuffle.interpreter.vocabulary.blood_bowl.cards_neutral_player."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl.effects_cards_players import relist
from nuffle.interpreter.blood_bowl.state import Player, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def coach_action(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """An action outside any team turn by a player a coach may move whichever team lists
        him (a card of PBBL page 44; ruling bb-card-fanatic-invasion): asked of that coach,
        made as that coach's own player, no team re-roll (page 15), a turnover ending only
        the action (page 45); then he is listed where he was."""
        from nuffle.interpreter.blood_bowl import turn
        from nuffle.interpreter.blood_bowl.match import Turnover
        action, coach = args.get("as"), args.get("by")
        if not (isinstance(p, Player) and p.on_pitch and not p.stunned
                and isinstance(coach, Team) and isinstance(action, str)):
            return
        if not m.decide(coach, "may", [True, False], ["yes", "no"],
                        f"{p.id}: take a {action} action?", item=env.owner.item,
                        player=p.id):
            return
        listed = p.team
        relist(p, coach)
        p.moves_used = p.rushes_used = 0  # a new action, whatever his team did this turn
        m.note("free-action", player=p, action=action)
        try:
            turn.act(m, p, action)
        except Turnover:
            m.note("action-ends", player=p)
        finally:
            relist(p, listed)

    return {"coach-action": coach_action}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    return {}
