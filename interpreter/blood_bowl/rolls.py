"""D6 rolls against the Agility table and the other tests, with their re-rolls.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): the Agility table (pages 9, 13-14, 23: the
roll needed is 7 minus AG; a natural 1 always fails, a natural 6 always succeeds), Going For
It (page 21), standing up with less than 3 MA (page 12), re-rolls (page 15: a skill re-roll
or one team re-roll per team turn, during the team's own turn, never a re-roll of a re-roll;
a team re-roll counter tied to a skill, usable only while a player with it is on the pitch,
page 28).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl.state import Player, Team

if TYPE_CHECKING:
    from collections.abc import Callable

    from nuffle.interpreter.blood_bowl.match import Match
    from nuffle.interpreter.blood_bowl.state import Square

    # (natural, total, target, is a re-roll) -> what to add to the total
    AfterDice = Callable[[int, int, int, bool], int]

# Rolls that a fixed number passes, not the Agility table: Going For It needs 2+ (page 21),
# standing up with less than 3 MA needs 4+ (page 12).
FIXED_TARGET = {"rush": 2, "stand-up": 4}


@dataclass(slots=True)
class Roll:
    natural: int
    total: int  # natural + modifier
    target: int
    passed: bool


def agility_target(agility: int) -> int:
    """The Agility table (page 9): AG 1 needs 6+, ... AG 6 needs 1+ (a 1 fails anyway)."""
    return max(1, min(6, 7 - agility))


def test(m: Match, player: Player, kind: str, modifier: int = 0, tackle_zones: int = 0,
         passes: object = None, squares: tuple[Square, Square] | None = None,
         after_dice: AfterDice | None = None, pass_range: str | None = None) -> Roll:
    """Roll one D6 for ``player``'s ``kind`` test, offering re-rolls when it fails.

    ``modifier`` is the sum of the rulebook's modifiers for this test; rules may add to it
    (`modify test-modifier`), or change the number a fixed-target roll needs (`modify
    test-target`); an Agility-table roll is made against the characteristic rules choose
    (`modify test-characteristic`: Agility unless a rule says otherwise, a skill of page
    25). ``squares`` are the square left and the one entered (a Dodge roll, a leap).
    ``after_dice`` is a window once each die is known: it returns what to add to the total
    (a rule that acts after seeing the die, a skill of page 26). ``passes`` can judge a
    roll differently: it says whether the roll is a success, which no re-roll is offered
    for (a pass, page 23: accurate, and not fumbled on a modified 1 or less).
    ``pass_range`` is a pass roll's range (`range` in `test-modifier`)."""
    characteristic = None
    m.modifiers()  # the rules that change this roll's numbers, from here on
    if kind not in FIXED_TARGET:
        characteristic = m.modify("test-characteristic", "agility",
                                  {"player": player, "team": player.team, "test": kind})
    frm, to = squares if squares is not None else (None, None)
    payload = {"player": player, "team": player.team, "test": kind,
               "characteristic": characteristic, "tackle-zones": tackle_zones,
               "from": frm, "to": to, "range": pass_range}
    modifier = m.modify("test-modifier", modifier, payload)
    if kind in FIXED_TARGET:
        target = m.modify("test-target", FIXED_TARGET[kind],
                          {"player": player, "team": player.team, "test": kind})
    else:
        value = getattr(player, str(characteristic).replace("-", "_"), None)
        target = agility_target(value if isinstance(value, int) else player.agility)
    by = m.modifiers()
    if m.hooks.get("may-fail-on-purpose", "modify") and fails_on_purpose(m, player, kind):
        # no die: it fails as a natural 1 does, with no re-roll (a card of page 45)
        m.after("roll-failed", {"player": player, "team": player.team, "test": kind})
        return Roll(1, 1 + modifier, target, False)
    result = _roll(m, player, kind, modifier, target, after_dice=after_dice, by=by)
    if callable(passes):
        result.passed = bool(passes(result))
    if result.passed:
        return result
    if offer_reroll(m, player, kind, result):
        result = _roll(m, player, kind, modifier, target, again=True, after_dice=after_dice,
                       by=by)
        if callable(passes):
            result.passed = bool(passes(result))
    if not result.passed:  # failed for good, re-rolls spent (a card of page 47 acts here)
        m.after("roll-failed", {"player": player, "team": player.team, "test": kind})
    return result


def fails_on_purpose(m: Match, player: Player, kind: str) -> bool:
    """A rule may let the coach fail a roll on purpose (`may-fail-on-purpose`, a card of
    page 45: a pick-up, a catch, a pass fumbled): the coach is asked before the die."""
    if not m.modify("may-fail-on-purpose", False,
                    {"player": player, "team": player.team, "test": kind}):
        return False
    if not m.decide(player.team, "fail-on-purpose", [False, True], ["no", "yes"],
                    f"{player.id}: fail the {kind} on purpose?", player=player.id, test=kind):
        return False
    m.note("fails-on-purpose", player=player, test=kind)
    return True


def _roll(m: Match, player: Player, kind: str, modifier: int, target: int,
          again: bool = False, after_dice: AfterDice | None = None,
          by: list | None = None) -> Roll:
    """One die of a test; ``by``: the items whose rules changed its numbers (named)."""
    natural = m.dice.roll(6, kind)
    total = natural + modifier
    if after_dice is not None:
        total += after_dice(natural, total, target, again)
    if kind in FIXED_TARGET:  # Going For It fails on a 1 whatever the modifiers (page 21)
        passed = natural != 1 and total >= target
    else:
        passed = natural == 6 or (natural != 1 and total >= target)
    m.note("roll", player=player, test=kind, natural=natural, total=total, target=target,
           passed=passed, reroll=again, **({"rule": by} if by else {}))
    return Roll(natural, total, target, passed)


def offer_reroll(m: Match, player: Player, kind: str, result: Roll | None = None,
                 faces: list[str] | None = None) -> bool:
    """A failed roll may be re-rolled once (page 15): first by a rule (a skill's `may
    reroll`), else by a team re-roll if the player's team is the moving team, has one left
    and has not used one this team turn."""
    payload = {"player": player, "team": player.team, "test": kind,
               "natural": result.natural if result else None}
    if not may_reroll(m, player, kind):
        return False
    firing = m.after("failed-roll", payload)
    if firing is not None and firing.reroll:
        m.note("skill-reroll", player=player, test=kind, rule=firing.by)
        return True
    if firing is not None and firing.reroll_spent:
        return False
    return team_reroll(m, player, kind, faces)


def usable_skill_rerolls(team: Team) -> list[str]:
    """The skills whose team re-roll counters the team holds and may use now: a player of
    the team with the skill is on the pitch, even Prone or Stunned (a skill of page 28)."""
    return [skill for skill, n in team.skill_rerolls.items() if n > 0 and any(
        p.on_pitch and skill in p.skills for p in team.players)]


def usable_rerolls(team: Team) -> int:
    """The team re-roll counters the team may use now: its own, the extra ones (a
    kick-off result) and those tied to a skill whose player is on the pitch."""
    locked = sum(team.skill_rerolls.values()) - sum(
        team.skill_rerolls[s] for s in usable_skill_rerolls(team))
    return team.rerolls - locked + team.extra_rerolls


def may_reroll(m: Match, player: Player, kind: str | None) -> bool:
    """Whether the player's roll may be re-rolled at all, by a skill or a team re-roll
    (page 15: yes, unless a rule forbids it: a card of page 51). ``kind`` None: an Armour
    or Injury roll the player would re-roll (a skill of page 28)."""
    return bool(m.modify("can-reroll", True, {"player": player, "team": player.team,
                                              "test": kind}))


def team_reroll(m: Match, player: Player, kind: str, faces: list[str] | None = None) -> bool:
    team = player.team
    if (team is not m.active or team.reroll_used_this_turn or not player.on_pitch
            or usable_rerolls(team) <= 0 or m.in_kick_off or not may_reroll(m, player, kind)):
        return False
    # a rule may forbid the team its team re-rolls for a while (a card of page 48)
    if not m.modify("team-reroll-allowed", True, {"player": player, "team": team,
                                                  "test": kind}):
        return False
    if not m.decide(team, "reroll", [True, False], ["re-roll", "no"],
                    f"use a team re-roll on {player.id}'s {kind}?", player=player.id,
                    faces=faces or []):
        return False
    team.reroll_used_this_turn = True
    # the counters that may be lost first are spent first: an extra one (lost with its
    # duration), then one tied to a skill (unusable once no such player is on the pitch)
    tied = usable_skill_rerolls(team)
    if team.extra_rerolls > 0:
        team.extra_rerolls -= 1
    elif tied:
        team.skill_rerolls[tied[0]] -= 1
        team.rerolls -= 1
    else:
        team.rerolls -= 1
    m.note("team-reroll", team=team, player=player)
    # a rule may stop the team re-roll being used; it is spent all the same (a skill of page 26)
    firing = m.before("team-reroll", {"player": player, "team": team, "test": kind})
    return not (firing is not None and firing.cancelled)
