"""A rebuild does not read the docs files this process wrote and nobody changed since
(site/sitegen/written_docs.py): the files read by `write_tree` are counted."""

from __future__ import annotations

import os
from pathlib import Path

from nuffle.sitegen import written_docs
from nuffle.sitegen.build import write_tree


def test_known_files_are_not_read_again_and_an_edited_one_is(tmp_path: Path,
                                                              monkeypatch) -> None:
    docs = tmp_path / "docs"
    pages = {f"abilities/a{i}.md": f"# Ability {i}\n" for i in range(20)}
    assert write_tree(docs, pages) == 20
    read: list[str] = []
    real = written_docs.WrittenDocs.read

    def counted(self, rel: str, path: Path) -> str:
        read.append(path.name)
        return real(self, rel, path)
    monkeypatch.setattr(written_docs.WrittenDocs, "read", counted)
    assert write_tree(docs, dict(pages)) == 0 and read == []
    # edited behind the build's back (another size), and one page of new text
    (docs / "abilities" / "a3.md").write_text("planted\n", encoding="utf-8")
    changed = {**pages, "abilities/a5.md": "# Ability five\n"}
    assert write_tree(docs, changed) == 2
    assert read == ["a3.md"]
    assert {p: (docs / p).read_text(encoding="utf-8") for p in changed} == changed
    # the same size, another time: read, and found the same
    os.utime(docs / "abilities" / "a7.md", ns=(1, 1))
    read.clear()
    assert write_tree(docs, changed) == 0 and read == ["a7.md"]
