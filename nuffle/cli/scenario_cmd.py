"""`nuffle scenario`: run scenario files and say which expectations hold."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK, existing_paths
from nuffle.cli.engine_common import add_content_option, content_paths, ruleset_or_exit
from nuffle.interpreter.scenario import ScenarioError, run_scenario
from nuffle.paths import content_dir


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "scenario",
        help="run scenarios: a position, scripted dice and decisions, expectations",
        description="Run scenario files (kind: scenario) and report each expectation that "
                    "does not hold. A scenario with a `without` block is also run with the "
                    "rules of the items it tests switched off. Exit status: 0 all pass, "
                    "1 a scenario fails, 2 usage errors.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="scenario files or folders (default: all bundled scenarios)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each run's events and narrative notes")
    p.add_argument("--format", choices=["text", "json"], default="text")
    add_content_option(p)
    p.set_defaults(run=lambda args: run(args, p))


def scenario_files(paths: list[Path]) -> list[Path]:
    if not paths:
        paths = [content_dir()]
    out: list[Path] = []
    for path in paths:
        files = sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
        for f in files:
            text = f.read_text(encoding="utf-8")
            if "kind: scenario" in text:
                out.append(f)
    return out


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    files = scenario_files(existing_paths(parser, args.paths))
    ruleset = ruleset_or_exit(content_paths(parser, args.content))
    report = []
    failed = 0
    for f in files:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        for without in ([False, True] if "without" in data else [False]):
            label = f"{data.get('id', f.stem)}{' (without)' if without else ''}"
            try:
                outcome = run_scenario(ruleset, data, without=without)
                failures = outcome.failures
            except ScenarioError as exc:
                outcome, failures = None, [f"scenario error: {exc}"]
            failed += bool(failures)
            report.append({"scenario": label, "file": str(f), "ok": not failures,
                           "failures": failures})
            if args.format == "text":
                print(f"{'ok  ' if not failures else 'FAIL'} {label}")
                for failure in failures:
                    print(f"     {failure}")
                if args.verbose and outcome is not None:
                    for line in outcome.events:
                        print(f"     event: {line}")
                    for line in outcome.notes:
                        print(f"     note:  {line}")
    if args.format == "json":
        json.dump({"ok": not failed, "runs": report}, sys.stdout, indent=2)
        print()
    else:
        print(f"{len(report)} runs, {failed} failed")
    return EXIT_CONTENT if failed else EXIT_OK
