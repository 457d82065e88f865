"""The site's content loaded by two processes when the content cache is empty.

A site build starts by loading every content file (YAML, schemas, rules parsed), which a
first build on a new machine, with an empty cache folder, does from nothing: about 3.6 s
of processor time, with the second processor idle, as the pages cannot be made before.
Loading one file from the content cache (nuffle.catalogue.cache) takes a seventh of that.
So while this process loads the files in their order, a forked helper loads the later
half from the last file back, and the content cache keeps what it found; this process
finds those files in the cache when it gets to them (the two meet in the middle), and the
helper stops at the next file once this process is done. The catalogue is what the one
process loads, as the cache gives back what loading found; with no cache folder
(`--no-cache`), one processor, no fork, or other threads running (`nuffle site serve`
regenerates from its server's thread: a process forked there could wait for a lock one of
them held), nothing is done in a helper; nor when the cache already holds the later files
(a sample of them: the usual rebuild, where the helper would only read what this process
reads anyway).
"""

from __future__ import annotations

import os
import select
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from nuffle.machine import available_processors

SPLIT_FROM = 64  # fewer files are loaded in this process alone
SAMPLED = 8  # later files looked up in the cache before a helper is started


@dataclass
class PrefetchWork:
    """The files the last build's helper was given to load (0: no helper)."""
    given: int = 0


WORK = PrefetchWork()


def _load_each(files: Sequence[Path], done: Callable[[], bool]) -> None:
    """In the helper: load each file, for the cache (what it finds is not needed here),
    until ``done``."""
    from nuffle.catalogue.loader import load_file
    for path in files:
        if done():
            return
        try:
            load_file(path)
        except Exception:  # noqa: BLE001, S112 - the build loads it again and reports it
            continue


def cached_already(files: Sequence[Path]) -> bool:
    """Whether the cache holds each of a sample of ``files`` (spread over them) as they
    are now."""
    from nuffle.catalogue import cache
    from nuffle.catalogue.loader import load_document
    step = max(1, len(files) // SAMPLED)
    for path in list(files)[::step]:
        doc = load_document(path, parse=False)
        if doc.diagnostics or not cache.has(doc.path, doc.text):
            return False
    return True


def other_threads() -> bool:
    """Whether a thread besides this one runs (a fork would copy its locks, held or not)."""
    return threading.active_count() > 1


@contextmanager
def loading_in_two(files: Sequence[Path],
                   helper: Callable[[Sequence[Path], Callable[[], bool]], None] = _load_each
                   ) -> Iterator[None]:
    """While the block loads ``files`` in their order, a forked helper loads the later
    half from the last back into the content cache (see the module); when the block ends,
    the helper is told to stop and waited for."""
    from nuffle.catalogue import cache
    WORK.given = 0
    # (cache.folder() works out the content's fingerprint here, before the fork)
    if (len(files) < SPLIT_FROM or not hasattr(os, "fork") or available_processors() < 2
            or other_threads() or cache.folder() is None):
        yield
        return
    later = list(reversed(files[len(files) // 2:]))
    if cached_already(later):
        yield
        return
    sys.stdout.flush()
    sys.stderr.flush()
    told, tell = os.pipe()  # closed by this process when it is done: the helper stops
    pid = os.fork()
    if pid == 0:  # the helper: never returns into the caller's code
        try:
            os.close(tell)
            helper(later, lambda: bool(select.select([told], [], [], 0)[0]))
        finally:
            os._exit(0)
    os.close(told)
    WORK.given = len(later)
    try:
        yield
    finally:
        os.close(tell)
        os.waitpid(pid, 0)
