"""The adversarial content of issue 10 through every command, with time and peak memory.

Each case of tests/engine/test_adversarial.py (an ability a hostile author could write,
on every player of a copy of the Human team) runs through `check`, `play`, `simulate` and
`league`; the table shows each command's outcome (the code it reports, or "bounded game"),
its wall time and its peak memory, beside the targets: a clear error or a bounded game,
under 60 s and 1 GiB each (the audit saw 30-60 s hangs and up to 3 GB before).

    python benchmarks/adversarial.py
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from test_adversarial import REFUSED_BY_CHECK, STOPPED_IN_GAME, write_pack  # noqa: E402

TARGET_SECONDS = 60
TARGET_BYTES = 1 << 30
CODE = re.compile(r"error\[([A-Z]\d{3})\]")


# runs one command and reports its own peak memory: RUSAGE_CHILDREN of a process that has
# one child is that child's peak, whatever ran before in the benchmark
MEASURE = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
           "print('peak', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
           "file=sys.stderr); sys.exit(done.returncode)")


def run(args: list[str], cwd: Path) -> tuple[int, str, float, int]:
    """(exit status, the first code reported, wall seconds, peak resident bytes)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m",
                           "nuffle.cli.main", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600, check=False)
    wall = time.perf_counter() - start
    peak = int(re.findall(r"^peak (\d+)$", done.stderr, re.M)[-1]) * 1024
    if "Traceback" in done.stderr:
        return done.returncode, "TRACEBACK", wall, peak
    found = CODE.search(done.stdout + done.stderr)
    return done.returncode, found.group(1) if found else "-", wall, peak


def commands(name: str, pack: Path, runtime: bool) -> dict[str, list[str]]:
    team = f"{name}-team"
    out = {"check": ["check", str(pack)],
           "play": ["play", "--home", team, "--away", "dwarf", "--seed", "2",
                    "--bots", "random,random", "--content", str(pack)]}
    if runtime:
        out["simulate"] = ["simulate", "--home", team, "--away", "dwarf", "--games", "2",
                           "--bots", "random,random", "--content", str(pack)]
        out["league"] = ["league", "--coaches", "3", "--teams", f"{team},dwarf,orc",
                         "--bots", "random", "--content", str(pack)]
    return out


def main() -> int:
    worst_time = worst_peak = 0.0
    failures = 0
    print(f"{'case':<22}{'command':<10}{'exit':>5}  {'code':<10}{'time s':>8}{'peak MiB':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        cases = [(n, r, c, False) for n, (r, c) in sorted(REFUSED_BY_CHECK.items())]
        cases += [(n, r, c, True) for n, (r, c) in sorted(STOPPED_IN_GAME.items())]
        for name, rules, code, runtime in cases:
            pack = write_pack(root, name, rules)
            for command, args in commands(name, pack, runtime).items():
                status, found, wall, peak = run(args, root)
                expected = "0" if (runtime and command == "check") or \
                    (code is None and command != "check") else "1"
                ok = str(status) == expected and found != "TRACEBACK"
                failures += not ok
                worst_time, worst_peak = max(worst_time, wall), max(worst_peak, peak)
                shown = found if found != "-" else (
                    "clean" if command == "check" else "bounded game" if status == 0
                    else "refused")
                print(f"{name:<22}{command:<10}{status:>5}  {shown:<10}{wall:>8.2f}"
                      f"{peak / (1 << 20):>10.0f}{'' if ok else '  UNEXPECTED'}")
    print(f"\nslowest command: {worst_time:.1f} s (target under {TARGET_SECONDS} s); largest "
          f"peak: {worst_peak / (1 << 20):.0f} MiB (target under {TARGET_BYTES >> 20} MiB); "
          f"unexpected outcomes: {failures} (target 0)")
    return 1 if failures or worst_time > TARGET_SECONDS or worst_peak > TARGET_BYTES else 0


if __name__ == "__main__":
    sys.exit(main())
