"""Italian grammar for "rules as interpreted": articles, elision, demonstratives and
prepositions joined to articles, each checked against the rules of Italian by hand."""

from __future__ import annotations

import pytest

from nuffle.i18n.grammar import Noun, grammar_for

# the Italian grammar is data now (content/locales/it/grammar.yaml)
ITALIAN = grammar_for("it")[0]
assert ITALIAN is not None
definite, demonstrative = ITALIAN.definite, ITALIAN.demonstrative
join_prepositions = ITALIAN.join_prepositions


@pytest.mark.parametrize(("noun", "plural", "expected"), [
    (Noun("giocatore", "m", "giocatori"), False, "il giocatore"),
    (Noun("giocatore", "m", "giocatori"), True, "i giocatori"),
    (Noun("scatto", "m", "scatti"), False, "lo scatto"),  # s + consonant
    (Noun("zaino", "m", "zaini"), False, "lo zaino"),
    (Noun("scatto", "m", "scatti"), True, "gli scatti"),
    (Noun("avversario", "m", "avversari"), False, "l’avversario"),  # elided
    (Noun("avversario", "m", "avversari"), True, "gli avversari"),
    (Noun("squadra", "f", "squadre"), False, "la squadra"),
    (Noun("azione", "f", "azioni"), False, "l’azione"),
    (Noun("azione", "f", "azioni"), True, "le azioni"),
    (Noun("Hand-Off", "m", "Hand-Off"), False, "l’Hand-Off"),  # h is silent
])
def test_definite_article_agrees_and_elides(noun: Noun, plural: bool, expected: str) -> None:
    assert definite(noun, plural) == expected


def test_demonstrative_agrees_and_elides() -> None:
    assert demonstrative(Noun("turno", "m")) == "questo turno"
    assert demonstrative(Noun("partita", "f")) == "questa partita"
    assert demonstrative(Noun("azione", "f")) == "quest’azione"


@pytest.mark.parametrize(("text", "expected"), [
    ("il turno di il giocatore", "il turno del giocatore"),
    ("di la squadra", "della squadra"),
    ("a l’azione", "all’azione"),
    ("da lo scatto", "dallo scatto"),
    ("in la Zona Finale", "nella Zona Finale"),
    ("su i giocatori", "sui giocatori"),
    ("di gli avversari", "degli avversari"),
    ("Di il giocatore", "Del giocatore"),
    ("la squadra di Lucia", "la squadra di Lucia"),  # no article: nothing to join
    ("una casella libera", "una casella libera"),
])
def test_prepositions_join_their_articles(text: str, expected: str) -> None:
    assert join_prepositions(text) == expected
