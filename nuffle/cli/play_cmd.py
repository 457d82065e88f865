"""`nuffle play`: one game between two bots, told turn by turn with the board."""

from __future__ import annotations

import argparse
import sys

from nuffle.cli.arguments import SEED_MAX, output_file, seed_number
from nuffle.cli.engine_common import (
    add_game_options,
    add_lang_option,
    bots,
    content_paths,
    game_words,
    options_for,
    pick_game,
    rules_error,
    team_id,
)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play one game between bots and tell it turn by turn",
        description="Play one game of Blitz Bowl Season 2, or one match of Blood Bowl (PBBL "
                    "1.10, --game blood-bowl), between two bots: a play-by-play narrative "
                    "and an ASCII board after each turn. The same seed gives the same game, "
                    "byte for byte. --log writes a replayable JSON Lines log.",
    )
    p.add_argument("--home", required=True, metavar="TEAM", help="the home team's id")
    p.add_argument("--away", required=True, metavar="TEAM", help="the away team's id")
    p.add_argument("--seed", type=seed_number, default=1,
                   help=f"the dice seed, 0 to {SEED_MAX} (default: 1)")
    p.add_argument("--log", metavar="FILE", type=output_file,
                   help="write the game log (JSON Lines) here; its folder must exist (checked "
                        "before the game is played)")
    p.add_argument("--debug", action="store_true",
                   help="check the game's invariants after every step")
    add_game_options(p)
    add_lang_option(p)
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.interpreter.bots import make_agents
    from nuffle.interpreter.gamelog import LogWriter
    from nuffle.interpreter.games import rules
    extra = content_paths(parser, args)
    game_id, ruleset = pick_game(parser, args, extra, args.home, args.away)
    game_rules = rules(game_id)
    home = team_id(parser, ruleset, args.home, "--home")
    away = team_id(parser, ruleset, args.away, "--away")
    home_bot, away_bot = bots(parser, args.bots, game_rules.BOTS)
    options = options_for(parser, game_id, ruleset, args)
    agents = make_agents(home_bot, away_bot, args.seed, game_rules.BOTS)
    game = game_rules.new_game(ruleset, home, away, agents, args.seed, options)
    out = sys.stdout
    words = game_words(game_id, args.lang)
    out.write(game_rules.start_line(words, game, (home_bot, away_bot), args.seed) + "\n")
    game.listeners.append(game_rules.narrator(game, lambda line: out.write(line + "\n"), words))
    log_file = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        writer = LogWriter(log_file, game, {"home": home_bot, "away": away_bot}) \
            if log_file else None
        try:
            result = game.play()
        except AssertionError as exc:  # an invariant of the game broken (--debug)
            print(f"nuffle: invariant broken: {exc}", file=sys.stderr)
            return 1
        if writer is not None:
            writer.finish(result)
    finally:
        if log_file is not None:
            log_file.close()
    out.write("\n" + game_rules.end_line(words, game, result) + "\n")
    if args.log:
        out.write(words.message("log-written", {"path": args.log}) + "\n")
    return rules_error(result)
