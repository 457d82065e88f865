"""A Blitz Bowl league between bots (000_ff9920886d8c191d.txt, League rules and awards).

Every coach plays 10 matches; two coaches meet again only once each has met every other
coach. Results score 3/1/0; each coach's roster tracks Challenge cards claimed and
opposing players injured. After each league match both coaches roll 2D8 for a Coach Trait
(a duplicate means choosing one not held). Then the top two play a final, or the top eight
play quarter-finals, semi-finals (the losers play for third place) and a final, each round
pairing the most league points with the fewest (ruling knockout-semi-final-pairing);
knockout matches score no league points and a draw goes on (Game option `knockout`; the
third-place match too, ruling knockout-third-place-draw). The awards read the rosters of
the league matches only (ruling league-injuries-caused).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nuffle.interpreter.blitz_bowl.game import Game, Options, Result
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.bots import BOTS, make_agents
from nuffle.interpreter.decisions import Decision
from nuffle.interpreter.dice import Dice


@dataclass
class RosterLine:
    opponent: str
    result: str  # W / D / L
    points: int
    cards_claimed: int
    injuries_caused: int
    score: str


@dataclass
class Coach:
    name: str
    team: str
    bot: str
    roster: list[RosterLine] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)

    @property
    def league_points(self) -> int:
        return sum(line.points for line in self.roster)

    @property
    def cards_claimed(self) -> int:
        return sum(line.cards_claimed for line in self.roster)

    @property
    def injuries_caused(self) -> int:
        return sum(line.injuries_caused for line in self.roster)


@dataclass
class Knockout:
    stage: str
    home: str
    away: str
    winner: str
    score: str


class StoppedByRules(Exception):  # noqa: N818 - a signal carrying the match
    """A match its rules stopped (a limit of the engine): the league cannot go on with content
    that breaks the engine."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.error.get("message") if result.error else "")
        self.result = result


@dataclass
class LeagueResult:
    coaches: list[Coach]
    table: list[Coach]
    knockouts: list[Knockout]
    champion: str
    awards: list[tuple[str, list[str]]]


def fixtures(names: list[str], matches: int) -> list[tuple[str, str]]:
    """Rounds of a circle-method round robin, repeated until everyone has ``matches``.

    Within each pass of the circle everyone meets everyone once, so no pair meets again
    before each has met every other coach. A pairing is skipped once either coach has
    played all their matches.
    """
    ring = list(names) + ([None] if len(names) % 2 else [])
    n = len(ring)
    played = dict.fromkeys(names, 0)
    out: list[tuple[str, str]] = []
    for r in range(matches * n * 2):
        if all(v >= matches for v in played.values()):
            break
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None or played[a] >= matches or played[b] >= matches:
                continue
            out.append((a, b) if r % 2 == 0 else (b, a))
            played[a] += 1
            played[b] += 1
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


class League:
    def __init__(self, ruleset: Ruleset, coaches: list[Coach], seed: int = 1,
                 options: Options | None = None, knockout: str = "final") -> None:
        self.ruleset = ruleset
        self.coaches = coaches
        self.by_name = {c.name: c for c in coaches}
        self.seed = seed
        self.options = options or Options()
        self.knockout = knockout  # "final" | "quarter-finals"
        self.matches = int(ruleset.league.get("matches", 10))
        points = ruleset.league.get("points", {"win": 3, "draw": 1, "loss": 0})
        self.points = {"W": points["win"], "D": points["draw"], "L": points["loss"]}
        self.dice = Dice(seed * 7919 + 17)  # the league's own dice: the trait rolls
        self.game_count = 0

    def play_match(self, home: Coach, away: Coach, knockout: bool) -> Result:
        self.game_count += 1
        seed = self.seed * 100_003 + self.game_count
        agents = make_agents(home.bot, away.bot, seed)
        options = Options(pitch=self.options.pitch, special_balls=self.options.special_balls,
                          endgame=self.options.endgame, knockout=knockout,
                          home_traits=list(home.traits), away_traits=list(away.traits))
        result = Game(self.ruleset, home.team, away.team, agents, seed=seed,
                      options=options).play()
        if result.error is not None:
            raise StoppedByRules(result)
        return result

    def run(self) -> LeagueResult:
        for a, b in fixtures([c.name for c in self.coaches], self.matches):
            home, away = self.by_name[a], self.by_name[b]
            result = self.play_match(home, away, knockout=False)
            # the roster: every opposing player injured counts, whatever injured them
            # (Injuries Caused; ruling league-injuries-caused)
            for coach, side, other in ((home, "home", away), (away, "away", home)):
                outcome = "D" if result.winner is None else "W" if result.winner == side else "L"
                theirs = "away" if side == "home" else "home"
                coach.roster.append(RosterLine(other.name, outcome, self.points[outcome],
                                               result.cards_claimed[side],
                                               result.injuries_caused[side],
                                               f"{result.score[side]}-{result.score[theirs]}"))
            for coach in (home, away):
                self.gain_trait(coach)
        table = self.standings()
        knockouts = self.finals(table)
        return LeagueResult(self.coaches, table, knockouts, knockouts[-1].winner
                            if knockouts else table[0].name, self.awards())

    def gain_trait(self, coach: Coach) -> None:
        """2D8 on the Coach Traits table; a duplicate lets the coach choose one not held."""
        roll = self.dice.roll(8, "coach trait") + self.dice.roll(8, "coach trait")
        trait = self.ruleset.trait_rolls.get(roll)
        if trait is None:
            return
        if trait in coach.traits:
            free = sorted(t for t in self.ruleset.traits if t not in coach.traits)
            if not free:
                return
            bot = BOTS[coach.bot](self.seed + len(coach.traits))
            trait = free[bot.decide(Decision("trait", "home", free, free), None)]
        coach.traits.append(trait)

    def standings(self) -> list[Coach]:
        """League points, then Challenge cards claimed, then injuries caused (ruling
        league-tiebreaks), then name."""
        return sorted(self.coaches, key=lambda c: (-c.league_points, -c.cards_claimed,
                                                   -c.injuries_caused, c.name))

    def decide_knockout(self, stage: str, a: Coach, b: Coach) -> tuple[Coach, Coach, Knockout]:
        """A knockout match (``a`` at home): a draw goes on (Game option `knockout`)."""
        result = self.play_match(a, b, knockout=True)
        winner, loser = (a, b) if result.winner == "home" else (b, a)
        score = f"{result.score['home']}-{result.score['away']}"
        if result.winner is None:  # still level when the game had to stop (round cap):
            # the higher league seed goes through (ruling game-length-cap)
            seeds = self.standings()  # the league table: knockout matches never change it
            winner, loser = (a, b) if seeds.index(a) < seeds.index(b) else (b, a)
            score += " (higher seed goes through)"
        return winner, loser, Knockout(stage, a.name, b.name, winner.name, score)

    def finals(self, table: list[Coach]) -> list[Knockout]:
        out: list[Knockout] = []
        if len(table) < 2:
            return out
        if self.knockout == "quarter-finals" and len(table) >= 8:
            seeds = table[:8]
            quarter = []
            for i in range(4):  # highest against lowest
                winner, _, k = self.decide_knockout("quarter-final", seeds[i], seeds[7 - i])
                quarter.append(winner)
                out.append(k)
            # the semi-finals pair the winners the same way: most league points against the
            # fewest (League rules, Coach Traits: "To allocate the coaches their opponents in
            # the quarter- and semi-finals"; ruling knockout-semi-final-pairing)
            order = sorted(quarter, key=table.index)
            semi_winners, semi_losers = [], []
            for i in range(2):
                winner, loser, k = self.decide_knockout("semi-final", order[i], order[3 - i])
                semi_winners.append(winner)
                semi_losers.append(loser)
                out.append(k)
            # played as a knockout match: a draw goes on (ruling knockout-third-place-draw)
            out.append(self.decide_knockout("third place", *semi_losers)[2])
            out.append(self.decide_knockout("final", *semi_winners)[2])
            return out
        out.append(self.decide_knockout("final", table[0], table[1])[2])
        return out

    def awards(self) -> list[tuple[str, list[str]]]:
        """The League awards, from the rosters (league matches only: the knockout matches are
        "separate to the league itself"; ruling league-injuries-caused)."""
        measures = {"league-points": lambda c: c.league_points,
                    "injuries-caused": lambda c: c.injuries_caused,
                    "challenge-cards-claimed": lambda c: c.cards_claimed}
        out = []
        for award in self.ruleset.league.get("awards", []):
            measure = measures[award["measure"]]
            values = [measure(c) for c in self.coaches]
            best = max(values) if award["pick"] == "most" else min(values)
            out.append((award["name"], [c.name for c in self.coaches if measure(c) == best]))
        return out
