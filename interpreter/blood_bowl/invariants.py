"""What must hold at every step of a match (checked in debug mode, `--debug`).

From the rules (004_2450e8f2c1aa331e.txt, PBBL 1.10): at most 11 players of a team on the
pitch (page 7), one player per square (page 9), the ball in one place (a second ball too,
a card of page 44), the score equal to
the touchdowns scored (page 16), turn markers within the eight spaces of a half (page 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl.state import ON_PITCH

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


class InvariantViolation(AssertionError):
    """A rule of the game the engine's state breaks."""


def check_invariants(m: Match, where: str) -> None:
    problems = []
    for team in m.teams:
        on = [p for p in team.players if p.where == ON_PITCH]
        # a temporary player a card fields may take the team past 11 (PBBL pages 50-51)
        if len([p for p in on if p not in m.play_cards.extra]) > 11:
            problems.append(f"{team.side} has {len(on)} players on the pitch")
        for p in on:
            if p is m.in_flight:  # a thrown team-mate is in no square until they land
                continue
            if p.square is None or m.occupant.get(p.square) is not p:
                problems.append(f"{p.id} is on the pitch but not in its square")
        if team.score != m.touchdowns[team.side]:
            problems.append(f"{team.side} score {team.score} != touchdowns "
                            f"{m.touchdowns[team.side]}")
        if not 0 <= team.turn_marker <= 8:
            problems.append(f"{team.side} turn marker {team.turn_marker}")
    for sq, p in m.occupant.items():
        if p.square is not sq or p.where != ON_PITCH:
            problems.append(f"{sq.label()} holds {p.id}, who is not there")
    if m.holder is not None and m.ball is not None:
        problems.append("the ball is both held and on the ground")
    if m.holder is not None and m.holder is not m.in_flight and (
            m.holder.where != ON_PITCH or not m.holder.standing):
        problems.append(f"{m.holder.id} holds the ball but is not standing on the pitch")
    other = m.other_ball  # a second ball (a card of page 44): in one place, one per player
    if other is not None:
        if (other.holder is None) == (other.square is None):
            problems.append("the second ball is both held and on the ground, or nowhere")
        if other.holder is not None and other.holder is m.holder:
            problems.append(f"{other.holder.id} holds both balls")
        if other.holder is not None and other.holder is not m.in_flight and (
                other.holder.where != ON_PITCH or not other.holder.standing):
            problems.append(f"{other.holder.id} holds the second ball but is not standing "
                            "on the pitch")
    if problems:
        raise InvariantViolation(f"{where}: " + "; ".join(problems))
