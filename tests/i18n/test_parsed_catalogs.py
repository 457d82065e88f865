"""A catalog's parse is kept in the private cache folder (nuffle/i18n/parsed_catalogs.py):
a second reader of the same bytes parses nothing, and gets exactly what polib gives; the
kept copy is untrusted (a damaged one is parsed again, never a crash) and what it holds
is still checked like any translation."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest

from nuffle.i18n import parsed_catalogs
from nuffle.i18n.catalog import locale_path, read_catalog
from nuffle.i18n.domains import DOMAINS
from nuffle.i18n.poformat import po_text
from nuffle.i18n.unusable import warn_unusable

CATALOG = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#. a comment for translators
#: somewhere.py
#, python-format
msgctxt "site/a"
msgid "Hello {name}"
msgstr "Ciao {name}"

#, fuzzy
#| msgid "Old"
msgctxt "site/b"
msgid "New"
msgstr "Nuovo"

msgid "one"
msgid_plural "many"
msgstr[0] "uno"
msgstr[1] "tanti"

#~ msgctxt "site/gone"
#~ msgid "Gone"
#~ msgstr "Andato"
"""


def same(a: polib.POFile, b: polib.POFile) -> None:
    assert [vars(e) for e in a] == [vars(e) for e in b]
    assert vars(a) == vars(b)
    assert po_text(a) == po_text(b)


def kept_file(path: Path) -> Path:
    where = parsed_catalogs._where(path)
    assert where is not None
    return where


@pytest.mark.parametrize("domain", DOMAINS)
def test_a_bundled_catalog_is_parsed_once_and_read_back_as_polib_parses_it(domain: str
                                                                          ) -> None:
    path = locale_path("it", domain)
    kept_file(path).unlink(missing_ok=True)
    counts = dict(parsed_catalogs.COUNTS)
    first = read_catalog(path)
    second = read_catalog(path)  # (as a new process would: nothing of it kept in this one)
    assert parsed_catalogs.COUNTS["parsed"] - counts["parsed"] == 1
    assert parsed_catalogs.COUNTS["kept"] - counts["kept"] == 1
    reference = polib.pofile(path.read_text(encoding="utf-8"), wrapwidth=88)
    reference.fpath = str(path)
    same(second, first)
    same(second, reference)


def test_every_kind_of_entry_is_kept_and_other_bytes_are_parsed_again(tmp_path: Path
                                                                      ) -> None:
    path = tmp_path / "site.po"
    path.write_text(CATALOG, encoding="utf-8")
    first = read_catalog(path)
    assert kept_file(path).exists()
    counts = dict(parsed_catalogs.COUNTS)
    same(read_catalog(path), first)
    assert parsed_catalogs.COUNTS["parsed"] == counts["parsed"]
    path.write_text(CATALOG.replace("Ciao", "Salve"), encoding="utf-8")
    changed = read_catalog(path)
    assert parsed_catalogs.COUNTS["parsed"] == counts["parsed"] + 1
    assert changed[0].msgstr == "Salve {name}"


@pytest.mark.parametrize("damage", ["not json", "a field's type", "a flag's type",
                                    "an occurrence", "too large", "another polib"])
def test_a_damaged_kept_catalog_is_parsed_again(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "site.po"
    path.write_text(CATALOG, encoding="utf-8")
    reference = read_catalog(path)
    where = kept_file(path)
    raw = json.loads(where.read_text(encoding="utf-8"))
    if damage == "not json":
        where.write_text("{", encoding="utf-8")
    elif damage == "too large":
        where.write_bytes(b" " * (parsed_catalogs.CATALOG_CACHE_BYTES + 1))
    else:
        if damage == "a field's type":
            raw["entries"][0][1] = 3
        elif damage == "a flag's type":
            raw["entries"][0][10] = [{"x": 1}]
        elif damage == "an occurrence":
            raw["entries"][0][9] = [["a", "b", "c"]]
        else:
            raw["stamp"][1] = "0.0"
        where.write_text(json.dumps(raw), encoding="utf-8")
    counts = dict(parsed_catalogs.COUNTS)
    same(read_catalog(path), reference)
    assert parsed_catalogs.COUNTS["parsed"] == counts["parsed"] + 1


def test_a_translation_planted_in_the_kept_copy_is_still_checked(tmp_path: Path) -> None:
    path = tmp_path / "site.po"
    path.write_text(CATALOG, encoding="utf-8")
    read_catalog(path)
    where = kept_file(path)
    raw = json.loads(where.read_text(encoding="utf-8"))
    raw["entries"][0][1] = "<script>alert()</script>{name}"
    where.write_text(json.dumps(raw), encoding="utf-8")
    po = read_catalog(path)  # the same bytes: the kept copy, as it is now
    assert po[0].msgstr.startswith("<script>")
    assert warn_unusable(po) == {id(po[0])}  # refused: the English is shown
