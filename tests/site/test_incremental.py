"""The incremental site build (site/sitegen/incremental.py): after one content change, only
the pages that depend on it are rendered again, and the site stays whole (search index,
navigation titles, sitemap). Counted in pages, never timed."""

from __future__ import annotations

import gc
import json
import shutil
from dataclasses import replace
from pathlib import Path

import jinja2
import pytest
from nuffle.sitegen import postbuild, safety
from nuffle.sitegen.build import BuildOptions, build_site
from nuffle.sitegen.incremental import (
    STATE_VERSION,
    built_page,
    merge_index,
    navigation_signatures,
    plan,
    read_state,
    remove_pages,
)

pytestmark = pytest.mark.xdist_group("default-site")  # reads the shared default build

NAVS = {"en": [{"Home": "index.md"}, {"Teams": ["teams/index.md", "teams/orc.md"]},
               {"Abilities": ["abilities/index.md", "abilities/block.md"]}],
        "it": [{"Home": "index.md"}, {"Teams": ["teams/index.md", "teams/orc.md"]},
               {"Abilities": ["abilities/index.md", "abilities/block.md"]}]}
TITLES = {"index.md": "Home", "teams/index.md": "Teams", "teams/orc.md": "Orc",
          "abilities/index.md": "Abilities", "abilities/block.md": "Block",
          "index.it.md": "Home", "teams/index.it.md": "Squadre", "teams/orc.it.md": "Orchi",
          "abilities/index.it.md": "Abilità", "abilities/block.it.md": "Placcare"}


def state(titles: dict[str, str], navs: dict = NAVS) -> tuple[dict, dict]:
    top, sections, members = navigation_signatures(navs, titles)
    return {"fingerprint": "f", "pages": sorted(titles), "top": top,
            "sections": sections}, members


def test_a_renamed_page_renders_its_section_in_its_language_only(built_dir: Path) -> None:
    before, _ = state(TITLES)
    after, members = state({**TITLES, "abilities/block.it.md": "Blocco"})
    todo = plan(before, after, members, built_dir)
    assert not todo.full
    assert todo.touch == ["abilities/block.it.md", "abilities/index.it.md"]


def test_nothing_changed_touches_nothing(built_dir: Path) -> None:
    before, members = state(TITLES)
    todo = plan(before, dict(before), members, built_dir)
    assert (todo.full, todo.touch) == (False, [])


def test_what_renders_everything(built_dir: Path) -> None:
    before, members = state(TITLES)
    assert plan(None, before, members, built_dir).full
    assert plan(before, {**before, "fingerprint": "g"}, members, built_dir).full
    moved = [NAVS["en"][0], NAVS["en"][2], NAVS["en"][1]]  # sections in another order
    after, members = state(TITLES, {**NAVS, "en": moved})
    assert plan(before, after, members, built_dir).reason == "the navigation's sections changed"
    for damaged in ({"pages": "abilities/block.md"}, {"pages": [1]}, {"titles": []},
                    {"titles": {"index.html": 7}}):
        todo = plan({**before, **damaged}, before, members, built_dir)
        assert todo.full and todo.reason == "the last build's state is damaged"
    (built_dir / "index.html").unlink()
    assert plan(before, before, members, built_dir).full


FEWER = {lang: [*nav[:2], {"Abilities": ["abilities/index.md"]}] for lang, nav in NAVS.items()}


def test_a_page_removed_renders_its_section_and_leaves_the_site(built_dir: Path) -> None:
    """Block is gone: the Abilities section (its index, whose navigation listed it) is
    rendered in both languages, and Block's HTML in both is to be deleted."""
    before, _ = state(TITLES)
    after, members = state({k: v for k, v in TITLES.items() if "block" not in k}, FEWER)
    todo = plan(before, after, members, built_dir)
    assert (todo.full, todo.reason) == (False, "")
    assert todo.touch == ["abilities/index.it.md", "abilities/index.md"]
    assert todo.gone == ["abilities/block.html", "it/abilities/block.html"]


def test_a_page_added_renders_its_section(built_dir: Path) -> None:
    """The reverse: Block is new, its section is rendered with it; nothing is gone."""
    before, _ = state({k: v for k, v in TITLES.items() if "block" not in k}, FEWER)
    after, members = state(TITLES)
    todo = plan(before, after, members, built_dir)
    assert (todo.full, todo.gone) == (False, [])
    assert todo.touch == ["abilities/block.it.md", "abilities/block.md",
                          "abilities/index.it.md", "abilities/index.md"]


def test_only_removed_pages_inside_the_site_are_deleted(tmp_path: Path) -> None:
    """The removed pages come from the state file, which anyone can edit: what is not an
    HTML page inside the site is never deleted."""
    site = tmp_path / "site"
    (site / "it" / "abilities").mkdir(parents=True)
    for page in ("abilities.html", "it/abilities/block.html", "notes.txt"):
        (site / page).write_text("x")
    outside = tmp_path / "mine.html"
    outside.write_text("mine")
    (site / "link.html").symlink_to(outside)
    deleted = remove_pages(site, ["it/abilities/block.html", "../mine.html", str(outside),
                                  "notes.txt", "link.html", "missing.html", "abilities.html"])
    assert deleted == ["it/abilities/block.html", "abilities.html"]
    assert outside.read_text() == "mine" and (site / "notes.txt").exists()
    assert (site / "link.html").is_symlink()
    assert built_page("abilities/block.it.md", ["it"]) == "it/abilities/block.html"
    assert built_page("abilities/block.md", ["it"]) == "abilities/block.html"
    assert built_page("notes.it.md", []) == "notes.it.html"  # not a language of the site


@pytest.mark.parametrize("kept", [
    b"", b"\xff not UTF-8", b"{not json", b"[]", b'{"docs": {}}', b'{"docs": [{"text": "x"}]}',
    b'{"docs": [{"location": 7}]}', b'{"docs": []}' + b" " * (64 << 20),
])
@pytest.mark.parametrize("lang", ["", "it/"])
def test_a_damaged_kept_index_means_a_full_build(built_dir: Path, kept: bytes,
                                                lang: str) -> None:
    """The site is anyone's to edit: a partial build could not merge its pages into such
    an index (it stopped with an internal error), so the whole site is rendered."""
    before, members = state(TITLES)
    (built_dir / f"{lang}search" / "search_index.json").write_bytes(kept)
    todo = plan(before, dict(before), members, built_dir)
    assert todo.full and todo.reason == "the previous search index is missing or damaged"
    assert todo.kept_index is None


def test_a_partial_build_merges_into_the_index_its_plan_read(built_dir: Path) -> None:
    """The whole index is put together from each language's as the last build wrote them
    (the Italian pages' addresses from the Italian folder), read once, with no copy of it
    kept beside the site."""
    before, members = state(TITLES)
    english = {"config": {"lang": ["en"]},
               "docs": [{"location": "teams/orc.html", "text": "kept"}]}
    italian = {"config": {"lang": ["it"]},
               "docs": [{"location": "teams/orc.html", "text": "tenuto"}]}
    (built_dir / "search" / "search_index.json").write_text(json.dumps(english))
    (built_dir / "it" / "search" / "search_index.json").write_text(json.dumps(italian))
    todo = plan(before, dict(before), members, built_dir)
    assert not todo.full and todo.kept_index == {
        "config": {"lang": ["en"]},
        "docs": [english["docs"][0], {"location": "it/teams/orc.html", "text": "tenuto"}]}
    (built_dir / "it" / "search" / "search_index.json").unlink()
    assert plan(before, dict(before), members, built_dir).full


def test_a_state_file_anyone_edited_means_a_full_build(tmp_path: Path) -> None:
    """The build folder is anyone's to edit: a state that is nested past Python's recursion
    limit, not UTF-8, not JSON or of another version is no state (a full build), never a
    traceback; a good one is read back."""
    state = tmp_path / "cache" / "site-state.json"
    state.parent.mkdir()
    for hostile in (b"[" * 200_000 + b"]" * 200_000, b"\xff\xfe{}", b"{not json",
                    json.dumps({"version": STATE_VERSION + 1}).encode()):
        state.write_bytes(hostile)
        assert read_state(tmp_path) is None
    state.write_text(json.dumps({"version": STATE_VERSION, "pages": []}), encoding="utf-8")
    assert read_state(tmp_path) == {"version": STATE_VERSION, "pages": []}


def test_the_index_keeps_the_pages_not_rendered_in_place() -> None:
    previous = {"config": {}, "docs": [
        {"location": "a.html", "text": "a"}, {"location": "b.html", "text": "b"},
        {"location": "b.html#x", "text": "bx"}, {"location": "c.html", "text": "c"}]}
    fresh = {"config": {"lang": ["en"]}, "docs": [
        {"location": "b.html", "text": "B"}, {"location": "d.html", "text": "D"}]}
    merged = merge_index(previous, fresh, {"b.html", "d.html"})
    assert merged == {"config": {"lang": ["en"]}, "docs": [
        {"location": "a.html", "text": "a"}, {"location": "b.html", "text": "B"},
        {"location": "c.html", "text": "c"}, {"location": "d.html", "text": "D"}]}
    # a removed page's entries are dropped, all of them (it was not rendered)
    only_d = {**fresh, "docs": fresh["docs"][1:]}
    assert merge_index(previous, only_d, {"d.html"}, gone={"b.html"})["docs"] == [
        {"location": "a.html", "text": "a"}, {"location": "c.html", "text": "c"},
        {"location": "d.html", "text": "D"}]


OLD = "they can immediately make a free Block action."
NEW = "they can immediately make a free Block action, rested."


def test_one_changed_ability_renders_only_its_pages(default_site: Path, tmp_path: Path,
                                                     monkeypatch) -> None:
    """Frenzied's text changes: the pages whose Markdown quotes it are rendered again (its
    page and the abilities' index, in both languages: the Italian translation was made for
    the old English, so the Italian pages show the new English with the out-of-date notice),
    the coverage page in both languages (Frenzied is no longer wholly translated) and the
    translation status in both; nothing else of the 1,724 pages. The search index still
    holds every page. Of the item pages, only those that read Frenzied are made again
    (its own, its teams' and its scenario's, in both languages)."""
    out = tmp_path / "out"
    shutil.copytree(default_site.parent, out, symlinks=True)  # mtimes kept
    before = json.loads((out / "site" / "search" / "search_index.json").read_text())
    before_it = json.loads((out / "site" / "it" / "search" / "search_index.json").read_text())
    import nuffle.sitegen.build as build_module
    real = build_module.load_site_content

    def edited(content: tuple = ()):  # the site's content, one text changed (a copy)
        catalogue, diags, docs = real(content)
        key = ("ability", "frenzied", "blitz-bowl")
        item = catalogue.items[key]
        assert OLD in item.data["text"]
        catalogue.items[key] = replace(item, data={**item.data, "text": item.data[
            "text"].replace(OLD, NEW)})
        return catalogue, diags, docs
    monkeypatch.setattr(build_module, "load_site_content", edited)
    compiled: list[str] = []  # the theme's templates: the first build compiled them
    real_compile = jinja2.Environment.compile

    def compile_counted(self, source, name=None, *args, **kwargs):
        compiled.append(name)
        return real_compile(self, source, name, *args, **kwargs)
    monkeypatch.setattr(jinja2.Environment, "compile", compile_counted)
    postbuild.WORK.read = 0
    collections: list[str] = []  # the garbage collector paced by the build (gc_pacing.py)

    def collected(phase: str, info: dict) -> None:
        collections.append(phase)
    gc.callbacks.append(collected)
    try:
        thresholds = gc.get_threshold()
        report = build_site(BuildOptions(out=out))
    finally:
        gc.callbacks.remove(collected)
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == 0
    # about 13 collections (about 490 with the interpreter's thresholds)
    assert 0 < collections.count("start") < 60
    assert compiled == []
    assert postbuild.WORK.read == 0  # the index merged here is split, not read back
    assert safety.WORK.indexes_read == 0  # and each language's scanned as it is written
    # the next build reads each language's index: no copy of the whole kept beside them
    assert not (out / "cache" / "search_index.json").exists()
    assert not report.full, report.reason
    pages = [p for p in report.rendered if not p.endswith("404.html")]
    assert pages == ["abilities/frenzied.html", "abilities/index.html", "coverage.html",
                     "it/abilities/frenzied.html", "it/abilities/index.html", "it/coverage.html",
                     "it/translation.html", "translation.html"]
    assert report.markdown_written == 8
    # a new process for this folder: the item pages kept in it are given back
    # (page_memo_file.py), only those that read Frenzied are made again
    assert report.items_made == 8
    italian = (out / "site" / "it" / "abilities" / "frenzied.html").read_text()
    assert "action, rested." in italian and "Traduzione non aggiornata" in italian
    page = (out / "site" / "abilities" / "frenzied.html").read_text()
    assert "action, rested." in page
    after = json.loads((out / "site" / "search" / "search_index.json").read_text())
    after_it = json.loads((out / "site" / "it" / "search" / "search_index.json").read_text())
    assert {d["location"].split("#")[0] for d in after["docs"]} == \
        {d["location"].split("#")[0] for d in before["docs"]}
    assert {d["location"].split("#")[0] for d in after_it["docs"]} == \
        {d["location"].split("#")[0] for d in before_it["docs"]}
    assert any("action, rested." in d["text"] for d in after["docs"])
    assert not any("action, rested." in d["text"] for d in before["docs"])
    # a page not rendered again keeps its HTML, and its neighbours' navigation its title
    assert (out / "site" / "abilities" / "wardance.html").read_bytes() == \
        (default_site / "abilities" / "wardance.html").read_bytes()
    again = build_site(BuildOptions(out=out))  # nothing changed since: nothing rendered
    assert not again.full
    assert [p for p in again.rendered if not p.endswith("404.html")] == []


def test_a_page_added_then_removed_renders_its_section_not_the_site(default_site: Path,
                                                                   tmp_path: Path,
                                                                   monkeypatch) -> None:
    """A new ability (what an author does most in `nuffle site serve`): its page is made
    and the Abilities section rendered again in both languages, since every page of it
    lists the section, and no other page; the search index gains its entries. Removed
    again: its HTML leaves the site in both languages, its entries leave the index, and the
    section is rendered again; the other sections are left as they were."""
    out = tmp_path / "out"
    shutil.copytree(default_site.parent, out, symlinks=True)  # mtimes kept
    import nuffle.sitegen.build as build_module
    real = build_module.load_site_content
    key = ("ability", "frenzied-again", "blitz-bowl")

    def added(content: tuple = ()):  # the site's content and one more ability (a copy)
        catalogue, diags, docs = real(content)
        item = catalogue.items[("ability", "frenzied", "blitz-bowl")]
        catalogue.items[key] = replace(item, id=key[1], path=item.path.replace(
            "frenzied", "frenzied-again"), data={**item.data, "id": key[1],
                                                 "name": "Frenzied Again"})
        return catalogue, diags, docs
    monkeypatch.setattr(build_module, "load_site_content", added)
    abilities = {p.relative_to(out / "site").as_posix()
                 for p in (out / "site").glob("**/abilities/*.html")}
    report = build_site(BuildOptions(out=out))
    assert not report.full, report.reason
    new = {"abilities/frenzied-again.html", "it/abilities/frenzied-again.html"}
    rendered = {p for p in report.rendered if not p.endswith("404.html")}
    assert new <= rendered
    # the section in both languages, and the pages whose Markdown names or counts the new
    # ability (the home page's table of items by kind, the coverage and the translation
    # status); not the other 1,300 pages
    assert abilities <= rendered
    assert {p for p in rendered - abilities - new if "abilities/" not in p} == {
        "coverage.html", "it/coverage.html", "translation.html", "it/translation.html",
        "index.html", "it/index.html"}
    assert (out / "site" / "it" / "abilities" / "frenzied-again.html").is_file()
    index = json.loads((out / "site" / "search" / "search_index.json").read_text())
    assert any(d["location"].startswith("abilities/frenzied-again.html") for d in index["docs"])
    assert (out / "site" / "teams").is_dir()
    team_page = next((out / "site" / "teams").glob("*.html"))
    assert team_page.read_bytes() == (default_site / "teams" / team_page.name).read_bytes()
    monkeypatch.setattr(build_module, "load_site_content", real)
    report = build_site(BuildOptions(out=out))
    assert not report.full, report.reason
    assert not (out / "site" / "abilities" / "frenzied-again.html").exists()
    assert not (out / "site" / "it" / "abilities" / "frenzied-again.html").exists()
    assert abilities <= set(report.rendered)
    for lang in ("", "it/"):
        index = json.loads((out / "site" / f"{lang}search" / "search_index.json").read_text())
        assert not any("frenzied-again" in d["location"] for d in index["docs"])
        before = json.loads((default_site / f"{lang}search" / "search_index.json").read_text())
        assert {d["location"] for d in index["docs"]} == {d["location"] for d in before["docs"]}
    again = build_site(BuildOptions(out=out))  # nothing changed since: nothing rendered
    assert not again.full and again.rendered == []
