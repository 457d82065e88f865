"""`nuffle export`: the whole catalogue as normalized, deterministic JSON."""

from __future__ import annotations

import argparse
import json
import sys

from nuffle.catalogue.export import export_catalogue
from nuffle.cli.arguments import output_file
from nuffle.cli.common import EXIT_CONTENT, EXIT_OK, EXIT_USAGE, print_diagnostics
from nuffle.cli.content_option import add_content_option, load_checked


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "export",
        help="export the whole catalogue as JSON, sorted by kind and id",
        description="Export every content item (ids, names, editions, sources, texts, fields "
                    "and rules rendered canonically) as deterministic JSON. Refuses to export "
                    "content with errors (exit 1). Exit status 2: a path that does not exist "
                    "or cannot be read, a folder without content files, an output file "
                    "that cannot be written.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or folders (default: the --content packs, else all bundled "
                        "content)")
    add_content_option(p, "to export (and to read PATHs with)")
    p.add_argument("--format", choices=["json"], default="json", help="output format")
    p.add_argument("-o", "--output", metavar="FILE", type=output_file,
                   help="write to FILE instead of stdout (its folder must exist; checked "
                        "before anything is loaded)")
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    catalogue, diags, docs = load_checked(parser, args)
    if diags:
        print_diagnostics(diags, docs)
        print(f"export refused: {len(diags)} content error(s); run `nuffle check`",
              file=sys.stderr)
        return EXIT_CONTENT
    text = json.dumps(export_catalogue(catalogue), indent=2, sort_keys=True,
                      ensure_ascii=False) + "\n"
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:  # checked before loading; the disk may still fill up
            print(f"nuffle export: cannot write {args.output}: {exc.strerror}", file=sys.stderr)
            return EXIT_USAGE
    else:
        sys.stdout.write(text)
    return EXIT_OK
