"""The post-build safety scan: no page of the built site can run anything the theme did not
put there.

The generator escapes every content and translated text for the place it lands (see
`context.esc`); this scan is the net under it. It reads every built HTML page and SVG
drawing and fails the build, naming the page and the snippet, if it finds a live sink: a
`<script>` that is not one of the theme's own, an `on*=` event handler, a `javascript:`,
`vbscript:` or `data:` URL, an `<iframe>`, `<object>`, `<embed>`, `<base>`, `<form>` (but
the theme's search box) or `<meta http-equiv=refresh>`. The scripts allowed are the
theme's own and one of ours, the Web Worker shim that lets search work from disk
(`OWN_SCRIPTS`, a copy of a published library kept in the site's assets). It reads the
search indexes too, as JSON and as the script the theme loads from disk: the theme inserts
their titles and texts as HTML, so only its own few tags may be there.

The pages are big (the navigation lists every item), so a regular expression that follows
the browser's quoting rules finds the tags and the standard library's `html.parser` reads
each distinct tag once. A site build gives each page to a `PageScan` as MkDocs writes it,
in the process that renders it (postbuild.Finishing), and then reads only the files it did
not see (the theme's 404 pages, the drawings, the search indexes); only when a page holds
a sink are the pages read again, for the report to name the first that holds each. Read
from the files, a whole site's pages (140 MB over 1,800 files) are read half in another
process. A search index and the script holding the same index are read as one.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

from mkdocs.exceptions import Abort

from nuffle.machine import available_processors

# A start tag as the browser reads it: a quote opens a value only right after `=`.
_TAG = re.compile(r"""<[A-Za-z][^>"'=]*+(?:(?:=[\t\n\f\r ]*+(?:"[^"]*+"|'[^']*+')?|["'])"""
                  r"""[^>"'=]*+)*+>""")
# a script: its start tag's attributes and its body (None if it is never closed)
_SCRIPT = re.compile(r"<script((?:[\t\n\f\r /][^>]*)?)>(?:(.*?)(</script[\t\n\f\r ]*>))?",
                     re.I | re.S)
_TAG_NAME = re.compile(r"<([A-Za-z][^\t\n\f\r />]*)")
# a tag can only be live if it has one of these (a handler's name is never escaped, and a
# scheme needs a colon, written or as a character reference)
_MAYBE_LIVE = re.compile(r"""[\t\n\f\r /"']on|[:&<]|style|srcdoc""", re.I)
_NESTED = re.compile(r"<[A-Za-z/!?]")
_SCHEME = re.compile(r"^(javascript|vbscript|data):")
_IGNORED_IN_URLS = re.compile(r"[\x00-\x20\x7f]+")  # browsers drop these before the scheme
_ANY_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")

BLOCKED_TAGS = frozenset({"iframe", "frame", "frameset", "object", "embed", "applet", "base",
                          "portal"})
WATCHED_TAGS = BLOCKED_TAGS | {"script", "form", "meta"}
URL_ATTRIBUTES = frozenset({
    "href", "src", "action", "formaction", "xlink:href", "data", "poster", "background",
    "cite", "codebase", "srcset", "ping", "to", "from", "values", "by", "manifest", "lowsrc",
    "dynsrc", "longdesc", "usemap", "archive", "icon"})
THEME_FORM = {"class": "md-search__form", "name": "search"}
# the tags the theme's search keeps in a result's title and text (material/plugins/search)
INDEX_TAGS = re.compile(r"</?(?:p|code|pre|li|ol|ul|sub|sup)>")
# scripts of ours the pages may load, by their path in the site (build.WORKER_SHIM)
OWN_SCRIPTS = frozenset({"assets/iframe-worker.js"})
# a search index as the script the theme loads from disk (postbuild.INDEX_SCRIPT)
INDEX_SCRIPT = "var __index = "
SNIPPET = 120
MAX_SHOWN = 20


@dataclass(frozen=True)
class Sink:
    """A live sink found in the built site: where, what, and the text around it."""

    page: str
    what: str
    snippet: str

    def __str__(self) -> str:
        return f"{self.page}: {self.what}: {self.snippet}"


class UnsafeSite(Abort):
    """The built site holds a live sink: the build fails (`nuffle site build` exits 1)."""

    def __init__(self, sinks: list[Sink]) -> None:
        shown = "\n".join(f"  {s}" for s in sinks[:MAX_SHOWN])
        more = f"\n  … and {len(sinks) - MAX_SHOWN} more" if len(sinks) > MAX_SHOWN else ""
        super().__init__(f"{len(sinks)} live sink(s) that the theme did not put there "
                         f"(content or a translation is not escaped somewhere):\n{shown}{more}")
        self.sinks = sinks


class PageScan:
    """The distinct start tags and scripts of the pages given as they are written, and
    those pages (site-relative); ``elsewhere_live``: a sink in the pages another process
    of the build read (parallel.py)."""

    def __init__(self) -> None:
        self.pages: set[str] = set()
        self.tags: set[str] = set()
        self.scripts: set[tuple[str, str, str]] = set()
        self.elsewhere_live = False
        self.indexes: dict[str, list[Sink]] = {}  # search indexes scanned as written

    def add_index(self, name: str, index: dict) -> None:
        """A search index as it is written (postbuild.split_search_index: its JSON file
        ``name``, site-relative, and beside it the script holding the same text), scanned
        here rather than read back: the same values as the file's (``index`` holds JSON's
        own types, read from MkDocs' index), so the same findings."""
        docs = index.get("docs", [])
        found = index_sinks(name, docs if isinstance(docs, list) else [])
        script = name[:-len(".json")] + ".js"
        self.indexes[name] = found
        self.indexes[script] = [Sink(s.page.replace(name, script, 1), s.what, s.snippet)
                                for s in found]

    def add(self, page: str, html: str) -> None:
        self.pages.add(page)
        self.tags.update(_TAG.findall(html))
        self.scripts.update(_SCRIPT.findall(html))

    def live(self) -> bool:
        """Whether a page given here or in another process holds a live sink."""
        return self.elsewhere_live or any(tag_problem(t) for t in self.tags) or any(
            script_problem(attrs, body if end else None) for attrs, body, end in self.scripts)

    def handed(self) -> dict:
        """What the other process of the build needs: the pages read, and whether live."""
        return {"pages": sorted(self.pages), "live": self.live()}

    def absorb(self, handed: dict) -> None:
        self.pages.update(handed["pages"])
        self.elsewhere_live = self.elsewhere_live or bool(handed["live"])


def check_site(site_dir: Path, pages: set[str] | None = None,
               scanned: PageScan | None = None) -> None:
    """Raise UnsafeSite if the built site holds any live sink (in its search indexes,
    drawings and ``pages``, site-relative, if given: the pages a build rendered);
    ``scanned``: the pages read as they were written, not read again unless one holds a
    sink (the report then names the first page that holds each, as a scan of the files),
    and the search indexes scanned as they were written (their findings taken as they
    are)."""
    skip: AbstractSet[str] = scanned.pages if scanned is not None and not scanned.live() \
        else frozenset()
    indexes = scanned.indexes if scanned is not None else {}
    sinks = scan_site(site_dir, pages, skip | indexes.keys() if indexes else skip)
    sinks = sorted(sinks + [s for found in indexes.values() for s in found],
                   key=lambda s: (s.page, s.what, s.snippet))
    if sinks:
        raise UnsafeSite(sinks)


def scan_site(site_dir: Path, pages: set[str] | None = None,
              skip: AbstractSet[str] = frozenset()) -> list[Sink]:
    """Every live sink of the built site: pages (all, or ``pages``; none of ``skip``, read
    as they were written), drawings and search indexes."""
    files = [f for f in _files(site_dir)
             if (pages is None or not f.endswith(".html") or f in pages) and f not in skip]
    tags, scripts = _read_pages(site_dir, [f for f in files
                                           if not f.endswith((".json", ".js"))])
    sinks = [Sink(page, problem, _snip(tag)) for tag, page in tags.items()
             if (problem := tag_problem(tag))]
    for (attrs, body, end), page in scripts.items():
        problem = script_problem(attrs, body if end else None)
        if problem:
            sinks.append(Sink(page, problem, _snip(f"<script{attrs}>{body}")))
    sinks += _scan_indexes(site_dir, [f for f in files
                                      if f.endswith(("search_index.json", "search_index.js"))])
    return sorted(sinks, key=lambda s: (s.page, s.what, s.snippet))


def _scan_indexes(site_dir: Path, names: list[str]) -> list[Sink]:
    """`scan_search_index` of each; a script holding exactly the JSON file beside it is
    read once with it (the same sinks, under each file's name)."""
    WORK.indexes_read = 0
    sinks: list[Sink] = []
    texts = {name: (site_dir / name).read_text(encoding="utf-8") for name in names}
    for name in names:
        twin = name[:-len(".js")] + ".json" if name.endswith(".js") else None
        if twin is not None and texts.get(twin) is not None \
                and texts[name] == INDEX_SCRIPT + texts[twin]:
            continue  # read with its JSON file, below
        WORK.indexes_read += 1
        found = scan_search_index(site_dir / name, name, texts[name])
        sinks += found
        script = name[:-len(".json")] + ".js" if name.endswith(".json") else None
        if script is not None and texts.get(script) == INDEX_SCRIPT + texts[name]:
            sinks += [Sink(s.page.replace(name, script, 1), s.what, s.snippet) for s in found]
    return sinks


@dataclass
class ScanWork:
    """The pages and drawings the last scan read in this process and in another."""
    here: int = 0
    elsewhere: int = 0
    indexes_read: int = 0  # the search indexes parsed (an index and its script: once)


WORK = ScanWork()
SPLIT_FROM = 200  # fewer files are read in this process alone


def _read_pages(site_dir: Path, files: list[str]) -> tuple[dict, dict]:
    """`_read` of ``files``, the later half in another process when a second processor is
    free (a full build's 1,800 pages, read after the build, when both are)."""
    WORK.here = WORK.elsewhere = 0
    if len(files) < SPLIT_FROM or not hasattr(os, "fork") or available_processors() < 2:
        WORK.here = len(files)
        return _read(site_dir, files)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    half = len(files) // 2
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        later = pool.submit(_read, site_dir, files[half:])
        tags, scripts = _read(site_dir, files[:half])
        later_tags, later_scripts = later.result()
    WORK.here, WORK.elsewhere = half, len(files) - half
    # the first page that has it wins: the earlier half's
    return {**later_tags, **tags}, {**later_scripts, **scripts}


def _read(site_dir: Path, files: list[str]) -> tuple[dict, dict]:
    """Each distinct start tag and each script (attributes, body, end tag) of ``files``,
    with the first file that holds it."""
    tags: dict[str, str] = {}
    scripts: dict[tuple[str, str, str], str] = {}
    for page in reversed(files):  # later pages first, so the first page that has it wins
        text = (site_dir / page).read_text(encoding="utf-8", errors="replace")
        tags.update(dict.fromkeys(_TAG.findall(text), page))
        scripts.update(dict.fromkeys(_SCRIPT.findall(text), page))
    return tags, scripts


def _files(site_dir: Path) -> list[str]:
    """The pages, drawings and search indexes of the site, as sorted relative paths."""
    out = []
    for folder, _, names in os.walk(site_dir):
        rel = Path(folder).relative_to(site_dir).as_posix()
        prefix = "" if rel == "." else rel + "/"
        out += [prefix + n for n in names if n.endswith((".html", ".svg"))
                or n in ("search_index.json", "search_index.js")]
    return sorted(out)


class _TagReader(HTMLParser):
    """Reads one start tag: its name and attributes, values unescaped as a browser would."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: tuple[str, list[tuple[str, str | None]]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.found is None:
            self.found = (tag, attrs)


def read_tag(tag: str) -> tuple[str, dict[str, str]] | None:
    """The name and attributes of one start tag, or None if html.parser does not see one."""
    reader = _TagReader()
    reader.feed(tag)
    reader.close()
    if reader.found is None:
        return None
    name, attrs = reader.found
    return name, {k: v or "" for k, v in attrs}


def tag_problem(tag: str) -> str | None:
    """Why one start tag is a live sink, or None if it is inert (or the theme's own)."""
    name = _TAG_NAME.match(tag).group(1).lower()  # type: ignore[union-attr]
    if name not in WATCHED_TAGS and not _MAYBE_LIVE.search(tag, 1):
        return None
    if _NESTED.search(tag, 1):
        return "markup inside a tag"
    read = read_tag(tag)
    if read is None:
        return "a tag the HTML parser cannot read"
    name, attrs = read
    for attr, value in attrs.items():
        if attr.startswith("on"):
            return f"an event handler `{attr}`"
        if attr == "srcdoc":
            return "an inline document (`srcdoc`)"
        if attr in URL_ATTRIBUTES and _script_url(value):
            return f"a script URL in `{attr}`"
        if attr == "style" and re.search(r"expression\s*\(|javascript:", value, re.I):
            return "script in a style"
    if name in BLOCKED_TAGS:
        return f"an <{name}> element"
    if name == "form" and attrs != THEME_FORM:
        return "a <form> that is not the theme's search box"
    if name == "meta" and attrs.get("http-equiv", "").strip().lower() == "refresh":
        return "a <meta http-equiv=refresh>"
    if name == "script" and script_kind(attrs) is None:
        return "a <script> that is not the theme's"
    return None


def _script_url(value: str) -> bool:
    """A URL that runs code or carries a document (checked as the browser reads it)."""
    parts = value.split(",") if "," in value else [value]
    return any(_SCHEME.match(_IGNORED_IN_URLS.sub("", p).lower()) for p in parts)


def script_kind(attrs: dict[str, str]) -> str | None:
    """"inline", "config" or "src" for the theme's three kinds of script; None otherwise."""
    if not attrs:
        return "inline"
    if attrs == {"id": "__config", "type": "application/json"}:
        return "config"
    if set(attrs) == {"src"} and _theme_asset(attrs["src"]):
        return "src"
    return None


def _theme_asset(url: str) -> bool:
    """A URL of one of the theme's own scripts (relative, or from the site's root)."""
    path = re.sub(r"^(?:\./)?(?:\.\./)*", "", url)
    if path.startswith("/") and not path.startswith("//"):
        path = path[1:]
    return path in theme_scripts()[1] or path in OWN_SCRIPTS


def script_problem(attrs: str, body: str | None) -> str | None:
    """Why a script (its start tag's attributes and its body, None if it is never closed)
    is not one of the theme's, or None if it is."""
    if body is None:
        return "a <script> that is never closed"
    read = read_tag(f"<script{attrs}>")
    kind = script_kind(read[1]) if read else None
    if kind == "inline" and not any(p.fullmatch(body) for p in theme_scripts()[0]):
        return "an inline <script> that is not the theme's"
    if kind == "src" and body.strip():
        return "a <script src> with a body"
    if kind == "config":
        try:
            config = json.loads(body)
        except ValueError:
            return "a theme configuration that is not JSON"
        if not isinstance(config, dict) or not _theme_asset(str(config.get("search", ""))):
            return "a theme configuration naming a search worker that is not the theme's"
    return None


@lru_cache(maxsize=1)
def theme_scripts() -> tuple[tuple[re.Pattern, ...], frozenset[str]]:
    """What Material puts in a page: its inline scripts (a pattern each, where a template
    expression stands for a relative path), and the paths of its script files; read from
    the installed theme, so an upgrade of the theme needs no change here."""
    import material

    templates = Path(material.__file__).parent / "templates"
    inline = []
    for partial in sorted((templates / "partials" / "javascripts").glob("*.html")):
        for body in re.findall(r"<script>(.*?)</script>", partial.read_text(encoding="utf-8"),
                               re.S):
            parts = re.split(r"\{\{.*?\}\}", body)
            inline.append(re.compile(r"[\w./-]*".join(re.escape(p) for p in parts), re.S))
    files = set()
    for template in templates.rglob("*.html"):
        files.update(re.findall(r"assets/javascripts/[\w./-]+?\.js",
                                template.read_text(encoding="utf-8")))
    return tuple(inline), frozenset(files)


def scan_search_index(path: Path, name: str, text: str | None = None) -> list[Sink]:
    """Sinks in a search index (JSON, or the script `var __index = {…}` holding it): the
    theme shows each result's title and text as HTML, and links to its location;
    ``text``: the file's, if read already."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    if name.endswith(".js"):
        if not text.startswith(INDEX_SCRIPT):
            return [Sink(name, "a search index script that is not just the index",
                         _snip(text))]
        text = text[len(INDEX_SCRIPT):]
    try:
        index = json.loads(text)  # a script that is JSON after its prefix runs nothing else
        docs = index.get("docs", []) if isinstance(index, dict) else None
    except ValueError:
        docs = None
    if docs is None:
        return [Sink(name, "a search index that is not JSON", "")]
    return index_sinks(name, docs)


def index_sinks(name: str, docs: list) -> list[Sink]:
    """The sinks of a search index's results (``name``: the index's file)."""
    sinks = []
    for doc in docs:
        where = f"{name} ({doc.get('location', '?')})"
        if _ANY_SCHEME.match(_IGNORED_IN_URLS.sub("", str(doc.get("location", "")))):
            sinks.append(Sink(where, "a result links to a URL with a scheme",
                              _snip(str(doc.get("location")))))
        for key in ("title", "text"):
            value = str(doc.get(key, ""))
            rest = INDEX_TAGS.sub("", value)
            m = _NESTED.search(rest)
            if m:
                sinks.append(Sink(where, f"markup in a result's {key}",
                                  _snip(rest[max(0, m.start() - 30):])))
        for tag in doc.get("tags") or []:
            if _NESTED.search(str(tag)):
                sinks.append(Sink(where, "markup in a result's tag", _snip(str(tag))))
    return sinks


def _snip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SNIPPET else text[:SNIPPET] + "…"
