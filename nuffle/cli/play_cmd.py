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
    game_options,
    narrative_words,
    rules_error,
    ruleset_or_exit,
    team_id,
)
from nuffle.interpreter.blitz_bowl.ascii_board import render_board
from nuffle.interpreter.blitz_bowl.game import Game
from nuffle.interpreter.blitz_bowl.invariants import InvariantViolation
from nuffle.interpreter.blitz_bowl.messages import Term
from nuffle.interpreter.blitz_bowl.narrate import Narrator
from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.gamelog import LogWriter


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play one game between bots and tell it turn by turn",
        description="Play one game of Blitz Bowl Season 2 between two bots: a play-by-play "
                    "narrative and an ASCII board after each turn. The same seed gives the "
                    "same game, byte for byte. --log writes a replayable JSON Lines log.",
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
    ruleset = ruleset_or_exit(content_paths(parser, args.content))
    home = team_id(parser, ruleset, args.home, "--home")
    away = team_id(parser, ruleset, args.away, "--away")
    home_bot, away_bot = bots(parser, args.bots)
    options = game_options(parser, ruleset, args)
    agents = make_agents(home_bot, away_bot, args.seed)
    game = Game(ruleset, home, away, agents, seed=args.seed, options=options)
    out = sys.stdout
    words = narrative_words(args.lang)

    def name(team) -> str:
        return words.name("team", team.id, team.name)
    out.write(words.message("game-header", {"home": name(game.home), "away": name(game.away),
                                            "home_bot": home_bot, "away_bot": away_bot,
                                            "seed": args.seed}) + "\n")
    game.listeners.append(Narrator(game, lambda line: out.write(line + "\n"), render_board,
                                   words))
    log_file = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        writer = LogWriter(log_file, game, {"home": home_bot, "away": away_bot}) \
            if log_file else None
        try:
            result = game.play()
        except InvariantViolation as exc:
            print(f"nuffle: invariant broken: {exc}", file=sys.stderr)
            return 1
        if writer is not None:
            writer.finish(result)
    finally:
        if log_file is not None:
            log_file.close()
    winner = words.message("result-draw", {}) if result.winner is None else \
        words.message("result-win", {"team": game.side(result.winner)}, game)
    out.write("\n" + words.message("final-score", {
        "home": name(game.home), "away": name(game.away), "home_score": result.score["home"],
        "away_score": result.score["away"], "result": winner,
        "reason": Term("end-reason", result.reason), "rounds": result.rounds}) + "\n")
    if args.log:
        out.write(words.message("log-written", {"path": args.log}) + "\n")
    return rules_error(result)
