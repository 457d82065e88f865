"""Big drawings kept out of the Markdown: a scenario's pitch is an SVG of several hundred
elements, and every raw HTML block of a page is parsed three times by the build (Markdown's
md_in_html, MkDocs' anchor collector, the search plugin), which made the drawings of the
~480 scenarios, in two languages, about two fifths of the whole build.

So a page holds a placeholder (`<div data-nf-drawing="KEY"></div>`, KEY the drawing's
hash: a changed drawing changes the page's Markdown, which the incremental build needs),
the drawings are written to `DIR/cache/drawings/KEY.html`, and the built page gets each
drawing back in place of its placeholder once MkDocs has rendered it (the `Drawings`
plugin, in every build: `nuffle site serve` builds as `site build` does). The drawings
are in a figure that the search leaves out (`data-search-exclude`), so the index is the
same, and the built HTML is the same as with the drawing inline; the safety scan and the
link check read the built HTML, drawings included.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import BuildError
from mkdocs.plugins import BasePlugin

_PLACEHOLDER = re.compile(r'<div data-nf-drawing="([0-9a-f]{20})"></div>')


def placeholder(html: str, fragments: dict[str, str]) -> str:
    """The placeholder of ``html`` (a whole line of a page), which is kept in ``fragments``."""
    key = hashlib.sha256(html.encode("utf-8")).hexdigest()[:20]
    fragments[key] = html
    return f'<div data-nf-drawing="{key}"></div>'


def inline(text: str, fragments: dict[str, str]) -> str:
    """``text`` (a page, Markdown or HTML) with each placeholder replaced by its drawing."""
    def back(m: re.Match) -> str:
        if m.group(1) not in fragments:
            raise BuildError(f"a page's drawing is missing: {m.group(1)} (build again)")
        return fragments[m.group(1)]
    return _PLACEHOLDER.sub(back, text)


def folder(out: Path) -> Path:
    return out / "cache" / "drawings"


class KeptDrawing(str):
    """A drawing the folder holds already, standing for its text, which is not read (the
    item pages given back by page_memo.py): the built pages get it from the folder by its
    key, as every drawing."""

    __slots__ = ()


def write_fragments(out: Path, fragments: dict[str, str]) -> None:
    """Write the drawings that are new; remove those no page uses any more."""
    where = folder(out)
    where.mkdir(parents=True, exist_ok=True)
    for key, html in fragments.items():
        path = where / f"{key}.html"
        if not path.exists():
            if isinstance(html, KeptDrawing):
                raise BuildError(f"a drawing was removed while the site was built: {key} "
                                 "(build again)")
            path.write_text(html, encoding="utf-8")
    for path in where.glob("*.html"):
        if path.stem not in fragments:
            path.unlink()


class _Folder(dict):
    """The drawings of a folder, read when a page asks for them."""

    def __init__(self, where: Path) -> None:
        super().__init__()
        self.where = where

    def __missing__(self, key: str) -> str:
        path = self.where / f"{key}.html"
        if not path.exists():
            raise KeyError(key)
        self[key] = path.read_text(encoding="utf-8")
        return self[key]

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or (
            isinstance(key, str) and (self.where / f"{key}.html").exists())


def inline_built(output: str, out: Path) -> str:
    """A built page with its drawings back (what the plugin does)."""
    if "data-nf-drawing" not in output:
        return output
    return inline(output, _Folder(folder(out)))


class Drawings(BasePlugin):
    """Puts each drawing back into the page MkDocs built."""

    def __init__(self, out: Path) -> None:
        super().__init__()
        self.out = out

    def on_post_page(self, output: str, *, page: Any, config: Any) -> str:
        return inline_built(output, self.out)
