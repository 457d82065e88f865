"""A rebuild makes again only the item pages that read what changed (page_memo.py): the
pages made are counted, never timed, and what is given back is what making every page
again writes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from nuffle.sitegen import page_memo, page_memo_file
from nuffle.sitegen.build import BuildOptions, generate, prepare
from nuffle.sitegen.context import Site

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.model import Catalogue

EDITED = ("ability", "frenzied", "blitz-bowl")


@pytest.fixture(scope="module")
def loaded():
    return load_catalogue()


def edited(loaded, key=EDITED, **changes):
    """The content with one item's data changed, as after an edit of its file."""
    catalogue, diags, docs = loaded
    item = catalogue.items[key]
    items = dict(catalogue.items)
    items[key] = replace(item, data={**item.data, **changes})
    return Catalogue(items, set(catalogue.unreadable_ids)), diags, docs


def readers(catalogue: Catalogue, key=EDITED) -> set[tuple[str, tuple]]:
    """The item pages that show an ability, worked out from the content: its own, its
    teams' (a team lists its players' abilities) and its scenarios'."""
    kind, item_id, game = key
    found = {(kind, key)}
    for item in catalogue.items.values():
        if item.game != game:
            continue
        if item.kind == "team" and any(item_id in p.get("abilities", [])
                                       for p in item.data["positions"]):
            found.add(("team", item.key))
        if item.kind == "scenario" and any(ref.split("#")[0] == f"{kind}/{item_id}"
                                           for ref in item.data.get("tests", [])):
            found.add(("scenario", item.key))
    return found


def made(out: Path) -> dict[str, set]:
    memo = page_memo.memo_for(out)
    by_lang: dict[str, set] = {}
    for lang, maker, key in memo.made:
        by_lang.setdefault(lang, set()).add((maker, key))
    return by_lang


def test_an_edit_makes_again_the_pages_that_read_it_and_only_those(tmp_path: Path,
                                                                  loaded) -> None:
    out = tmp_path / "out"
    first = generate(BuildOptions(out=out, loaded=loaded))
    memo = page_memo.memo_for(out)
    every = len(memo.made)
    assert every > 1500  # both languages' item pages, all made by the first build

    # nothing changed: nothing made again, every item page given back
    again = generate(BuildOptions(out=out, loaded=loaded))
    assert memo.made == [] and len(memo.kept) == every
    assert again.pages == first.pages and again.fragments == first.fragments

    text = loaded[0].items[EDITED].data["text"]
    changed = edited(loaded, text=text + " Edited.")
    rebuilt = generate(BuildOptions(out=out, loaded=changed))
    expected = readers(changed[0])
    assert 3 <= len(expected) < 20
    assert made(out) == {"en": expected, "it": expected}
    assert len(memo.kept) == every - 2 * len(expected)

    # what was given back is what making every page writes
    page_memo.forget(tmp_path / "fresh")
    fresh = generate(BuildOptions(out=tmp_path / "fresh", loaded=changed))
    assert rebuilt.pages == fresh.pages and rebuilt.fragments == fresh.fragments
    differ = {p for p in fresh.pages if fresh.pages[p] != first.pages.get(p)}
    assert "abilities/frenzied.md" in differ and "abilities/frenzied.it.md" in differ
    assert "teams/human.md" not in differ

    # a new name: the pages that name it, not the whole site
    renamed = edited(changed, name="Frenzied Renamed")
    rebuilt = generate(BuildOptions(out=out, loaded=renamed))
    remade = made(out)
    assert expected <= remade["en"] and expected <= remade["it"]
    assert sum(map(len, remade.values())) < every // 10
    page_memo.forget(tmp_path / "fresh")
    fresh = generate(BuildOptions(out=tmp_path / "fresh", loaded=renamed))
    assert rebuilt.pages == fresh.pages and rebuilt.fragments == fresh.fragments


def test_a_maker_that_reads_every_item_is_made_every_time(loaded) -> None:
    catalogue = loaded[0]
    memo = page_memo.PageMemo()
    calls: list[str] = []

    def listing(site: Site, item) -> None:
        calls.append(item.id)
        site.add(f"x/{item.id}.md", str(len(site.catalogue.of_kind("ability"))))

    def own(site: Site, item) -> None:
        calls.append(item.id)
        site.add(f"y/{item.id}.md", str(item.data.get("name")))

    items = catalogue.of_kind("ability")[:3]
    for _ in range(2):
        site = Site.of(catalogue)
        memo.start_build()
        with page_memo.item_pages(memo, site, {"listing": listing, "own": own}) as make:
            for item in items:
                make("listing", item)
                make("own", item)
        assert sorted(site.pages) == sorted([f"x/{i.id}.md" for i in items]
                                            + [f"y/{i.id}.md" for i in items])
    assert len(calls) == 9  # the listing each time, the item's own page once
    assert [m for _, m, _ in memo.made] == ["listing"] * 3


def docs_tree(out: Path) -> dict[str, bytes]:
    docs = out / "docs"
    return {str(p.relative_to(docs)): p.read_bytes() for p in sorted(docs.rglob("*"))
            if p.is_file()}


def as_a_new_process(out: Path) -> page_memo.PageMemo:
    """The memo a new process finds for ``out``: none in memory, the folder's file read."""
    page_memo._MEMOS.pop(str(out.resolve()), None)
    return page_memo.memo_for(out)


def test_a_new_process_gives_back_the_pages_the_folder_keeps(tmp_path: Path, loaded) -> None:
    """The memo is kept in the build folder (page_memo_file.py): a new process building
    into it makes again only the pages that read what changed, reads the others back from
    the docs folder and the drawings, and writes the same files as making every page; a
    page edited in the folder, a damaged entry or a damaged file is made again, never
    trusted, never a crash."""
    out = tmp_path / "out"
    prepare(BuildOptions(out=out, loaded=loaded))
    every = len(page_memo.memo_for(out).made)
    assert (out / "cache" / page_memo_file.NAME).exists()

    text = loaded[0].items[EDITED].data["text"]
    changed = edited(loaded, text=text + " Edited.")
    memo = as_a_new_process(out)
    prepare(BuildOptions(out=out, loaded=changed))
    expected = readers(changed[0])
    assert made(out) == {"en": expected, "it": expected}
    assert len(memo.kept) == every - 2 * len(expected)
    # every page given back was read back, once; a drawing was found in its folder, not
    # read (the built pages read it from there)
    assert memo.read_back > 0 and memo.drawings_found > 0
    assert memo.read_back + memo.drawings_found <= sum(
        len(e.writes) for kept in memo.languages.values() for e in kept.entries.values())
    page_memo.forget(tmp_path / "fresh")
    prepare(BuildOptions(out=tmp_path / "fresh", loaded=changed))
    assert docs_tree(out) == docs_tree(tmp_path / "fresh")

    # nothing changed since: nothing made, and the file is left as it is
    kept_file = out / "cache" / page_memo_file.NAME
    before = kept_file.stat().st_mtime_ns
    memo = as_a_new_process(out)
    prepare(BuildOptions(out=out, loaded=changed))
    assert memo.made == [] and kept_file.stat().st_mtime_ns == before

    # a drawing gone from its folder: the pages that drew it made again (and it written)
    drawing = next((out / "cache" / "drawings").glob("*.html"))
    text = drawing.read_text(encoding="utf-8")
    drawing.unlink()
    memo = as_a_new_process(out)
    prepare(BuildOptions(out=out, loaded=changed))
    assert memo.made and {maker for _, maker, _ in memo.made} == {"scenario"}
    assert drawing.read_text(encoding="utf-8") == text
    assert docs_tree(out) == docs_tree(tmp_path / "fresh")
    # and in the same process (`nuffle site serve`), whose memo gave the others back so
    drawing = next(p for p in (out / "cache" / "drawings").glob("*.html") if p != drawing)
    drawing.unlink()
    prepare(BuildOptions(out=out, loaded=changed))
    assert {maker for _, maker, _ in page_memo.memo_for(out).made} == {"scenario"}
    assert drawing.exists()

    # a page edited in the docs folder and an entry of another shape: those made again
    team = out / "docs" / "teams" / "human.md"
    team.write_text(team.read_text(encoding="utf-8") + "planted\n", encoding="utf-8")
    raw = json.loads(kept_file.read_text(encoding="utf-8"))
    entries = raw["languages"]["it"]["entries"]
    damaged = next(e for e in entries if e[0] == "ball")
    damaged[3] = "not a list of reads"
    kept_file.write_text(json.dumps(raw), encoding="utf-8")
    memo = as_a_new_process(out)
    prepare(BuildOptions(out=out, loaded=changed))
    assert sorted((lang, maker) for lang, maker, _ in memo.made) == [("en", "team"),
                                                                     ("it", "ball")]
    assert docs_tree(out) == docs_tree(tmp_path / "fresh")

    # a file that is not the memo's: every page made, as without one
    for garbage in (b"\xff not JSON", b'{"version": 1, "languages": {"en": 3}}'):
        kept_file.write_bytes(garbage)
        memo = as_a_new_process(out)
        prepare(BuildOptions(out=out, loaded=changed))
        assert len(memo.made) == every
    assert docs_tree(out) == docs_tree(tmp_path / "fresh")


def test_a_new_process_giving_back_every_page_builds_no_syntax_tree(tmp_path: Path,
                                                                     loaded) -> None:
    """A rebuild in a new process with nothing changed makes no item page, and builds
    none of the syntax trees the content cache keeps (about 300: the digests of the items
    a page reads, the translators' entries, the reference's and the coverage page's
    findings say whether rules parsed without them)."""
    import subprocess
    import sys
    out = tmp_path / "out"
    prepare(BuildOptions(out=out, loaded=loaded))
    script = ("import sys; from pathlib import Path; from nuffle.catalogue import cache; "
              "built = []; real = cache._KeptTree.build; "
              "cache._KeptTree.build = lambda self: built.append(1) or real(self); "
              "from nuffle.sitegen.build import BuildOptions, prepare; "
              "from nuffle.sitegen.page_memo import memo_for; "
              "prepare(BuildOptions(out=Path(sys.argv[1]))); "
              "print(len(built), len(memo_for(Path(sys.argv[1])).made))")
    for _ in range(2):  # the first may learn what the rules cache did not hold yet
        done = subprocess.run([sys.executable, "-c", script, str(out)], check=True,
                              capture_output=True, text=True)
    assert done.stdout.split() == ["0", "0"]


def test_a_drawing_removed_while_the_site_is_built_stops_the_build(tmp_path: Path) -> None:
    """A drawing given back by the memo is not read (fragments.KeptDrawing stands for it):
    had it gone before the drawings are written, its text is not there to write: the build
    says so rather than write something else."""
    from mkdocs.exceptions import BuildError
    from nuffle.sitegen.fragments import KeptDrawing, write_fragments
    write_fragments(tmp_path, {"a" * 20: "<svg></svg>"})
    write_fragments(tmp_path, {"a" * 20: KeptDrawing("digest")})  # there: left as it is
    assert (tmp_path / "cache" / "drawings" / ("a" * 20 + ".html")).read_text() == \
        "<svg></svg>"
    with pytest.raises(BuildError, match="removed"):
        write_fragments(tmp_path, {"b" * 20: KeptDrawing("digest")})
