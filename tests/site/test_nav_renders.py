"""The navigation's closed items rendered once per folder (site/sitegen/nav_renders.py):
the site is the same, byte for byte, as the theme renders it on every page, and the theme
renders each closed item once per folder and place, not once per page. A small
two-language site with a section of sub-sections, as the scenarios' pages are. Counted,
never timed."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from nuffle.sitegen import nav_renders
from nuffle.sitegen.render_speed import faster_rendering

from tests.site.small_site import small_site, tree

TEAMS = ("orc", "elf", "dwarf", "human")
GROUPS = {"Blocks": ("b1", "b2", "b3"), "Passes": ("p1", "p2")}
PAGES = {"index.md": "# Home\n\nWelcome.\n", "index.it.md": "# Casa\n\nBenvenuti.\n",
         **{f"teams/{t}.md": f"# {t.title()}\n\n## Players\n\nText.\n" for t in TEAMS},
         **{f"scenarios/{s}.md": f"# Scenario {s}\n\nText.\n"
            for names in GROUPS.values() for s in names},
         "scenarios/b1.it.md": "# Scenario b1 (it)\n\nTesto.\n"}
NAV = [{"Home": "index.md"}, {"Teams": [f"teams/{t}.md" for t in TEAMS]},
       {"Scenarios": [{group: [f"scenarios/{s}.md" for s in names]}
                      for group, names in GROUPS.items()]},
       {"Elsewhere": "https://example.org/"}]
PAGE_COUNT = 1 + len(TEAMS) + sum(len(n) for n in GROUPS.values())  # per language


def build(root: Path, name: str, fast: bool):
    config = load_config(str(small_site(root, name, PAGES, extensions=["toc"], nav=NAV)))
    if not fast:
        mkdocs_build(config)
        return tree(root / name), None
    with faster_rendering(cache=False) as speed:
        mkdocs_build(config)
    return tree(root / name), speed


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NUFFLE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_the_site_is_the_same_and_closed_items_are_rendered_once_per_folder(
        tmp_path: Path) -> None:
    plain, _ = build(tmp_path, "plain", fast=False)
    fast, speed = build(tmp_path, "fast", fast=True)
    assert speed is not None
    assert sorted(fast) == sorted(plain)
    assert [p for p in fast if fast[p] != plain[p]] == []
    nav = speed.nav
    assert nav.templates_changed > 0 and nav.spacing and nav.top_spacing
    # per language, the first level's closed items (the other sections, the link) once per
    # folder: 3 for the home page's folder, 3 for teams/ and 3 for scenarios/; a team's
    # page its 3 siblings once (each the first time it is closed); a scenario's page its
    # group's other pages and the other group, once per place
    first_level = 3 + 3 + 3
    teams = len(TEAMS)
    scenarios = sum(len(n) for n in GROUPS.values()) + len(GROUPS)
    assert nav.rendered == 2 * (first_level + teams + scenarios)
    # what each page would have rendered again: every closed item of its open sections
    per_page = (3 + teams * (3 + 3) + sum(len(n) * (3 + len(n) - 1 + len(GROUPS) - 1)
                                          for n in GROUPS.values()))
    assert nav.rendered + nav.reused == 2 * per_page


def test_the_theme_renders_a_closed_item_once_per_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The theme's own work, counted where it makes a link relative to the page: with the
    closed items kept, far fewer links are asked for than when every page renders them."""
    monkeypatch.setattr(nav_renders, "TABS_INCLUDE", "(not in the theme)")  # tabs apart
    _, speed = build(tmp_path, "fast", fast=True)
    assert speed is not None
    kept, reused = speed.relative_asked, speed.nav.reused
    monkeypatch.setattr(nav_renders, "LOOP", nav_renders.re.compile("(?!)"))
    monkeypatch.setattr(nav_renders, "TOP_LOOP", nav_renders.re.compile("(?!)"))
    again, speed = build(tmp_path, "again", fast=True)
    assert speed is not None and speed.nav.templates_changed == 0
    assert speed.nav.rendered == speed.nav.reused == 0
    # one link per closed item given back, but for the external link's (made relative to
    # nothing), given back on 10 - 3 pages of each language (rendered once per folder)
    assert reused == 2 * 35
    assert speed.relative_asked - kept == reused - 2 * (PAGE_COUNT - 3)


def test_a_theme_whose_loop_reads_otherwise_is_rendered_as_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain, _ = build(tmp_path, "plain", fast=False)
    monkeypatch.setattr(nav_renders, "LOOP", nav_renders.re.compile("(?!)"))
    fast, speed = build(tmp_path, "fast", fast=True)
    assert speed is not None and speed.nav.spacing is None and speed.nav.top_spacing
    assert fast == plain


def test_the_tabs_are_rendered_once_per_folder_and_open_section(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same site (the first test compares it byte for byte with the theme's own), and
    the tabs rendered per language once for each folder and open section: the home page,
    the teams' pages and the scenarios' pages (the 404 page, rendered with no page, renders
    its own each time); the theme asks for fewer links than when it renders them on every
    page."""
    _, speed = build(tmp_path, "fast", fast=True)
    assert speed is not None
    nav = speed.nav
    assert (nav.tabs_rendered, nav.tabs_reused) == (2 * 3, 2 * PAGE_COUNT - 2 * 3)
    asked = speed.relative_asked
    monkeypatch.setattr(nav_renders, "TABS_INCLUDE", "(not in the theme)")
    plain, again = build(tmp_path, "again", fast=True)
    assert again is not None and again.nav.tabs_rendered == again.nav.tabs_reused == 0
    # each tab bar given back spares its links: three of the four tabs (the external
    # link's is not made relative) on each page that reused it
    assert again.relative_asked - asked == 3 * nav.tabs_reused
    fast, _ = build(tmp_path, "fast2", fast=True)
    assert fast == plain
