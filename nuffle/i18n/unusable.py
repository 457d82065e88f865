"""The warning a command prints when a catalog it reads holds a translation it may not use
(its fields differ from the English, it adds markup or control characters): the English is
shown instead, and the translator learns where and why, once per catalog read.

The catalog is untrusted: everything printed goes through `catalog.printable`.
"""

from __future__ import annotations

import sys

import polib

from nuffle.i18n.catalog import printable, shown
from nuffle.template import CONTROL, markup, translation_problem


def current(entry: polib.POEntry) -> bool:
    """Whether an entry holds a translation for its English: translated, not obsolete, not
    fuzzy (whether it may be shown is `translation_problem`'s question)."""
    return bool(entry.msgstr) and not entry.obsolete and "fuzzy" not in entry.flags


def warn_unusable(po: polib.POFile | None) -> set[int]:
    """One `PATH:LINE: warning[I103|I105]: …` line on stderr per current translation of
    ``po`` that may not stand for its English; those entries (their `id`s: the caller
    need not ask `translation_problem` of each entry again)."""
    refused: set[int] = set()
    if po is None:
        return refused
    for entry in po:
        if not current(entry):
            continue
        problem = translation_problem(entry.msgid, entry.msgstr)
        if problem is None:
            continue
        added = CONTROL.search(entry.msgstr) or markup(entry.msgstr) - markup(entry.msgid)
        where = f"{shown(po.fpath)}:{entry.linenum}" if po.fpath else "a catalog"
        print(printable(f"{where}: warning[{'I105' if added else 'I103'}]: "
                        f"`{entry.msgctxt}`: {problem}; the English is used instead "
                        "(`nuffle i18n check` lists every problem)"), file=sys.stderr)
        refused.add(id(entry))
    return refused
