"""Matches between the 21 team lists (PBBL 1.10 pages 52-58): each list plays in debug mode
(the invariants checked after every step) with no error, and the skills its players start
with fire. The full soak, every ordered pair of lists, is `-m slow` (and
`benchmarks/soak.py --game blood-bowl`)."""

from __future__ import annotations

import pytest
from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.bots import RandomBot
from nuffle.interpreter.budget import Budget


class Recording(Budget):
    """The match's budget, noting the item each step is charged to."""

    __slots__ = ("fired",)

    def __init__(self, fired: set[str]) -> None:
        super().__init__()
        self.fired = fired

    def step(self, origin, n: int = 1) -> None:
        if origin is not None:
            self.fired.add(origin.ref)
        super().step(origin, n)


def play(ruleset, home: str, away: str, seed: int, fired: set[str]) -> Match:
    """One debug match; ``fired`` gains the items whose rules ran at the top of an event
    (what the budget is charged to)."""
    bots = (BloodBowlGreedyBot, RandomBot) if seed % 2 else (RandomBot, BloodBowlGreedyBot)
    m = Match(ruleset, home, away, {"home": bots[0](seed), "away": bots[1](seed + 1)},
              seed=seed, options=Options(tables="bb2020" if seed % 3 == 0 else "pbbl",
                                         debug=True))
    m.budget = Recording(fired)
    result = m.play()
    assert result.error is None, (home, away, seed, result.error)
    return m


def test_every_team_list_plays_and_its_skills_fire(bb_ruleset) -> None:
    teams = sorted(bb_ruleset.teams)
    assert len(teams) == 21
    fired: set[str] = set()
    for i, home in enumerate(teams):
        away = teams[(i * 5 + 3) % len(teams)]  # every list home once and away once
        play(bb_ruleset, home, away, 100 + i, fired)
    starting = {s for team in bb_ruleset.teams.values() for pos in team["positions"]
                for s in pos["skills"]}
    with_rules = {s for s in starting if bb_ruleset.skills[s].compiled.hooks}
    fired_skills = {ref.split("/", 1)[1] for ref in fired if ref.startswith("ability/")}
    # most of the skills the lists start with come into play in 21 matches (the rest need
    # rarer moments: a Hail Mary Pass, a Leap, a Kick-Off Return…)
    assert len(fired_skills & with_rules) >= 0.6 * len(with_rules), sorted(
        with_rules - fired_skills)


@pytest.mark.slow
def test_every_ordered_pair_of_team_lists_plays(bb_ruleset) -> None:
    teams = sorted(bb_ruleset.teams)
    fired: set[str] = set()
    for i, home in enumerate(teams):
        for j, away in enumerate(teams):
            play(bb_ruleset, home, away, i * len(teams) + j, fired)
