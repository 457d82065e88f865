"""`nuffle balance`: sweeps of many games (the matrix, one team against all, variants of
one number) on local processes or a Dask cluster, with 95% intervals."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from nuffle.cli.arguments import output_dir, output_file, seed_number, whole_number
from nuffle.cli.common import EXIT_CONTENT, EXIT_USAGE, print_diagnostics
from nuffle.cli.content_option import add_content_option, content_paths
from nuffle.cli.sweep_options import default_jobs, margin_points
from nuffle.limits import JOBS, SIMULATED_GAMES

WORKER_WAIT = 30  # seconds a cluster may take to have a worker
CLUSTER_INSTALL = "pip install 'nuffle[cluster]', or pip install distributed"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "balance",
        help="sweeps of many games: the matrix, a team against all, variants",
        description="Play a sweep of Blitz Bowl games between bots and report each team's "
                    "wins, draws and losses with 95% intervals: every team against every "
                    "other (the default), one team against all (--team), with each coach "
                    "trait (--traits each), or with one number of one item set to each value "
                    "of a range (--vary). Each pairing plays each team at home in half its "
                    "games. The games run on local processes (--jobs) or on a Dask cluster "
                    "(--cluster); the figures are the same whichever runs them, for the "
                    "same seed.",
    )
    p.add_argument("--team", metavar="TEAM",
                   help="the team to sweep (default: every team against every other)")
    p.add_argument("--against", default="all", metavar="TEAMS",
                   help="the opponents of --team, or the teams of the matrix: team ids, "
                        "comma-separated, or all (the default)")
    p.add_argument("--traits", default="none", metavar="TRAITS",
                   help="with --team: the coach trait of the team's coach: none (the "
                        "default), each (one sweep per trait), or trait ids, comma-separated")
    p.add_argument("--vary", metavar="ITEM.FIELD=VALUES",
                   help="sweep one number of one item over VALUES (a range 1..6 or a list "
                        "1,3,5), e.g. break-some-bones.points=1..6 or "
                        "human.positions.blitzer.move=5..8, or a number in its rules by its "
                        "place, e.g. hulking-brute.rules.1=-2..0; ITEM is an id or KIND/ID, a "
                        "list element is named by its id; your files are never changed")
    p.add_argument("--margin", type=margin_points, metavar="M",
                   help="play each pairing in batches of 25 games until its rates are "
                        "within ±M points at 95%% (default: 5, unless --games is given)")
    p.add_argument("--games", type=whole_number(1, SIMULATED_GAMES), metavar="N",
                   help="games per pairing (with --margin: the most a pairing plays; "
                        "default: as many as the margin can need, 385 for 5 points)")
    p.add_argument("--seed", type=seed_number, default=2026,
                   help="the seed of the sweep (default: %(default)s, the balance page's)")
    p.add_argument("--bots", default="greedy,greedy", metavar="HOME,AWAY",
                   help="the bots: random, greedy (default: %(default)s, as the balance page)")
    p.add_argument("--jobs", type=whole_number(1, JOBS), default=default_jobs(), metavar="J",
                   help=f"local worker processes, 1 to {JOBS} (default: the processors this "
                        "command may use, %(default)s here)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="run the games on a running Dask scheduler, e.g. tcp://host:8786 "
                        f"(needs Dask's distributed: {CLUSTER_INSTALL})")
    p.add_argument("--cache", type=output_dir, metavar="DIR",
                   help="keep each pairing's games in DIR: the same sweep again, or one that "
                        "adds values, traits or teams, plays only what is new (any change to "
                        "the content or the engine plays everything again)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--output", type=output_file, metavar="FILE",
                   help="also write the sweep as JSON to FILE (for `nuffle site build "
                        "--sweep FILE`)")
    add_content_option(p)
    p.set_defaults(run=lambda args: run(args, p))


def connect(parser: argparse.ArgumentParser, address: str) -> Any:
    """A Dask client on the scheduler at ``address``: a usage error (exit 2) when Dask is
    not installed or the scheduler cannot be reached."""
    try:
        import distributed
    except ImportError:
        parser.exit(EXIT_USAGE, f"{parser.prog}: error: --cluster needs Dask's distributed "
                                f"package, which is not installed: {CLUSTER_INSTALL}\n")
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        parser.exit(EXIT_USAGE, f"{parser.prog}: error: --cluster {address[:80]}: cannot "
                                f"reach a Dask scheduler there ({str(exc)[:200]})\n")
    try:  # a scheduler with no worker would wait for ever
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except (OSError, TimeoutError) as exc:
        client.close()
        parser.exit(EXIT_USAGE, f"{parser.prog}: error: --cluster {address[:80]}: the "
                                f"scheduler has no worker after {WORKER_WAIT} s (start "
                                f"some with `dask worker {address[:80]}`) ({str(exc)[:100]})\n")
    return client


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.cli.engine_common import bots
    from nuffle.interpreter import sweep_cache
    from nuffle.interpreter.balance_sweep import Plan, plan_groups, records, report
    from nuffle.interpreter.engine_version import engine_version
    from nuffle.interpreter.errors import ContentError
    from nuffle.interpreter.sweep import (
        BATCH,
        DaskCluster,
        WorkerMismatch,
        content_for,
        load_content,
        local_executor,
        ruleset_of,
        run_groups,
    )
    from nuffle.interpreter.variants import VaryError, field_path, find_item, parse_vary, variant_text
    from nuffle.sitegen.balance import game_items

    extra = content_paths(parser, args)
    base = content_for(extra)
    try:
        ruleset = ruleset_of(base)
    except ContentError as exc:
        print(f"nuffle: {exc}", file=sys.stderr)
        return EXIT_CONTENT
    pair = bots(parser, args.bots)
    teams = sorted(ruleset.teams)
    team = args.team
    if team is not None and team not in teams:
        parser.error(f"--team: no team `{team}`; teams: {', '.join(teams)}")
    against = listed(parser, "--against", args.against, [t for t in teams if t != team])
    if team is None and len(against) < 2:
        parser.error("--against: the matrix needs two teams or more (or give --team)")
    traits: list[str | None] = [None]
    if args.traits != "none":
        if team is None:
            parser.error("--traits needs --team (the team whose coach has the trait)")
        traits = list(listed(parser, "--traits", args.traits, sorted(ruleset.traits),
                             every="each"))
    variants: list[tuple[int | None, Any]] = [(None, base)]
    vary = None
    if args.vary is not None:
        catalogue, _, _ = load_content(base)
        try:
            vary = parse_vary(args.vary)
            item = find_item(game_items(catalogue), vary.item)
            path = field_path(item, vary.field)
            texts = {v: variant_text(item, path, v) for v in vary.values}
        except VaryError as exc:
            parser.error(str(exc))
        variants = []
        for value, text in texts.items():
            content = content_for(extra, {Path(item.path): text})
            loaded, errors, docs = load_content(content)
            if errors:
                print_diagnostics(errors, docs)
                print(f"nuffle balance: the variant {vary.label}={value} has content errors "
                      "(shown above); no game was played", file=sys.stderr)
                return EXIT_CONTENT
            ruleset_of(content, loaded)  # checked: compiled from what was just loaded
            variants.append((value, content))
    client = None
    if args.cluster is not None:  # stamped: a worker with other content or engine refuses
        client = connect(parser, args.cluster)
        variants = [(v, dataclasses.replace(c, version=ruleset_of(c).version,
                                            engine=engine_version())) for v, c in variants]
    margin = args.margin if args.margin is not None else (5.0 if args.games is None else None)
    plan = Plan(team=team, against=against, traits=traits, variants=variants, bots=pair,
                seed=args.seed, margin=margin, games=args.games,
                vary=vary.label if vary else None)
    groups = plan_groups(plan)
    cached, keys = cached_groups(args.cache, plan, groups)
    to_play = [(g, m) for n, (g, m) in enumerate(groups) if n not in cached]
    if client is not None:
        executor: Any = DaskCluster(client)
    else:
        for _, content in variants:  # built here: the forked workers inherit them
            ruleset_of(content)
        executor = local_executor(max(1, min(args.jobs, sum(-(-g.cap // BATCH)
                                                            for g, _ in to_play))))
    from nuffle.cli.progress import progress_bar
    bar = progress_bar(True, total=sum(g.cap for g, _ in to_play), unit="game")

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    try:
        run_groups([g for g, _ in to_play], executor, None if margin is None else margin / 100,
                   tallies=False, progress=progress)
    except WorkerMismatch as exc:
        print(f"nuffle balance: a worker refused the games: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        bar.close()
        if client is not None:
            client.close()
    played = [(cached[n] if n in cached else records(g), m)
              for n, (g, m) in enumerate(groups)]
    if args.cache is not None:
        for n, (games, _) in enumerate(played):
            if n not in cached:
                sweep_cache.write(Path(args.cache), keys[n], games)
    data = report(plan, played, ruleset.names)
    if args.output:
        Path(args.output).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.format == "json":
        json.dump(data, sys.stdout, indent=2)
        print()
    else:
        print(text_report(data))
    return 0


def cached_groups(folder: str | None, plan: Any, groups: list[tuple[Any, Any]]
                  ) -> tuple[dict[int, list[tuple[int, int, int]]], list[str]]:
    """The groups found in the cache folder (by their place in ``groups``), and every
    group's key; nothing without a folder."""
    if folder is None:
        return {}, []
    from nuffle.interpreter import sweep_cache
    from nuffle.interpreter.engine_version import engine_version
    from nuffle.interpreter.sweep import BATCH, ruleset_of
    keys = [sweep_cache.group_key({
        "engine": engine_version(), "content": ruleset_of(g.content).version,
        "team": m.team, "opponent": m.opponent, "trait": m.trait, "seed": plan.seed,
        "bots": list(plan.bots), "margin": plan.margin, "cap": plan.cap, "batch": BATCH})
        for g, m in groups]
    found = {n: sweep_cache.read(Path(folder), key) for n, key in enumerate(keys)}
    return {n: games for n, games in found.items() if games is not None}, keys


def listed(parser: argparse.ArgumentParser, flag: str, value: str, known: list[str],
           every: str = "all") -> list[str]:
    """``every`` (all of ``known``), or ids of ``known`` comma-separated (an unknown one is
    a usage error)."""
    if value.strip() == every:
        return list(known)
    names = [v.strip() for v in value.split(",") if v.strip()]
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        parser.error(f"{flag}: no `{', '.join(unknown) or value}` here; choose from "
                     f"{', '.join(known)} or {every}")
    return list(dict.fromkeys(names))


def text_report(data: dict) -> str:
    """The rows of the sweep: games, win rate with its interval, draws and losses."""
    lines = [data["title"]]
    width = max(12, *(len(r["label"]) for r in data["rows"]))
    lines.append(f"  {'':<{width}} {'games':>6} {'win %':>6} {'95% interval':>13} "
                 f"{'draw %':>7} {'loss %':>7}")
    for r in data["rows"]:
        low, high = r["wins"]["ci95"]
        lines.append(f"  {r['label']:<{width}} {r['games']:>6} {100 * r['wins']['rate']:>6.1f} "
                     f"{f'{100 * low:.1f}-{100 * high:.1f}':>13} "
                     f"{100 * r['draws']['rate']:>7.1f} {100 * r['losses']['rate']:>7.1f}")
    lines.append(f"  {data['games']} games")
    return "\n".join(lines)
