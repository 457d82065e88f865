"""Python-Markdown's inline patterns tried only on text holding what each needs
(site/sitegen/inline_speed.py): the same HTML, on every generated page of the site and on
text made to reach each pattern, with most tries skipped. Counted, never timed."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from nuffle.sitegen import inline_speed
from nuffle.sitegen.inline_speed import skipping_inline_patterns

pytestmark = pytest.mark.xdist_group("default-site")  # reads the shared default build

EXTENSIONS = ["attr_list", "admonition", "tables", "md_in_html", "toc", "pymdownx.highlight",
              "pymdownx.superfences", "pymdownx.details"]
CONFIGS = {"toc": {"permalink": True}, "pymdownx.highlight": {"anchor_linenums": False}}
TEXTS = [
    "plain words only, nothing to match",
    "`code` and ``two`` and \\`escaped\\` and \\\\`after backslashes`",
    "\\*not em\\* *em* **strong** ***both*** _u_ __uu__ snake_case_word a * b",
    "[link](x.md) [ref][r] [short] ![img](a.png) ![ref][r] !not-an-image\n\n[r]: y.md",
    "<https://example.com> <me@example.com> <b>html</b> <!-- c --> <?pi?> a < b > c",
    "&amp; &#38; &#x26; & alone; line  \nbreak and trailing  ",
    "# Title {: #id .cls }\n\n| a | b |\n|---|---|\n| `x` | *y* |\n\n- [a](b.md)\n- c_d_e",
]


def convert(texts: list[str]) -> list[str]:
    md = markdown.Markdown(extensions=EXTENSIONS, extension_configs=CONFIGS)
    out = []
    for text in texts:
        md.reset()
        out.append(md.convert(text))
    return out


@pytest.mark.parametrize("text", TEXTS)
def test_the_same_html_as_trying_every_pattern(text: str) -> None:
    plain = convert([text])
    with skipping_inline_patterns() as skipping:
        assert skipping
        assert convert([text]) == plain


def test_every_generated_page_is_the_same_with_most_tries_skipped(default_site: Path) -> None:
    pages = [p.read_text(encoding="utf-8")
             for p in sorted((default_site.parent / "docs").rglob("*.md"))]
    assert len(pages) > 1500
    plain = convert(pages)
    before = (inline_speed.WORK.tried, inline_speed.WORK.skipped)
    with skipping_inline_patterns():
        assert convert(pages) == plain
    tried = inline_speed.WORK.tried - before[0]
    skipped = inline_speed.WORK.skipped - before[1]
    assert skipped > 5 * tried > 0


def test_another_version_of_the_library_is_left_as_it_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from markdown import treeprocessors
    original = treeprocessors.InlineProcessor._InlineProcessor__handleInline
    monkeypatch.setattr(inline_speed, "MIRRORED", "another")
    with skipping_inline_patterns() as skipping:
        assert not skipping
        assert treeprocessors.InlineProcessor._InlineProcessor__handleInline is original
    monkeypatch.undo()
    with skipping_inline_patterns():
        assert treeprocessors.InlineProcessor._InlineProcessor__handleInline \
            is inline_speed.handle_inline
    assert treeprocessors.InlineProcessor._InlineProcessor__handleInline is original


def test_a_pattern_it_does_not_know_is_always_tried() -> None:
    md = markdown.Markdown(extensions=["pymdownx.tilde"])  # adds "~" to the delimiters
    known = [inline_speed._needs(p) for p in md.treeprocessors["inline"].inlinePatterns]
    assert None in known and ("`",) in known
    with skipping_inline_patterns():
        md.reset()
        assert "<del>" in md.convert("~~gone~~")
