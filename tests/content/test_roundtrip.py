"""Every rules text in the content parses, renders canonically and parses to the same AST."""

from __future__ import annotations

import pytest
from nuffle.dsl import ast
from nuffle.dsl.parser import parse_rules
from nuffle.dsl.render import EnglishRenderer, render_source
from nuffle.interpreter.vocabulary import vocabulary_for_edition

from nuffle.catalogue.loader import load_catalogue

CATALOGUE, _, _ = load_catalogue()
RULES = [(item, rules) for item in CATALOGUE.sorted_items() for rules in item.rules]


def test_there_are_rules_to_check() -> None:
    assert len(RULES) > 100


@pytest.mark.parametrize("item,rules", RULES,
                         ids=[f"{i.ref}:{'/'.join(map(str, r.path))}" for i, r in RULES])
def test_rules_round_trip(item, rules) -> None:
    assert rules.ast is not None
    canonical = render_source(rules.ast)
    again = parse_rules(canonical)
    assert again == rules.ast
    assert render_source(again) == canonical
    sentences = EnglishRenderer(vocabulary_for_edition(item.edition)).sentences(rules.ast)
    # one sentence per top-level clause, but a `let` that only names something reads where
    # the name is used
    namings = sum(isinstance(i, ast.Let) for i in rules.ast.items)
    assert len(rules.ast.items) - namings <= len(sentences) <= len(rules.ast.items)
    assert all(s.endswith(".") for s in sentences)
