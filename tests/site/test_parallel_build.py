"""A full build's languages in two processes (site/sitegen/parallel.py) leave the same site,
byte for byte, as the plugin's sequential build, on a small two-language site; the pages
the other process rendered are recorded. No bundled site build: quick."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from nuffle.sitegen.incremental import Recorder
from nuffle.sitegen.parallel import build_split

from tests.site.small_site import small_site, tree

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

PAGES = {"index.md": "# Home\n\nWelcome.\n", "index.it.md": "# Casa\n\nBenvenuti.\n",
         "teams/orc.md": "# Orc\n\n```yaml\nid: orc\n```\n\n[Home](../index.md)\n",
         "teams/orc.it.md": "# Orchi\n\n```yaml\nid: orc\n```\n",
         "teams/elf.md": "# Elf\n\nOnly in English.\n"}


def config_file(root: Path, name: str) -> Path:
    return small_site(root, name, PAGES,
                      extensions=["pymdownx.superfences", "pymdownx.highlight"],
                      nav=[{"Home": "index.md"}, {"Teams": ["teams/orc.md", "teams/elf.md"]}],
                      italian={"nav_translations": {"Teams": "Squadre"}})


def test_two_processes_leave_the_sequential_site(tmp_path: Path) -> None:
    config = load_config(str(config_file(tmp_path, "one")))
    config.plugins["nuffle/recorder"] = Recorder()  # as the build adds it
    mkdocs_build(config)
    sequential = tree(tmp_path / "one")
    config = load_config(str(config_file(tmp_path, "two")))
    recorder = Recorder()
    config.plugins["nuffle/recorder"] = recorder
    build_split(config, recorder)
    split = tree(tmp_path / "two")
    assert "it/teams/orc.html" in split and "teams/orc.html" in split
    assert sorted(split) == sorted(sequential)
    assert [p for p in split if split[p] != sequential[p]] == []
    # English here, Italian in the child: both recorded, each page once
    assert sorted(recorder.rendered) == ["index.html", "it/index.html", "it/teams/elf.html",
                                         "it/teams/orc.html", "teams/elf.html",
                                         "teams/orc.html"]
    assert recorder.titles["it/teams/orc.html"] == "Orchi"
    # each language's 404 page: English at the root (served for any missing path), Italian
    # in its folder (the plugin writes every language's to the root, the last one winning)
    assert b'<html lang="en"' in split["404.html"]
    assert b'<html lang="it"' in split["it/404.html"]
    assert not (tmp_path / "two.languages").exists()  # the child's folder is gone


def test_a_failure_in_the_other_process_fails_the_build(tmp_path: Path) -> None:
    from mkdocs.exceptions import Abort
    config = load_config(str(config_file(tmp_path, "two")))
    # a broken link in the Italian page only: strict mode fails the child's build
    (tmp_path / "docs" / "teams" / "orc.it.md").write_text("# Orchi\n\n[x](missing.md)\n",
                                                         encoding="utf-8")
    recorder = Recorder()
    config.plugins["nuffle/recorder"] = recorder
    with pytest.raises(Abort, match="strict mode"):
        build_split(config, recorder)


def test_each_page_is_finished_and_scanned_where_it_is_rendered(tmp_path: Path) -> None:
    """With the build's Finishing plugin, each page is rebased, its language links made
    relative and its tags scanned in the process that renders it: after the build only
    the theme's 404 pages are finished and read from disk, the whole index is not read
    again to be split, and an index and its script are read once for the scan. The site
    is the one the passes over the built files leave."""
    from nuffle.sitegen import postbuild, safety
    from nuffle.sitegen.postbuild import (
        Finishing,
        finish_pages,
        relative_language_links,
        split_search_index,
    )
    from nuffle.sitegen.safety import PageScan, check_site

    config = load_config(str(config_file(tmp_path, "one")))
    config.plugins["nuffle/recorder"] = Recorder()
    mkdocs_build(config)
    split_search_index(tmp_path / "one", ("it",))
    relative_language_links(tmp_path / "one")
    after_the_build = tree(tmp_path / "one")
    config = load_config(str(config_file(tmp_path, "two")))
    recorder = Recorder()
    config.plugins["nuffle/recorder"] = recorder
    finishing = Finishing(("it",), PageScan())
    config.plugins["nuffle/finishing"] = finishing
    postbuild.WORK.read = 0
    index = build_split(config, recorder)
    site = tmp_path / "two"
    split_search_index(site, ("it",), index=index, rebase=False)
    left = finish_pages(site, ("it",), None, set(finishing.pages))
    assert postbuild.WORK.read == 0
    assert left == ["404.html", "it/404.html"]
    assert sorted(finishing.pages) == sorted(recorder.rendered)  # the child's pages too
    assert finishing.scan.pages == set(recorder.rendered)
    check_site(site, None, finishing.scan)
    assert safety.WORK.here + safety.WORK.elsewhere == 2  # the 404 pages
    assert safety.WORK.indexes_read == 2  # each language's index with its script
    assert tree(site) == after_the_build
    assert b'hreflang="it"' in after_the_build["it/teams/orc.html"]


def test_the_files_the_other_process_made_are_kept_for_the_next_build(tmp_path: Path) -> None:
    """mkdocs-static-i18n's files (i18n_files.py) that the child made for the other
    languages, in its own folder, are kept in the build folder's file with the English
    ones: a later build in a new process, into the site's folder, makes none of them."""
    from nuffle.sitegen import i18n_files
    kept = tmp_path / "cache" / i18n_files.NAME

    def new_process() -> None:
        for found in (i18n_files._KEPT, i18n_files._SEEN, i18n_files._ROWS):
            found.clear()

    new_process()
    config = load_config(str(config_file(tmp_path, "two")))
    recorder = Recorder()
    config.plugins["nuffle/recorder"] = recorder
    before = dict(i18n_files._MADE)
    with i18n_files.kept_i18n_files(kept):
        build_split(config, recorder)
    assert i18n_files._MADE["made"] > before["made"]
    new_process()
    before = dict(i18n_files._MADE)
    config = load_config(str(config_file(tmp_path, "two")))
    with i18n_files.kept_i18n_files(kept):
        mkdocs_build(config)  # both languages, in this process
    assert i18n_files._MADE["made"] == before["made"]
    assert i18n_files._MADE["kept"] - before["kept"] >= 2 * len(PAGES)


def test_no_split_beside_other_threads(tmp_path: Path, monkeypatch) -> None:
    """`nuffle site serve` rebuilds while its server's threads run: a process forked there
    could wait forever for a lock one of them held, so a full build stays in one process."""
    from nuffle.sitegen import content_prefetch, parallel
    config = load_config(str(config_file(tmp_path, "one")))
    monkeypatch.setattr(parallel, "available_processors", lambda: 2)
    # the question is content_prefetch's (tested there with a real thread); a test worker
    # may run threads of its own, so it is answered here
    assert parallel.other_threads is content_prefetch.other_threads
    running = [False]
    monkeypatch.setattr(parallel, "other_threads", lambda: running[0])
    assert parallel.can_split(config)
    running[0] = True
    assert not parallel.can_split(config)
