"""`nuffle i18n`: gettext catalogs for translating the content."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from nuffle.cli.common import EXIT_CONTENT, EXIT_OK


def register(sub: argparse._SubParsersAction) -> None:
    from nuffle.i18n.domains import DOMAINS
    p = sub.add_parser("i18n", help="translation catalogs: extract, update, status, check",
                       description="Translate Nuffle with gettext PO catalogs in "
                                   "content/locales/LANG/DOMAIN.po, one per domain: "
                                   f"{', '.join(DOMAINS)}. A content entry's context is "
                                   "the item's id and field.")
    actions = p.add_subparsers(dest="i18n_command", metavar="ACTION", required=True)

    def domain_option(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--domain", choices=DOMAINS, action="append", metavar="DOMAIN",
                            help=f"only this domain ({', '.join(DOMAINS)}); repeatable "
                                 "(default: all)")

    extract = actions.add_parser("extract", help="write the templates (.pot), one per domain")
    extract.add_argument("--out", default="build/i18n", metavar="DIR",
                         help="the folder for DOMAIN.pot (default: %(default)s)")
    domain_option(extract)
    extract.set_defaults(run=run_extract)
    update = actions.add_parser("update", help="merge the templates into a language's "
                                               "catalogs (changed English becomes fuzzy)")
    update.add_argument("lang", metavar="LANG", help="a language code, like it")
    domain_option(update)
    update.set_defaults(run=run_update)
    status = actions.add_parser("status", help="translated, fuzzy and missing, per domain "
                                               "and kind")
    status.add_argument("lang", nargs="?", metavar="LANG",
                        help="one language (default: every language with catalogs)")
    status.add_argument("--format", choices=["text", "json"], default="text")
    domain_option(status)
    status.set_defaults(run=run_status)
    check = actions.add_parser("check", help="numbers, glossary terms, placeholders, msgfmt")
    check.add_argument("lang", metavar="LANG")
    domain_option(check)
    check.set_defaults(run=run_check)


def _domains(args: argparse.Namespace) -> list[str]:
    from nuffle.i18n.domains import DOMAINS
    return args.domain or list(DOMAINS)


def _entries(domains: list[str]):
    """The catalogue and each domain's entries."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.domains import domain_entries
    catalogue, _, _ = load_catalogue()
    return catalogue, {d: domain_entries(d, catalogue) for d in domains}


def _shown(path: Path) -> Path:
    return path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path


def run_extract(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import save, template
    _, by_domain = _entries(_domains(args))
    for domain, entries in by_domain.items():
        out = Path(args.out) / f"{domain}.pot"
        save(template(entries, domain), out)
        print(f"{out}: {len(entries)} entries")
    return EXIT_OK


def run_update(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import load, locale_path, save, update
    _, by_domain = _entries(_domains(args))
    for domain, entries in by_domain.items():
        po, report = update(load(args.lang, domain), entries, args.lang, domain)
        path = locale_path(args.lang, domain)
        save(po, path)
        print(f"{_shown(path)}: {report.added} new ({report.printed} from a printed edition), "
              f"{report.changed} changed (now fuzzy), {report.kept} kept, "
              f"{report.obsolete} obsolete")
    return EXIT_OK


def run_status(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import status_report
    from nuffle.paths import content_dir
    _, by_domain = _entries(_domains(args))
    langs = [args.lang] if args.lang else sorted(
        p.name for p in (content_dir() / "locales").glob("*") if p.is_dir())
    report = status_report(langs, by_domain)
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        print()
        return EXIT_OK
    for lang, domains in report.items():
        print(f"{lang}:")
        for domain, rows in domains.items():
            print(f"  {domain}:")
            total = {"translated": 0, "fuzzy": 0, "missing": 0, "total": 0}
            for kind, r in rows.items():
                for k in total:
                    total[k] += r[k]
                print(f"    {kind:<16} {r['translated']:>4} translated  {r['fuzzy']:>4} fuzzy  "
                      f"{r['missing']:>4} missing  {r['translated_percent']:>5.1f}%")
            share = 100 * total["translated"] / total["total"] if total["total"] else 100.0
            print(f"    {'all':<16} {total['translated']:>4} translated  "
                  f"{total['fuzzy']:>4} fuzzy  {total['missing']:>4} missing  {share:>5.1f}%")
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.catalog import locale_path
    from nuffle.i18n.checks import check_catalog, glossary_terms
    paths = [locale_path(args.lang, d) for d in _domains(args)]
    present = [p for p in paths if p.exists()]
    if not present:
        print(f"nuffle i18n: no catalog for `{args.lang}` under {paths[0].parent}; run "
              f"`nuffle i18n update {args.lang}` first", file=sys.stderr)
        return 2
    catalogue, _, _ = load_catalogue()
    glossary = glossary_terms(catalogue, args.lang)
    count = 0
    for path in present:
        problems = check_catalog(path, glossary)
        for p in problems:
            print(f"{_shown(path)}:{p.line}: error[{p.code}]: {p.message}")
        count += len(problems)
    names = ", ".join(str(_shown(p)) for p in present)
    print(f"checked {names}: {count} problem{'s' if count != 1 else ''}")
    return EXIT_CONTENT if count else EXIT_OK
