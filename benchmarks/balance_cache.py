"""Benchmark: the balance matrix's per-pairing cache.

Plays the matrix three times into one fresh cache folder: cold (every pairing played),
warm (the same content again), and with one new team from an extra content file (a pack
author's team against all the others). Prints the pairings and games played and reused in
each, beside the targets (issue 14): warm plays 0 games; a new team plays only its own
n-1 pairings (n teams with it). The seconds are printed for information; the targets are
counts of work, which do not depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from nuffle.sitegen import balance

NEW_TEAM = """\
kind: team
id: benchmark-team
name: Benchmark Team
edition: blitz-bowl-s2
source: {seed: 003_ebf824c1784b0023.txt, page: "appendix: Squadre (Skaven)"}
text: A team made up for the balance-cache benchmark.
text_source: project
positions:
  - {id: runner, name: Runner, count: 3, move: 8, throw: 4, armour: 5, abilities: []}
  - {id: lineman, name: Lineman, count: 3, move: 7, throw: 4, armour: 5, abilities: []}
"""


class Counting:
    """run_games, counting the games it is asked to play."""

    def __init__(self) -> None:
        self.games = 0
        self.real = balance.run_games

    def __call__(self, specs: list, *args: Any, **kwargs: Any) -> list:
        self.games += len(specs)
        return self.real(specs, *args, **kwargs)


def team_file(folder: Path) -> Path:
    path = folder / "benchmark-team.yaml"
    path.write_text(NEW_TEAM, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing (default 4)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    counting = Counting()
    balance.run_games = counting
    figures: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cache, extra = Path(tmp) / "cache", [team_file(Path(tmp))]
        for name, files in (("cold", []), ("warm", []), ("new_team", extra)):
            before = counting.games
            start, cpu = time.perf_counter(), time.process_time()
            data = balance.load_or_simulate(cache, args.games, args.jobs, True, extra=files)
            assert data is not None
            figures[name] = {"teams": len(data["tally"]),
                             "pairings_simulated": data["pairings"]["simulated"],
                             "pairings_reused": data["pairings"]["reused"],
                             "games_simulated": counting.games - before,
                             "seconds": round(time.perf_counter() - start, 2),
                             "cpu_seconds": round(time.process_time() - cpu, 2)}
    n = figures["new_team"]["teams"]
    targets = {"cold": f"every pairing: {n - 1} teams, {(n - 1) * (n - 2) // 2} pairings",
               "warm": "0 games simulated",
               "new_team": f"only the new team's {n - 1} pairings"}
    if args.json:
        print(json.dumps({"games_per_pairing": args.games, "figures": figures,
                          "targets": targets}, indent=2))
        return
    print(f"balance matrix cache, {args.games} games per pairing, jobs {args.jobs}")
    for name, row in figures.items():
        print(f"{name:9} {row['teams']:.0f} teams: {row['pairings_simulated']:.0f} pairings "
              f"simulated, {row['pairings_reused']:.0f} reused, {row['games_simulated']:.0f} "
              f"games, {row['seconds']:.2f} s ({row['cpu_seconds']:.2f} s CPU in this process) "
              f"(target: {targets[name]})")


if __name__ == "__main__":
    main()
