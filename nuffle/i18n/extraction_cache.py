"""The site's interface strings as Babel extracted them, kept between builds: extracting
them from the generator's 29 modules was a tenth of a second of every site build, for
sources that change only when the generator does.

An entry is JSON in the private cache folder (nuffle.paths.private_cache_dir), named by a
checksum of what the extraction reads and how it words the entries (the sources, their
paths, domains.py, Babel's and Python's versions); one that is missing, too large, not JSON or not the
shape of a list of entries is a miss: the strings are extracted again and the entry
rewritten.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from nuffle.i18n.entries import Entry
from nuffle.textfile import read_cached_json, write_cache_entry

FORMAT = 1
MAX_BYTES = 8 << 20  # the site's strings are about 150 KB of JSON
_FIELDS = ("context", "text", "kind", "path", "line", "notes")


def cached_entries(sources: list[Path], extract: Callable[[], list[Entry]]) -> list[Entry]:
    """``extract()``, or what it gave last time for the same ``sources`` (see the module);
    entries with fields beyond `_FIELDS` set are not kept."""
    from nuffle.paths import private_cache_dir
    folder = private_cache_dir()
    if folder is None:
        return extract()
    path = folder / f"site-strings-{_checksum(sources)}.json"
    found = _entries(read_cached_json(path, MAX_BYTES))
    if found is not None:
        return found
    entries = extract()
    if all(not e.printed and not e.data_path and e.key is None for e in entries):
        kept = {"format": FORMAT, "entries": [[getattr(e, f) for f in _FIELDS]
                                              for e in entries]}
        # one larger than MAX_BYTES would never be read back: not written
        write_cache_entry(path, json.dumps(kept, ensure_ascii=False).encode("utf-8"), MAX_BYTES)
    return entries


def _checksum(sources: list[Path]) -> str:
    # Python's version too: Babel reads the sources with its tokenizer, which finds the
    # strings inside f-strings from 3.12 only
    h = hashlib.sha256(f"{FORMAT} babel {metadata.version('babel')} python "
                       f"{sys.version_info[0]}.{sys.version_info[1]}".encode())
    for source in [*sources, Path(__file__).with_name("domains.py")]:
        h.update(f"\0{source}\0".encode())
        h.update(source.read_bytes())
    return h.hexdigest()[:32]


def _entries(kept: object) -> list[Entry] | None:
    """The entries of a kept file, or None when it is not what `cached_entries` writes."""
    if not isinstance(kept, dict) or kept.get("format") != FORMAT \
            or not isinstance(kept.get("entries"), list):
        return None
    out = []
    for row in kept["entries"]:
        if not (isinstance(row, list) and len(row) == len(_FIELDS)
                and all(isinstance(v, str) for v in row[:4]) and type(row[4]) is int
                and isinstance(row[5], list) and all(isinstance(n, str) for n in row[5])):
            return None
        context, text, kind, path, line, notes = row
        out.append(Entry(context, text, kind, path, line, notes=list(notes)))
    return out
