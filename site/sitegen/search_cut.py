"""A page's search sections cut as Material's search plugin cuts them, in one pass.

The theme's search plugin reads each page's HTML with `html.parser` and a handler that, at
every tag and piece of text, compares the whole stack of open elements with its sets
(about a fifth of MkDocs' work per page). `cut` gives the same sections from one regular
expression over the page and the same rules kept as counts: how many open elements of
each tag, which tags are skipped. It reads only what both it and `html.parser` read the
same way: text, start tags with double- or single-quoted or bare attributes, end tags.
Anything else (a comment, a declaration, a lone `<`, an unquoted value, an element whose
content `html.parser` reads raw, like `<script>` or `<title>`) makes it give None, and
the page is read by the theme's own parser (`sections`). It follows the handler of the
theme version whose source it was written from (`MIRRORED`): with another, every page is
read by the theme's parser. tests/site/test_search_cut.py compares both on every page of
the site and on pages made to differ.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from dataclasses import dataclass
from functools import cache
from html import escape, unescape
from typing import Any

from material.plugins.search import plugin as _search

# text; a start tag (name, attributes, "/" if self-closing); an end tag; any other "<"
_TOKEN = re.compile(
    r"([^<]+)"
    r"|<([a-zA-Z][a-zA-Z0-9]*)((?:[\t\n\r\f ]+[a-zA-Z_:][-a-zA-Z0-9_:.]*"
    r"""(?:="[^"]*"|='[^']*')?)*)[\t\n\r\f ]*(/?)>"""
    r"|</([a-zA-Z][a-zA-Z0-9]*)[\t\n\r\f ]*>"
    r"|(<)")
_ATTRIBUTE = re.compile(r"""[\t\n\r\f ]+([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)"|='([^']*)')?""")
# elements whose content html.parser reads as raw text in some Python version
_RAW = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
                  "noframes", "noscript", "plaintext"})
_HEADINGS = frozenset(f"h{x}" for x in range(1, 7))
_KEEP = frozenset({"p", "code", "pre", "li", "ol", "ul", "sub", "sup"})  # as the theme's
_ALWAYS_SKIPPED = ("object", "script", "style")
# SHA-256 of the theme's parser source this module follows (mkdocs-material 9.8.2)
MIRRORED = "10fe58c1ba28229b5c540a9937c7bd2a3b32ee131807333cae82b174d5225dfe"


@dataclass
class CutWork:
    """Pages cut here, and pages handed to the theme's parser."""
    cut: int = 0
    theme: int = 0


WORK = CutWork()


def _theme_parser_digest() -> str:
    """The digest of the theme's search parser: its classes and its void tags."""
    parts = [inspect.getsource(c) for c in (_search.Element, _search.Section, _search.Parser)]
    parts.append(repr(sorted(_search.void)))
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


@cache
def mirrored() -> bool:
    """Whether the installed theme's parser is the one `cut` follows."""
    try:
        return _theme_parser_digest() == MIRRORED
    except (OSError, TypeError):  # no source to read: the theme's parser reads every page
        return False


class _Section:
    __slots__ = ("depth", "excluded", "ident", "tag", "text", "title")

    def __init__(self, tag: str, excluded: bool, depth: float) -> None:
        self.tag = tag
        self.excluded = excluded
        self.depth = depth
        self.title: list[str] = []
        self.text: list[str] = []
        self.ident: str | None = None


def theme_sections(html: str) -> list:
    """[id, title parts, text parts] of each section the theme's index keeps, by the
    theme's parser."""
    parser = _search.Parser()
    parser.feed(html)
    parser.close()
    return [[s.id, list(s.title), list(s.text)] for s in parser.data if not s.is_excluded()]


def sections(html: str) -> list:
    """`theme_sections(html)`, cut here where it can be (see the module)."""
    found = cut(html) if mirrored() else None
    if found is None:
        WORK.theme += 1
        return theme_sections(html)
    WORK.cut += 1
    return found


def cut(html: str) -> list | None:  # noqa: C901, PLR0912, PLR0915 - one pass, kept together
    """The theme's sections of ``html`` (as `theme_sections`), or None if it holds what
    is not read here (see the module)."""
    void = _search.void
    stack: list[str] = []  # the open elements' tags
    links: list[bool] = []  # whether each is a permalink (<a class="headerlink">)
    counts: dict[str, int] = {}
    permalinks = 0
    skip = set(_ALWAYS_SKIPPED)  # the theme's skip set, by tag as it compares them
    skipping = 0  # open elements whose tag is in ``skip``: the theme skips while any is
    data: list[_Section] = []
    section: _Section | None = None

    def end(tag: str) -> bool:
        """The theme's handle_endtag; False where it would raise."""
        nonlocal section, permalinks, skipping
        if not stack or stack[-1] != tag:
            return True
        assert section is not None  # an element is open: a section was made
        if section.depth > len(stack):
            for other in reversed(data):
                if other.depth <= len(stack):
                    section.depth = float("inf")
                    section = other
                    break
        stack.pop()
        counts[tag] -= 1
        if links.pop():
            permalinks -= 1
        if tag in skip:
            skipping -= 1
            if tag not in _ALWAYS_SKIPPED:
                skip.remove(tag)
                skipping -= counts[tag]
            return True
        if tag in _KEEP and not skipping:
            parts = section.title if counts.get(section.tag) else section.text
            try:
                index = parts.index(f"<{tag}>")
            except ValueError:
                return False
            for i in range(index + 1, len(parts)):
                if not parts[i].isspace():
                    index = len(parts)
                    break
            if len(parts) > index:
                del parts[index:]
            else:
                parts.append(f"</{tag}>")
        return True

    for match in _TOKEN.finditer(html):
        text, tag, attributes, closed, end_tag, other = match.groups()
        if text is not None:
            if skipping:
                continue
            if "&" in text:
                text = unescape(text)
            if not counts.get("pre"):
                text = " " if text.isspace() else text.replace("\n", " ")
            if section is None:
                section = _Section("hx", False, 0)
                data.append(section)
            if counts.get(section.tag):
                if not permalinks:
                    section.title.append(escape(text, quote=False))
            elif text.isspace():
                parts = section.text
                if not parts or not parts[-1].isspace() or counts.get("pre"):
                    parts.append(text)
            else:
                section.text.append(escape(text, quote=False))
        elif tag is not None:
            tag = tag.lower()
            if tag in _RAW:
                return None
            if tag in void:
                continue  # the theme ignores it, open or closed
            attrs: dict[str, Any] = {}
            if attributes:
                for found in _ATTRIBUTE.finditer(attributes):
                    name, double, single = found.groups()
                    value = double if double is not None else single
                    attrs[name.lower()] = unescape(value) if value else value
            stack.append(tag)
            counts[tag] = counts.get(tag, 0) + 1
            if tag in skip:
                skipping += 1
            link = tag == "a" and attrs.get("class") == "headerlink"
            links.append(link)
            permalinks += link
            if tag in _HEADINGS and "id" in attrs:
                depth = len(stack)
                if tag != "h1" and not data:
                    data.append(_Section("hx", False, depth))
                section = _Section(tag, "data-search-exclude" in attrs, depth)
                if len(data):
                    section.ident = attrs["id"]
                data.append(section)
            if section is None:
                section = _Section("hx", False, 0)
                data.append(section)
            if "data-search-exclude" in attrs or attrs.get("class") == "linenodiv":
                if tag not in skip:
                    skip.add(tag)
                    skipping += counts[tag]
            elif tag in _KEEP and not skipping:
                (section.title if counts.get(section.tag) else section.text).append(f"<{tag}>")
            if closed and not end(tag):
                return None
        elif end_tag is not None:
            end_tag = end_tag.lower()
            if end_tag in _RAW:
                return None
            if not end(end_tag):
                return None
        else:
            assert other is not None
            return None
    return [[s.ident, s.title, s.text] for s in data if not s.excluded]
