"""Each game's glossary is checked in its own game's texts: Blitz Bowl's terms ("Throw" is
"Passare") are not asked of a Blood Bowl text, and Blood Bowl's ("tackle zone" is "Zona di
Placcaggio") are; a text no game owns (the site's interface) is checked against both."""

from __future__ import annotations

import json
from pathlib import Path

import polib
import pytest
from nuffle.interpreter.vocabulary import GAMES

from nuffle.catalogue.loader import load_catalogue
from nuffle.i18n.checks import check_entry, glossary_game, glossary_terms
from nuffle.i18n.grammar import glossary_nouns
from nuffle.paths import content_dir, schema_dir

BLITZ_BOWL = "ability/frenzied/text"  # a Blitz Bowl item's text (edition blitz-bowl-s2)
BLOOD_BOWL = "ruling/bb-foul-assists/ruling"  # a Blood Bowl item's text (edition pbbl-1-10)


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


@pytest.fixture(scope="module")
def glossary(catalogue):
    return glossary_terms(catalogue, "it")


def _entry(context: str, msgid: str, msgstr: str, source: str = "") -> polib.POEntry:
    entry = polib.POEntry(msgctxt=context, msgid=msgid, msgstr=msgstr,
                          occurrences=[(source, "")] if source else [])
    entry.linenum = 7
    return entry


def _terms(glossary, entry: polib.POEntry) -> list[str]:
    """The glossary terms an entry's translation is said to miss."""
    return [p.message.split("“")[1].split("”")[0] for p in check_entry(entry, glossary, "it")
            if p.code == "I102"]


def test_each_glossary_names_its_game(catalogue) -> None:
    games = {item.id: glossary_game(item) for item in catalogue.of_kind("glossary")}
    assert games == {"blitz-bowl-terms": "blitz-bowl", "blood-bowl-terms": "blood-bowl"}


def test_a_glossary_without_a_game_takes_its_editions(catalogue) -> None:
    item = catalogue.get("glossary", "blitz-bowl-terms")
    data = {k: v for k, v in item.data.items() if k != "game"}
    bare = type(item)(item.kind, item.id, item.path, data, item.doc)
    assert glossary_game(bare) == "blitz-bowl"


def test_entries_belong_to_their_items_game(glossary) -> None:
    assert glossary.game_of(_entry(BLITZ_BOWL, "x", "x")) == "blitz-bowl"
    assert glossary.game_of(_entry(BLOOD_BOWL, "x", "x")) == "blood-bowl"
    # an item of the same kind and id as another game's has its game in its context
    assert glossary.game_of(_entry("blood-bowl:team/orc/name", "x", "x")) == "blood-bowl"
    assert glossary.game_of(_entry("team/orc/name", "x", "x")) == "blitz-bowl"
    assert glossary.game_of(_entry("narrative/blood-bowl/turnover", "x", "x",
                                   "interpreter/blood_bowl/messages.py")) == "blood-bowl"
    assert glossary.game_of(_entry("narrative/touchdown", "x", "x",
                                   "interpreter/blitz_bowl/messages.py")) == "blitz-bowl"
    assert glossary.game_of(_entry("rules/blood-bowl/event/move", "x", "x")) == "blood-bowl"
    assert glossary.game_of(_entry("rules/frame/if", "x", "x", "nuffle/dsl/render.py")) == ""
    assert glossary.game_of(_entry("site", "x", "x", "site/sitegen/items.py")) == ""


def test_a_blitz_bowl_term_is_not_enforced_on_a_blood_bowl_text(glossary) -> None:
    english, italian = "Throw the ball.", "Lancia il pallone."
    assert _terms(glossary, _entry(BLITZ_BOWL, english, italian)) == ["Throw"]
    assert _terms(glossary, _entry(BLOOD_BOWL, english, italian)) == []


def test_a_blood_bowl_term_is_enforced_on_a_blood_bowl_text(glossary) -> None:
    english = "The player leaves a tackle zone."
    wrong, right = "Il giocatore esce da una zona di contrasto.", \
        "Il giocatore esce da una Zona di Placcaggio."
    assert _terms(glossary, _entry(BLOOD_BOWL, english, wrong)) == ["tackle zone"]
    assert _terms(glossary, _entry(BLOOD_BOWL, english, right)) == []
    # Blitz Bowl has no tackle zones: its glossary does not know the term
    assert _terms(glossary, _entry(BLITZ_BOWL, english, wrong)) == []


def test_the_blood_bowl_play_by_play_is_checked_with_the_blood_bowl_glossary(glossary) -> None:
    entry = _entry("narrative/blood-bowl/x", "{player} is Stunned", "{player} è tramortito",
                   "interpreter/blood_bowl/messages.py")
    assert _terms(glossary, entry) == ["Stunned"]


def test_a_shared_text_is_checked_against_every_glossary(glossary) -> None:
    # the site's interface belongs to no game: both games' terms are asked of it
    blitz = _entry("site", "Throw", "Lancia", "site/sitegen/items.py")
    blood = _entry("site", "Casualty", "Ferito", "site/sitegen/items.py")
    assert _terms(glossary, blitz) == ["Throw"]
    assert _terms(glossary, blood) == ["Casualty"]
    # a term both glossaries have is asked once, either game's rendering accepted
    both = _entry("site", "touchdown", "Meta", "site/sitegen/items.py")
    assert _terms(glossary, both) == []


def test_a_plain_list_of_terms_is_checked_everywhere() -> None:
    entry = _entry(BLOOD_BOWL, "Throw the ball.", "Lancia il pallone.")
    assert [p.code for p in check_entry(entry, [("Throw", ["Passare"])], "it")] == ["I102"]


def test_the_blood_bowl_renderings_are_those_of_the_italian_rules_pages(catalogue) -> None:
    """The Blood Bowl glossary takes its terms from the Italian rules pages; the three the
    pages do not write come from the tables' Italian texts and the rules phrases."""
    folder = content_dir().parent / "site/docs/blood-bowl/rules"
    pages = " ".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.it.md")))
    pages = pages.casefold().replace("\u2019", "'")
    item = catalogue.get("glossary", "blood-bowl-terms")
    missing = [t["id"] for t in item.data["terms"] if t["category"] != "rules-noun"
               and not any(r.casefold().replace("\u2019", "'") in pages
                          for r in [t["it"]["term"], t["it"]["plural"], *t["it"].get("forms", [])])]
    assert missing == ["prayers-to-nuffle", "bribe", "star-player-points"]


def test_blood_bowl_rules_read_with_their_own_nouns(catalogue) -> None:
    """Rules as interpreted: Blood Bowl's words from its glossary, the renderer's words
    (rules nouns) as before, and Blitz Bowl's rendering unchanged by Blood Bowl's terms."""
    blood = glossary_nouns(catalogue, "it", "blood-bowl")
    blitz = glossary_nouns(catalogue, "it", "blitz-bowl")
    assert blood["both down"].term == "Entrambi Atterrati"
    assert blood["weather"].term == blitz["weather"].term == "condizione meteo"  # rules noun
    assert blitz["knocked down"].term == "Atterrato"


def test_the_schema_names_every_game_a_glossary_may_belong_to() -> None:
    schema = json.loads((Path(schema_dir()) / "glossary.schema.json").read_text(encoding="utf-8"))
    assert set(schema["properties"]["game"]["enum"]) == set(GAMES)
    assert "game" not in schema["required"]  # a glossary without one takes its edition's
