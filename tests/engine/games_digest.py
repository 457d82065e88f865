"""Digests of many games, printed as JSON: run by test_compiled_engine.py in a command of
its own with each engine (NUFFLE_ENGINE=pure or compiled), which must print the same.

    python tests/engine/games_digest.py GAMES

Blitz Bowl: random- and greedy-bot games over every team, with and without special balls,
the endgame and coach traits; each game's whole log, its result and its rule tallies (how
often each hook fired, was offered and accepted). Blood Bowl: matches with both tables
(its rules run on the compiled core). Each figure hashes every byte, so one decision, roll
or log line played otherwise changes it."""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import asdict

from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
from nuffle.interpreter.blood_bowl.match import Match
from nuffle.interpreter.blood_bowl.match import Options as MatchOptions
from nuffle.interpreter.blood_bowl.ruleset import load_ruleset as load_blood_bowl
from nuffle.interpreter.bots import GreedyBot, RandomBot
from nuffle.interpreter.compiled_finder import engine_in_use
from nuffle.interpreter.gamelog import play_logged


def blitz_bowl(games: int) -> tuple[str, str]:
    ruleset = load_ruleset()
    teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
    logs, results = hashlib.sha256(), hashlib.sha256()
    for seed in range(games):
        home, away = teams[seed % len(teams)], teams[(seed * 7 + 3) % len(teams)]
        bot = RandomBot if seed % 2 else GreedyBot

        def options(seed: int = seed) -> Options:
            return Options(special_balls=bool(seed % 3), endgame=seed % 5 == 0,
                           home_traits=traits[seed % 15:seed % 15 + 3],
                           away_traits=traits[(seed + 5) % 15:(seed + 5) % 15 + 2])

        game = Game(ruleset, home, away, {"home": bot(seed), "away": bot(seed + 1)},
                    seed=seed, options=options())
        logs.update(play_logged(game, {"home": "x", "away": "x"})[1].encode())
        game = Game(ruleset, home, away, {"home": bot(seed), "away": bot(seed + 1)},
                    seed=seed, options=options())
        results.update(json.dumps(asdict(game.play()), sort_keys=True).encode())
        tally = game.tally
        results.update(repr([sorted(tally.fired.items()), sorted(tally.offered.items()),
                             sorted(tally.accepted.items()), sorted(tally.present)]).encode())
    return logs.hexdigest(), results.hexdigest()


def blood_bowl(matches: int) -> str:
    ruleset = load_blood_bowl()
    teams = sorted(ruleset.teams)
    logs = hashlib.sha256()
    for seed in range(matches):
        home, away = teams[seed % len(teams)], teams[(seed * 5 + 1) % len(teams)]
        bot = RandomBot if seed % 2 else BloodBowlGreedyBot
        match = Match(ruleset, home, away, {"home": bot(seed), "away": bot(seed + 1)},
                      seed=seed, options=MatchOptions(tables="bb2020" if seed % 2 else "pbbl"))
        logs.update(play_logged(match, {"home": "x", "away": "x"})[1].encode())
    return logs.hexdigest()


if __name__ == "__main__":
    games = int(sys.argv[1])
    logs, results = blitz_bowl(games)
    print(json.dumps({"engine": engine_in_use(), "blitz-bowl-logs": logs,
                      "blitz-bowl-results": results,
                      "blood-bowl-logs": blood_bowl(max(2, games // 10))}))
