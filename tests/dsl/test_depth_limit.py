"""One nesting limit that every stage honours: rules as deep as the parser allows go through
the checker, the canonical and the English and Italian renderers, the export and the compiler
without a RecursionError (the audit found 200 nested `if`s passing `check`, then crashing
`export`, `site build` and `i18n update`); one level more is E104 at parse time."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import replace

import pytest
from nuffle.dsl.checker import check_rules
from nuffle.dsl.parser import RulesSyntaxError, parse_rules
from nuffle.dsl.render import RulesRenderer, render_source
from nuffle.interpreter.compiler import Compiler
from nuffle.interpreter.vocabulary import vocabulary

from nuffle.catalogue.export import export_item
from nuffle.catalogue.loader import load_catalogue

FORMS = {
    "if": lambda n: "after catch:\n" + "".join("    " * (i + 1) + "if true:\n" for i in range(n))
    + "    " * (n + 1) + "reroll\n",
    "not": lambda n: "after catch where " + "not " * n + "true:\n    reroll\n",
    "plus": lambda n: "after catch where 1" + " + 1" * n + " > 2:\n    reroll\n",
    "minus": lambda n: "after catch where 1" + " - 1" * n + " > 2:\n    reroll\n",
    "attribute": lambda n: "after catch where self.team" + ".opponent" * n + " is own:\n"
    "    reroll\n",
    "list": lambda n: "after catch where 1 in " + "[" * n + "1" + "]" * n + ":\n    reroll\n",
    "for-this": lambda n: "after catch:\n" + "".join(
        "    " * (2 * i + 1) + "for this turn:\n" + "    " * (2 * i + 2) + "after catch:\n"
        for i in range(n)) + "    " * (2 * n + 1) + "reroll\n",
    "may-if": lambda n: "after catch:\n" + "".join(
        "    " * (2 * i + 1) + "may:\n" + "    " * (2 * i + 2) + "if true:\n" for i in range(n))
    + "    " * (2 * n + 1) + "reroll\n",
}


def parses(text: str) -> bool:
    try:
        parse_rules(text)
    except RulesSyntaxError as err:
        assert err.diagnostic.code in ("E104", "E105"), err.diagnostic
        return False
    return True


def deepest(form: str) -> int:
    """The largest nesting of ``form`` the parser accepts (the limits are monotonic)."""
    make = FORMS[form]
    low, high = 1, 2
    while parses(make(high)):
        low, high = high, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if parses(make(mid)) else (low, mid)
    return low


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


@pytest.mark.parametrize("form", sorted(FORMS))
def test_the_deepest_rules_the_parser_accepts_go_through_every_stage(form, catalogue) -> None:
    n = deepest(form)
    assert n >= 5, "the limit leaves room for real rules"
    vocab = vocabulary("blitz-bowl")
    from nuffle.i18n.translations import rules_language
    italian = rules_language("it", "blitz-bowl", catalogue)
    with tight_stack(HEADROOM):
        every_stage(FORMS[form](n), vocab, italian, catalogue)
    # one level more is refused where rules are read
    with pytest.raises(RulesSyntaxError) as err:
        parse_rules(FORMS[form](n + 1))
    assert err.value.diagnostic.code in ("E104", "E105")


# Python's default recursion limit is 1,000: every stage must work at the deepest rules with
# less than half of it, so a caller's own frames never tip it over.
HEADROOM = 450


def every_stage(text: str, vocab, italian, catalogue) -> None:
    rules = parse_rules(text)
    from nuffle.dsl.diagnostics import SourceMap
    diags = check_rules(rules, vocab, "ability", SourceMap.identity("x"))
    assert [d.code for d in diags if d.code not in ("T201", "T213", "T214")] == []
    # the canonical source reads back to the same rules
    assert parse_rules(render_source(rules)) == rules
    assert RulesRenderer(vocab).sentences(rules)
    assert RulesRenderer(vocab, {}, italian).sentences(rules)
    compiled = Compiler(vocab).compile(rules)
    assert len(compiled.hooks) == 1
    item = next(i for i in catalogue.of_kind("ability") if i.rules)
    source = replace(item.rules[0], ast=rules)
    assert export_item(replace(item, rules=[source]))["fields"]


@contextmanager
def tight_stack(frames: int):
    """Run with only ``frames`` Python frames to spare: a stage that passes here has at least
    the rest of the interpreter's recursion limit as headroom."""
    depth = 0
    frame = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(saved)
