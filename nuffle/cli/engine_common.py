"""Helpers shared by the commands that play games: the ruleset, teams, bots, options."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK
from nuffle.cli.content_option import add_content_option, content_paths  # noqa: F401 - re-exported
from nuffle.dsl.diagnostics import Diagnostic, format_diagnostic
from nuffle.interpreter.errors import ContentError
from nuffle.paths import REPO_ROOT

EXTRA_TIME = ("balls", "endgame")
T = TypeVar("T")


def ruleset_or_exit(extra: list[Path] | None = None) -> Any:
    """The Blitz Bowl ruleset (commands that play Blitz Bowl only: league)."""
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
    return _or_exit(lambda: load_ruleset(extra or []))


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


def add_game_choice(p: argparse.ArgumentParser) -> None:
    from nuffle.interpreter.games import GAMES
    p.add_argument("--game", choices=sorted(GAMES), metavar="GAME",
                   help=f"which game: {', '.join(sorted(GAMES))} (default: the game both "
                        "teams belong to; Blitz Bowl when both games have them)")
    p.add_argument("--tables", choices=["pbbl", "bb2020"], metavar="TABLES",
                   help="Blood Bowl only: play with the Kick-Off and Weather tables of PBBL "
                        "1.10 (pbbl, the default) or the Kick-off Event, Weather and Prayers "
                        "to Nuffle tables of BB2020 (bb2020)")
    p.add_argument("--cards", metavar="DECKS|GOLD",
                   help="Blood Bowl only: special play cards (PBBL page 43): the decks each "
                        "coach draws one card from, comma-separated (a deck named twice, two "
                        "cards), e.g. miscellaneous-mayhem,special-team-plays; or the gold "
                        "each coach spends on cards, e.g. 150000 (default: no cards)")


def is_roster_path(value: str) -> bool:
    """A `--home`/`--away` value naming a roster file rather than a team id."""
    return value.endswith((".yaml", ".yml")) or "/" in value or "\\" in value


def read_rosters(parser: argparse.ArgumentParser, args: argparse.Namespace,
                 extra: list[Path]) -> None:
    """A Blood Bowl roster file given as ``--home``/``--away``: check it as `nuffle check`
    does (its content errors stop the command, exit status 1), then play its team with its
    players. Sets ``args.home``/``args.away`` to the team ids and ``args.rosters``."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.cli.common import exit_status, print_diagnostics
    args.rosters = {}
    for side in ("home", "away"):
        value = getattr(args, side, None)
        if not isinstance(value, str) or not is_roster_path(value):
            continue
        path = Path(value)
        if not path.is_file():
            parser.error(f"--{side} {value}: no such roster file")
        catalogue, diags, docs = load_catalogue([*extra, path])
        mine = [d for d in diags if Path(d.path).resolve() == path.resolve()]
        if mine:
            print_diagnostics(mine, docs)
            sys.exit(exit_status(mine))
        item = next((i for i in catalogue.sorted_items()
                     if i.kind == "roster" and Path(i.path).resolve() == path.resolve()), None)
        if item is None:
            parser.error(f"--{side} {value}: not a roster (a file of `kind: roster`)")
        if args.game not in (None, "blood-bowl"):
            parser.error(f"--{side} {value}: rosters are Blood Bowl's (add --game blood-bowl)")
        args.game = "blood-bowl"
        args.rosters[side] = item.data
        setattr(args, side, item.data["team"])


def pick_game(parser: argparse.ArgumentParser, args: argparse.Namespace, extra: list[Path],
              home: str, away: str) -> tuple[str, Any]:
    """The game to play (``--game``, else the one game both teams belong to) and its ruleset.
    Options of the other game are a usage error. A roster file given as a team is read
    first (`read_rosters`): it plays Blood Bowl."""
    from nuffle.interpreter.games import DEFAULT_GAME, GAMES, infer_game, rules
    read_rosters(parser, args, extra)
    home, away = args.home, args.away
    game = args.game
    catalogue = None
    if game is None:  # the teams' game: from the content's team ids, compiling neither game
        from nuffle.interpreter.content import cache_key, checked_catalogue
        catalogue = _or_exit(lambda: checked_catalogue(cache_key(extra)))
        teams = {g: set(rules(g).team_ids(catalogue)) for g in GAMES}
        game = infer_game(teams, home, away if away != "all" else home)
        if game is None:
            both = [g for g, ts in teams.items() if home in ts and (away == "all" or away in ts)]
            game = DEFAULT_GAME
            if len(both) > 1:
                print(f"nuffle: both games have these teams: playing {rules(game).NAME} "
                      "(add --game blood-bowl for the other)", file=sys.stderr)
    for other in sorted(GAMES):  # another game's options are a usage error
        if other == game:
            continue
        given = [flag for flag, dest in rules(other).OPTION_FLAGS.items()
                 if getattr(args, dest, None) and dest not in rules(game).OPTION_FLAGS.values()]
        if given:
            parser.error(f"{', '.join(given)}: {rules(other).NAME} option"
                         f"{'s' if len(given) > 1 else ''} (add --game {other})")
    return game, _or_exit(lambda: rules(game).load_ruleset(extra, catalogue))


def _or_exit(load: Callable[[], T]) -> T:
    """What ``load`` gives, or the content error it raised printed, and exit status 1."""
    try:
        return load()
    except ContentError as exc:
        print(f"nuffle: {exc}", file=sys.stderr)
        sys.exit(EXIT_CONTENT)


def options_for(parser: argparse.ArgumentParser, game: str, ruleset: Any,
                args: argparse.Namespace) -> Any:
    """The game's options from the command line (its adapter knows which are its own)."""
    from nuffle.interpreter.games import rules
    return rules(game).options_from_args(parser, ruleset, args)


def add_game_options(p: argparse.ArgumentParser) -> None:
    add_game_choice(p)
    p.add_argument("--pitch", metavar="ID",
                   help="Blitz Bowl only: pitch id (default: the coach who wins the toss "
                        "chooses)")
    p.add_argument("--extra-time", default="", metavar="RULES",
                   help="Blitz Bowl only: Extra Time rules, comma-separated: balls (special "
                        "ball deck), endgame (Endgame cards)")
    p.add_argument("--bots", default="greedy,random", metavar="HOME,AWAY",
                   help="the bot for each coach: random, greedy (default: %(default)s)")
    add_content_option(p)


def team_id(parser: argparse.ArgumentParser, ruleset: Any, value: str, what: str) -> str:
    if value in ruleset.teams:
        return value
    from nuffle.dsl.checker import did_you_mean  # the rules checker: only for a wrong name
    hint = did_you_mean(value, ruleset.teams)
    parser.error(f"no team `{value}` for {what}"
                 + (f" ({hint})" if hint else "")
                 + f"; teams: {', '.join(sorted(ruleset.teams))}")
    raise AssertionError


def bots(parser: argparse.ArgumentParser, value: str, table: dict | None = None
         ) -> tuple[str, str]:
    from nuffle.interpreter.bots import BOTS
    known = BOTS if table is None else table
    names = [v.strip() for v in value.split(",") if v.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or any(n not in known for n in names):
        parser.error(f"--bots takes two of {', '.join(known)}, like greedy,random")
    return names[0], names[1]


def game_options(parser: argparse.ArgumentParser, ruleset: Any,
                 args: argparse.Namespace) -> Any:
    from nuffle.interpreter.blitz_bowl.game import Options
    extra = {v.strip() for v in args.extra_time.split(",") if v.strip()}
    unknown = extra - set(EXTRA_TIME)
    if unknown:
        parser.error(f"unknown Extra Time rule {', '.join(sorted(unknown))}; "
                     f"choose from {', '.join(EXTRA_TIME)}")
    if args.pitch is not None and args.pitch not in ruleset.pitches:
        parser.error(f"no pitch `{args.pitch}`; pitches: {', '.join(sorted(ruleset.pitches))}")
    return Options(pitch=args.pitch, special_balls="balls" in extra, endgame="endgame" in extra,
                   debug=getattr(args, "debug", False))


def add_lang_option(p: argparse.ArgumentParser, what: str = "the play-by-play") -> None:
    """--lang, one of English and the languages with catalogs (folders named by a language
    code only: anything else is a usage error, exit 2)."""
    from nuffle.i18n.translations import available_languages
    languages = available_languages()
    p.add_argument("--lang", default="en", choices=languages, metavar="LANG",
                   help=f"the language of {what}: "
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


def game_words(game: str, lang: str) -> Any:
    """The play-by-play's words of ``game`` in ``lang``; an unreadable catalog is reported
    (I106) and the command exits 1."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.catalog import CatalogError
    from nuffle.interpreter.games import rules
    if lang == "en":
        return rules(game).narrative_words("en", None)
    catalogue, _, _ = load_catalogue()
    try:
        return rules(game).narrative_words(lang, catalogue)
    except CatalogError as exc:
        print(f"{exc.diagnostic()}; play in English (--lang en) or fix the catalog",
              file=sys.stderr)
        sys.exit(EXIT_CONTENT)
