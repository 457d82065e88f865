"""The ball: catching, bouncing, throw-ins, touchbacks, passes and hand-offs.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): the kick-off landing and touchback (page 7),
throwing (page 13: an accurate pass lands in the target square, an inaccurate one scatters
three times), catching (page 14: only a standing player; +1 for an accurate pass, -1 per
opposing tackle zone), bouncing and throw-ins (page 14: a ball that lands in an empty square
bounces; one that bounces into an empty square comes to rest), turnovers for a ball not
caught by the moving team (pages 8, 14), hand-offs (page 21: +1 to catch), interceptions (-2,
-1 per tackle zone) and fumbles (a pass roll of 1 or less before or after modification, page
23). The skills of pages 25-30 change these through the vocabulary's values and events: who
can hold the ball (`can-hold-ball`), a catch in a square next to the player
(`can-catch-nearby`), the moment a pass is aimed (`pass-aimed`), who may intercept
(`can-intercept`) and an interception undone (`interception`), a pass to any square
(`can-pass-anywhere`) or one that cannot be accurate (`pass-can-be-accurate`), and a pass
out of the usual sequence that ends no turn (`pass_ball`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import cards, rolls
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
RANGES = ("quick", "short", "long", "long-bomb")  # page 13, shortest first
UNLIMITED = "unlimited"  # a pass to any square, no range measured (a skill of page 27)


@dataclass(frozen=True, slots=True)
class Anywhere:
    """A pass target chosen with no range measured (`can-pass-anywhere`)."""

    square: Square

    def label(self) -> str:
        return f"{self.square.label()} {UNLIMITED}"


def swap_balls(m: Match) -> None:
    """The second ball (a card of page 44) becomes the ball the procedures handle, and the
    ball the other one."""
    o = m.other_ball
    assert o is not None  # swapped only while a rule keeps a second ball
    o.square, o.holder, m.ball, m.holder = m.ball, m.holder, o.square, o.holder


def carries_other(m: Match, p: Player) -> bool:
    """Whether ``p`` carries the second ball (a card of page 44)."""
    return m.other_ball is not None and m.other_ball.holder is p


@contextmanager
def swapped(m: Match) -> Iterator[None]:
    """The second ball is the one handled while a procedure about it runs (a knocked-down
    carrier drops it, page 12); then the ball the procedure before it handled is again,
    unless one of the two vanished meanwhile (a card of page 44)."""
    swap_balls(m)
    try:
        yield
    finally:
        if m.other_ball is not None:
            swap_balls(m)


def focus(m: Match, p: Player) -> None:
    """If ``p`` carries the second ball, it becomes the ball the procedures handle (a
    knocked-down carrier drops the ball they carry, page 12)."""
    if carries_other(m, p):
        swap_balls(m)


def loose_at(m: Match, sq: Square) -> bool:
    """Whether a ball lies on the ground in ``sq``; if the second ball is the one there, it
    becomes the ball the procedures handle (a player entering its square picks it up)."""
    if m.ball is sq and m.holder is None:
        return True
    o = m.other_ball
    if o is not None and o.holder is None and o.square is sq:
        swap_balls(m)
        return True
    return False


def give(m: Match, p: Player) -> None:
    m.holder, m.ball = p, None
    m.after("gain-possession", {"player": p, "team": p.team})


def drop(m: Match, sq: Square) -> None:
    m.holder, m.ball = None, sq


def can_hold(m: Match, p: Player) -> bool:
    """Whether a player can hold the ball at all (a rule may say not: a skill of page 28);
    one carrying the second ball may not take this one too (a card of page 44)."""
    if carries_other(m, p):
        return False
    return bool(m.modify("can-hold-ball", True, {"player": p, "team": p.team}))


def can_try_catch(p: Player) -> bool:
    """Only a standing player may try to catch (page 14), and not one who lost his tackle
    zones (he may not catch: a skill of page 26)."""
    return p.standing and not p.no_tackle_zones


def catch(m: Match, p: Player, modifier: int) -> bool:
    """``p`` tries to catch the ball arriving in their square (page 14); one who cannot hold
    the ball fails with no roll (`can-hold-ball`)."""
    assert p.square is not None  # the player catching is where the ball came down
    if can_hold(m, p):
        tz = m.tackle_zones(p.square, p.team)
        if rolls.test(m, p, "catch", modifier - tz, tz).passed:
            give(m, p)
            m.note("catch", player=p)
            m.after("catch", {"player": p, "team": p.team})
            return True
    m.note("catch-failed", player=p)
    drop(m, p.square)
    return False


def reaching(m: Match, sq: Square, source: str, half: Team | None = None) -> Player | None:
    """The player who tries to catch a ball coming down in the empty square ``sq`` as if it
    came down in their own square: a standing player with a tackle zone on it whom a rule
    lets (`can-catch-nearby`, a skill of page 26); if two or more would, they get in each
    other's way and none does. ``half``: at a kick-off, only a player in the receiving half
    (ruling bb-diving-catch)."""
    takers = [p for s in sq.neighbours if (p := m.occupant.get(s)) is not None
              and p.has_tackle_zones and (half is None or s.half is half)
              and m.modify("can-catch-nearby", False, {"player": p, "team": p.team,
                                                       "square": sq, "source": source})]
    if len(takers) > 1:
        m.note("catchers-collide", square=sq)
        return None
    if takers:
        m.note("reaches-for-ball", player=takers[0], square=sq)
        return takers[0]
    return None


def arrive(m: Match, sq: Square | None, last: Square, modifier: int,
           source: str = "pass") -> None:
    """The ball comes down in ``sq`` (None: off the pitch after ``last``), thrown, kicked or
    thrown in (``source``), or bouncing: caught by a standing player there (or next to it,
    `reaching`); landing in an empty square or on a player lying down, it bounces; bouncing
    into an empty square, it comes to rest; off the pitch, the crowd throws it in (page 14)."""
    for _ in range(MAX_BOUNCES):
        if sq is None:
            sq, last = throw_in(m, last)
            modifier, source = CATCH_OTHER, "throw-in"
            continue
        p = m.occupant.get(sq)
        if p is None:
            diver = reaching(m, sq, source)
            if diver is not None:
                assert diver.square is not None  # a player next to sq
                p, sq = diver, diver.square
        if p is not None and can_try_catch(p):
            if catch(m, p, modifier):
                return
        else:
            m.ball, m.holder = sq, None
            if p is None and source == "bounce":  # bounced into an empty square: at rest
                if m.other_ball is None or m.other_ball.square is not sq:
                    m.note("ball-rests", square=sq)
                    return
                m.note("ball-meets-ball", square=sq)  # the other ball's: again (page 44)
            else:
                m.note("ball-lands", square=sq)
        # dropped, or come down in an empty square or on a player lying down: it bounces
        last = sq
        sq = bounce_square(m, sq)
        modifier, source = CATCH_OTHER, "bounce"
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
    arrive(m, bounce_square(m, sq), sq, CATCH_OTHER, "bounce")


def throw_in(m: Match, last: Square) -> tuple[Square | None, Square]:
    """The crowd throws the ball back in from the last square it crossed (page 14): a D6
    on the Throw-in template, then 2D6 squares, counting that square as the first (ruling
    bb-throw-in-template). Off the pitch again: thrown in again from its last square."""
    face = cards.throw_in_face(m, last)  # rolled, unless a card aims it (page 44)
    length = m.dice.roll(6, "throw-in distance") + m.dice.roll(6, "throw-in distance")
    dx, dy = m.pitch.throw_in_direction(last, face)
    sq = last
    for _ in range(length - 1):
        nxt = m.pitch.at(sq.x + dx, sq.y + dy)
        if nxt is None:
            m.note("throw-in", square=None)
            return None, sq
        sq = nxt
    m.note("throw-in", square=sq)
    return sq, sq


def touchback(m: Match, receiving: Team) -> None:
    """The receiving coach gives the ball to any of their players (page 7) who can hold it;
    with nobody standing on the pitch it stays in the centre (ruling
    bb-touchback-no-player)."""
    players = [p for p in receiving.players_on_pitch if p.standing and can_hold(m, p)]
    m.note("touchback", team=receiving)
    if not players:
        m.ball, m.holder = m.pitch.at(12 if receiving is m.home else 13, 7), None
        return
    p = m.decide(receiving, "touchback", players, lambda q: q.id, "who takes the ball?")
    give(m, p)


def kick_lands(m: Match, receiving: Team, landing: Square | None) -> None:
    """The kick comes down (page 7): off the pitch or in the kicking half, a touchback;
    otherwise caught (by a player there, or one next to it whom a rule lets, `reaching`) or
    bounced; a ball that then leaves the receiving half or the pitch is a touchback too."""
    if landing is None or landing.half is not receiving:
        touchback(m, receiving)
        return
    sq = landing
    source = "kick"
    for _ in range(MAX_BOUNCES):
        p = m.occupant.get(sq)
        if p is None:
            diver = reaching(m, sq, source, receiving)
            if diver is not None:
                assert diver.square is not None  # a player next to sq
                p, sq = diver, diver.square
        if p is not None and can_try_catch(p):
            if catch(m, p, CATCH_OTHER):
                return
        elif p is None and source == "bounce":
            m.ball, m.holder = sq, None
            m.note("ball-rests", square=sq)
            return
        nxt = bounce_square(m, sq)
        source = "bounce"
        if nxt is None or nxt.half is not receiving:
            m.holder = None
            touchback(m, receiving)
            return
        sq = nxt
    touchback(m, receiving)


# -- passing (pages 13, 23) --------------------------------------------------------------
def pass_targets(m: Match, passer: Player, longest: str = "long-bomb") -> list:
    """The squares within range (up to a Long Bomb, or ``longest``) that the weather and
    rules allow (page 13); and, when a rule lets the player pass to any square
    (`can-pass-anywhere`), every square as an `Anywhere` target."""
    ranges = RANGES[:RANGES.index(longest) + 1]
    allowed = {rng: m.modify("pass-range-allowed", True, {
        "player": passer, "team": passer.team, "range": rng}) for rng in ranges}
    assert passer.square is not None  # the passer is on the pitch
    out: list = []
    for sq in m.pitch.squares():
        rng = pass_range(passer.square, sq)
        if rng is not None and sq is not passer.square and allowed.get(rng):
            out.append(sq)
    if longest == "long-bomb" and m.modify(
            "can-pass-anywhere", False, {"player": passer, "team": passer.team}) \
            and m.modify("pass-range-allowed", True, {
                "player": passer, "team": passer.team, "range": UNLIMITED}):
        out += [Anywhere(sq) for sq in m.pitch.squares() if sq is not passer.square]
    return out


def throw(m: Match, passer: Player, target: Square | Anywhere, ends_turn: bool = True) -> None:
    """A pass to ``target`` (page 13): the pass is aimed (`pass-aimed`), an interception may be
    tried (page 23); then accurate, inaccurate (three scatters) or fumbled. A turnover unless
    a player of the moving team has the ball when it comes to rest (page 14); none at all when
    not ``ends_turn`` (a pass out of the usual sequence, a skill of page 27)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    team = passer.team
    since = len(m.action_history)  # the catch rolls of this pass (`failed_catch`)
    unlimited = isinstance(target, Anywhere)
    square = target.square if isinstance(target, Anywhere) else target
    assert passer.square is not None  # the passer is on the pitch
    rng = UNLIMITED if unlimited else (pass_range(passer.square, square) or "long-bomb")
    m.note("pass", player=passer, target=square, range=rng)
    m.after("pass-aimed", {"player": passer, "team": team, "target": square, "range": rng,
                           "receiver": m.occupant.get(square)})
    if m.holder is not passer or passer.square is None:
        return  # the rules moved the ball or the passer meanwhile: nothing is thrown
    if _interception(m, passer, square, rng):
        if ends_turn:
            raise Turnover("interception")
        return
    tz = m.tackle_zones(passer.square, team)
    modifier = RANGE_MODIFIER.get(rng, 0) - tz
    start = passer.square
    can_be_accurate = bool(m.modify("pass-can-be-accurate", True,
                                    {"player": passer, "team": team, "range": rng}))

    def succeeds(r: rolls.Roll) -> bool:  # no re-roll is offered for the best result
        if _fumbled(r):
            return False
        return _on_target(r) or not can_be_accurate

    roll = rolls.test(m, passer, "pass", modifier, tz, passes=succeeds, pass_range=rng)
    fumbled = _fumbled(roll)
    accurate = can_be_accurate and not fumbled and _on_target(roll)
    m.after("pass", {"player": passer, "team": team, "range": rng,
                     "accurate": accurate, "fumbled": fumbled})
    if fumbled:
        m.note("fumble", player=passer)
        bounce(m, start)
        if ends_turn:
            raise Turnover("fumble", "pass")
        return
    m.holder = None
    if accurate:
        arrive(m, square, square, CATCH_ACCURATE, "pass")
    else:
        sq: Square | None = square
        last = square
        for _ in range(3):
            if sq is None:
                break
            last = sq
            sq = m.pitch.step(sq, m.dice.roll(8, "pass scatter"))
        m.note("pass-scatters", square=sq)
        arrive(m, sq, last, CATCH_OTHER, "pass")
    if m.holder is not None and m.holder.team is team:
        if m.holder is not passer and accurate:
            m.award(passer, "completion")
        return
    if ends_turn:
        raise Turnover("pass not caught", failed_catch(m, team, since))


def _fumbled(r: rolls.Roll) -> bool:
    """A pass roll of 1 or less before or after modification (page 23)."""
    return r.natural == 1 or r.total <= 1


def _on_target(r: rolls.Roll) -> bool:
    """The Agility table (page 13): a natural 6 always succeeds, a natural 1 always fails."""
    return r.natural == 6 or (r.natural != 1 and r.total >= r.target)


def pass_ball(m: Match, passer: Player, longest: str) -> None:
    """A pass out of the usual sequence, within ``longest`` range, chosen by the passer's
    coach: the usual rules, but it ends no team's turn (a skill of page 27)."""
    if m.holder is not passer or passer.square is None or not passer.standing:
        return
    targets = pass_targets(m, passer, longest)
    if not targets:
        return
    target = m.decide(passer.team, "pass-target", targets, lambda s: s.label(),
                      "pass to which square?", player=passer.id)
    throw(m, passer, target, ends_turn=False)


def _interception(m: Match, passer: Player, target: Square, rng: str) -> bool:
    """One opposing player under the ruler may try to intercept (page 23): standing with
    their tackle zones, able to hold the ball, and not kept from it by a rule
    (`can-intercept`). A rule may undo a successful one (`before interception`)."""
    opponent = passer.team.opponent
    assert passer.square is not None  # `throw` checked: the passer is on the pitch
    eligible = [p for p in opponent.players_on_pitch if p.has_tackle_zones
                and p.square is not None  # on the pitch: always
                and under_ruler(passer.square, target, p.square) and can_hold(m, p)
                and m.modify("can-intercept", True, {"player": p, "team": p.team,
                                                     "passer": passer, "range": rng})]
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
    firing = m.before("interception", {"player": p, "team": p.team, "passer": passer})
    if firing is not None and firing.cancelled:
        m.note("interception-cancelled", player=p)
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
    since = len(m.action_history)
    m.holder = None
    if not catch(m, receiver, CATCH_HAND_OFF):
        assert receiver.square is not None  # the receiver is next to the giver
        bounce(m, receiver.square)
    if m.holder is None or m.holder.team is not giver.team:
        raise Turnover("hand-off not caught", failed_catch(m, giver.team, since))


def failed_catch(m: Match, team: Team, since: int) -> str | None:
    """`catch` when a player of ``team`` failed a catch roll for good since the action's
    event ``since`` (a turnover from a ball not caught after it: `turnover-ends-turn`, a
    card of page 45), else None."""
    for event, payload in m.action_history[since:]:
        if event == "roll-failed" and payload.get("test") == "catch" \
                and payload.get("team") is team:
            return "catch"
    return None
