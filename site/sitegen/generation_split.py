"""A full build makes the other languages' pages in a forked process while this one makes
the English pages.

Each language's pages (build.language_site) read the content loaded once, the balance
data and the translations, and nothing another language's pages leave behind: two
processes make them at the same time, each on its own processor. The child makes the
other languages' pages and hands back, through a JSON file, what the build keeps of them:
their pages and drawings, and what the page memo noted while they were made (page_memo.py:
each item page's reads and writes, the pages made and given back), which the parent puts
in its memo as if it had made them. A child that fails hands nothing back: the parent
then makes those pages itself (and meets the same error, if any). Used only where the
build will render every page anyway (no previous build to compare with), with fork, two
free processors and no other thread running (a forked copy of a thread's lock could be
held forever: content_prefetch.other_threads).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nuffle.sitegen import page_memo_file
from nuffle.sitegen.content_prefetch import other_threads
from nuffle.sitegen.page_memo import PageMemo, _Entry, _Kept, _OnDisk

from nuffle.machine import available_processors


@dataclass
class SplitWork:
    """The languages the last build's child made (empty: none made apart)."""
    made_apart: tuple[str, ...] = ()


WORK = SplitWork()


def can_split(languages: list[str]) -> bool:
    """Whether other languages' pages can be made in a forked process (see the module)."""
    return (bool(languages) and hasattr(os, "fork") and available_processors() > 1
            and not other_threads())


def _memo_rows(memo: PageMemo, lang: str, site: Any, read_back: int = 0) -> dict | None:
    """What ``memo`` noted of ``lang``'s pages, as JSON (None: not all of it can be); a
    text that ``site`` holds as it is under the same name is left out (None), not sent
    twice; ``read_back``: the pages the memo had read back before this process made
    them."""
    kept = memo.languages.get(lang)
    if kept is None or kept.raw is not None:
        return None
    rows = []
    for (name, key), entry in kept.entries.items():
        if any(not isinstance(value, str) or isinstance(value, _OnDisk)
               for _, _, value in entry.writes):
            return None
        rows.append([name, page_memo_file.plain(key), entry.args,
                     [[source, page_memo_file.plain(k), page_memo_file.plain(d)]
                      for source, k, d in entry.reads],
                     [[target, k, None if getattr(site, target).get(k) == value else value]
                      for target, k, value in entry.writes]])
    return {"context": kept.context, "rows": rows,
            "made": [[m[0], m[1], page_memo_file.plain(m[2])] for m in memo.made
                     if m[0] == lang],
            "kept": [[m[0], m[1], page_memo_file.plain(m[2])] for m in memo.kept
                     if m[0] == lang],
            "changed": memo.changed, "read_back": memo.read_back - read_back}


def _absorb(memo: PageMemo, lang: str, handed: dict, made: _Made) -> None:
    """The child's notes of ``lang``'s pages into ``memo``, as if made here (a text left
    out is the one ``made`` holds under its name)."""
    entries: dict[tuple, _Entry] = {}
    for name, key, args, reads, writes in handed["rows"]:
        entries[(name, page_memo_file.hashable(key))] = _Entry(
            args, tuple((source, page_memo_file.hashable(k), page_memo_file.hashable(d))
                        for source, k, d in reads),
            tuple((target, k, getattr(made, target)[k] if value is None else value)
                  for target, k, value in writes))
    # local None: checked, like a memo read from its file, by the context alone
    memo.languages[lang] = _Kept(handed["context"], entries)
    memo.made += [(lang, name, page_memo_file.hashable(key))
                  for _, name, key in handed["made"]]
    memo.kept += [(lang, name, page_memo_file.hashable(key))
                  for _, name, key in handed["kept"]]
    memo.changed = memo.changed or bool(handed["changed"])
    memo.read_back += int(handed["read_back"])


def _child(languages: list[str], make: Callable[[str], Any], memo: PageMemo,
           report: Path) -> None:
    result: dict[str, Any] = {}
    for lang in languages:
        before = memo.read_back
        other = make(lang)
        rows = _memo_rows(memo, lang, other, before)
        if rows is None:
            return  # not handed back: the parent makes them
        result[lang] = {"pages": dict(other.pages), "fragments": dict(other.fragments),
                        "memo": rows}
    report.write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")


@contextmanager
def languages_apart(languages: list[str], make: Callable[[str], Any], memo: PageMemo,
                    out: Path, split: bool) -> Iterator[Callable[[str], Any]]:
    """Within the block (where this process makes the English pages), a forked child makes
    ``make(lang)`` for each of ``languages``; after it, the function given gives each
    language's site (its pages and drawings), the child's or made here (see the module).
    ``split``: whether the build may make them apart."""
    WORK.made_apart = ()
    handed: dict[str, Any] = {}
    if not (split and can_split(languages)):
        yield lambda lang: handed.get(lang) or make(lang)
        return
    report = out / f".languages-{os.getpid()}.json"
    report.unlink(missing_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        try:
            _child(languages, make, memo, report)
        finally:
            os._exit(0)
    done = False
    try:
        yield lambda lang: handed.get(lang) or make(lang)
        done = True
    finally:
        if not done:  # this process failed: what the child makes is not wanted
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        try:
            found = json.loads(report.read_text(encoding="utf-8")) if done else {}
        except (OSError, ValueError):
            found = {}
        report.unlink(missing_ok=True)
    if isinstance(found, dict) and all(lang in found for lang in languages):
        for lang in languages:
            handed[lang] = _Made(found[lang]["pages"], found[lang]["fragments"])
            _absorb(memo, lang, found[lang]["memo"], handed[lang])
        WORK.made_apart = tuple(languages)


@dataclass
class _Made:
    """A language's pages and drawings as the child made them."""
    pages: dict[str, str]
    fragments: dict[str, str]
