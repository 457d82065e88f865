""""Rules as interpreted" in Italian: rendered from the AST with the rules catalog's frames
and phrases and the glossary's nouns. The expected sentences were read and checked by hand."""

from __future__ import annotations

import dataclasses

import pytest
from nuffle.dsl import ast
from nuffle.dsl.parser import parse_rules
from nuffle.dsl.render import FRAMES, RulesRenderer
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary, vocabulary_for_edition

from nuffle.catalogue.loader import load_catalogue
from nuffle.i18n.translations import rules_language


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


def italian(catalogue, src: str, game: str = "blitz-bowl") -> list[str]:
    return RulesRenderer(vocabulary(game), {}, rules_language("it", game, catalogue)
                         ).sentences(parse_rules(src))


def test_catchers_instincts_in_italian(catalogue) -> None:
    (sentence,) = italian(catalogue, "after catch where player is self and source is throw:\n"
                                     "    let n = roll d6\n    may free run by self up to n\n")
    # `player is self` goes into the event ("questo giocatore riceve"); the roll is "il tiro"
    assert sentence == ("Dopo che questo giocatore riceve il pallone, se la provenienza è "
                        "Passare: tira 1D6; poi se l’Allenatore vuole, questo giocatore "
                        "effettua un’azione gratuita Correre fino a tante caselle quanto il tiro.")


def test_a_pick_reads_as_that_player(catalogue) -> None:
    (sentence,) = italian(catalogue, "after action where team is own:\n"
                                     "    let p = choose(q in own.players where q is not player)\n"
                                     "    free run by p\n")
    assert sentence == ("Dopo che uno dei tuoi giocatori effettua un’azione: l’Allenatore "
                        "sceglie uno tra i giocatori della tua squadra per cui quel giocatore "
                        "non è il giocatore; poi quel giocatore effettua un’azione gratuita "
                        "Correre.")


def test_articles_agree_and_prepositions_join(catalogue) -> None:
    (sentence,) = italian(catalogue, "modify armour-modifier where attacker is self: "
                                     "change value by -1\n")
    # il modificatore + di il Controllo → del; l’attaccante (elided); da il modificatore → dal
    assert sentence == ("Nel determinare il modificatore del Controllo Armatura, se "
                        "l’attaccante è questo giocatore: sottrai 1 dal modificatore del "
                        "Controllo Armatura.")
    (sentence,) = italian(catalogue, "claim if team.score < opponent.score\n")
    assert "il punteggio della squadra" in sentence  # di + la squadra → della squadra
    (sentence,) = italian(catalogue, "after action once per game: cancel\n")
    assert "(una volta per partita)" in sentence
    (sentence,) = italian(catalogue, "for this action:\n    after move: cancel\n")
    assert sentence.startswith("Fino alla fine di quest’azione")  # elided demonstrative


def test_every_name_the_content_uses_has_an_italian_noun(catalogue) -> None:
    """No English word left in the Italian: every field, attribute and value the rules
    name has its glossary noun (with its gender, for the articles)."""
    names: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, ast.Name | ast.Attr):
            names.add(node.name if isinstance(node, ast.Name) else node.attr.name)
        if dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                walk(getattr(node, f.name))
        elif isinstance(node, list | tuple):
            for x in node:
                walk(x)
    content_ids = {i.id for i in catalogue.sorted_items()}
    for item in catalogue.sorted_items():
        for rules in item.rules:
            if rules.ast is not None:
                walk(rules.ast)
    language = rules_language("it", "blitz-bowl", catalogue)
    missing = sorted(n for n in names if len(n) > 2 and n not in content_ids
                     and f"context/{n}" not in FRAMES and language.lookup(n) is None)
    assert missing == []


def test_all_content_renders_in_italian_without_english_phrases(catalogue) -> None:
    english_words = {"the", "player", "action", "ball", "after", "before", "when", "roll",
                     "coach", "choose", "turn", "team"}
    names = {i.id: str(i.data.get("name", i.id)) for i in catalogue.sorted_items()}
    count = 0
    for item in catalogue.sorted_items():
        if item.edition not in EDITIONS:
            continue
        vocab = vocabulary_for_edition(item.edition)
        renderer = RulesRenderer(vocab, names, rules_language("it", vocab.game, catalogue))
        for rules in item.rules:
            if rules.ast is None:
                continue
            for sentence in renderer.sentences(rules.ast):
                # content names (abilities, balls) stay English by convention: drop them
                text = sentence.replace("Star Player", " ")  # a Blood Bowl name kept in English
                for name in sorted(names.values(), key=len, reverse=True):
                    text = text.replace(name, " ")
                words = {w.strip(".,:;()").lower() for w in text.split()}
                assert not words & english_words, (item.id, sentence)
                count += 1
    assert count > 150
