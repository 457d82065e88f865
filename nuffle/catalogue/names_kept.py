"""The names check's findings for each item, kept between runs, so that a check after an
author edits one file checks the names of that file's rules alone (and one that edits a file
without rules builds no syntax tree and imports neither the checker nor a vocabulary).

An item's findings depend on its file (its path, edition, table category, and each rules
text with its kind and the place it starts), on the code (the checker, the vocabularies, the
loader) and on what its rules' names are among the other items: a name that is an ability's
or a ball card's id has that item's type. So an item's entry is keyed by the SHA-256 of
what it depends on in its file but the places (an edit of an ability's text or a comment
keeps its entry), under a fingerprint of the code (the content cache's, with the
vocabularies' sources), and holds the findings with the places they were made at (used
only at the same places, unless there are none), and, for each name its rules use (every
`Name` in its syntax trees: the only nodes the checker looks up among the content's ids),
the kinds of the items of its game that have that id, in the order the catalogue holds
them. It is used only if each name still has the same kinds.

The entries are one JSON file in the private cache folder, read as untrusted input (bounded,
every value's shape checked; anything else is a miss). An item whose check met an internal
error is not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle import limits
from nuffle.catalogue.fingerprint import add_files, package_folder
from nuffle.dsl.diagnostics import Diagnostic
from nuffle.paths import private_cache_dir
from nuffle.textfile import read_cached_json, write_cache_entry

if TYPE_CHECKING:
    from nuffle.catalogue.model import Catalogue, Item
    from nuffle.dsl import ast

FORMAT = 1
ENTRIES = 8192  # items kept: those of the last run first, then the earlier ones


@cache
def fingerprint() -> str:
    """The content cache's fingerprint and the sources of the vocabularies and editions."""
    from nuffle.catalogue import cache as content_cache
    digest = hashlib.sha256(f"{FORMAT} {content_cache.fingerprint()}".encode())
    vocabularies = package_folder("nuffle.interpreter") / "vocabulary"
    add_files(digest, [*sorted(vocabularies.rglob("*.py")),
                       package_folder("nuffle") / "editions.py"])
    return digest.hexdigest()


def _file() -> Path | None:
    root = private_cache_dir()
    return None if root is None else root / f"names-{fingerprint()[:20]}.json"


Names = dict[str, list[str]]  # a name its rules use: the kinds of the items with that id


class Kept:
    """The entries of one run: those read, those used and those made."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.kinds: dict[tuple[str, str], list[str]] = {}  # (game, id): kinds, in order
        for item in catalogue.items.values():
            self.kinds.setdefault((item.game, item.id), []).append(item.kind)
        self.file = _file()
        self.read: dict[str, object] = {}
        if self.file is not None:
            found = read_cached_json(self.file, limits.CACHE_ENTRY_BYTES)
            if isinstance(found, dict) and found.get("format") == FORMAT \
                    and found.get("fingerprint") == fingerprint() \
                    and isinstance(found.get("items"), dict):
                self.read = found["items"]
        self.used: dict[str, object] = {}
        self.made = 0

    @staticmethod
    def key(item: Item) -> str:
        """What the item's findings depend on in its file: its path, edition and table
        category, and each rules text with its kind (where they are in the file matters to
        findings only if there are any: see `places`)."""
        rules = [[list(r.path), r.kind, r.source, r.parsed] for r in item.rules]
        return hashlib.sha256(json.dumps(
            [item.path, item.edition, str(item.data.get("category")), rules],
            ensure_ascii=False).encode("utf-8", "surrogatepass")).hexdigest()

    def names(self, item: Item, used: set[str]) -> Names:
        return {name: self.kinds.get((item.game, name), []) for name in sorted(used)}

    def get(self, item: Item) -> list[Diagnostic] | None:
        """The item's findings, if kept for the same file and the same kinds of its names."""
        key = self.key(item)
        entry = self.read.get(key)
        if not isinstance(entry, dict):
            return None
        names, rows = entry.get("names"), entry.get("diagnostics")
        if not isinstance(names, dict) or not isinstance(rows, list) \
                or any(self.kinds.get((item.game, name), []) != kinds
                       for name, kinds in names.items()) \
                or rows and entry.get("places") != places(item):
            return None
        from nuffle.catalogue.cache import kept_diagnostics
        found = kept_diagnostics(rows, item.path)
        if found is not None:
            self.used[key] = entry
        return found

    def put(self, item: Item, used: set[str], diags: list[Diagnostic]) -> None:
        if any(d.path != item.path for d in diags):
            return  # not what get() makes again
        self.used[self.key(item)] = {
            "names": self.names(item, used), "places": places(item),
            "diagnostics": [[d.code, d.message, d.line, d.column, d.end_column, d.hint,
                             d.severity] for d in diags]}
        self.made += 1

    def save(self) -> None:
        """Write the entries back when this run made any: this run's first, then earlier
        ones up to ENTRIES (another catalogue's, a content pack's)."""
        if self.file is None or not self.made:
            return
        items = dict(self.used)
        for key, entry in self.read.items():
            if len(items) >= ENTRIES:
                break
            items.setdefault(key, entry)
        encoded = json.dumps({"format": FORMAT, "fingerprint": fingerprint(), "items": items},
                             ensure_ascii=False, separators=(",", ":")
                             ).encode("utf-8", "surrogatepass")
        if write_cache_entry(self.file, encoded, limits.CACHE_ENTRY_BYTES):
            for other in self.file.parent.glob("names-*.json"):  # other versions' entries
                if other != self.file:
                    with contextlib.suppress(OSError):
                        other.unlink()


def places(item: Item) -> list[list]:
    """Where each rules text starts in the file (the findings' lines and columns)."""
    out = []
    for rules in item.rules:
        where = item.doc.rules_source(rules.path)
        out.append([where.first_line, where.first_column, where.indent, where.block])
    return out


def used_names(tree: ast.Node) -> set[str]:
    """Every `Name` in a syntax tree: what the checker may look up among the content's ids."""
    from nuffle.dsl import ast
    found: set[str] = set()
    stack: list[object] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(node)
        elif isinstance(node, ast.Node):
            if isinstance(node, ast.Name):
                found.add(node.name)
            stack.extend(vars(node).values())
    return found
