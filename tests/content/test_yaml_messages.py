"""YAML syntax errors read in words, at the place of the mistake, with a hint (issue 14).

Each case is a mistake an author can make; the place, message and hint were checked by
hand against the text. The parser's own words follow the message in brackets: these are
libyaml's (the parser used where it is installed, as in the project's wheels).
"""

from __future__ import annotations

import pytest
import yaml

import nuffle.catalogue.yaml_source as yaml_source
from nuffle.catalogue.yaml_messages import FALLBACK
from nuffle.catalogue.yaml_source import load_yaml

QUOTE_HINT = ("a value that starts with a quote must end with the same quote; to keep quotes "
              "inside a value, quote the whole value with the other kind ('a \"b\" c'), and "
              "inside '…' write an apostrophe as ''")
INDENT_HINT = "keys of one mapping start in the same column, and so do the `- ` of one list"
TAB_HINT = "replace the tab with spaces"
DIRECTIVE = "a line starting with `%` is a YAML directive, which content files do not use"
DIRECTIVE_HINT = "remove the line, or quote the value that starts with `%`"
BLOCK = ("after `|` or `>` only `-`, `+` or a digit 1-9 may follow on the line: the text "
         "itself starts on the next line")
BLOCK_HINT = ("write `|`, `|-`, `>` or `>-` after the key, and the text indented on the lines "
              "below")
ESCAPE = "inside \"…\" a backslash starts an escape such as `\\n`, and this one is not valid"
ESCAPE_HINT = ("write a backslash as `\\\\` inside \"…\", or quote the value with '…', where a "
               "backslash is itself")
NO_COLON_HINT = ("write a colon and a space after the key (`kind: ability`); a line that "
                 "continues the text above must be indented more than its key")

# (name, text, line, column, message, hint)
CASES = [
    ("unclosed double quote: at the opening quote, saying where the file ends",
     'kind: ability\nname: "Stand Firm\nid: x\n', 2, 7,
     "YAML syntax: the quote opened here is never closed, so the rest of the file (to line 3) "
     "is read as its text (found unexpected end of stream while scanning a quoted scalar)",
     QUOTE_HINT),
    ("unclosed single quote on the last line",
     "kind: ability\nname: 'Stand Firm", 2, 7,
     "YAML syntax: the quote opened here is never closed, so the rest of the file (to line 2) "
     "is read as its text (found unexpected end of stream while scanning a quoted scalar)",
     QUOTE_HINT),
    ("an apostrophe inside single quotes ends them",
     "kind: ability\nname: 'Don't stop'\n", 2, 12,
     "YAML syntax: more text after the closing quote: a quoted value ends at its closing quote "
     "(did not find expected key while parsing a block mapping)", QUOTE_HINT),
    ("text after a quoted word",
     'kind: ability\nname: "Sure" Hands\n', 2, 14,
     "YAML syntax: more text after the closing quote: a quoted value ends at its closing quote "
     "(did not find expected key while parsing a block mapping)", QUOTE_HINT),
    ("unclosed [ : at the bracket",
     "kind: team\nskills: [a, b\nnormal: [general]\n", 2, 9,
     "YAML syntax: the list opened with `[` here is never closed (did not find expected ',' "
     "or ']' while parsing a flow sequence)",
     "end the list with `]` (`[a, b]`), or write it one `- ` item per line"),
    ("unclosed { at the end of the file",
     "kind: ability\nsource: {seed: a.txt, page: 3\n", 2, 9,
     "YAML syntax: the mapping opened with `{` here is never closed (did not find expected "
     "',' or '}' while parsing a flow mapping)",
     "end it with `}` (`{key: value, key: value}`), or write one `key: value` per line"),
    ("`: ` inside {…}",
     "kind: ability\nsource: {seed: a, page: 9: x}\n", 2, 26,
     "YAML syntax: inside `{…}`, a `,` or the closing `}` should come here (did not find "
     "expected ',' or '}' while parsing a flow mapping)",
     "separate entries with `, `; quote a value that contains `: `, `,`, `{` or `}`"),
    ("a stray ]",
     "kind: ability\nrulings: [a]]\n", 2, 13,
     "YAML syntax: `]` closes a bracket that was never opened (did not find expected key "
     "while parsing a block mapping)", "remove it, or add the `[` or `{` it should close"),
    ("a stray ] after a list item",
     "balls:\n  - {at: [8, 3]}]\n", 2, 17,
     "YAML syntax: `]` closes a bracket that was never opened (did not find expected '-' "
     "indicator while parsing a block collection)",
     "remove it, or add the `[` or `{` it should close"),
    ("a leading comma inside [...]",
     "kind: ability\nrulings: [, a]\n", 2, 11,
     "YAML syntax: a value should come here, inside `[…]` or `{…}` (did not find expected "
     "node content while parsing a flow node)",
     "separate items with single commas (`[a, b]`); quote an item that starts with `-`, `,`, "
     "`:` or `?`"),
    ("the file ends after [",
     "kind: ability\nrulings: [", 2, 11,
     "YAML syntax: the file ends inside `[…]` or `{…}` (did not find expected node content "
     "while parsing a flow node)", "close every `[` with `]` and every `{` with `}`"),
    ("a key indented one more than the key above",
     "kind: ability\n id: x\n", 2, 4,
     "YAML syntax: this line is indented more than the line above, so it is read as more of "
     "that line's value, where `: ` cannot come unquoted (mapping values are not allowed in "
     "this context)",
     "if it is a new key, start it in the same column as the keys above; if it is text, quote "
     "the whole value or write it as a block (`>-` and the text indented below)"),
    ("a nested key indented one less than its neighbours",
     "setup:\n  pitch: a\n home: b\n", 3, 2,
     "YAML syntax: this line is indented by 1 space, which lines up with no key above it "
     "(did not find expected key while parsing a block mapping)", INDENT_HINT),
    ("a list item indented one more than the others",
     "positions:\n  - id: a\n   - id: b\n", 3, 4,
     "YAML syntax: this list item lines up with no item of the list that starts at line 2 "
     "(did not find expected '-' indicator while parsing a block collection)", INDENT_HINT),
    ("a key indented between a list's `- ` and its item's keys",
     "positions:\n  - id: a\n   max: 1\n", 3, 4,
     "YAML syntax: this line is indented by 3 spaces: more than the `- ` of the list that "
     "starts at line 2, but not as much as the keys of its item (did not find expected '-' "
     "indicator while parsing a block collection)", INDENT_HINT),
    ("a list item indented one less than the others",
     "positions:\n  - id: a\n - id: b\n", 3, 2,
     "YAML syntax: a list item `- ` where the mapping expects `key: value` (did not find "
     "expected key while parsing a block mapping)",
     "a list belongs under a key (`skills:` and then its `- ` items indented below it); "
     + INDENT_HINT),
    ("a list item among the keys of a mapping",
     "kind: ability\n- id: x\n", 2, 1,
     "YAML syntax: a list item `- ` where the mapping expects `key: value` (did not find "
     "expected key while parsing a block mapping)",
     "a list belongs under a key (`skills:` and then its `- ` items indented below it); "
     + INDENT_HINT),
    ("a key among the items of a list",
     "decisions:\n  - a\n  - b\n  expect: 1\n", 4, 3,
     "YAML syntax: a `key:` among the items of the list that starts at line 2, where each "
     "item starts with `- ` (did not find expected '-' indicator while parsing a block "
     "collection)",
     "to end the list, start the key in the column of the key that holds the list; to make "
     "it an item, start it with `- `"),
    ("a tab indenting a key",
     "setup:\n\tpitch: a\n", 2, 1,
     "YAML syntax: a tab character: YAML indents with spaces only (found character that "
     "cannot start any token while scanning for the next token)", TAB_HINT),
    ("a tab indenting a block of text",
     "text: |\n  a\n\tb\n", 3, 1,
     "YAML syntax: a tab character: YAML indents with spaces only (found a tab character "
     "where an indentation space is expected while scanning a block scalar)", TAB_HINT),
    ("`: ` inside an unquoted value",
     "kind: ability\nname: Assisted block: two dice\n", 2, 21,
     "YAML syntax: `: ` inside a value that is not quoted (mapping values are not allowed in "
     "this context)",
     "a value containing ': ' must be quoted (`name: 'a: b'`) or written as a block (`>-` and "
     "the text indented below)"),
    ("a key without its colon",
     "kind: ability\nname Stand Firm\nid: x\n", 2, 1,
     "YAML syntax: this line is not `key: value`: there is no `: ` after its key (could not "
     "find expected ':' while scanning a simple key)", NO_COLON_HINT),
    ("a key without value, indented like a key",
     "setup:\n  pitch: a\n  home\n", 3, 3,
     "YAML syntax: this line is not `key: value`: there is no `: ` after its key (could not "
     "find expected ':' while scanning a simple key)", NO_COLON_HINT),
    ("@ starting a value",
     "kind: ability\nname: @home\n", 2, 7,
     "YAML syntax: a value cannot start with `@` (found character that cannot start any token "
     "while scanning for the next token)", "put the whole value in quotes: '…'"),
    ("a backtick starting a value",
     "kind: ability\nname: `x` y\n", 2, 7,
     "YAML syntax: a value cannot start with a backtick (`) (found character that cannot "
     "start any token while scanning for the next token)", "put the whole value in quotes: '…'"),
    ("* starting a value",
     "text: *bold* move\n", 1, 7,
     "YAML syntax: `*` at the start of a value names an alias (a copy of a value marked "
     "`&name`) (did not find expected alphabetic or numeric character while scanning an "
     "alias)", "quote a value that starts with `*`: `text: '*bold* move'`"),
    ("& starting a value",
     "name: & more\n", 1, 7,
     "YAML syntax: `&` at the start of a value names an anchor (`&name`) (did not find "
     "expected alphabetic or numeric character while scanning an anchor)",
     "quote a value that starts with `&`: `name: '& more'`"),
    ("two anchors on one value",
     "kind: &a &b ability\n", 1, 10,
     "YAML syntax: a value can have only one anchor `&name` (did not find expected key while "
     "parsing a block mapping)", "remove the second `&name`"),
    ("a % directive after the content",
     "kind: ability\n%YAML 1.1\n", 2, 1,
     f"YAML syntax: {DIRECTIVE} (did not find expected <document start>)", DIRECTIVE_HINT),
    ("an unknown % directive first",
     "%FOO\nkind: ability\n", 1, 1,
     f"YAML syntax: {DIRECTIVE} (found unknown directive name while scanning a directive)",
     DIRECTIVE_HINT),
    ("content after ...",
     "kind: ability\n...\nkind: ball\n", 2, 1,
     "YAML syntax: `...` ends the YAML document, and the file goes on after it (did not find "
     "expected <document start>)", "remove the `...` line: a content file holds one item"),
    ("the first key indented, the next not",
     "  kind: ability\nid: x\n", 2, 1,
     "YAML syntax: this line is less indented than the first line of the file (did not find "
     "expected <document start>)",
     "start the top-level keys in column 1, with no spaces before them"),
    ("a letter after |",
     "kind: ability\ntext: |x\n  a\n", 2, 7,
     f"YAML syntax: {BLOCK} (did not find expected comment or line break while scanning a "
     "block scalar)", BLOCK_HINT),
    ("text on the line of >",
     "kind: ability\ntext: > some text\n  a\n", 2, 7,
     f"YAML syntax: {BLOCK} (did not find expected comment or line break while scanning a "
     "block scalar)", BLOCK_HINT),
    ("|0",
     "kind: ability\ntext: |0\n  a\n", 2, 7,
     f"YAML syntax: {BLOCK} (found an indentation indicator equal to 0 while scanning a block "
     "scalar)", BLOCK_HINT),
    ("an unknown escape in double quotes",
     'kind: ability\nname: "a\\qb"\n', 2, 9,
     f"YAML syntax: {ESCAPE} (found unknown escape character while parsing a quoted scalar)",
     ESCAPE_HINT),
    ("a Windows path in double quotes",
     'kind: ability\nname: "C:\\x"\n', 2, 12,
     f"YAML syntax: {ESCAPE} (did not find expected hexdecimal number while parsing a quoted "
     "scalar)", ESCAPE_HINT),
    ("! starting a value",
     "kind: !x!y ability\n", 1, 7,
     "YAML syntax: `!` at the start of a value is a YAML tag, which content files do not use "
     "(found undefined tag handle while parsing a node)",
     "quote a value that starts with `!`, or remove the tag"),
    ("a control character",
     "kind: ability\nname: a\x01b\n", 2, 8,
     "YAML: the character U+0001 is a control character, which YAML does not allow",
     "delete it: most editors do not show it (it often comes with text copied from a PDF or a "
     "word processor)"),
    ("a control character after accented letters (libyaml counts bytes)",
     "kind: ability\nname: perché è così\x01b\n", 2, 20,
     "YAML: the character U+0001 is a control character, which YAML does not allow",
     "delete it: most editors do not show it (it often comes with text copied from a PDF or a "
     "word processor)"),
    ("an alias that names no anchor",
     "kind: ability\nname: *x\n", 2, 7,
     "the alias `*x` names no anchor",
     "mark the value it copies with `&x` above it; quote a text that starts with `*`"),
    ("a list as a key",
     "kind: ability\n? [a]\n: b\n", 2, 3,
     "a mapping key must be plain text, not a list or mapping",
     "write the key as a plain word: `name: value`"),
]


@pytest.fixture
def libyaml(monkeypatch):
    """The libyaml parser, whose words the cases quote."""
    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without libyaml words its errors differently")
    monkeypatch.setattr(yaml_source, "_LOADER", yaml.CSafeLoader)


@pytest.mark.parametrize("name,text,line,column,message,hint", CASES,
                         ids=[c[0] for c in CASES])
def test_a_yaml_mistake_reads_in_words(libyaml, name, text, line, column, message,
                                       hint) -> None:
    [diag] = load_yaml("x.yaml", text).diagnostics
    assert (diag.code, diag.line, diag.column) == ("Y001", line, column)
    assert diag.message == message
    assert diag.hint == hint


def test_the_codes_of_their_own_stay() -> None:
    """Duplicate keys, a second document and line separators keep their own diagnostics."""
    assert [d.code for d in load_yaml("x.yaml", "a: 1\na: 2\n").diagnostics] == ["Y002"]
    two = load_yaml("x.yaml", "kind: ability\n---\nkind: ball\n").diagnostics
    assert [(d.code, d.line, d.message) for d in two] == [
        ("Y001", 2, "a content file holds one YAML document, this is a second one")]
    assert [d.code for d in load_yaml("x.yaml", "a: b\u2028c\n").diagnostics] == ["Y009"]


# -- no parser message without a hint -------------------------------------------------------
SAMPLE = """kind: ability
id: sample
name: Sample
source: {seed: a.txt, page: "appendix: abilities"}
text: >-
  A player with this ability may
  do something.
rulings: [one, two]
positions:
  - id: lineman
    max: 16
    skills: []
setup:
  players:
    home.lineman-1: [5, 10]
rules: |
  after action where player is self:
      may free block by self
"""


def _mutations(line: str) -> list[str]:
    """Mistakes an author makes on one line (each replaces the line)."""
    body = line.lstrip(" ")
    pad = " " * (len(line) - len(body))
    return [
        line.replace(": ", ': "', 1), line.replace(": ", ": '", 1), line + ' "',
        line.replace(": ", ": [", 1), line.replace(": ", ": {", 1), line.replace("]", "", 1),
        line + "]", line + "}", " " + line, pad[1:] + body, "\t" + body,
        line + ": more", pad + "- " + body, line.replace(": ", ": *nope ", 1),
        line.replace(": ", ": @x ", 1), line.replace(": ", ": `x` ", 1),
        "%YAML 1.1\n" + line, line + "\n...", line.replace(": ", ": |x", 1),
        line.replace(": ", ": &a &b ", 1), line + "\x07", line.replace(": ", ': "\\q', 1),
        pad + "lonely", line.replace("[", "[,", 1), line.replace(": ", ": !x!y ", 1),
    ]


def broken_variants() -> list[str]:
    lines = SAMPLE.split("\n")
    out = []
    for i, line in enumerate(lines):
        for new in _mutations(line):
            if new != line:
                out.append("\n".join([*lines[:i], new, *lines[i + 1:]]))
    return out


def test_the_collection_is_small_and_broken() -> None:
    variants = broken_variants()
    assert 200 < len(variants) < 500
    assert not load_yaml("x.yaml", SAMPLE).diagnostics


@pytest.mark.parametrize("loader", ["CSafeLoader", "SafeLoader"])
def test_no_yaml_error_reaches_the_author_without_a_hint(monkeypatch, loader) -> None:
    """Every Y001 of many broken variants has a hint, and one made for its case (not the
    fallback that shows the parser's words alone), with either of PyYAML's parsers."""
    if not hasattr(yaml, loader):
        pytest.skip(f"PyYAML without {loader}")
    monkeypatch.setattr(yaml_source, "_LOADER", getattr(yaml, loader))
    seen = 0
    for text in broken_variants():
        for diag in load_yaml("x.yaml", text).diagnostics:
            if diag.code == "Y001":
                seen += 1
                assert diag.hint and diag.hint != FALLBACK.hint, (text, diag.message)
    assert seen > 150


def test_an_unforeseen_parser_message_keeps_its_words_and_gets_a_hint() -> None:
    from nuffle.catalogue.yaml_messages import explain

    message, hint, place = explain("a: b\n", "found something new", "while testing",
                                   (1, 3), None)
    assert message == "YAML syntax: found something new while testing"
    assert hint == FALLBACK.hint and place == (1, 3)
