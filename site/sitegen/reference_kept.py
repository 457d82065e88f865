"""What the language reference learns by parsing, kept between processes.

The reference (reference.py) takes an example of each name from the content: it reads the
names each rules text uses from its syntax tree, which a new process builds from the
content cache for each of about 300 texts. The names it finds for the others are checked
by parsing and checking a template example each (about 100). Both depend on the texts and
the code alone (the parser, the checker, the vocabularies, this reference's walk of the
tree), not on the content around them or on the language; a rebuild in a new process did
all of it again, about a tenth of a second and a half.

So the private cache folder keeps, under a fingerprint of that code (the names check's,
which covers the parser, the checker, the vocabularies and the libraries, and
reference.py's bytes): the names each rules text uses, by the text's SHA-256, and each
example's verdict, by the SHA-256 of what was checked. The file is JSON read within
`SITE_CACHE_BYTES`; an entry of any other shape is not used (the work is done again), and
a file of any other shape is no file.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from nuffle.limits import SITE_CACHE_BYTES
from nuffle.textfile import read_cached_json, write_cache_entry

FORMAT = 1
NAMES = 4  # events, effects, queries, parameters


@dataclass
class ReferenceWork:
    """Counted for the tests: names read from a syntax tree, examples parsed and checked."""
    walked: int = 0
    checked: int = 0


WORK = ReferenceWork()


@cache
def fingerprint() -> str:
    from nuffle.catalogue.names_kept import fingerprint as names_fingerprint
    digest = hashlib.sha256(f"{FORMAT} {names_fingerprint()}".encode())
    digest.update(Path(__file__).with_name("reference.py").read_bytes())
    return digest.hexdigest()


def _file() -> Path | None:
    from nuffle.paths import private_cache_dir
    root = private_cache_dir()
    return None if root is None else root / f"site-reference-{fingerprint()[:20]}.json"


def sha(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Kept:
    """The names of each rules text (by its SHA-256) and the examples' verdicts."""
    usage: dict[str, tuple[set[str], ...]] = field(default_factory=dict)
    verdicts: dict[str, bool] = field(default_factory=dict)
    changed: bool = False

    def save(self) -> None:
        """Write the file, if anything was learnt since it was read."""
        path = _file()
        if path is None or not self.changed:
            return
        data = {"format": FORMAT, "fingerprint": fingerprint(),
                "usage": {key: [sorted(names) for names in used]
                          for key, used in self.usage.items()},
                "verdicts": self.verdicts}
        if write_cache_entry(path, json.dumps(data).encode("utf-8"), SITE_CACHE_BYTES):
            self.changed = False


def _read() -> Kept:
    path = _file()
    kept = Kept()
    raw = None if path is None else read_cached_json(path, SITE_CACHE_BYTES)
    if not (isinstance(raw, dict) and raw.get("format") == FORMAT
            and raw.get("fingerprint") == fingerprint()):
        return kept
    usage, verdicts = raw.get("usage"), raw.get("verdicts")
    if isinstance(usage, dict):
        for key, used in usage.items():
            if (isinstance(used, list) and len(used) == NAMES
                    and all(isinstance(names, list)
                            and all(isinstance(name, str) for name in names)
                            for names in used)):
                kept.usage[key] = tuple(set(names) for names in used)
    if isinstance(verdicts, dict):
        kept.verdicts = {key: ok for key, ok in verdicts.items() if isinstance(ok, bool)}
    return kept


_KEPT: dict[str, Kept] = {}


def kept() -> Kept:
    """This process's record, read from the cache folder once per fingerprint."""
    key = fingerprint()
    if key not in _KEPT:
        _KEPT.clear()
        _KEPT[key] = _read()
    return _KEPT[key]
