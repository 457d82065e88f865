"""Throwing a team-mate: a Pass action that ends with a player hurled down the field.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10), skill descriptions pages 29-30 (the throw, its
range of the throwing player's Strength in squares, three scatters, landing on a player, the crowd,
the landing roll with -1 per opposing tackle zone on the landing square and on the
hurler's square) and the turnovers of page 8 (a thrown ball carrier who fails to land). Who
may throw and be thrown, and the rolls before the throw, are the skills' rules: the
engine asks `can-throw-team-mates` and `can-be-thrown`, and fires `grab-team-mate` and
`throw-team-mate`, which a rule may cancel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, injury, rolls
from nuffle.interpreter.blood_bowl.pitch import distance
from nuffle.interpreter.blood_bowl.state import ON_PITCH, Player, Square

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

MAX_LANDINGS = 30  # players a thrown player may land on before coming down (principle 4)


def can_throw(m: Match, p: Player) -> bool:
    if not m.hooks.on_modify.get("can-throw-team-mates"):  # asked at every square of a Pass
        return False
    return bool(m.modify("can-throw-team-mates", False, {"player": p, "team": p.team}))


def throwable(m: Match, hurler: Player) -> list[Player]:
    """Standing team-mates next to the hurler whom the rules let be thrown."""
    assert hurler.square is not None  # the hurler is on the pitch
    return [q for s in hurler.square.neighbours if (q := m.occupant.get(s)) is not None
            and q.team is hurler.team and q.standing
            and m.modify("can-be-thrown", False, {"player": q, "team": q.team})]


def targets(m: Match, hurler: Player) -> list[Square]:
    """Any square within the throwing player's Strength in squares of the hurler (rules may
    change that Strength for the throw, `throw-strength`: a skill of page 29)."""
    reach = m.modify("throw-strength", hurler.strength, {"player": hurler, "team": hurler.team})
    assert hurler.square is not None  # the hurler is on the pitch
    return [s for s in m.pitch.squares() if s is not hurler.square
            and distance(hurler.square, s) <= reach]


def throw_team_mate(m: Match, hurler: Player, thrown: Player) -> None:
    """Grab, throw, scatter and land (pages 29-30)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    payload = {"player": hurler, "team": hurler.team, "target": thrown}
    m.note("throws-team-mate", player=hurler, target=thrown)
    firing = m.before("grab-team-mate", payload)
    if firing is not None and firing.cancelled:
        m.note("grab-failed", player=hurler, target=thrown)
        return  # the Pass action ends
    start = thrown.square
    ballplay.focus(m, thrown)  # the ball they carry, a second one too (page 44)
    had_ball = m.holder is thrown
    firing = m.before("throw-team-mate", payload)
    if firing is not None and firing.cancelled:  # a rule stopped the throw itself
        if had_ball and start is not None:
            ballplay.bounce(m, start)
            raise Turnover("thrown player failed to land")
        return
    if thrown.where != ON_PITCH or thrown.square is None:
        return
    target = m.decide(hurler.team, "throw-target", targets(m, hurler), lambda s: s.label(),
                      f"throw {thrown.id} to which square?", player=hurler.id)
    m.note("thrown-to", player=thrown, square=target)
    if start is not None and m.occupant.get(start) is thrown:
        del m.occupant[start]
    m.in_flight = thrown  # in the air: in no square until they land (the invariants know)
    try:
        _fly(m, hurler, thrown, target, had_ball)
    finally:
        m.in_flight = None


def _fly(m: Match, hurler: Player | None, thrown: Player, target: Square, had_ball: bool,
         scatters: int = 3) -> None:
    """The thrown player's flight from the target square. A card of page 47 throws a player
    with nobody throwing (``hurler`` None); one of page 46 moves them with no scatter."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    landed_on = False
    team_mate_down = False
    sq: Square | None
    sq = target
    last = target
    for _ in range(scatters):  # scattered three times, like a ball (page 30)
        last = sq
        sq = m.pitch.step(sq, m.dice.roll(8, "team-mate scatter"))
        if sq is None:
            break
    for _ in range(MAX_LANDINGS):
        if sq is None or sq not in m.occupant:
            break
        below = m.occupant[sq]
        m.note("lands-on", player=thrown, other=below)
        # knocked down, with an Armour roll even if already Prone or Stunned (page 30); a
        # player of the moving team knocked down is a turnover (page 8)
        injury.knock_down(m, below, "fall", thrown)
        team_mate_down = team_mate_down or below.team is m.active
        landed_on = True
        last = sq
        sq = m.pitch.step(sq, m.dice.roll(8, "team-mate scatter"))
    if sq is None:  # into the crowd (page 30), from the last square they crossed
        m.in_flight = None
        injury.crowd(m, thrown, last)
        if team_mate_down:
            raise Turnover("a player of the moving team was knocked down")
        if had_ball:
            raise Turnover("thrown player failed to land")
        return
    m.in_flight = None
    m.put(thrown, sq)
    m.after("enter-square", {"player": thrown, "team": thrown.team, "square": sq})
    fell = landed_on
    if not landed_on:
        tz = m.tackle_zones(sq, thrown.team)
        if hurler is not None:
            assert hurler.square is not None  # no one landed on the hurler: still there
            tz += m.tackle_zones(hurler.square, hurler.team)
        fell = not rolls.test(m, thrown, "landing", -tz, tz).passed
    if fell:
        injury.knock_down(m, thrown, "fall")
    else:
        m.note("lands", player=thrown)
    if ballplay.loose_at(m, sq):  # landing is no pick-up: the ball bounces
        ballplay.bounce(m, sq)
    if team_mate_down:
        raise Turnover("a player of the moving team was knocked down")
    if had_ball and (thrown.where != ON_PITCH or not thrown.standing):
        raise Turnover("thrown player failed to land")
