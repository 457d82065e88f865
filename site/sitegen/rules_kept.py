"""What the site learns from rules texts by parsing, checking and compiling them, kept
between processes.

The language reference (reference.py) takes an example of each name from the content: it
reads the names each rules text uses from its syntax tree, which a new process builds
from the content cache for each of about 300 texts. The names it finds for the others are
checked by parsing and checking a template example each (about 100). The coverage page
(coverage.py) compiles each item's rules to say whether the engine has a handler for it.
All of it depends on the texts and the code alone (the parser, the checker, the
vocabularies, the engine's compiler, the reference's walk of the tree), not on the content
around them or on the language; a rebuild in a new process did all of it again, about a
quarter of a second.

So the private cache folder keeps, under a fingerprint of that code (the names check's,
which covers the parser, the checker, the vocabularies and the libraries; the engine's
version, which covers the compiler; reference.py's bytes): the names each rules text uses,
by the text's SHA-256, each example's verdict and each item's rules' compile verdict, by
the SHA-256 of what was checked. The file is JSON read within `SITE_CACHE_BYTES`; an entry
of any other shape is not used (the work is done again), and a file of any other shape is
no file.
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
class RulesWork:
    """Counted for the tests: names read from a syntax tree, examples parsed and checked,
    items' rules compiled."""
    walked: int = 0
    checked: int = 0
    compiled: int = 0


WORK = RulesWork()


@cache
def fingerprint() -> str:
    from nuffle.interpreter.engine_version import engine_version

    from nuffle.catalogue.names_kept import fingerprint as names_fingerprint
    digest = hashlib.sha256(f"{FORMAT} {names_fingerprint()} {engine_version()}".encode())
    digest.update(Path(__file__).with_name("reference.py").read_bytes())
    return digest.hexdigest()


def _file() -> Path | None:
    from nuffle.paths import private_cache_dir
    root = private_cache_dir()
    return None if root is None else root / f"site-rules-{fingerprint()[:20]}.json"


def sha(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Kept:
    """The names of each rules text (by its SHA-256), the examples' verdicts and the
    items' rules' compile verdicts."""
    usage: dict[str, tuple[set[str], ...]] = field(default_factory=dict)
    verdicts: dict[str, bool] = field(default_factory=dict)
    compiles: dict[str, bool] = field(default_factory=dict)
    changed: bool = False

    def save(self) -> None:
        """Write the file, if anything was learnt since it was read."""
        path = _file()
        if path is None or not self.changed:
            return
        data = {"format": FORMAT, "fingerprint": fingerprint(),
                "usage": {key: [sorted(names) for names in used]
                          for key, used in self.usage.items()},
                "verdicts": self.verdicts, "compiles": self.compiles}
        if write_cache_entry(path, json.dumps(data).encode("utf-8"), SITE_CACHE_BYTES):
            self.changed = False


def _read() -> Kept:
    path = _file()
    kept = Kept()
    raw = None if path is None else read_cached_json(path, SITE_CACHE_BYTES)
    if not (isinstance(raw, dict) and raw.get("format") == FORMAT
            and raw.get("fingerprint") == fingerprint()):
        return kept
    usage = raw.get("usage")
    if isinstance(usage, dict):
        for key, used in usage.items():
            if (isinstance(used, list) and len(used) == NAMES
                    and all(isinstance(names, list)
                            and all(isinstance(name, str) for name in names)
                            for names in used)):
                kept.usage[key] = tuple(set(names) for names in used)
    kept.verdicts, kept.compiles = _verdicts(raw.get("verdicts")), _verdicts(raw.get("compiles"))
    return kept


def _verdicts(raw: object) -> dict[str, bool]:
    if not isinstance(raw, dict):
        return {}
    return {key: ok for key, ok in raw.items() if isinstance(ok, bool)}


_KEPT: dict[str, Kept] = {}


def kept() -> Kept:
    """This process's record, read from the cache folder once per fingerprint."""
    key = fingerprint()
    if key not in _KEPT:
        _KEPT.clear()
        _KEPT[key] = _read()
    return _KEPT[key]
