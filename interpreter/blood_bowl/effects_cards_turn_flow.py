"""The Blood Bowl effects and queries of the special play cards about turnovers that do not end
the turn, free turns around the turn marker: what each does in a match. Declared, with their
rules citations, in nuffle.interpreter.vocabulary.blood_bowl.cards_turn_flow."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl.state import Player, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

FREE_TURN_ENDS = 1  # the D6 after each action of a free turn that ends it (PBBL page 48)


def effects(m: Match) -> dict[str, Effect]:
    def count_as_acted(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """A player failing a catch counts as having acted this turn (PBBL page 45)."""
        if isinstance(p, Player) and not p.acted:
            p.acted = True
            m.note("counts-as-acted", player=p)

    def free_turns(env: Env, team: Any, args: dict, duration: str | None) -> None:
        """A free turn for the team, then one for its opponent (PBBL page 48); a touchdown
        of the team's free turn waits for the end of the opponent's (ruling
        bb-card-hurry-up-offense)."""
        if not isinstance(team, Team):
            return
        held = False
        m.touchdowns_held = team
        try:
            free_turn(team)
            # the team's touchdown was held: its carrier stands in the end zone still
            held = _scorer(m, team) is not None
            if held:
                m.note("touchdown-waits", team=team, player=m.holder)
            else:
                m.touchdowns_held = None  # nothing waits: the opponent's turn is as usual
            free_turn(team.opponent)
        finally:
            m.touchdowns_held = None
        if not held:
            return
        if _scorer(m, team) is None:
            m.note("held-touchdown-lost", team=team)
            return
        m.score(team, in_their_turn=True)  # as in its own free turn: no marker moves

    def free_turn(team: Team) -> None:
        """A team turn the marker does not count; after each action, a D6 that no rule
        re-rolls, and on a 1 the free turn ends (PBBL page 48)."""
        from nuffle.interpreter.blood_bowl import turn

        def ends() -> bool:
            roll = m.dice.roll(6, "free turn")
            m.note("free-turn-roll", team=team, roll=roll)
            if roll != FREE_TURN_ENDS:
                return False
            m.note("free-turn-ends", team=team)
            return True

        m.note("free-turn", team=team)
        turn.team_turn(m, team, counts=False, after_action=ends)

    return {"count-as-acted": count_as_acted, "free-turns": free_turns}


def _scorer(m: Match, team: Team) -> Player | None:
    """The standing player of ``team`` holding the ball in the end zone it scores in, whom
    no rule stops scoring (page 16)."""
    h = m.holder
    return h if h is not None and h.team is team and m.in_scoring_position(h) else None


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    return {}
