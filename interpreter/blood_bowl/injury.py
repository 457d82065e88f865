"""Knock-downs, armour, injuries, casualties and fouls.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): knock-downs and injuries (page 12: Armour
roll 2D6 beating AV, then the Injury table: 2-7 Stunned, 8-9 KO'd, 10-12 Casualty; a
knocked-down ball carrier drops the ball, which bounces), the crowd (page 11: a player
pushed off the pitch rolls on the Injury table with no Armour roll; Stunned goes to the
Reserves box), the Casualty table (page 32: D68), fouls (page 24). Rules may re-roll an
Armour or an Injury roll once it is made (a skill of page 28, whose player is then placed
Prone: a turnover only if they held the ball), break armour on a lower roll (a skill of
page 26) and roll the Casualty table more than once (a skill of page 26).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import ballplay
from nuffle.interpreter.blood_bowl.state import CASUALTY, KNOCKED_OUT, RESERVES, SENT_OFF, Player

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

STUNNED, KO, CAS = "stunned", "knocked-out", "casualty"
PRONE = "placed-prone"  # a result a rule may give: Prone, not Stunned (a card of page 51)


def injury_result(total: int) -> str:
    """The Injury table (page 12)."""
    return STUNNED if total <= 7 else KO if total <= 9 else CAS


def knock_down(m: Match, p: Player, cause: str, attacker: Player | None = None,
               blocker: Player | None = None, bonus: int = 0) -> None:
    """Placed face up in their square, an Armour roll; a ball they held bounces (page 12).
    ``bonus``: added to the Armour roll if that breaks the armour, else to the Injury roll,
    as a skill of page 28 adds (a Wizard's spell, page 37; `strike`)."""
    if p.square is None:
        return
    from nuffle.interpreter.blood_bowl.match import Turnover
    if ballplay.carries_other(m, p):  # a second ball (a card of page 44) is the one handled
        with ballplay.swapped(m):
            return knock_down(m, p, cause, attacker, blocker, bonus)
    p.standing = False
    sq = p.square
    carrier = m.holder
    dropped = carrier is p
    if dropped:  # the ball falls in their square, and bounces once the rolls are made
        ballplay.drop(m, sq)
    m.note("knocked-down", player=p)
    m.after("knocked-down", {"player": p, "team": p.team, "cause": cause})
    if m.modify("armour-roll-needed", True, {"player": p, "team": p.team, "cause": cause}):
        armour(m, p, cause, attacker, blocker=blocker, bonus=bonus)
    else:  # a rule skips the Armour roll: straight to the Injury roll (a skill of page 25)
        injure(m, p, cause, attacker, armour_modified=False, blocker=blocker, bonus=bonus)
    if dropped:
        ballplay.bounce(m, sq)
    elif carrier is not None and m.holder is None and m.ball is not None:
        # a rule placed the ball carrier Prone while the rolls were made (a skill of page
        # 28): the ball bounces from their square, a turnover if they are on the moving team
        ballplay.bounce(m, m.ball)
        if carrier.team is m.active:
            raise Turnover("ball carrier placed prone")


def armour(m: Match, p: Player, cause: str, attacker: Player | None, modifier: int = 0,
           foul_dice: list[int] | None = None, blocker: Player | None = None,
           bonus: int = 0) -> bool:
    """The Armour roll: broken when 2D6 (with modifiers) beat AV (page 12). ``attacker`` is
    who knocked the player down; ``blocker``, for a block, who made the block; ``bonus``
    goes on this roll if it then breaks the armour, else on the Injury roll (`knock_down`)."""
    payload = {"player": p, "team": p.team, "attacker": attacker, "cause": cause,
               "blocker": blocker}
    # a rule may make the roll stand as the dice show it: no modifier, no re-roll (a card
    # of page 46, `armour-roll-fixed`)
    fixed = bool(m.modify("armour-roll-fixed", False, payload))
    if fixed:
        modifier, bonus = 0, 0
    dice, total, broken, used = _armour_dice(m, p, modifier, payload, bonus, fixed)
    if fixed:
        m.record("armour-rolled", {**payload, "total": total, "broken": broken})
    elif reroll_window(m, "armour-rolled", {**payload, "total": total, "broken": broken}):
        dice, total, broken, used = _armour_dice(m, p, modifier, payload, bonus)
    modified = total != sum(dice) + modifier
    if foul_dice is not None:
        foul_dice.extend(dice)
    if broken:
        injure(m, p, cause, attacker, armour_modified=modified, foul_dice=foul_dice,
               blocker=blocker, bonus=0 if used else bonus)
    return broken


def _armour_dice(m: Match, p: Player, modifier: int, payload: dict,
                 bonus: int = 0, fixed: bool = False) -> tuple[list[int], int, bool, bool]:
    """Roll the Armour dice: the total with the rulebook's and the rules' modifiers, and
    whether it breaks the armour (beats AV, page 12, unless a rule says otherwise); a
    ``bonus`` is added only if the armour then breaks (`knock_down`)."""
    dice = [m.dice.roll(6, "armour"), m.dice.roll(6, "armour")]
    if fixed:  # `armour-roll-fixed`: only the dice count
        total = sum(dice)
        m.note("armour", player=p, roll=total, armour=p.armour_value,
               broken=total > p.armour_value)
        return dice, total, total > p.armour_value, False
    m.modifiers()  # the rules that change this roll, from here on
    total = m.modify("armour-roll", sum(dice) + modifier, payload)
    broken = bool(m.modify("armour-broken", total > p.armour_value,
                           {**payload, "total": total}))
    used = bool(bonus) and not broken and bool(m.modify(
        "armour-broken", total + bonus > p.armour_value, {**payload, "total": total + bonus}))
    if used:
        total, broken = total + bonus, True
    by = m.modifiers()
    m.note("armour", player=p, roll=total, armour=p.armour_value, broken=broken,
           **({"rule": by} if by else {}))
    return dice, total, broken, used


def _injury_dice(m: Match, p: Player, payload: dict,
                 bonus: int = 0, fixed: bool = False) -> tuple[list[int], int, str]:
    """Roll the Injury dice: the total with the rules' modifiers (and a ``bonus`` the
    Armour roll did not take, `knock_down`), and its result on the Injury table (page 12)."""
    dice = [m.dice.roll(6, "injury"), m.dice.roll(6, "injury")]
    m.modifiers()  # the rules that change this roll, from here on
    total = sum(dice) if fixed else m.modify("injury-roll", sum(dice) + bonus, payload)
    result = m.modify("injury-result", injury_result(total),
                      {"player": p, "team": p.team, "total": total, "cause": payload["cause"]})
    by = m.modifiers()
    m.note("injury", player=p, roll=total, result=result, **({"rule": by} if by else {}))
    return dice, total, result


def reroll_window(m: Match, event: str, payload: dict) -> bool:
    """The moment after an Armour or Injury roll (page 12) when a rule may re-roll it (a
    skill of page 28); it is never offered again for the new roll (page 15: no re-roll of
    a re-roll). Team re-rolls never apply to these rolls (page 15). The skill's player is
    the one who knocked the victim down: a rule may forbid them every re-roll (a card of
    page 51, `can-reroll`); the roll then stands and no rule is offered it."""
    from nuffle.interpreter.blood_bowl.rolls import may_reroll
    attacker = payload.get("attacker")
    if isinstance(attacker, Player) and not may_reroll(m, attacker, None):
        m.record(event, payload)
        return False
    firing = m.after(event, payload)
    return firing is not None and firing.reroll


def injure(m: Match, p: Player, cause: str, attacker: Player | None = None,
           armour_modified: bool = False, foul_dice: list[int] | None = None,
           crowd: bool = False, blocker: Player | None = None, bonus: int = 0) -> str:
    """A roll on the Injury table (page 12), and what it does; a rule may give a result
    with no roll made (`injury-without-roll`, cards of page 50), or a Prone one
    (`placed-prone`, a card of page 51)."""
    payload = {"player": p, "team": p.team, "attacker": attacker, "cause": cause,
               "armour-modified": armour_modified, "blocker": blocker}
    preset = m.modify("injury-without-roll", None, {
        "player": p, "team": p.team, "attacker": attacker, "cause": cause, "blocker": blocker})
    dice: list[int]
    if preset is not None:
        dice, result = [], str(preset)
        m.note("injury-without-roll", player=p, result=result)
    elif m.modify("injury-roll-fixed", False, payload):
        # the roll stands as the dice show it: no modifier, no re-roll (a card of page 46)
        dice, total, result = _injury_dice(m, p, payload, fixed=True)
        m.record("injury-rolled", {"player": p, "team": p.team, "attacker": attacker,
                                   "cause": cause, "blocker": blocker, "total": total,
                                   "result": result})
    else:
        dice, total, result = _injury_dice(m, p, payload, bonus)
        window = {"player": p, "team": p.team, "attacker": attacker, "cause": cause,
                  "blocker": blocker, "total": total, "result": result}
        if reroll_window(m, "injury-rolled", window):
            dice, total, result = _injury_dice(m, p, payload, bonus)
    if foul_dice is not None and dice:
        foul_dice.append(-1)  # the armour dice and the injury dice are separate pairs
        foul_dice.extend(dice)
    if ballplay.carries_other(m, p):  # a second ball (a card of page 44)
        with ballplay.swapped(m):
            return injure(m, p, cause, attacker, armour_modified, foul_dice, crowd, blocker,
                          bonus)
    sq = p.square
    had_ball = m.holder is p and not crowd  # a standing player injured by an effect
    if had_ball:
        assert sq is not None  # the ball carrier is on the pitch
        ballplay.drop(m, sq)
    if result in (STUNNED, PRONE) and crowd:
        m.take_off(p, RESERVES)
    elif result == STUNNED:
        p.standing, p.stunned = False, True
        p.stunned_this_turn = p.team is m.active
    elif result == PRONE:
        p.standing, p.stunned = False, False
    elif result == KO:
        m.take_off(p, KNOCKED_OUT)
    else:
        casualty(m, p, cause, attacker)
    m.after("injured", {"player": p, "team": p.team, "result": result, "cause": cause,
                        "attacker": attacker})
    if had_ball:
        assert sq is not None  # the ball carrier was on the pitch
        ballplay.bounce(m, sq)
    return result


def casualty(m: Match, p: Player, cause: str, attacker: Player | None) -> None:
    """The player leaves for the Dead & Injured box; the D68 Casualty table says how bad
    (page 32; in a single match every result means the rest of the match is missed)."""
    m.take_off(p, CASUALTY)
    # a rule may roll the table more than once, every result applying (a skill of page 26)
    times = m.modify("casualty-rolls", 1, {"player": p, "team": p.team, "cause": cause})
    rolled = [m.dice.roll(6, "casualty") * 10 + m.dice.roll(8, "casualty")
              for _ in range(max(1, int(times)))]
    roll = rolled[0]
    p.casualty_roll = max(rolled)  # the worst result, for rules that read it (page 32)
    m.casualties[p.team.opponent.side] += 1
    m.note("casualty", player=p, roll=rolled if len(rolled) > 1 else roll)
    if attacker is not None and attacker.team is not p.team:
        m.award(attacker, "casualty", cause=cause)
    m.after("casualty", {"player": p, "team": p.team, "cause": cause, "roll": roll})


def crowd(m: Match, p: Player, last_square, pusher: Player | None = None) -> None:
    """Pushed off the pitch: beaten up by the crowd, no Armour roll (page 11); a ball they
    held is thrown in from their last square. ``pusher`` made the block (it earns the
    casualty's Star Player Points, none unless a rule says so)."""
    if ballplay.carries_other(m, p):  # a second ball (a card of page 44)
        with ballplay.swapped(m):
            return crowd(m, p, last_square, pusher)
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
    if ballplay.carries_other(m, p):  # a second ball (a card of page 44)
        with ballplay.swapped(m):
            return send_off(m, p, reason)
    if not m.modify("sent-off", True, {"player": p, "team": p.team, "reason": reason}):
        return False
    side = p.team.side
    # a Bribe works against the referee's call on a foul or a banned weapon (PBBL page 36),
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
    other than ``target`` (pages 22 and 24; ruling bb-foul-assists), unless a rule lets
    them assist all the same (`assist-while-marked`, a skill of page 28). ``helper`` is not
    their own assist. A foul is told by a player lying down: a block's two players stand."""
    helpers_team, besides = helper.team, target
    cause = "block" if helper.standing and target.standing else "foul"
    n = 0
    assert target.square is not None  # a block's or a foul's players are on the pitch
    for sq in target.square.neighbours:
        q = m.occupant.get(sq)
        if q is None or q is helper or q.team is not helpers_team or not q.has_tackle_zones:
            continue
        marked = any((o := m.occupant.get(s)) is not None and o.team is not helpers_team
                     and o is not besides and o.has_tackle_zones for s in sq.neighbours)
        if not m.modify("can-assist", True, {"player": q, "team": q.team, "helped": helper,
                                             "cause": cause}):
            continue  # a rule forbids them any assist (a card of page 49)
        if not marked or m.modify("assist-while-marked", False, {
                "player": q, "team": q.team, "helped": helper, "opponent": target,
                "cause": cause}):
            n += 1
    # a rule may add assists that no team-mate gives (a card of page 49)
    return int(m.modify("assists", n, {"player": helper, "team": helpers_team,
                                       "other": target, "cause": cause}))


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
