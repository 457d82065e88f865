"""mkdocs-static-i18n makes each file of the docs folder again for each language it builds
(`suffix.create_i18n_file`: a new `File`, its language read from its name, its place in
that language's folder), about 2,600 files per language at every build, a tenth of a
rebuild. What it makes depends on the file's paths and the languages only, so within
`kept_i18n_files` the attributes it gave a file are kept, by those, and a file seen in an
earlier build of this process is made from them (a new `File` each time, as the plugin
makes: MkDocs attaches the page to it).

They are also kept in the build folder (`DIR/cache/i18n-files.json`), for the next process
building into it. That file is anyone's to edit, so it is read as JSON within
`SITE_CACHE_BYTES` and holds only the file's names (`dest_uri`, `name`, the languages read
from them): where a file is written (`abs_dest_path`) and its address (`url`) are worked
out from `dest_uri` as MkDocs and the plugin do, a `dest_uri` that is absolute, climbs
with `..` or lands outside the site folder is no entry, and an entry of another shape is
made again by the plugin. A file is kept there only if what it gives back is exactly what
the plugin made.

A file is kept whatever the site folder it was made for: where it is written is worked out
from its `dest_uri` for the build's own (the plugin joins the two), so a build of the other
languages into a folder of its own (parallel.py) takes the files made for the site's, and
hands back to the building process the files it used and made (`handed`, `absorb`), which
the build folder's file keeps for the next process.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePath
from typing import Any
from urllib.parse import quote as urlquote

from mkdocs.structure.files import File, InclusionLevel
from mkdocs_static_i18n import reconfigure, suffix
from mkdocs_static_i18n.reconfigure import ExtendedPlugin

from nuffle.limits import SITE_CACHE_BYTES
from nuffle.textfile import read_cached_json, write_cache_entry

_KEPT: dict[tuple, dict[str, Any]] = {}
MAX_KEPT = 100_000  # files: a few builds of the bundled site, both languages
# counted for the tests (read: from the file; languages: the plugin's languages worked out)
_MADE = {"made": 0, "kept": 0, "read": 0, "languages": 0}
VERSION = 2  # 2: files kept whatever the site folder
NAME = "i18n-files.json"
# what the plugin gives a file (vars): those the file keeps, those worked out from the key
_KEPT_FIELDS = ("dest_dir", "dest_uri", "name", "locale", "localization", "norm_src_uri")
_NAMES_ONLY = frozenset({"", ".", ".."})  # the parts a kept dest_uri may not have
_LEVELS = {level.value: level for level in InclusionLevel}
_FIELDS = frozenset({*_KEPT_FIELDS, "src_uri", "src_dir", "use_directory_urls", "inclusion",
                     "abs_dest_path", "url", "locale_alternate_of"})


def _key(file: File, current: str, default: str, languages: list, config: Any) -> tuple:
    return (file.src_uri, file.dest_uri, file.inclusion, current, default, tuple(languages),
            config.docs_dir, config.use_directory_urls)


def _attributes(key: tuple, kept: list, site_dir: str | None) -> dict[str, Any] | None:
    """The attributes the plugin gave the file of ``key``, from what the build folder's
    file keeps of them (``kept``: `_KEPT_FIELDS`), for a build into ``site_dir`` (None:
    where it is written is left out, for `create` to work out); None if they are not of
    that shape or would place the file outside the site folder."""
    src_uri, _, inclusion, current, default, _, docs_dir, directory_urls = key
    if not (len(kept) == len(_KEPT_FIELDS)
            and all(isinstance(v, str) for v in kept[:4] + kept[5:])
            and (kept[4] is None or isinstance(kept[4], str))):
        return None
    dest_dir, dest_uri, name, locale, localization, norm_src_uri = kept
    # a relative path of names only (no `..`, no `.`, no empty part: inside the site folder
    # and not the folder itself), as the plugin makes for a file of the docs folder
    if "\\" in dest_uri or not _NAMES_ONLY.isdisjoint(dest_uri.split("/")):
        return None
    made = File.__new__(File)
    made.__dict__.update(src_uri=src_uri, src_dir=docs_dir, dest_dir=dest_dir,
                         use_directory_urls=directory_urls, dest_uri=dest_uri,
                         inclusion=inclusion, name=name)
    if site_dir is not None:
        made.abs_dest_path = _written_at(site_dir, dest_uri)
    url = made._get_url(directory_urls)
    if current != default and not url.strip("./") and PurePath(url).as_posix() == ".":
        url = urlquote(current + "/")  # (as the plugin)
    return {**vars(made), "url": url, "locale": locale, "locale_alternate_of": current,
            "localization": localization, "norm_src_uri": norm_src_uri}


class _Folder:
    """The files kept in one build folder's file: read once, written back if this build
    made a file it did not hold."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.rows: dict[tuple, list] = _ROWS.setdefault(str(path), {}) if path else {}
        self.changed = False
        self.noted: set[tuple] = set()  # the rows this process made
        if path is None or _stamp(path) in (None, _SEEN.get(str(path))):
            return  # no file, or the one this process read or wrote: its files are kept
        self.rows.clear()
        found = read_cached_json(path, SITE_CACHE_BYTES)
        if not (isinstance(found, dict) and found.get("version") == VERSION
                and isinstance(found.get("contexts"), list)
                and isinstance(found.get("files"), list)):
            return
        contexts = [c for c in found["contexts"] if _context_ok(c)]
        if len(contexts) != len(found["contexts"]):
            return
        for context in contexts:  # (the languages as the key holds them)
            context[2] = tuple(context[2])
        for row in found["files"]:
            if not (isinstance(row, list) and len(row) == 4 + len(_KEPT_FIELDS)
                    and type(row[0]) is int and 0 <= row[0] < len(contexts)
                    and isinstance(row[1], str) and isinstance(row[2], str)
                    and type(row[3]) is int and row[3] in _LEVELS):
                continue
            current, default, languages, docs_dir, directory_urls = contexts[row[0]]
            key = (row[1], row[2], _LEVELS[row[3]], current, default, languages, docs_dir,
                   directory_urls)
            attributes = _attributes(key, row[4:], None)
            if len(_KEPT) >= MAX_KEPT:
                break
            if attributes is not None and key not in _KEPT:
                _KEPT[key] = attributes
                _MADE["read"] += 1
                self.rows[key] = row[4:]
        _SEEN[str(path)] = _stamp(path)

    def note(self, key: tuple, made: File, site_dir: str) -> None:
        """A file the plugin made for a build into ``site_dir``: kept for the file if it
        is given back as it is."""
        if self.path is None:
            return
        fields = vars(made)
        row = [fields.get(name) for name in _KEPT_FIELDS]
        if fields.keys() - {"alternates"} == _FIELDS \
                and _attributes(key, row, site_dir) == {k: v for k, v in fields.items()
                                                        if k != "alternates"}:
            self.rows[key] = row
            self.noted.add(key)
            self.changed = True

    def save(self, used: set[tuple]) -> None:
        """Keep the files this build used, if it made one the file did not hold."""
        if self.path is None or not self.changed:
            return
        numbers: dict[str, int] = {}  # a context (its repr) -> its place in the file
        contexts: list[list] = []
        rows = []
        for key in used & self.rows.keys():
            context = [key[3], key[4], list(key[5]), *key[6:]]  # (languages: a list)
            number = numbers.get(repr(context))
            if number is None:
                number = numbers[repr(context)] = len(contexts)
                contexts.append(context)
            rows.append([number, key[0], key[1], key[2].value, *self.rows[key]])
        data = json.dumps({"version": VERSION, "contexts": contexts,
                           "files": rows}, ensure_ascii=False).encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return
        if write_cache_entry(self.path, data, SITE_CACHE_BYTES):
            _SEEN[str(self.path)] = _stamp(self.path)


# per build folder's file, in this process: its state when last read or written, and the
# rows it holds (a later build of the process need not read it again: _KEPT has its files)
_SEEN: dict[str, tuple[int, int] | None] = {}
_ROWS: dict[str, dict[tuple, list]] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _context_ok(context: object) -> bool:
    """A context as the file holds it: the language built, the default, all of them, the
    docs folder (absolute), whether addresses are folders."""
    return (isinstance(context, list) and len(context) == 5
            and all(isinstance(v, str) for v in context[:2])
            and isinstance(context[2], list) and all(isinstance(v, str) for v in context[2])
            and isinstance(context[3], str) and os.path.isabs(context[3])
            and isinstance(context[4], bool))


def _written_at(site_dir: str, dest_uri: str) -> str:
    """Where the plugin writes a file of ``dest_uri`` in a build into ``site_dir``."""
    return os.path.normpath(os.path.join(site_dir, dest_uri))


def kept_create_i18n_file(real: Any, folder: _Folder | None = None,
                          used: set[tuple] | None = None) -> Any:
    """`suffix.create_i18n_file`, made from what an earlier call gave the same file."""
    def create(file: File, current_language: str, default_language: str,
               all_languages: list, config: Any) -> File:
        key = _key(file, current_language, default_language, all_languages, config)
        if used is not None:
            used.add(key)
        found = _KEPT.get(key)
        if found is not None:
            _MADE["kept"] += 1
            made = File.__new__(File)
            made.__dict__.update(found)
            made.abs_dest_path = _written_at(config.site_dir, made.dest_uri)
            made.alternates = {current_language: made}  # type: ignore[attr-defined]
            return made
        made = real(file, current_language, default_language, all_languages, config)
        _MADE["made"] += 1
        if len(_KEPT) >= MAX_KEPT:
            _KEPT.clear()
            _SEEN.clear()  # (the folders' files are to be read again)
        if made.abs_dest_path == _written_at(config.site_dir, made.dest_uri):
            # (else where it is written is not worked out so for another folder: not kept)
            _KEPT[key] = {k: v for k, v in vars(made).items() if k != "alternates"}
            if folder is not None:
                folder.note(key, made, config.site_dir)
        return made
    return create


def _languages_once(real: Any) -> Any:
    """The plugin's `all_languages`, worked out once per plugin and settings: it reads
    each language's settings again at every call, and the plugin asks it for each file it
    makes (twice per file and language: a tenth of a rebuild's MkDocs time)."""
    found: dict[int, tuple[Any, Any, list[str]]] = {}

    def all_languages(self: Any) -> list[str]:
        kept = found.get(id(self))
        if kept is None or kept[0] is not self or kept[1] is not self.config:
            kept = found[id(self)] = (self, self.config, real.fget(self))
            _MADE["languages"] += 1
        return list(kept[2])
    return property(all_languages)


_ACTIVE: list[tuple[_Folder, set[tuple]]] = []  # the build's file and the files it used
_INSIDE = {"by names": 0}  # the plugin's `is_relative_to` answered from the names (tests)


def _by_names(real: Any) -> Any:
    """The plugin's `is_relative_to` (is a file in the docs folder?), which makes a
    `PurePath` of each file of each language's build (about 30 µs each): where both paths
    are absolute and normal, as MkDocs makes them, the same answer from their names (the
    file's starts with the folder's and a `/`); else the plugin's own."""
    def is_relative_to(src_path: Any, dest_path: Any) -> bool:
        if (os.sep == "/" and isinstance(src_path, str) and isinstance(dest_path, str)
                and src_path.startswith("/") and dest_path.startswith("/")
                and not src_path.startswith("//") and not dest_path.startswith("//")
                and os.path.normpath(src_path) == src_path
                and os.path.normpath(dest_path) == dest_path):
            _INSIDE["by names"] += 1
            return src_path == dest_path or src_path.startswith(dest_path.rstrip("/") + "/")
        return bool(real(src_path, dest_path))
    return is_relative_to


@contextmanager
def kept_i18n_files(path: Path | None = None) -> Iterator[None]:
    """Within: the plugin's files made from the kept attributes where it can; ``path``: the
    build folder's file that keeps them for the next process (`NAME` in its cache)."""
    real = suffix.create_i18n_file
    languages = ExtendedPlugin.all_languages
    inside = reconfigure.is_relative_to
    folder = _Folder(path)
    used: set[tuple] = set()
    suffix.create_i18n_file = kept_create_i18n_file(real, folder, used)
    ExtendedPlugin.all_languages = _languages_once(languages)
    reconfigure.is_relative_to = _by_names(inside)
    _ACTIVE.append((folder, used))
    try:
        yield
    finally:
        _ACTIVE.pop()
        suffix.create_i18n_file = real
        ExtendedPlugin.all_languages = languages
        reconfigure.is_relative_to = inside
    folder.save(used)


def _plain(key: tuple) -> list:
    return [*key[:2], key[2].value, key[3], key[4], list(key[5]), *key[6:]]


def handed() -> dict | None:
    """The files a forked build used and the rows it made (parallel.py), for `absorb` in
    the process that keeps the build folder's file; None outside `kept_i18n_files`."""
    if not _ACTIVE:
        return None
    folder, used = _ACTIVE[-1]
    return {"used": [_plain(key) for key in used],
            "rows": [[*_plain(key), *folder.rows[key]] for key in folder.noted & used]}


def absorb(found: object) -> None:
    """What `handed` gave: kept with this build's files."""
    if not _ACTIVE or not isinstance(found, dict):
        return
    folder, used = _ACTIVE[-1]

    def key_of(plain: list) -> tuple:
        return (*plain[:2], _LEVELS[plain[2]], plain[3], plain[4], tuple(plain[5]),
                *plain[6:])
    used.update(key_of(plain) for plain in found.get("used", ()))
    for row in found.get("rows", ()):
        folder.rows[key_of(row[:8])] = row[8:]
        folder.changed = True
