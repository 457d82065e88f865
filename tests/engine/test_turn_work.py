"""The bookkeeping around the actions, counted (issue 16): the legal actions' Reserves
square asked once per decision, the turn's history scanned at a turn's end only when Get
On With It! could be due, a discarded card's name made only for a reader, no list of the
players on the pitch made at a turn's start, a card's claim condition looked up once a
game, no look for what ends with a scope while
nothing lasts until one. No clock is read: the counts come from
wrapping what does the work.
"""

from __future__ import annotations

import pytest
from nuffle.interpreter.blitz_bowl import actions, challenges
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.search import WORK
from nuffle.interpreter.blitz_bowl.state import Team
from nuffle.interpreter.bots import GreedyBot, RandomBot

SEEDS = [(5, RandomBot), (6, GreedyBot), (11, RandomBot)]


def _game(ruleset, seed: int, bot) -> Game:
    teams = sorted(ruleset.teams)
    return Game(ruleset, teams[seed % len(teams)], teams[(seed * 7 + 3) % len(teams)],
                {"home": bot(seed), "away": bot(seed + 1)}, seed=seed, options=Options())


class CountedHistory(list):
    """A turn's history that counts the times it is walked from its start."""

    walks = 0

    def __iter__(self):
        CountedHistory.walks += 1
        return super().__iter__()


class CountedDict(dict):
    """What lasts until a scope ends, counting the looks for what ends and the keeps."""

    pops = keeps = 0

    def pop(self, *args):
        CountedDict.pops += 1
        return super().pop(*args)

    def setdefault(self, *args):
        CountedDict.keeps += 1
        return super().setdefault(*args)


UNRECORDED = {("after", "claim-step"), ("after", "setup"), ("modify", "setup-zone"),
              ("before", "emergency-reserves")}


@pytest.mark.parametrize(("seed", "bot"), SEEDS)
def test_an_event_not_recorded_makes_no_payload_when_no_hook_is_on_it(ruleset, monkeypatch,
                                                                       seed, bot) -> None:
    """The turn loop's events that go into no history (a Claim step, set-up, Emergency
    Reserves) are fired only when some hook is on them: the payload is for hooks only."""
    fired = {"with_hook": 0, "for_nobody": 0}

    def counting(timing: str):
        real = getattr(Game, timing)

        def fire(self: Game, event: str, *args, **kwargs):
            if (timing, event) in UNRECORDED:
                bucket = self.hooks.get(event, timing)
                fired["with_hook" if bucket else "for_nobody"] += 1
            return real(self, event, *args, **kwargs)
        return fire

    for timing in ("before", "after", "modify"):
        monkeypatch.setattr(Game, timing, counting(timing))
    _game(ruleset, seed, bot).play()
    assert fired["for_nobody"] == 0


@pytest.mark.parametrize(("seed", "bot"), SEEDS)
def test_a_turn_costs_no_scan_nor_list_it_does_not_need(ruleset, monkeypatch, seed,
                                                         bot) -> None:
    counts = {"reserve_asks": 0, "card_names": 0, "team_lists": 0, "turns": 0,
              "gowi_due": 0}
    real_free = actions.has_free_end_zone_square

    def free_square(g: Game, team: Team) -> bool:
        counts["reserve_asks"] += 1
        return real_free(g, team)

    real_name = challenges.card_name

    def card_name(card):
        counts["card_names"] += 1
        return real_name(card)

    real_rule = challenges.claim_rule
    looked_up: list[str] = []

    def claim_rule(g: Game, item: str):
        looked_up.append(item)
        return real_rule(g, item)

    real_reset = Game.reset_turn

    def reset_turn(self: Game, team: Team) -> None:
        real_reset(self, team)
        counts["turns"] += 1
        self.turn_history = CountedHistory()

    real_still = Game.still_in_possession

    def still(self: Game, team: Team) -> bool:
        held = real_still(self, team)
        counts["gowi_due"] += held  # asked only when the turn started holding every ball
        return held

    def team_list(self: Team) -> list:
        counts["team_lists"] += 1
        return [p for p in self.players if p.square is not None]

    monkeypatch.setattr(actions, "has_free_end_zone_square", free_square)
    monkeypatch.setattr(challenges, "card_name", card_name)
    monkeypatch.setattr(challenges, "claim_rule", claim_rule)
    monkeypatch.setattr(Game, "reset_turn", reset_turn)
    monkeypatch.setattr(Game, "still_in_possession", still)
    monkeypatch.setattr(Team, "players_on_pitch", property(team_list))
    monkeypatch.setattr(Team, "dugout", property(team_list))
    CountedHistory.walks = CountedDict.pops = CountedDict.keeps = 0
    game = _game(ruleset, seed, bot)
    game.scope_undos, game.hooks.expiring = CountedDict(), CountedDict()
    WORK.reset()
    game.play()
    assert counts["turns"] > 10 and WORK.legal_rebuilds > 20  # a real game
    # at most one look at the end zone per decision, not one per player in the Dugout
    assert counts["reserve_asks"] <= WORK.legal_rebuilds
    # the turn's history walked for a claim only at the ends of turns Get On With It!
    # could come at (started and ended holding every ball), not at every turn's end
    assert CountedHistory.walks <= counts["gowi_due"] < counts["turns"]
    # a card's claim condition looked up once per card of the game, not at each Claim step
    # (three active cards were looked at after each action: several times a turn)
    assert looked_up and len(looked_up) == len(set(looked_up)) < counts["turns"]
    # a card's name only for the points of a claim (the ledger), none for a discard
    assert counts["card_names"] == sum(game.claims.values())
    # the end of an action or a turn looks for what ends with it only while something
    # lasts until a scope's end, not at every one of the game's ends of scopes
    assert CountedDict.pops <= CountedDict.keeps
    # a turn's start counts the players on the pitch without making a list of them (the
    # lists made are Emergency Reserves' choices, not one a turn)
    assert counts["team_lists"] < counts["turns"] / 4


@pytest.mark.parametrize(("seed", "bot"), SEEDS)
def test_set_up_looks_for_an_end_zone_s_free_squares_once_per_team(ruleset, monkeypatch,
                                                                    seed, bot) -> None:
    """With no rule changing where a team sets up, its end zone's free squares are worked
    out once for the team (each player placed takes one away), not again for each player;
    the squares offered are those a look before each player would give."""
    looks: list[Team] = []
    real = Game.setup_squares

    def counted(self, team, zone):
        looks.append(team)
        return real(self, team, zone)

    monkeypatch.setattr(Game, "setup_squares", counted)
    game = _game(ruleset, seed, bot)
    offered: list[tuple[list[int], list[int]]] = []

    def listen(kind: str, data) -> None:
        decision = data[0] if kind == "decision" else data
        if kind in ("decision", "settled") and decision.kind == "setup":
            team = game.home if decision.team == "home" else game.away
            offered.append((list(decision.options), real(game, team, "end-zone")))

    game.listeners.append(listen)
    game.setup()
    assert len(offered) == sum(len(t.players) for t in game.teams)
    assert all(given == fresh for given, fresh in offered)
    assert looks == [game.first, game.first.opponent]


@pytest.mark.parametrize(("seed", "bot"), SEEDS)
def test_a_turn_remakes_the_bonus_plays_played_only_after_one_was(ruleset, seed, bot) -> None:
    """A new turn's set of Bonus Plays played is made only when the last turn played one
    (most turns play none): the kept, empty one is as good as a new one."""
    game = _game(ruleset, seed, bot)
    made: list[dict] = []  # (kept alive: an id is not used again)
    plays = [0]

    def listen(kind: str, data) -> None:
        if kind == "event" and data[0] == "turn-start":
            assert not game.bonus_played["home"] and not game.bonus_played["away"]
            if not any(kept is game.bonus_played for kept in made):
                made.append(game.bonus_played)
        if kind == "event" and data[0] == "bonus-play":
            plays[0] += 1

    game.listeners.append(listen)
    game.play()
    assert game.turn_index > 10
    assert len(made) <= 1 + plays[0]
