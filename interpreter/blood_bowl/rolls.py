"""D6 rolls against the Agility table and the other tests, with their re-rolls.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): the Agility table (pages 9, 13-14, 23: the
roll needed is 7 minus AG; a natural 1 always fails, a natural 6 always succeeds), Going For
It (page 21), standing up with less than 3 MA (page 12), re-rolls (page 15: a skill re-roll
or one team re-roll per team turn, during the team's own turn, never a re-roll of a re-roll).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl.state import Player

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

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
         passes: object = None) -> Roll:
    """Roll one D6 for ``player``'s ``kind`` test, offering re-rolls when it fails.

    ``modifier`` is the sum of the rulebook's modifiers for this test; rules may add to it
    (`modify test-modifier`), or change the number a fixed-target roll needs (`modify
    test-target`). ``passes`` can judge a roll differently (a pass is accurate on the
    Agility table, and fumbled on a modified 1 or less)."""
    payload = {"player": player, "team": player.team, "test": kind,
               "characteristic": "agility" if kind not in FIXED_TARGET else None,
               "tackle-zones": tackle_zones}
    modifier = m.modify("test-modifier", modifier, payload)
    if kind in FIXED_TARGET:
        target = m.modify("test-target", FIXED_TARGET[kind],
                          {"player": player, "team": player.team, "test": kind})
    else:
        target = agility_target(player.agility)
    result = _roll(m, player, kind, modifier, target)
    if result.passed:
        return result
    if offer_reroll(m, player, kind, result):
        result = _roll(m, player, kind, modifier, target, again=True)
    return result


def _roll(m: Match, player: Player, kind: str, modifier: int, target: int,
          again: bool = False) -> Roll:
    natural = m.dice.roll(6, kind)
    total = natural + modifier
    if kind in FIXED_TARGET:  # Going For It fails on a 1 whatever the modifiers (page 21)
        passed = natural != 1 and total >= target
    else:
        passed = natural == 6 or (natural != 1 and total >= target)
    m.note("roll", player=player, test=kind, natural=natural, total=total, target=target,
           passed=passed, reroll=again)
    return Roll(natural, total, target, passed)


def offer_reroll(m: Match, player: Player, kind: str, result: Roll | None = None,
                 faces: list[str] | None = None) -> bool:
    """A failed roll may be re-rolled once (page 15): first by a rule (a skill's `may
    reroll`), else by a team re-roll if the player's team is the moving team, has one left
    and has not used one this team turn."""
    payload = {"player": player, "team": player.team, "test": kind,
               "natural": result.natural if result else None}
    firing = m.after("failed-roll", payload)
    if firing is not None and firing.reroll:
        m.note("skill-reroll", player=player, test=kind)
        return True
    if firing is not None and firing.reroll_spent:
        return False
    return team_reroll(m, player, kind, faces)


def team_reroll(m: Match, player: Player, kind: str, faces: list[str] | None = None) -> bool:
    team = player.team
    if (team is not m.active or team.reroll_used_this_turn or not player.on_pitch
            or team.rerolls + team.extra_rerolls <= 0 or m.in_kick_off):
        return False
    if not m.decide(team, "reroll", [True, False], ["re-roll", "no"],
                    f"use a team re-roll on {player.id}'s {kind}?", player=player.id,
                    faces=faces or []):
        return False
    team.reroll_used_this_turn = True
    if team.extra_rerolls > 0:
        team.extra_rerolls -= 1
    else:
        team.rerolls -= 1
    m.note("team-reroll", team=team, player=player)
    # a rule may stop the team re-roll being used; it is spent all the same (a skill of page 26)
    firing = m.before("team-reroll", {"player": player, "team": team, "test": kind})
    return not (firing is not None and firing.cancelled)
