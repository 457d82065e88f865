"""The Rules section of the reference site (site/docs/rules/): pages, citations and links."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "site" / "docs" / "rules"
CONTENT = ROOT / "content"
SEED = "000_ff9920886d8c191d.txt"

PAGES = [
    "index.md", "turn-sequence.md", "actions.md", "statuses.md", "checks.md", "blocking.md",
    "the-ball.md", "throwing.md", "trapdoors.md", "scoring.md", "challenge-cards.md",
    "bonus-plays.md", "winning.md", "extra-time.md", "leagues.md",
]

MARKER = re.compile(r"\[\[([a-z-]+):([^\]\s]+)\]\]")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _text(name: str) -> str:
    return (RULES / name).read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The page without fenced code blocks and inline code."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


@cache
def content_ids() -> dict[str, frozenset[str]]:
    ids: dict[str, set[str]] = {}
    for path in CONTENT.rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "kind" not in data or "id" not in data:
            continue
        ids.setdefault(data["kind"], set()).add(str(data["id"]))
        bonus = data.get("bonus_play")
        if data["kind"] == "challenge-card" and isinstance(bonus, dict) and bonus.get("id"):
            ids.setdefault("bonus-play", set()).add(str(bonus["id"]))
    ids["scenario"] = {p.stem for p in (CONTENT / "blitz-bowl" / "scenarios").glob("*.yaml")}
    return {k: frozenset(v) for k, v in ids.items()}


@cache
def ruling_topics() -> frozenset[str]:
    topics: set[str] = set()
    for path in (CONTENT / "rulings").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        topics.update(data.get("applies_to") or [])
    return frozenset(topics)


def slugify(heading: str) -> str:
    """Python-Markdown's toc slug (what MkDocs uses for heading anchors)."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("*", "")
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(path: Path) -> set[str]:
    seen: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        slug = base = slugify(heading)
        n = 0
        while slug in seen:
            n += 1
            slug = f"{base}_{n}"
        seen.add(slug)
    return seen


def test_all_pages_exist():
    missing = [name for name in PAGES if not (RULES / name).is_file()]
    assert not missing, f"missing rules pages: {missing}"


@pytest.mark.parametrize("name", PAGES)
def test_title_and_source(name):
    lines = [line for line in _text(name).splitlines() if line.strip()]
    assert lines[0].startswith("# "), f"{name}: the first line must be a '# ' title"
    head = lines[1:4]
    assert any("Source:" in line and SEED in line for line in head), \
        f"{name}: no 'Source:' line naming {SEED} under the title"


@pytest.mark.parametrize("name", PAGES)
def test_markers_name_existing_items(name):
    ids, topics = content_ids(), ruling_topics()
    bad = []
    for kind, item in MARKER.findall(_prose(_text(name))):
        if kind == "rulings":
            if item not in topics:
                bad.append(f"[[rulings:{item}]] matches no ruling's applies_to")
        elif kind == "picture":  # a table's picture (site/sitegen/dice_pictures.py)
            if item not in ids.get("table", ()):
                bad.append(f"[[picture:{item}]] names no table")
        elif item not in ids.get(kind, ()):
            bad.append(f"[[{kind}:{item}]] names no {kind}")
    assert not bad, f"{name}: " + "; ".join(bad)


@pytest.mark.parametrize("name", PAGES)
def test_relative_links_resolve(name):
    bad = []
    for target in LINK.findall(_prose(_text(name))):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
            continue  # absolute URLs are not checked here
        file_part, _, anchor = target.partition("#")
        if file_part.startswith("../"):
            # the site build moves the other hand-written pages (to guide/), so a link out
            # of rules/ that works here would be dead on the site
            bad.append(f"{target}: links leave the rules folder")
            continue
        path = (RULES / file_part).resolve() if file_part else RULES / name
        if not path.is_file():
            bad.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            bad.append(f"{target}: no heading with anchor #{anchor}")
    assert not bad, f"{name}: " + "; ".join(bad)


def test_index_lists_every_section_in_order():
    linked = [t for t in LINK.findall(_text("index.md")) if t in PAGES]
    assert linked[: len(PAGES) - 1] == PAGES[1:], "index.md must link every section, in order"


@pytest.mark.parametrize("name", PAGES[1:])
def test_each_section_shows_a_scenario(name):
    assert any(kind == "scenario" for kind, _ in MARKER.findall(_text(name))), \
        f"{name}: link at least one scenario that shows these rules"


@pytest.mark.parametrize("name", PAGES)
def test_rulings_markers_stand_on_their_own_line(name):
    for line in _text(name).splitlines():
        if "[[rulings:" in line:
            assert MARKER.fullmatch(line.strip()), f"{name}: {line!r} must be alone on its line"
