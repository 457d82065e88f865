"""`nuffle check`: every problem in the content, each at its file, line and column."""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle.cli.content_option import add_content_option, checked_inputs

if TYPE_CHECKING:
    from nuffle.cli.check_cache import Report


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="check content files: YAML, schemas, rules language, references",
        description="Check content files and report every problem as "
                    "path:line:col: error[CODE]: message. Exit status: 0 clean, "
                    "1 content errors, 2 usage errors (a path that does not exist or "
                    "cannot be read, a folder without content files), 70 an internal "
                    "error. A check of unchanged files prints the report kept by the last "
                    "one (--no-cache checks again).",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or folders to check, with the bundled content (default: the "
                        "--content packs, else all bundled content); a folder must hold at "
                        "least one .yaml file")
    add_content_option(p, "to check (and to check PATHs against)")
    p.add_argument("--format", choices=["text", "json"], default="text",
                   help="output format (default: text)")
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Check, or print the report kept for the same files, code and folder (check_cache)."""
    from nuffle.cli import check_cache
    reported, packs = checked_inputs(parser, args)
    key = check_cache.key(reported, packs)
    report = check_cache.load(key) if key is not None else None
    if report is None:
        report = check(reported, packs)
        # kept only if no file changed while it was checked (an editor saving meanwhile)
        if key is not None and check_cache.key(reported, packs) == key:
            check_cache.store(key, report)
    sys.stdout.write(report.json if args.format == "json" else report.text)
    return report.status


def check(reported: list[Path] | None, packs: list[Path]) -> Report:
    """Load and check the content; the report in both formats, and the exit status."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.cli.check_cache import Report
    from nuffle.cli.common import exit_status, print_diagnostics, summary
    catalogue, diags, docs = load_catalogue(reported, packs=packs)
    as_json = json.dumps({
        "ok": not diags,
        "files": len(docs),
        "items": catalogue.counts(),
        "diagnostics": [d.to_json() for d in diags],
    }, indent=2, sort_keys=True) + "\n"
    text = io.StringIO()
    print_diagnostics(diags, docs, stream=text)
    print(summary(catalogue, len(docs), diags), file=text)
    return Report(text.getvalue(), as_json, exit_status(diags))
