"""`nuffle i18n`: gettext catalogs for translating the content."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from nuffle.cli.arguments import output_dir
from nuffle.cli.common import EXIT_CONTENT, EXIT_OK
from nuffle.cli.content_option import add_content_option, pack_paths


def language_code(value: str) -> str:
    """LANG as argparse takes it: a language code, or a usage error (exit 2) before
    anything is read or written (`../x` would name a folder outside the locales)."""
    from nuffle.i18n.catalog import is_language_code
    if not is_language_code(value):
        raise argparse.ArgumentTypeError(f"`{value}` is not a language code: write two or three "
                                         "lower-case letters, like it or pt_BR")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    from nuffle.i18n.domains import DOMAINS
    p = sub.add_parser("i18n", help="translation catalogs: extract, init, update, status, check",
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
    extract.add_argument("--out", default="build/i18n", metavar="DIR", type=output_dir,
                         help="the folder for DOMAIN.pot (default: %(default)s)")
    domain_option(extract)
    add_content_option(extract, "whose own catalogs (PACK/locales/LANG/content.po) to work on, "
                       "its items only,")
    extract.set_defaults(run=lambda args, parser=extract: _in_pack(args, parser, run_extract))
    update = actions.add_parser("update", help="merge the templates into a language's "
                                               "catalogs (changed English becomes fuzzy)")
    update.add_argument("lang", metavar="LANG", type=language_code,
                        help="a language code, like it")
    domain_option(update)
    add_content_option(update, "whose own catalogs (PACK/locales/LANG/content.po) to work on, "
                       "its items only,")
    update.set_defaults(run=lambda args, parser=update: _in_pack(args, parser, run_update))
    status = actions.add_parser("status", help="translated, fuzzy and missing, per domain "
                                               "and kind")
    status.add_argument("lang", nargs="?", metavar="LANG", type=language_code,
                        help="one language (default: every language with catalogs)")
    status.add_argument("--format", choices=["text", "json"], default="text")
    domain_option(status)
    add_content_option(status, "whose own catalogs (PACK/locales/LANG/content.po) to work on, "
                       "its items only,")
    status.set_defaults(run=lambda args, parser=status: _in_pack(args, parser, run_status))
    init = actions.add_parser("init", help="start a new language: its catalogs, every entry "
                                           "untranslated, and a grammar file to fill in",
                              description="Create content/locales/LANG/ with one catalog per "
                                          "domain (as `update` writes them) and a commented "
                                          "grammar.yaml listing what the sentences need "
                                          "(see the translators' guide).")
    init.add_argument("lang", metavar="LANG", type=language_code,
                      help="a language code Babel knows, like de or pt_BR")
    add_content_option(init, "whose own catalogs (PACK/locales/LANG/content.po) to start, "
                       "its items only,")
    init.set_defaults(domain=None,
                      run=lambda args, parser=init: _in_pack(args, parser, run_init))
    check = actions.add_parser("check", help="numbers, glossary terms, placeholders, markup, "
                                             "msgfmt; exit 1 on any problem")
    check.add_argument("lang", metavar="LANG", type=language_code)
    domain_option(check)
    add_content_option(check, "whose own catalogs (PACK/locales/LANG/content.po) to work on, "
                       "its items only,")
    check.set_defaults(run=lambda args, parser=check: _in_pack(args, parser, run_check))


_PACK: list[tuple[Path, list[Path]]] = []  # the pack worked on, and the packs beside it


def _in_pack(args: argparse.Namespace, parser: argparse.ArgumentParser, run) -> int:
    """With `--content PACK`: the first folder named is the pack whose catalogs are read and
    written (PACK/locales), with its items' entries only (the `content` domain: the other
    domains are Nuffle's own words)."""
    from nuffle.catalogue.packs import pack_root
    from nuffle.cli.arguments import content_file_list
    from nuffle.i18n.catalog import work_on_pack
    packs = pack_paths(parser, args.content, args.base)
    _PACK.clear()
    if packs:
        folders = [p for p in packs if p.is_dir()]
        if not folders:
            parser.error("--content: name the pack's folder (its catalogs are in "
                         "PACK/locales)")
        if args.domain and args.domain != ["content"]:
            parser.error("--content: a pack's catalogs hold the `content` domain only")
        folder = pack_root(folders[0]) or folders[0]
        work_on_pack(folder)
        _PACK.append((folder, content_file_list([p for p in packs if p != folders[0]])))
    return run(args)


def _domains(args: argparse.Namespace) -> list[str]:
    from nuffle.i18n.domains import DOMAINS
    return ["content"] if _PACK else args.domain or list(DOMAINS)


def _entries(domains: list[str]):
    """The catalogue and each domain's entries (a pack's items only, with `--content`)."""
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.cli.arguments import content_file_list
    from nuffle.i18n.domains import domain_entries
    if _PACK:
        folder, beside = _PACK[0]
        catalogue, _, _ = load_catalogue(content_file_list([folder]), packs=beside)
    else:
        catalogue, _, _ = load_catalogue()
    return catalogue, {d: domain_entries(d, catalogue) for d in domains}


def _shown(path: Path) -> Path:
    from nuffle.i18n.catalog import shown
    return shown(path)


def run_extract(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import save, template
    _, by_domain = _entries(_domains(args))
    for domain, entries in by_domain.items():
        out = Path(args.out) / f"{domain}.pot"
        save(template(entries, domain), out)
        print(f"{out}: {len(entries)} entries")
    return EXIT_OK


def run_update(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import CatalogError, load, locale_path, save, update
    _, by_domain = _entries(_domains(args))
    failed = False
    for domain, entries in by_domain.items():
        try:
            old = load(args.lang, domain)
        except CatalogError as exc:  # left as it is: writing it anew would lose its texts
            print(f"{exc.diagnostic()}; fix it by hand, it is left unchanged", file=sys.stderr)
            failed = True
            continue
        po, report = update(old, entries, args.lang, domain)
        path = locale_path(args.lang, domain)
        try:
            save(po, path)
        except OSError as exc:
            print(f"nuffle i18n: {_shown(path)} cannot be written: {exc.strerror or exc}",
                  file=sys.stderr)
            failed = True
            continue
        print(f"{_shown(path)}: {report.added} new ({report.printed} from a printed edition), "
              f"{report.changed} changed (now fuzzy), {report.kept} kept, "
              f"{report.obsolete} obsolete")
    return EXIT_CONTENT if failed else EXIT_OK


def run_init(args: argparse.Namespace) -> int:
    """`i18n init LANG`: refuses a code Babel does not know and a language already started
    (exit 2); then writes the catalogs and, for Nuffle's own locales, the grammar
    template."""
    from nuffle.i18n.catalog import init_catalogs, known_language, locale_path
    from nuffle.i18n.grammar import grammar_path, grammar_template
    folder = locale_path(args.lang).parent
    if not known_language(args.lang):
        print(f"nuffle i18n: `{args.lang}` is not a language Babel knows: use a code like "
              "de, fr or pt_BR", file=sys.stderr)
        return 2
    if folder.exists():
        print(f"nuffle i18n: `{args.lang}` is started already ({_shown(folder)}): run "
              f"`nuffle i18n update {args.lang}` to bring its catalogs up to date",
              file=sys.stderr)
        return 2
    catalogue, by_domain = _entries(_domains(args))
    try:
        written = init_catalogs(args.lang, by_domain)
        if not _PACK:  # a pack's catalogs hold its items' texts; the grammar is Nuffle's
            grammar = grammar_path(args.lang)
            grammar.write_text(grammar_template(args.lang, catalogue), encoding="utf-8")
            written.append(grammar)
    except OSError as exc:
        print(f"nuffle i18n: {_shown(folder)} cannot be written: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_CONTENT
    for path in written:
        print(f"{_shown(path)}: written")
    grammar_step = "" if _PACK else f"fill in {_shown(folder / 'grammar.yaml')}, "
    print(f"next: translate the catalogs in a PO editor (Poedit, Weblate), {grammar_step}"
          f"then `nuffle i18n check {args.lang}` and `nuffle site build`")
    return EXIT_OK


def _status_report(langs: list[str], by_domain: dict) -> tuple[dict, bool]:
    """The status of every readable catalog, and whether any could not be read (each one
    reported, the others still counted)."""
    from nuffle.i18n.catalog import CatalogError, status_rows
    report: dict = {}
    failed = False
    for lang in langs:
        for domain, entries in by_domain.items():
            try:
                report.setdefault(lang, {})[domain] = status_rows(lang, domain, entries)
            except CatalogError as exc:
                print(exc.diagnostic(), file=sys.stderr)
                failed = True
    return report, failed


def run_status(args: argparse.Namespace) -> int:
    from nuffle.i18n.catalog import catalog_languages
    _, by_domain = _entries(_domains(args))
    langs = [args.lang] if args.lang else catalog_languages()
    report, failed = _status_report(langs, by_domain)
    status = EXIT_CONTENT if failed else EXIT_OK
    if args.format == "json":
        json.dump(report, sys.stdout, indent=2)
        print()
        return status
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
    return status


def run_check(args: argparse.Namespace) -> int:
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.catalog import locale_path, printable
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
        problems = check_catalog(path, glossary, args.lang)
        for p in problems:
            where = f"{_shown(path)}:{p.line}" if p.line else f"{_shown(path)}"
            print(printable(f"{where}: error[{p.code}]: {p.message}"))
        count += len(problems)
    if not _PACK:  # the grammar file: its diagnostics as `nuffle check` prints them
        from nuffle.i18n.grammar import grammar_path, read_grammar
        grammar = grammar_path(args.lang)
        from nuffle.dsl.diagnostics import format_diagnostic
        for d in read_grammar(grammar)[1]:
            print(printable(format_diagnostic(d, None)))
            count += 1
        present = [*present, *([grammar] if grammar.exists() else [])]
    names = ", ".join(str(_shown(p)) for p in present)
    print(f"checked {names}: {count} problem{'s' if count != 1 else ''}")
    return EXIT_CONTENT if count else EXIT_OK
