"""Helpers shared by the commands that play games: loading the ruleset, naming teams."""

from __future__ import annotations

import sys
from pathlib import Path

from nuffle.cli.common import EXIT_CONTENT
from nuffle.interpreter.blitz_bowl.ruleset import ContentError, Ruleset, load_ruleset


def ruleset_or_exit(extra: list[Path] | None = None) -> Ruleset:
    try:
        return load_ruleset(extra or [])
    except ContentError as exc:
        print(f"nuffle: {exc}", file=sys.stderr)
        sys.exit(EXIT_CONTENT)
