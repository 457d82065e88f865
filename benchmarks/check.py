"""Benchmark: load and check all bundled content.

Prints the cold time (a fresh interpreter per run, as a user running `nuffle check` sees
it; the Lark grammar cache is allowed), the warm time in one process, and the cost per item.
Pinned to one core with `taskset` where available.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time

RUNS = 7

COLD_SNIPPET = """
import json, time
t0 = time.perf_counter()
from nuffle.catalogue.loader import load_catalogue
t1 = time.perf_counter()
cat, diags, docs = load_catalogue()
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "check": t2 - t1, "items": len(cat.items),
                  "files": len(docs), "errors": len(diags)}))
"""


def cold_run() -> dict:
    cmd = [sys.executable, "-c", COLD_SNIPPET]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    result = json.loads(out)
    result["process"] = time.perf_counter() - start
    return result


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
    cold_run()  # make sure the Lark grammar cache exists
    colds = [cold_run() for _ in range(RUNS)]
    warm = warm_runs()
    items = colds[0]["items"]
    med = statistics.median
    print(f"content: {items} items in {colds[0]['files']} files, {colds[0]['errors']} errors")
    print(f"cold, whole process (median of {RUNS}): {med(c['process'] for c in colds):.3f} s")
    print(f"cold, import of nuffle:               {med(c['import'] for c in colds):.3f} s")
    print(f"cold, load + check all content:       {med(c['check'] for c in colds):.3f} s")
    print(f"warm, load + check all content:       {med(warm):.3f} s "
          f"(min {min(warm):.3f} s)")
    print(f"per item (warm):                      {1000 * med(warm) / max(items, 1):.2f} ms")
    print(f"cpu cores used: 1 (taskset: {'yes' if shutil.which('taskset') else 'no'}), "
          f"machine has {os.cpu_count()}")


if __name__ == "__main__":
    main()
