"""`nuffle i18n`: gettext catalogs for translating the content."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("i18n", help="translation catalogs: extract, update, status, check",
                       description="Translate the content with gettext PO catalogs in "
                                   "content/locales/LANG/content.po; every entry's context is "
                                   "the item's id and field.")
    actions = p.add_subparsers(dest="i18n_command", metavar="ACTION", required=True)
    extract = actions.add_parser("extract", help="write the template (.pot) of all content")
    extract.add_argument("--out", default="build/i18n/content.pot", metavar="FILE")
    extract.set_defaults(run=run_extract)
    update = actions.add_parser("update", help="merge the content into a language's catalog "
                                               "(changed English becomes fuzzy)")
    update.add_argument("lang", metavar="LANG", help="a language code, like it")
    update.set_defaults(run=run_update)
    status = actions.add_parser("status", help="translated, fuzzy and missing, per kind")
    status.add_argument("lang", nargs="?", metavar="LANG",
                        help="one language (default: every catalog)")
    status.add_argument("--format", choices=["text", "json"], default="text")
    status.set_defaults(run=run_status)
    check = actions.add_parser("check", help="numbers, glossary terms, placeholders, msgfmt")
    check.add_argument("lang", metavar="LANG")
    check.set_defaults(run=run_check)


def _entries():
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.entries import content_entries
    catalogue, _, _ = load_catalogue()
    return catalogue, content_entries(catalogue)


def run_extract(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import save, template
    _, entries = _entries()
    out = Path(args.out)
    save(template(entries), out)
    print(f"{len(entries)} entries written to {out}")
    return EXIT_OK


def run_update(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import load, locale_path, save, update
    _, entries = _entries()
    po, report = update(load(args.lang), entries, args.lang)
    path = locale_path(args.lang)
    save(po, path)
    print(f"{path}: {report.added} new ({report.printed} from a printed edition), "
          f"{report.changed} changed (now fuzzy), {report.kept} kept, "
          f"{report.obsolete} obsolete")
    return EXIT_OK


def run_status(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import load, status
    from nuffle.paths import content_dir
    _, entries = _entries()
    langs = [args.lang] if args.lang else sorted(
        p.name for p in (content_dir() / "locales").glob("*") if p.is_dir())
    report = {}
    for lang in langs:
        rows = status(load(lang), entries)
        report[lang] = {kind: {"translated": s.translated, "fuzzy": s.fuzzy,
                               "missing": s.missing, "total": s.total,
                               "translated_percent": s.share(s.translated)}
                        for kind, s in rows.items()}
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        print()
        return EXIT_OK
    for lang, rows in report.items():
        print(f"{lang}:")
        total = {"translated": 0, "fuzzy": 0, "missing": 0, "total": 0}
        for kind, r in rows.items():
            for k in total:
                total[k] += r[k]
            print(f"  {kind:<16} {r['translated']:>4} translated  {r['fuzzy']:>4} fuzzy  "
                  f"{r['missing']:>4} missing  {r['translated_percent']:>5.1f}%")
        share = 100 * total["translated"] / total["total"] if total["total"] else 100.0
        print(f"  {'all':<16} {total['translated']:>4} translated  {total['fuzzy']:>4} fuzzy  "
              f"{total['missing']:>4} missing  {share:>5.1f}%")
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.catalog import locale_path
    from nuffle.i18n.checks import check_catalog, glossary_terms
    path = locale_path(args.lang)
    if not path.exists():
        print(f"nuffle i18n: no catalog for `{args.lang}` at {path}; run "
              f"`nuffle i18n update {args.lang}` first", file=sys.stderr)
        return 2
    catalogue, _, _ = load_catalogue()
    problems = check_catalog(path, glossary_terms(catalogue, args.lang))
    shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    for p in problems:
        print(f"{shown}:{p.line}: error[{p.code}]: {p.message}")
    print(f"checked {shown}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return EXIT_CONTENT if problems else EXIT_OK
