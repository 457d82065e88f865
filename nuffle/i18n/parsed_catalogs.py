"""Parsed translation catalogs kept in the private cache folder, so that a new process
(a `nuffle site build` after one content file changed) does not parse the 2 MB content
catalog again: polib took about a seventh of a second for it, a twentieth of such a build.

One file per catalog (`catalogs/<digest of its path>.json`, a new version of the catalog
replaces the old), holding the SHA-256 of the catalog's bytes and every field polib gave
its entries and the file. It is used only for the same bytes, with the same polib version
and this module's format. Like every private cache it is read as untrusted input: JSON
within `CATALOG_CACHE_BYTES`, each field of the type polib gives it, else it is parsed
again. What it keeps is only what parsing found: every reader still checks each
translation (unusable.warn_unusable, translations.translated) as it would after parsing.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import polib

from nuffle.limits import CATALOG_CACHE_BYTES
from nuffle.textfile import read_cached_json, write_cache_entry

FORMAT = 1
FOLDER = "catalogs"
# an entry's fields as polib's parser sets them, and the types each may have
_TEXT = (str,)
_MAYBE = (str, type(None))
FIELDS: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("msgid", _TEXT), ("msgstr", _TEXT), ("msgid_plural", _TEXT), ("msgstr_plural", (list,)),
    ("msgctxt", _MAYBE), ("obsolete", (int, bool)), ("encoding", _TEXT), ("comment", _TEXT),
    ("tcomment", _TEXT), ("occurrences", (list,)), ("flags", (list,)),
    ("previous_msgctxt", _MAYBE), ("previous_msgid", _MAYBE),
    ("previous_msgid_plural", _MAYBE), ("linenum", (int, type(None))))
_NAMES = frozenset(name for name, _ in FIELDS)
COUNTS = {"parsed": 0, "kept": 0}  # catalogs parsed by polib and taken from here (tests)


def _where(path: Path) -> Path | None:
    from nuffle.paths import private_cache_dir
    root = private_cache_dir()
    if root is None:
        return None
    name = hashlib.sha256(str(Path(path).absolute()).encode("utf-8", "surrogatepass"))
    return root / FOLDER / f"{name.hexdigest()[:40]}.json"


def _stamp(data: bytes, wrapwidth: int) -> list:
    return [FORMAT, polib.__version__, hashlib.sha256(data).hexdigest(), wrapwidth]


def parse(path: Path, data: bytes, text: str, wrapwidth: int) -> polib.POFile:
    """``text`` (the catalog ``path`` holds, ``data`` its bytes) as polib parses it, from
    the kept copy when it is one of these bytes (ValueError, OSError, LookupError: polib's
    own, for a catalog it cannot parse)."""
    where = _where(path)
    stamp = _stamp(data, wrapwidth)
    if where is not None:
        found = _kept(read_cached_json(where, CATALOG_CACHE_BYTES), stamp)
        if found is not None:
            COUNTS["kept"] += 1
            return found
    po = polib.pofile(text, wrapwidth=wrapwidth)
    COUNTS["parsed"] += 1
    if where is not None:
        shown = _shown(po, stamp)
        if shown is not None:
            write_cache_entry(where, json.dumps(shown, ensure_ascii=False).encode("utf-8"),
                              CATALOG_CACHE_BYTES)
    return po


def _shown(po: polib.POFile, stamp: list) -> dict | None:
    """The catalog as the file keeps it; None if polib gave it a field this module does
    not know (another polib: not kept)."""
    entries = []
    for entry in po:
        fields = vars(entry)
        if fields.keys() != _NAMES:
            return None
        row = [fields[name] for name, _ in FIELDS]
        row[3] = list(fields["msgstr_plural"].items())  # {int: str}, in its order
        entries.append(row)
    return {"stamp": stamp, "encoding": po.encoding, "header": po.header,
            "metadata": list(po.metadata.items()), "fuzzy": po.metadata_is_fuzzy,
            "entries": entries}


def _kept(raw: object, stamp: list) -> polib.POFile | None:
    """The catalog the file holds, if it is of ``stamp`` and every value has its type."""
    if not (isinstance(raw, dict) and raw.get("stamp") == stamp):
        return None
    encoding, header, metadata, entries = (raw.get(k) for k in ("encoding", "header",
                                                                 "metadata", "entries"))
    fuzzy = raw.get("fuzzy")
    if not (isinstance(encoding, str) and isinstance(header, str)
            and isinstance(metadata, list) and isinstance(entries, list)
            and (type(fuzzy) is int or _strings(fuzzy))
            and all(_strings(pair, 2) for pair in metadata)):
        return None
    po = polib.POFile(wrapwidth=stamp[3], encoding=encoding)
    po.header = header
    po.metadata = dict(metadata)
    po.metadata_is_fuzzy = fuzzy
    made = []
    for row in entries:
        fields = _fields(row)
        if fields is None:
            return None
        entry = polib.POEntry.__new__(polib.POEntry)
        entry.__dict__.update(fields)
        made.append(entry)
    list.extend(po, made)  # (POFile.append checks for duplicates only when asked to)
    return po


def _strings(value: Any, length: int | None = None) -> bool:
    return isinstance(value, list) and (length is None or len(value) == length) \
        and all(isinstance(v, str) for v in value)


def _fields(row: object) -> dict[str, Any] | None:
    """One entry's fields, each of the type polib gives it; None for anything else."""
    if not (isinstance(row, list) and len(row) == len(FIELDS)):
        return None
    fields: dict[str, Any] = {}
    for (name, types), value in zip(FIELDS, row, strict=True):
        if type(value) not in types:
            return None
        fields[name] = value
    if not _strings(fields["flags"]):
        return None
    occurrences = fields["occurrences"]
    if not all(_strings(pair, 2) for pair in occurrences):
        return None
    fields["occurrences"] = [tuple(pair) for pair in occurrences]
    plural = fields["msgstr_plural"]
    if not all(isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int
               and isinstance(pair[1], str) for pair in plural):
        return None
    fields["msgstr_plural"] = dict(plural)
    return fields
