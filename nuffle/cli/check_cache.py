"""`nuffle check`'s whole result, kept between runs: when nothing it reads has changed, the
same report is printed again without loading the catalogue (nor importing the loader, the
rules language, the vocabularies or the cross-file checks).

The key is a SHA-256 of everything the report depends on: every file the check reads, in the
order it reads them, each by its path (as named and resolved) and the SHA-256 of its bytes, and
whether it is reported on or read as context (so an added, removed, renamed or edited file,
another PATH, another `--content` pack or `--base` is another key; a pack's manifest is one
of its files); the working folder (the report's paths are relative to it); the content
folder; and a fingerprint of the code that makes the report (Nuffle's version, every source
and data file of the `nuffle` package, the rules language and the interpreter, the schemas,
the Python version and the libraries that read YAML, check schemas and parse rules). The
entry holds the report in both formats and the exit status.

An entry is JSON, read as untrusted input (bounded, its shape checked; anything else is a
miss). A report is not kept when the check met an internal error (exit status 70, or an
exception), so a kept report is one NUFFLE_DEBUG would not change (it only lets internal
errors through); nor when a file changed during the check (the key is worked out again
after it). NUFFLE_NO_CACHE / `--no-cache` neither reads nor writes; the folder keeps the
CHECK_ENTRIES entries used last.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import NamedTuple

from nuffle import limits
from nuffle.catalogue.files import input_files, resolved
from nuffle.catalogue.fingerprint import LIBRARIES, add_files, add_libraries, package_folder
from nuffle.paths import content_dir, private_cache_dir, schema_dir
from nuffle.textfile import read_cached_json, write_cache_entry

FORMAT = 1
FOLDER = "check"
NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a pipe named as a file: not waited on
CODE_SUFFIXES = (".py", ".lark", ".json", ".yaml")
# folders of the installed `nuffle` package that hold data or other commands' code, not the
# check's (the content is keyed file by file; its schemas are added below)
NOT_CODE = {"content", "site", "sitegen", "__pycache__"}


class Report(NamedTuple):
    """What `nuffle check` prints on stdout, in each format, and its exit status."""

    text: str
    json: str
    status: int


def code_files() -> list[Path]:
    """The files whose change can change a check's report: the sources and data of the
    `nuffle` package (but for the bundled content and site), of the rules language and of
    the interpreter (the vocabularies, the rosters), and the schemas."""
    found: set[Path] = set()
    for package in ("nuffle", "nuffle.dsl", "nuffle.interpreter"):
        for where, dirs, files in os.walk(package_folder(package)):
            dirs[:] = sorted(d for d in dirs if d not in NOT_CODE)
            found.update(Path(where, f) for f in files if f.endswith(CODE_SUFFIXES))
    found.update(Path(schema_dir()).glob("*.json"))
    return sorted(found)


def code_fingerprint() -> str:
    from nuffle import __version__
    digest = hashlib.sha256(f"{FORMAT} {__version__} {sys.version}".encode())
    add_files(digest, code_files(), root=Path("/"))
    add_libraries(digest, LIBRARIES)
    return digest.hexdigest()


def folder() -> Path | None:
    root = private_cache_dir()
    return None if root is None else root / FOLDER


def key(reported: list[Path] | None, packs: list[Path]) -> str | None:
    """The key of a check of ``reported`` (None: the whole content) beside ``packs`` (see the
    module); None when the result is not to be cached: caching is off, or a file cannot be
    read or is too large (its report names why; it is made anew)."""
    if folder() is None:
        return None
    selected, context = input_files(reported, packs)
    every = [*selected, *context]
    digest = hashlib.sha256(f"{FORMAT}\0{os.getcwd()}\0{content_dir()}\0{code_fingerprint()}\0"
                            .encode("utf-8", "surrogateescape"))
    for index, (path, real) in enumerate(zip(every, resolved(every), strict=True)):
        raw = _read(path)
        if raw is None:
            return None
        # the path as named and as resolved: with the working folder, they make the path
        # the report shows (loader: relative to the working folder when inside it)
        role = "reported" if index < len(selected) else "context"
        digest.update(f"{role}\0{path}\0{real}\0".encode("utf-8", "surrogateescape"))
        digest.update(hashlib.sha256(raw).digest())
    return digest.hexdigest()


def _read(path: Path) -> bytes | None:
    """The bytes of a regular file no larger than a content file may be, else None (the
    check reports it and is run anew). What textfile.read_bounded does, with less
    machinery: a check reads a thousand files for its key."""
    try:
        handle = os.open(path, os.O_RDONLY | NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        chunks, size = [], 0
        while size <= limits.FILE_BYTES:
            chunk = os.read(handle, limits.FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return None
    finally:
        os.close(handle)
    return b"".join(chunks) if size <= limits.FILE_BYTES else None


def _entry_path(where: Path, found_key: str) -> Path:
    return where / f"{found_key[:40]}.json"


def load(found_key: str) -> Report | None:
    """The report kept under ``found_key``; None for no entry, or one not exactly right."""
    where = folder()
    if where is None:
        return None
    path = _entry_path(where, found_key)
    entry = read_cached_json(path, limits.CACHE_ENTRY_BYTES)
    if not isinstance(entry, dict) or entry.get("format") != FORMAT \
            or entry.get("key") != found_key:
        return None
    text, as_json, status = entry.get("text"), entry.get("json"), entry.get("status")
    if not isinstance(text, str) or not isinstance(as_json, str) or type(status) is not int \
            or status not in (0, 1):
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: the last to go
    return Report(text, as_json, status)


def store(found_key: str, report: Report) -> None:
    """Keep ``report`` (not one of an internal error; nothing when there is no cache, or the
    entry would be larger than CACHE_ENTRY_BYTES), then drop the least recently used entries
    past CHECK_ENTRIES."""
    where = folder()
    if where is None or report.status not in (0, 1):
        return
    encoded = json.dumps({"format": FORMAT, "key": found_key, "status": report.status,
                          "text": report.text, "json": report.json},
                         ensure_ascii=False).encode("utf-8", "surrogatepass")
    if write_cache_entry(_entry_path(where, found_key), encoded, limits.CACHE_ENTRY_BYTES):
        _tidy(where)


def _tidy(where: Path) -> None:
    try:
        entries = [(p.stat().st_mtime_ns, str(p), p) for p in where.iterdir()
                   if p.suffix == ".json" and p.is_file() and not p.is_symlink()]
    except OSError:
        return
    for _, _, path in sorted(entries)[:max(0, len(entries) - limits.CHECK_ENTRIES)]:
        try:
            path.unlink()
        except OSError:
            continue
