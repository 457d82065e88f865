"""Arguments of the command line, checked before any work is done: whole numbers within
their bounds, paths to read (they exist, can be read, hold content) and places to write
(they can be written, nothing is created to find out). A bad one is a single line on
stderr with exit status 2: a 30 s game must not end in a traceback because its log cannot
be written.
"""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NoReturn

from nuffle import limits
from nuffle.cli.common import EXIT_USAGE

# The largest --seed: the engine derives each game's seed from it (seed * 1_000_003 + game),
# and logs and reports print it; 2**63 - 1 keeps every derived seed a 64-bit-sized number.
SEED_MAX = limits.SEED
NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # not on Windows, where opening never blocks


class NuffleParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr (exit 2): the message
    names the option; `--help` shows the usage."""

    def error(self, message: str) -> NoReturn:
        from nuffle.dsl.diagnostics import one_line  # its dataclasses: not for a good line
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message)}\n")


def _quoted(value: str) -> str:
    return value if len(value) <= 40 else f"{value[:20]}… ({len(value)} characters)"


# ---- numbers ------------------------------------------------------------------------------

def whole_number(low: int, high: int, why: str = "") -> Callable[[str], int]:
    """An argparse ``type=`` for a whole number from ``low`` to ``high``; checked by its
    digits first, so a 5,000-digit number is refused before Python converts it."""

    def convert(value: str) -> int:
        digits = value.strip().lstrip("+-").replace("_", "")
        if digits.isdecimal() and len(digits) <= len(str(max(abs(low), abs(high)))):
            try:
                number = int(value)
            except ValueError:  # "+-5", "1__0"
                number = low - 1
            if low <= number <= high:
                return number
        raise argparse.ArgumentTypeError(f"should be a whole number from {low} to {high}"
                                         f"{why}, not {_quoted(value)}")
    convert.__name__ = "whole number"
    return convert


seed_number = whole_number(0, SEED_MAX)
port_number = whole_number(1, 65535, " (a TCP port)")


# ---- paths read -----------------------------------------------------------------------------

def input_paths(parser: argparse.ArgumentParser, values: Iterable[str]) -> list[Path]:
    """The files and folders named, each checked: it exists, it can be read (every folder in
    it too: `Path.rglob` would skip an unreadable one without a word) and a folder holds at
    least one content file. A problem is a usage error (exit 2)."""
    from nuffle.catalogue.files import content_files
    out: list[Path] = []
    for value in values:
        path = Path(value)
        problem = unreadable(path) or (f"no content files (*.yaml) in {value}"
                                       if path.is_dir() and not content_files([path]) else None)
        if problem:
            parser.error(problem)
        out.append(path)
    return out


def unreadable(path: Path) -> str | None:
    """Why ``path`` cannot be read as content, or None."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return f"no such file or folder: {path}"
    except (OSError, ValueError) as exc:
        return f"cannot read {path}: {_reason(exc)}"
    try:
        if stat.S_ISDIR(info.st_mode):
            _walk_readable(path)
        else:  # non-blocking: a named pipe must not hang the check
            os.close(os.open(path, os.O_RDONLY | NONBLOCK))
    except OSError as exc:
        return f"cannot read {exc.filename or path}: {_reason(exc)}"
    return None


def _walk_readable(folder: Path) -> None:
    """Raise the first OSError met listing ``folder`` and the folders inside it."""
    from nuffle.catalogue.files import SKIPPED_DIRS

    def fail(exc: OSError) -> None:
        raise exc
    for _, dirs, _ in os.walk(folder, onerror=fail):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def named_content(parser: argparse.ArgumentParser, values: list[str]) -> list[Path] | None:
    """The content files named on the command line, checked (see input_paths) and each once;
    None when none is named: the bundled content."""
    paths = input_paths(parser, values)
    return content_file_list(paths) if paths else None


def content_file_list(paths: Iterable[Path]) -> list[Path]:
    """The content files in ``paths`` (folders expanded), each once: a file named twice, or
    named and inside a folder named, would otherwise be read twice and clash with itself."""
    from nuffle.catalogue.files import content_files
    seen: set[Path] = set()
    out: list[Path] = []
    for path in content_files(list(paths)):
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            out.append(path)
    return out


# ---- paths written --------------------------------------------------------------------------

def output_file(value: str) -> str:
    """An argparse ``type=`` for a FILE option: a file (not a folder) that can be written, in
    a folder that exists. Nothing is created or changed by the check."""
    path = Path(value)
    info = _stat_for_writing(path, value)
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(f"{value} is a folder; give a file name")
    if info is None:
        parent = _stat_for_writing(path.parent, value)
        if parent is None:
            raise argparse.ArgumentTypeError(f"cannot write {value}: no folder {path.parent} "
                                             "(create it first)")
        if not stat.S_ISDIR(parent.st_mode):
            raise argparse.ArgumentTypeError(f"cannot write {value}: {path.parent} is a file, "
                                             "not a folder")
        _probe_folder(path.parent, value)
        return value
    try:  # open for writing without truncating: the same check the kernel makes later
        os.close(os.open(path, os.O_WRONLY | NONBLOCK))
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot write {value}: {_reason(exc)}") from None
    return value


def output_dir(value: str) -> str:
    """An argparse ``type=`` for a DIR option: a folder that exists and can be written, or
    one that can be made (missing folders on the way are made by the command)."""
    path = Path(value)
    existing = path
    info = _stat_for_writing(existing, value)
    while info is None and existing != existing.parent:
        existing = existing.parent
        info = _stat_for_writing(existing, value)
    if info is not None and not stat.S_ISDIR(info.st_mode):
        what = "is a file" if existing == path else f"cannot be made: {existing} is a file"
        raise argparse.ArgumentTypeError(f"{value} {what}; give a folder")
    _probe_folder(existing, value)
    return value


def _stat_for_writing(path: Path, value: str) -> os.stat_result | None:
    """What is at ``path``: None when nothing is; an error when it cannot be known."""
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError) as exc:
        raise argparse.ArgumentTypeError(f"cannot write {value}: {_reason(exc)}") from None


def _probe_folder(folder: Path, value: str) -> None:
    """Make (and at once drop) a nameless file in ``folder``: the one sure test of writing
    there (permissions, a read-only file system, root's rights), with nothing left behind."""
    import tempfile  # only when a place to write is named
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot write {value}: {_reason(exc)}") from None
