"""Helpers shared by the commands that play games: the ruleset, teams, bots, options."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nuffle.cli.common import EXIT_CONTENT
from nuffle.dsl.checker import did_you_mean
from nuffle.interpreter.blitz_bowl.game import Options
from nuffle.interpreter.blitz_bowl.ruleset import ContentError, Ruleset, load_ruleset
from nuffle.interpreter.bots import BOTS

EXTRA_TIME = ("balls", "endgame")


def ruleset_or_exit(extra: list[Path] | None = None) -> Ruleset:
    try:
        return load_ruleset(extra or [])
    except ContentError as exc:
        print(f"nuffle: {exc}", file=sys.stderr)
        sys.exit(EXIT_CONTENT)


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
    out = []
    for v in values:
        path = Path(v)
        if not path.exists():
            parser.error(f"no such file or folder: {v}")
        out += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return out


def add_lang_option(p: argparse.ArgumentParser) -> None:
    from nuffle.i18n.translations import available_languages
    p.add_argument("--lang", default="en", choices=available_languages(), metavar="LANG",
                   help="the language of the play-by-play: "
                        f"{', '.join(available_languages())} (default: %(default)s)")


def narrative_words(lang: str):
    """The play-by-play's words in ``lang`` (its catalogs, with English where they lack)."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.translations import narrative_words as words
    if lang == "en":
        return words("en", None)
    catalogue, _, _ = load_catalogue()
    return words(lang, catalogue)
