"""`nuffle check`: every problem in the content, each at its file, line and column."""

from __future__ import annotations

import argparse
import json
import sys

from nuffle.cli.common import exit_status, print_diagnostics, summary
from nuffle.cli.content_option import add_content_option, load_checked


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="check content files: YAML, schemas, rules language, references",
        description="Check content files and report every problem as "
                    "path:line:col: error[CODE]: message. Exit status: 0 clean, "
                    "1 content errors, 2 usage errors (a path that does not exist or "
                    "cannot be read, a folder without content files), 70 an internal "
                    "error.",
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
    catalogue, diags, docs = load_checked(parser, args)
    if args.format == "json":
        json.dump({
            "ok": not diags,
            "files": len(docs),
            "items": catalogue.counts(),
            "diagnostics": [d.to_json() for d in diags],
        }, sys.stdout, indent=2, sort_keys=True)
        print()
    else:
        print_diagnostics(diags, docs, stream=sys.stdout)
        print(summary(catalogue, len(docs), diags))
    return exit_status(diags)

