"""Entry point of the `nuffle` console script.

Start-up is lazy: `nuffle --help` imports no command module, and `nuffle CMD ...` imports
CMD's module alone (a command's heavy machinery, the engine or MkDocs, is imported inside
its `run`). The list of commands and their one-line help live in `COMMANDS` below, so the
top-level help lists every command without importing any.

Adding a command:

1. write `nuffle/cli/NAME_cmd.py` with `register(sub)`, which calls
   `sub.add_parser("NAME", help=..., description=...)`, adds the arguments and sets
   `run`; keep its module-level imports light (argparse, `nuffle.cli.arguments`,
   `nuffle.limits`) and import the machinery inside `run`;
2. add one line to `COMMANDS`: `Command("NAME", "nuffle.cli.NAME_cmd", "the same help")`.

`tests/cli/test_startup_imports.py` checks that each line's help is its module's and that
`--help` and `check` stay free of the heavy modules.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NamedTuple

from nuffle import __version__
from nuffle.cli.arguments import NuffleParser
from nuffle.cli.common import EXIT_INTERNAL, report_internal_error
from nuffle.paths import CONTENT_VARIABLE, NO_CACHE_VARIABLE


class Command(NamedTuple):
    name: str
    module: str  # has register(sub), imported only when the command is run or asked for help
    help: str  # the line `nuffle --help` shows: the same as the module's add_parser(help=...)


COMMANDS = (
    Command("check", "nuffle.cli.check_cmd",
            "check content files: YAML, schemas, rules language, references"),
    Command("new", "nuffle.cli.new_cmd",
            "write a commented template for a new team, ability, ball, card, trait or scenario"),
    Command("export", "nuffle.cli.export_cmd",
            "export the whole catalogue as JSON, sorted by kind and id"),
    Command("play", "nuffle.cli.play_cmd", "play one game between bots and tell it turn by turn"),
    Command("replay", "nuffle.cli.replay_cmd",
            "re-run a game log and verify it, record by record"),
    Command("simulate", "nuffle.cli.simulate_cmd",
            "play many games between bots and summarise them"),
    Command("balance", "nuffle.cli.balance_cmd",
            "sweeps of many games: the matrix, a team against all, variants"),
    Command("kickoff", "nuffle.cli.kickoff_cmd",
            "set up two Blood Bowl teams, kick off, and tell what the Kick-Off table did"),
    Command("league", "nuffle.cli.league_cmd", "run a whole league between bot coaches"),
    Command("scenario", "nuffle.cli.scenario_cmd",
            "run scenarios: a position, scripted dice and decisions, expectations"),
    Command("site", "nuffle.cli.site_cmd", "build or serve the rules reference website"),
    Command("i18n", "nuffle.cli.i18n_cmd",
            "translation catalogs: extract, init, update, status, check"),
    Command("engine", "nuffle.cli.engine_cmd",
            "build the compiled engine (mypyc), or say which engine games run"),
)

EVERY = "*"  # build_parser(EVERY): every command's full parser (tests, documentation)


def build_parser(command: str | None = EVERY) -> argparse.ArgumentParser:
    """The parser of the command line. Only ``command``'s module is imported and registered
    (every one's with EVERY); the others are named with their help line and take nothing."""
    parser = NuffleParser(
        prog="nuffle",
        description="Nuffle: rules-as-data toolkit for Blitz Bowl and Blood Bowl content. "
                    "Exit status: 0 ok, 1 content errors (or a failed check), 2 usage "
                    "errors, 70 an internal error (a bug in Nuffle).",
    )
    parser.add_argument("--version", action="version", version=f"nuffle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for cmd in COMMANDS:
        if command in (EVERY, cmd.name):
            importlib.import_module(cmd.module).register(sub)
        else:  # a name and its help line: enough to list it, or to find which one was asked
            sub.add_parser(cmd.name, help=cmd.help, add_help=False)
    return parser


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse in two passes, both argparse's own: the first, with no command's module, finds
    which command is asked (or answers `--help`, `--version` and a missing or unknown
    command); the second parses with that command's full parser."""
    argv = sys.argv[1:] if argv is None else list(argv)
    found, _ = build_parser(None).parse_known_args(argv)
    return build_parser(found.command).parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run one command. Usage errors exit 2 (argparse's SystemExit passes through); any
    exception no command expected is a bug, reported in one line with exit status 70."""
    base = os.environ.get(CONTENT_VARIABLE)  # `--base none` sets it for the command only
    no_cache = os.environ.get(NO_CACHE_VARIABLE)  # and `--no-cache` this one
    from nuffle.cli import quick_exit
    quick_exit.STATE.asked = False  # asked by this command or not at all
    try:
        args = parse_arguments(argv)
        if getattr(args, "no_cache", False):
            os.environ[NO_CACHE_VARIABLE] = "1"
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence, reported as a bug
        report_internal_error(exc)
        return EXIT_INTERNAL
    finally:
        catalog = sys.modules.get("nuffle.i18n.catalog")  # not imported: nothing to undo
        if catalog is not None:
            catalog.read_pack_translations([])
            catalog.work_on_pack(None)
        for name, value in ((CONTENT_VARIABLE, base), (NO_CACHE_VARIABLE, no_cache)):
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def console() -> None:
    """The `nuffle` console script: `main`, then the process ends, at once where the
    command asked (quick_exit.py)."""
    from nuffle.cli import quick_exit
    quick_exit.end(main())


if __name__ == "__main__":
    console()
