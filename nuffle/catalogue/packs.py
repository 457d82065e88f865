"""Content packs: an author's folder of items, with an optional manifest (`nuffle-pack.yaml`,
an item of kind `content-pack`) naming the pack, its author and what it builds on.

A pack either adds to the bundled content (`base: bundled`, the default: a new team beside
the others) or is a whole content of its own (`base: none`: a fork of `content/`). Without a
manifest, a folder that redefines most of the bundled ids is taken for a fork, which is what
someone who copied `content/` to change it means.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from nuffle import limits
from nuffle.paths import content_dir
from nuffle.textfile import Unreadable, decode_utf8, read_bounded

if TYPE_CHECKING:  # the model imports the rules language: not for `nuffle check --help`
    from nuffle.catalogue.model import Catalogue, Item

MANIFEST = "nuffle-pack.yaml"
BASES = ("auto", "bundled", "none")
# a folder redefining at least this share of the bundled ids is a fork of the content
FORK_SHARE = 0.5
URL = re.compile(r"https?://[^\s<>\"'`]+")  # as common.schema.json's `url`


class Base(NamedTuple):  # not a dataclass: an unchanged `check` imports no dataclasses
    """What the named content builds on: the folder that is the whole content (`root`, None
    for the bundled content) and the packs loaded beside it; `why` says how it was decided
    when it was not said outright (printed to stderr)."""

    root: Path | None
    packs: tuple[Path, ...]
    why: str = ""


def pack_root(path: Path) -> Path | None:
    """The folder of the pack ``path`` lives in: the nearest folder, from ``path`` up, that
    holds a manifest (a scenario run on its own loads its pack this way)."""
    here = path.resolve()
    for folder in ([here] if here.is_dir() else []) + list(here.parents):
        if (folder / MANIFEST).is_file():
            return folder
    return None


def manifest_field(root: Path, name: str) -> str | None:
    """A top-level field of the pack's manifest (`base`, `edition`), read without loading
    the pack (the check of the manifest itself reports a malformed one)."""
    text = _read(root / MANIFEST)
    line = re.compile(rf"^{name}:[ \t]*[\"']?([a-z0-9-]+)[\"']?[ \t]*(?:#.*)?$", re.M)
    found = line.search(text) if text else None
    return found.group(1) if found else None


def _read(path: Path) -> str | None:
    try:
        return decode_utf8(read_bounded(path, limits.FILE_BYTES))
    except (OSError, Unreadable, ValueError):
        return None


def _ids(files: Iterable[Path]) -> set[str]:
    from nuffle.catalogue.files import UNREADABLE_ID  # a top-level `id:` line
    found: set[str] = set()
    for path in files:
        text = _read(path)
        match = UNREADABLE_ID.search(text) if text else None
        if match:
            found.add(f"{path.parent.name}/{match.group(1)}")  # a kind's folder and the id
    return found


@cache
def bundled_ids() -> frozenset[str]:
    """`<kind folder>/<id>` of every bundled item (`teams/human`), read without loading."""
    from nuffle.catalogue.files import content_files
    return frozenset(_ids(content_files()))


def resolve_base(named: Sequence[Path], base: str = "auto") -> Base:
    """What ``named`` (the folders and files given) builds on. ``base`` is the command line's
    word: `bundled` or `none` outright, `auto` from the manifests, else the fork test. With
    `none`, the first folder named is the content and the others are packs beside it."""
    folders = [p for p in named if p.is_dir()]
    if base == "none":
        if not folders:
            return Base(None, tuple(named))
        return Base(folders[0], tuple(p for p in named if p != folders[0]))
    if base == "bundled":
        return Base(None, tuple(named))
    for folder in folders:
        declared = manifest_field(folder, "base") if (folder / MANIFEST).is_file() else None
        if declared == "none":
            return Base(folder, tuple(p for p in named if p != folder))
        if declared == "bundled":
            continue
        if (folder / MANIFEST).is_file() or folder.resolve() == content_dir().resolve():
            continue
        from nuffle.catalogue.files import content_files
        mine = _ids(content_files([folder]))
        bundled = bundled_ids()
        shared = len(mine & bundled)
        if bundled and shared >= FORK_SHARE * len(bundled):
            why = (f"{folder} redefines {shared} of the {len(bundled)} bundled items: using it "
                   "as the whole content, not beside the bundled content (--base bundled "
                   f"for a pack, or `base:` in a {MANIFEST})")
            return Base(folder, tuple(p for p in named if p != folder), why)
    return Base(None, tuple(named))


def pack_of(catalogue: Catalogue, item: Item) -> Item | None:
    """The manifest of the pack ``item`` lives in (its nearest folder with one), if any."""
    here = Path(item.path).resolve()
    best: Item | None = None
    for manifest in catalogue.of_kind("content-pack"):
        folder = Path(manifest.path).resolve().parent
        if here.is_relative_to(folder) and (
                best is None or folder.is_relative_to(Path(best.path).resolve().parent)):
            best = manifest
    return best


def homebrew_author(catalogue: Catalogue, item: Item) -> tuple[str, str | None, str | None]:
    """For an item whose source is homebrew: who wrote it, the document, and a web address
    (the item's own, else its pack manifest's); the author is "" when nobody is named."""
    source = item.data.get("source")
    pack = pack_of(catalogue, item)
    pack_data = pack.data if pack is not None else {}
    if isinstance(source, dict):
        return (str(source.get("homebrew", "")), source.get("document"),
                source.get("url") or pack_data.get("url"))
    return (str(pack_data.get("author", "")), pack_data.get("name"), pack_data.get("url"))


def is_homebrew(data: dict) -> bool:
    source = data.get("source")
    return source == "homebrew" or (isinstance(source, dict) and "homebrew" in source)
