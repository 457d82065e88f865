"""`nuffle replay`: re-run a game log and check it is the game it says it is."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle.cli.arguments import unreadable
from nuffle.cli.common import EXIT_CONTENT, EXIT_INTERNAL, EXIT_OK
from nuffle.cli.engine_common import (
    add_content_option,
    add_lang_option,
    content_paths,
    game_words,
)
from nuffle.dsl.diagnostics import format_diagnostic

if TYPE_CHECKING:  # the engine is imported when a log is replayed
    from nuffle.interpreter.logreader import ReplayError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="re-run a game log and verify it, record by record",
        description="Re-run a game from its JSON Lines log: check the digest chain of every "
                    "record, feed the recorded dice and decisions to a new game checking each "
                    "is the one the game asks for, and check that it ends in the logged state. "
                    "Problems are reported as PATH:LINE:1: error[L00x]: message. Exit status: "
                    "0 the replay matches, 1 the log is malformed, was changed, or does not "
                    "match (or is from other content), 2 usage, 70 a bug in Nuffle.",
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
    from nuffle.interpreter.errors import ContentError
    from nuffle.interpreter.gamelog import header_game
    from nuffle.interpreter.games import rules
    from nuffle.interpreter.logreader import ReplayError, read_log
    from nuffle.interpreter.replay import replay
    path = Path(args.log)
    problem = unreadable(path)
    if problem is not None:
        parser.error(problem)
    if not path.is_file():
        parser.error(f"not a log file: {args.log}")
    extra = content_paths(parser, args)  # usage errors first, before the log
    try:
        log = read_log(path)
    except ReplayError as exc:
        return _refused(path, exc)
    game_id = header_game(log.header.data)
    game_rules = rules(game_id)
    try:
        ruleset = game_rules.load_ruleset(extra)
    except ContentError as exc:
        print(f"nuffle: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    listeners = []
    if args.show:
        words = game_words(game_id, args.lang)
        listeners.append(lambda game: game_rules.narrator(game, print, words))
    try:
        game, result = replay(ruleset, log, check_version=not args.ignore_version,
                              listeners=listeners)
    except ReplayError as exc:
        return _refused(path, exc)
    except BrokenPipeError:
        raise  # `--show | head`: the command line handles it
    except Exception as exc:  # a bug in Nuffle: said in one line, not a traceback
        print(f"nuffle replay: {path}: internal error while replaying ({type(exc).__name__}: "
              f"{str(exc)[:200]}): a bug in Nuffle, not in the log; please report it with "
              "this log", file=sys.stderr)
        return EXIT_INTERNAL
    print(f"{path}: replayed {game.decision_count} decisions and {len(game.dice.record)} dice; "
          f"final score {result.score['home']}-{result.score['away']} ({result.reason}) "
          "matches the log")
    return EXIT_OK


def _refused(path: Path, exc: ReplayError) -> int:
    for diag in exc.diagnostics:
        print(format_diagnostic(diag, None), file=sys.stderr)
    print(f"nuffle replay: {path}: the log does not prove its game "
          f"({len(exc.diagnostics)} error{'s' if len(exc.diagnostics) != 1 else ''})",
          file=sys.stderr)
    return EXIT_CONTENT
