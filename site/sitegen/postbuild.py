"""What the site needs after MkDocs has built every language: one search index per
language, and language-menu links that work wherever the site is served.

One search index per language.

mkdocs-static-i18n builds every language into one site with one search index, so a reader
of the Italian pages would get English results too (a known limit of the plugin: the theme
reads the index from the site's root). After the build, the index is split: the root keeps
the English pages, `<lang>/search/search_index.json` gets that language's, and the pages of
that language read theirs (the `base` of the theme's page configuration points at
`<lang>/`, which the theme uses only to find the index and the result links).

Opened from disk, the theme cannot fetch a JSON file: it loads `search/search_index.js`
beside it instead (`var __index = {…}`, the offline plugin's format), so each language's
index is written as that script too, holding the same index.

The pages are finished as MkDocs writes them, in the process that renders them (`Finishing`,
the last plugin to see a page: a full build renders its other languages in a second
process, parallel.py), and read there by the safety scan (safety.PageScan), rather than
read and written again once the whole site is built (a fifth of a first build's time
after MkDocs, with one processor idle). The pages MkDocs writes otherwise (the theme's 404
pages) are finished after the build (`finish_pages`).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.plugins import BasePlugin, event_priority
from nuffle.sitegen.languages import search_language

# a stand-in for the site's folder: a page's links are worked out from its site-relative
# path as from its path on disk
_SITE = PurePosixPath("/site")
_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


@dataclass
class IndexWork:
    """How often the last build's post-build steps read the whole index from its file."""
    read: int = 0


WORK = IndexWork()


def split_search_index(site_dir: Path, languages: tuple[str, ...],
                       pages: set[str] | None = None, index: dict | None = None,
                       rebase: bool = True, scan: Any = None) -> dict[str, int]:
    """Split the index; return how many entries each language's index holds. ``pages``
    (site-relative): the pages to rebase, when only those were rendered (None: all; with
    ``rebase`` false, none: the build finished them, `Finishing`). ``index``: the whole
    index, when the caller has it (else read from its file). ``scan``: where each index
    written is scanned as it is written (safety.check_site does not read it back)."""
    path = site_dir / "search" / "search_index.json"
    if index is None:
        WORK.read += 1
        index = json.loads(path.read_text(encoding="utf-8"))
    docs = index["docs"]
    counts = {}
    theirs = tuple(f"{lang}/" for lang in languages)
    english = [d for d in docs if not d["location"].startswith(theirs)]
    _write(path, {**index, "config": {**index["config"], "lang": ["en"]}, "docs": english},
           scan, site_dir)
    counts["en"] = len(english)
    for lang in languages:
        prefix = f"{lang}/"
        mine = [{**d, "location": d["location"][len(prefix):]} for d in docs
                if d["location"].startswith(prefix)]
        _write(site_dir / lang / "search" / "search_index.json",
               {**index, "config": {**index["config"], "lang": [search_language(lang)]},
                "docs": mine}, scan, site_dir)
        counts[lang] = len(mine)
        if rebase:
            _rebase_pages(site_dir / lang, None if pages is None else
                          {p[len(prefix):] for p in pages if p.startswith(prefix)})
    return counts


INDEX_SCRIPT = "var __index = "  # what the theme reads from disk (material/plugins/offline)


def _write(path: Path, data: dict, scan: Any = None,
           site_dir: Path | None = None) -> None:
    """The index as JSON (served), and as the script the theme reads from disk; scanned
    as written into ``scan``, if given."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
    path.with_suffix(".js").write_text(INDEX_SCRIPT + text, encoding="utf-8")
    if scan is not None and site_dir is not None:
        scan.add_index(path.relative_to(site_dir).as_posix(), data)


def _html_pages(root: Path, pages: set[str] | None) -> list[Path]:
    """The HTML pages under ``root``: all, or those of ``pages`` (relative to it)."""
    if pages is None:
        return list(root.rglob("*.html"))
    return [root / p for p in sorted(pages) if p.endswith(".html") and (root / p).exists()]


def _rebase_pages(root: Path, pages: set[str] | None = None) -> None:
    """Point each page's theme `base` at the language's root instead of the site's."""
    for page in _html_pages(root, pages):
        html = page.read_text(encoding="utf-8")
        new = rebased(html, page.relative_to(root).as_posix())
        if new != html:
            page.write_text(new, encoding="utf-8")


def rebased(html: str, page: str) -> str:
    """A page's HTML with the theme's `base` pointing at its language's root; ``page``:
    its path from that root."""
    depth = posixpath.relpath(str(_SITE), str((_SITE / page).parent))

    def rebase(m: re.Match) -> str:
        config = _BASE.sub(lambda b: f"{b.group(1)}{depth}{b.group(3)}", m.group(2), 1)
        return m.group(1) + config + m.group(3)
    return _CONFIG.sub(rebase, html, count=1)


_ALTERNATE = re.compile(r'href="(/[^"]*)"(\s+hreflang=)')


def relative_language_links(site_dir: Path, pages: set[str] | None = None) -> int:
    """The language menu of a language's home page links to `/index.html` and
    `/it/index.html`, which break when the site is opened from disk or served under a
    sub-path: make them relative (in ``pages``, site-relative, if given: those rendered).
    Returns how many links were rewritten."""
    count = 0
    for page in _html_pages(site_dir, pages):
        html = page.read_text(encoding="utf-8")
        new, found = with_relative_language_links(html, page.relative_to(site_dir).as_posix())
        count += found
        if new != html:
            page.write_text(new, encoding="utf-8")
    return count


def with_relative_language_links(html: str, page: str) -> tuple[str, int]:
    """A page's HTML with its language menu's links made relative, and how many were;
    ``page``: its path in the site."""
    if 'hreflang="' not in html:
        return html, 0
    here = str((_SITE / page).parent)
    count = 0

    def relative(m: re.Match) -> str:
        nonlocal count
        count += 1
        rel = posixpath.relpath(str(_SITE / m.group(1).lstrip("/")), here)
        folder = m.group(1).endswith("/")  # else a page (`/it/index.html`)
        link = ("./" if rel == "." else rel + "/") if folder else rel
        return f'href="{link}"{m.group(2)}'
    return _ALTERNATE.sub(relative, html), count


def finished(html: str, page: str, languages: tuple[str, ...]) -> str:
    """A page's HTML as the site serves it: rebased if it is in a language's folder
    (`split_search_index`), its language menu's links relative; ``page``: its path in
    the site."""
    lang, slash, rest = page.partition("/")
    if slash and lang in languages:
        html = rebased(html, rest)
    return with_relative_language_links(html, page)[0]


class Finishing(BasePlugin):
    """Added to the configuration by the build: finishes each page MkDocs writes
    (`finished`), in the process that renders it, and gives it to ``scan`` (a
    safety.PageScan) as it is written; ``pages``: those finished in this process."""

    def __init__(self, languages: tuple[str, ...], scan: Any = None) -> None:
        super().__init__()
        self.languages = tuple(languages)
        self.scan = scan
        self.pages: list[str] = []

    @event_priority(-200)  # after every other plugin's change (the drawings put back)
    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        where = page.file.dest_uri
        output = finished(output, where, self.languages)
        self.pages.append(where)
        if self.scan is not None:
            self.scan.add(where, output)
        return output


def finish_pages(site_dir: Path, languages: tuple[str, ...], pages: set[str] | None,
                 done: set[str]) -> list[str]:
    """Finish the pages of ``pages`` (site-relative; None: every page of the site) that
    are not in ``done``, the pages `Finishing` did (the theme's 404 pages, which MkDocs
    writes as templates); return them."""
    if pages is None:
        pages = set()
        for folder, _, names in os.walk(site_dir):
            rel = Path(folder).relative_to(site_dir).as_posix()
            prefix = "" if rel == "." else rel + "/"
            pages.update(prefix + n for n in names if n.endswith(".html"))
    left = sorted(p for p in pages - done if p.endswith(".html") and (site_dir / p).exists())
    for page in left:
        path = site_dir / page
        html = path.read_text(encoding="utf-8")
        new = finished(html, page, languages)
        if new != html:
            path.write_text(new, encoding="utf-8")
    return left
