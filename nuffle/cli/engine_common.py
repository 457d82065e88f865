"""Helpers shared by the commands that play games: the ruleset, teams, bots, options."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nuffle.cli.arguments import named_content
from nuffle.cli.common import EXIT_CONTENT, EXIT_OK
from nuffle.dsl.checker import did_you_mean
from nuffle.dsl.diagnostics import Diagnostic, format_diagnostic
from nuffle.interpreter.blitz_bowl.game import Options
from nuffle.interpreter.blitz_bowl.ruleset import ContentError, Ruleset, load_ruleset
from nuffle.interpreter.bots import BOTS
from nuffle.paths import REPO_ROOT

EXTRA_TIME = ("balls", "endgame")


def ruleset_or_exit(extra: list[Path] | None = None) -> Ruleset:
    try:
        return load_ruleset(extra or [])
    except ContentError as exc:
        print(f"nuffle: {exc}", file=sys.stderr)
        sys.exit(EXIT_CONTENT)


def rules_error(result, stream=None) -> int:
    """Print the diagnostic of a game its rules stopped (a limit of the engine, a value out
    of range), with the line of the content file; the exit status: 1 if there was one."""
    error = getattr(result, "error", None)
    if not error:
        return EXIT_OK
    diag = Diagnostic(**error)
    lines: list[str] | None = None
    for place in (Path(diag.path), REPO_ROOT / diag.path):  # bundled content: the project's
        try:
            lines = place.read_text(encoding="utf-8").split("\n")
            break
        except (OSError, UnicodeDecodeError, ValueError):
            continue
    print(format_diagnostic(diag, lines), file=stream or sys.stderr)
    return EXIT_CONTENT


def add_content_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--content", action="append", default=[], metavar="PATH",
                   help="extra content files or folders to load with the bundled content "
                        "(a new team, a new ball card); repeatable")


def add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pitch", metavar="ID",
                   help="pitch id (default: the coach who wins the toss chooses)")
    p.add_argument("--extra-time", default="", metavar="RULES",
                   help="Extra Time rules, comma-separated: balls (special ball deck), "
                        "endgame (Endgame cards)")
    p.add_argument("--bots", default="greedy,random", metavar="HOME,AWAY",
                   help=f"the bot for each coach: {', '.join(BOTS)} (default: %(default)s)")
    add_content_option(p)


def team_id(parser: argparse.ArgumentParser, ruleset: Ruleset, value: str, what: str) -> str:
    if value in ruleset.teams:
        return value
    hint = did_you_mean(value, ruleset.teams)
    parser.error(f"no team `{value}` for {what}"
                 + (f" ({hint})" if hint else "")
                 + f"; teams: {', '.join(sorted(ruleset.teams))}")
    raise AssertionError


def bots(parser: argparse.ArgumentParser, value: str) -> tuple[str, str]:
    names = [v.strip() for v in value.split(",") if v.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or any(n not in BOTS for n in names):
        parser.error(f"--bots takes two of {', '.join(BOTS)}, like greedy,random")
    return names[0], names[1]


def game_options(parser: argparse.ArgumentParser, ruleset: Ruleset,
                 args: argparse.Namespace) -> Options:
    extra = {v.strip() for v in args.extra_time.split(",") if v.strip()}
    unknown = extra - set(EXTRA_TIME)
    if unknown:
        parser.error(f"unknown Extra Time rule {', '.join(sorted(unknown))}; "
                     f"choose from {', '.join(EXTRA_TIME)}")
    if args.pitch is not None and args.pitch not in ruleset.pitches:
        parser.error(f"no pitch `{args.pitch}`; pitches: {', '.join(sorted(ruleset.pitches))}")
    return Options(pitch=args.pitch, special_balls="balls" in extra, endgame="endgame" in extra,
                   debug=getattr(args, "debug", False))


def content_paths(parser: argparse.ArgumentParser, values: list[str]) -> list[Path]:
    """The files of --content (folders expanded), each checked like `nuffle check`'s paths:
    a missing or unreadable path, or a folder without content files, is a usage error."""
    return named_content(parser, values) or []


def add_lang_option(p: argparse.ArgumentParser) -> None:
    """--lang, one of English and the languages with catalogs (folders named by a language
    code only: anything else is a usage error, exit 2)."""
    from nuffle.i18n.translations import available_languages
    languages = available_languages()
    p.add_argument("--lang", default="en", choices=languages, metavar="LANG",
                   help="the language of the play-by-play: "
                        f"{', '.join(languages)} (default: %(default)s)")


def narrative_words(lang: str):
    """The play-by-play's words in ``lang`` (its catalogs, with English where they lack);
    an unreadable catalog is reported (I106) and the command exits 1."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.catalog import CatalogError
    from nuffle.i18n.translations import narrative_words as words
    if lang == "en":
        return words("en", None)
    catalogue, _, _ = load_catalogue()
    try:
        return words(lang, catalogue)
    except CatalogError as exc:
        print(f"{exc.diagnostic()}; play in English (--lang en) or fix the catalog",
              file=sys.stderr)
        sys.exit(EXIT_CONTENT)
