"""The item pages' memo (page_memo.py) kept in the build folder, so that a new process
(a later `nuffle site build` into the same `--out`) gives back the pages a change did not
touch, as a rebuild in the same process does.

`DIR/cache/item-pages.json` holds, per language, what the kept pages were made under (the
language, the page makers by name, the code that makes pages as it is on disk, the
language's translation catalogs as they are on disk) and each maker's entry: its item,
its arguments, the digest of each value it read, and the digest of each page or drawing
it wrote. The texts themselves are not in the file (but for the few pages the build wrote
otherwise, a title told apart from another's): the build wrote them into `DIR/docs/` and
`DIR/cache/drawings/`, where a later build reads one back only if it has the digest the
entry gives (else the maker is run again). Like the folder's other
state the file is anyone's to edit: it is read as JSON within `SITE_CACHE_BYTES`, another
version or context is no entry, an entry of the wrong shape is dropped, and nothing in it
is used unless the value it names is found with its digest.
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from nuffle.limits import SITE_CACHE_BYTES
from nuffle.textfile import read_cached_json, write_cache_entry

VERSION = 1
NAME = "item-pages.json"
# the packages whose modules make the pages (each its own folder in a checkout)
PACKAGES = ("nuffle", "nuffle.dsl", "nuffle.interpreter", "nuffle.sitegen")
_DEPTH = 4  # a key or digest is a string or a tuple of them (of tuples): never deeper


def path_of(out: Path) -> Path:
    return out / "cache" / NAME


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """The code that makes the pages as it is on disk (each module of Nuffle's packages:
    its path, size and modification time, as Python's own bytecode check), the Python and
    PyYAML versions: a page kept under other code is made again."""
    from importlib import import_module

    import yaml
    h = hashlib.sha256(f"{sys.version}|{getattr(yaml, '__version__', '?')}".encode())
    for name in PACKAGES:
        for root in import_module(name).__path__:
            for path in sorted(Path(root).rglob("*.py")):
                try:
                    st = path.stat()
                except OSError:
                    continue
                h.update(f"{path}|{st.st_size}|{st.st_mtime_ns}\n".encode("utf-8",
                                                                          "surrogatepass"))
    return h.hexdigest()


def catalog_stamps(lang: str) -> list:
    """The files of the language's folders (the bundled one and each content pack's: the
    translation catalogs, the grammar file) as they are on disk."""
    if lang == "en":
        return []
    from nuffle.i18n import catalog
    from nuffle.i18n.domains import DOMAINS
    stamps: list[Any] = []
    roots = [catalog.locale_path(lang, DOMAINS[0]).parent,
             *(catalog.locale_path(lang, DOMAINS[0], root).parent
               for root in catalog.PACK_LOCALES)]
    for folder in roots:
        stamps.append(str(folder))
        for path in sorted(folder.glob("*")) if folder.is_dir() else ():
            try:
                st = path.stat()
                stamps.append([path.name, st.st_mtime_ns, st.st_size])
            except OSError:
                stamps.append([path.name, None])
    return stamps


def plain(value: Any) -> Any:
    """A key or digest as JSON holds it (a tuple as a list)."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def hashable(value: Any, depth: int = 0) -> Any:
    """A key or digest read back (a list as the tuple it was), or None if it is neither a
    string nor a list of such."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and depth < _DEPTH:
        found = tuple(hashable(v, depth + 1) for v in value)
        return None if None in found else found
    return None


def read(out: Path) -> dict[str, tuple[Any, list]]:
    """Per language: the context its pages were kept under and its entries, as the file
    holds them (each entry checked by `entry_of` when used); {} for no usable file."""
    found = read_cached_json(path_of(out), SITE_CACHE_BYTES)
    if not isinstance(found, dict) or found.get("version") != VERSION:
        return {}
    languages = found.get("languages")
    if not isinstance(languages, dict):
        return {}
    return {lang: (kept["context"], kept["entries"]) for lang, kept in languages.items()
            if isinstance(lang, str) and isinstance(kept, dict)
            and isinstance(kept.get("entries"), list) and "context" in kept}


def entry_of(raw: Any, targets: tuple[str, ...]
             ) -> tuple[tuple, str, tuple, tuple] | None:
    """One entry as the file holds it, checked: ((maker, item key), arguments, reads as
    (source, key, digest), writes as (target, key, digest of the text, the text if the
    file holds it: a page the build wrote otherwise)); None if any of it has another
    shape."""
    if not (isinstance(raw, list) and len(raw) == 5 and isinstance(raw[0], str)
            and isinstance(raw[2], str) and isinstance(raw[3], list)
            and isinstance(raw[4], list)):
        return None
    key = hashable(raw[1])
    if key is None:
        return None
    reads = []
    for read_ in raw[3]:
        if not (isinstance(read_, list) and len(read_) == 3 and isinstance(read_[0], str)):
            return None
        k, d = hashable(read_[1]), hashable(read_[2])
        if k is None or d is None:
            return None
        reads.append((read_[0], k, d))
    writes = []
    for write in raw[4]:
        if not (isinstance(write, list) and len(write) in (3, 4) and write[0] in targets
                and isinstance(write[1], str) and isinstance(write[2], str)):
            return None
        text = write[3] if len(write) == 4 else None
        if text is not None and not (isinstance(text, str) and text_digest(text) == write[2]):
            return None
        writes.append((write[0], write[1], write[2], text))
    return (raw[0], key), raw[2], tuple(reads), tuple(writes)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write(out: Path, languages: dict[str, tuple[Any, list[str]]]) -> bool:
    """Keep the memo (per language: its context and its entries, each as `dumps` gives
    what `entry_of` reads: an entry kept from build to build is turned into JSON once);
    False if it was not written (too large, the folder not writable)."""
    data = ("{" + dumps("version") + ":" + dumps(VERSION) + "," + dumps("languages") + ":{"
            + ",".join(dumps(lang) + ":{" + dumps("context") + ":" + dumps(context) + ","
                       + dumps("entries") + ":[" + ",".join(entries) + "]}"
                       for lang, (context, entries) in languages.items())
            + "}}").encode("utf-8", "surrogatepass")
    try:  # a first build saves it before the folder's other files are written
        path_of(out).parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return write_cache_entry(path_of(out), data, SITE_CACHE_BYTES)
