"""Translation catalogs: extract, update round trips, fuzzy on changed English, status, and
the checks (numbers, glossary terms, placeholders, msgfmt)."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest

from nuffle.catalogue.loader import load_catalogue
from nuffle.cli.main import main
from nuffle.i18n.catalog import PRINTED_NOTE, load, status, template, update
from nuffle.i18n.checks import check_catalog, check_entry, numbers
from nuffle.i18n.entries import content_entries


@pytest.fixture(scope="module")
def entries():
    catalogue, _, _ = load_catalogue()
    return content_entries(catalogue)


def test_every_text_field_is_an_entry_with_a_stable_context(entries) -> None:
    contexts = [e.context for e in entries]
    assert len(contexts) == len(set(contexts))
    by = {e.context: e for e in entries}
    assert by["ability/catchers-instincts/text"].text.startswith("If this player catches")
    assert by["team/human/positions/catcher/name"].text == "Catcher"
    assert by["table/block-dice/entries/6/name"].text == "Kerrunch!"
    assert by["challenge-card/take-them-down/bonus_play/name"].text == "Sprint"
    note = "\n".join(by["ability/catchers-instincts/text"].notes)
    assert "ability" in note and "rules: After this player catches the ball" in note
    assert "source: 000_ff9920886d8c191d.txt" in note


def test_update_round_trips_without_losing_entries(entries, tmp_path: Path) -> None:
    po, report = update(None, entries, "it")
    assert report.added == len(entries) == len(po)
    assert report.printed > 40  # abilities, balls and traits printed in the Italian edition
    printed = next(e for e in po if e.msgctxt == "coach-trait/bribe-the-ref/text")
    assert printed.msgstr.startswith("Incomincia la partita") and printed.tcomment == PRINTED_NOTE
    path = tmp_path / "content.po"
    po.save(str(path))
    again, report2 = update(polib.pofile(str(path)), entries, "it")
    assert (report2.added, report2.changed, report2.obsolete) == (0, 0, 0)
    assert report2.kept == len(entries)
    assert [(e.msgctxt, e.msgid, e.msgstr) for e in again] == \
        [(e.msgctxt, e.msgid, e.msgstr) for e in po]


def test_changed_english_becomes_fuzzy_and_removed_entries_obsolete(entries) -> None:
    po, _ = update(None, entries, "it")
    target = next(e for e in po if e.msgctxt == "ability/frenzied/text")
    target.msgstr = "Dopo che questo giocatore ha effettuato un'Azione Marcare, ..."
    changed = [e for e in entries]
    frenzied = next(i for i, e in enumerate(changed) if e.context == "ability/frenzied/text")
    old_text = changed[frenzied].text
    from dataclasses import replace
    changed[frenzied] = replace(changed[frenzied], text=old_text + " Edited.")
    gone = next(i for i, e in enumerate(changed) if e.context == "ability/flighty/text")
    next(e for e in po if e.msgctxt == "ability/flighty/text").msgstr = "Volatile."
    del changed[gone]
    merged, report = update(po, changed, "it")
    entry = next(e for e in merged if e.msgctxt == "ability/frenzied/text")
    assert "fuzzy" in entry.flags and entry.previous_msgid == old_text
    assert entry.msgstr.startswith("Dopo che") and report.changed == 1
    obsolete = [e for e in merged if e.obsolete]
    assert [e.msgctxt for e in obsolete] == ["ability/flighty/text"] and report.obsolete == 1
    counts = status(merged, changed)["ability"]
    assert counts.fuzzy == 1


def test_status_counts_translated_fuzzy_and_missing(entries) -> None:
    po = template(entries)
    for e in po:
        if e.msgctxt.startswith("coach-trait/"):
            e.msgstr = "x"
    result = status(po, entries)
    traits = result["coach-trait"]
    assert traits.translated == traits.total == 30 and traits.share(traits.translated) == 100
    assert result["ability"].translated == 0 and result["ability"].missing > 0


def test_numbers_treat_worded_dice_and_xdy_alike() -> None:
    assert numbers("roll a six-sided dice; on a 1") == numbers("tira 1D6; con un 1")
    assert numbers("roll 2D8") == numbers("tira 2d8")
    assert numbers("Armour 4+") != numbers("Armatura 5+")


def _entry(msgid: str, msgstr: str) -> polib.POEntry:
    e = polib.POEntry(msgctxt="ball/x/text", msgid=msgid, msgstr=msgstr)
    e.linenum = 7
    return e


def test_check_catches_a_wrong_number() -> None:
    problems = check_entry(_entry("Move 2 squares.", "Muovi di 3 caselle."), [])
    assert [p.code for p in problems] == ["I101"]
    assert "the English has 2" in problems[0].message and problems[0].line == 7


def test_check_catches_a_missing_glossary_term() -> None:
    glossary = [("Armour check", ["Controllo Armatura"])]
    good = _entry("Make an Armour check.", "Effettua un Controllo Armatura.")
    bad = _entry("Make an Armour check.", "Effettua una prova di armatura.")
    assert check_entry(good, glossary) == []
    assert [p.code for p in check_entry(bad, glossary)] == ["I102"]


def test_check_catches_a_broken_placeholder() -> None:
    problems = check_entry(_entry("{player} scores", "{giocatore} segna"), [])
    assert [p.code for p in problems] == ["I103"]


def test_check_runs_msgfmt(tmp_path: Path) -> None:
    path = tmp_path / "bad.po"
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                    'msgid "a %d thing"\nmsgid_plural "%d things"\nmsgstr[0] "una cosa"\n'
                    'msgstr[1] "%d cose"\n', encoding="utf-8")
    codes = [p.code for p in check_catalog(path, [])]
    assert "I104" in codes


def test_cli_status_json_and_check(capsys) -> None:
    assert main(["i18n", "status", "it", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["it"]) == {"content", "narrative", "site", "rules"}
    assert set(report["it"]["content"]) >= {"ability", "ball", "coach-trait"}
    assert set(report["it"]["narrative"]) == {"message", "term"}
    assert all(r["translated"] + r["fuzzy"] + r["missing"] == r["total"]
               for domain in report["it"].values() for r in domain.values())
    main(["i18n", "check", "it"])
    out = capsys.readouterr().out
    assert "checked content/locales/it/content.po" in out or "checked " in out


def test_the_committed_italian_catalog_is_current(entries) -> None:
    """`nuffle i18n update it` has been run: every content text has its entry."""
    po = load("it")
    assert po is not None
    have = {e.msgctxt: e.msgid for e in po if not e.obsolete}
    assert all(have.get(e.context) == e.text for e in entries)


def test_glossary_terms_match_longest_first_and_accept_listed_forms() -> None:
    glossary = [("Throw", ["Passare"]), ("Throw check", ["Controllo Passaggio"]),
                ("re-roll", ["ritiro", "ritiri", "ritirare"])]
    entry = _entry("Make a Throw check; you may re-roll it.",
                   "Effettua un Controllo Passaggio; puoi ritirare il dado.")
    assert check_entry(entry, glossary) == []  # "Throw" inside "Throw check" is not asked for
    wrong = _entry("Make a Throw check.", "Effettua una prova di lancio.")
    assert [p.message for p in check_entry(wrong, glossary)] == [
        "`ball/x/text`: the glossary term “Throw check” should be rendered as "
        "“Controllo Passaggio”"]


def test_the_italian_catalog_passes_its_checks(capsys) -> None:
    assert main(["i18n", "check", "it"]) == 0


def test_the_italian_content_is_fully_translated(entries) -> None:
    counts = status(load("it"), entries)
    assert all(s.translated == s.total for s in counts.values()), \
        {k: (s.fuzzy, s.missing) for k, s in counts.items() if s.translated != s.total}
    po = load("it")
    printed = [e for e in po if e.tcomment.startswith("printed")]
    project = [e for e in po if e.tcomment.startswith("project translation")]
    assert len(printed) == 57 and len(printed) + len(project) + sum(
        1 for e in po if e.msgstr == e.msgid) >= len(entries)


def test_every_italian_catalog_is_complete() -> None:
    """The content, the rules words, the play-by-play and the site interface: 100%."""
    from nuffle.i18n.domains import DOMAINS, domain_entries
    for domain in DOMAINS:
        counts = status(load("it", domain), domain_entries(domain))
        assert counts and all(s.translated == s.total for s in counts.values()), \
            (domain, {k: (s.fuzzy, s.missing) for k, s in counts.items()})


def test_extract_writes_one_template_per_domain(tmp_path: Path, capsys) -> None:
    assert main(["i18n", "extract", "--out", str(tmp_path)]) == 0
    for domain in ("content", "narrative", "site", "rules"):
        pot = polib.pofile(str(tmp_path / f"{domain}.pot"))
        assert len(pot) > 50, domain
        assert all(e.msgstr == "" for e in pot)
    narrative = polib.pofile(str(tmp_path / "narrative.pot"))
    touchdown = next(e for e in narrative if e.msgctxt == "narrative/touchdown")
    assert touchdown.msgid == "TOUCHDOWN by {player}!"
    site = polib.pofile(str(tmp_path / "site.pot"))
    assert all(e.msgctxt.startswith("site/") for e in site)  # its own context each
    assert len({e.msgctxt for e in site}) == len(site)
    assert any(e.msgid == "Not yet translated" for e in site)


def test_site_strings_match_by_their_english() -> None:
    """The interface strings share one context: a changed English string is a new entry,
    and the old translation is kept as obsolete."""
    from nuffle.i18n.entries import Entry
    old = [Entry("site", "Rulings", "interface", "site/sitegen/items.py", 1),
           Entry("site", "Source", "interface", "site/sitegen/items.py", 2)]
    po, _ = update(None, old, "it", "site")
    for e in po:
        e.msgstr = {"Rulings": "Decisioni", "Source": "Fonte"}[e.msgid]
    new = [Entry("site", "Rulings", "interface", "site/sitegen/items.py", 1),
           Entry("site", "Sources", "interface", "site/sitegen/items.py", 2)]
    merged, report = update(po, new, "it", "site")
    live = {e.msgid: e.msgstr for e in merged if not e.obsolete}
    assert live == {"Rulings": "Decisioni", "Sources": ""}
    assert [e.msgid for e in merged if e.obsolete] == ["Source"]
    assert report.added == 1 and report.kept == 1 and report.obsolete == 1


def test_check_catches_an_unclosed_brace() -> None:
    problems = check_entry(_entry("{player} scores", "{player segna"), [])
    assert [p.code for p in problems] == ["I103"]
    assert "not closed" in problems[0].message


def test_a_broken_translation_falls_back_to_english_instead_of_failing() -> None:
    from nuffle.interpreter.blitz_bowl.narrate import Words
    words = Words(templates={"overtime": "una partita {pareggiata"})
    assert words.message("overtime", {}) == \
        "a drawn knockout match goes on with a fresh Challenge deck"
