"""What `nuffle` imports before it does anything, by Python's own `-X importtime`.

Each case runs `nuffle ...` in a fresh interpreter with `-X importtime` and adds up the
cumulative time of the modules it imports itself (the top-level entries after the program
starts: the interpreter's own start-up, `site` and `encodings`, is not counted). The figure is
the best of --runs runs (the machine is shared: the least disturbed run is the truest), beside
the target of issue 16 (80 ms) and the 180 ms measured before the commands were loaded lazily;
the heaviest imports of that run are listed under it.

    python benchmarks/startup.py [--runs 7] [--top 8]

`check` runs a whole check of the bundled content each time (a few seconds): its figure is the
imports made during the run, not the run's time.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

TARGET_MS = 80
BEFORE_MS = 180  # issue 16: every command module imported before anything was done
MARK = "nuffle-startup-benchmark: program starts"
PROGRAM = (f"import sys; sys.stderr.write({MARK!r} + '\\n'); "
           "from nuffle.cli.main import main; sys.exit(main(sys.argv[1:]))")
ENTRY = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)$")
CASES = {
    "nuffle --help": ["--help"],
    "nuffle check --help": ["check", "--help"],
    "nuffle check": ["check"],
}


def measure(args: list[str]) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of each top-level import made by `nuffle ARGS`."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", PROGRAM, *args],
                          capture_output=True, text=True, check=False, timeout=600)
    lines = done.stderr.splitlines()
    if done.returncode not in (0, 1) or MARK not in lines:
        sys.exit(f"nuffle {' '.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    imports = []
    for line in lines[lines.index(MARK) + 1:]:
        found = ENTRY.match(line)
        if found and not found.group(3):  # top level: its time includes what it imported
            imports.append((int(found.group(2)), found.group(4)))
    return imports


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per case (default: 7)")
    parser.add_argument("--top", type=int, default=8, help="heaviest imports listed (default: 8)")
    options = parser.parse_args()
    print(f"import time of nuffle's own modules, best of {options.runs} runs "
          f"(target {TARGET_MS} ms; {BEFORE_MS} ms before)")
    for name, args in CASES.items():
        runs = [measure(args) for _ in range(options.runs)]
        best = min(runs, key=lambda imports: sum(t for t, _ in imports))
        total = sum(t for t, _ in best) / 1000
        verdict = "ok" if total < TARGET_MS else "over the target"
        print(f"\n{name:22} {total:7.1f} ms  ({verdict}; {len(best)} top-level imports)")
        for micros, module in sorted(best, reverse=True)[:options.top]:
            print(f"    {micros / 1000:7.1f} ms  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
