"""Python-Markdown's inline patterns tried only on text that holds what each one needs.

The library's inline step tries every inline pattern (code spans, escapes, links, images,
automatic links, line breaks, HTML, entities, emphasis: 14 of them) on every piece of
text of every page, one method call each, although most text holds none of the
characters a pattern starts with: that was about a fifth of turning the site's Markdown
into HTML. Each of those patterns' regular expressions needs a given character (or, for
the line break, two spaces and a new line) to match at all, so `handle_inline` skips a
pattern whose character is not in the text, exactly as trying it would have found no
match (the library then goes on to the next pattern, from the text's start); replacing a
match by its placeholder never adds such a character, so what is missing at the start is
missing throughout. A pattern is known by its regular expression's source, written here
as the library's version this follows (`MIRRORED`) writes it: a pattern added by an
extension, or one the library changes, is always tried, and with another version of the
library's inline step nothing is changed.
"""

from __future__ import annotations

import hashlib
import inspect
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from markdown import inlinepatterns, treeprocessors, util

# each pattern's regular expression (markdown 3.11's source) and what it needs in the text
NEEDS: dict[str, tuple[str, ...]] = {
    r'(?:(?<!\\)((?:\\{2})+)(?=`+)|(?<!\\)`)': ("`",),
    r'\\(.)': ("\\",),
    r'(?<!\!)\[': ("[",),
    r'\!\[': ("[",),
    r'<([A-Za-z][A-Za-z0-9+.-]*://[^<>]*)>': ("<",),
    r'<([^<> !]+@[^@<> ]+)>': ("<",),
    r'  \n': ("  \n",),
    (r'''(<(\/?+[a-zA-Z][^\s"'<>@]*+(?:\s+[^\s"'=<>]++(?:\s*+=\s*+(?:"[^"]*+"|'[^']*+'|'''
     r'''[^\s"'=<>]++))?+)*+\s*+/?|!--(?:(?!<!--|-->).)*--|[?](?:(?!<[?]|[?]>).)*[?]|'''
     r'''!\[CDATA\[(?:(?!<!\[CDATA\[|\]\]>).)*\]\])>)'''): ("<",),
    r'(&(?:\#[0-9]+|\#x[0-9a-fA-F]+|[a-zA-Z0-9]+);)': ("&",),
    r'\*|_': ("*", "_"),
}
# SHA-256 of the library's inline step this follows (markdown 3.11.3)
MIRRORED = "fcbc581e2c91c1a06dd868dc87e3c5923a0c9cab16e7bedd96324bcd0e70d155"
_HANDLE = "_InlineProcessor__handleInline"
_APPLY = "_InlineProcessor__applyPattern"


@dataclass
class InlineWork:
    """Patterns tried on a piece of text, and those skipped, while a build ran."""
    tried: int = 0
    skipped: int = 0


WORK = InlineWork()


def _inline_digest() -> str:
    """The digest of the library's two methods the skipping stands in for and relies on."""
    source = "\n".join(inspect.getsource(getattr(treeprocessors.InlineProcessor, name))
                       for name in (_HANDLE, _APPLY))
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def mirrored() -> bool:
    try:
        return _inline_digest() == MIRRORED
    except (OSError, TypeError, AttributeError):  # no source: the library's own step
        return False


# each pattern's needs, worked out once (kept no longer than the pattern: `serve` makes new
# converters at each rebuild)
_KNOWN: weakref.WeakKeyDictionary[Any, tuple[str, ...] | None] = weakref.WeakKeyDictionary()


def _needs(pattern: Any) -> tuple[str, ...] | None:
    """What ``pattern`` needs in a text to match, if it is one of `NEEDS`' (else None)."""
    try:
        return _KNOWN[pattern]
    except KeyError:
        pass
    regex = getattr(getattr(pattern, "compiled_re", None), "pattern", None)
    needs = NEEDS.get(regex) if isinstance(pattern, inlinepatterns.InlineProcessor) \
        and isinstance(regex, str) else None
    _KNOWN[pattern] = needs
    return needs


def handle_inline(self: Any, data: str, patternIndex: int = 0) -> str:  # noqa: N803
    """The library's `__handleInline`, skipping the patterns whose needs ``data`` lacks."""
    if not isinstance(data, util.AtomicString):
        apply = getattr(self, _APPLY)
        patterns = self.inlinePatterns
        startIndex = 0  # noqa: N806 - the library's names
        count = len(patterns)
        while patternIndex < count:
            pattern = patterns[patternIndex]
            needs = _needs(pattern)
            if needs is not None:
                for need in needs:
                    if need in data:
                        break
                else:
                    WORK.skipped += 1
                    patternIndex += 1  # as trying it: no match, the next from the start
                    startIndex = 0  # noqa: N806
                    continue
            WORK.tried += 1
            data, matched, startIndex = apply(pattern, data, patternIndex, startIndex)  # noqa: N806
            if not matched:
                patternIndex += 1
    return data


@contextmanager
def skipping_inline_patterns() -> Iterator[bool]:
    """While the block runs, the library's inline step skips what cannot match (gives
    whether it does: not with another version of the library)."""
    if not mirrored():
        yield False
        return
    original = getattr(treeprocessors.InlineProcessor, _HANDLE)
    setattr(treeprocessors.InlineProcessor, _HANDLE, handle_inline)
    try:
        yield True
    finally:
        setattr(treeprocessors.InlineProcessor, _HANDLE, original)
