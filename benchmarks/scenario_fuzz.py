"""Benchmark: the scenario fuzzer. N mutants of the bundled scenario files through the path
`nuffle scenario` takes (the loader's checks, then the runner), in-process, on one core.

Prints the mutants tried, the tracebacks (exceptions that reached the command: internal
errors, or anything escaping `run_files`; target 0), the outcomes by kind, the mutations
used, and the time. Each load checks one mutant of every scenario file with the bundled
content. A mutant that crashes is printed with its seed, so it can be replayed:
`python benchmarks/scenario_fuzz.py --seed S --mutants 101`. Target (issue 10): 0
tracebacks in 2,000 mutants; and fast enough for the test suite's 300 to take well under a
minute.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset

from nuffle.cli.scenario_cmd import INTERNAL, OUTCOMES, run_files

ROOT = Path(__file__).resolve().parents[1]
TARGET_TRACEBACKS = 0
TARGET_SECONDS_PER_300 = 30.0  # the test suite's run, on one core


def mutants_module():
    """tests/cli/scenario_mutants.py: the mutators the tests use."""
    spec = importlib.util.spec_from_file_location(
        "scenario_mutants", ROOT / "tests" / "cli" / "scenario_mutants.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def one_batch(mutants, ruleset, seed: int, size: int) -> tuple[int, Counter, Counter, list[str]]:
    """Mutate ``size`` scenario files with ``seed`` and run them; the count, the outcomes, the
    mutations and a line for each traceback."""
    batch = mutants.mutants(random.Random(seed), size)
    kinds = Counter(name for _, names, _ in batch for name in names)
    try:
        report = run_files(ruleset, [p for p, _, _ in batch], [],
                           overrides={p: text for p, _, text in batch})
    except Exception:  # noqa: BLE001 - counted: this is what the target forbids
        return len(batch), Counter({"escaped": 1}), kinds, [
            f"seed {seed}: escaped run_files: {traceback.format_exc(limit=4)}"]
    crashes = [f"seed {seed}: {Path(r.file).name}: {r.failures[0]}" for r in report.runs
               if r.outcome == INTERNAL]
    return len(batch), Counter(r.outcome for r in report.runs), kinds, crashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=2000, help="how many (default: 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the first batch's seed")
    args = parser.parse_args()
    pin_one_core()
    mutants = mutants_module()
    ruleset = load_ruleset()
    size = len(mutants.SCENARIOS)
    tried, outcomes, kinds, crashes = 0, Counter(), Counter(), []
    start = time.perf_counter()
    seed = args.seed
    while tried < args.mutants:
        n, got, used, bad = one_batch(mutants, ruleset, seed, min(size, args.mutants - tried))
        tried, seed = tried + n, seed + 1
        outcomes.update(got)
        kinds.update(used)
        crashes += bad
    elapsed = time.perf_counter() - start
    per_300 = 300 * elapsed / max(tried, 1)
    print(f"mutants tried:      {tried} ({len(mutants.SCENARIOS)} scenario files, one mutant "
          f"of each per load)")
    print(f"tracebacks:         {len(crashes)} (target {TARGET_TRACEBACKS})")
    print("outcomes (runs; a scenario with a `without` block runs twice):")
    for outcome in (*OUTCOMES, "escaped"):
        if outcomes[outcome] or outcome != "escaped":
            print(f"  {outcome:<17} {outcomes[outcome]:>6}")
    print("mutations used:     " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(f"time:               {elapsed:.1f} s, {tried / elapsed:.0f} mutants/s on one core; "
          f"{per_300:.1f} s per 300 (target < {TARGET_SECONDS_PER_300:.0f} s)")
    for line in crashes:
        print(line, file=sys.stderr)
    return 1 if len(crashes) > TARGET_TRACEBACKS else 0


if __name__ == "__main__":
    sys.exit(main())
