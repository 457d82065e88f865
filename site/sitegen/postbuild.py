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
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from nuffle.sitegen.languages import search_language

_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def split_search_index(site_dir: Path, languages: tuple[str, ...],
                       pages: set[str] | None = None) -> dict[str, int]:
    """Split the index; return how many entries each language's index holds. ``pages``
    (site-relative): the pages to rebase, when only those were rendered (None: all)."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    docs = index["docs"]
    counts = {}
    theirs = tuple(f"{lang}/" for lang in languages)
    english = [d for d in docs if not d["location"].startswith(theirs)]
    _write(path, {**index, "config": {**index["config"], "lang": ["en"]}, "docs": english})
    counts["en"] = len(english)
    for lang in languages:
        prefix = f"{lang}/"
        mine = [{**d, "location": d["location"][len(prefix):]} for d in docs
                if d["location"].startswith(prefix)]
        _write(site_dir / lang / "search" / "search_index.json",
               {**index, "config": {**index["config"], "lang": [search_language(lang)]},
                "docs": mine})
        counts[lang] = len(mine)
        _rebase_pages(site_dir / lang, None if pages is None else
                      {p[len(prefix):] for p in pages if p.startswith(prefix)})
    return counts


INDEX_SCRIPT = "var __index = "  # what the theme reads from disk (material/plugins/offline)


def _write(path: Path, data: dict) -> None:
    """The index as JSON (served), and as the script the theme reads from disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
    path.with_suffix(".js").write_text(INDEX_SCRIPT + text, encoding="utf-8")


def _html_pages(root: Path, pages: set[str] | None) -> list[Path]:
    """The HTML pages under ``root``: all, or those of ``pages`` (relative to it)."""
    if pages is None:
        return list(root.rglob("*.html"))
    return [root / p for p in sorted(pages) if p.endswith(".html") and (root / p).exists()]


def _rebase_pages(root: Path, pages: set[str] | None = None) -> None:
    """Point each page's theme `base` at the language's root instead of the site's."""
    for page in _html_pages(root, pages):
        depth = posixpath.relpath(str(root), str(page.parent))
        html = page.read_text(encoding="utf-8")

        def rebase(m: re.Match, depth: str = depth) -> str:
            config = _BASE.sub(lambda b: f"{b.group(1)}{depth}{b.group(3)}", m.group(2), 1)
            return m.group(1) + config + m.group(3)
        new = _CONFIG.sub(rebase, html, count=1)
        if new != html:
            page.write_text(new, encoding="utf-8")


_ALTERNATE = re.compile(r'href="(/[^"]*)"(\s+hreflang=)')


def relative_language_links(site_dir: Path, pages: set[str] | None = None) -> int:
    """The language menu of a language's home page links to `/index.html` and
    `/it/index.html`, which break when the site is opened from disk or served under a
    sub-path: make them relative (in ``pages``, site-relative, if given: those rendered).
    Returns how many links were rewritten."""
    count = 0
    for page in _html_pages(site_dir, pages):
        html = page.read_text(encoding="utf-8")
        if 'hreflang="' not in html:
            continue
        here = page.parent

        def relative(m: re.Match, here: Path = here) -> str:
            nonlocal count
            count += 1
            target = site_dir / m.group(1).lstrip("/")
            rel = posixpath.relpath(str(target), str(here))
            folder = m.group(1).endswith("/")  # else a page (`/it/index.html`)
            link = ("./" if rel == "." else rel + "/") if folder else rel
            return f'href="{link}"{m.group(2)}'
        new = _ALTERNATE.sub(relative, html)
        if new != html:
            page.write_text(new, encoding="utf-8")
    return count
