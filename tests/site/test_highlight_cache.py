"""Identical code blocks are highlighted once per build (site/sitegen/highlight_cache.py),
and the pages are the same as without the cache. Counted in Pygments calls, never timed."""

from __future__ import annotations

import markdown
from nuffle.sitegen.highlight_cache import cached_highlighting
from pygments import lexers

EXTENSIONS = ["attr_list", "admonition", "md_in_html", "pymdownx.superfences",
              {"pymdownx.highlight": {"anchor_linenums": False}}]
DOC = "\n".join(["# Page", "", "```yaml", "id: frenzied", "```", "",
                 "```nuffle", "after block: push", "```", "",
                 "!!! note", "", "    ```yaml", "    id: frenzied", "    ```", "",
                 "```yaml linenums=\"1\"", "id: frenzied", "```", ""])


def convert(text: str) -> str:
    exts = [e if isinstance(e, str) else next(iter(e)) for e in EXTENSIONS]
    configs = {k: v for e in EXTENSIONS if isinstance(e, dict) for k, v in e.items()}
    return markdown.Markdown(extensions=exts, extension_configs=configs).convert(text)


def test_identical_blocks_are_highlighted_once_and_the_html_is_unchanged(monkeypatch) -> None:
    plain = [convert(DOC), convert(DOC)]  # two pages with the same blocks
    calls = []
    real = lexers.get_lexer_by_name
    monkeypatch.setattr("pymdownx.highlight.get_lexer_by_name",
                        lambda *a, **k: calls.append(a) or real(*a, **k))
    with cached_highlighting() as cache:
        cached = [convert(DOC), convert(DOC)]
    assert cached == plain
    # the YAML block and the rules block once each, on the first page only; the block
    # with line numbers (anchors numbered by its place) each time
    assert (cache.misses, cache.hits) == (2, 4)
    # Pygments asked for each lexer by name once (yaml, nuffle): the numbered blocks'
    # lexers are made from the class found (four lookups before)
    assert [c[0] for c in calls] == ["yaml", "nuffle"] and cache.lexer_lookups == 2
    assert cached[1].count('<span class="l l-Scalar l-Scalar-Plain">frenzied</span>') == 3
    assert 'class="linenos"' in cached[1]
    # four formatters made (the two highlighted blocks and the block with line numbers on
    # each page), one style table worked out
    assert cache.stylesheets == 1


def test_the_library_is_left_as_it_was() -> None:
    from pygments.formatters.html import HtmlFormatter
    from pymdownx import highlight
    from pymdownx.highlight import Highlight
    before = Highlight.highlight, HtmlFormatter._create_stylesheet, highlight.get_lexer_by_name
    with cached_highlighting():
        assert Highlight.highlight is not before[0]
        assert HtmlFormatter._create_stylesheet is not before[1]
        assert highlight.get_lexer_by_name is not before[2]
    assert (Highlight.highlight, HtmlFormatter._create_stylesheet,
            highlight.get_lexer_by_name) == before


def test_a_lexer_is_made_with_the_blocks_options_and_an_unknown_name_still_fails() -> None:
    """The class is kept, not the lexer: each block's options make a lexer of their own,
    and a name Pygments does not know raises as it did (pymdownx falls back on text)."""
    import pytest
    from pygments.util import ClassNotFound
    from pymdownx import highlight
    with cached_highlighting() as cache:
        plain = highlight.get_lexer_by_name("nuffle", stripnl=False)
        other = highlight.get_lexer_by_name("nuffle", stripnl=True)
        assert type(plain) is type(other) and plain is not other
        assert plain.options["stripnl"] is False and other.options["stripnl"] is True
        for _ in range(2):
            with pytest.raises(ClassNotFound):
                highlight.get_lexer_by_name("no-such-language")
    assert cache.lexer_lookups == 1 + 2  # nuffle once; the unknown name each time
