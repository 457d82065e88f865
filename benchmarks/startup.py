"""What `nuffle` imports before it does anything, by Python's own `-X importtime`.

Each case runs `nuffle ...` in a fresh interpreter with `-X importtime` and adds up the
cumulative time of the modules it imports itself (the top-level entries after the program
starts: the interpreter's own start-up, `site` and `encodings`, is not counted). The figure is
the best of --runs runs (the machine is shared: the least disturbed run is the truest), beside
the target of issue 16 (80 ms) and the 180 ms measured before the commands were loaded lazily;
the heaviest imports of that run are listed under it.

On a busy machine wall-clock times swell with the load, so each case is also given as CPU
time: a fresh interpreter imports the same top-level modules in the same order and reports
the processor time that took (best of --runs).

    python benchmarks/startup.py [--runs 7] [--top 8]

`check` runs a whole check of the bundled content each time (up to a few seconds): its figure
is the imports made during the run, not the run's time. It is measured six times: with a
cold content cache (a new cache folder each run holding only the grammar's kept files, its
parse tables and the stand-alone parser nuffle.dsl.kept_parser keeps: every file is loaded
from source, so YAML and the kept parser are imported, and the syntax tree, vocabularies and
checker; jsonschema only for a file the quick schema check does not find valid, none of the
bundled ones); after an
author edited one file, in a copy of the content whose other files come from the cache: a
scenario (YAML and the quick schema check are imported to load it again), an ability, a
comment added after its rules (the same: its rules' syntax tree and names findings are
kept), and an ability's rules, a comment added in them (the kept parser too, to parse them,
and the syntax tree, vocabularies and checker, to check their names); with every file in the cache
(its kept report removed: the catalogue is loaded and checked, but the names findings are
kept: none of those is imported); and unchanged (the report the run before kept is printed
again: neither the loader, the rules language nor the vocabularies are imported). Run the
script with another checkout's interpreter to measure that checkout (one without the content
cache gives the cold figure in all, one without the kept report the warm figure when
unchanged).

Modules are imported from their bytecode, as from an installed wheel (pip compiles it): the
children run with their own bytecode folder (PYTHONPYCACHEPREFIX, filled by the first run,
so no checkout is written to) even where PYTHONDONTWRITEBYTECODE is set. --from-source
measures the way an editable install run with PYTHONDONTWRITEBYTECODE does: Nuffle's
modules compiled at each run (unless its checkout holds their bytecode from another run), the
libraries' read from the bytecode they were installed with.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

TARGET_MS = 80
BEFORE_MS = 180  # issue 16: every command module imported before anything was done
MARK = "nuffle-startup-benchmark: program starts"
PROGRAM = (f"import sys; sys.stderr.write({MARK!r} + '\\n'); "
           "from nuffle.cli.main import main; sys.exit(main(sys.argv[1:]))")
# the processor time of importing the modules named in argv, in order
IMPORTS_CPU = ("import importlib, sys, time; start = time.process_time()\n"
               "for name in sys.argv[1:]: importlib.import_module(name)\n"
               "print((time.process_time() - start) * 1000)")
ENTRY = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)$")
CASES = {
    "nuffle --help": ["--help"],
    "nuffle check --help": ["check", "--help"],
    "nuffle check, cold cache": ["check"],
    "nuffle check, a scenario edited": ["check"],
    "nuffle check, an ability edited": ["check"],
    "nuffle check, an ability's rules edited": ["check"],
    "nuffle check, warm cache": ["check"],
    "nuffle check, unchanged": ["check"],
}
# the file each "edited" case changes, in the copy of the content (a comment added at each
# run: the file's text is new, so it alone is loaded from source)
EDITED = {"scenario": "blitz-bowl/scenarios", "ability": "blitz-bowl/abilities"}


class Figures(NamedTuple):
    wall_ms: float  # -X importtime, the best run
    cpu_ms: float  # processor time of the same imports, the best run
    modules: int  # imported in all
    heaviest: list[tuple[int, str]]  # (microseconds, top-level module) of the best run


class Setting(NamedTuple):
    """Where the children find their bytecode and the copy of the content an author edits."""

    env: dict[str, str]  # the children's environment
    content: Path  # the edited copy of the bundled content


def measure(args: list[str], cache: str, setting: Setting, content: Path | None = None
            ) -> tuple[list[tuple[int, str]], int]:
    """(cumulative microseconds, module) of each top-level import made by `nuffle ARGS`
    with its content cache in ``cache`` (and its content in ``content``, else the bundled
    one), in the order they were made; and how many modules were imported in all."""
    env = {**setting.env, "NUFFLE_CACHE_DIR": cache, "NUFFLE_NO_CACHE": ""}
    if content is not None:
        env["NUFFLE_CONTENT"] = str(content)
    # run in the work folder: `python -c` looks for modules in its working folder first,
    # where a checkout would lend its `nuffle` to another checkout's interpreter
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", PROGRAM, *args],
                          capture_output=True, text=True, check=False, timeout=600, env=env,
                          cwd=setting.content.parent)
    lines = done.stderr.splitlines()
    if done.returncode not in (0, 1) or MARK not in lines:
        sys.exit(f"nuffle {' '.join(args)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    imports, count = [], 0
    for line in lines[lines.index(MARK) + 1:]:
        found = ENTRY.match(line)
        count += found is not None
        if found and not found.group(3):  # top level: its time includes what it imported
            imports.append((int(found.group(2)), found.group(4)))
    return imports, count


def cpu_ms(modules: list[str], setting: Setting) -> float:
    done = subprocess.run([sys.executable, "-c", IMPORTS_CPU, *modules], capture_output=True,
                          text=True, check=True, timeout=600, env=setting.env,
                          cwd=setting.content.parent)
    return float(done.stdout)


def edited_file(content: Path, what: str) -> Path:
    """The first file of EDITED[what] in ``content`` (an ability: one with rules)."""
    return next(f for f in sorted((content / EDITED[what]).glob("*.yaml"))
                if what != "ability" or "\nrules: |\n" in f.read_text(encoding="utf-8"))


def run(args: list[str], warm: str, case: str, setting: Setting, index: int
        ) -> tuple[list[tuple[int, str]], int]:
    """measure() with the warm cache folder (without the report a check keeps, for the warm
    case: the next case, unchanged, finds the one its last run kept), or (cold) with a new
    one holding only the grammar's kept files (its parse tables and kept parser, made by the
    first check that parses rules: a new checkout of the content would have them); an
    "edited" case checks the copy of the content after adding a comment to one of its
    files."""
    if "warm" in case:
        for kept in Path(warm, "check").glob("*.json"):
            kept.unlink()
    if "edited" in case:
        what = case.split()[3].removesuffix("'s")
        edited = edited_file(setting.content, what)
        if "rules" in case:  # a comment in its rules text: the rules are parsed again
            text = edited.read_text(encoding="utf-8")
            head, rules = text.split("\nrules: |\n", 1)
            indent = rules[:len(rules) - len(rules.lstrip(" "))]
            edited.write_text(f"{head}\nrules: |\n{indent}# edited for the start-up "
                              f"benchmark, run {index}\n{rules}", encoding="utf-8")
        else:  # a comment after its last line: its file is loaded again, not its rules
            with edited.open("a", encoding="utf-8") as out:
                out.write(f"# edited for the start-up benchmark, run {index}\n")
        return measure(args, warm, setting, setting.content)
    if "cold" not in case:
        return measure(args, warm, setting)
    cold_folder = tempfile.mkdtemp(prefix="nuffle-startup-cold-")
    for tables in Path(warm).glob("grammar-*"):
        shutil.copy(tables, cold_folder)
    try:
        return measure(args, cold_folder, setting)
    finally:
        shutil.rmtree(cold_folder, ignore_errors=True)


def best_of(runs: list[tuple[list[tuple[int, str]], int]], options: argparse.Namespace,
            setting: Setting) -> Figures:
    best, count = min(runs, key=lambda run: sum(t for t, _ in run[0]))
    modules = [module for _, module in best]
    cpu = min(cpu_ms(modules, setting) for _ in range(options.runs))
    return Figures(sum(t for t, _ in best) / 1000, cpu, count,
                   sorted(best, reverse=True)[:options.top])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per case (default: 7)")
    parser.add_argument("--top", type=int, default=8, help="heaviest imports listed (default: 8)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--from-source", action="store_true",
                        help="compile Nuffle's modules at each run (no bytecode kept)")
    options = parser.parse_args()
    figures: dict[str, Figures] = {}
    work = Path(tempfile.mkdtemp(prefix="nuffle-startup-"))
    warm = str(work / "cache")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    if options.from_source:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(work / "bytecode")
    content = work / "content"
    setting = Setting(env, content)
    try:
        from nuffle.paths import content_dir  # the checkout measured: the interpreter's
        shutil.copytree(content_dir(), content)
        measure(["check"], warm, setting)  # fills the warm cache (and the bytecode)
        measure(["check"], warm, setting, content)  # and the copy's
        for name, args in CASES.items():
            runs = [run(args, warm, name, setting, i) for i in range(options.runs)]
            figures[name] = best_of(runs, options, setting)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if options.json:
        print(json.dumps({n: {"wall_ms": f.wall_ms, "cpu_ms": f.cpu_ms, "modules": f.modules}
                          for n, f in figures.items()}, indent=2))
        return 0
    print(f"time nuffle spends importing, best of {options.runs} runs "
          f"(target {TARGET_MS} ms; {BEFORE_MS} ms before"
          f"{'; compiled from source' if options.from_source else ''})")
    for name, f in figures.items():
        verdict = "ok" if f.wall_ms < TARGET_MS else "over the target"
        print(f"\n{name:32} {f.wall_ms:7.1f} ms by -X importtime ({verdict}), "
              f"{f.cpu_ms:.1f} ms of CPU, {f.modules} modules")
        for micros, module in f.heaviest:
            print(f"    {micros / 1000:7.1f} ms  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
