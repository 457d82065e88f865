"""What this process last wrote (or found) in a docs folder, so a rebuild does not read
each of its 3,500 files again to learn that its text is the one it is about to write.

`build.write_tree` rewrites a generated page only when its text changed, which meant
reading every page of the folder at every build. A file whose size and modification time
are those it had when this process wrote or read it is known to hold the text it held
then, and is not read (the test Python makes of its own bytecode
files); anything else is read and compared as before.
"""

from __future__ import annotations

import os
from pathlib import Path

MAX_FOLDERS = 8  # docs folders remembered in a process (a serve, a test run's builds)


class WrittenDocs:
    """The texts of one docs folder's files as last written or read: rel -> (text,
    modification time, size)."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[str, int, int]] = {}
        self.skipped = 0  # files not read because they were known (for the tests)

    def held(self, rel: str, path: Path) -> str | None:
        """The text ``path`` holds as this process last saw it, if unchanged since; None
        when that is not known (the file is to be read)."""
        found = self.files.get(rel)
        if found is None:
            return None
        try:
            st = os.stat(path)
        except OSError:
            return None
        if (st.st_mtime_ns, st.st_size) != found[1:]:
            return None
        self.skipped += 1
        return found[0]

    def note(self, rel: str, path: Path, text: str, st: os.stat_result | None = None) -> None:
        """``path`` holds ``text`` now (just written; or read, ``st`` its state taken before
        reading it, so a change made while it was read is seen by the next build)."""
        try:
            st = os.stat(path) if st is None else st
        except OSError:
            self.files.pop(rel, None)
            return
        self.files[rel] = (text, st.st_mtime_ns, st.st_size)

    def read(self, rel: str, path: Path) -> str:
        """The text of ``path``, read, and noted."""
        with open(path, encoding="utf-8") as stream:
            st = os.fstat(stream.fileno())
            text = stream.read()
        self.note(rel, path, text, st)
        return text


_FOLDERS: dict[str, WrittenDocs] = {}


def written_docs(docs: Path) -> WrittenDocs:
    key = os.path.abspath(docs)  # not resolved: write_tree resolves each folder once
    found = _FOLDERS.get(key)
    if found is None:
        if len(_FOLDERS) >= MAX_FOLDERS:
            _FOLDERS.clear()
        found = _FOLDERS[key] = WrittenDocs()
    return found
