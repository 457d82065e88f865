"""Declaring actions and the drive around them: what the scenarios cannot easily show (a
player back with their own team once a drive ends, a rooted player who was Prone)."""

from __future__ import annotations

from nuffle.interpreter.blood_bowl import turn
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.bots import RandomBot, make_agents
from nuffle.interpreter.dice import Dice


def match(ruleset, dice: list[tuple[int, int]]) -> Match:
    agents = make_agents("random", "random", 0, {"random": RandomBot})
    m = Match(ruleset, "human", "orc", agents, seed=0, options=Options(), dice=Dice(0, dice))
    m.bind_skills()
    return m


def give(m: Match, pid: str, skill: str):
    p = m.player(pid)
    p.skills.append(skill)
    m.bind_skill(p, skill)
    return p


def test_a_player_who_changes_sides_is_back_with_their_own_team_when_the_drive_ends(
        bb_ruleset) -> None:
    """Easily Confused (page 27; ruling bb-easily-confused): one drive on the other side."""
    m = match(bb_ruleset, [(6, 2)])
    p = give(m, "away.lineman-1", "easily-confused")
    m.drive_serial = 2
    m.after("drive-start", {"drive": 2})  # after a drive: a 2 and he swaps
    assert p.team is m.home and p in m.home.players and p not in m.away.players
    m.end_drive()
    assert p.team is m.away and p in m.away.players and p not in m.home.players


def test_the_first_drive_of_a_match_rolls_nothing(bb_ruleset) -> None:
    m = match(bb_ruleset, [])
    p = give(m, "away.lineman-1", "easily-confused")
    m.drive_serial = 1
    m.after("drive-start", {"drive": 1})
    assert p.team is m.away


def test_a_prone_player_who_takes_root_stays_down(bb_ruleset) -> None:
    """Take Root (page 30; ruling bb-take-root): MA 0 leaves nothing to stand up with, and
    a player who is down is rooted no more."""
    m = match(bb_ruleset, [(6, 1)])
    p = give(m, "home.lineman-1", "take-root")
    m.put(p, m.pitch.at(9, 6))
    p.standing = False
    m.active, m.home.rerolls = m.home, 0
    turn.act(m, p, "move")
    assert not p.standing and not p.rooted and not p.rooted_until_down
    assert p.square is m.pitch.at(9, 6)
