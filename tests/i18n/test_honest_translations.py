"""Honest translations: an Italian page whose translation is out of date (the English changed
after it was translated, so `i18n update` made it fuzzy) or missing says so, with the current
English; the translation-status page lists those items; a translation whose fields differ
from the English is an error in `i18n check` and a warning when a command reads the catalog,
and the English is used.

Every test works on a copy of content/ (NUFFLE_CONTENT), never on the real catalogs."""

from __future__ import annotations

import shutil
from pathlib import Path

import polib
import pytest
from nuffle.sitegen.context import Site
from nuffle.sitegen.items import ability_page
from nuffle.sitegen.translation import translation_page

from nuffle.catalogue.loader import load_catalogue
from nuffle.i18n import translations
from nuffle.i18n.catalog import load, locale_path, save, update
from nuffle.i18n.checks import check_entry
from nuffle.i18n.entries import content_entries
from nuffle.i18n.localize import localized_catalogue
from tests.i18n.test_safe_catalogs import nuffle

REPO = Path(__file__).resolve().parents[2]
ABILITY = "blitz-bowl/abilities/canny-tracker.yaml"
OLD = "this player can move into the square the opponent left empty"
NEW = "this player may move into the square the opponent left empty"


@pytest.fixture
def content(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the bundled content that the process reads (catalogs read afresh)."""
    copy = tmp_path / "content"
    shutil.copytree(REPO / "content", copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setenv("NUFFLE_CONTENT", str(copy))
    translations.translated.cache_clear()
    yield copy
    translations.translated.cache_clear()


def italian_pages(content: Path, *abilities: str) -> dict[str, str]:
    """The Italian pages of ``abilities`` and the translation-status page, as the site
    builds them from the content copy."""
    translations.translated.cache_clear()
    catalogue, _, _ = load_catalogue()
    localized, left = localized_catalogue(catalogue, "it")
    site = Site.of(localized, "it")
    site.untranslated = left
    for ability in abilities:
        ability_page(site, localized.get("ability", ability, "blitz-bowl"))
    translation_page(site, {}, {"it": {}})
    return site.pages


def update_italian(content: Path) -> None:
    """`nuffle i18n update it --domain content`, in this process."""
    catalogue, _, _ = load_catalogue()
    po, report = update(load("it", "content"), content_entries(catalogue), "it")
    save(po, locale_path("it", "content"))
    assert report.changed == 1 and report.added == 0  # the one English text edited


def test_an_english_text_changed_after_translation_shows_the_out_of_date_banner(
        content: Path) -> None:
    path = content / ABILITY
    text = path.read_text(encoding="utf-8")
    assert OLD in text.replace("\n  ", " ")
    path.write_text(text.replace("this player can move", "this player may move"),
                    encoding="utf-8")
    update_italian(content)
    entry = next(e for e in polib.pofile(str(content / "locales/it/content.po"))
                 if e.msgctxt == "ability/canny-tracker/text")
    assert "fuzzy" in entry.flags and entry.previous_msgid  # what update made of it
    pages = italian_pages(content, "canny-tracker", "frenzied")
    page = pages["abilities/canny-tracker.md"]
    banner = page[page.index("!!! warning"):page.index("*Abilit")]  # before the kind line
    assert NEW in banner  # the current English, beside the notice
    assert "La prima volta in un turno" in banner  # the old Italian, marked as such
    assert "(out of date)" in banner or "(non aggiornata)" in banner
    assert "translation.md#it" in banner
    assert f"> The first time in a turn that an adjacent opposing player makes a Sidestep " \
           f"action, {NEW}." in page  # the page's text is the current English
    assert "> La prima volta" not in page  # never the stale Italian as the text
    assert "!!!" not in pages["abilities/frenzied.md"]  # a current translation: no banner
    status = pages["translation.md"]
    fuzzy = status[status.index("### Traduzione non aggiornata (1)"):
                   status.index("### Senza traduzione")]  # the Italian page's headings
    assert "[Canny Tracker](abilities/canny-tracker.md)" in fuzzy
    assert "<code>text</code>" in fuzzy


def test_an_english_text_changed_and_not_yet_updated_is_out_of_date_at_once(
        content: Path) -> None:
    """Before `nuffle i18n update` marks the entry fuzzy, its translation was made for the
    old English all the same: the page says so, as the status page already counts it."""
    path = content / ABILITY
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("this player can move", "this player may move"),
                    encoding="utf-8")
    entry = next(e for e in polib.pofile(str(content / "locales/it/content.po"))
                 if e.msgctxt == "ability/canny-tracker/text")
    assert "fuzzy" not in entry.flags and NEW not in entry.msgid  # no update was run
    pages = italian_pages(content, "canny-tracker", "frenzied")
    page = pages["abilities/canny-tracker.md"]
    banner = page[page.index("!!! warning"):page.index("*Abilit")]
    assert NEW in banner and "La prima volta in un turno" in banner
    assert f"> The first time in a turn that an adjacent opposing player makes a Sidestep " \
           f"action, {NEW}." in page
    assert "> La prima volta" not in page  # the Italian of the old English is not the text
    assert "!!!" not in pages["abilities/frenzied.md"]
    status = pages["translation.md"]
    fuzzy = status[status.index("### Traduzione non aggiornata (1)"):
                   status.index("### Senza traduzione")]
    assert "[Canny Tracker](abilities/canny-tracker.md)" in fuzzy


def test_a_scenario_whose_text_changed_shows_the_out_of_date_banner(content: Path) -> None:
    """Scenario pages carry the notice as the items' pages do."""
    from nuffle.sitegen.items import scenario_page
    path = content / "blitz-bowl/scenarios/ability-catchers-instincts.yaml"
    text = path.read_text(encoding="utf-8")
    assert "The Human Thrower throws 4 squares" in text
    path.write_text(text.replace("The Human Thrower throws 4 squares",
                                 "The Human Thrower passes 4 squares"), encoding="utf-8")
    translations.translated.cache_clear()
    catalogue, _, _ = load_catalogue()
    localized, left = localized_catalogue(catalogue, "it")
    site = Site.of(localized, "it")
    site.untranslated = left
    for scenario in ("ability-catchers-instincts", "ability-frenzied"):
        scenario_page(site, localized.get("scenario", scenario, "blitz-bowl"))
    page = site.pages["scenarios/ability-catchers-instincts.md"]
    banner = page[page.index("!!! warning"):page.index("*Scenario")]  # before the kind line
    assert "The Human Thrower passes 4 squares" in banner  # the current English
    assert "Il passaggio resta" in banner  # the old Italian, marked as such
    assert "translation.md#it" in banner
    assert "\nThe Human Thrower passes 4 squares" in page[page.index("*Scenario"):]  # the text
    assert "!!!" not in site.pages["scenarios/ability-frenzied.md"]  # current: no notice


def untranslate(content: Path, context: str) -> str:
    """Empty the Italian of one text of the content copy's catalog; its English."""
    po_path = content / "locales/it/content.po"
    po = polib.pofile(str(po_path))
    entry = next(e for e in po if e.msgctxt == context)
    entry.msgstr = ""
    po.save(str(po_path))
    return entry.msgid


def test_a_missing_translation_shows_the_not_translated_banner(content: Path) -> None:
    english = untranslate(content, "ability/frenzied/text")
    pages = italian_pages(content, "frenzied", "canny-tracker")
    page = pages["abilities/frenzied.md"]
    assert '!!! info "' in page and "!!! warning" not in page
    notice = page[page.index("!!! info"):page.index("*Abilit")]
    assert "<code>text</code>" in notice and english.split()[0] in notice
    assert f"> {english.split('.')[0]}" in page.replace("&#", "")[:100000] or \
        english[:20] in page
    assert "!!!" not in pages["abilities/canny-tracker.md"]
    status = pages["translation.md"]
    missing = status[status.index("### Senza traduzione (1)"):]
    assert "[Frenzied](abilities/frenzied.md)" in missing
    assert "### Traduzione non aggiornata (0)" in status


def test_a_ruling_shown_in_english_says_so_in_the_rulings_log(content: Path) -> None:
    """A ruling has no page of its own: its entry in the rulings log carries the notice."""
    from nuffle.sitegen.indexes import rulings_page
    english = untranslate(content, "ruling/actions-ended-this-turn/ruling")
    translations.translated.cache_clear()
    catalogue, _, _ = load_catalogue()
    localized, left = localized_catalogue(catalogue, "it")
    site = Site.of(localized, "it")
    site.untranslated = left
    rulings_page(site)
    page = site.pages["rulings.md"]
    entries = {chunk.split('"', 1)[0]: chunk for chunk in page.split('id="')[1:]}
    untranslated = entries["actions-ended-this-turn"]
    notice = untranslated[untranslated.index('!!! info "'):untranslated.index("**Domanda.**")]
    assert "<code>ruling</code>" in notice and english.split()[0] in notice
    assert "translation.md#it" in notice
    assert sum("!!!" in chunk for chunk in entries.values()) == 1  # the others: translated


# ---- placeholders ------------------------------------------------------------------------

RENAMED = [  # (context, English, a translation with a renamed field), one per domain
    ("ability/x/text", "{player} may move", "{giocatore} può muoversi"),
    ("narrative/touchdown", "TOUCHDOWN by {player}!", "META di {giocatore}!"),
    ("site/items/source", "Source: {source} ({seed}{where}).", "Fonte: {fonte} ({seed}{where})."),
    ("rules/blitz-bowl/effect/move", "{player} moves [to {square}]",
     "{player} si muove [verso {casella}]"),
]


@pytest.mark.parametrize(("context", "english", "translation"), RENAMED)
def test_a_renamed_field_is_an_error_of_the_check(context: str, english: str,
                                                   translation: str) -> None:
    entry = polib.POEntry(msgctxt=context, msgid=english, msgstr=translation)
    (problem,) = check_entry(entry, [], "it")
    assert problem.code == "I103" and "fields differ" in problem.message
    right = translation.replace("{giocatore}", "{player}").replace("{fonte}", "{source}") \
        .replace("{casella}", "{square}")
    assert check_entry(polib.POEntry(msgctxt=context, msgid=english, msgstr=right), [],
                       "it") == []


def test_a_plural_form_with_a_renamed_field_is_an_error_of_the_check() -> None:
    entry = polib.POEntry(msgctxt="site/x/n", msgid="{n} point", msgid_plural="{n} points",
                          msgstr_plural={0: "{n} punto", 1: "{numero} punti"})
    (problem,) = check_entry(entry, [], "it")
    assert problem.code == "I103" and "plural form 1" in problem.message
    entry.msgstr_plural = {0: "un punto", 1: "{n} punti"}  # a form for one may drop {n}
    assert check_entry(entry, [], "it") == []


def test_reading_a_catalog_warns_of_a_renamed_field_once_and_uses_the_english(
        content: Path, capsys) -> None:
    path = content / "locales/it/narrative.po"
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == "narrative/turn-ended")
    entry.msgstr = entry.msgstr.replace("{team}", "{squadra}")
    hostile = next(e for e in po if e.msgctxt == "narrative/toss-won")
    hostile.msgstr = "\x1b[31m" + hostile.msgstr
    po.save(str(path))
    line = next(e.linenum for e in polib.pofile(str(path)) if e.msgctxt == "narrative/turn-ended")
    texts = translations.by_context("it", "narrative")
    translations.by_context("it", "narrative")  # read once: said once
    assert "narrative/turn-ended" not in texts and "narrative/touchdown" in texts
    err = capsys.readouterr().err
    assert err.count("warning[I103]: `narrative/turn-ended`") == 1
    assert f"narrative.po:{line}: warning[I103]" in err
    assert "['squadra'] in the translation" in err and "the English is used instead" in err
    assert "warning[I105]: `narrative/toss-won`" in err and "\x1b" not in err


def test_a_game_shows_the_english_line_and_warns_of_a_renamed_field(content: Path) -> None:
    path = content / "locales/it/narrative.po"
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == "narrative/turn-ended")
    italian = entry.msgstr
    entry.msgstr = italian.replace("{team}", "{squadra}")
    po.save(str(path))
    done = nuffle(content, "play", "--home", "human", "--away", "dwarf", "--seed", "3",
                  "--lang", "it")
    assert done.returncode == 0, done.stderr
    assert " ends the turn" in done.stdout  # the English line
    assert "{squadra}" not in done.stdout and italian.replace("{team}", "") not in done.stdout
    assert done.stderr.count("warning[I103]: `narrative/turn-ended`") == 1
    assert "narrative.po:" in done.stderr and "Traceback" not in done.stderr
