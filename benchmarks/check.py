"""Benchmark: load and check all bundled content.

Prints the time of a fresh interpreter per run, as a user running `nuffle check` sees it,
with a cold content cache (a new cache folder holding only the grammar's parse tables:
every file is loaded from source) and with a warm one (every file comes from the cache),
run in turn; then the warm time in one process, and the cost per item. Each fresh run also
reports its processor time, which the machine's load swells less. Pinned to one core with
`taskset` where available.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 7

COLD_SNIPPET = """
import json, time
t0 = time.perf_counter()
from nuffle.catalogue.loader import load_catalogue
t1 = time.perf_counter()
cat, diags, docs = load_catalogue()
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "check": t2 - t1, "items": len(cat.items),
                  "files": len(docs), "errors": len(diags), "cpu": time.process_time()}))
"""


def cold_run(cache: str | None = None) -> dict:
    """One fresh interpreter loading all content with its cache in ``cache`` (None: a new
    folder holding only the grammar's parse tables, from the warm one)."""
    folder = cache or tempfile.mkdtemp(prefix="nuffle-check-cold-")
    if cache is None:
        for tables in Path(WARM).glob("grammar-*"):
            shutil.copy(tables, folder)
    cmd = [sys.executable, "-c", COLD_SNIPPET]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True,
                             env={**os.environ, "NUFFLE_CACHE_DIR": folder,
                                  "NUFFLE_NO_CACHE": ""}).stdout
    finally:
        if cache is None:
            shutil.rmtree(folder, ignore_errors=True)
    result = json.loads(out)
    result["process"] = time.perf_counter() - start
    return result


WARM = tempfile.mkdtemp(prefix="nuffle-check-warm-")


def warm_runs() -> list[float]:
    from nuffle.catalogue.loader import load_catalogue

    load_catalogue()
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        load_catalogue()
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    try:
        cold_run(WARM)  # the grammar's tables, and every file's entry, in the warm cache
        colds, warms = [], []
        for _ in range(RUNS):  # in turn: the machine's load falls on both alike
            colds.append(cold_run())
            warms.append(cold_run(WARM))
    finally:
        shutil.rmtree(WARM, ignore_errors=True)
    warm = warm_runs()
    items = colds[0]["items"]
    med = statistics.median
    print(f"content: {items} items in {colds[0]['files']} files, {colds[0]['errors']} errors")
    for name, runs in (("cold cache", colds), ("warm cache", warms)):
        print(f"{name}, whole process (median of {RUNS}): "
              f"{med(c['process'] for c in runs):.3f} s (best {min(c['process'] for c in runs):.3f}"
              f" s), CPU {med(c['cpu'] for c in runs):.3f} s")
        print(f"{name}, import of nuffle:               {med(c['import'] for c in runs):.3f} s")
        print(f"{name}, load + check all content:       {med(c['check'] for c in runs):.3f} s")
    print(f"one process, load + check again:        {med(warm):.3f} s "
          f"(min {min(warm):.3f} s)")
    print(f"per item (warm):                      {1000 * med(warm) / max(items, 1):.2f} ms")
    print(f"cpu cores used: 1 (taskset: {'yes' if shutil.which('taskset') else 'no'}), "
          f"machine has {os.cpu_count()}")


if __name__ == "__main__":
    main()
