"""PyYAML's syntax errors in plain words, for authors who are not developers.

The parser says what it expected ("did not find expected key while parsing a block mapping");
an author needs what they wrote wrong and what to write instead. A table of rules turns one
into the other: the first rule whose pattern matches the parser's words and whose ``at``
finds the place it describes gives the message, the place and the hint. The parser's own
words stay in brackets after the message, for whoever searches for them. Both of PyYAML's
parsers are covered: libyaml's (used where installed) and the pure Python one, which word
the same errors differently but mark the same places.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

Place = tuple[int, int]  # 1-based line and column


@dataclass(frozen=True)
class Report:
    """What the parser said, and the text it said it about."""

    text: str
    problem: str
    context: str
    problem_at: Place
    context_at: Place | None

    @property
    def raw(self) -> str:
        return f"{self.problem} {self.context}" if self.context else self.problem

    def line(self, n: int) -> str:
        lines = self.text.split("\n")
        return lines[n - 1] if 1 <= n <= len(lines) else ""

    def char(self, at: Place) -> str:
        text = self.line(at[0])
        return text[at[1] - 1] if at[1] <= len(text) else ""

    def last_line(self) -> int:
        """The last line with something on it."""
        return len(self.text.rstrip().split("\n"))


Finder = Callable[[Report], Place | None]


@dataclass(frozen=True)
class Rule:
    """``pattern`` is searched in the parser's words; ``at`` says where the mistake is, or
    None when this rule does not describe it. The message and hint may name {line},
    {column}, {char} and {indent} (of that place), {opened} (the line where the parser's
    context starts: an opening quote or bracket) and {end} (the last line of the file)."""

    pattern: str
    message: str
    hint: str
    at: Finder


# -- where a mistake is -----------------------------------------------------------------------
def problem(report: Report) -> Place:
    return report.problem_at


def context(report: Report) -> Place:
    return report.context_at or report.problem_at


def context_earlier(report: Report) -> Place | None:
    """The opening mark, when the parser reached a later line looking for its end."""
    opened = report.context_at
    return opened if opened and opened[0] < report.problem_at[0] else None


def char_in(chars: str) -> Finder:
    def find(report: Report) -> Place | None:
        char = report.char(report.problem_at)
        return report.problem_at if char and char in chars else None
    return find


def after_quote(report: Report) -> Place | None:
    """More text right after a closing quote on the same line."""
    line, col = report.problem_at
    before = report.line(line)[:col - 1].rstrip()
    return report.problem_at if before.endswith(('"', "'")) else None


def starts_line(report: Report) -> Place | None:
    line, col = report.problem_at
    text = report.line(line)
    starts = text[:col - 1].strip() == "" and col <= len(text) and text[col - 1] not in ":?-"
    return report.problem_at if starts else None


def deeper_than_context(report: Report) -> Place | None:
    opened = report.context_at
    return report.problem_at if opened and report.problem_at[1] > opened[1] else None


def continues_value(report: Report) -> Place | None:
    """A `key:` on a line YAML reads as the rest of the value above (it is indented more)."""
    line, col = report.problem_at
    text = report.line(line)
    if ": " in text[:col - 1]:
        return None
    above = [report.line(n) for n in range(line - 1, 0, -1) if report.line(n).strip()]
    return report.problem_at if above and _indent(text) > _indent(above[0]) else None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def indented_first_line(report: Report) -> Place | None:
    lines = [t for t in report.text.split("\n") if t.strip() and not t.lstrip().startswith("#")]
    return report.problem_at if lines and lines[0].startswith(" ") else None


def line_starting(prefix: str) -> Finder:
    """The first line (up to the parser's place) that starts with ``prefix``."""
    def find(report: Report) -> Place | None:
        for n, text in enumerate(report.text.split("\n")[:report.problem_at[0]], 1):
            if text.startswith(prefix):
                return n, 1
        return None
    return find


def at_end(report: Report) -> Place | None:
    """The parser reached the end of the file (only blanks follow its place)."""
    line, col = report.problem_at
    rest = "\n".join([report.line(line)[col - 1:], *report.text.split("\n")[line:]])
    return report.problem_at if not rest.strip() else None


QUOTE_HINT = ("a value that starts with a quote must end with the same quote; to keep quotes "
              "inside a value, quote the whole value with the other kind ('a \"b\" c'), and "
              "inside '…' write an apostrophe as ''")
INDENT_HINT = "keys of one mapping start in the same column, and so do the `- ` of one list"

RULES: list[Rule] = [
    # quotes
    Rule(r"end of stream while scanning a quoted scalar",
         "the quote opened here is never closed, so the rest of the file (to line {end}) is "
         "read as its text", QUOTE_HINT, context),
    Rule(r"(expected key|expected <block end>, but found '<scalar>') while parsing a block "
         r"mapping",
         "more text after the closing quote: a quoted value ends at its closing quote",
         QUOTE_HINT, after_quote),
    Rule(r"escape character|hexadecimal number|hexdecimal number",
         "inside \"…\" a backslash starts an escape such as `\\n`, and this one is not valid",
         "write a backslash as `\\\\` inside \"…\", or quote the value with '…', where a "
         "backslash is itself", problem),
    # brackets
    Rule(r"expected ',' or '\]'",
         "the list opened with `[` here is never closed",
         "end the list with `]` (`[a, b]`), or write it one `- ` item per line", context_earlier),
    Rule(r"expected ',' or '\]'",
         "inside `[…]`, a `,` or the closing `]` should come here",
         "separate items with `, `; quote an item that contains `: `, `,`, `[` or `]`", problem),
    Rule(r"expected ',' or '\}'",
         "the mapping opened with `{` here is never closed",
         "end it with `}` (`{key: value, key: value}`), or write one `key: value` per line",
         context_earlier),
    Rule(r"expected ',' or '\}'",
         "inside `{…}`, a `,` or the closing `}` should come here",
         "separate entries with `, `; quote a value that contains `: `, `,`, `{` or `}`",
         problem),
    Rule(r"node content", "the file ends inside `[…]` or `{…}`",
         "close every `[` with `]` and every `{` with `}`", at_end),
    Rule(r"node content", "a value should come here, inside `[…]` or `{…}`",
         "separate items with single commas (`[a, b]`); quote an item that starts with `-`, "
         "`,`, `:` or `?`", problem),
    Rule(r"expected key|expected <block end>|expected '-' indicator",
         "{char} closes a bracket that was never opened", "remove it, or add the `[` or `{` "
         "it should close", char_in("]}")),
    # indentation and structure
    Rule(r"mapping values are not allowed",
         "this line is indented more than the line above, so it is read as more of that "
         "line's value, where `: ` cannot come unquoted",
         "if it is a new key, start it in the same column as the keys above; if it is text, "
         "quote the whole value or write it as a block (`>-` and the text indented below)",
         continues_value),
    Rule(r"mapping values are not allowed",
         "`: ` inside a value that is not quoted",
         "a value containing ': ' must be quoted (`name: 'a: b'`) or written as a block "
         "(`>-` and the text indented below)", problem),
    Rule(r"(expected key|expected <block end>, but found '(-|<block sequence start>)') "
         r"while parsing a block mapping",
         "a list item `- ` where the mapping expects `key: value`", "a list belongs under a "
         "key (`skills:` and then its `- ` items indented below it); " + INDENT_HINT,
         char_in("-")),
    Rule(r"(expected key|expected <block end>.*) while parsing a block mapping",
         "this line is indented by {indent}, which lines up with no key above it",
         INDENT_HINT, starts_line),
    Rule(r"(expected key|expected <block end>, but found '<anchor>') while parsing a "
         r"block mapping",
         "a value can have only one anchor `&name`", "remove the second `&name`",
         char_in("&")),
    Rule(r"(expected key|expected <block end>.*) while parsing a block mapping",
         "something on this line is not part of the mapping that starts at line {opened}",
         "each line of a mapping is `key: value`, in the same column as the keys around it; "
         "quote a value that contains quotes, brackets or `: `", problem),
    Rule(r"expected '-' indicator|expected <block end>, but found '<block sequence start>'"
         r" while parsing a block collection",
         "this list item lines up with no item of the list that starts at line {opened}",
         INDENT_HINT, char_in("-")),
    Rule(r"expected '-' indicator|expected <block end>, but found .* block collection",
         "this line is indented by {indent}: more than the `- ` of the list that starts at "
         "line {opened}, but not as much as the keys of its item", INDENT_HINT,
         deeper_than_context),
    Rule(r"expected '-' indicator|expected <block end>, but found .* block collection",
         "a `key:` among the items of the list that starts at line {opened}, where each item "
         "starts with `- `",
         "to end the list, start the key in the column of the key that holds the list; to "
         "make it an item, start it with `- `", problem),
    Rule(r"sequence entries are not allowed",
         "a list item `- ` where a value was already given",
         "a key holds either a value on its own line or a list of `- ` items below it; quote "
         "a value that starts with `- `", problem),
    Rule(r"could not find expected ':'",
         "this line is not `key: value`: there is no `: ` after its key",
         "write a colon and a space after the key (`kind: ability`); a line that continues "
         "the text above must be indented more than its key", context),
    Rule(r"expected '?<document start>'?",
         "this line is less indented than the first line of the file",
         "start the top-level keys in column 1, with no spaces before them",
         indented_first_line),
    Rule(r"expected '?<document start>'?",
         "a line starting with `%` is a YAML directive, which content files do not use",
         "remove the line, or quote the value that starts with `%`", line_starting("%")),
    Rule(r"expected '?<document start>'?",
         "`...` ends the YAML document, and the file goes on after it",
         "remove the `...` line: a content file holds one item", line_starting("...")),
    Rule(r"expected '?<document start>'?",
         "the file goes on after the end of its item", "a content file holds one item; "
         "look above this line for a line indented less than the rest", problem),
    Rule(r"directive",
         "a line starting with `%` is a YAML directive, which content files do not use",
         "remove the line, or quote the value that starts with `%`", context),
    # characters
    Rule(r"tab character|character '\\t'",
         "a tab character: YAML indents with spaces only", "replace the tab with spaces",
         problem),
    Rule(r"character ('.' )?that cannot start any token",
         "a tab character: YAML indents with spaces only", "replace the tab with spaces",
         char_in("\t")),
    Rule(r"character ('.' )?that cannot start any token",
         "a value cannot start with {char}",
         "put the whole value in quotes: '…'", problem),
    Rule(r"while scanning an alias",
         "`*` at the start of a value names an alias (a copy of a value marked `&name`)",
         "quote a value that starts with `*`: `text: '*bold* move'`", context),
    Rule(r"while scanning an anchor",
         "`&` at the start of a value names an anchor (`&name`)",
         "quote a value that starts with `&`: `name: '& more'`", context),
    # block scalars `|` and `>`
    Rule(r"block scalar",
         "after `|` or `>` only `-`, `+` or a digit 1-9 may follow on the line: the text "
         "itself starts on the next line",
         "write `|`, `|-`, `>` or `>-` after the key, and the text indented on the lines "
         "below", context),
    # tags
    Rule(r"tag", "`!` at the start of a value is a YAML tag, which content files do not use",
         "quote a value that starts with `!`, or remove the tag", context),
]

CHAR_NAMES = {"`": "a backtick (`)", "\t": "a tab", "": "the end of the file"}
FIELD = re.compile(r"\{(line|column|char|indent|opened|end|raw)\}")  # not str.format: `{…}`
FALLBACK = Rule("", "{raw}", "look at this line and the one above it for a quote or bracket "
                "that is never closed, or a line indented differently from those around it",
                problem)


def explain(text: str, problem_: str, context_: str, problem_at: Place,
            context_at: Place | None) -> tuple[str, str, Place]:
    """(message, hint, place) for one of the parser's syntax errors."""
    report = Report(text, problem_.strip(), (context_ or "").strip(), problem_at, context_at)
    for rule in RULES:
        if re.search(rule.pattern, report.raw):
            place = rule.at(report)
            if place is not None:
                return _words(report, rule, place, f" ({report.raw})")
    return _words(report, FALLBACK, problem(report), "")


def _words(report: Report, rule: Rule, place: Place, raw: str) -> tuple[str, str, Place]:
    char = report.char(place)
    indent = _indent(report.line(place[0]))
    fields = {
        "line": place[0], "column": place[1], "char": CHAR_NAMES.get(char, f"`{char}`"),
        "indent": f"{indent} space" + ("" if indent == 1 else "s"),
        "opened": (report.context_at or report.problem_at)[0], "end": report.last_line(),
        "raw": report.raw,
    }
    def fill(template: str) -> str:
        return FIELD.sub(lambda m: str(fields[m.group(1)]), template)
    return f"YAML syntax: {fill(rule.message)}{raw}", fill(rule.hint), place


def control_character(text: str, position: int, character: int | str) -> tuple[str, str, Place]:
    """(message, hint, place) for a character YAML refuses (a control character)."""
    code = character if isinstance(character, int) else ord(character)
    before = text[:position]
    line = before.count("\n") + 1
    column = position - (before.rfind("\n") + 1) + 1
    return (f"YAML: the character U+{code:04X} is a control character, which YAML does not "
            "allow", "delete it: most editors do not show it (it often comes with text "
            "copied from a PDF or a word processor)", (line, column))
