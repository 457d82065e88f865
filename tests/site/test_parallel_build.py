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
