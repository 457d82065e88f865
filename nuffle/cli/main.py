"""Entry point of the `nuffle` console script."""

from __future__ import annotations

import argparse
import sys

from nuffle import __version__
from nuffle.cli import (
    check_cmd,
    export_cmd,
    i18n_cmd,
    league_cmd,
    play_cmd,
    replay_cmd,
    scenario_cmd,
    simulate_cmd,
    site_cmd,
)

COMMANDS = (check_cmd, export_cmd, play_cmd, replay_cmd, simulate_cmd, league_cmd,
            scenario_cmd, site_cmd, i18n_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nuffle",
        description="Nuffle: rules-as-data toolkit for Blitz Bowl and Blood Bowl content.",
    )
    parser.add_argument("--version", action="version", version=f"nuffle {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
