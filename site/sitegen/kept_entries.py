"""Entries a site build keeps in the private cache folder for the next build, by key.

The folder is the user's, but anything can have written the file: it is read as JSON
within `SITE_CACHE_BYTES`, a file of another version or not of the expected form is no
entry, and each entry is checked by its owner's ``valid`` when taken (a wrong shape is a
miss, the work is done again). The file keeps the entries one build used, no more, and is
left as it is when those are the entries it holds (a full build of unchanged pages read
the site's 23 MB of kept pages and wrote them back unchanged).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nuffle.limits import SITE_CACHE_BYTES
from nuffle.textfile import read_cached_json, write_cache_entry


class Kept:
    """Entries by key, from a cache file (``known``, checked by ``valid`` when taken: a
    wrong shape is a miss) and those used in this build (``used``: what the file keeps,
    so it never holds more than one build's worth)."""

    def __init__(self, path: Path | None, version: str,
                 valid: Callable[[Any], Any | None]) -> None:
        self.path, self.version, self.valid = path, version, valid
        self.known: dict[str, Any] = {}
        self.used: dict[str, Any] = {}
        self.written = 0  # times the file was written by this build
        if path is not None:
            found = read_cached_json(path, SITE_CACHE_BYTES)
            if (isinstance(found, dict) and found.get("version") == version
                    and isinstance(found.get("entries"), dict)):
                self.known = found["entries"]

    def get(self, key: str) -> Any | None:
        found = self.used.get(key)
        if found is None:
            found = self.valid(self.known.get(key))
            if found is not None:
                self.used[key] = found
        return found

    def handed(self) -> dict[str, Any]:
        """The entries used, for the other process of the build (parallel.py): those taken
        from the file by their key only (that process read the same file before the fork),
        the others whole."""
        known = self.known
        return {"keys": [key for key, value in self.used.items() if known.get(key) is value],
                "entries": {key: value for key, value in self.used.items()
                            if known.get(key) is not value}}

    def absorb(self, handed: Any) -> None:
        """The entries another process of the same build used, as `handed` gives them."""
        if not isinstance(handed, dict):
            return
        keys, entries = handed.get("keys"), handed.get("entries")
        if isinstance(keys, list):
            for key in keys:
                if isinstance(key, str):
                    self.get(key)
        if isinstance(entries, dict):
            for key, value in entries.items():
                if isinstance(key, str) and self.valid(value) is not None:
                    self.used[key] = value

    def unchanged(self) -> bool:
        """Whether the entries used are those the file holds."""
        known = self.known
        return self.used.keys() == known.keys() and all(
            value is known[key] or value == known[key] for key, value in self.used.items())

    def save(self) -> None:
        if self.path is None or not self.used or self.unchanged():
            return
        self.written += 1
        data = json.dumps({"version": self.version, "entries": self.used},
                          separators=(",", ":")).encode("utf-8")
        write_cache_entry(self.path, data, SITE_CACHE_BYTES)
