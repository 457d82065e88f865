"""The safety scan and the site opened from disk: the worker shim is the one script of ours
a page may load, and a search index written as a script (what the theme loads from disk)
is read like the JSON one, so it can hold nothing but the index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nuffle.sitegen import safety
from nuffle.sitegen.postbuild import split_search_index
from nuffle.sitegen.safety import PageScan, UnsafeSite, check_site, scan_site

from tests.site.test_safety import planted


def test_the_worker_shim_may_load_and_another_script_may_not(tmp_path: Path) -> None:
    assert planted(tmp_path, '<script src="../../assets/iframe-worker.js"></script>') == []
    found = planted(tmp_path, '<script src="../../assets/other.js"></script>')
    assert [s.what for s in found] == ["a <script> that is not the theme's"]


def write_index(path: Path, docs: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("var __index = " + json.dumps({"config": {}, "docs": docs}),
                    encoding="utf-8")


def test_the_search_index_script_is_scanned_like_the_json(tmp_path: Path) -> None:
    write_index(tmp_path / "it" / "search" / "search_index.js",
                [{"location": "a.html", "title": "Frenzied", "text": "<p>ok</p>"},
                 {"location": "b.html", "title": "<img src=x onerror=alert(1)>", "text": ""}])
    assert [(s.page, s.what) for s in scan_site(tmp_path)] == [
        ("it/search/search_index.js (b.html)", "markup in a result's title")]


def test_a_search_index_script_that_does_more_than_hold_the_index_is_a_sink(
        tmp_path: Path) -> None:
    script = tmp_path / "search" / "search_index.js"
    script.parent.mkdir(parents=True)
    for text, what in (
            ('var __index = {"docs": []}; alert(1)', "a search index that is not JSON"),
            ("var __index = alert(1)", "a search index that is not JSON"),
            ('alert(1); var __index = {"docs": []}',
             "a search index script that is not just the index")):
        script.write_text(text, encoding="utf-8")
        assert [s.what for s in scan_site(tmp_path)] == [what], text


def test_each_language_s_index_is_written_as_a_script_too(tmp_path: Path) -> None:
    docs = [{"location": "index.html", "title": "Home", "text": ""},
            {"location": "it/index.html", "title": "Inizio", "text": ""}]
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(
        json.dumps({"config": {"lang": ["en", "it"]}, "docs": docs}), encoding="utf-8")
    (tmp_path / "it").mkdir()
    assert split_search_index(tmp_path, ("it",)) == {"en": 1, "it": 1}
    for lang, title in (("", "Home"), ("it/", "Inizio")):
        script = (tmp_path / f"{lang}search" / "search_index.js").read_text(encoding="utf-8")
        index = json.loads(script.removeprefix("var __index = "))
        assert script.startswith("var __index = ") and index["config"]["lang"] == \
            [lang.strip("/") or "en"]
        assert [d["title"] for d in index["docs"]] == [title]
        assert index == json.loads((tmp_path / f"{lang}search" / "search_index.json")
                                   .read_text(encoding="utf-8"))


def test_an_index_and_its_script_are_read_once_with_each_file_s_findings(
        tmp_path: Path) -> None:
    docs = [{"location": "b.html", "title": "<img src=x onerror=alert(1)>", "text": ""}]
    text = json.dumps({"config": {}, "docs": docs})
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(text, encoding="utf-8")
    write_index(tmp_path / "search" / "search_index.js", docs)
    found = [(s.page, s.what) for s in scan_site(tmp_path)]
    assert safety.WORK.indexes_read == 1
    assert found == [("search/search_index.js (b.html)", "markup in a result's title"),
                     ("search/search_index.json (b.html)", "markup in a result's title")]
    # a script that is not the JSON file's text is read on its own
    write_index(tmp_path / "search" / "search_index.js", [])
    assert [s.page for s in scan_site(tmp_path)] == ["search/search_index.json (b.html)"]
    assert safety.WORK.indexes_read == 2


def test_an_index_scanned_as_it_is_written_is_not_read_back(tmp_path: Path) -> None:
    """The build's indexes are scanned as split_search_index writes them: the same findings
    as a scan of the files, and no index file read."""
    docs = [{"location": "a.html", "title": "<img src=x onerror=alert(1)>", "text": ""},
            {"location": "it/b.html", "title": "ok", "text": "<p>x</p><script>y</script>"},
            {"location": "it/c.html", "title": "Casa", "text": ""}]
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "search_index.json").write_text(
        json.dumps({"config": {"lang": ["en", "it"]}, "docs": docs}), encoding="utf-8")
    (tmp_path / "it").mkdir()
    scan = PageScan()
    split_search_index(tmp_path, ("it",), scan=scan)
    with pytest.raises(UnsafeSite) as from_files:
        check_site(tmp_path)
    assert safety.WORK.indexes_read == 2
    with pytest.raises(UnsafeSite) as as_written:
        check_site(tmp_path, None, scan)
    assert safety.WORK.indexes_read == 0
    assert str(as_written.value) == str(from_files.value)
    assert len(as_written.value.sinks) == 4  # each finding in the JSON file and the script
