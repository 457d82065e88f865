"""Moving: standing up, each square of a move, dodging, Going For It, picking up the ball.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): movement and tackle zones (page 9: leaving a
square in an opposing tackle zone needs a Dodge roll, +1, -1 per opposing tackle zone on the
square dodged to; a failed dodge knocks the player down there, a turnover), picking up
(page 9: +1, -1 per opposing tackle zone; a failure bounces the ball, a turnover), standing
up (page 12: 3 squares of movement, or 4+ with less than 3 MA), Going For It (page 21: up to
two extra squares, 2+ each, a 1 knocks the player down, a turnover).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, injury, rolls
from nuffle.interpreter.blood_bowl.state import Player, Square

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

STAND_UP_COST = 3  # page 12
RUSHES = 2  # page 21
DODGE, PICK_UP = 1, 1  # the +1 of a Dodge roll and a pick-up (page 9)


def stand_up(m: Match, p: Player) -> bool:
    """A Prone player stands up at the start of their action (page 12)."""
    if p.standing:
        return True
    if p.movement < STAND_UP_COST:
        if not rolls.test(m, p, "stand-up").passed:
            m.note("stays-down", player=p)
            return False
        p.moves_used = p.movement
    else:
        p.moves_used = STAND_UP_COST
    p.standing = True
    m.note("stands-up", player=p)
    return True


def squares_left(p: Player) -> int:
    """Squares still possible in this action, Going For It included."""
    return p.movement + RUSHES - p.moves_used


def step_options(m: Match, p: Player) -> list[Square]:
    if squares_left(p) <= 0:
        return []
    return [s for s in p.square.neighbours if s not in m.occupant]


def rush(m: Match, p: Player, sq: Square) -> None:
    """Going For It (page 21): a 1 (or what a rule makes fail) knocks the player down in
    the square moved to, a turnover."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    if not rolls.test(m, p, "rush").passed:
        fall(m, p, sq)
        raise Turnover("fell going for it")


def fall(m: Match, p: Player, sq: Square) -> None:
    """The player falls in the square they were moving to (pages 9, 21)."""
    m.put(p, sq)
    if m.ball is sq and m.holder is None:
        injury.knock_down(m, p, "fall")
        ballplay.bounce(m, sq)
        return
    injury.knock_down(m, p, "fall")


def step(m: Match, p: Player, sq: Square) -> None:
    """One square of a move: Going For It beyond the player's MA, then the Dodge roll when
    leaving a tackle zone (ruling bb-rush-then-dodge), then picking up the ball. A skill a
    rule denied for this square (`deny-skill`) is usable again after it."""
    try:
        _step(m, p, sq)
    finally:
        m.denied.clear()


def _step(m: Match, p: Player, sq: Square) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    start = p.square
    if p.moves_used >= p.movement:
        rush(m, p, sq)
    p.moves_used += 1
    if m.tackle_zones(start, p.team) > 0:
        m.before("dodge", {"player": p, "team": p.team, "from": start, "to": sq})
        tz = m.tackle_zones(sq, p.team)
        if not rolls.test(m, p, "dodge", DODGE - tz, tz).passed:
            fall(m, p, sq)
            raise Turnover("failed dodge")
    m.put(p, sq)
    m.note("moves-to", player=p, square=sq)
    m.after("move", {"player": p, "team": p.team, "from": start, "to": sq})
    m.after("enter-square", {"player": p, "team": p.team, "square": sq})
    if m.ball is sq and m.holder is None:
        pick_up(m, p)


def pick_up(m: Match, p: Player) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    tz = m.tackle_zones(p.square, p.team)
    if rolls.test(m, p, "pick-up", PICK_UP - tz, tz).passed:
        m.note("pick-up", player=p)
        ballplay.give(m, p)
        m.after("pick-up", {"player": p, "team": p.team})
        return
    m.note("pick-up-failed", player=p)
    ballplay.bounce(m, p.square)
    raise Turnover("failed pick-up")
