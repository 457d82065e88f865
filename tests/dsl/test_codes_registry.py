"""The error-code reference lists every code the code base can emit, and each is tested."""

from __future__ import annotations

import re
from pathlib import Path

from nuffle.dsl.codes import CODES

ROOT = Path(__file__).resolve().parents[2]
EMITTED = re.compile(r'"([YSENTRILGX][0-9]{3})"')


def _codes_in(folder: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        if path.name != "codes.py":
            found |= set(EMITTED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_emitted_code_is_documented() -> None:
    emitted = _codes_in("dsl") | _codes_in("nuffle") | _codes_in("interpreter")
    assert emitted <= set(CODES), sorted(emitted - set(CODES))


def test_every_documented_code_is_emitted_and_tested() -> None:
    emitted = _codes_in("dsl") | _codes_in("nuffle") | _codes_in("interpreter")
    tested = _codes_in("tests")
    assert set(CODES) <= emitted, sorted(set(CODES) - emitted)
    assert set(CODES) <= tested, sorted(set(CODES) - tested)


def test_docs_page_lists_every_code() -> None:
    page = (ROOT / "site" / "docs" / "error-codes.md").read_text(encoding="utf-8")
    for code in CODES:
        assert f"`{code}`" in page
