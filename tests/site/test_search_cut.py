"""A page's search sections cut in one pass (site/sitegen/search_cut.py) are the theme's
parser's, on every page of the site and on HTML made to reach each of its rules; what
it does not read the same way goes to the theme's parser. Counted, never timed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nuffle.sitegen import search_cut
from nuffle.sitegen.search_cut import cut, sections, theme_sections

pytestmark = pytest.mark.xdist_group("default-site")  # reads the shared default build

# the part of a built page that holds the page's HTML (Material's main.html)
ARTICLE = re.compile(r'<article class="md-content__inner md-typeset">.*?</article>', re.S)
TITLE = re.compile(r"<title>[^<]*</title>")

CASES = [
    "",
    "just text &amp; more &lt;b&gt; &#39;x&#39;\nline",
    "<p>preface</p><h1 id='top'>Title<a class=\"headerlink\" href='#top'>¶</a></h1><p>a</p>",
    '<h2 id="x">No h1 first</h2><p>text</p><h3 id="y" data-search-exclude>gone</h3><p>b</p>',
    '<h2>no id</h2><p><code>  </code></p><p></p><ul><li>one</li><li> </li></ul>',
    '<div data-search-exclude><p>hidden</p><div>inner</div><p>seen again</p></div><p>z</p>',
    '<div class="linenodiv"><pre>1\n2</pre></div><pre><code>a\n\n  b</code></pre>',
    '<div><h2 id="n">nested</h2><p>in</p></div><p>after the div</p><h2 id="m">m</h2>',
    '<section><div><h3 id="deep">deep</h3><span>s</span></div>tail</section><p>out</p>',
    '<P CLASS="x">Upper <CODE>case</CODE></P><br/><img src="a.png" /><hr>',
    '<p>a</p><p>b</p><p></p><p>   </p><sub>1</sub><sup>2</sup>',
    '<h1 id="a&amp;b">T&amp;T</h1><p title="x>y">q</p><span data-x=\'1\' hidden>r</span>',
    '<svg><path d="M0 0"/><g><text>label</text></g></svg><p>after</p>',
    '<object><p>skipped for good</p></object><p>still skipped?</p>',
    '<h2 id="t"><code>in a title</code> and <em>more</em></h2>text',
    '<table><tr><td><p>cell</p></td></tr></table></p></div><p>stray ends</p>',
    "<p>\n  \n</p><pre>\n\n</pre><pre>  x  \n</pre>  \n  <p>y</p>",
]
# what is left to the theme's parser: comments, declarations, a lone "<", unquoted values,
# raw-text elements, another spelling of a tag or an attribute
THEMES = [
    "<p>a<!-- note --></p>", "<!DOCTYPE html><p>a</p>", "<p>1 < 2</p>", "<p class=x>a</p>",
    "<script>var a = '<p>';</script><p>b</p>", "<style>p{}</style>", "<svg><title>t</title>",
    "<p>a</p><?php x ?>", '<p  class = "x">a</p>', "<my-tag>a</my-tag>", "<p>a</ p>",
    "</3>", '<a b="x"c="y">q</a>', "<p\vclass='x'>a</p>",
]


@pytest.mark.parametrize("html", CASES)
def test_the_same_sections_as_the_theme(html: str) -> None:
    assert cut(html) == theme_sections(html)
    assert cut(html) is not None


@pytest.mark.parametrize("html", THEMES)
def test_what_it_does_not_read_goes_to_the_theme(html: str) -> None:
    assert cut(html) is None
    before = search_cut.WORK.theme
    assert sections(html) == theme_sections(html)
    assert search_cut.WORK.theme == before + 1


def test_an_end_the_theme_cannot_place_goes_to_the_theme() -> None:
    """A kept element opened while skipped (in an excluded block) and closed once an inner
    element of the block's tag ended the skipping: the theme's parser raises, and so does
    `sections`, through it."""
    html = "<div data-search-exclude><p><div></div></p></div>"
    assert cut(html) is None
    with pytest.raises(ValueError):  # noqa: PT011 - the theme's own list.index
        sections(html)


def test_another_version_of_the_theme_parser_reads_every_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_cut, "MIRRORED", "another")
    search_cut.mirrored.cache_clear()
    try:
        before = search_cut.WORK.theme
        assert sections("<p>a</p>") == [[None, [], ["<p>", "a", "</p>"]]]
        assert search_cut.WORK.theme == before + 1
    finally:
        monkeypatch.undo()
        search_cut.mirrored.cache_clear()
    assert search_cut.mirrored()  # the installed theme is the one followed


def test_every_page_of_the_site_is_cut_as_the_theme_cuts_it(default_site: Path) -> None:
    """Each built page's article (the page's HTML in the theme's frame, with its drawings),
    and its second half; only pages holding a raw-text element go to the theme's parser."""
    pages = sorted(default_site.rglob("*.html"))
    assert len(pages) > 1500
    cut_here = 0
    for page in pages:
        found = ARTICLE.search(page.read_text(encoding="utf-8"))
        if found is None:
            continue
        html = found.group(0)
        mine = cut(html)
        if mine is None:  # the drawings' titles (an element read raw by newer Pythons)
            assert re.search(r"<(script|style|title|textarea)\b", html), page
            html = TITLE.sub("", html)
            mine = cut(html)
        if mine is not None:
            cut_here += 1
        assert mine is None or mine == theme_sections(html), page
        half = html[len(html) // 2:]  # starts inside elements: ends without their start
        mine = cut(half)
        assert mine is None or mine == theme_sections(half), page
    assert cut_here > 1500
