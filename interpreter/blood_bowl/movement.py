"""Moving: standing up, each square of a move, dodging, leaping, Going For It, picking up the
ball.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): movement and tackle zones (page 9: leaving a
square in an opposing tackle zone needs a Dodge roll, +1, -1 per opposing tackle zone on the
square dodged to; a failed dodge knocks the player down there, a turnover), picking up
(page 9: +1, -1 per opposing tackle zone; a failure bounces the ball, a turnover), standing
up (page 12: 3 squares of movement, or 4+ with less than 3 MA), Going For It (page 21: up to
two extra squares, 2+ each, a 1 knocks the player down, a turnover). The skills of pages
25-30 change these through the vocabulary's values and events: how many squares a player
may Go For It (`rushes`), what standing up costs (`stand-up-cost`), the tackle zones a
Dodge roll counts (`dodge-tackle-zones`), the Dodge roll once its die is known
(`dodge-roll`), a player held before a dodge or a leap (`cancel`), and the leap of page 27:
to an empty square one or two squares away, for two squares of movement (Going For It for
those beyond MA), no Dodge roll, an Agility roll with no modifiers; a failure knocks the
player down in the square leapt to, a turnover (rulings bb-leap, bb-dodge-reactions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay, injury, rolls
from nuffle.interpreter.blood_bowl.state import Player, Square

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match
    from nuffle.interpreter.hooks import Firing

STAND_UP_COST = 3  # page 12
RUSHES = 2  # page 21
DODGE, PICK_UP = 1, 1  # the +1 of a Dodge roll and a pick-up (page 9)
LEAP_COST, LEAP_REACH = 2, 2  # two squares of movement, to a square 1 or 2 away (page 27)


def stand_up(m: Match, p: Player) -> bool:
    """A Prone player stands up at the start of their action (page 12): it costs three
    squares of movement (`stand-up-cost`), and a player with less MA than that rolls 4+."""
    if p.standing:
        return True
    cost = m.modify("stand-up-cost", STAND_UP_COST, {"player": p, "team": p.team})
    if p.movement < cost:
        if not rolls.test(m, p, "stand-up").passed:
            m.note("stays-down", player=p)
            return False
        p.moves_used = p.movement
    else:
        p.moves_used = cost
    p.standing = True
    m.note("stands-up", player=p)
    return True


def may_block_prone(m: Match, p: Player) -> bool:
    """Whether a Prone player may declare a Block action, standing up for it (page 12: no,
    a player who stands up may not block; a skill of page 27 lets them)."""
    return p.prone and bool(m.modify("block-while-prone", False, {"player": p, "team": p.team}))


def rushes(m: Match, p: Player) -> int:
    """The extra squares a player may Go For It in an action (page 21: two)."""
    if not m.hooks.on_modify.get("rushes"):  # asked at every square: no payload for nobody
        return RUSHES
    return m.modify("rushes", RUSHES, {"player": p, "team": p.team})


def squares_left(m: Match, p: Player) -> int:
    """Squares still possible in this action, Going For It included."""
    return p.movement + rushes(m, p) - p.moves_used


def step_options(m: Match, p: Player) -> list[Square]:
    if squares_left(m, p) <= 0:
        return []
    assert p.square is not None  # the moving player is on the pitch
    occupant = m.occupant
    return [s for s in p.square.neighbours if s not in occupant]


def leap_options(m: Match, p: Player) -> list[Square]:
    """The empty squares one or two squares away a player may leap to, when a rule lets
    them leap (`can-leap`) and two squares of movement are left (page 27)."""
    hooks = m.hooks.on_modify
    if not hooks.get("can-leap") and not hooks.get("rushes"):
        return []  # nobody may leap, and nothing to ask about the squares left
    if squares_left(m, p) < LEAP_COST or not hooks.get("can-leap") \
            or not m.modify("can-leap", False, {"player": p, "team": p.team}):
        return []
    assert p.square is not None  # the moving player is on the pitch
    x, y = p.square.x, p.square.y
    return [s for dx in range(-LEAP_REACH, LEAP_REACH + 1)
            for dy in range(-LEAP_REACH, LEAP_REACH + 1)
            if (dx or dy) and (s := m.pitch.at(x + dx, y + dy)) is not None
            and s not in m.occupant]


def rush(m: Match, p: Player, sq: Square) -> None:
    """Going For It (page 21): a 1 (or what a rule makes fail) knocks the player down in
    the square moved to, a turnover."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    if not rolls.test(m, p, "rush").passed:
        fall(m, p, sq)
        raise Turnover("fell going for it")


def fall(m: Match, p: Player, sq: Square) -> None:
    """The player falls in the square they were moving to (pages 9, 21); a player a rule
    put in the square they left goes there first (before the Armour roll)."""
    m.put(p, sq)
    fill_vacated(m)
    if ballplay.loose_at(m, sq):
        injury.knock_down(m, p, "fall")
        # a second ball (a card of page 44): the one they carried bounced first
        if m.other_ball is None or ballplay.loose_at(m, sq):
            ballplay.bounce(m, sq)
        return
    injury.knock_down(m, p, "fall")


def step(m: Match, p: Player, sq: Square) -> None:
    """One square of a move: the Dodge roll's `before dodge` when leaving a tackle zone
    (a rule may hold the player there), Going For It beyond the player's MA, then the
    Dodge roll (ruling bb-rush-then-dodge), then picking up the ball. A skill a rule
    denied for this square (`deny-skill`) is usable again after it."""
    _one_square(m, _step, p, sq)


def _one_square(m: Match, move: Callable[[Match, Player, Square], None], p: Player,
                sq: Square) -> None:
    """A square moved (a step or a leap): the skills a rule denied and the squares being
    left for it last as long as it does."""
    try:
        move(m, p, sq)
    finally:
        m.denied.clear()
        m.vacating.clear()


def _step(m: Match, p: Player, sq: Square) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    start = p.square
    assert start is not None  # the moving player is on the pitch
    dodging = m.tackle_zones(start, p.team) > 0
    if not dodging and m.hooks.get("must-dodge", "modify"):  # a card of PBBL page 44
        dodging = bool(m.modify("must-dodge", False, squares_payload(p, start, sq)))
    if dodging and held(m, p, m.before("dodge", squares_payload(p, start, sq))):
        return
    if p.moves_used >= p.movement:
        rush(m, p, sq)
    p.moves_used += 1
    if dodging and not dodge(m, p, start, sq):
        fall(m, p, sq)
        raise Turnover("failed dodge")
    arrive(m, p, start, sq)


def squares_payload(p: Player, start: Square, sq: Square) -> dict:
    return {"player": p, "team": p.team, "from": start, "to": sq}


def held(m: Match, p: Player, firing: Firing | None) -> bool:
    """A rule cancelled the dodge or the leap: the player stays where they are (page 30)."""
    if firing is None or not firing.cancelled:
        return False
    m.note("held", player=p, square=p.square)
    return True


def dodge(m: Match, p: Player, start: Square, sq: Square) -> bool:
    """The Dodge roll (page 9): +1, -1 per opposing tackle zone counted on the square dodged
    to (`dodge-tackle-zones`); rules may change the total once the die is known
    (`dodge-roll`), and such a change stays for a re-roll of it (a skill of page 26)."""
    payload = squares_payload(p, start, sq)
    tz = m.modify("dodge-tackle-zones", m.tackle_zones(sq, p.team), payload)
    kept = 0

    def after_dice(natural: int, total: int, target: int, again: bool) -> int:
        nonlocal kept
        before = total + kept
        after = m.modify("dodge-roll", before, {**payload, "natural": natural,
                                                "target": target, "reroll": again})
        kept += after - before
        return kept

    return rolls.test(m, p, "dodge", DODGE - tz, tz, squares=(start, sq),
                      after_dice=after_dice).passed


def leap(m: Match, p: Player, sq: Square) -> None:
    """A leap (page 27; ruling bb-leap): a rule may hold the player first (`before leap`);
    two squares of movement, each beyond MA a Going For It roll; no Dodge roll; an Agility
    roll with no modifiers but the rules' (`test-modifier`); a failure knocks the player
    down in the square leapt to, a turnover."""
    _one_square(m, _leap, p, sq)


def _leap(m: Match, p: Player, sq: Square) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    start = p.square
    assert start is not None  # the leaping player is on the pitch
    if held(m, p, m.before("leap", squares_payload(p, start, sq))):
        return
    for _ in range(LEAP_COST):
        if p.moves_used >= p.movement:
            rush(m, p, sq)
        p.moves_used += 1
    if not rolls.test(m, p, "leap", 0, 0, squares=(start, sq)).passed:
        fall(m, p, sq)
        raise Turnover("failed leap")
    arrive(m, p, start, sq, leaping=True)


def arrive(m: Match, p: Player, start: Square, sq: Square, leaping: bool = False) -> None:
    """The player is in the new square: a player a rule put in the one they left goes there;
    then the moments of the move, and the ball picked up if it lies there (page 9)."""
    m.put(p, sq)
    if m.vacating:
        fill_vacated(m)
    if m.listeners:  # (every square moved: no note's fields built for nobody)
        m.note("leaps-to" if leaping else "moves-to", player=p, square=sq)
    payload = squares_payload(p, start, sq)
    if leaping:
        m.after("leap", dict(payload))
    m.after("move", payload)
    m.after("enter-square", {"player": p, "team": p.team, "square": sq})
    if ballplay.loose_at(m, sq):  # either ball, a second one too (a card of page 44)
        pick_up(m, p)


def enter_when_vacated(m: Match, p: Player, sq: Square, prone: bool) -> None:
    """Put ``p`` in ``sq`` now if it is empty, else once the player moving out of it has
    left (a rule acting during their dodge, a skill of page 26); ``prone``: placed Prone."""
    m.vacating.append((p, sq, prone))
    if sq not in m.occupant:
        fill_vacated(m)


def fill_vacated(m: Match) -> None:
    """The players waiting for a square (`enter_when_vacated`) whose square is empty now go
    there, without a Dodge roll; placed Prone, a ball carrier drops the ball (page 12)."""
    if not m.vacating:  # after every square moved: mostly nobody waits
        return
    waiting, m.vacating = m.vacating, []
    for p, sq, prone in waiting:
        if sq in m.occupant or not p.on_pitch or not p.standing:
            if sq in m.occupant:
                m.vacating.append((p, sq, prone))
            continue
        m.put(p, sq)
        ballplay.focus(m, p)
        dropped = prone and m.holder is p
        if prone:
            p.standing = False
            m.note("dives", player=p, square=sq)
        else:
            m.note("moves-to", player=p, square=sq)
        if dropped:
            ballplay.drop(m, sq)
        m.after("enter-square", {"player": p, "team": p.team, "square": sq})
        if dropped:
            ballplay.bounce(m, sq)


def pick_up(m: Match, p: Player) -> None:
    from nuffle.interpreter.blood_bowl.match import Turnover
    assert p.square is not None  # they just entered the ball's square
    tz = m.tackle_zones(p.square, p.team)
    # one who cannot hold the ball makes no roll: it bounces (`can-hold-ball`, page 28)
    if ballplay.can_hold(m, p) and rolls.test(m, p, "pick-up", PICK_UP - tz, tz).passed:
        m.note("pick-up", player=p)
        ballplay.give(m, p)
        m.after("pick-up", {"player": p, "team": p.team})
        return
    m.note("pick-up-failed", player=p)
    sq = p.square or m.ball  # a rule may have hurt them off the pitch (page 47)
    assert sq is not None  # the ball they failed to pick up lies there
    ballplay.bounce(m, sq)
    raise Turnover("failed pick-up", "pick-up")
