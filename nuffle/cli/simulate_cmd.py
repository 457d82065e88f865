"""`nuffle simulate`: many games between bots, with confidence intervals."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from nuffle.cli.arguments import SEED_MAX, seed_number, whole_number
from nuffle.cli.engine_common import (
    add_game_options,
    bots,
    content_paths,
    options_for,
    pick_game,
    rules_error,
    team_id,
)
from nuffle.cli.sweep_options import default_jobs, margin_points
from nuffle.interpreter.games import DEFAULT_GAME, rules
from nuffle.limits import JOBS, SIMULATED_GAMES

if TYPE_CHECKING:
    from nuffle.interpreter.simulate import GameSpec
    from nuffle.interpreter.sweep import Group


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description="Play N games between two teams (or one team against every other "
                    "with --away all) and report wins, draws, losses, mean scores, "
                    "touchdowns, Challenge cards claimed and injuries caused (Blitz Bowl) or "
                    "casualties (Blood Bowl), each with a 95% confidence interval; then, "
                    "for each item of the two teams and any other item whose rules fired, "
                    "in how many games its rules fired, how often per game, and how often "
                    "its coach accepted its `may`. --margin M plays each pairing until "
                    "its rates are known within ±M points (95%), batch by batch. --jobs J "
                    "gives exactly the same figures as --jobs 1.",
    )
    p.add_argument("--home", required=True, metavar="TEAM")
    p.add_argument("--away", required=True, metavar="TEAM", help="a team id, or `all`")
    p.add_argument("--games", type=whole_number(1, SIMULATED_GAMES), metavar="N",
                   help=f"games per pairing, 1 to {SIMULATED_GAMES} (default: 100; with "
                        "--margin, the most a pairing plays: by default as many as the "
                        "margin can need, 385 for 5 points)")
    p.add_argument("--margin", type=margin_points, metavar="M",
                   help="play each pairing in batches of 25 games until its win, draw and "
                        "loss rates each have a 95%% interval of at most ±M points (0.5 to "
                        "50), or --games are played; the stopping point depends on the seed "
                        "alone")
    p.add_argument("--seed", type=seed_number, default=1,
                   help=f"the seed of the run, 0 to {SEED_MAX} (default: 1)")
    p.add_argument("--jobs", type=whole_number(1, JOBS), default=default_jobs(), metavar="J",
                   help=f"worker processes, 1 to {JOBS} (default: the processors this "
                        "command may use, %(default)s here)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    add_game_options(p)
    p.set_defaults(bots="greedy,greedy")
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.cli.progress import progress_bar
    from nuffle.interpreter.simulate import GameSpec, game_seed, summarise
    from nuffle.interpreter.sweep import BATCH, Group, games_for_margin, local_executor, run_groups

    extra = content_paths(parser, args)
    game, ruleset = pick_game(parser, args, extra, args.home, args.away)
    pair = bots(parser, args.bots, rules(game).BOTS)
    home = team_id(parser, ruleset, args.home, "--home")
    opponents = sorted(t for t in ruleset.teams if t != home) if args.away == "all" \
        else [team_id(parser, ruleset, args.away, "--away")]
    options = options_for(parser, game, ruleset, args)
    margin = args.margin / 100 if args.margin is not None else None
    cap = args.games or (games_for_margin(margin) if margin is not None else 100)

    def pairing(n: int, away: str) -> Group:
        # game g of pairing n is game n * cap + g of the run: a run with --margin plays the
        # first games of each pairing of the same run without it (--games cap)
        def spec(g: int) -> GameSpec:
            i = n * cap + g
            return GameSpec(i, home, away, game_seed(args.seed, i), pair, options, game)
        return Group(home, spec, cap, extra=tuple(str(p) for p in extra))

    groups = [pairing(n, away) for n, away in enumerate(opponents)]
    bar = progress_bar(True, total=cap * len(groups), unit="game")

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    batches = len(groups) * -(-cap // BATCH)
    try:
        run_groups(groups, local_executor(min(args.jobs, batches)), margin, progress=progress)
    finally:
        bar.close()
    results = [r for g in groups for r in g.results]
    stopped = [r for r in results if r.error is not None]
    if stopped:
        print(f"nuffle simulate: {len(stopped)} of {len(results)} games were stopped by their "
              "rules; the first:", file=sys.stderr)
        return rules_error(stopped[0])
    summaries = [summarise(g.results, home, away, game, [t for t in g.tallies if t])
                 for g, away in zip(groups, opponents, strict=True)]
    if args.format == "json":
        head: dict = {"seed": args.seed, "bots": list(pair)}
        if margin is not None:
            head.update(margin=args.margin, max_games=cap)
        json.dump({**head, "pairings": summaries}, sys.stdout, indent=2)
        print()
        return 0
    for s in summaries:
        print(text_report(s, ruleset.names, game))
    if margin is not None:
        print(f"each pairing played until its rates were within ±{args.margin:g} points "
              f"(95%), at most {cap} games: {sum(s['games'] for s in summaries)} games "
              "played in all")
    if len(summaries) > 1:
        total = sum(s["home_wins"]["count"] for s in summaries)
        games = sum(s["games"] for s in summaries)
        print(f"{ruleset.names.get(home, home)} overall: {total} wins in {games} games "
              f"({100 * total / games:.1f}%)")
    return 0


def text_report(s: dict, names: dict[str, str], game: str = DEFAULT_GAME) -> str:
    home, away = names.get(s["home"], s["home"]), names.get(s["away"], s["away"])

    def rate(key: str) -> str:
        r = s[key]
        return (f"{r['count']:>5} ({100 * r['rate']:5.1f}%, 95% CI "
                f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%)")

    def stat(side: str, key: str) -> str:
        v = s[side + "_team"][key]
        return f"{v['mean']:6.2f} ± {v['ci95']:.2f}"

    width = max(len(home), len(away)) + 5
    lines = [f"{home} (home) v {away} (away): {s['games']} games",
             f"  {home + ' wins':<{width}} {rate('home_wins')}",
             f"  {'draws':<{width}} {rate('draws')}",
             f"  {away + ' wins':<{width}} {rate('away_wins')}",
             f"  {'':<20} {home:>16} {away:>16}"]
    adapter = rules(game)
    for key, label in adapter.SUMMARY_FIELDS:
        lines.append(f"  {label:<20} {stat('home', key):>16} {stat('away', key):>16}")
    length = adapter.LENGTH_FIELD
    if length is not None:
        lines.append(f"  {length} per game: {s[length]['mean']:.1f} ± {s[length]['ci95']:.1f}")
    if "rules" in s:
        lines += rules_table(s["rules"], s["games"])
    return "\n".join(lines)


def rules_table(rows: list[dict], games: int) -> list[str]:
    """What each item's rules did: the teams' items (even those that never fired: the point
    of the table), then every other item that fired."""
    if not rows:
        return []
    width = max(20, *(len(r["name"]) for r in rows))
    kinds = max(len("kind"), *(len(r["kind"]) for r in rows))
    out = [f"  rules fired ({games} games)",
           f"  {'item':<{width}} {'kind':<{kinds}} {'games fired':>11} {'per game':>9} "
           f"{'may accepted/offered':>21}"]
    for r in rows:
        may = f"{r['may_accepted']}/{r['may_offered']}" if r["may_offered"] else "-"
        out.append(f"  {r['name']:<{width}} {r['kind']:<{kinds}} {r['games_fired']:>11} "
                   f"{r['fired_per_game']:>9.2f} {may:>21}")
    return out
