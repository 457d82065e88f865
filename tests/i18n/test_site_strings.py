"""The site generator's interface strings are found the same on every Python: Babel's
extractor reads the sources with Python's tokenizer, which sees a string marked inside an
f-string's braces from Python 3.12 only (PEP 701); on 3.11 such a string was never put in
the catalogs, and the Italian site showed it in English. So none is marked there, and the
kept extraction (extraction_cache.py) is per Python version."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import nuffle.sitegen

from nuffle.i18n import extraction_cache
from nuffle.i18n.domains import SITE_KEYWORDS, site_entries


def _marked_in_f_strings(source: str) -> list[int]:
    """The lines of calls of a marking keyword (`t`, `site.t`, `N_`) inside an f-string."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call):
                    name = (inner.func.id if isinstance(inner.func, ast.Name)
                            else inner.func.attr if isinstance(inner.func, ast.Attribute)
                            else None)
                    if name in SITE_KEYWORDS:
                        lines.append(inner.lineno)
    return lines


def test_no_interface_string_is_marked_inside_an_f_string() -> None:
    modules = sorted(Path(nuffle.sitegen.__file__).parent.glob("*.py"))
    assert len(modules) > 25
    found = [f"{m.name}:{line}" for m in modules
             for line in _marked_in_f_strings(m.read_text(encoding="utf-8"))]
    assert found == [], "take these site.t(...) calls out of their f-strings"


def test_the_check_finds_one() -> None:
    source = 'x = f"## {site.t(\'Every game\')}"\ny = f"{N_(\'a\')}"\nz = site.t("ok") + f"{b}"\n'
    assert _marked_in_f_strings(source) == [1, 2]


def test_the_strings_once_hidden_in_f_strings_are_extracted() -> None:
    texts = {e.text: e for e in site_entries()}
    assert "Every game" in texts and texts["Timing"].path.endswith("blood_bowl_pages.py")


def test_the_kept_extraction_is_per_python_version(monkeypatch) -> None:
    sources = sorted(Path(nuffle.sitegen.__file__).parent.glob("*.py"))[:3]
    here = extraction_cache._checksum(sources)
    monkeypatch.setattr(sys, "version_info", (3, sys.version_info[1] + 1, 0))
    assert extraction_cache._checksum(sources) != here
