"""`nuffle scenario`: run scenario files and say which expectations hold.

Scenario files are loaded and checked exactly as `nuffle check` loads them (with the bundled
content and `--content`); a file with content errors is reported like `nuffle check` reports
it and counted as failed without being run. Each run is on its own: a scenario that cannot be
set up, fails, or crashes the engine never stops the others.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle import limits
from nuffle.catalogue.packs import pack_root
from nuffle.cli.arguments import content_file_list, input_paths
from nuffle.cli.common import (
    EXIT_CONTENT,
    EXIT_INTERNAL,
    EXIT_OK,
    internal_error_line,
    print_diagnostics,
    report_internal_error,
)
from nuffle.cli.engine_common import add_content_option, content_paths, ruleset_or_exit
from nuffle.dsl.diagnostics import Diagnostic
from nuffle.paths import content_dir
from nuffle.textfile import Unreadable, read_bounded

if TYPE_CHECKING:  # the loader and the engine are imported when scenarios are run
    from nuffle.catalogue.model import Catalogue, Item
    from nuffle.catalogue.yaml_source import YamlDocument
    from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
    from nuffle.interpreter.scenario import Run

# What became of one run (or of a file that could not be run), best first.
PASSED, FAILED, SCENARIO_ERROR = "passed", "failed", "scenario error"
CONTENT_ERRORS, NOT_A_SCENARIO, INTERNAL = "content errors", "not a scenario", "internal error"
OUTCOMES = (PASSED, FAILED, SCENARIO_ERROR, CONTENT_ERRORS, NOT_A_SCENARIO, INTERNAL)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "scenario",
        help="run scenarios: a position, scripted dice and decisions, expectations",
        description="Check scenario files (kind: scenario) as `nuffle check` does, run those "
                    "without content errors and report each expectation that does not hold. "
                    "A scenario with a `without` block is also run with the rules of the items "
                    "it tests switched off. Exit status: 0 all pass, 1 a scenario fails, has "
                    "content errors or a file named is not a scenario, 2 usage errors (a path "
                    "that does not exist or cannot be read, a folder without content files), "
                    "70 an internal error (a bug in Nuffle; the other scenarios still run).",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="scenario files, or folders holding some (default: all bundled "
                        "scenarios)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each run's timeline: events, dice rolls, decisions and narrative")
    p.add_argument("--format", choices=["text", "json"], default="text")
    add_content_option(p)
    p.set_defaults(run=lambda args: run(args, p))


@dataclass
class RunReport:
    """One run of a scenario, or a file that could not be run, and why."""

    label: str
    file: str
    outcome: str
    failures: list[str] = field(default_factory=list)
    run: Run | None = None
    error: Exception | None = None  # the exception of an internal error
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.outcome == PASSED


@dataclass
class Report:
    """Every run, with the documents their diagnostics point into."""

    runs: list[RunReport] = field(default_factory=list)
    docs: dict[str, YamlDocument] = field(default_factory=dict)


def run_files(ruleset: Ruleset, paths: list[Path], extra: list[Path],
              overrides: dict[Path, str] | None = None) -> Report:
    """Check and run the scenarios in ``paths`` (every bundled one when empty), with the
    ``extra`` content; ``overrides`` replaces files' texts (the fuzzer's mutants). Never
    raises for what a file holds: every outcome is in the report."""
    files = content_file_list(paths or [content_dir()])
    named = {p.resolve() for p in paths if not p.is_dir()}
    report = Report()
    loaded = Loaded(*_load(files, extra, overrides))
    loaded.extra = extra
    report.docs.update(loaded.docs)
    for path in files:
        report.runs += _file_runs(ruleset, path, path.resolve() in named, loaded)
    for folder in (p for p in paths if p.is_dir()):
        if not any(r.outcome != NOT_A_SCENARIO and _inside(r.file, folder) for r in report.runs):
            report.runs.append(RunReport(str(folder), str(folder), NOT_A_SCENARIO,
                                         [f"no scenario in {folder}"]))
    return report


def _load(files: list[Path], extra: list[Path], overrides: dict[Path, str] | None):
    """The files checked together, with the bundled content and ``extra``; a file the loader
    itself fails on is its X001 diagnostic (the loader isolates it), so no other is spoilt."""
    scenario_set = {f.resolve() for f in files}
    others = [f for f in content_file_list(extra) if f.resolve() not in scenario_set]
    from nuffle.catalogue.loader import load_catalogue
    return load_catalogue([*files, *others], overrides=overrides)


def _inside(file: str, folder: Path) -> bool:
    return Path(file).resolve().is_relative_to(folder.resolve())


class Loaded:
    """What one load gave, indexed by file: its shown path, diagnostics and item."""

    def __init__(self, catalogue: Catalogue, diags: list[Diagnostic],
                 docs: dict[str, YamlDocument]) -> None:
        self.docs = docs
        self.shown = {Path(d).resolve(): d for d in docs}
        self.diags: dict[str, list[Diagnostic]] = {}
        for d in diags:
            self.diags.setdefault(d.path, []).append(d)
        self.items = {i.path: i for i in catalogue.items.values()}
        self.extra: list[Path] = []


def _file_runs(ruleset: Ruleset, path: Path, named: bool, loaded: Loaded) -> list[RunReport]:
    """The runs of one file: its scenario's, or why it has none. A file met in a folder that
    holds another kind of item (a team beside its scenario) is passed over; one named is not."""
    shown = loaded.shown.get(path.resolve(), str(path))
    mine = loaded.diags.get(shown, [])
    item = loaded.items.get(shown)
    label = item.id if item is not None else path.stem
    crashed = [d for d in mine if d.code == "X001"]  # Nuffle failed on it: a bug, not content
    if crashed:
        return [RunReport(label, shown, INTERNAL, [crashed[0].message], diagnostics=mine)]
    if any(d.severity == "error" for d in mine):
        errors = sum(d.severity == "error" for d in mine)
        return [RunReport(label, shown, CONTENT_ERRORS,
                          [f"{errors} content error{'s' if errors != 1 else ''}; not run"],
                          diagnostics=mine)]
    if item is None or item.kind != "scenario":
        if not named:
            return []
        what = f"it holds a {item.kind}" if item is not None else "it holds no content item"
        return [RunReport(label, shown, NOT_A_SCENARIO, [f"not a scenario: {what}"],
                          diagnostics=mine)]
    runs = [run_one(ruleset, item, shown, without, loaded.extra)
            for without in ([False, True] if "without" in item.data else [False])]
    runs[0].diagnostics = mine  # warnings, shown as `nuffle check` shows them
    return runs


def run_one(ruleset: Ruleset, item: Item, shown: str, without: bool,
            extra: list[Path] | None = None) -> RunReport:
    """One run, by the engine of the scenario's game (a Blood Bowl scenario's ruleset is
    loaded when first needed); a ScenarioError is the scenario's fault, any other exception
    a bug."""
    from nuffle.interpreter.games import DEFAULT_GAME, rules
    from nuffle.interpreter.scenario import ScenarioError
    from nuffle.interpreter.vocabulary import EDITIONS
    label = f"{item.id}{' (without)' if without else ''}"
    game = EDITIONS.get(item.edition or "", DEFAULT_GAME)
    try:
        engine = rules(game)
        own = ruleset if ruleset.game_id == game else engine.load_ruleset(extra or [])
        outcome = engine.run_scenario(own, item.data, without=without)
    except ScenarioError as exc:
        return RunReport(label, shown, SCENARIO_ERROR, [f"scenario error: {exc}"])
    except Exception as exc:  # noqa: BLE001 - one crashing run must not stop the others
        return RunReport(label, shown, INTERNAL, [internal_error_line(exc)], error=exc)
    return RunReport(label, shown, FAILED if outcome.failures else PASSED, outcome.failures,
                     run=outcome)


def own_content(paths: list[Path]) -> list[Path]:
    """The content a scenario outside the bundled content lives with, loaded with it: the
    pack it is in (the nearest folder up with a `nuffle-pack.yaml`); else the other files of
    its folder, or, for a folder named `scenarios`, the whole content folder it is part of
    (`my-pack/scenarios/x.yaml` loads `my-pack/`). Scenario files are not part of it (as for
    the bundled content): one with errors is reported as its own run."""
    bundled = content_dir().resolve()
    named = {p.resolve() for p in paths}
    found: list[Path] = []
    for path in paths:
        folder = path if path.is_dir() else path.parent
        if folder.resolve().is_relative_to(bundled):
            continue
        pack = pack_root(folder)
        if pack is not None:
            found += content_file_list([pack])
        elif folder.name == "scenarios":
            found += content_file_list([folder.parent])
        else:
            found += [f for f in content_file_list([folder]) if f.parent == folder]
    return [f for f in content_file_list(found) if f.resolve() not in named
            and "scenarios" not in f.parts and not _holds_scenario(f)]


def _holds_scenario(path: Path) -> bool:
    try:
        head = read_bounded(path, limits.FILE_BYTES)[:4096]
    except Unreadable:
        return False  # left to the loader, which reports why
    return re.search(rb"^kind:\s*scenario\s*$", head, re.MULTILINE) is not None


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    paths = input_paths(parser, args.paths)
    extra = content_file_list(content_paths(parser, args) + own_content(paths))  # each once
    ruleset = ruleset_or_exit(extra)
    report = run_files(ruleset, paths, extra)
    if args.format == "json":
        print_json(report)
    else:
        print_text(report, args.verbose)
    for r in report.runs:
        if r.error is not None:
            report_internal_error(r.error)
    if any(r.outcome == INTERNAL for r in report.runs):
        return EXIT_INTERNAL
    return EXIT_CONTENT if any(not r.ok for r in report.runs) else EXIT_OK


def print_text(report: Report, verbose: bool) -> None:
    """Each run's line (a file's diagnostics first, as `nuffle check` prints them), then the
    counts."""
    for r in report.runs:
        if r.diagnostics:
            print_diagnostics(r.diagnostics, report.docs, stream=sys.stdout)
        print(f"{'ok  ' if r.ok else 'FAIL'} {r.label}")
        for failure in r.failures:
            print(f"     {failure}")
        if verbose and r.run is not None:  # events, dice, decisions and narrative, in order
            for line in r.run.timeline.lines:
                print(f"     {line}")
    print(summary_line(report))


def summary_line(report: Report) -> str:
    failed = sum(not r.ok for r in report.runs)
    internal = sum(r.outcome == INTERNAL for r in report.runs)
    line = f"{len(report.runs)} runs, {failed} failed"
    if internal:
        line += f" ({internal} internal error{'s' if internal != 1 else ''}: a bug in Nuffle)"
    if not report.runs:
        line += ": no scenario"
    return line


def print_json(report: Report) -> None:
    json.dump({
        "ok": all(r.ok for r in report.runs),
        "runs": [{"scenario": r.label, "file": r.file, "ok": r.ok, "outcome": r.outcome,
                  "failures": r.failures} for r in report.runs],
        "diagnostics": [d.to_json() for r in report.runs for d in r.diagnostics],
    }, sys.stdout, indent=2)
    print()

