"""Weapons and wild movement: bombs thrown and exploding, and a Move action made on the
Throw-in template.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10), skill descriptions page 25: a bomb is thrown with
the rules for throwing the ball (pages 13, 23: range, interceptions, fumbles, three scatters
when inaccurate), caught with the rules for catching (page 14) and then thrown again at once;
it explodes where it lands, when a catch fails or is declined, or in the bomber's square on a
fumble, knocking down the player in that square and those next to it on a 4+ (ruling
bb-bombs). A player moving on the Throw-in template (ruling bb-throw-in-template) moves one
square per D6 for each square of MA, with no Dodge roll; off the pitch the crowd beats them up
(page 11); a standing player in the square is blocked (pages 10-11), a Prone or Stunned one
pushed back and given an Armour roll (ruling bb-random-move). Who may throw bombs and who
moves so are the skills' rules: the engine asks `can-throw-bombs` and `moves-randomly`.
A player of the moving team knocked down is a turnover (page 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, blocking, injury, movement, rolls
from nuffle.interpreter.blood_bowl.pitch import RANGE_MODIFIER, pass_range, under_ruler
from nuffle.interpreter.blood_bowl.state import Player, Square

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

MAX_THROWS = 20  # catches and throws again one bomb may see (principle 4)
MAX_SQUARES = 20  # squares of one move on the template (principle 4)
BLAST = 4  # a player next to the explosion is knocked down on a D6 of 4+ (page 25)
KNOCKED_DOWN = "a player of the moving team was knocked down"
# Where the Throw-in template can face: up or down the pitch, or towards either sideline
# (page 25); "up" is the sideline at y = 1 as `nuffle play` draws the pitch (ruling
# bb-scatter-template), "left" the home end zone.
FACINGS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


# -- bombs (page 25) ---------------------------------------------------------------------
def can_throw_bombs(m: Match, p: Player) -> bool:
    return bool(m.modify("can-throw-bombs", False, {"player": p, "team": p.team}))


def throw_bomb(m: Match, bomber: Player) -> None:
    """A Throw Bomb action: no move first, not the team's Pass action (page 25)."""
    target = _target(m, bomber)
    if target is not None:
        _throw(m, bomber, target)


def _target(m: Match, bomber: Player) -> Square | None:
    targets = ballplay.pass_targets(m, bomber)
    if not targets:
        return None
    return m.decide(bomber.team, "bomb-target", targets, lambda s: s.label(),
                    f"{bomber.id}: throw the bomb to which square?", player=bomber.id)


def _throw(m: Match, bomber: Player, target: Square) -> None:
    """Throw, and throw again whenever the bomb is caught or intercepted, until it explodes
    (or is lost in the crowd)."""
    assert bomber.square is not None  # the bomber is on the pitch
    for _ in range(MAX_THROWS):
        rng = pass_range(bomber.square, target) or "long-bomb"
        m.note("bomb", player=bomber, target=target, range=rng)
        taker = _intercept(m, bomber, target)
        if taker is None:
            tz = m.tackle_zones(bomber.square, bomber.team)
            roll = rolls.test(m, bomber, "pass", RANGE_MODIFIER[rng] - tz, tz)
            if roll.natural == 1 or roll.total <= 1:  # a fumble (page 23)
                m.note("bomb-fumbled", player=bomber)
                explode(m, bomber.square, bomber)
                return
            sq = target if roll.passed else _scatter(m, target)
            if sq is None:  # off the pitch: lost in the crowd (ruling bb-bombs)
                m.note("bomb-lost")
                return
            modifier = ballplay.CATCH_ACCURATE if roll.passed else ballplay.CATCH_OTHER
            taker = _catch(m, sq, modifier)
            if taker is None:
                explode(m, sq, bomber)
                return
        # caught or intercepted: the taker must throw it again at once (page 25)
        bomber = taker
        assert bomber.square is not None  # the taker is on the pitch
        nxt = _target(m, bomber)
        if nxt is None:
            explode(m, bomber.square, bomber)
            return
        target = nxt
    assert bomber.square is not None  # the last to take it is on the pitch
    explode(m, bomber.square, bomber)


def _scatter(m: Match, target: Square) -> Square | None:
    """An inaccurate throw scatters three times (page 13); None once off the pitch."""
    sq: Square | None
    sq = target
    for _ in range(3):
        sq = m.pitch.step(sq, m.dice.roll(8, "bomb scatter"))
        if sq is None:
            return None
    m.note("bomb-scatters", square=sq)
    return sq


def _intercept(m: Match, bomber: Player, target: Square) -> Player | None:
    """One opposing player under the ruler may try to intercept (page 23)."""
    opponent = bomber.team.opponent
    assert bomber.square is not None  # the bomber is on the pitch
    eligible = [q for q in opponent.players_on_pitch if q.has_tackle_zones
                and q.square is not None  # on the pitch: always
                and under_ruler(bomber.square, target, q.square)]
    if not eligible:
        return None
    q = m.decide(opponent, "bomb-interceptor", [None, *eligible],
                 lambda o: "none" if o is None else o.id, "try to intercept the bomb?")
    if q is None:
        return None
    tz = m.tackle_zones(q.square, q.team)
    if rolls.test(m, q, "interception", ballplay.INTERCEPTION - tz, tz).passed:
        m.note("bomb-caught", player=q)
        return q
    m.note("interception-failed", player=q)
    return None


def _catch(m: Match, sq: Square, modifier: int) -> Player | None:
    """A standing player with tackle zones where the bomb comes down may try to catch it
    (page 14), or decline (page 25)."""
    q = m.occupant.get(sq)
    if q is None or not q.standing or q.no_tackle_zones:
        return None
    if not m.decide(q.team, "catch-bomb", [True, False], ["catch", "let it explode"],
                    f"{q.id}: catch the bomb?", player=q.id):
        return None
    assert q.square is not None  # the player in the square the bomb came down in
    tz = m.tackle_zones(q.square, q.team)
    if rolls.test(m, q, "catch", modifier - tz, tz).passed:
        m.note("bomb-caught", player=q)
        return q
    return None


def explode(m: Match, sq: Square, attacker: Player | None = None) -> None:
    """The explosion (page 25): the player in the square and, on a 4+ each, those next to
    it are knocked down, or given an Armour roll if already down; a player of the moving
    team knocked down is a turnover (page 8)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    m.note("explosion", square=sq)
    caught = [m.occupant[sq]] if sq in m.occupant else []
    for s in sq.neighbours:
        q = m.occupant.get(s)
        if q is not None:
            hit = m.dice.roll(6, "blast") >= BLAST
            m.note("blast", player=q, hit=hit)
            if hit:
                caught.append(q)
    turnover = False
    for q in caught:
        if not q.on_pitch:
            continue
        if q.standing:
            injury.knock_down(m, q, "effect", attacker)
            turnover = turnover or q.team is m.active
        else:
            injury.armour(m, q, "effect", attacker)
    if turnover:
        raise Turnover(KNOCKED_DOWN)


# -- moving on the Throw-in template (page 25) ------------------------------------------
def moves_randomly(m: Match, p: Player) -> bool:
    if not m.hooks.on_modify.get("moves-randomly"):  # asked of every Move: mostly no rule
        return False
    return bool(m.modify("moves-randomly", False, {"player": p, "team": p.team}))


def template_step(facing: str, face: int) -> tuple[int, int]:
    """The square a D6 picks on the Throw-in template facing one way (ruling
    bb-throw-in-template: 3-4 straight on, 1-2 the diagonal towards the lower x or y, 5-6
    the higher)."""
    fx, fy = FACINGS[facing]
    lean = -1 if face <= 2 else 1 if face >= 5 else 0
    return (lean, fy) if fx == 0 else (fx, lean)


def random_move(m: Match, p: Player) -> None:
    """A Move action on the template: one square per D6, for each square of MA, no Going
    For It (ruling bb-random-move)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    if not p.standing and not movement.stand_up(m, p):
        return
    for _ in range(MAX_SQUARES):
        if p.square is None or not p.standing or p.moves_used >= p.movement:
            return
        facing = m.decide(p.team, "template-facing", list(FACINGS), list(FACINGS),
                          f"{p.id}: face the Throw-in template", player=p.id)
        dx, dy = template_step(facing, m.dice.roll(6, "template"))
        p.moves_used += 1
        start = p.square
        to = m.pitch.at(start.x + dx, start.y + dy)
        other = m.occupant.get(to) if to is not None else None
        if to is None:  # the crowd beats them up; no turnover (ruling bb-random-move)
            injury.crowd(m, p, start)
            return
        if other is None:
            m.put(p, to)
            m.note("moves-to", player=p, square=to)
            m.after("move", {"player": p, "team": p.team, "from": start, "to": to})
            m.after("enter-square", {"player": p, "team": p.team, "square": to})
            if ballplay.loose_at(m, to):  # either ball (a card of page 44)
                movement.pick_up(m, p)
            if m.holder is p and to.x == m.scoring_end(p.team):
                return  # a touchdown ends the action (ruling bb-touchdown-ends-action)
        elif other.standing:  # a block, friend or foe, made in a Move action
            blocking.block(m, p, other, action="move")
            if other.team is p.team and other.on_pitch and not other.standing:
                raise Turnover(KNOCKED_DOWN)
        else:  # Prone or Stunned: pushed back, and an Armour roll instead of a block
            blocking.push(m, p, other)
            if other.on_pitch:
                injury.armour(m, other, "effect", p)
