"""Reading a file that may come from anyone: only a regular file (a pipe or a device could
block for ever or never end), never more than its limit, and UTF-8 checked with the line and
column of the first bad byte. The content loader, the translation catalogs and the game logs
all read through here, each turning an `Unreadable` into its own diagnostic. The caches
(content, balance, sweeps) also write their files through here, whole or not at all."""

from __future__ import annotations

import json
import os
from pathlib import Path


class Unreadable(Exception):  # noqa: N818 - says why, as a diagnostic's message needs it
    """Why a file cannot be read, in words, and where (for bytes that are not UTF-8)."""

    def __init__(self, reason: str, line: int = 1, column: int = 1) -> None:
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column


def read_bounded(path: Path, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of a regular file: one byte more than the limit tells the
    caller the file is too large, without reading the rest."""
    try:
        if not path.is_file():
            raise Unreadable("it is not a regular file (a folder, a pipe or a device)")
        with path.open("rb") as stream:
            return stream.read(limit + 1)
    except OSError as exc:
        raise Unreadable(exc.strerror or str(exc)) from None


def decode_utf8(raw: bytes) -> str:
    """The text of ``raw``; Unreadable at the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise Unreadable(f"{err.reason} at byte {err.start}", line, column) from None


def read_cached_json(path: Path, limit: int) -> object | None:
    """What a cache file holds, or None when it is missing, over ``limit`` bytes, not UTF-8
    or not JSON: a cache folder is anyone's to edit, so its caller plays the games again
    rather than trust or fail on it."""
    try:
        raw = read_bounded(path, limit)
        if len(raw) > limit:
            return None
        return json.loads(decode_utf8(raw))
    except (Unreadable, ValueError, RecursionError):
        return None


def write_atomically(path: Path, data: bytes) -> bool:
    """Write ``data`` as ``path`` through a temporary file beside it renamed into place, so
    a reader sees the old file or the new one, never half of one; False if it could not be
    written (a read-only or full disk, a folder in its place), leaving no temporary file."""
    import tempfile  # only when a file is written: a warm `nuffle check` writes none
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException as exc:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            return False
        raise
    return True


def write_cache_entry(path: Path, data: bytes, limit: int) -> bool:
    """Keep one entry of a private cache: nothing over ``limit`` bytes is written (the cache
    keeps less, which is nobody's error), the entry's folder is made private (0700: its
    entries are read back as trusted) and the file is written atomically. False when it
    was not written."""
    if len(data) > limit:
        return False
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return False
    return write_atomically(path, data)
