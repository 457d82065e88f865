"""How the rules parser is loaded (nuffle.dsl.parser): Lark is imported without `regex` and
`interegular` (nothing of this parser uses them) and the grammar built without strict mode;
this file checks that this changes nothing: the grammar, built in strict mode with both, has
no conflict, and parses every bundled rules text into the same tree, token for token."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from nuffle.dsl.parser import _parser

from nuffle.catalogue.loader import load_catalogue

# in a fresh interpreter, with `regex` and `interegular` importable: the grammar in strict
# mode (an error on any conflict or colliding terminals), and its trees of the texts on stdin
STRICT = """
import json, sys
import interegular, regex
from lark import Lark
from nuffle.dsl.parser import GRAMMAR_PATH, OPTIONS, RulesIndenter
from lark.lexer import has_interegular
assert has_interegular
parser = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), postlex=RulesIndenter(), strict=True,
              **OPTIONS)
sys.path.insert(0, sys.argv[1])
from test_parser_loading import shape
print(json.dumps([shape(parser.parse(text)) for text in json.load(sys.stdin)]))
"""


def shape(node: object) -> object:
    """A parse tree as JSON: each rule's name and children, each token's type, text and
    place."""
    if hasattr(node, "data"):
        return [str(node.data), [shape(child) for child in node.children]]
    if node is None:
        return None
    return [node.type, str(node), node.line, node.column, node.end_line, node.end_column]


def test_the_lenient_parser_parses_as_the_strict_one() -> None:
    catalogue, _, _ = load_catalogue()
    texts = sorted({rules.source if rules.source.endswith("\n") else rules.source + "\n"
                    for item in catalogue.items.values() for rules in item.rules
                    if rules.parsed})
    assert len(texts) > 200
    done = subprocess.run([sys.executable, "-c", STRICT, os.path.dirname(__file__)],
                          input=json.dumps(texts), capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    strict = json.loads(done.stdout)
    assert [shape(_parser().parse(text)) for text in texts] == strict


PROBE = """
import json, sys
from nuffle.dsl.parser import parse_rules
parse_rules("after catch:\\n    reroll\\n")
hidden = [name for name in ("regex", "interegular") if name in sys.modules]
import regex  # importable again
print(json.dumps(hidden))
"""


def test_parsing_imports_neither_regex_nor_interegular() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
