"""Which content files a load reads, in which order, and the path each is shown under:
worked out here, without the loader's imports, so that `nuffle check` can tell an unchanged
content from its files alone (nuffle.cli.check_cache) and the loader reads the same list."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from nuffle.paths import content_dir

SKIPPED_DIRS = {"schemas", "locales"}
# a top-level `id:` line, read from a file that does not load as an item, so that the items
# naming it get no second error for it
UNREADABLE_ID = re.compile(r"^id:[ \t]*[\"']?([a-z0-9][a-z0-9-]*)[\"']?[ \t]*(?:#.*)?$", re.M)


def content_files(paths: Iterable[Path] | None = None) -> list[Path]:
    """All YAML files under the given files or folders (bundled content by default). In a
    folder, hidden files and folders (`.pre-commit-config.yaml`, `.github/`) are a content
    repository's tooling, not content, and are left out; a file named outright is read."""
    roots = list(paths) if paths else [content_dir()]
    found: list[Path] = []
    for root in roots:
        if root.is_dir():
            for p in sorted(root.rglob("*.yaml")):
                parts = p.relative_to(root).parts
                if not SKIPPED_DIRS.intersection(parts[:-1]) \
                        and not any(part.startswith(".") for part in parts):
                    found.append(p)
        else:
            found.append(root)
    return found


def input_files(paths: Iterable[Path] | None = None, packs: Iterable[Path] = (),
                with_bundled: bool = True) -> tuple[list[Path], list[Path]]:
    """The files a load reports on (``paths``' files, else the whole content) and the files
    it reads beside them as context (with ``paths`` and ``with_bundled``: the content's and
    the ``packs``' other files), each in the order it is read."""
    paths = None if paths is None else list(paths)
    selected = content_files(paths)
    if not (paths and with_bundled):
        return selected, []
    packs = list(packs)
    chosen = set(resolved(selected))
    others = [*content_files(), *(content_files(packs) if packs else [])]
    return selected, [p for p, real in zip(others, resolved(others), strict=True)
                      if real not in chosen]


def resolved(paths: Iterable[Path]) -> list[Path]:
    """Each path made absolute with its links followed, as `Path.resolve()` does, but each
    folder resolved once: a thousand files in thirty folders cost thirty folder walks and a
    thousand `lstat`s, not a walk each."""
    folders: dict[Path, str] = {}
    out: list[Path] = []
    for path in paths:
        parent = path.parent
        real_parent = folders.get(parent)
        if real_parent is None:
            real_parent = folders[parent] = os.path.realpath(parent)
        if path.name in ("", ".", "..") or os.path.islink(path):
            out.append(path.resolve())
        else:
            out.append(Path(real_parent, path.name))
    return out
