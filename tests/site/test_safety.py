"""The site never runs content as script: what content and translations can write is
escaped for every place it lands, and the post-build scan finds any live sink that would
slip through (each kind of sink, planted in a page, is caught)."""

from __future__ import annotations

import html
import json
import os
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import markdown
import material
import pytest
from mkdocs.utils.meta import get_data
from nuffle.sitegen import build as sitebuild
from nuffle.sitegen import context
from nuffle.sitegen.build import BuildOptions, i18n_config, mkdocs_config
from nuffle.sitegen.context import Site, code, esc, fence, table
from nuffle.sitegen.safety import UnsafeSite, check_site, scan_site, theme_scripts
from nuffle.sitegen.svg import heat_map_svg, pitch_svg

from nuffle.catalogue.model import Catalogue
from tests.site.hostile import FENCE_PAYLOAD, PAYLOADS

TRICKY = (*PAYLOADS, "1. a list", "- an item", "!!! note", "??? details", "    indented",
          "# heading", "a | b | c", "<!-- comment -->", "&amp; &#60;b&#62;", "``` fence",
          "~~~ fence", "*stars* _under_ **bold**", "text {#id .class}", "tab\there\nline",
          "\x02wzxhzdk:0\x03 \x00 \x1b[31m")


def site_markdown() -> markdown.Markdown:
    """A Markdown converter with the site's own extensions and settings."""
    extensions, configs = [], {}
    for ext in mkdocs_config(BuildOptions(out=Path(".")), {})["markdown_extensions"]:
        name = ext if isinstance(ext, str) else next(iter(ext))
        extensions.append(name)
        if isinstance(ext, dict):
            configs[name] = ext[name]
    return markdown.Markdown(extensions=extensions, extension_configs=configs)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def read(page: str) -> _Reader:
    reader = _Reader()
    reader.feed(page)
    return reader


def shown(text: str) -> str:
    """What a reader sees of a content text: line breaks as spaces, controls as U+FFFD."""
    text = re.sub(r"[\t\n\r]", " ", text)
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", "\ufffd", text)


CONTEXTS = {
    "paragraph": lambda t: esc(t),
    "heading": lambda t: f"## {esc(t)} {{#anchor}}",
    "table cell": lambda t: table(["a", "b"], [[esc(t), "x"]]),
    "link": lambda t: f"[{esc(t)}](page.md)",
    "admonition title": lambda t: f'!!! note "{esc(t)}"\n    body',
    "list item": lambda t: f"- {esc(t)}",
    "quote": lambda t: f"> {esc(t)}",
    "inline code": lambda t: f"Code: {code(t)}",
    "emphasis": lambda t: f"*{esc(t)}*",
}
SAFE_TAGS = {"p", "h2", "a", "table", "thead", "tbody", "tr", "th", "td", "div", "ul", "li",
             "blockquote", "code", "em"}


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("payload", TRICKY)
def test_content_shows_as_written_and_never_as_markup(context: str, payload: str) -> None:
    page = site_markdown().convert(CONTEXTS[context](payload))
    reader = read(page)
    assert {t for t, _ in reader.tags} <= SAFE_TAGS, page
    attributes = {name for _, attrs in reader.tags for name in attrs}
    assert attributes <= {"id", "class", "href", "title"}, page
    assert all(a.get("href") in (None, "page.md", "#anchor") for _, a in reader.tags), page
    assert shown(payload) in "".join(reader.text), page


def test_a_fence_holds_any_text_and_closes_after_it() -> None:
    text = f"# {PAYLOADS[4]}\n{FENCE_PAYLOAD}\n````\n  ```\n~~~"
    page = site_markdown().convert(fence(text, "yaml") + "\n\nAfter the block.")
    reader = read(page)
    assert "script" not in {t for t, _ in reader.tags}
    code_text = page.split("<code>", 1)[1].split("</code></pre>", 1)[0]
    assert html.unescape(re.sub(r"<[^>]+>", "", code_text)).strip("\n") == text
    assert page.rstrip().endswith("<p>After the block.</p>")


def test_a_page_title_is_escaped_in_the_front_matter_and_the_heading() -> None:
    site = Site(Catalogue())
    title = 'Frenzied </title><script>alert(1)</script> & "quotes"\nx {: onclick="a" }'
    site.add("abilities/frenzied.md", "Body.", title, boost=4)
    body, meta = get_data(site.pages["abilities/frenzied.md"])
    plain = " ".join(title.split())
    assert meta == {"title": html.escape(plain, quote=False), "search": {"boost": 4}}
    heading = read(site_markdown().convert(body.splitlines()[0]))
    assert [t for t, _ in heading.tags] == ["h1", "a"] and plain in "".join(heading.text)


HOSTILE_SITE_PO = {
    ("site", "Teams"): "Squadre <script>alert(1)</script>",
    ("site", "Rules"): "Regole & co < x",
    ("site", "Balance"): "Equilibrio {: onclick=alert(2) }",
    ("site", "Guide"): "Guida [x](javascript:alert(3))",
    ("site", "Source: {source} ({seed}{where})."): "Fonte: {source.__class__} {nope}",
    ("site", "Scenario {scenario}"): "Scenario {scenario} e {altro}",
    ("site", "Not yet translated"): "Non ancora \x1b tradotto",
}


@pytest.fixture()
def hostile_site_po(monkeypatch):
    """The Italian site catalog as a hostile translator wrote it, past the catalog reader's
    own check (the site must not rely on it)."""
    import nuffle.i18n.translations as translations

    monkeypatch.setattr(translations, "translated",
                        lambda lang, domain: HOSTILE_SITE_PO if domain == "site" else {})


def test_a_translation_that_adds_markup_or_fields_falls_back_to_english(hostile_site_po) -> None:
    site = Site(Catalogue(), lang="it")
    assert site.t("Teams") == "Teams"
    assert site.t("Balance") == "Balance"
    assert site.t("Guide") == "Guide"
    assert site.t("Not yet translated") == "Not yet translated"
    filled = site.t("Source: {source} ({seed}{where}).", source="S", seed="X", where=", 3")
    assert filled == "Source: S (X, 3)."
    assert site.t("Scenario {scenario}", scenario="L") == "Scenario L"


def test_a_translation_shows_its_own_ampersands_and_angles_as_text(hostile_site_po) -> None:
    site = Site(Catalogue(), lang="it")
    assert site.t("Rules") == "Regole &amp; co &lt; x"
    assert site.translation("Rules") == "Regole & co < x"  # plain text, for the SVGs


def test_navigation_titles_are_checked_and_escaped(hostile_site_po) -> None:
    nav = i18n_config()["languages"][1]["nav_translations"]
    assert nav["Teams"] == "Teams" and nav["Guide"] == "Guide"
    assert nav["Rules"] == "Regole &amp; co &lt; x"


def test_a_translated_template_never_crashes_the_build(monkeypatch) -> None:
    import nuffle.i18n.translations as translations

    broken = {("site", "{n} points"): "{n} punti {", ("site", "Dice: {dice}"): "{dice.real}"}
    monkeypatch.setattr(translations, "translated", lambda lang, domain: broken)
    monkeypatch.setattr(context, "interface_text", lambda lang, text: broken.get(
        ("site", text), text))  # even past the check, filling falls back to the English
    site = Site(Catalogue(), lang="it")
    assert site.t("{n} points", n=3) == "3 points"
    assert site.t("Dice: {dice}", dice="d6") == "Dice: d6"


def test_drawings_escape_names_and_take_no_attributes_from_content() -> None:
    name = '" onload="alert(1)" x=\'<script>alert(2)</script>'
    svg = pitch_svg({"name": name, "width": 2, "height": 2, "map": ["T#", "AB"]})
    root = ET.fromstring(svg)
    assert set(root.attrib) == {"viewBox", "width", "height", "role", "aria-label"}
    assert root.attrib["aria-label"] == name
    assert root.find("{http://www.w3.org/2000/svg}title").text == name
    assert "script" not in {el.tag.split("}")[1] for el in root.iter()}
    heat = ET.fromstring(heat_map_svg([name, "orc"], {(name, "orc"): 0.5}, name, name))
    assert heat.attrib["aria-label"] == name
    assert all(not k.startswith("on") for el in heat.iter() for k in el.attrib)
    assert sum(1 for el in heat.iter() if el.text == name) == 3  # the title and two labels


def test_no_page_is_written_outside_the_site(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="outside the site"):
        sitebuild.write_tree(tmp_path / "docs", {"abilities/../../../evil.md": "x"})
    assert not (tmp_path.parent / "evil.md").exists()


def test_no_page_is_written_through_a_link_out_of_the_site(tmp_path: Path) -> None:
    """A folder or a page of the docs that is a link to elsewhere (the build folder is
    anyone's to edit) is refused as `resolve` would refuse it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    docs = tmp_path / "docs"
    (docs / "teams").mkdir(parents=True)
    (docs / "abilities").symlink_to(elsewhere)
    (docs / "teams" / "orc.md").symlink_to(elsewhere / "orc.md")
    for page in ("abilities/block.md", "teams/orc.md"):
        with pytest.raises(ValueError, match="outside the site"):
            sitebuild.write_tree(docs, {"index.md": "home", page: "x"})
    assert list(elsewhere.iterdir()) == []


def test_each_folder_is_resolved_once(tmp_path: Path, monkeypatch) -> None:
    """Checking that pages stay inside resolves each folder once, not each page (a third of
    writing 1,700 pages)."""
    resolved: list[Path] = []
    real = Path.resolve

    def counting(self: Path, strict: bool = False) -> Path:
        resolved.append(self)
        return real(self, strict)
    monkeypatch.setattr(Path, "resolve", counting)
    pages = {f"{folder}/{n}.md": "x" for folder in ("teams", "abilities") for n in range(50)}
    assert sitebuild.write_tree(tmp_path / "docs", pages) == 100
    assert len(resolved) == 3  # the docs folder and its two folders


# -- the post-build scan ---------------------------------------------------------------------

def theme_inline_scripts() -> list[str]:
    """The theme's own inline scripts, as a page of the site has them."""
    partials = Path(material.__file__).parent / "templates" / "partials" / "javascripts"
    text = (partials / "base.html").read_text(encoding="utf-8")
    text += (partials / "content.html").read_text(encoding="utf-8")
    return [re.sub(r"\{\{.*?\}\}", "../..", s) for s in
            re.findall(r"<script>.*?</script>", text, re.S)]


def theme_page(extra: str = "") -> str:
    """A page with everything the theme puts in one: its search form, its inline scripts,
    its configuration and its bundle."""
    bundle = next(p for p in theme_scripts()[1] if "bundle" in p)
    worker = next(p for p in theme_scripts()[1] if "workers/search" in p)
    config = json.dumps({"base": "../..", "search": f"../../{worker}"})
    return ("<!doctype html><html><head><meta charset=\"utf-8\">"
            f"{''.join(theme_inline_scripts())}</head><body>"
            '<form class="md-search__form" name="search"><input name="query"></form>'
            '<a href="https://example.org/">x</a><a href="../page/">y</a>'
            f"{extra}"
            f'<script id="__config" type="application/json">{config}</script>'
            f'<script src="../../{bundle}"></script></body></html>')


def planted(tmp_path: Path, extra: str) -> list:
    page = tmp_path / "abilities" / "frenzied" / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(theme_page(extra), encoding="utf-8")
    return scan_site(tmp_path)


def test_the_theme_s_own_page_has_no_sink(tmp_path: Path) -> None:
    assert planted(tmp_path, "<p>&lt;script&gt;alert(1)&lt;/script&gt; onclick=x</p>") == []


SINKS = {
    "<script>alert(1)</script>": "an inline <script> that is not the theme's",
    "<SCRIPT>alert(1)</SCRIPT>": "an inline <script> that is not the theme's",
    "<script>alert(1)": "an inline <script> that is not the theme's",  # runs to the next end
    '<script src="https://evil.example/x.js"></script>': "a <script> that is not the theme's",
    '<script type="module">alert(1)</script>': "a <script> that is not the theme's",
    '<img src=x onerror=alert(1)>': "an event handler `onerror`",
    "<svg/onload=alert(1)>": "an event handler `onload`",
    '<a b"c="x>" onclick=alert(1)>': "an event handler `onclick`",
    '<a href="javascript:alert(1)">x</a>': "a script URL in `href`",
    '<a href="&#106;ava&#x09;script&colon;alert(1)">x</a>': "a script URL in `href`",
    '<a href=" JAVA\nSCRIPT:alert(1)">x</a>': "a script URL in `href`",
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">': "markup inside a tag",
    '<iframe src="x.html"></iframe>': "an <iframe> element",
    '<object data="x.swf"></object>': "an <object> element",
    '<embed src="x.swf">': "an <embed> element",
    '<base href="https://evil.example/">': "an <base> element",
    '<meta http-equiv="Refresh" content="0;url=https://evil.example/">':
        "a <meta http-equiv=refresh>",
    '<form action="https://evil.example/"><input></form>':
        "a <form> that is not the theme's search box",
    '<button formaction="javascript:alert(1)">x</button>': "a script URL in `formaction`",
    '<svg><a xlink:href="vbscript:alert(1)"><text>x</text></a></svg>':
        "a script URL in `xlink:href`",
    '<div style="background:url(javascript:alert(1))">x</div>': "script in a style",
}


@pytest.mark.parametrize("snippet", SINKS)
def test_the_scan_finds_every_kind_of_sink(tmp_path: Path, snippet: str) -> None:
    sinks = planted(tmp_path, f"<p>{snippet}</p>")
    assert [(s.page, s.what) for s in sinks] == [("abilities/frenzied/index.html",
                                                  SINKS[snippet])]


def test_a_script_never_closed_is_a_sink(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(theme_page() + "<script>alert(1)", encoding="utf-8")
    assert [s.what for s in scan_site(tmp_path)] == ["a <script> that is never closed"]


def test_the_scan_reads_drawings_too(tmp_path: Path) -> None:
    (tmp_path / "pitch.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg">'
                                        '<script>alert(1)</script></svg>', encoding="utf-8")
    assert [s.page for s in scan_site(tmp_path)] == ["pitch.svg"]


def test_the_scan_reads_the_search_indexes(tmp_path: Path) -> None:
    index = tmp_path / "it" / "search" / "search_index.json"
    index.parent.mkdir(parents=True)
    docs = [{"location": "a/", "title": "Frenzied &lt;b&gt;", "text": "<p><code>x</code></p>"},
            {"location": "b/", "title": "<img src=x onerror=alert(1)>", "text": ""},
            {"location": "c/", "title": "C", "text": "<p>ok</p><svg onload=alert(2)>"},
            {"location": "javascript:alert(3)", "title": "D", "text": ""}]
    index.write_text(json.dumps({"config": {}, "docs": docs}), encoding="utf-8")
    found = [(s.page, s.what) for s in scan_site(tmp_path)]
    assert found == [("it/search/search_index.json (b/)", "markup in a result's title"),
                     ("it/search/search_index.json (c/)", "markup in a result's text"),
                     ("it/search/search_index.json (javascript:alert(3))",
                      "a result links to a URL with a scheme")]


def test_a_sink_fails_the_build_naming_the_page_and_the_snippet(tmp_path: Path) -> None:
    planted(tmp_path, '<p><img src=x onerror="alert(1)"></p>')
    with pytest.raises(UnsafeSite) as raised:
        check_site(tmp_path)
    message = str(raised.value)
    assert "1 live sink(s)" in message
    assert "abilities/frenzied/index.html: an event handler `onerror`: " \
           '<img src=x onerror="alert(1)">' in message


def test_nuffle_site_build_exits_1_when_the_scan_finds_a_sink(monkeypatch, capsys,
                                                             tmp_path: Path) -> None:
    """The command reports the scan's finding as a content error (exit status 1)."""
    import mkdocs.commands.build
    import mkdocs.config

    from nuffle.cli.main import main

    def fake_mkdocs_build(config) -> None:  # a built site with one hostile page
        site = tmp_path / "site"
        (site / "search").mkdir(parents=True)
        (site / "search" / "search_index.json").write_text(
            json.dumps({"config": {"lang": ["en"]}, "docs": []}), encoding="utf-8")
        page = site / "teams" / "human" / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(theme_page("<td onclick=\"alert(2)\">x</td>"), encoding="utf-8")
    settings = {"nav": [], "plugins": [{"search": {}}, {"i18n": {"languages": []}}]}
    monkeypatch.setattr(sitebuild, "_prepare",
                        lambda opts, **kw: (tmp_path / "mkdocs.yml", 0, {}, settings))
    monkeypatch.setattr(mkdocs.config, "load_config",
                        lambda *args, **options: SimpleNamespace(plugins={}))
    monkeypatch.setattr(mkdocs.commands.build, "build", fake_mkdocs_build)
    assert main(["site", "build", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "teams/human/index.html: an event handler `onclick`" in err


def test_a_whole_site_is_read_half_in_another_process_with_the_same_findings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.sitegen import safety
    pages = {f"p{n:02}.html": f"<p>page {n}</p>" for n in range(20)}
    # the same sink on an early and a late page (the first page names it), and one each
    pages["p03.html"] += '<a href="javascript:x()">a</a><img src=x onerror="y()">'
    pages["p15.html"] += '<a href="javascript:x()">a</a><iframe src="z"></iframe>'
    pages["p18.html"] += "<script>alert(1)</script>"
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(safety, "available_processors", lambda: 2)
    alone = scan_site(tmp_path)
    assert (safety.WORK.here, safety.WORK.elsewhere) == (20, 0)
    monkeypatch.setattr(safety, "SPLIT_FROM", 10)
    split = scan_site(tmp_path)
    if hasattr(os, "fork"):
        assert (safety.WORK.here, safety.WORK.elsewhere) == (10, 10)
    assert split == alone
    assert [s.page for s in split] == ["p03.html", "p03.html", "p15.html", "p18.html"]


def test_pages_scanned_as_they_were_written_are_not_read_again_unless_live(
        tmp_path: Path) -> None:
    """A build gives each page to a PageScan as MkDocs writes it (postbuild.Finishing): the
    check then reads only the other files; a page holding a sink makes it read them all,
    for the same report as a scan of the files (the first page that holds each sink)."""
    from nuffle.sitegen import safety
    from nuffle.sitegen.safety import PageScan
    pages = {f"p{n}.html": f"<p>page {n}</p>" for n in range(4)}
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "404.html").write_text("<p>not found</p>", encoding="utf-8")
    scan = PageScan()
    for name, text in pages.items():
        scan.add(name, text)
    check_site(tmp_path, None, scan)
    assert safety.WORK.here + safety.WORK.elsewhere == 1  # the 404 page
    live = {**pages, "p1.html": pages["p1.html"] + '<img src=x onerror="y()">',
            "p3.html": pages["p3.html"] + '<img src=x onerror="y()">'}
    for name, text in live.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    scan = PageScan()
    for name in ("p3.html", "p1.html", "p0.html"):  # the other process had p2
        scan.add(name, live[name])
    scan.absorb({"pages": ["p2.html"], "live": False})
    with pytest.raises(UnsafeSite) as raised:
        check_site(tmp_path, None, scan)
    assert safety.WORK.here + safety.WORK.elsewhere == 5
    assert raised.value.sinks == scan_site(tmp_path)
    assert [s.page for s in raised.value.sinks] == ["p1.html"]
    # a sink the other process found is enough
    scan = PageScan()
    scan.absorb({"pages": sorted(pages), "live": True})
    with pytest.raises(UnsafeSite):
        check_site(tmp_path, None, scan)
