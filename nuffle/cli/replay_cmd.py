"""`nuffle replay`: re-run a game log and check it ends where the log says."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK
from nuffle.cli.engine_common import (
    add_content_option,
    add_lang_option,
    content_paths,
    narrative_words,
    ruleset_or_exit,
)
from nuffle.interpreter.blitz_bowl.ascii_board import render_board
from nuffle.interpreter.blitz_bowl.narrate import Narrator
from nuffle.interpreter.replay import ReplayError, read_log, replay


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="re-run a game log and verify its final state",
        description="Re-run a game from its JSON Lines log (recorded dice and decisions) "
                    "and check that it ends in the same state. Exit status: 0 the replay "
                    "matches, 1 it does not (or the log is from other content), 2 usage.",
    )
    p.add_argument("log", metavar="LOG", help="a log written by `nuffle play --log`")
    p.add_argument("--show", action="store_true",
                   help="tell the game as it is replayed (in --lang)")
    p.add_argument("--ignore-version", action="store_true",
                   help="replay a log recorded with other content anyway")
    add_content_option(p)
    add_lang_option(p)
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    path = Path(args.log)
    if not path.is_file():
        parser.error(f"no such log file: {args.log}")
    ruleset = ruleset_or_exit(content_paths(parser, args.content))
    try:
        records = read_log(path)
        listeners = []
        if args.show:
            words = narrative_words(args.lang)
            listeners.append(lambda game: Narrator(game, print, render_board, words))
        game, result = replay(ruleset, records, check_version=not args.ignore_version,
                              listeners=listeners)
    except ReplayError as exc:
        print(f"nuffle replay: {path}: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    print(f"{path}: replayed {game.decision_count} decisions and {len(game.dice.record)} dice; "
          f"final score {result.score['home']}-{result.score['away']} ({result.reason}) "
          "matches the log")
    return EXIT_OK
