"""A page's Markdown turned into HTML once, for every later build of the same page.

MkDocs' `Page.render` converts the page's Markdown (after the plugins' changes) with the
configured extensions and its own processors, which rewrite the links by the site's list
of files. What it leaves on the page (the HTML, the table of contents, the title the text
gives, the anchors present and the links to other pages' anchors) therefore depends on
that Markdown, the page's place, the site's files, the Markdown settings and the versions
of the libraries doing the work (and the rules' lexer, which a working copy can change
without a new version): the key digests all of those. A render that logged anything (a
broken link, a warning that strict mode counts) is never kept, so a warning is given again
by every build as before. `render_speed.faster_rendering` replays a kept
render instead of converting again; the entries live in the private cache folder (JSON,
`SITE_CACHE_BYTES`, a wrong shape is a miss).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from mkdocs.structure.toc import get_toc
from nuffle.sitegen.kept_entries import Kept
from nuffle.sitegen.quick_markdown import QuickMarkdown

_PAGES_LOG = logging.getLogger("mkdocs.structure.pages")
LIBRARIES = ("mkdocs", "markdown", "pymdown-extensions", "pygments", "nuffle")


def _versions() -> str:
    """The libraries' versions, and the Nuffle rules lexer's own code and words (Pygments
    colours the rules blocks with it; an edit to it in a working copy keeps the version)."""
    from nuffle.sitegen import lexer
    words = {kind: sorted(names) for kind, names in lexer.WORDS.items()}
    found = ["lexer=" + hashlib.sha256(Path(lexer.__file__).read_bytes()
                                       + json.dumps(words, sort_keys=True).encode()).hexdigest()]
    for name in LIBRARIES:
        try:
            found.append(f"{name}={version(name)}")
        except PackageNotFoundError:  # pragma: no cover - all installed with nuffle
            found.append(f"{name}=?")
    return ",".join(found)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _token(value: Any, depth: int = 0) -> bool:
    """A table-of-contents entry as Python-Markdown's toc extension gives it."""
    return (depth < 16 and isinstance(value, dict) and isinstance(value.get("level"), int)
            and isinstance(value.get("id"), str) and isinstance(value.get("name"), str)
            and isinstance(value.get("children"), list)
            and all(_token(c, depth + 1) for c in value["children"]))


def _valid(value: Any) -> dict | None:
    if not (isinstance(value, dict) and isinstance(value.get("content"), str)
            and (value.get("title") is None or isinstance(value.get("title"), str))
            and _strings(value.get("anchors"))
            and isinstance(value.get("toc"), list) and all(_token(t) for t in value["toc"])):
        return None
    links = value.get("links")
    if links is not None and not (isinstance(links, dict) and all(
            isinstance(k, str) and isinstance(v, dict)
            and all(isinstance(a, str) and isinstance(b, str) for a, b in v.items())
            for k, v in links.items())):
        return None
    return value


class _Heard(logging.Handler):
    """Whether anything was logged while a page was converted."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.heard = False

    def emit(self, record: logging.LogRecord) -> None:
        self.heard = True


@contextmanager
def _listening() -> Iterator[_Heard]:
    heard = _Heard()
    loggers = [logging.getLogger(), logging.getLogger("mkdocs")]  # mkdocs may not propagate
    for logger in loggers:
        logger.addHandler(heard)
    try:
        yield heard
    finally:
        for logger in loggers:
            logger.removeHandler(heard)


class PageRenders(Kept):
    """Kept renders by the digest of what decides them (see the module)."""

    def __init__(self, path: Path | None) -> None:
        super().__init__(path, _versions(), _valid)
        self.converted = 0  # pages converted from Markdown in this process
        self.quick = 0  # pages converted by quick_markdown.py instead
        self._quick: dict[str, QuickMarkdown] = {}
        self._files: dict[int, tuple[Any, str]] = {}

    def _files_digest(self, files: Any) -> str:
        found = self._files.get(id(files))
        if found is None or found[0] is not files:
            rows = sorted((f.src_uri, f.dest_uri, f.url, str(f.inclusion)) for f in files)
            found = self._files[id(files)] = (
                files, hashlib.sha256(json.dumps(rows).encode("utf-8")).hexdigest())
        return found[1]

    def key(self, page: Any, config: Any, files: Any) -> str:
        settings = repr((config["markdown_extensions"], config["mdx_configs"],
                         config["use_directory_urls"],
                         str(config["validation"]["links"]["absolute_links"])))
        parts = [page.markdown, page.file.src_uri, page.file.dest_uri, page.file.url,
                 settings, self._files_digest(files)]
        return hashlib.sha256(json.dumps(parts).encode("utf-8")).hexdigest()

    def quick_render(self, page: Any, config: Any, files: Any,
                     wants_links: bool) -> tuple[dict, list[str]] | None:
        """The page converted by quick_markdown.py, as a kept render holds it, and its
        code blocks; None: declined (MkDocs converts it)."""
        settings = (config["markdown_extensions"], config["mdx_configs"])
        key = repr(settings)
        reader = self._quick.get(key)
        if reader is None:
            reader = self._quick[key] = QuickMarkdown(*settings)

        def lookup(path: str) -> tuple[Any, str] | None:
            found = files.get_file_from_path(path)
            if found is None or found.inclusion.is_excluded():
                return None
            return found, found.url

        done = reader.convert(page.markdown, page.file, page.file.src_uri, page.file.url,
                              lookup)
        if done is None:
            return None
        self.quick += 1
        page.content = done.content
        page.toc = get_toc(json.loads(json.dumps(done.toc)))
        page._title_from_render = done.title
        page.present_anchor_ids = done.anchors
        if wants_links:
            page.links_to_anchors = {file: dict(anchors) for file, anchors in done.links.items()}
        return _entry(page, done.toc), done.blocks

    def render(self, original: Any, page: Any, config: Any, files: Any,
               toc_tokens: Any) -> list[str] | None:
        """``original`` (MkDocs' `Page.render`), quick_markdown.py's conversion or a kept
        render's replay; ``toc_tokens`` gives the table of contents of the conversion just
        made. Return the code blocks of a quick conversion (None otherwise: the highlight
        cache has seen those MkDocs converted)."""
        key = self.key(page, config, files)
        found = self.get(key)
        # MkDocs records the links to anchors unless it logs at debug level
        wants_links = _PAGES_LOG.getEffectiveLevel() > logging.DEBUG
        if found is not None and wants_links and found["links"] is None:
            found = None
        if found is not None and wants_links:
            links = found["links"]
            if links is not None:
                targets = {src: files.get_file_from_path(src) for src in links}
                if None not in targets.values():
                    page.links_to_anchors = {targets[src]: dict(anchors)
                                             for src, anchors in links.items()}
                else:
                    found = None  # a page it linked to is gone: convert again
        if found is not None:
            page.content = found["content"]
            page.toc = get_toc(json.loads(json.dumps(found["toc"])))
            page._title_from_render = found["title"]
            page.present_anchor_ids = set(found["anchors"])
            return None
        quick = self.quick_render(page, config, files, wants_links)
        if quick is not None:
            self.used[key], blocks = quick
            return blocks
        self.converted += 1
        with _listening() as heard:
            original(page, config, files)
        if heard.heard:
            return None
        self.used[key] = _entry(page, json.loads(json.dumps(toc_tokens())))
        return None


def _entry(page: Any, toc: list) -> dict:
    """A rendered page as it is kept: what replaying it sets on a page again."""
    links = page.__dict__.get("links_to_anchors")
    return {"content": page.content, "title": page._title_from_render,
            "anchors": sorted(page.present_anchor_ids or ()), "toc": toc,
            "links": None if links is None else {
                file.src_uri: dict(anchors) for file, anchors in links.items()}}
