"""The ball: catching, bouncing, throw-ins, touchbacks, passes and hand-offs.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): the kick-off landing and touchback (page 7),
throwing (page 13: an accurate pass lands in the target square, an inaccurate one scatters
three times), catching (page 14: only a standing player; +1 for an accurate pass, -1 per
opposing tackle zone), bouncing and throw-ins (page 14), turnovers for a ball not caught by
the moving team (pages 8, 14), hand-offs (page 21: +1 to catch), interceptions (-2, -1 per
tackle zone) and fumbles (a pass roll of 1 or less before or after modification, page 23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import rolls
from nuffle.interpreter.blood_bowl.pitch import (
    RANGE_MODIFIER,
    pass_range,
    under_ruler,
)
from nuffle.interpreter.blood_bowl.state import Player, Square, Team

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

MAX_BOUNCES = 200  # a ball that has not come to rest by then stops where it is (principle 4)
CATCH_ACCURATE, CATCH_HAND_OFF, CATCH_OTHER = 1, 1, 0  # pages 13, 21, 14
INTERCEPTION = -2  # page 23


def give(m: Match, p: Player) -> None:
    m.holder, m.ball = p, None
    m.after("gain-possession", {"player": p, "team": p.team})


def drop(m: Match, sq: Square) -> None:
    m.holder, m.ball = None, sq


def catch(m: Match, p: Player, modifier: int) -> bool:
    """``p`` tries to catch the ball arriving in their square (page 14)."""
    tz = m.tackle_zones(p.square, p.team)
    roll = rolls.test(m, p, "catch", modifier - tz, tz)
    if roll.passed:
        give(m, p)
        m.note("catch", player=p)
        m.after("catch", {"player": p, "team": p.team})
        return True
    m.note("catch-failed", player=p)
    drop(m, p.square)
    return False


def arrive(m: Match, sq: Square | None, last: Square, modifier: int) -> None:
    """The ball comes down in ``sq`` (None: off the pitch after ``last``): caught by a
    standing player there, or it bounces, or the crowd throws it in."""
    for _ in range(MAX_BOUNCES):
        if sq is None:
            sq, last = throw_in(m, last)
            modifier = CATCH_OTHER
            continue
        p = m.occupant.get(sq)
        if p is not None and p.standing and not p.no_tackle_zones:
            if catch(m, p, modifier):
                return
        else:
            m.ball, m.holder = sq, None
            m.note("ball-lands", square=sq)
            if p is None:  # an empty square: it bounces once more (page 14)
                bounce(m, sq)
                return
        # dropped, or landed on a player lying down: it bounces
        last = sq
        sq = bounce_square(m, sq)
        modifier = CATCH_OTHER
    m.ball = last


def bounce_square(m: Match, sq: Square) -> Square | None:
    direction = m.dice.roll(8, "bounce")
    nxt = m.pitch.step(sq, direction)
    m.note("bounce", square=nxt)
    m.after("bounce", {"square": nxt})
    return nxt


def bounce(m: Match, sq: Square) -> None:
    """The ball bounces one square from ``sq`` (a player dropped it, fell, or it landed):
    it rests in an empty square, else it comes down there as ``arrive`` says."""
    m.holder, m.ball = None, sq
    nxt = bounce_square(m, sq)
    if nxt is not None and nxt not in m.occupant:
        m.ball = nxt
        m.note("ball-rests", square=nxt)
        return
    arrive(m, nxt, sq, CATCH_OTHER)


def throw_in(m: Match, last: Square) -> tuple[Square | None, Square]:
    """The crowd throws the ball back in from the last square it crossed (page 14): a D6
    on the Throw-in template, then 2D6 squares, counting that square as the first (ruling
    bb-throw-in-template). Off the pitch again: thrown in again from its last square."""
    face = m.dice.roll(6, "throw-in direction")
    length = m.dice.roll(6, "throw-in distance") + m.dice.roll(6, "throw-in distance")
    dx, dy = m.pitch.throw_in_direction(last, face)
    sq: Square | None = last
    for _ in range(length - 1):
        nxt = m.pitch.at(sq.x + dx, sq.y + dy)
        if nxt is None:
            m.note("throw-in", square=None)
            return None, sq
        sq = nxt
    m.note("throw-in", square=sq)
    return sq, sq


def touchback(m: Match, receiving: Team) -> None:
    """The receiving coach gives the ball to any of their players (page 7); with nobody
    standing on the pitch it stays in the centre (ruling bb-touchback-no-player)."""
    players = [p for p in receiving.players_on_pitch if p.standing]
    m.note("touchback", team=receiving)
    if not players:
        m.ball, m.holder = m.pitch.at(12 if receiving is m.home else 13, 7), None
        return
    p = m.decide(receiving, "touchback", players, lambda q: q.id, "who takes the ball?")
    give(m, p)


def kick_lands(m: Match, receiving: Team, landing: Square | None) -> None:
    """The kick comes down (page 7): off the pitch or in the kicking half, a touchback;
    otherwise caught or bounced; a ball that then leaves the receiving half or the pitch
    is a touchback too."""
    if landing is None or landing.half is not receiving:
        touchback(m, receiving)
        return
    p = m.occupant.get(landing)
    sq: Square | None = landing
    for _ in range(MAX_BOUNCES):
        if p is not None and p.standing:
            if catch(m, p, CATCH_OTHER):
                return
        elif p is None and sq is not landing:
            m.ball, m.holder = sq, None
            m.note("ball-rests", square=sq)
            return
        sq = bounce_square(m, sq)
        if sq is None or sq.half is not receiving:
            m.holder = None
            touchback(m, receiving)
            return
        p = m.occupant.get(sq)
    touchback(m, receiving)


# -- passing (pages 13, 23) --------------------------------------------------------------
def pass_targets(m: Match, passer: Player) -> list[Square]:
    """The squares within a Long Bomb that the weather and rules allow (page 13)."""
    out = []
    for sq in m.pitch.squares():
        rng = pass_range(passer.square, sq)
        if rng is None or sq is passer.square:
            continue
        if m.modify("pass-range-allowed", True, {"player": passer, "team": passer.team,
                                                  "range": rng}):
            out.append(sq)
    return out


def throw(m: Match, passer: Player, target: Square) -> None:
    """A pass to ``target`` (page 13): an interception may be tried first (page 23); then
    accurate, inaccurate (three scatters) or fumbled. A turnover unless a player of the
    moving team has the ball when it comes to rest (page 14)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    team = passer.team
    rng = pass_range(passer.square, target) or "long-bomb"
    m.note("pass", player=passer, target=target, range=rng)
    if _interception(m, passer, target):
        raise Turnover("interception")
    tz = m.tackle_zones(passer.square, team)
    modifier = RANGE_MODIFIER[rng] - tz
    start = passer.square
    roll = rolls.test(m, passer, "pass", modifier, tz)
    fumbled = roll.natural == 1 or roll.total <= 1
    m.after("pass", {"player": passer, "team": team, "range": rng,
                     "accurate": roll.passed and not fumbled, "fumbled": fumbled})
    if fumbled:
        m.note("fumble", player=passer)
        bounce(m, start)
        raise Turnover("fumble")
    m.holder = None
    if roll.passed:
        arrive(m, target, target, CATCH_ACCURATE)
    else:
        sq: Square | None = target
        last = target
        for _ in range(3):
            if sq is None:
                break
            last = sq
            sq = m.pitch.step(sq, m.dice.roll(8, "pass scatter"))
        m.note("pass-scatters", square=sq)
        arrive(m, sq, last, CATCH_OTHER)
    if m.holder is not None and m.holder.team is team:
        if m.holder is not passer and roll.passed:
            m.award(passer, "completion")
        return
    raise Turnover("pass not caught")


def _interception(m: Match, passer: Player, target: Square) -> bool:
    """One opposing player under the ruler may try to intercept (page 23)."""
    opponent = passer.team.opponent
    eligible = [p for p in opponent.players_on_pitch if p.has_tackle_zones
                and under_ruler(passer.square, target, p.square)]
    if not eligible:
        return False
    options: list[Player | None] = [None, *eligible]
    p = m.decide(opponent, "interceptor", options,
                 lambda q: "none" if q is None else q.id, "try to intercept?")
    if p is None:
        return False
    tz = m.tackle_zones(p.square, p.team)
    roll = rolls.test(m, p, "interception", INTERCEPTION - tz, tz)
    if not roll.passed:
        m.note("interception-failed", player=p)
        return False
    m.note("interception", player=p)
    give(m, p)
    m.award(p, "interception")
    return True


def hand_off(m: Match, giver: Player, receiver: Player) -> None:
    """A hand-off to an adjacent player (page 21): no roll to give, a Catch roll with +1 to
    take; a turnover unless the moving team has the ball when it comes to rest."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    m.note("hand-off", player=giver, receiver=receiver)
    m.holder = None
    if not catch(m, receiver, CATCH_HAND_OFF):
        bounce(m, receiver.square)
    if m.holder is None or m.holder.team is not giver.team:
        raise Turnover("hand-off not caught")
