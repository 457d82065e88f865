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

from nuffle.sitegen.content_prefetch import other_threads
from nuffle.sitegen.page_memo import PageMemo

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


def _child(languages: list[str], make: Callable[[str], Any], memo: PageMemo,
           report: Path) -> None:
    result: dict[str, Any] = {}
    for lang in languages:
        before = memo.read_back
        other = make(lang)
        rows = memo.hand_over(lang, other, before)
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
            memo.take_over(lang, found[lang]["memo"], handed[lang])
        WORK.made_apart = tuple(languages)


@dataclass
class _Made:
    """A language's pages and drawings as the child made them."""
    pages: dict[str, str]
    fragments: dict[str, str]
