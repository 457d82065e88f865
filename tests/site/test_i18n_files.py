"""mkdocs-static-i18n's files of each language are made once per file in a process
(site/sitegen/i18n_files.py): counted, and each is what the plugin itself makes."""

from __future__ import annotations

import json
from types import SimpleNamespace

from mkdocs.structure.files import File, InclusionLevel
from mkdocs_static_i18n import suffix
from nuffle.sitegen import i18n_files

NAMES = ["index.md", "index.it.md", "abilities/block.md", "abilities/block.it.md",
         "pitches/one-trapdoor.svg", "pitches/one-trapdoor.it.svg", "assets/nuffle.css",
         "README.md", "guide/site.fr.md", "x.tar.gz", "notes.it"]


def files(docs: str) -> list[File]:
    return [File(name, docs, "/out/site", False, inclusion=InclusionLevel.INCLUDED)
            for name in NAMES]


def shown(file: File) -> dict:
    """What a later step reads of a file: its attributes, the properties MkDocs works out
    when asked, and the languages of its alternates."""
    return {**{k: v for k, v in vars(file).items() if k != "alternates"},
            "src_path": file.src_path, "dest_path": file.dest_path, "url": file.url,
            "abs_src_path": file.abs_src_path, "abs_dest_path": file.abs_dest_path,
            "alternates": {lang: f is file for lang, f in file.alternates.items()}}


def test_each_file_is_made_once_and_as_the_plugin_makes_it(tmp_path) -> None:
    config = SimpleNamespace(docs_dir=str(tmp_path / "docs"), site_dir="/out/site",
                             use_directory_urls=False)
    i18n_files._KEPT.clear()
    real = suffix.create_i18n_file
    expected = {lang: [shown(real(f, lang, "en", ["en", "it"], config))
                       for f in files(config.docs_dir)] for lang in ("en", "it")}
    before = dict(i18n_files._MADE)
    for _ in range(3):  # three builds of both languages
        with i18n_files.kept_i18n_files():
            for lang in ("en", "it"):
                made = [suffix.create_i18n_file(f, lang, "en", ["en", "it"], config)
                        for f in files(config.docs_dir)]
                assert [shown(m) for m in made] == expected[lang]
                made[0].alternates["fr"] = made[1]  # as the plugin adds the others'
                assert len({id(m) for m in made}) == len(NAMES)
    assert suffix.create_i18n_file is real
    assert i18n_files._MADE["made"] - before["made"] == 2 * len(NAMES)
    assert i18n_files._MADE["kept"] - before["kept"] == 4 * len(NAMES)


def new_process() -> None:
    """What a new process knows of the plugin's files: nothing."""
    for kept in (i18n_files._KEPT, i18n_files._SEEN, i18n_files._ROWS):
        kept.clear()


def test_a_new_process_takes_the_files_the_build_folder_keeps(tmp_path) -> None:
    """The files made in one process are kept in the build folder's file: a new process
    makes none of them again, and gets what the plugin makes; a kept file placed outside
    the site folder, or of another shape, is made again by the plugin."""
    config = SimpleNamespace(docs_dir=str(tmp_path / "docs"), site_dir=str(tmp_path / "site"),
                             use_directory_urls=False)
    kept = tmp_path / "cache" / i18n_files.NAME
    real = suffix.create_i18n_file
    expected = {lang: [shown(real(f, lang, "en", ["en", "it"], config))
                       for f in files(config.docs_dir)] for lang in ("en", "it")}

    def build() -> None:
        with i18n_files.kept_i18n_files(kept):
            for lang in ("en", "it"):
                made = [suffix.create_i18n_file(f, lang, "en", ["en", "it"], config)
                        for f in files(config.docs_dir)]
                assert [shown(m) for m in made] == expected[lang]

    new_process()
    build()
    assert kept.exists()
    new_process()
    before = dict(i18n_files._MADE)
    build()
    assert i18n_files._MADE["made"] == before["made"]
    assert i18n_files._MADE["read"] - before["read"] == 2 * len(NAMES)
    build()  # a later build of the same process: the file it read is not read again
    assert i18n_files._MADE["read"] - before["read"] == 2 * len(NAMES)
    assert i18n_files._MADE["made"] == before["made"]

    raw = json.loads(kept.read_text(encoding="utf-8"))
    outside = {"../../etc/passwd", "/etc/passwd", "it/../../x.html", "."}
    for row, dest in zip(raw["files"], sorted(outside), strict=False):
        row[5] = dest  # its dest_uri
    raw["files"][-1][6] = 3  # a name that is no string
    kept.write_text(json.dumps(raw), encoding="utf-8")
    new_process()
    before = dict(i18n_files._MADE)
    build()
    assert i18n_files._MADE["made"] - before["made"] == len(outside) + 1
    for garbage in (b"\xff", b"[]", b'{"version": 1, "contexts": [3], "files": []}'):
        kept.write_bytes(garbage)
        new_process()
        before = dict(i18n_files._MADE)
        build()  # (and the file written again)
        assert i18n_files._MADE["made"] - before["made"] == 2 * len(NAMES)


def test_the_plugins_languages_are_worked_out_once_per_build(tmp_path) -> None:
    """The plugin asked its languages of its settings for each file it made (twice per
    file and language); within, once per plugin and settings, and the site is the same."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    from tests.site.small_site import small_site, tree
    pages = {"index.md": "# Home\n", "index.it.md": "# Casa\n", "a.md": "# A\n",
             "b.md": "# B\n", "b.it.md": "# Bi\n"}
    plain = small_site(tmp_path, "plain", pages, extensions=[], nav=["index.md"])
    mkdocs_build(load_config(str(plain)))
    kept = small_site(tmp_path, "kept", {}, extensions=[], nav=["index.md"])
    before = i18n_files._MADE["languages"]
    with i18n_files.kept_i18n_files():
        mkdocs_build(load_config(str(kept)))
    assert i18n_files._MADE["languages"] - before == 1
    assert tree(tmp_path / "kept") == tree(tmp_path / "plain")


def test_whether_a_file_is_in_the_docs_folder_is_told_from_the_names() -> None:
    """The plugin asks of each file of each language's build whether it is in the docs
    folder (a PurePath each): the same answer from the paths' names where both are absolute
    and normal, the plugin's own for any other path."""
    from mkdocs_static_i18n import is_relative_to, reconfigure
    folders = ["/", "/out/docs", "/out/docs/", "/out/doc", "/out", "//net/docs", "/out/./docs",
               "/out/docs/../docs", "docs", "/out/docs/sub"]
    paths = ["/out/docs/a.md", "/out/docs", "/out/docs2/a.md", "/out/doc/a.md", "/x.md",
             "/out/docs/sub/b.it.md", "//net/docs/a.md", "/out/docs/../a.md", "docs/a.md",
             "/out/docs/./a.md", "/", "/out/docsa"]
    real = reconfigure.is_relative_to
    with i18n_files.kept_i18n_files():
        assert reconfigure.is_relative_to is not real
        before = i18n_files._INSIDE["by names"]
        for path in paths:
            for folder in folders:
                assert reconfigure.is_relative_to(path, folder) == \
                    is_relative_to(path, folder), (path, folder)
        assert i18n_files._INSIDE["by names"] - before > len(paths)  # the normal ones
    assert reconfigure.is_relative_to is real
