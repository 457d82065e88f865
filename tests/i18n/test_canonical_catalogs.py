"""The committed catalogs are exactly what `nuffle i18n update` writes, in the format GNU
msgcat (and Poedit) write: 79 columns, references without line numbers. So a translator
who saves a catalog in a PO editor changes nothing but the translations, and a contributor
who forgets `i18n update` after changing an English text finds out here."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from nuffle.catalogue.loader import load_catalogue
from nuffle.i18n.catalog import SHARED_CONTEXT, load, read_catalog, save, update
from nuffle.i18n.checks import check_entry
from nuffle.i18n.domains import DOMAINS, domain_entries
from nuffle.i18n.entries import Entry
from nuffle.i18n.poformat import po_text, wrapped

REPO = Path(__file__).resolve().parents[2]
LOCALES = REPO / "content/locales"
CATALOGS = sorted(LOCALES.glob("*/*.po"))


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_catalogs_are_what_i18n_update_writes(catalogue, domain: str,
                                                            tmp_path: Path) -> None:
    """`nuffle i18n update LANG` run now into a temporary folder gives the committed bytes
    (if this fails: run `nuffle i18n update it` and commit the catalogs)."""
    entries = domain_entries(domain, catalogue)
    for lang in sorted(p.name for p in LOCALES.iterdir() if (p / f"{domain}.po").exists()):
        po, _ = update(load(lang, domain), entries, lang, domain)
        out = tmp_path / lang / f"{domain}.po"
        save(po, out)
        committed = LOCALES / lang / f"{domain}.po"
        assert out.read_bytes() == committed.read_bytes(), \
            f"{committed.relative_to(REPO)} is not what `nuffle i18n update {lang}` writes"


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_saving_a_committed_catalog_in_msgcat_changes_nothing(path: Path) -> None:
    """msgcat (GNU gettext, what Poedit's wrapping follows) writes the same bytes. Where
    msgcat is not installed, the comparison is with polib reading and our writer writing
    the catalog again, which checks stability only, not msgcat's format."""
    msgcat = shutil.which("msgcat")
    if msgcat:
        again = subprocess.run([msgcat, str(path)], capture_output=True, check=True).stdout
    else:
        again = po_text(read_catalog(path)).encode("utf-8")
    assert again == path.read_bytes()


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_references_name_files_without_line_numbers(path: Path) -> None:
    references = [line for line in path.read_text(encoding="utf-8").splitlines()
                  if line.startswith("#:")]
    assert references
    assert not [r for r in references if re.search(r":\d+(\s|$)", r)]


def test_a_fuzzy_entry_and_awkward_strings_are_written_as_msgcat_writes_them(
        tmp_path: Path) -> None:
    """Wrapping at spaces, hyphens, after a full stop before a quote, never before `...`
    or an opening bracket after a quote; a previous msgid; escapes. Compared with msgcat's
    output where msgcat is installed, else with a polib round trip (stability only)."""
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    long = ("A player on the pitch \"makes a free Block or Mark action\" during their "
            "team's turn, and Quantity over Quality lets a player in the Dugout make a "
            "Reserves action for free. Are these free actions as page 8 describes them "
            "(\"does not count towards the total number of actions ... can be an action "
            "they have already made this turn\")? A modifier of -1 ... “quoted” (page 48) "
            "a tab\there, a team-mate, i.e. this, a/b, and a line\nbreak.")
    po.append(polib.POEntry(msgctxt="x/one", msgid=long, msgstr=long.upper(),
                            flags=["fuzzy"], previous_msgid=long[:-20],
                            tcomment="a translator's comment", comment="a note",
                            occurrences=[("content/a.yaml", "")]))
    po.append(polib.POEntry(msgctxt="x/two", msgid="short", msgstr="breve"))
    gone = polib.POEntry(msgctxt="x/old", msgid=long[:120], msgstr=long[:120].upper(),
                         tcomment="kept")
    gone.obsolete = True
    po.append(gone)
    path = tmp_path / "x.po"
    save(po, path)
    msgcat = shutil.which("msgcat")
    if msgcat:
        again = subprocess.run([msgcat, str(path)], capture_output=True, check=True).stdout
    else:  # without gettext: stability only (polib reads it, our writer writes it again)
        again = po_text(read_catalog(path)).encode("utf-8")
    assert again == path.read_bytes()


def test_wrapping_by_hand() -> None:
    """Lines checked against msgcat's output by hand: the break comes after the space, a
    line holds at most 77 columns between its quotes."""
    text = ("The 13 Blitz Bowl teams. Each team page lists its players, its ball cards and "
            "how it fares in simulated games.")
    assert wrapped(text, len("msgid ")) == [
        "", "The 13 Blitz Bowl teams. Each team page lists its players, its ball cards ",
        "and how it fares in simulated games."]
    assert wrapped("short", len("msgid ")) == ["short"]
    assert wrapped("a\nb", len("msgid ")) == ["", "a\n", "b"]


def test_update_keeps_the_translation_of_a_string_that_leaves_the_shared_context() -> None:
    old = polib.POFile()
    old.append(polib.POEntry(msgctxt=SHARED_CONTEXT, msgid="Rulings", msgstr="Chiarimenti",
                             tcomment="project translation"))
    old.append(polib.POEntry(msgctxt=SHARED_CONTEXT, msgid="Gone", msgstr="Andato"))
    new = [Entry("site/items/rulings", "Rulings", "interface", "site/sitegen/items.py", 0)]
    po, report = update(old, new, "it", "site")
    (entry,) = [e for e in po if not e.obsolete]
    assert (entry.msgctxt, entry.msgstr, entry.flags) == ("site/items/rulings", "Chiarimenti",
                                                          [])
    assert entry.tcomment == "project translation"
    assert report.kept == 1 and report.added == 0 and report.obsolete == 1
    moved = [Entry("site/indexes/rulings", "Rulings", "interface", "site/sitegen/indexes.py", 0)]
    po, report = update(po, moved, "it", "site")  # now first used by another module
    (entry,) = [e for e in po if not e.obsolete]
    assert (entry.msgctxt, entry.msgstr, entry.flags) == ("site/indexes/rulings",
                                                          "Chiarimenti", [])


def test_update_turns_the_glossary_exception_flag_into_a_comment_msgcat_keeps() -> None:
    old = polib.POFile()
    old.append(polib.POEntry(msgctxt="a/b/text", msgid="Throw a Rock", msgstr="Lancia un sasso",
                             flags=["glossary-exception"], tcomment="project translation"))
    new = [Entry("a/b/text", "Throw a Rock", "ability", "content/a.yaml", 0)]
    po, _ = update(old, new, "it")
    (entry,) = po
    assert entry.flags == []
    assert entry.tcomment == "project translation\nglossary-exception"
    assert check_entry(entry, [("Throw", ["Passare"])], "it") == []  # still an exception
    entry.tcomment = "project translation"
    assert [p.code for p in check_entry(entry, [("Throw", ["Passare"])], "it")] == ["I102"]


def test_a_site_context_survives_a_change_at_the_end_of_the_english() -> None:
    from nuffle.i18n.domains import site_context
    taken: set[str] = set()
    first = site_context("items", "Greedy bots, seeded; see {balance} for how it is made.",
                         taken)
    assert first == "site/items/greedy-bots-seeded-see-balance-for-how-it-is"  # 48 at most
    long = "Every team against every other: {games} games per pairing (each side at home)"
    assert site_context("balance", long, set()) == site_context(
        "balance", long.replace("at home)", "at home in half)"), set())
    assert site_context("items", "Greedy bots, seeded; see {balance} for how it is done.",
                        taken) == first + "-2"  # two strings alike: told apart


def test_site_and_narrative_entries_carry_notes_worth_reading() -> None:
    from nuffle.i18n.domains import narrative_entries, site_entries
    site = {e.msgid if hasattr(e, "msgid") else e.text: e for e in site_entries()}
    source = site["Source: {source} ({seed}{where})."]
    assert source.context == "site/items/source-source-seed-where"
    notes = "\n".join(source.notes)
    assert "every item's page" in notes and "{seed}, {source}, {where}" in notes
    assert "TRANSLATORS: the line that names where an item comes from" in notes
    narrative = {e.context: e for e in narrative_entries()}
    assert "example: Reds score 2 for a touchdown: 2-1" in narrative["narrative/score"].notes
    assert "example: TOUCHDOWN for Reds! 2-1" in \
        narrative["narrative/blood-bowl/touchdown"].notes
