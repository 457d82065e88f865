"""The theme's static files are listed once (site/sitegen/theme_files.py, kept in the
process and in the private cache folder), not by a walk of the theme's folders at every
build: counted, and the files are those MkDocs adds itself, a docs file of the same path
still winning."""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.structure.files import Files, get_files
from nuffle.sitegen import theme_files

from nuffle.paths import private_cache_dir
from tests.site.small_site import small_site, tree


def listing(config) -> list[tuple[str, str]]:
    env = config.theme.get_env()
    files = get_files(config)
    files.add_files_from_theme(env, config)
    return [(f.src_uri, f.abs_src_path) for f in files]


def test_the_theme_is_listed_once_and_as_mkdocs_lists_it(tmp_path: Path) -> None:
    # a docs file named as one of the theme's: the docs' own is taken, as MkDocs does
    path = small_site(tmp_path, "site", {"index.md": "# Home\n",
                                         "assets/images/favicon.png": "mine"},
                      extensions=[], nav=["index.md"])
    config = load_config(str(path))
    expected = listing(config)
    assert ("assets/images/favicon.png", str(tmp_path / "docs" / "assets" / "images" /
                                             "favicon.png")) in expected
    assert len(expected) > 30  # the theme's scripts, styles, search languages...
    theme_files._KEPT.clear()
    kept = private_cache_dir() / theme_files.NAME
    kept.unlink(missing_ok=True)
    before = theme_files._LISTED["listed"]
    for _ in range(3):
        with theme_files.kept_theme_files():
            assert listing(config) == expected
    assert theme_files._LISTED["listed"] - before == 1
    assert Files.add_files_from_theme is not theme_files.kept_add_files_from_theme

    # a new process: the listing the cache folder keeps, not a walk
    theme_files._KEPT.clear()
    with theme_files.kept_theme_files():
        assert listing(config) == expected
    assert theme_files._LISTED["listed"] - before == 1
    # a listing naming a file outside the theme's folders is not taken: listed again
    raw = json.loads(kept.read_text(encoding="utf-8"))
    files = raw["lists"][0]["files"]
    files[0] = ["../../../etc/passwd", files[0][1]]
    kept.write_text(json.dumps(raw), encoding="utf-8")
    theme_files._KEPT.clear()
    with theme_files.kept_theme_files():
        assert listing(config) == expected
    assert theme_files._LISTED["listed"] - before == 2


def test_the_site_is_the_same_with_the_listing_kept(tmp_path: Path) -> None:
    path = small_site(tmp_path, "plain", {"index.md": "# Home\n", "index.it.md": "# Casa\n"},
                      extensions=[], nav=["index.md"])
    mkdocs_build(load_config(str(path)))
    kept_path = small_site(tmp_path, "kept", {}, extensions=[], nav=["index.md"])
    with theme_files.kept_theme_files():
        mkdocs_build(load_config(str(kept_path)))
        mkdocs_build(load_config(str(kept_path)))
    assert tree(tmp_path / "kept") == tree(tmp_path / "plain")


def test_each_languages_listing_is_kept_for_a_new_process(tmp_path: Path) -> None:
    # the i18n plugin builds the other language with its own theme folders (another key):
    # a file keeping one list made a new process list the theme again for each language
    path = small_site(tmp_path, "two", {"index.md": "# Home\n", "index.it.md": "# Casa\n"},
                      extensions=[], nav=["index.md"])
    (private_cache_dir() / theme_files.NAME).unlink(missing_ok=True)
    theme_files._KEPT.clear()
    before = theme_files._LISTED["listed"]
    with theme_files.kept_theme_files():
        mkdocs_build(load_config(str(path)))
    listed = theme_files._LISTED["listed"] - before
    assert listed == 2  # a key per language
    theme_files._KEPT.clear()  # a new process: both lists from the file
    with theme_files.kept_theme_files():
        mkdocs_build(load_config(str(path)))
    assert theme_files._LISTED["listed"] - before == listed
    kept = json.loads((private_cache_dir() / theme_files.NAME).read_text(encoding="utf-8"))
    assert len(kept["lists"]) == 2


def test_the_key_is_the_same_whatever_order_the_static_templates_come_in() -> None:
    # MkDocs keeps them in a set, whose order changes with each process's string hashes:
    # a key in that order missed the kept lists in about every other new process
    from types import SimpleNamespace

    def config(templates: list[str]) -> SimpleNamespace:
        theme = SimpleNamespace(dirs=["/nowhere/a", "/nowhere/b"], static_templates=templates)
        return SimpleNamespace(theme=theme)
    one = theme_files._key(None, config(["sitemap.xml", "404.html"]))
    assert one == theme_files._key(None, config(["404.html", "sitemap.xml"]))
    assert one[2] == ("404.html", "sitemap.xml")
