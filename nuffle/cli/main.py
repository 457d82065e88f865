"""Entry point of the `nuffle` console script."""

from __future__ import annotations

import argparse
import os
import sys

from nuffle import __version__
from nuffle.cli import (
    balance_cmd,
    check_cmd,
    export_cmd,
    i18n_cmd,
    kickoff_cmd,
    league_cmd,
    new_cmd,
    play_cmd,
    replay_cmd,
    scenario_cmd,
    simulate_cmd,
    site_cmd,
)
from nuffle.cli.arguments import NuffleParser
from nuffle.cli.common import EXIT_INTERNAL, report_internal_error
from nuffle.paths import CONTENT_VARIABLE

COMMANDS = (check_cmd, new_cmd, export_cmd, play_cmd, replay_cmd, simulate_cmd, balance_cmd,
            kickoff_cmd,
            league_cmd, scenario_cmd, site_cmd, i18n_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = NuffleParser(
        prog="nuffle",
        description="Nuffle: rules-as-data toolkit for Blitz Bowl and Blood Bowl content. "
                    "Exit status: 0 ok, 1 content errors (or a failed check), 2 usage "
                    "errors, 70 an internal error (a bug in Nuffle).",
    )
    parser.add_argument("--version", action="version", version=f"nuffle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command. Usage errors exit 2 (argparse's SystemExit passes through); any
    exception no command expected is a bug, reported in one line with exit status 70."""
    base = os.environ.get(CONTENT_VARIABLE)  # `--base none` sets it for the command only
    try:
        args = build_parser().parse_args(argv)
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
        from nuffle.i18n.catalog import read_pack_translations, work_on_pack
        read_pack_translations([])
        work_on_pack(None)
        if base is None:
            os.environ.pop(CONTENT_VARIABLE, None)
        else:
            os.environ[CONTENT_VARIABLE] = base


if __name__ == "__main__":
    sys.exit(main())
