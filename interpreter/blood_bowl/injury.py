"""Knock-downs, armour, injuries, casualties and fouls.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): knock-downs and injuries (page 12: Armour
roll 2D6 beating AV, then the Injury table: 2-7 Stunned, 8-9 KO'd, 10-12 Casualty; a
knocked-down ball carrier drops the ball, which bounces), the crowd (page 11: a player
pushed off the pitch rolls on the Injury table with no Armour roll; Stunned goes to the
Reserves box), the Casualty table (page 32: D68), fouls (page 24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay
from nuffle.interpreter.blood_bowl.state import CASUALTY, KNOCKED_OUT, RESERVES, SENT_OFF, Player

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

STUNNED, KO, CAS = "stunned", "knocked-out", "casualty"


def injury_result(total: int) -> str:
    """The Injury table (page 12)."""
    return STUNNED if total <= 7 else KO if total <= 9 else CAS


def knock_down(m: Match, p: Player, cause: str, attacker: Player | None = None,
               blocker: Player | None = None) -> None:
    """Placed face up in their square, an Armour roll; a ball they held bounces (page 12)."""
    if p.square is None:
        return
    p.standing = False
    sq = p.square
    dropped = m.holder is p
    if dropped:  # the ball falls in their square, and bounces once the rolls are made
        ballplay.drop(m, sq)
    m.note("knocked-down", player=p)
    m.after("knocked-down", {"player": p, "team": p.team, "cause": cause})
    armour(m, p, cause, attacker, blocker=blocker)
    if dropped:
        ballplay.bounce(m, sq)


def armour(m: Match, p: Player, cause: str, attacker: Player | None, modifier: int = 0,
           foul_dice: list[int] | None = None, blocker: Player | None = None) -> bool:
    """The Armour roll: broken when 2D6 (with modifiers) beat AV (page 12). ``attacker`` is
    who knocked the player down; ``blocker``, for a block, who made the block."""
    dice = [m.dice.roll(6, "armour"), m.dice.roll(6, "armour")]
    payload = {"player": p, "team": p.team, "attacker": attacker, "cause": cause,
               "blocker": blocker}
    total = m.modify("armour-roll", sum(dice) + modifier, payload)
    modified = total != sum(dice) + modifier
    broken = total > p.armour_value
    m.note("armour", player=p, roll=total, armour=p.armour_value, broken=broken)
    if foul_dice is not None:
        foul_dice.extend(dice)
    if broken:
        injure(m, p, cause, attacker, armour_modified=modified, foul_dice=foul_dice,
               blocker=blocker)
    return broken


def injure(m: Match, p: Player, cause: str, attacker: Player | None = None,
           armour_modified: bool = False, foul_dice: list[int] | None = None,
           crowd: bool = False, blocker: Player | None = None) -> str:
    """A roll on the Injury table (page 12), and what it does."""
    dice = [m.dice.roll(6, "injury"), m.dice.roll(6, "injury")]
    if foul_dice is not None:
        foul_dice.append(-1)  # the armour dice and the injury dice are separate pairs
        foul_dice.extend(dice)
    payload = {"player": p, "team": p.team, "attacker": attacker, "cause": cause,
               "armour-modified": armour_modified, "blocker": blocker}
    total = m.modify("injury-roll", sum(dice), payload)
    result = m.modify("injury-result", injury_result(total),
                      {"player": p, "team": p.team, "total": total, "cause": cause})
    m.note("injury", player=p, roll=total, result=result)
    sq = p.square
    had_ball = m.holder is p and not crowd  # a standing player injured by an effect
    if had_ball:
        ballplay.drop(m, sq)
    if result == STUNNED:
        if crowd:
            m.take_off(p, RESERVES)
        else:
            p.standing, p.stunned = False, True
            p.stunned_this_turn = p.team is m.active
    elif result == KO:
        m.take_off(p, KNOCKED_OUT)
    else:
        casualty(m, p, cause, attacker)
    if had_ball:
        ballplay.bounce(m, sq)
    return result


def casualty(m: Match, p: Player, cause: str, attacker: Player | None) -> None:
    """The player leaves for the Dead & Injured box; the D68 Casualty table says how bad
    (page 32; in a single match every result means the rest of the match is missed)."""
    m.take_off(p, CASUALTY)
    roll = m.dice.roll(6, "casualty") * 10 + m.dice.roll(8, "casualty")
    m.casualties[p.team.opponent.side] += 1
    m.note("casualty", player=p, roll=roll)
    if attacker is not None and attacker.team is not p.team:
        m.award(attacker, "casualty", cause=cause)
    m.after("casualty", {"player": p, "team": p.team, "cause": cause, "roll": roll})


def crowd(m: Match, p: Player, last_square, pusher: Player | None = None) -> None:
    """Pushed off the pitch: beaten up by the crowd, no Armour roll (page 11); a ball they
    held is thrown in from their last square. ``pusher`` made the block (it earns the
    casualty's Star Player Points, none unless a rule says so)."""
    had_ball = m.holder is p
    m.take_off(p, RESERVES)
    m.note("crowd", player=p)
    if had_ball:
        m.holder = None
        sq, last = ballplay.throw_in(m, last_square)
        ballplay.arrive(m, sq, last, ballplay.CATCH_OTHER)
    injure(m, p, "crowd", pusher, crowd=True)


def send_off(m: Match, p: Player, reason: str) -> bool:
    """The referee sends a player off (page 24): a Bribe may be tried first (2+)."""
    if not m.modify("sent-off", True, {"player": p, "team": p.team, "reason": reason}):
        return False
    side = p.team.side
    # a Bribe works against the referee's call on a foul or a secret weapon (PBBL page 36),
    # not on a send-off by a kick-off result (ruling bb-officious-ref-send-off)
    bribable = reason in ("foul", "secret-weapon") and m.bribes[side] > 0
    if bribable and m.decide(p.team, "bribe", [True, False], ["bribe", "no"],
                             f"bribe the referee for {p.id}?", player=p.id):
        m.bribes[side] -= 1
        if m.dice.roll(6, "bribe") >= 2:
            m.note("bribed", player=p)
            return False
    had_ball, sq = m.holder is p, p.square
    m.take_off(p, SENT_OFF)
    m.note("sent-off", player=p)
    if had_ball and sq is not None:
        ballplay.bounce(m, sq)
    return True


def assists(m: Match, helper: Player, target: Player) -> int:
    """The team-mates of ``helper`` (the blocker or fouler, or the one blocked) who assist it
    against ``target``: next to ``target``, standing, and in no tackle zone of an opponent
    other than ``target`` (pages 22 and 24; ruling bb-foul-assists). ``helper`` is not
    their own assist."""
    helpers_team, besides = helper.team, target
    n = 0
    for sq in target.square.neighbours:
        q = m.occupant.get(sq)
        if q is None or q is helper or q.team is not helpers_team or not q.has_tackle_zones:
            continue
        marked = any((o := m.occupant.get(s)) is not None and o.team is not helpers_team
                     and o is not besides and o.has_tackle_zones for s in sq.neighbours)
        if not marked:
            n += 1
    return n


def foul(m: Match, fouler: Player, victim: Player) -> None:
    """A Foul (page 24): an Armour roll, +1 per assist for the fouler, -1 per assist for
    the victim; a double on the Armour or the Injury dice and the referee sends the fouler
    off, a turnover."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    modifier = assists(m, fouler, victim) - assists(m, victim, fouler)
    m.note("foul", player=fouler, victim=victim, modifier=modifier)
    dice: list[int] = []
    armour(m, victim, "foul", fouler, modifier, foul_dice=dice)
    pairs = [dice[:2], dice[3:5]] if len(dice) > 2 else [dice[:2]]
    double = any(len(d) == 2 and d[0] == d[1] for d in pairs)
    spotted = m.modify("foul-spotted", double, {"player": fouler, "team": fouler.team})
    if spotted and send_off(m, fouler, "foul"):
        raise Turnover("sent off")
