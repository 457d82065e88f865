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
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pymdownx import highlight as _highlight


class HighlightCache:
    """The HTML of the blocks highlighted so far; ``misses`` counts Pygments' work."""

    def __init__(self) -> None:
        self.html: dict[tuple, str] = {}
        self.hits = 0
        self.misses = 0


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
        return found

    _highlight.Highlight.highlight = highlight
    try:
        yield cache
    finally:
        _highlight.Highlight.highlight = original
