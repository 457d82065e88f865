"""gettext catalogs: the template of a domain, and the per-language catalogs merged with it
(polib reads and writes the PO files).

A catalog lives at `content/locales/<lang>/<domain>.po` (see domains.py). Entries are
matched by their context (the item id and field), so when the English of an entry changes
its translation is kept, marked fuzzy, with the previous English shown to the translator.
The site's interface strings share one context and are matched by their English.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polib

from nuffle.i18n.entries import Entry
from nuffle.paths import content_dir

DOMAIN = "content"
PRINTED_NOTE = "printed"  # translator comment on a translation taken from a printed edition


def locale_path(lang: str, domain: str = DOMAIN) -> Path:
    return content_dir() / "locales" / lang / f"{domain}.po"


def _key(entry: polib.POEntry | Entry) -> tuple[str, str]:
    """What matches an entry across versions: its context, or for the site's interface
    strings (one shared context) the English too."""
    if isinstance(entry, Entry):
        return (entry.context, entry.text if entry.context == SHARED_CONTEXT else "")
    return (entry.msgctxt or "", entry.msgid if entry.msgctxt == SHARED_CONTEXT else "")


SHARED_CONTEXT = "site"


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
        meta["Plural-Forms"] = "nplurals=2; plural=(n != 1);"
    return meta


def _po_entry(entry: Entry) -> polib.POEntry:
    return polib.POEntry(msgctxt=entry.context, msgid=entry.text, msgstr="",
                         comment="\n".join(entry.notes),
                         occurrences=[(entry.path, str(entry.line) if entry.line else "")])


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
    out = polib.POFile(wrapwidth=88)
    out.metadata = {**_metadata(lang, domain), **(po.metadata if po is not None else {})}
    for entry in entries:
        fresh = _po_entry(entry)
        previous = old.pop(_key(entry), None)
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


def load(lang: str, domain: str = DOMAIN) -> polib.POFile | None:
    path = locale_path(lang, domain)
    return polib.pofile(str(path), wrapwidth=88) if path.exists() else None


def save(po: polib.POFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


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


def status_report(langs: list[str], by_domain: dict) -> dict:
    """{lang: {domain: {kind: counts}}}, as `status --format json` prints it."""
    report: dict = {}
    for lang in langs:
        for domain, entries in by_domain.items():
            rows = status(load(lang, domain), entries)
            report.setdefault(lang, {})[domain] = {
                kind: {"translated": s.translated, "fuzzy": s.fuzzy, "missing": s.missing,
                       "total": s.total, "translated_percent": s.share(s.translated)}
                for kind, s in rows.items()}
    return report
