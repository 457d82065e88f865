"""`nuffle i18n check`: each check with a wrong and a right translation (numbers with their
signs and in words, glossary terms counted per use, every placeholder form, markup and
control characters)."""

from __future__ import annotations

import polib
import pytest

from nuffle.i18n.checks import check_entry, numbers


def _entry(msgid: str, msgstr: str, flags: list[str] | None = None) -> polib.POEntry:
    e = polib.POEntry(msgctxt="ball/x/text", msgid=msgid, msgstr=msgstr, flags=flags or [])
    e.linenum = 7
    return e


def codes(msgid: str, msgstr: str, glossary: list | None = None) -> list[str]:
    return [p.code for p in check_entry(_entry(msgid, msgstr), glossary or [], "it")]


# ---- I101: numbers, signs, number words -------------------------------------------------

@pytest.mark.parametrize("translation", ["un modificatore di -1", "un modificatore di \u22121",
                                         "un modificatore di \u20131"])
def test_a_minus_sign_in_any_glyph_is_the_same_modifier(translation: str) -> None:
    assert codes("a -1 modifier", translation) == []


def test_a_modifier_whose_sign_flips_is_caught() -> None:
    problems = check_entry(_entry("a -1 modifier to the roll", "un modificatore di +1"), [])
    assert [p.code for p in problems] == ["I101"]
    assert "the English has -1" in problems[0].message
    assert "the translation has +1" in problems[0].message
    assert codes("gain +2", "ottiene \u22122") == ["I101"]


def test_a_range_is_not_a_signed_number() -> None:
    assert numbers("on a 1-3") == numbers("con un 1\u20133") == {"1": 1, "3": 1}
    assert codes("On a 1-3 the half ends.", "Con un 1\u20133 il tempo termina.") == []
    assert codes("a target of 4+", "un obiettivo di 4+") == []


def test_number_words_count_as_numbers_on_each_side() -> None:
    assert codes("Move two squares.", "Muovi di tre caselle.") == ["I101"]
    assert codes("Move two squares.", "Muovi di due caselle.") == []
    assert codes("Move two squares.", "Muovi di 2 caselle.") == []
    assert codes("Move 2 squares.", "Muovi di due caselle.") == []
    assert codes("Roll twelve dice.", "Tira dodici dadi.") == []
    assert codes("Roll twelve dice.", "Tira undici dadi.") == ["I101"]
    assert codes("It happens twice.", "Succede due volte.") == []


def test_articles_are_not_numbers() -> None:
    assert numbers("one player takes a ball") == {}
    assert numbers("un giocatore, uno scatto, una palla", "it") == {}
    assert codes("One player takes a ball.", "Un giocatore prende una palla.") == []


def test_sei_is_six_only_where_the_english_has_a_six() -> None:
    # "sei" is also "you are"
    assert codes("If you are the active player, roll.", "Se sei il giocatore attivo, tira.") == []
    assert codes("Roll six dice.", "Tira sei dadi.") == []
    assert codes("Roll six dice.", "Tira cinque dadi.") == ["I101"]


def test_of_the_two_is_a_number_only_where_the_english_has_a_two() -> None:
    assert codes("Neither coach rolls.", "Nessuno dei due Allenatori tira.") == []
    assert codes("The size of the two pitches", "Le dimensioni dei due campi") == []
    assert codes("The size of the three pitches", "Le dimensioni dei due campi") == ["I101"]


# ---- I102: glossary terms, as many times as the English uses them -----------------------

BLOCK = [("Block", ["Blocco", "Blocchi"])]


def test_a_game_term_used_twice_is_rendered_twice() -> None:
    assert codes("Block, then Block again.", "Blocco, poi di nuovo Blocco.", BLOCK) == []
    problems = check_entry(_entry("Block, then Block again.", "Blocco, poi di nuovo."), BLOCK)
    assert [p.code for p in problems] == ["I102"]
    assert "(2 times in the English, 1 in the translation)" in problems[0].message


def test_a_common_noun_is_rendered_at_least_once() -> None:
    """Italian says "quella" (that one) rather than repeat "la squadra"."""
    glossary = [("team", ["squadra", "squadre"])]
    assert codes("First the team that did not play, then the team that did.",
                 "Prima la squadra che non ha giocato, poi quella che ha giocato.",
                 glossary) == []
    assert codes("First the team that did not play.", "Prima quella che non ha giocato.",
                 glossary) == ["I102"]


def test_renderings_are_taken_longest_first() -> None:
    """The "palloni speciali" of "mazzo dei palloni speciali" (the ball deck) is not also
    the special ball's rendering."""
    glossary = [("ball deck", ["mazzo dei palloni speciali"]),
                ("special ball", ["pallone speciale", "palloni speciali"])]
    assert codes("Build the ball deck (Special Ball rules).",
                 "Forma il mazzo dei palloni speciali (regole dei Palloni Speciali).",
                 glossary) == []
    assert codes("Build the ball deck (Special Ball rules).",
                 "Forma il mazzo dei palloni speciali (regole).", glossary) == ["I102"]


def test_a_glossary_exception_is_not_checked() -> None:
    entry = _entry("Block, then Block again.", "Blocco, poi di nuovo.", ["glossary-exception"])
    assert check_entry(entry, BLOCK) == []


# ---- I103: every form of placeholder ------------------------------------------------------

@pytest.mark.parametrize("translation", [
    "{{player}} segna",  # a literal brace, not a field
    "{player.name} segna", "{player[0]} segna", "{player!r} segna", "{player:>10} segna",
    "{team.nope} segna", "{team.__class__} segna",
    "{0} segna",  # a field the English does not have
    "{player} segna {extra}", "{giocatore} segna", "segna",
    "{player segna", "{player} segna }",
])
def test_a_broken_or_foreign_field_is_caught(translation: str) -> None:
    problems = check_entry(_entry("{player} scores", translation), [])
    assert [p.code for p in problems] == ["I103"], translation
    assert "the English is shown instead" in problems[0].message


def test_kept_fields_pass_in_any_order_and_with_their_article() -> None:
    assert codes("{player} scores for {team}", "{team} segna con {player}") == []
    assert codes("{owner}'s {attribute}", "{the_attribute} di {owner}") == []
    assert codes("{0} is adjacent to {1}", "{0} è adiacente a {1}") == []
    assert codes("a {{brace}} and {player}", "una {{graffa}} e {player}") == []


def test_printf_placeholders_are_kept() -> None:
    assert codes("%d things", "%d cose") == []
    assert codes("%d things", "alcune cose") == ["I103"]


# ---- I105: markup and control characters --------------------------------------------------

@pytest.mark.parametrize("translation", [
    "{player} segna<script>alert()</script>", "{player} segna \x1b[31m",
    "{player} \u202esegna", "[{player}](javascript:alert()) segna",
    "{player} segna{: onclick=x}", "{player} segna &#x3c;",
])
def test_markup_or_control_characters_the_english_lacks_are_caught(translation: str) -> None:
    problems = check_entry(_entry("{player} scores", translation), [])
    assert [p.code for p in problems] == ["I105"], translation
    assert "the English is shown instead" in problems[0].message


def test_markup_the_english_has_may_stay() -> None:
    assert codes("read the [guide]({guide})", "leggi la [guida]({guide})") == []
