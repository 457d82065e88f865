"""Rebuilding the site after a change renders only the pages whose HTML can have changed.

A page's HTML depends on its own Markdown, on the navigation of its section (the theme's
`navigation.prune` leaves the other sections out of it, one link each) and on the rest of
the configuration. After each build the state is kept in `DIR/cache/site-state.json`: a
fingerprint of the configuration (without the navigation), of the theme's and plugins'
versions and of the code that finishes the pages (this module, postbuild.py, safety.py),
the list of pages, a signature per language of each navigation section (its pages and
their titles) and of the top of the navigation (the sections and where each starts), and
each page's title. The next build then renders:

- everything, when there is no state (first build, or the last one failed), the
  fingerprint or the top of the navigation changed;
- else the pages whose Markdown was rewritten (`write_tree` rewrites only changed text,
  and MkDocs' dirty mode renders a page whose Markdown is newer than its HTML), and every
  page of a section whose signature changed (its Markdown is touched). A page added is
  new Markdown in a section whose signature changed (its entries): it and its section are
  rendered. A page removed changes its section's signature the same way, and its HTML is
  deleted from the site and its entries from the search index (`Plan.gone`).

What such a partial build leaves out is put back: the titles of the pages it did not read
(for the navigation of those it renders), their entries of the search index (the previous
index, put together from each language's index as the last build wrote it into the site,
with the rendered pages' entries replaced and the removed pages' dropped), and the sitemap,
which MkDocs writes whole in either mode.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from mkdocs.plugins import BasePlugin

from nuffle.textfile import read_cached_json

STATE_VERSION = 1
# bytes: the state of the bundled site is about 220 KB; a thousand times the pages still fits
MAX_STATE_FILE = 256 << 20
# the code whose output is in the HTML but not in the Markdown or the configuration
FINISHING = ("incremental.py", "postbuild.py", "safety.py")
PACKAGES = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "markdown", "pymdown-extensions")


@dataclass
class BuildReport:
    """What a build did: ``rendered`` are the HTML pages MkDocs wrote (site-relative)."""
    site: Path
    full: bool
    reason: str  # why the whole site was rendered, or "" for a partial build
    markdown_written: int
    rendered: list[str] = field(default_factory=list)
    # the item pages made (not given back from the last build: page_memo.py), both languages
    items_made: int = 0


@dataclass
class Plan:
    full: bool
    reason: str
    touch: list[str]  # docs-relative Markdown files to render although unchanged
    kept_index: dict | None = None  # the last build's whole index, for a partial build
    gone: list[str] = field(default_factory=list)  # the removed pages' HTML (site-relative)


def _read_index(path: Path) -> dict | None:
    """A search index as the last build wrote it, or None when it is missing, over the
    site cache's size limit, not JSON or not an index's shape."""
    from nuffle import limits

    index = read_cached_json(path, limits.SITE_CACHE_BYTES)
    if not isinstance(index, dict) or not isinstance(index.get("docs"), list):
        return None
    if not all(isinstance(doc, dict) and isinstance(doc.get("location"), str)
               for doc in index["docs"]):
        return None
    return index


def read_kept_index(site: Path, languages: Iterable[str]) -> dict | None:
    """The last build's whole search index, put together from each language's as it wrote
    them into the site (postbuild.split_search_index: English at the root, each other
    language's under its folder, its pages' addresses from there), or None when one is
    missing, over the site cache's size limit, not JSON or not an index's shape: the site
    is anyone's to edit, and a partial build cannot merge into a damaged index (it renders
    the whole site instead). (A copy of the whole index, kept beside the site, was written
    and read as well: a twentieth of a rebuild.)"""
    index = _read_index(site / "search" / "search_index.json")
    if index is None:
        return None
    docs = list(index["docs"])
    for lang in languages:
        theirs = _read_index(site / lang / "search" / "search_index.json")
        if theirs is None:
            return None
        docs += [{**doc, "location": f"{lang}/{doc['location']}"} for doc in theirs["docs"]]
    return {**index, "docs": docs}


def fingerprint(config: dict) -> str:
    """The configuration without its navigation, the packages that render the pages and the
    code that finishes them: a change to any of these renders the whole site."""
    bare = json.loads(json.dumps(config))
    bare.pop("nav", None)
    for plugin in bare.get("plugins", []):
        for language in (plugin.get("i18n") or {}).get("languages", []):
            language.pop("nav", None)
    h = hashlib.sha256(json.dumps(bare, sort_keys=True).encode())
    for package in PACKAGES:
        try:
            h.update(f"{package}={metadata.version(package)}".encode())
        except metadata.PackageNotFoundError:
            h.update(package.encode())
    here = Path(__file__).parent
    for name in FINISHING:
        h.update((here / name).read_bytes())
    return h.hexdigest()


def _paths(entry: Any) -> list[str]:
    """Every page path under a navigation entry."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        return [p for value in entry.values() for p in _paths(value)]
    if isinstance(entry, list):
        return [p for item in entry for p in _paths(item)]
    return []


def localized(path: str, lang: str) -> str:
    """The docs file of ``path`` (an English page) in ``lang`` (`x.md` -> `x.it.md`)."""
    if lang == "en":
        return path
    stem, _, ext = path.rpartition(".")
    return f"{stem}.{lang}.{ext}"


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _children(entry: Any) -> list[tuple[str | None, Any]]:
    """A section's entries: (sub-section name, its list) or (None, a page entry)."""
    value = next(iter(entry.values())) if isinstance(entry, dict) else None
    if not isinstance(value, list):
        return []
    return [(next(iter(item)), next(iter(item.values())))
            if isinstance(item, dict) and isinstance(next(iter(item.values())), list)
            else (None, item) for item in value]


def _sub_sections(entry: Any) -> list[tuple[str, Any]]:
    """A section's sub-sections (name, list of entries), if it has any."""
    return [(sub, value) for sub, value in _children(entry) if sub is not None]


def navigation_signatures(navs: dict[str, list], titles: dict[str, str]
                          ) -> tuple[dict[str, str], dict[str, dict[str, str]], dict[str, list]]:
    """Per language: the top of the navigation (each section's name and its first page),
    each section's signature (its entries and its pages' titles), and its pages. A section
    with sub-sections (navigation.prune shows a page only its own one's pages) gets a
    signature of what all its pages show (the pages outside the sub-sections, the
    sub-sections' names and first pages) and one per sub-section, `Section/Sub-section`.
    ``titles``: docs file -> title."""
    top: dict[str, str] = {}
    sections: dict[str, dict[str, str]] = {}
    members: dict[str, list] = {}
    for lang, nav in navs.items():
        heads = []
        sections[lang] = {}
        for entry in nav:
            name = next(iter(entry)) if isinstance(entry, dict) else str(entry)
            pages = _paths(entry)
            heads.append([name, pages[:1]])
            parts = _sub_sections(entry)
            # with sub-sections, every page of the section shows its pages outside them
            # and each sub-section's name and first page; the pages of its own only
            shown = entry if not parts else {name: [
                [sub, _paths(value)[:1]] if sub is not None else value
                for sub, value in _children(entry)]}
            named = [[p, titles.get(localized(p, lang), "")] for p in _paths(shown)]
            sections[lang][name] = _digest([shown, named])
            members[f"{lang}/{name}"] = pages
            for sub, value in parts:
                key = f"{name}/{sub}"
                subpages = _paths(value)
                sections[lang][key] = _digest(
                    [value, [[p, titles.get(localized(p, lang), "")] for p in subpages]])
                members[f"{lang}/{key}"] = subpages
        top[lang] = hashlib.sha256(json.dumps(heads).encode()).hexdigest()
    return top, sections, members


def read_state(out: Path) -> dict | None:
    """The last build's state, or None (missing, too large, not JSON, another version): the
    build folder is anyone's to edit, so anything odd means a full build."""
    state = read_cached_json(out / "cache" / "site-state.json", MAX_STATE_FILE)
    return state if isinstance(state, dict) and state.get("version") == STATE_VERSION else None


def forget_state(out: Path) -> None:
    """Drop the state before building: a build that fails half-way leaves none, so the next
    one renders everything."""
    (out / "cache" / "site-state.json").unlink(missing_ok=True)


def write_state(out: Path, state: dict) -> None:
    path = out / "cache" / "site-state.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": STATE_VERSION, **state}), encoding="utf-8")


def plan(previous: dict | None, current: dict, members: dict[str, list], site: Path) -> Plan:
    """What to render, from the previous build's state and this one's (see the module)."""
    if previous is None:
        return Plan(True, "no previous build", [])
    if not (site / "index.html").exists() or not (site / "search" / "search_index.json").exists():
        return Plan(True, "the built site is missing", [])
    # (the languages besides the default, English, whose index is the site's own)
    languages = [lang for lang in current["sections"] if lang != "en"]
    kept_index = read_kept_index(site, languages)
    if kept_index is None:
        return Plan(True, "the previous search index is missing or damaged", [])
    if previous.get("fingerprint") != current["fingerprint"]:
        return Plan(True, "the configuration or the theme changed", [])
    pages, titles = previous.get("pages"), previous.get("titles", {})
    if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages) \
            or not isinstance(titles, dict) \
            or not all(isinstance(v, str) for v in titles.values()):
        return Plan(True, "the last build's state is damaged", [])
    if previous.get("top") != current["top"]:
        return Plan(True, "the navigation's sections changed", [])
    touch: list[str] = []
    for lang, sections in current["sections"].items():
        before = previous.get("sections", {}).get(lang, {})
        for name, signature in sections.items():
            if before.get(name) != signature:
                touch += [localized(p, lang) for p in members[f"{lang}/{name}"]]
    gone = sorted({built_page(p, languages) for p in set(pages) - set(current["pages"])})
    return Plan(False, "", sorted(set(touch)), kept_index, gone)


def built_page(doc: str, languages: Iterable[str]) -> str:
    """Where the site holds a docs page (`x.md` -> `x.html`, `x.it.md` -> `it/x.html`)."""
    stem = doc.removesuffix(".md")
    base, dot, lang = stem.rpartition(".")
    if dot and lang in languages:
        return f"{lang}/{base}.html"
    return f"{stem}.html"


def remove_pages(site: Path, pages: Iterable[str]) -> list[str]:
    """Delete the HTML of the removed ``pages`` (site-relative) from ``site``; return those
    deleted. The list comes from the build folder's state, which is anyone's to edit: a
    name that is not a page inside the site (absolute, `..`, not `.html`) is left alone."""
    root = site.resolve()
    deleted = []
    for page in pages:
        parts = Path(page).parts
        if Path(page).is_absolute() or ".." in parts or not page.endswith(".html"):
            continue
        target = site / page
        if not target.resolve().is_relative_to(root) or not target.is_file():
            continue
        target.unlink()
        deleted.append(page)
    return deleted


def touch(docs: Path, files: list[str]) -> None:
    """Make these pages' Markdown newer than their HTML, so MkDocs' dirty mode renders them."""
    for rel in files:
        path = docs / rel
        if path.exists():
            os.utime(path)


class Recorder(BasePlugin):
    """Added to the configuration by the build: records each page MkDocs renders (its HTML
    path and its title); in a partial build, gives the pages it does not read the titles
    they had, so the navigation of those it renders names them as a full build would."""

    def __init__(self, titles: dict[str, str] | None = None) -> None:
        super().__init__()
        self.known = dict(titles or {})  # HTML path -> title, from the previous build
        self.titles: dict[str, str] = {}
        self.rendered: list[str] = []
        self.default_404: str | None = None  # the default language's 404 page, once rendered

    def on_env(self, env: Any, *, config: Any, files: Any) -> Any:
        for file in files.documentation_pages():
            page = file.page
            if page is not None and page.markdown is None and file.dest_uri in self.known:
                page.markdown = ""  # not read in this build: what its title needs
                page.meta = {"title": self.known[file.dest_uri]}
        return env

    def on_pre_template(self, template: Any, *, template_name: str, config: Any) -> Any:
        """The 404 page's language menu leads to each language's home: mkdocs-static-i18n
        leaves it the links of whichever page was rendered last, which a partial build
        would change."""
        i18n = config.plugins.get("i18n")
        if template_name == "404.html" and getattr(i18n, "extra_alternate", None):
            # as the plugin sets a page's (an attribute, which the theme reads first)
            config.extra.alternate = deepcopy(i18n.extra_alternate)
        return template

    def on_post_template(self, output: str, *, template_name: str, config: Any) -> str:
        """Each language's 404 page in its own folder, the default language's at the root:
        mkdocs-static-i18n renders the theme's 404 page once per language, each into the
        site's root, so the last language's would be left for every visitor."""
        i18n = config.plugins.get("i18n")
        if template_name != "404.html" or i18n is None:
            return output
        language = getattr(i18n, "current_language", None)
        if language is None or language == getattr(i18n, "default_language", None):
            self.default_404 = output
            return output
        page = Path(config.site_dir) / language / "404.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(output, encoding="utf-8")
        # the root keeps the default language's page (a forked build's other-languages
        # process has none: its root page is not taken, parallel._merge)
        return self.default_404 if self.default_404 is not None else output

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        self.rendered.append(page.file.dest_uri)
        self.titles[page.file.dest_uri] = str(page.title)
        return output


class _DirtyNotice(logging.Filter):
    """MkDocs warns that a dirty build may leave the navigation inaccurate: this one puts
    back what it leaves out (see the module), so the warning must not fail a strict build."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("A 'dirty' build is being performed")


@contextmanager
def dirty_mode() -> Iterator[None]:
    """mkdocs-static-i18n builds the other languages dirty only when `--dirty` is on the
    command line: say so while the partial build runs, and keep MkDocs' warning about dirty
    builds out of the strict count."""
    notice = _DirtyNotice()
    logger = logging.getLogger("mkdocs.commands.build")
    logger.addFilter(notice)
    sys.argv.append("--dirty")
    try:
        yield
    finally:
        sys.argv.remove("--dirty")
        logger.removeFilter(notice)


def _page_of(location: str) -> str:
    return location.split("#", 1)[0]


def merge_index(previous: dict, fresh: dict, rendered: set[str],
                gone: AbstractSet[str] = frozenset()) -> dict:
    """The whole search index after a partial build: the previous entries, with those of
    the ``rendered`` pages (their URLs) replaced by ``fresh``'s, in the same place (a page
    new to the site's at the end), and none of the removed pages, ``gone``."""
    new: dict[str, list] = {}
    for doc in fresh["docs"]:
        new.setdefault(_page_of(doc["location"]), []).append(doc)
    docs: list = []
    done: set[str] = set()
    for doc in previous["docs"]:
        page = _page_of(doc["location"])
        if page in gone:
            continue
        if page not in rendered:
            docs.append(doc)
        elif page not in done:
            docs += new.get(page, [])
            done.add(page)
    for page, entries in new.items():
        if page not in done:
            docs += entries
    return {**fresh, "docs": docs}


def keep_index(site: Path, rendered: set[str] | None, previous: dict | None = None,
               gone: AbstractSet[str] = frozenset()) -> dict | None:
    """After MkDocs: a partial build's whole index (the previous one, `plan` read and
    checked, with the rendered pages' entries replaced and the removed pages', ``gone``,
    dropped), which MkDocs wrote with the rendered pages' entries only; None after a full
    build, whose index is whole. The caller splits it into the languages' indexes
    (postbuild.split_search_index), which replace the file MkDocs wrote and are what the
    next build reads (`read_kept_index`). A copy of the whole index that earlier builds
    kept beside the site is removed."""
    (site.parent / "cache" / "search_index.json").unlink(missing_ok=True)
    if rendered is None:
        return None
    if previous is None:
        raise ValueError("a partial build needs the kept index its plan read")
    path = site / "search" / "search_index.json"
    return merge_index(previous, json.loads(path.read_text(encoding="utf-8")), rendered, gone)
