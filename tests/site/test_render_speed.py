"""Less per-page work while MkDocs renders (site/sitegen/render_speed.py): one Markdown
instance for the pages, each link made relative once per folder, each page's search
sections read once and kept across builds; the site is the same, byte for byte, as
without. A small two-language site, no bundled build. Counted, never timed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import yaml
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from nuffle.sitegen import search_cut
from nuffle.sitegen.incremental import Recorder
from nuffle.sitegen.parallel import build_split
from nuffle.sitegen.render_speed import CACHE_NAME, RENDERS_NAME, faster_rendering

from tests.site.small_site import small_site, tree

PAGES = {"index.md": "# Home\n\nWelcome to *the* site.\n",
         "index.it.md": "# Casa\n\nBenvenuti.\n",
         "teams/orc.md": "# Orc\n\n## Players\n\n```yaml\nid: orc\n```\n\n[Home](../index.md)\n",
         "teams/orc.it.md": "# Orchi\n\n```yaml\nid: orc\n```\n",
         "teams/elf.md": "# Elf\n\n!!! note\n\n    Only in English.\n\n[Orc](orc.md#players)\n",
         "teams/dwarf.md": "# Dwarf\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
         "teams/human.md": "# Human\n\n<div markdown>**bold**</div>\n"}
ENGLISH = [p for p in PAGES if ".it." not in p]


def config_file(root: Path, name: str) -> Path:
    return small_site(root, name, PAGES,
                      extensions=["attr_list", "admonition", "tables", "md_in_html",
                                  {"toc": {"permalink": True}}, "pymdownx.superfences",
                                  {"pymdownx.highlight": {"anchor_linenums": False}}],
                      nav=[{"Home": "index.md"}, {"Teams": [f"teams/{t}.md" for t in
                                                           ("orc", "elf", "dwarf", "human")]}])


def build(root: Path, name: str, fast: bool, cache: bool = True):
    config = load_config(str(config_file(root, name)))
    if not fast:
        mkdocs_build(config)
        return tree(root / name), None
    with faster_rendering(cache) as speed:
        mkdocs_build(config)
    return tree(root / name), speed


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML cut into search sections (search_cut.sections: as the theme's parser)."""
    seen: list[str] = []
    real = search_cut.sections
    monkeypatch.setattr(search_cut, "sections", lambda html: seen.append(html) or real(html))
    return seen


def test_the_site_is_the_same_with_one_markdown_and_fewer_relative_links(
        tmp_path: Path, cache_dir: Path) -> None:
    plain, _ = build(tmp_path, "plain", fast=False)
    before = (search_cut.WORK.cut, search_cut.WORK.theme)
    fast, speed = build(tmp_path, "fast", fast=True)
    assert speed is not None
    # every page's sections cut in one pass, none by the theme's parser
    assert (search_cut.WORK.cut, search_cut.WORK.theme) == (before[0] + 7, before[1])
    assert sorted(fast) == sorted(plain)
    assert [p for p in fast if fast[p] != plain[p]] == []
    index = json.loads(fast["search/search_index.json"])
    assert any(d["location"] == "teams/orc.html#players" for d in index["docs"])
    # 10 pages (5 English, 5 Italian of which 3 fall back to English): one instance
    assert (speed.markdown.made, speed.markdown.reused) == (1, 9)
    # the navigation's links of the four pages under teams/ are worked out once
    assert 0 < speed.relative_urls < speed.relative_asked / 2
    # 7 distinct HTML pages: a page falling back to English is the English one
    assert speed.sections.parsed == 7


def test_a_second_build_reads_no_page_for_the_search_index(
        tmp_path: Path, cache_dir: Path, parses: list[str]) -> None:
    first, speed = build(tmp_path, "first", fast=True)
    assert speed is not None and speed.sections.parsed == 7 and len(parses) == 7
    assert (cache_dir / CACHE_NAME).is_file()
    parses.clear()
    second, speed = build(tmp_path, "second", fast=True)  # another folder, same pages
    assert speed is not None and speed.sections.parsed == 0 and parses == []
    assert second == first
    # an edited page is read again, and only it
    (tmp_path / "docs" / "teams" / "dwarf.md").write_text("# Dwarf\n\nShort.\n")
    config = load_config(str(tmp_path / "second.yml"))
    with faster_rendering() as speed:
        mkdocs_build(config)
    assert speed.sections.parsed == 1  # the English page (its Italian fallback is alike)
    assert speed.renders.converted == 2  # the English page and its Italian fallback
    assert "Short." in (tmp_path / "second" / "search" / "search_index.json").read_text()


@pytest.mark.parametrize("damage", ["not json {", '{"version": "x", "entries": {}}', "[1, 2]",
                                    "wrong shapes"])
def test_a_damaged_cache_is_a_miss(tmp_path: Path, cache_dir: Path, parses: list[str],
                                   damage: str) -> None:
    first, _ = build(tmp_path, "first", fast=True)
    for name in (CACHE_NAME, RENDERS_NAME):
        path = cache_dir / name
        text = damage
        if damage == "wrong shapes":
            found = json.loads(path.read_text(encoding="utf-8"))
            found["entries"] = {key: [["id", [1], "text"]] if i % 2 else {"content": 1}
                                for i, key in enumerate(found["entries"])}
            text = json.dumps(found)
        path.write_text(text, encoding="utf-8")
    parses.clear()
    again, speed = build(tmp_path, "again", fast=True)
    assert speed is not None and speed.sections.parsed == 7 and len(parses) == 7
    assert speed.renders.converted == 10
    assert again == first


def test_a_second_build_converts_no_page_and_a_warning_is_given_again(
        tmp_path: Path, cache_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    first, speed = build(tmp_path, "first", fast=True)
    assert speed is not None and speed.renders.converted == 10
    second, speed = build(tmp_path, "second", fast=True)
    assert speed is not None and speed.renders.converted == 0
    assert second == first
    # a page whose conversion warns (a link to no page) is not kept: it warns every time
    (tmp_path / "docs" / "teams" / "human.md").write_text("# Human\n\n[x](gone.md)\n")
    for name in ("third", "fourth"):
        settings = yaml.safe_load((tmp_path / "second.yml").read_text())
        settings.update(strict=False, site_dir=name)
        (tmp_path / f"{name}.yml").write_text(yaml.safe_dump(settings))
        caplog.clear()
        with faster_rendering() as speed:
            mkdocs_build(load_config(str(tmp_path / f"{name}.yml")))
        assert speed.renders.converted == 2  # the English page and its Italian fallback
        assert sum("gone.md" in r.getMessage() for r in caplog.records) == 2


def test_no_cache_file_when_caching_is_off(tmp_path: Path, cache_dir: Path) -> None:
    build(tmp_path, "one", fast=True, cache=False)
    assert not (cache_dir / CACHE_NAME).exists()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_other_process_hands_back_its_sections(tmp_path: Path, cache_dir: Path,
                                                   parses: list[str]) -> None:
    config = load_config(str(config_file(tmp_path, "split")))
    recorder = Recorder()
    config.plugins["nuffle/recorder"] = recorder
    with faster_rendering() as speed:
        build_split(config, recorder)
    assert speed.sections.parsed == 5  # English here; Italian in the child
    assert len(speed.sections.used) == 7  # the child's too, handed back for the cache file
    parses.clear()
    again, speed = build(tmp_path, "again", fast=True)
    assert speed is not None and speed.sections.parsed == 0 and parses == []


def test_the_kept_renders_belong_to_the_rules_lexer_they_were_made_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from nuffle.sitegen import lexer
    from nuffle.sitegen.page_renders import _versions
    before = _versions()
    monkeypatch.setitem(lexer.WORDS, "effects", {*lexer.WORDS["effects"], "new-effect"})
    assert _versions() != before


def test_a_build_of_the_same_pages_leaves_the_cache_files_as_they_are(
        tmp_path: Path, cache_dir: Path) -> None:
    _, speed = build(tmp_path, "first", fast=True)
    assert speed is not None and (speed.sections.written, speed.renders.written) == (1, 1)
    files = {name: (cache_dir / name).read_bytes() for name in (CACHE_NAME, RENDERS_NAME)}
    _, speed = build(tmp_path, "second", fast=True)
    assert speed is not None and (speed.sections.written, speed.renders.written) == (0, 0)
    assert {name: (cache_dir / name).read_bytes() for name in files} == files
    # an edited page: its new entries and no more (the old ones are no longer used)
    (tmp_path / "docs" / "teams" / "dwarf.md").write_text("# Dwarf\n\nShort.\n")
    with faster_rendering() as speed:
        mkdocs_build(load_config(str(tmp_path / "second.yml")))
    assert (speed.sections.written, speed.renders.written) == (1, 1)
    assert len(json.loads((cache_dir / RENDERS_NAME).read_text())["entries"]) == 10


def test_the_other_process_hands_back_the_entries_read_from_the_file_by_key(
        tmp_path: Path) -> None:
    from nuffle.sitegen.kept_entries import Kept

    path = tmp_path / "kept.json"
    path.write_text(json.dumps({"version": "1", "entries": {"a": [1], "b": [2]}}))
    child, parent = (Kept(path, "1", lambda v: v if isinstance(v, list) else None)
                     for _ in range(2))
    assert child.get("a") == [1]
    child.used["c"] = [3]  # worked out in the child
    handed = child.handed()
    assert handed == {"keys": ["a"], "entries": {"c": [3]}}
    parent.get("b")
    parent.absorb(json.loads(json.dumps(handed)))
    assert parent.used == {"b": [2], "a": [1], "c": [3]}
    parent.absorb({"keys": ["gone", 4], "entries": {"d": "not a list"}})  # misses, no error
    assert sorted(parent.used) == ["a", "b", "c"]


def test_the_search_reads_highlighted_blocks_without_their_spans(
        tmp_path: Path, cache_dir: Path, parses: list[str]) -> None:
    """With the highlighting cache on (as in a site build), the search parser reads each
    highlighted block without Pygments' spans and gives the same index."""
    from nuffle.sitegen.highlight_cache import cached_highlighting

    plain, _ = build(tmp_path, "plain", fast=False)
    parses.clear()
    with cached_highlighting():
        fast, speed = build(tmp_path, "fast", fast=True, cache=False)
    assert speed is not None and fast == plain
    # the Orc page's YAML block, in English and in Italian
    assert speed.sections.twins_read == 2
    read = [html for html in parses if "highlight" in html]
    assert len(read) == 2 and not any("<span" in html for html in read)
    assert all(b"<span" in plain[f"{p}teams/orc.html"] for p in ("", "it/"))
