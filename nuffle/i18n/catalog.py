"""gettext catalogs: the template of a domain, and the per-language catalogs merged with it
(polib reads and writes the PO files).

A catalog lives at `content/locales/<lang>/<domain>.po` (see domains.py). Entries are
matched by their context (the item id and field), so when the English of an entry changes
its translation is kept, marked fuzzy, with the previous English shown to the translator.
A site interface string whose context changed (`site/<module>/…`: it moved to another
module, or it comes from a catalog of the older shared context `site`) keeps the translation
of the entry with the same English.

Catalogs are written as msgcat writes them (poformat.py): 79 columns, references without
line numbers, only flags gettext knows (`glossary-exception` is a translator comment).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polib

from nuffle.i18n.entries import Entry
from nuffle.i18n.parsed_catalogs import parse
from nuffle.i18n.poformat import po_text
from nuffle.limits import CATALOG_BYTES
from nuffle.paths import content_dir
from nuffle.template import CONTROL
from nuffle.textfile import Unreadable, decode_utf8, read_bounded

DOMAIN = "content"
PRINTED_NOTE = "printed"  # translator comment on a translation taken from a printed edition
# a language code (it, fr, pt_BR): the only folder names under content/locales that are
# languages, so a code can never climb out of that folder or name something odd
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")


def is_language_code(value: str) -> bool:
    """Whether ``value`` may name a language (and so a folder under content/locales)."""
    return LANGUAGE_CODE.fullmatch(value) is not None


# A content pack's own catalogs: `nuffle i18n … --content PACK` works on PACK/locales (only
# the pack's items), and commands showing a pack read its translations beside the bundled.
_PACK_UNDER_WORK: list[Path] = []
PACK_LOCALES: list[Path] = []


def work_on_pack(folder: Path | None) -> None:
    """Make ``folder``'s catalogs the ones `i18n` reads and writes (None: the bundled)."""
    _PACK_UNDER_WORK[:] = [folder] if folder is not None else []


def read_pack_translations(folders: list[Path]) -> None:
    """The packs whose catalogs a command reads beside the bundled ones."""
    PACK_LOCALES[:] = [f / "locales" for f in folders if (f / "locales").is_dir()]


def locales_root() -> Path:
    return (_PACK_UNDER_WORK[0] if _PACK_UNDER_WORK else content_dir()) / "locales"


def locale_path(lang: str, domain: str = DOMAIN, root: Path | None = None) -> Path:
    """Where ``lang``'s catalog of ``domain`` lives; ValueError for anything but a language
    code, so no caller can read or write outside the locales folder."""
    if not is_language_code(lang):
        raise ValueError(f"`{lang}` is not a language code (like it or pt_BR)")
    return (root or locales_root()) / lang / f"{domain}.po"


def catalog_languages() -> list[str]:
    """The languages with a catalog folder; a folder whose name is no language code is
    not one."""
    folder = locales_root()
    return sorted(p.name for p in folder.glob("*") if p.is_dir() and is_language_code(p.name))


def shown(path: Path) -> Path:
    """A path as a reader finds it: relative to the current folder when it is inside it."""
    path = Path(path)
    return path.relative_to(Path.cwd()) if path.is_absolute() and path.is_relative_to(Path.cwd()) \
        else path


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: a catalog's control characters (an ANSI escape in
    a context or a line polib quotes) shown as escapes, not obeyed."""
    return CONTROL.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


class CatalogError(ValueError):
    """A catalog that cannot be read, as the diagnostic every command prints instead of a
    traceback: `PATH:LINE: error[I106]: message` (no line when the whole file is wrong)."""

    code = "I106"

    def __init__(self, path: Path, line: int | None, message: str) -> None:
        self.path, self.line, self.message = Path(path), line, message
        super().__init__(self.diagnostic())

    def __reduce__(self):  # picklable across worker processes despite the extra arguments
        return (type(self), (self.path, self.line, self.message))

    def diagnostic(self) -> str:
        where = f"{shown(self.path)}:{self.line}" if self.line else f"{shown(self.path)}"
        return printable(f"{where}: error[{self.code}]: {self.message}")


def read_catalog(path: Path) -> polib.POFile:
    """The catalog at ``path``, or CatalogError saying why it cannot be read: not a file,
    over the size limit, not UTF-8, or not PO (polib's line when it gives one)."""
    path = Path(path)
    try:
        data = read_bounded(path, CATALOG_BYTES)
    except Unreadable as why:
        raise CatalogError(path, None, f"cannot be read: {why.reason}: a catalog is a .po "
                                       "file") from None
    if len(data) > CATALOG_BYTES:
        raise CatalogError(path, None, "the catalog is larger than the limit of "
                                       f"{CATALOG_BYTES:,} bytes")
    try:
        text = decode_utf8(data)
    except Unreadable as why:
        raise CatalogError(path, why.line, f"not UTF-8 ({why.reason}): save the catalog as "
                                           "UTF-8") from None
    try:
        # the text read once, within the limit; its line break keeps polib from taking a
        # one-line catalog for the name of another file
        # (parsed once per version of its bytes: parsed_catalogs.py)
        po = parse(path, data, text if "\n" in text else text + "\n", wrapwidth=88)
    except (OSError, ValueError, LookupError) as exc:
        raise _polib_error(path, exc) from None
    po.fpath = str(path)  # so a warning about one of its entries can say where it is
    return po


def _polib_error(path: Path, exc: Exception) -> CatalogError:
    """polib's complaint as a diagnostic: its line, its reason, without its wording of the
    path."""
    text = str(exc)
    found = re.search(r"\(line (\d+)\)(?::\s*(.*))?", text)
    if found is None:
        return CatalogError(path, None, f"not a PO file: {text[:200]}")
    detail = f" ({found.group(2).strip()[:200]})" if found.group(2) else ""
    return CatalogError(path, int(found.group(1)), f"not a PO file: syntax error{detail}")


def _key(entry: polib.POEntry | Entry) -> tuple[str, str]:
    """What matches an entry across versions: its context, or for the site's interface
    strings (one shared context) the English too."""
    if isinstance(entry, Entry):
        return (entry.context, entry.text if entry.context == SHARED_CONTEXT else "")
    return (entry.msgctxt or "", entry.msgid if entry.msgctxt == SHARED_CONTEXT else "")


SHARED_CONTEXT = "site"


def _interface(context: str) -> bool:
    """Whether a context is a site interface string's (`site/<module>/…`, or the shared
    `site` of older catalogs)."""
    return context == SHARED_CONTEXT or context.startswith(SHARED_CONTEXT + "/")


def _metadata(lang: str | None, domain: str = DOMAIN) -> dict[str, str]:
    meta = {
        "Project-Id-Version": f"Nuffle {domain}",
        "POT-Creation-Date": datetime(2026, 1, 1, tzinfo=UTC).strftime("%Y-%m-%d %H:%M%z"),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    if lang:
        meta["PO-Revision-Date"] = meta["POT-Creation-Date"]
        meta["Last-Translator"] = "Nuffle translators"
        meta["Language-Team"] = f"Nuffle {lang}"
        meta["Language"] = lang
        meta["Plural-Forms"] = plural_forms(lang)
    return meta


def plural_forms(lang: str) -> str:
    """The `Plural-Forms` header of ``lang``'s catalogs: Babel's gettext rule for it
    (English's two forms for a code Babel does not know)."""
    from babel.core import UnknownLocaleError
    from babel.messages.plurals import get_plural
    try:
        return get_plural(lang).plural_forms
    except (UnknownLocaleError, ValueError):
        return "nplurals=2; plural=(n != 1);"


def known_language(lang: str) -> bool:
    """Whether Babel knows ``lang`` (a language code that names a real language)."""
    from babel import Locale
    from babel.core import UnknownLocaleError
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return False
    return is_language_code(lang)


def language_name(lang: str) -> str:
    """A language's name in that language, as Babel (CLDR) writes it: Italiano, Deutsch."""
    from babel import Locale
    from babel.core import UnknownLocaleError
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]


def init_catalogs(lang: str, by_domain: dict[str, list[Entry]]) -> list[Path]:
    """Start ``lang``: a catalog per domain with every entry untranslated (as `i18n update`
    writes them; an entry a printed edition translates is filled in). FileExistsError if
    the language has a folder already."""
    folder = locale_path(lang).parent
    if folder.exists():
        raise FileExistsError(folder)
    written = []
    for domain, entries in by_domain.items():
        po, _ = update(None, entries, lang, domain)
        path = locale_path(lang, domain)
        save(po, path)
        written.append(path)
    return written


def _po_entry(entry: Entry) -> polib.POEntry:
    # references name the file only (a line number would change the catalog at every edit
    # of the file above it); notes are wrapped here, so every tool writes them alike
    notes = [line for note in entry.notes for line in textwrap.wrap(note, NOTE_WIDTH) or [""]]
    return polib.POEntry(msgctxt=entry.context, msgid=entry.text, msgstr="",
                         comment="\n".join(notes), occurrences=[(entry.path, "")])


NOTE_WIDTH = 76  # `#. ` and a note's line fit in gettext's 79 columns


def template(entries: list[Entry], domain: str = DOMAIN) -> polib.POFile:
    pot = polib.POFile(wrapwidth=88)
    pot.metadata = _metadata(None, domain)
    for entry in entries:
        pot.append(_po_entry(entry))
    return pot


@dataclass
class UpdateReport:
    added: int = 0
    changed: int = 0  # English changed: now fuzzy
    obsolete: int = 0
    kept: int = 0
    printed: int = 0  # new entries filled from a printed translation


def update(po: polib.POFile | None, entries: list[Entry], lang: str, domain: str = DOMAIN,
           ) -> tuple[polib.POFile, UpdateReport]:
    """Merge a domain's current entries into a language's catalog."""
    report = UpdateReport()
    old = {_key(e): e for e in (po or []) if not e.obsolete}
    # an interface text whose context changed (once the shared `site`, or now used first by
    # another module) but whose English did not keeps its translation
    shared = {e.msgid: key for key, e in old.items() if _interface(e.msgctxt or "")}
    out = polib.POFile(wrapwidth=88)
    out.metadata = {**_metadata(lang, domain), **(po.metadata if po is not None else {})}
    for entry in entries:
        fresh = _po_entry(entry)
        previous = old.pop(_key(entry), None)
        if previous is None and _interface(entry.context) and shared.get(entry.text) in old:
            previous = old.pop(shared[entry.text])
        if previous is not None:
            _glossary_exception_as_comment(previous)
        if previous is None:
            if entry.printed.get(lang):
                fresh.msgstr = entry.printed[lang]
                fresh.tcomment = PRINTED_NOTE
                report.printed += 1
            report.added += 1
        else:
            fresh.msgstr = previous.msgstr
            fresh.tcomment = previous.tcomment
            fresh.flags = [f for f in previous.flags if f != "fuzzy"]
            if previous.msgid != entry.text and previous.msgstr:
                fresh.flags.append("fuzzy")
                fresh.previous_msgid = previous.msgid
                report.changed += 1
            elif "fuzzy" in previous.flags:
                fresh.flags.append("fuzzy")
                fresh.previous_msgid = previous.previous_msgid
                report.kept += 1
            else:
                report.kept += 1
        out.append(fresh)
    for gone in old.values():
        if gone.msgstr:  # keep a translation that may come back; drop empty ones
            gone.obsolete = True
            out.append(gone)
            report.obsolete += 1
    return out, report


def _glossary_exception_as_comment(entry: polib.POEntry) -> None:
    """The flag `glossary-exception` as a translator comment (`# glossary-exception`):
    msgcat and the gettext tools drop flags they do not know, comments they keep."""
    if GLOSSARY_EXCEPTION in entry.flags:
        entry.flags = [f for f in entry.flags if f != GLOSSARY_EXCEPTION]
        if not any(line.startswith(GLOSSARY_EXCEPTION) for line in entry.tcomment.split("\n")):
            entry.tcomment = "\n".join(filter(None, [entry.tcomment, GLOSSARY_EXCEPTION]))


GLOSSARY_EXCEPTION = "glossary-exception"


def load(lang: str, domain: str = DOMAIN) -> polib.POFile | None:
    """``lang``'s catalog of ``domain`` (None if it has none); CatalogError if it is
    unreadable."""
    path = locale_path(lang, domain)
    return read_catalog(path) if path.exists() else None


_SHARED: dict[Path, tuple[tuple[int, int], polib.POFile]] = {}


def load_shared(lang: str, domain: str = DOMAIN) -> polib.POFile | None:
    """`load` for readers that never change the catalog (the translations, the status, the
    site): parsed once per version of the file (its size and modification time), not once
    per reader; a site build read the content catalog three times. Do not modify what it
    returns: every reader gets the same object."""
    path = locale_path(lang, domain)
    try:
        st = path.stat()
    except OSError:
        return load(lang, domain)  # missing: None; anything else: CatalogError, as `load`
    stamp = (st.st_mtime_ns, st.st_size)
    found = _SHARED.get(path)
    if found is None or found[0] != stamp:
        po = load(lang, domain)
        if po is None:
            return None
        found = _SHARED[path] = (stamp, po)
    return found[1]


def pack_catalogs(lang: str, domain: str = DOMAIN) -> list[polib.POFile]:
    """The catalogs of ``lang`` and ``domain`` of the packs shown (CatalogError if one is
    unreadable)."""
    paths = [locale_path(lang, domain, root) for root in PACK_LOCALES]
    return [read_catalog(p) for p in paths if p.exists()]


def save(po: polib.POFile, path: Path) -> None:
    """Write ``po`` as msgcat and Poedit would (poformat.py): saving it in either changes
    nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(po_text(po), encoding="utf-8")


@dataclass
class KindStatus:
    translated: int = 0
    fuzzy: int = 0
    missing: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.missing

    def share(self, n: int) -> float:
        return round(100 * n / self.total, 1) if self.total else 100.0


def status(po: polib.POFile | None, entries: list[Entry]) -> dict[str, KindStatus]:
    """Per kind of entry: translated, fuzzy and missing entries of the current content."""
    have = {_key(e): e for e in (po or []) if not e.obsolete}
    out: dict[str, KindStatus] = {}
    for entry in entries:
        s = out.setdefault(entry.kind, KindStatus())
        po_entry = have.get(_key(entry))
        if po_entry is None or not po_entry.msgstr:
            s.missing += 1
        elif "fuzzy" in po_entry.flags or po_entry.msgid != entry.text:
            s.fuzzy += 1
        else:
            s.translated += 1
    return dict(sorted(out.items()))


def status_rows(lang: str, domain: str, entries: list[Entry]) -> dict[str, dict]:
    """{kind: counts} of one catalog, as `status --format json` prints it (CatalogError if
    the catalog is unreadable)."""
    return {kind: {"translated": s.translated, "fuzzy": s.fuzzy, "missing": s.missing,
                   "total": s.total, "translated_percent": s.share(s.translated)}
            for kind, s in status(load_shared(lang, domain), entries).items()}


def status_report(langs: list[str], by_domain: dict) -> dict:
    """{lang: {domain: {kind: counts}}}, as `status --format json` prints it."""
    return {lang: {domain: status_rows(lang, domain, entries)
                   for domain, entries in by_domain.items()} for lang in langs}
