"""The canonical text of a PO catalog: what GNU `msgcat` (and so Poedit, which wraps the
same way) writes, so saving a catalog in a PO editor changes nothing and a diff shows only
real changes.

polib writes valid PO, but wraps long strings with Python's textwrap (a space starts the
next line) where gettext breaks after the space, by the Unicode line-breaking rules, at 79
columns. Here polib writes everything but the strings, and each string is wrapped the way
gettext 0.21 does; `tests/i18n/test_canonical_catalogs.py` compares the result with
`msgcat`'s bytes.
"""

from __future__ import annotations

import copy
import re
import unicodedata

import polib

WIDTH = 79  # gettext's default page width (msgcat, msgmerge, xgettext)
_ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", '"': '\\"', "\v": "\\v",
            "\b": "\\b", "\f": "\\f"}
_QUOTES = "\"'\u2018\u2019\u201c\u201d\u00ab\u00bb"
_OPENING = "([{"
_NO_BREAK_BEFORE = ".,:;!?)]}/"  # Unicode classes CL, CP, EX, IS, SY: never start a line
_PORTION = re.compile(r"[^\n]*\n|[^\n]+")


def _width(char: str) -> int:
    """Columns of one character as written in the PO file (an escape takes two)."""
    if char in _ESCAPES:
        return 2
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def _may_break(text: str, i: int) -> bool:
    """Whether a line may end before ``text[i]`` (a simplified UAX #14, as libunistring
    applies it to the escaped string: a `"` is written `\\"`, whose backslash may follow a
    full stop)."""
    prev, cur = text[i - 1], text[i]
    if cur in " \n":
        return False
    if cur == '"':
        return prev in ".,:;/ "
    if prev == " ":
        before = text[:i].rstrip(" ")[-1:]
        if cur in _NO_BREAK_BEFORE or before in _OPENING:
            return False
        return not (before and before in _QUOTES and cur in _OPENING)
    if prev in ".,:;/" and cur.isalpha():
        return True
    if prev == "-":  # after a hyphen, but not a minus sign (-1) or a leading dash
        return not cur.isdigit() and i >= 2 and text[i - 2] != " "
    return prev in "\u2013\u2014" or cur == "\u2014"


def wrapped(value: str, head: int, width: int = WIDTH, prefix: int = 0) -> list[str]:
    """The lines a string is written on (unescaped), after a keyword taking ``head``
    columns (`msgid ` is 6): one line if it fits and holds no line break inside, else an
    empty first line and then lines of at most ``width`` columns with their quotes and the
    ``prefix`` every line starts with (`#| ` for a previous msgid: 3)."""
    width -= prefix
    portions = _PORTION.findall(value) or [""]
    if len(portions) == 1 and head - prefix + 2 + sum(map(_width, value)) <= width:
        return [value]
    lines = [""]
    for portion in portions:
        line: list[str] = []
        column = 1  # the opening quote
        last_break: int | None = None
        for i, char in enumerate(portion):
            if line and _may_break(portion, i):
                last_break = len(line)
            w = _width(char)
            if column + w + 1 > width and last_break is not None:
                lines.append("".join(line[:last_break]))
                line = line[last_break:]
                start = i - len(line)
                column = 1 + sum(map(_width, line))
                last_break = None
                for k in range(1, len(line)):
                    if _may_break(portion, start + k):
                        last_break = k
            line.append(char)
            column += w
        lines.append("".join(line))
    return lines


class _CanonicalEntry(polib.POEntry):
    """A POEntry whose strings are wrapped as gettext wraps them."""

    def _str_field(self, fieldname, delflag, plural_index, field, wrapwidth=WIDTH):
        name = fieldname.removeprefix("previous_")
        lines = wrapped(field, len(delflag) + len(name) + len(plural_index) + 1, wrapwidth,
                        len(delflag))
        first, *rest = (polib.escape(line) for line in lines)
        return [f'{delflag}{name}{plural_index} "{first}"', *(f'{delflag}"{r}"' for r in rest)]


def _canonical(entry: polib.POEntry) -> str:
    clone = copy.copy(entry)
    clone.__class__ = _CanonicalEntry
    return clone.__unicode__(WIDTH)


def po_text(po: polib.POFile) -> str:
    """The catalog as msgcat writes it: the header, the current entries, then the obsolete
    ones."""
    entries = [po.metadata_as_entry(), *(e for e in po if not e.obsolete),
               *po.obsolete_entries()]
    return "\n".join(_canonical(e) for e in entries)
