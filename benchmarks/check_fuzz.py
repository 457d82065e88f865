"""Fuzz `nuffle check`: mutate real content files by class (tests/content/mutants.py) and
count the answers that are not diagnostics inside the file.

Prints the mutants tried per class, the tracebacks (an exception escaping the checker) and
the diagnostics placed outside their file, with the seed of the first few, beside the
targets of issue 10: 0 tracebacks and 0 misplaced in 10,000 mutants.

    python benchmarks/check_fuzz.py --mutants 10000 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "content"))

from mutants import CLASSES, FastCheck, mutate  # noqa: E402

from nuffle.catalogue.loader import content_files  # noqa: E402

_CHECK: list[FastCheck] = []
FILES: list[Path] = []


def _init() -> None:
    FILES.extend(content_files())
    _CHECK.append(FastCheck())


def _inside(diags, path: Path, text: str) -> bool:
    lines = text.split("\n")
    for d in diags:
        if Path(d.path).resolve() != path.resolve():
            continue
        if not (1 <= d.line <= len(lines) and 1 <= d.column <= len(lines[d.line - 1]) + 1):
            return False
    return True


def one(seed: int) -> tuple[int, str, str]:
    """(seed, class, outcome): outcome is ok, traceback: … or outside."""
    rng = random.Random(seed)
    path = rng.choice(FILES)
    classes = sorted(CLASSES)
    klass, text = mutate(rng, path.read_text(encoding="utf-8"), classes[seed % len(classes)])
    try:
        diags, _ = _CHECK[0].check(path, text)
    except Exception:  # noqa: BLE001 - counting them is the point
        return seed, klass, "traceback: " + traceback.format_exc(limit=-3)
    return seed, klass, "ok" if _inside(diags, path, text) else "outside"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    tried: Counter = Counter()
    bad: list[tuple[int, str, str]] = []
    seeds = range(args.seed * 100_000, args.seed * 100_000 + args.mutants)
    with multiprocessing.Pool(args.jobs, initializer=_init) as pool:
        for seed, klass, outcome in pool.imap_unordered(one, seeds, chunksize=20):
            tried[klass] += 1
            if outcome != "ok":
                bad.append((seed, klass, outcome))
    elapsed = time.perf_counter() - start
    tracebacks = [b for b in bad if b[2].startswith("traceback")]
    outside = [b for b in bad if b[2] == "outside"]
    print(f"nuffle check fuzz: {sum(tried.values()):,} mutants in {elapsed:.0f} s on "
          f"{args.jobs} processes ({1000 * elapsed / max(1, sum(tried.values())):.0f} ms each)")
    print("  per class: " + ", ".join(f"{k} {n}" for k, n in sorted(tried.items())))
    print(f"  tracebacks: {len(tracebacks)} (target 0)")
    print(f"  diagnostics outside their file: {len(outside)} (target 0)")
    for seed, klass, outcome in sorted(bad)[:5]:
        print(f"--- seed {seed} ({klass})\n{outcome}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
