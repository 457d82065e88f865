"""The Blood Bowl effects and queries of the special play cards of PBBL pages 46-47: what each
does in a match. Declared, with their rules citations, in
nuffle.interpreter.vocabulary.blood_bowl.cards (below its marker for pages 46-47)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay, injury, team_mates
from nuffle.interpreter.blood_bowl.state import RESERVES, Player, Square, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def lose_skill(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """A skill a rule gave for a while ends now (PBBL page 46); a skill of the
        player's own, or one given for good, stays."""
        skill = args.get("with")
        undo = m.gained_skills.get((p, skill)) if skill is not None else None
        if isinstance(p, Player) and undo is not None:
            undo()
            m.note("loses-skill", player=p, skill=skill)

    def hurl(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """The player is thrown as a team-mate is thrown (PBBL page 30), with nobody
        throwing: to the square N squares away in one direction of the Scatter template,
        then scattered `times` times (three for a throw, page 30; none for a card of page
        46), landing on players, in the crowd or with a landing roll as page 30 says. A
        turnover follows only in the thrown player's own team turn (pages 8 and 30): thrown
        before that turn has begun, nobody's turn ends."""
        from nuffle.interpreter.blood_bowl.match import Turnover
        if not (isinstance(p, Player) and p.on_pitch and p.square is not None
                and p is not m.in_flight):
            return
        direction, n = int(args.get("as") or 1), int(args.get("by") or 0)
        if ballplay.carries_other(m, p):  # a second ball (page 44)
            with ballplay.swapped(m):
                return hurl(env, p, args, duration)
        start, had_ball = p.square, m.holder is p
        target: Square | None
        target = last = start
        for _ in range(n):
            last = target
            target = m.pitch.step(target, direction)
            if target is None:
                break
        own_turn = m.active is p.team and any(e == "turn-start" for e, _ in m.turn_history)
        try:
            if target is None:  # thrown off the pitch: the crowd beats them up (page 30)
                m.note("thrown-to", player=p, square=last)
                injury.crowd(m, p, last)
                if had_ball:
                    raise Turnover("thrown player failed to land")
                return
            m.note("thrown-to", player=p, square=target)
            del m.occupant[start]
            m.in_flight = p
            try:
                team_mates._fly(m, None, p, target, had_ball,
                                scatters=int(args.get("times") or 0))
            finally:
                m.in_flight = None
        except Turnover:
            if own_turn:
                raise

    def bring_on(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """A player from the Reserves box comes onto the pitch in an empty square, standing,
        outside any set-up; for the duration they may take the team past the 11 players of
        page 7 (PBBL page 47)."""
        sq = args.get("on")
        if not (isinstance(p, Player) and p.where == RESERVES and isinstance(sq, Square)
                and sq not in m.occupant):
            return
        m.put(p, sq)
        p.standing, p.stunned = True, False
        m.play_cards.extra.append(p)
        m.note("placed", player=p, square=sq)
        m.after("enter-square", {"player": p, "team": p.team, "square": sq})

        def undo() -> None:
            if p in m.play_cards.extra:
                m.play_cards.extra.remove(p)
        m.on_scope_end(duration or "game", undo)

    return {"lose-skill": lose_skill, "hurl": hurl, "bring-on": bring_on}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def reserves(env: Env, team: Any) -> list[Player]:
        return team.players_in(RESERVES) if isinstance(team, Team) else []

    def end_zone(env: Env, team: Any) -> list[Square]:
        """The end zone a team defends (PBBL page 5): the one it does not score in."""
        if team is None:
            return []
        column = m.scoring_end(team.opponent)
        return [s for s in m.pitch.squares() if s.x == column]

    return {"reserves-box": reserves, "defended-end-zone": end_zone}
