"""`nuffle league`: a whole league between bot coaches."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import TYPE_CHECKING

from nuffle.cli.arguments import SEED_MAX, seed_number, whole_number
from nuffle.cli.engine_common import (
    add_content_option,
    content_paths,
    rules_error,
    ruleset_or_exit,
    team_id,
)
from nuffle.limits import LEAGUE_COACHES

if TYPE_CHECKING:  # the engine is imported when the league is run
    from nuffle.interpreter.league import LeagueResult


def register(sub: argparse._SubParsersAction) -> None:
    from nuffle.interpreter.bots import BOTS  # their names, for the help
    p = sub.add_parser(
        "league",
        help="run a whole league between bot coaches",
        description="Run a Blitz Bowl league: every coach plays 10 matches (no rematch "
                    "before everyone has met), 3/1/0 points, a Coach Trait after each league "
                    "match, then the final (or quarter-finals for eight or more coaches). "
                    "Prints the table, the awards and each coach's roster.",
    )
    p.add_argument("--coaches", default=6, metavar="N",
                   type=whole_number(3, LEAGUE_COACHES, " (a league needs at least three coaches)"),
                   help=f"number of coaches, 3 to {LEAGUE_COACHES} (default: 6)")
    p.add_argument("--teams", default="", metavar="T1,T2,…",
                   help="the coaches' teams in order (default: drawn at random)")
    p.add_argument("--bots", default="greedy,random", metavar="B1,B2,…",
                   help=f"the coaches' bots in turn ({', '.join(BOTS)}; default: greedy,random)")
    p.add_argument("--knockout", choices=["final", "quarter-finals"], default="final",
                   help="a final between the top two, or quarter-finals for the top eight")
    p.add_argument("--seed", type=seed_number, default=1,
                   help=f"the seed of the league, 0 to {SEED_MAX} (default: 1)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    add_content_option(p)
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.interpreter.blitz_bowl.game import Options
    from nuffle.interpreter.bots import BOTS
    from nuffle.interpreter.dice import Dice
    from nuffle.interpreter.league import Coach, League, StoppedByRules
    if args.knockout == "quarter-finals" and args.coaches < 8:
        parser.error("quarter-finals need at least eight coaches")
    bot_names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bot_names or any(b not in BOTS for b in bot_names):
        parser.error(f"--bots takes names from {', '.join(BOTS)}")
    ruleset = ruleset_or_exit(content_paths(parser, args))
    names = [t.strip() for t in args.teams.split(",") if t.strip()]
    teams = [team_id(parser, ruleset, t, "--teams") for t in names]
    if len(teams) > args.coaches:  # the extra teams would be dropped without a word
        parser.error(f"--teams names {len(teams)} teams for {args.coaches} coaches")
    dice = Dice(args.seed)
    while len(teams) < args.coaches:
        teams.append(dice.pick(sorted(ruleset.teams), "league team"))
    coaches = [Coach(f"coach-{i + 1}", teams[i], bot_names[i % len(bot_names)])
               for i in range(args.coaches)]
    league = League(ruleset, coaches, seed=args.seed, options=Options(),
                    knockout=args.knockout)
    try:
        result = league.run()
    except StoppedByRules as stop:
        print(f"nuffle league: a match was stopped by its rules in round {stop.result.rounds}; "
              "the league cannot go on", file=sys.stderr)
        return rules_error(stop.result)
    if args.format == "json":
        json.dump(asdict(result), sys.stdout, indent=2)
        print()
    else:
        print(report(result, ruleset.names))
    return 0


def report(result: LeagueResult, names: dict[str, str]) -> str:
    lines = ["League table", f"  {'':<3}{'coach':<10}{'team':<12}{'bot':<8}{'P':>3}{'W':>3}"
             f"{'D':>3}{'L':>3}{'pts':>5}{'cards':>7}{'inj':>5}"]
    for n, c in enumerate(result.table, 1):
        w = sum(r.result == "W" for r in c.roster)
        d = sum(r.result == "D" for r in c.roster)
        lines.append(f"  {n:<3}{c.name:<10}{names.get(c.team, c.team):<12}{c.bot:<8}"
                     f"{len(c.roster):>3}{w:>3}{d:>3}{len(c.roster) - w - d:>3}"
                     f"{c.league_points:>5}{c.cards_claimed:>7}{c.injuries_caused:>5}")
    lines += ["", "Knockout matches"]
    for k in result.knockouts:
        if k.stage == "final":
            lines.append(f"  final: {k.home} v {k.away} {k.score}: {k.winner} wins the league")
        elif k.stage == "third place":
            lines.append(f"  third place: {k.home} v {k.away} {k.score}: {k.winner} is third")
        else:
            lines.append(f"  {k.stage}: {k.home} v {k.away} {k.score}, {k.winner} goes through")
    lines += ["", "Awards"]
    for award, winners in result.awards:
        lines.append(f"  {award}: {', '.join(winners)}")
    lines += ["", "Coach rosters"]
    for c in result.coaches:
        traits = ", ".join(names.get(t, t) for t in c.traits) or "none"
        lines.append(f"  {c.name} ({names.get(c.team, c.team)}, {c.bot}): traits {traits}")
        for n, r in enumerate(c.roster, 1):
            lines.append(f"    game {n:>2}: v {r.opponent:<9} {r.result} {r.score:>6}  "
                         f"{r.points} pts, {r.cards_claimed} cards, {r.injuries_caused} injuries")
    return "\n".join(lines)
