"""`nuffle export`: the whole catalogue as normalized, deterministic JSON; or each item's
printed text beside its rules as interpreted (`--format text-vs-rules`)."""

from __future__ import annotations

import argparse
import json
import sys

from nuffle.cli.arguments import output_file
from nuffle.cli.common import EXIT_CONTENT, EXIT_OK, EXIT_USAGE, print_diagnostics
from nuffle.cli.content_option import add_content_option, load_checked
from nuffle.cli.engine_common import add_lang_option

FORMATS = ["json", "text-vs-rules", "text-vs-rules-json"]


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
    p.add_argument("--format", choices=FORMATS, default="json",
                   help="json: the whole catalogue; text-vs-rules: each item's printed text "
                        "beside its rules as interpreted, as plain text (text-vs-rules-json: "
                        "the same as JSON) (default: %(default)s)")
    add_lang_option(p, "the text-vs-rules report (its printed texts and interpreted rules)")
    p.add_argument("-o", "--output", metavar="FILE", type=output_file,
                   help="write to FILE instead of stdout (its folder must exist; checked "
                        "before anything is loaded)")
    p.set_defaults(run=lambda args: run(args, p))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from nuffle.catalogue.export import export_catalogue
    catalogue, diags, docs = load_checked(parser, args)
    if diags:
        print_diagnostics(diags, docs)
        print(f"export refused: {len(diags)} content error(s); run `nuffle check`",
              file=sys.stderr)
        return EXIT_CONTENT
    if args.format == "json" and args.lang != "en":
        parser.error("--lang is for --format text-vs-rules (the JSON export is the content "
                     "as written)")
    if args.format == "json":
        text = json.dumps(export_catalogue(catalogue), indent=2, sort_keys=True,
                          ensure_ascii=False) + "\n"
    else:
        text = _text_vs_rules(catalogue, args.lang, args.format == "text-vs-rules-json")
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


def _text_vs_rules(catalogue, lang: str, as_json: bool) -> str:
    """The printed texts and the interpreted rules, in ``lang`` (an unreadable catalog is
    reported, I106, and the command exits 1)."""
    from nuffle.catalogue.loader import NAMED_KINDS
    from nuffle.catalogue.text_vs_rules import as_data, as_text, text_vs_rules
    from nuffle.i18n.catalog import CatalogError
    language_for = None
    if lang != "en":
        from nuffle.i18n.localize import localized_catalogue
        from nuffle.i18n.translations import rules_language
        try:
            catalogue, _ = localized_catalogue(catalogue, lang)
            whole = catalogue

            def language_for(game: str):
                return rules_language(lang, game, whole)
            language_for("blitz-bowl")  # reads the catalog now, so that a broken one stops
        except CatalogError as exc:
            print(f"{exc.diagnostic()}; export in English (--lang en) or fix the catalog",
                  file=sys.stderr)
            sys.exit(EXIT_CONTENT)
    names: dict[str, dict[str, str]] = {}
    for item in catalogue.sorted_items():
        if item.kind in NAMED_KINDS:
            names.setdefault(item.game, {})[item.id] = str(item.data.get("name", item.id))
    pairs = text_vs_rules(catalogue, language_for, names)
    if as_json:
        return json.dumps(as_data(pairs), indent=2, ensure_ascii=False) + "\n"
    return as_text(pairs)
