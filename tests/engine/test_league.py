"""The league: fixtures, knockouts, coach traits, points and awards (League rules)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from nuffle.interpreter.blitz_bowl.game import Result
from nuffle.interpreter.league import Coach, League, fixtures
from nuffle.interpreter.scenario import run_scenario

MATCHES = 10


def opponents(schedule: list[tuple[str, str]], coach: str) -> list[str]:
    return [b if a == coach else a for a, b in schedule if coach in (a, b)]


@pytest.mark.parametrize("count", range(3, 10))
def test_fixtures_give_everyone_ten_matches_without_early_rematches(count) -> None:
    names = [f"coach-{i}" for i in range(1, count + 1)]
    schedule = fixtures(names, MATCHES)
    assert all(a != b for a, b in schedule)
    assert all(a in names and b in names for a, b in schedule)
    # 10 matches each is possible for any number of coaches (10 * n is even)
    assert Counter(c for pair in schedule for c in pair) == dict.fromkeys(names, MATCHES)
    assert len(schedule) == count * MATCHES // 2
    for coach in names:
        seq = opponents(schedule, coach)
        others = set(names) - {coach}
        # no rematch until every other coach has been met: any n-1 consecutive opponents
        # are all different (so each full block of n-1 is every other coach once)
        width = count - 1
        for i in range(len(seq)):
            window = seq[i:i + width]
            assert len(set(window)) == len(window), (coach, seq)
        for i in range(0, len(seq) - width + 1, width):
            assert set(seq[i:i + width]) == others, (coach, seq)
        # the rule as written: between two meetings with X, every other coach was met
        last: dict[str, int] = {}
        for j, opp in enumerate(seq):
            if opp in last:
                assert set(seq[last[opp] + 1:j]) == others - {opp}, (coach, seq)
            last[opp] = j


class RecordingLeague(League):
    """Notes each match's coaches and the traits they bring to it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.played: list[tuple[str, str, bool, int, int]] = []

    def play_match(self, home, away, knockout):
        self.played.append((home.name, away.name, knockout, len(home.traits), len(away.traits)))
        return super().play_match(home, away, knockout)


@pytest.fixture(scope="module")
def quarter_final_league(ruleset):
    teams = sorted(ruleset.teams)
    coaches = [Coach(f"coach-{i + 1}", teams[i], ("greedy", "random")[i % 2]) for i in range(8)]
    league = RecordingLeague(ruleset, coaches, seed=3, knockout="quarter-finals")
    return league, league.run()


def test_the_table_is_ordered_by_points_then_cards_then_injuries(quarter_final_league) -> None:
    """Ruling league-tiebreaks, in a league played out: the table is in that order."""
    _, result = quarter_final_league
    keys = [(-c.league_points, -c.cards_claimed, -c.injuries_caused, c.name)
            for c in result.table]
    assert keys == sorted(keys)
    assert sorted(c.name for c in result.table) == sorted(c.name for c in result.coaches)


def test_league_tiebreaks_cards_then_injuries_then_name_and_shared_awards(ruleset) -> None:
    """Ruling league-tiebreaks: coaches level on league points are ranked by Challenge cards
    claimed, then by opposing players injured, then by coach name; an award shared on a tie
    goes to every coach in it. Four coaches on 4 points: carl claimed the most cards; anna,
    bert and dora claimed the same, anna and bert injured more than dora, and anna comes
    before bert by name. The top two (who play the final) are emma and carl."""
    from nuffle.interpreter.league import RosterLine

    def coach(name: str, points: int, cards: int, injuries: int) -> Coach:
        c = Coach(name, "human", "greedy")
        c.roster.append(RosterLine("someone", "W", points, cards, injuries, "3-0"))
        return c

    coaches = [coach("dora", 4, 2, 1), coach("bert", 4, 2, 5), coach("emma", 6, 0, 0),
               coach("anna", 4, 2, 5), coach("carl", 4, 3, 0), coach("finn", 1, 3, 5)]
    league = League(ruleset, coaches)
    assert [c.name for c in league.standings()] == ["emma", "carl", "anna", "bert", "dora",
                                                     "finn"]
    awards = dict(league.awards())
    assert awards["Legbreaker’s King of Carnage Award"] == ["bert", "anna", "finn"]
    assert awards["The Bugman’s XXXXXX Challenger Award"] == ["carl", "finn"]
    assert awards["The Cabalvision Master of the Crush Award"] == ["emma"]


def test_quarter_finals_semi_finals_third_place_and_final(quarter_final_league) -> None:
    league, result = quarter_final_league
    table = [c.name for c in result.table]
    stages = [k.stage for k in result.knockouts]
    assert stages == ["quarter-final"] * 4 + ["semi-final"] * 2 + ["third place", "final"]
    quarters, semis = result.knockouts[:4], result.knockouts[4:6]
    third, final = result.knockouts[6], result.knockouts[7]
    # 1st v 8th, 2nd v 7th, 3rd v 6th, 4th v 5th
    assert [(k.home, k.away) for k in quarters] == [(table[i], table[7 - i]) for i in range(4)]
    for k in result.knockouts:
        assert k.winner in (k.home, k.away)
    # the semi-finals pair the best remaining seed with the worst
    through = sorted((k.winner for k in quarters), key=table.index)
    assert [(k.home, k.away) for k in semis] == [(through[0], through[3]),
                                                 (through[1], through[2])]
    semi_winners = [k.winner for k in semis]
    semi_losers = [k.home if k.winner == k.away else k.away for k in semis]
    assert {third.home, third.away} == set(semi_losers)
    assert {final.home, final.away} == set(semi_winners)
    assert result.champion == final.winner
    # 40 league matches, then 8 knockout matches (which are played as knockouts)
    assert [m[2] for m in league.played] == [False] * 40 + [True] * 8


def test_coaches_gain_at_most_one_trait_per_league_match_and_no_duplicate(
        ruleset, quarter_final_league) -> None:
    league, result = quarter_final_league
    before: dict[str, list[int]] = {c.name: [] for c in result.coaches}
    knockout_traits: dict[str, set[int]] = {c.name: set() for c in result.coaches}
    for home, away, knockout, home_traits, away_traits in league.played:
        for name, held in ((home, home_traits), (away, away_traits)):
            if knockout:
                knockout_traits[name].add(held)
            else:
                before[name].append(held)
    for coach in result.coaches:
        counts = before[coach.name]
        assert len(counts) == MATCHES
        # traits held before the k-th league match (k from 0): at most k, never fewer later
        assert counts[0] == 0
        for k in range(1, MATCHES):
            assert counts[k] - counts[k - 1] in (0, 1), (coach.name, counts)
        assert len(coach.traits) - counts[-1] in (0, 1)
        assert len(coach.traits) == len(set(coach.traits)) <= MATCHES
        assert set(coach.traits) <= set(ruleset.traits)
        # no trait comes from a knockout match
        assert knockout_traits[coach.name] <= {len(coach.traits)}
    # every 2D8 total (2-16) is on the table and a duplicate is swapped for a trait not held
    # (15 traits, 10 matches), so every league match gives a trait
    assert set(ruleset.trait_rolls) == set(range(2, 17)) and len(ruleset.traits) >= MATCHES
    assert all(len(c.traits) == MATCHES for c in result.coaches)


def test_league_points_are_three_per_win_and_one_per_draw(quarter_final_league) -> None:
    _, result = quarter_final_league
    for coach in result.coaches:
        assert len(coach.roster) == MATCHES
        wins = sum(line.result == "W" for line in coach.roster)
        draws = sum(line.result == "D" for line in coach.roster)
        assert coach.league_points == 3 * wins + draws
        for line in coach.roster:
            ours, theirs = (int(s) for s in line.score.split("-"))
            expected = "W" if ours > theirs else "L" if ours < theirs else "D"
            assert line.result == expected, (coach.name, line)


def test_both_rosters_record_each_league_match_the_same_way(quarter_final_league) -> None:
    _, result = quarter_final_league
    by_name = {c.name: c for c in result.coaches}
    seen: Counter = Counter()
    for coach in result.coaches:
        for line in coach.roster:
            other = by_name[line.opponent]
            k = seen[(coach.name, other.name)]
            seen[(coach.name, other.name)] += 1
            mirror = [x for x in other.roster if x.opponent == coach.name][k]
            assert {line.result, mirror.result} in ({"W", "L"}, {"D"})
            assert mirror.score == "-".join(reversed(line.score.split("-")))


def test_award_winners_have_the_extreme_values(ruleset, quarter_final_league) -> None:
    _, result = quarter_final_league
    measures = {"league-points": lambda c: c.league_points,
                "injuries-caused": lambda c: sum(r.injuries_caused for r in c.roster),
                "challenge-cards-claimed": lambda c: sum(r.cards_claimed for r in c.roster)}
    awards = ruleset.league["awards"]
    assert [name for name, _ in result.awards] == [a["name"] for a in awards]
    for (name, winners), award in zip(result.awards, awards, strict=True):
        value = measures[award["measure"]]
        pick = max if award["pick"] == "most" else min
        best = pick(value(c) for c in result.coaches)
        assert winners, name
        assert sorted(winners) == sorted(c.name for c in result.coaches if value(c) == best)


# -- the finals, match by match (stubbed results: fast and exact) ----------------------------

SEMI_FINALISTS = {"coach-1", "coach-7", "coach-3", "coach-5"}  # who wins each quarter-final


class StubLeague(League):
    """League matches: the lower-numbered coach wins and the loser injures one opposing
    player. Quarter-finals: SEMI_FINALISTS win. Semi-finals: coach-1 and coach-5 win. The
    final is won by the home coach; the third-place match is still level when it is stopped
    (ruling game-length-cap). Each knockout match injures 100 of the home coach's opponents."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.played: list[tuple[str, str, bool]] = []

    def play_match(self, home, away, knockout):
        self.played.append((home.name, away.name, knockout))
        if not knockout:
            home_wins = int(home.name.split("-")[1]) < int(away.name.split("-")[1])
            injuries = {"home": 0 if home_wins else 1, "away": 1 if home_wins else 0}
        else:
            stage = len([m for m in self.played if m[2]])
            if stage <= 4:
                home_wins = home.name in SEMI_FINALISTS
            elif stage <= 6:
                home_wins = home.name in ("coach-1", "coach-5") or \
                    away.name not in ("coach-1", "coach-5")
            elif stage == 7:  # the third-place match: level at the round cap
                return Result(None, {"home": 4, "away": 4}, "round cap", 60, {}, {}, {}, 0)
            else:
                home_wins = True
            injuries = {"home": 100, "away": 0}
        winner = "home" if home_wins else "away"
        score = {"home": 5, "away": 2} if home_wins else {"home": 2, "away": 5}
        return Result(winner, score, "last card", 12, {"home": 0, "away": 0},
                      {"home": 0, "away": 0}, injuries, 0)


@pytest.fixture(scope="module")
def stub_league(ruleset):
    teams = sorted(ruleset.teams)
    coaches = [Coach(f"coach-{i + 1}", teams[i], "greedy") for i in range(8)]
    league = StubLeague(ruleset, coaches, seed=1, knockout="quarter-finals")
    return league, league.run()


def test_semi_finals_pair_the_most_league_points_with_the_fewest(stub_league) -> None:
    """Ruling knockout-semi-final-pairing: the quarter-final winners coach-1, coach-7, coach-3
    and coach-5 (by league points 1st, 7th, 3rd, 5th) meet 1st v 7th and 3rd v 5th, not as
    a bracket (1st v 5th, 7th v 3rd)."""
    _, result = stub_league
    assert [c.name for c in result.table] == [f"coach-{i}" for i in range(1, 9)]
    quarters, semis = result.knockouts[:4], result.knockouts[4:6]
    assert [(k.home, k.away, k.winner) for k in quarters] == [
        ("coach-1", "coach-8", "coach-1"), ("coach-2", "coach-7", "coach-7"),
        ("coach-3", "coach-6", "coach-3"), ("coach-4", "coach-5", "coach-5")]
    assert [(k.home, k.away) for k in semis] == [("coach-1", "coach-7"), ("coach-3", "coach-5")]
    assert [k.winner for k in semis] == ["coach-1", "coach-5"]


def test_the_third_place_match_is_a_knockout_match(stub_league) -> None:
    """Ruling knockout-third-place-draw: a drawn match for third place goes on like the
    other knockout matches (Game option `knockout`)."""
    league, result = stub_league
    third = result.knockouts[6]
    assert third.stage == "third place" and {third.home, third.away} == {"coach-7", "coach-3"}
    assert (third.home, third.away, True) in league.played


def test_a_knockout_match_stopped_level_goes_to_the_higher_seed(stub_league) -> None:
    """Ruling game-length-cap: the third-place match, coach-7 at home against coach-3, is
    still level at the cap: coach-3, higher in the league table, finishes third (the home
    coach does not)."""
    _, result = stub_league
    third, final = result.knockouts[6], result.knockouts[7]
    assert (third.home, third.away, third.winner) == ("coach-7", "coach-3", "coach-3")
    assert third.score == "4-4 (higher seed goes through)"
    assert (final.home, final.away, final.winner) == ("coach-1", "coach-5", "coach-1")
    assert result.champion == "coach-1"


def test_king_of_carnage_counts_the_league_matches_only(stub_league) -> None:
    """Ruling league-injuries-caused: the rosters hold the league matches only, so the 100
    injuries of each knockout match count for no award; coach-8 lost (and injured one
    opponent in) each of their 10 league matches."""
    _, result = stub_league
    by_name = {c.name: c for c in result.coaches}
    assert by_name["coach-8"].injuries_caused == MATCHES
    assert by_name["coach-1"].injuries_caused == 0
    assert dict(result.awards)["Legbreaker’s King of Carnage Award"] == ["coach-8"]


@pytest.mark.parametrize(("scenario", "caused"), [
    ("table-block-dice-kerrunch", {"home": 1, "away": 0}),  # a Block by a home player
    ("rules-trapdoor-injury", {"home": 0, "away": 1}),  # a trapdoor, on the home turn
    ("ball-bomb-ball", {"home": 0, "away": 1}),  # a special ball, no attacker
])
def test_every_injury_of_an_opposing_player_is_on_the_roster(ruleset, scenario, caused) -> None:
    """Ruling league-injuries-caused: the roster marks every opposing player injured,
    whatever injured them; the league copies the game's count onto the rosters."""
    path = Path(__file__).resolve().parents[2] / "content" / "blitz-bowl" / "scenarios"
    run = run_scenario(ruleset, yaml.safe_load((path / f"{scenario}.yaml").read_text()))
    assert not run.failures, run.failures
    assert run.game.result(None, "stopped").injuries_caused == caused
