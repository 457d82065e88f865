"""Highlight each distinct code block once per build.

The site's 3,000 code blocks are 1,200 distinct ones: a rule's text and its YAML appear on
the item's page in both languages, and on the scenarios that show it. pymdownx (superfences
and highlight) makes a new highlighter for every block and asks Pygments again; while a
build runs, `cached_highlighting` keeps the HTML of each block by everything that decides
it (the highlighter's settings and the block's source, language, classes, id and
attributes) and hands back the same text.

Blocks whose HTML depends on more than that are highlighted as before: those with line
numbers or line anchors (their anchors are numbered by the block's place in the page) and those with a
title (an HTML title goes through the page's stash).

Each block highlighted asks Pygments for its lexer by name, and the site's own lexer
(`nuffle`, a plugin found through the package's entry points after every built-in
lexer is tried) took half a millisecond to find each time, a third of the highlighting of
a rule's block: the lexer's class is looked up once per name and a new lexer made of it
with the block's options, as Pygments makes it.

Each block highlighted gets a new Pygments formatter, which works out the style's table of
CSS classes again (a tenth of a block's highlighting): the table depends on the style and
the class prefix only, and a formatter only reads it, so it is made once per pair.

The theme's search reads each page's HTML again with `html.parser`, and a highlighted block
is mostly Pygments' `<span>` tags (half of the tags the search read). Inside a `<pre>`
the search keeps the text as it is and no span tag (they are not among the tags it keeps,
carry no attribute it looks at, and cannot end a section from inside the block), so the
same block without them gives it the same text: `searchable` gives that twin of each
block, and `taken` the blocks handed out since the last call (render_speed.py feeds the
search each page's blocks as their twins).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pygments.formatters import html as _pygments_html
from pymdownx import highlight as _highlight

# Pygments' spans (a class each, their text escaped) inside the block's <pre>
_PRE = re.compile(r"(<pre\b[^>]*>)(.*?)(</pre>)", re.S)
_SPAN = re.compile(r"</?span\b[^>]*>")


class HighlightCache:
    """The HTML of the blocks highlighted so far; ``misses`` counts Pygments' work."""

    def __init__(self) -> None:
        self.html: dict[tuple, str] = {}
        self.hits = 0
        self.misses = 0
        self.stylesheets = 0  # the formatters' style tables worked out
        self.lexer_lookups = 0  # lexer classes looked up by name in Pygments
        self.given: list[str] = []  # the blocks handed out (cached or not), in order
        self.twins: dict[str, str] = {}

    def taken(self) -> list[str]:
        """The blocks handed out since the last call."""
        given, self.given = self.given, []
        return given

    def searchable(self, block: str) -> str:
        """``block`` without Pygments' span tags inside its <pre>: the search reads the
        same text from it (see the module)."""
        found = self.twins.get(block)
        if found is None:
            found = self.twins[block] = _PRE.sub(
                lambda m: m.group(1) + _SPAN.sub("", m.group(2)) + m.group(3), block)
        return found


_ACTIVE: list[HighlightCache] = []


def active() -> HighlightCache | None:
    """The cache of the build running in this process, if any."""
    return _ACTIVE[-1] if _ACTIVE else None


def _frozen(value: Any) -> Any:
    """A hashable stand-in for a setting or an argument (lists and dicts as tuples)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set)):
        return tuple(_frozen(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


@contextmanager
def cached_highlighting() -> Iterator[HighlightCache]:
    """While the block runs, identical code blocks are highlighted once (see the module)."""
    cache = HighlightCache()
    original = _highlight.Highlight.highlight
    original_sheet = _pygments_html.HtmlFormatter._create_stylesheet
    sheets: dict[tuple, tuple[dict, dict]] = {}
    original_lexer = _highlight.get_lexer_by_name
    lexers: dict[str, type] = {}

    def create_stylesheet(self: Any) -> None:
        key = (self.style, self.classprefix)  # all that _create_stylesheet reads
        found = sheets.get(key)
        if found is None:
            cache.stylesheets += 1
            original_sheet(self)
            found = sheets[key] = (self.ttype2class, self.class2style)
        self.ttype2class, self.class2style = found

    def get_lexer_by_name(alias: str, **options: Any) -> Any:
        found = lexers.get(alias)
        if found is None:  # an unknown name raises here, as Pygments does, and is not kept
            cache.lexer_lookups += 1
            found = lexers[alias] = type(original_lexer(alias))
        return found(**options)

    def highlight(self: Any, src: str, language: str, *args: Any, **kwargs: Any) -> str:
        pure = (not kwargs.get("title") and not getattr(self, "auto_title", False)
                and not getattr(self, "linenums", False) and kwargs.get("linestart", -1) <= 0
                and not getattr(self, "line_spans", "") and not getattr(self, "line_anchors", "")
                and len(args) <= 1)  # only css_class given by place, as pymdownx calls it
        if not pure:
            return original(self, src, language, *args, **kwargs)
        settings = tuple(sorted((k, _frozen(v)) for k, v in vars(self).items() if k != "md"))
        key = (settings, src, language, _frozen(args),
               _frozen({k: v for k, v in kwargs.items() if k != "code_block_count"}))
        found = cache.html.get(key)
        if found is None:
            cache.misses += 1
            found = cache.html[key] = original(self, src, language, *args, **kwargs)
        else:
            cache.hits += 1
        cache.given.append(found)
        return found

    _highlight.Highlight.highlight = highlight
    _pygments_html.HtmlFormatter._create_stylesheet = create_stylesheet
    _highlight.get_lexer_by_name = get_lexer_by_name
    _ACTIVE.append(cache)
    try:
        yield cache
    finally:
        _ACTIVE.remove(cache)
        _highlight.Highlight.highlight = original
        _pygments_html.HtmlFormatter._create_stylesheet = original_sheet
        _highlight.get_lexer_by_name = original_lexer
