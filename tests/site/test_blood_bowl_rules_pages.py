"""The Blood Bowl rules section of the reference site (site/docs/blood-bowl/rules/): pages in
English and Italian, citations, markers, links and anchors, and its place in the navigation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from nuffle.sitegen.build import hand_written_pages, nav

from tests.site.test_rules_pages import FENCE, LINK, MARKER, _prose, content_ids, ruling_topics, slugify

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "site" / "docs"
RULES = DOCS / "blood-bowl" / "rules"
SEED = "004_2450e8f2c1aa331e.txt"

PAGES = [
    "index.md", "setting-up-and-kick-off.md", "sequence-of-play.md", "movement.md",
    "blocking.md", "knock-downs-and-injuries.md", "passing-and-catching.md", "fouls.md",
    "re-rolls-and-skills.md", "winning-the-match.md", "teams-and-inducements.md",
]
ITALIAN = [p.replace(".md", ".it.md") for p in PAGES]
# pages outside this folder that the site generates or holds, as linked from here (../../x)
SITE_PAGES = {"rulings.md", "rules/index.md", "abilities/index.md", "teams/index.md",
              "guide/playing.md", "star-players/index.md", "special-play-cards/index.md",
              "coverage.md"}

HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.M)
EXPLICIT_ID = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}$")


def _text(name: str) -> str:
    return (RULES / name).read_text(encoding="utf-8")


def anchors(name: str) -> list[str]:
    """Each heading's anchor: its explicit `{#id}`, else Python-Markdown's slug."""
    out = []
    for heading in HEADING.findall(FENCE.sub("", _text(name))):
        m = EXPLICIT_ID.search(heading)
        out.append(m.group(1) if m else slugify(heading))
    return out


def test_all_pages_exist_in_both_languages():
    missing = [n for n in PAGES + ITALIAN if not (RULES / n).is_file()]
    assert not missing, f"missing Blood Bowl rules pages: {missing}"


@pytest.mark.parametrize("name", PAGES + ITALIAN)
def test_title_source_and_citations(name):
    text = _text(name)
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0].startswith("# "), f"{name}: the first line must be a '# ' title"
    word = "Fonte:" if name.endswith(".it.md") else "Source:"
    assert any(word in line for line in lines[1:3]) and SEED in "".join(lines[1:4]), \
        f"{name}: no '{word}' line naming {SEED} under the title"
    cite = "(PBBL 1.10, pagin" if name.endswith(".it.md") else "(PBBL 1.10, page"
    assert cite in text, f"{name}: no citation like {cite}…)"


@pytest.mark.parametrize("name", PAGES)
def test_italian_page_keeps_the_english_anchors(name):
    """Every Italian heading carries the English heading's anchor as an explicit id, so a link
    with an #anchor works in both languages."""
    italian = name.replace(".md", ".it.md")
    it_headings = HEADING.findall(FENCE.sub("", _text(italian)))
    assert all(EXPLICIT_ID.search(h) for h in it_headings), \
        f"{italian}: every heading needs an explicit {{#id}}"
    assert anchors(italian) == anchors(name), f"{italian}: headings differ from {name}"


@pytest.mark.parametrize("name", PAGES + ITALIAN)
def test_markers_name_existing_items(name):
    ids, topics = content_ids(), ruling_topics()
    bad = []
    for kind, item in MARKER.findall(_prose(_text(name))):
        if kind == "rulings":
            if item not in topics:
                bad.append(f"[[rulings:{item}]] matches no ruling's applies_to")
        elif item not in ids.get(kind, ()):
            bad.append(f"[[{kind}:{item}]] names no {kind}")
    assert not bad, f"{name}: " + "; ".join(bad)


@pytest.mark.parametrize("name", PAGES + ITALIAN)
def test_relative_links_resolve(name):
    bad = []
    for target in LINK.findall(_prose(_text(name))):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            bad.append(f"{target}: link other pages with a relative path")
            continue
        file_part, _, anchor = target.partition("#")
        if file_part.startswith("../../"):
            if file_part[len("../../"):] not in SITE_PAGES:
                bad.append(f"{target}: not a page this test knows the site has")
            continue
        if "/" in file_part:
            bad.append(f"{target}: links stay in this folder or go to ../../<site page>")
            continue
        page = file_part or name
        if not (RULES / page).is_file():
            bad.append(f"{target}: no such file")
        elif anchor and anchor not in anchors(page):
            bad.append(f"{target}: no heading with anchor #{anchor}")
    assert not bad, f"{name}: " + "; ".join(bad)


@pytest.mark.parametrize("name", ["index.md", "index.it.md"])
def test_index_lists_every_section_in_order(name):
    linked = [t for t in LINK.findall(_text(name)) if t in PAGES]
    assert linked[-(len(PAGES) - 1):] == PAGES[1:], f"{name} must link every section, in order"


@pytest.mark.parametrize("name", PAGES + ITALIAN)
def test_rulings_markers_stand_on_their_own_line(name):
    for line in _text(name).splitlines():
        if "[[rulings:" in line:
            assert MARKER.fullmatch(line.strip()), f"{name}: {line!r} must be alone on its line"


def test_the_site_has_a_blood_bowl_section_in_game_order():
    placed = [here for _, here in hand_written_pages() if here.startswith("blood-bowl/")]
    assert placed == sorted(f"blood-bowl/rules/{p}" for p in PAGES)
    sections = {next(iter(entry)): next(iter(entry.values()))
                for entry in nav({p: "" for p in placed})}
    assert sections["Blood Bowl"] == [f"blood-bowl/rules/{p}" for p in PAGES]
    assert not any(p.startswith("blood-bowl/") for p in sections["Rules"])
