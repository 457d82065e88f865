"""nuffle.textfile.write_cache_entry: the one way the caches keep an entry (the content
cache, the kept check reports, the compiled templates, the site's kept pages)."""

from __future__ import annotations

import stat
from pathlib import Path

from nuffle.textfile import write_cache_entry


def test_an_entry_is_written_whole_in_a_private_folder(tmp_path: Path) -> None:
    entry = tmp_path / "cache" / "entries" / "a.json"
    (tmp_path / "cache").mkdir()
    assert write_cache_entry(entry, b'{"a": 1}', limit=8)
    assert entry.read_bytes() == b'{"a": 1}'
    assert stat.S_IMODE(entry.parent.stat().st_mode) == 0o700
    assert [p.name for p in entry.parent.iterdir()] == ["a.json"]  # no temporary left


def test_an_entry_over_the_limit_is_not_written(tmp_path: Path) -> None:
    entry = tmp_path / "entries" / "a.json"
    assert not write_cache_entry(entry, b'{"a": 1}', limit=7)
    assert not entry.parent.exists()


def test_a_folder_that_cannot_be_made_is_no_error(tmp_path: Path) -> None:
    (tmp_path / "entries").write_text("a file where the folder goes", encoding="utf-8")
    assert not write_cache_entry(tmp_path / "entries" / "a.json", b"{}", limit=8)
