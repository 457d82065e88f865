"""`nuffle kickoff`: set up two Blood Bowl teams, kick off, and tell what the Kick-Off table
did: a quick way to see the tables working."""

from __future__ import annotations

import argparse
import sys

from nuffle.cli.arguments import SEED_MAX, seed_number
from nuffle.cli.engine_common import (
    add_content_option,
    add_game_choice,
    add_lang_option,
    bots,
    content_paths,
    game_words,
    options_for,
    pick_game,
    team_id,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "kickoff",
        help="set up two Blood Bowl teams, kick off, and tell what the Kick-Off table did",
        description="Roll the weather, toss the coin, set up both teams and kick off, then "
                    "stop: the play-by-play shows the weather and the Kick-Off table's result "
                    "doing what its text says, and the pitch as the kick-off left it. The same "
                    "seed gives the same kick-off.",
    )
    p.add_argument("--home", default="human", metavar="TEAM",
                   help="the home team's id (default: %(default)s)")
    p.add_argument("--away", default="orc", metavar="TEAM",
                   help="the away team's id (default: %(default)s)")
    p.add_argument("--seed", type=seed_number, default=1,
                   help=f"the dice seed, 0 to {SEED_MAX} (default: 1)")
    p.add_argument("--bots", default="greedy,greedy", metavar="HOME,AWAY",
                   help="the bot for each coach: random, greedy (default: %(default)s)")
    add_game_choice(p)
    add_content_option(p)
    add_lang_option(p)
    p.set_defaults(run=lambda args: run(args, p), game=None)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.interpreter.blood_bowl.narrate import render_pitch
    from nuffle.interpreter.bots import make_agents
    from nuffle.interpreter.games import rules
    if args.game not in (None, "blood-bowl"):
        parser.error("the kick-off table is Blood Bowl's: --game blood-bowl")
    args.game = "blood-bowl"
    extra = content_paths(parser, args)
    game_id, ruleset = pick_game(parser, args, extra, args.home, args.away)
    game_rules = rules(game_id)
    home = team_id(parser, ruleset, args.home, "--home")
    away = team_id(parser, ruleset, args.away, "--away")
    pair = bots(parser, args.bots, game_rules.BOTS)
    agents = make_agents(pair[0], pair[1], args.seed, game_rules.BOTS)
    match = game_rules.new_game(ruleset, home, away, agents, args.seed,
                                options_for(parser, game_id, ruleset, args))
    words = game_words(game_id, args.lang)
    out = sys.stdout
    out.write(game_rules.start_line(words, match, pair, args.seed) + "\n")
    match.listeners.append(game_rules.narrator(match, lambda line: out.write(line + "\n"),
                                               words))
    game_rules.kick_off_only(match)
    out.write("\n" + render_pitch(match, words) + "\n")
    return 0
