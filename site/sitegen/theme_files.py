"""MkDocs adds the theme's static files to each build's files (`Files.add_files_from_theme`)
by listing every template the theme's loader can find: a walk of Material's folders, icons
included (thousands of files), and a pattern test of each name, at every build; a rebuild
after one change spent a twentieth of its time there. Which theme files there are depends
on the theme's folders and the patterns only, so within `kept_theme_files` the list is
made once per process for those (and the folders' modification times, so a file added to
a folder is seen); each build still leaves out a theme file its docs have, as MkDocs does.
The list is also kept in the private cache folder (`site-theme-files.json`, with MkDocs'
and the theme's versions in its key) for the next process: the last few keys' lists, as
each language's build has its own (the i18n plugin gives the other languages' builds its
sitemap's folder once more); a file that kept one list only was listed again twice by every
new process. It is read as JSON within `SITE_CACHE_BYTES`, and a list is taken only if
each file it names is a file in one of the theme's folders (anything else: the theme is
listed again).
"""

from __future__ import annotations

import json
import os
import posixpath
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from mkdocs.structure.files import File, Files

from nuffle.limits import SITE_CACHE_BYTES
from nuffle.textfile import read_cached_json, write_cache_entry

NAME = "site-theme-files.json"
VERSION = 2  # the file's shape: its lists, each with its key
MAX_LISTS = 4  # keys kept in the file: a build of each language, and a few more
_KEPT: dict[tuple, list[tuple[str, str]]] = {}
_LISTED = {"listed": 0}  # theme walks, counted for the tests


def _versions() -> list[str]:
    found = []
    for name in ("mkdocs", "mkdocs-material"):
        try:
            found.append(f"{name}={version(name)}")
        except PackageNotFoundError:  # pragma: no cover - installed with nuffle
            found.append(f"{name}=?")
    return found


def _stored() -> list:
    """The lists the private cache folder keeps, as the file holds them ([] for none)."""
    from nuffle.paths import private_cache_dir
    folder = private_cache_dir()
    if folder is None:
        return []
    found = read_cached_json(folder / NAME, SITE_CACHE_BYTES)
    if not (isinstance(found, dict) and found.get("version") == VERSION
            and isinstance(found.get("lists"), list)):
        return []
    return [kept for kept in found["lists"] if isinstance(kept, dict)]


def _from_disk(key: tuple) -> list[tuple[str, str]] | None:
    """The listing the private cache folder keeps for ``key``, if every file it names is
    a file of one of the theme's folders."""
    plain = _plain(key)
    found = next((kept for kept in _stored() if kept.get("key") == plain), None)
    if found is None or not isinstance(found.get("files"), list):
        return None
    dirs = set(key[0])
    files = []
    for entry in found["files"]:
        if not (isinstance(entry, list) and len(entry) == 2
                and all(isinstance(x, str) for x in entry)):
            return None
        path, theme_dir = entry
        if (theme_dir not in dirs or path.startswith("/") or "\\" in path
                or posixpath.normpath(path) != path or path.split("/")[0] == ".."
                or not os.path.isfile(os.path.join(theme_dir, path))):
            return None
        files.append((path, theme_dir))
    return files


def _to_disk(key: tuple, files: list[tuple[str, str]]) -> None:
    """Keep ``key``'s listing first in the file, with the last few other keys' lists."""
    from nuffle.paths import private_cache_dir
    folder = private_cache_dir()
    if folder is not None:
        plain = _plain(key)
        others = [kept for kept in _stored() if kept.get("key") != plain]
        lists = [{"key": plain, "files": files}, *others][:MAX_LISTS]
        data = json.dumps({"version": VERSION, "lists": lists}).encode("utf-8")
        write_cache_entry(folder / NAME, data, SITE_CACHE_BYTES)


def _plain(key: tuple) -> Any:
    return json.loads(json.dumps([*key, _versions()]))


def _key(env: Any, config: Any) -> tuple:
    dirs = tuple(config.theme.dirs)
    stamps: list[int | None] = []
    for folder in dirs:
        try:
            stamps.append(os.stat(folder).st_mtime_ns)
        except OSError:
            stamps.append(None)
    # the static templates are a set: in the order of their names, not of this process's
    # string hashes (another process, another order: the kept lists were missed)
    return (dirs, tuple(stamps), tuple(sorted(config.theme.static_templates)))


def kept_add_files_from_theme(real: Any) -> Any:
    """`Files.add_files_from_theme`, the theme's files listed once per key (see the module)."""
    def add(self: Files, env: Any, config: Any) -> None:
        key = _key(env, config)
        found = _KEPT.get(key)
        if found is None:
            found = _from_disk(key)
        if found is None:
            listing = Files([])
            real(listing, env, config)  # MkDocs' own listing, of the theme alone
            _LISTED["listed"] += 1
            found = [(f.src_uri, str(f.src_dir)) for f in listing]
            _to_disk(key, found)
        _KEPT[key] = found
        for path, folder in found:
            if self.get_file_from_path(path) is None:  # the docs' own file wins
                self.append(File(path, folder, config.site_dir, config.use_directory_urls))
    return add


@contextmanager
def kept_theme_files() -> Iterator[None]:
    """Within: the theme's files listed from the kept list where it can."""
    real = Files.add_files_from_theme
    Files.add_files_from_theme = kept_add_files_from_theme(real)  # type: ignore[method-assign]
    try:
        yield
    finally:
        Files.add_files_from_theme = real  # type: ignore[method-assign]
