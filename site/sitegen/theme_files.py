"""MkDocs adds the theme's static files to each build's files (`Files.add_files_from_theme`)
by listing every template the theme's loader can find: a walk of Material's folders, icons
included (thousands of files), and a pattern test of each name, at every build; a rebuild
after one change spent a twentieth of its time there. Which theme files there are depends
on the theme's folders and the patterns only, so within `kept_theme_files` the list is
made once per process for those (and the folders' modification times, so a file added to
a folder is seen); each build still leaves out a theme file its docs have, as MkDocs does.
The list is also kept in the private cache folder (`site-theme-files.json`, with MkDocs'
and the theme's versions in its key) for the next process; it is read as JSON within
`SITE_CACHE_BYTES`, and taken only if each file it names is a file in one of the theme's
folders (anything else: the theme is listed again).
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


def _from_disk(key: tuple) -> list[tuple[str, str]] | None:
    """The listing the private cache folder keeps for ``key``, if every file it names is
    a file of one of the theme's folders."""
    from nuffle.paths import private_cache_dir
    folder = private_cache_dir()
    if folder is None:
        return None
    found = read_cached_json(folder / NAME, SITE_CACHE_BYTES)
    if not (isinstance(found, dict) and found.get("key") == _plain(key)
            and isinstance(found.get("files"), list)):
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
    from nuffle.paths import private_cache_dir
    folder = private_cache_dir()
    if folder is not None:
        data = json.dumps({"key": _plain(key), "files": files}).encode("utf-8")
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
    return (dirs, tuple(stamps), tuple(config.theme.static_templates))


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
