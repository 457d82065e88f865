"""MkDocs adds the theme's static files to each build's files (`Files.add_files_from_theme`)
by listing every template the theme's loader can find: a walk of Material's folders, icons
included (thousands of files), and a pattern test of each name, at every build; a rebuild
after one change spent a twentieth of its time there. Which theme files there are depends
on the theme's folders and the patterns only, so within `kept_theme_files` the list is
made once per process for those (and the folders' modification times, so a file added to
a folder is seen); each build still leaves out a theme file its docs have, as MkDocs does.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mkdocs.structure.files import File, Files

_KEPT: dict[tuple, list[tuple[str, str]]] = {}
_LISTED = {"listed": 0}  # theme walks, counted for the tests


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
            listing = Files([])
            real(listing, env, config)  # MkDocs' own listing, of the theme alone
            _LISTED["listed"] += 1
            found = _KEPT[key] = [(f.src_uri, str(f.src_dir)) for f in listing]
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
