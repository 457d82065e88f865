"""Benchmark: a new team's balance in seconds, and sweeps on local processes or a cluster.

Times, as an author runs them (a fresh `nuffle` process, start-up included):
- `nuffle simulate --home TEAM --away all --margin 5`: every pairing known within ±5 points
  at 95%, beside the target of issue 16 (under 15 s on a 2-core machine);
- `nuffle balance --team TEAM --games N`: a sweep's games per second on local processes,
  and with --cluster ADDRESS (a running Dask scheduler) or --local-cluster W (W workers
  started here on loopback) on Dask too, checking that both give the same JSON.
The machine may be shared: run it several times and keep the best.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

TARGET_SECONDS = 15.0
NUFFLE = [sys.executable, "-m", "nuffle.cli.main"]


def timed(argv: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([*NUFFLE, *argv], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"nuffle {' '.join(argv)} failed ({done.returncode}): {done.stderr[-500:]}")
    return seconds, done.stdout


def simulate_all(team: str, bots: str, jobs: int) -> dict[str, Any]:
    seconds, out = timed(["simulate", "--home", team, "--away", "all", "--margin", "5",
                          "--bots", bots, "--jobs", str(jobs), "--format", "json"])
    games = sum(p["games"] for p in json.loads(out)["pairings"])
    return {"seconds": round(seconds, 2), "games": games,
            "games_per_second": round(games / seconds, 1)}


def sweep(team: str, bots: str, games: int, more: list[str]) -> tuple[dict[str, Any], str]:
    seconds, out = timed(["balance", "--team", team, "--games", str(games), "--bots", bots,
                          "--format", "json", *more])
    played = json.loads(out)["games"]
    return {"seconds": round(seconds, 2), "games": played,
            "games_per_second": round(played / seconds, 1)}, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--team", default="human")
    parser.add_argument("--bots", default="greedy,greedy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sweep-games", type=int, default=50, help="games per pairing")
    parser.add_argument("--cluster", metavar="ADDRESS", help="a running Dask scheduler")
    parser.add_argument("--local-cluster", type=int, metavar="W",
                        help="start W Dask workers on loopback for the cluster figure")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures: dict[str, Any] = {
        "simulate_all_margin_5": simulate_all(args.team, args.bots, args.jobs)}
    local, local_out = sweep(args.team, args.bots, args.sweep_games, ["--jobs", str(args.jobs)])
    figures["sweep_local"] = local
    address, cluster = args.cluster, None
    if address is None and args.local_cluster:
        import distributed
        cluster = distributed.LocalCluster(n_workers=args.local_cluster, threads_per_worker=1,
                                           processes=True, host="127.0.0.1",
                                           dashboard_address=None)
        address = cluster.scheduler_address
    try:
        if address is not None:
            # once to start the workers (imports, rulesets), then the figure
            sweep(args.team, args.bots, 2, ["--cluster", address])
            on_cluster, cluster_out = sweep(args.team, args.bots, args.sweep_games,
                                            ["--cluster", address])
            on_cluster["same_json_as_local"] = cluster_out == local_out
            figures["sweep_cluster"] = on_cluster
    finally:
        if cluster is not None:
            cluster.close()
    if args.json:
        print(json.dumps({"target_seconds": TARGET_SECONDS, "figures": figures}, indent=2))
        return
    s = figures["simulate_all_margin_5"]
    print(f"simulate --home {args.team} --away all --margin 5 --bots {args.bots} "
          f"--jobs {args.jobs}: {s['seconds']:.1f} s for {s['games']} games "
          f"({s['games_per_second']:.0f} games/s) (target: under {TARGET_SECONDS:.0f} s)")
    for name in ("sweep_local", "sweep_cluster"):
        if name in figures:
            f = figures[name]
            where = "local processes" if name == "sweep_local" else "Dask cluster"
            same = "" if name == "sweep_local" else \
                f", same JSON as local: {f['same_json_as_local']}"
            print(f"balance sweep on {where}: {f['games']} games in {f['seconds']:.1f} s "
                  f"({f['games_per_second']:.0f} games/s{same})")


if __name__ == "__main__":
    main()
