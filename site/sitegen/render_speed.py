"""Less work per page while MkDocs renders the site, for the same HTML and search index.

Some steps of MkDocs and its theme cost on every one of the site's 1,700 pages without
their result needing it; while a build runs, `faster_rendering` changes how they are done:

- MkDocs makes a new `markdown.Markdown` for every page, loading and configuring every
  extension again; here pages with the same extensions and settings share one instance,
  reset between pages (`Markdown.reset` is the library's way to convert another
  document), and MkDocs' own per-page processors replace the last page's by name as they
  register.
- The theme's `url` filter makes each link of the navigation relative to the page; the
  answer depends only on the link and the page's folder, so it is worked out once per pair
  (`mkdocs.utils.get_relative_url`, which `normalize_url` calls).
- Material's search plugin reads every page's HTML again with `html.parser` to cut it into
  sections for the index; here they are cut by search_cut.py, which gives the same
  sections in one pass (the theme's parser reads a page it cannot); the sections of a page
  depend on its HTML only, so they are kept by a digest of that HTML (`SearchSections`);
  it reads a page's highlighted blocks without Pygments' spans, which give it the same
  text (highlight_cache.py).
- Python-Markdown tries each inline pattern only on text holding the character it needs to
  match (inline_speed.py).
- A page's conversion from Markdown is kept by a digest of what decides it
  (page_renders.py) and replayed.
- The navigation's closed items (most of a scenario page's navigation) are rendered once
  per folder (nav_renders.py).

The last two are kept in the private cache folder too (kept_entries.py: JSON within
`SITE_CACHE_BYTES`, a wrong shape or another version is a miss), so a later full build of
the same pages, into any folder, takes them from there; ``cache=False`` keeps them for the
one build only.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import markdown
from material.plugins.search import plugin as _search
from mkdocs import theme as _theme
from mkdocs import utils as _mkdocs_utils
from mkdocs.structure import pages as _pages
from nuffle.sitegen import highlight_cache, search_cut
from nuffle.sitegen.inline_speed import skipping_inline_patterns
from nuffle.sitegen.kept_entries import Kept
from nuffle.sitegen.nav_renders import NavRenders
from nuffle.sitegen.page_renders import PageRenders

from nuffle.paths import private_cache_dir

CACHE_NAME = "site-search-sections.json"
RENDERS_NAME = "site-page-renders.json"


def _theme_version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("mkdocs-material")
    except PackageNotFoundError:  # pragma: no cover - the theme is a dependency
        return "?"


class SharedMarkdown(ModuleType):
    """Stands for the `markdown` module inside `mkdocs.structure.pages`: its `Markdown`
    hands back one reset instance per set of extensions; ``made`` counts the instances."""

    def __init__(self) -> None:
        super().__init__("markdown")
        self.instances: dict[str, markdown.Markdown] = {}
        self.made = 0
        self.reused = 0
        self.last: markdown.Markdown | None = None  # the page's, for its table of contents

    def __getattr__(self, name: str) -> Any:
        return getattr(markdown, name)

    def Markdown(self, **kwargs: Any) -> markdown.Markdown:  # noqa: N802 - as the library's
        key = repr(sorted(kwargs.items()))  # names and settings (an object: by its identity)
        md = self.instances.get(key)
        if md is None:
            self.made += 1
            md = self.instances[key] = markdown.Markdown(**kwargs)
        else:
            self.reused += 1
            md.reset()
        self.last = md
        return md


class SearchSections(Kept):
    """The search sections of pages by a digest of their HTML."""

    def __init__(self, path: Path | None) -> None:
        super().__init__(path, _theme_version(), _valid)
        self.parsed = 0  # pages the theme's parser read in this process
        self.twins_read = 0  # highlighted blocks it read without their spans

    def sections(self, html: str, twins: dict[str, str] | None = None) -> list:
        """[id, title parts, text parts] of each section of the page the index keeps;
        ``twins``: blocks of the page and what the parser reads instead, for the same
        sections (highlight_cache.HighlightCache.searchable)."""
        key = hashlib.sha256(html.encode("utf-8")).hexdigest()
        found = self.get(key)
        if found is None:
            self.parsed += 1
            for block, twin in (twins or {}).items():
                if block in html:
                    self.twins_read += html.count(block)
                    html = html.replace(block, twin)
            found = self.used[key] = search_cut.sections(html)
        return list(found)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _valid(value: Any) -> list | None:
    """``value`` if it has the shape of a page's sections, else None (a miss)."""
    if not isinstance(value, list):
        return None
    for section in value:
        if not (isinstance(section, list) and len(section) == 3
                and (section[0] is None or isinstance(section[0], str))
                and _strings(section[1]) and _strings(section[2])):
            return None
    return value


class Speedups:
    """What `faster_rendering` changed, with the counts tests read."""

    def __init__(self, sections: SearchSections, renders: PageRenders) -> None:
        self.markdown = SharedMarkdown()
        self.sections = sections
        self.renders = renders
        self.nav = NavRenders()
        self.relative_asked = 0  # links the build asked to make relative to a page
        self.relative_urls = 0  # those worked out (each pair of link and folder once)
        self.blocks: dict[str, list[str]] = {}  # a page's highlighted blocks, by its file


_ACTIVE: list[Speedups] = []


def active() -> Speedups | None:
    """The speedups of the build running in this process, if any."""
    return _ACTIVE[-1] if _ACTIVE else None


@contextmanager
def faster_rendering(cache: bool = True) -> Iterator[Speedups]:
    """While the block runs, MkDocs and the theme do the per-page work above once;
    ``cache``: keep the search sections in the private cache folder across builds."""
    folder = private_cache_dir() if cache else None
    speed = Speedups(SearchSections(folder / CACHE_NAME if folder else None),
                     PageRenders(folder / RENDERS_NAME if folder else None))
    original_render = _pages.Page.render
    original_markdown = _pages.markdown
    original_relative = _mkdocs_utils.get_relative_url
    original_add = _search.SearchIndex.add_entry_from_context
    original_env = _theme.Theme.get_env

    @functools.cache
    def relative_to_folder(url: str, folder: str) -> str:
        speed.relative_urls += 1
        return original_relative(url, folder + "/")  # a folder: no file name to drop

    def get_relative_url(url: str, other: str) -> str:
        speed.relative_asked += 1
        dirname, _, basename = other.rpartition("/")
        return relative_to_folder(url, dirname if "." in basename else other)

    def add_entry_from_context(self: Any, page: Any) -> None:
        search = page.meta.get("search") or {}
        if search.get("exclude"):
            return
        blocks = speed.blocks.pop(page.file.src_uri, [])
        highlights = highlight_cache.active()
        twins = {b: highlights.searchable(b) for b in blocks} if highlights else None
        for ident, title, text in speed.sections.sections(page.content, twins):
            section = _search.Section(_search.Element("hx"))
            section.id, section.title, section.text = ident, list(title), list(text)
            self.create_entry_for_section(section, page.toc, page.url, page)

    def render(self: Any, config: Any, files: Any) -> None:
        highlights = highlight_cache.active()
        if highlights is not None:
            highlights.taken()
        quick = speed.renders.render(original_render, self, config, files,
                                     lambda: getattr(speed.markdown.last, "toc_tokens", []))
        if highlights is not None:  # none when the render is a kept one
            taken = highlights.taken()
            speed.blocks[self.file.src_uri] = taken if quick is None else quick

    def get_env(self: Any) -> Any:
        return speed.nav.environment(original_env(self))

    _pages.markdown = speed.markdown
    _theme.Theme.get_env = get_env  # type: ignore[method-assign]
    _pages.Page.render = render  # type: ignore[method-assign]
    _mkdocs_utils.get_relative_url = get_relative_url
    _search.SearchIndex.add_entry_from_context = add_entry_from_context
    _ACTIVE.append(speed)
    try:
        with skipping_inline_patterns():
            yield speed
        speed.sections.save()
        speed.renders.save()
    finally:
        _ACTIVE.remove(speed)
        _pages.markdown = original_markdown
        _pages.Page.render = original_render  # type: ignore[method-assign]
        _mkdocs_utils.get_relative_url = original_relative
        _search.SearchIndex.add_entry_from_context = original_add
        _theme.Theme.get_env = original_env  # type: ignore[method-assign]
