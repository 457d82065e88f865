"""A link check over the built HTML: every internal link and image must lead to a file
of the site, and every `#anchor` to an element with that id. MkDocs' strict mode checks
the Markdown; this checks what a reader actually clicks."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        ident = a.get("id")
        if ident:
            self.ids.add(ident)
        for key in ("href", "src"):
            value = a.get(key)
            if value and tag in ("a", "img", "link", "script"):
                self.links.append(value)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def broken_links(site: Path) -> list[str]:
    """``page: link`` for each internal link that leads nowhere."""
    # 404.html is served at any missing path, so its links are absolute: not checked here
    pages: dict[Path, _Page] = {p: _parse(p) for p in site.rglob("*.html")
                                if p.name != "404.html"}
    out = []
    for path, page in sorted(pages.items()):
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "data:", "#!")):
                continue
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                out.append(f"{path.relative_to(site)}: {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages.get(target) or _parse(target)
                if unquote(parts.fragment) not in ids.ids:
                    out.append(f"{path.relative_to(site)}: {link} (no such anchor)")
    return out
