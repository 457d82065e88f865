"""A Pygments lexer for the Nuffle rules language (the `rules:` fields of content files).

The grammar is ``dsl/grammar.lark``; the words it knows (events, effects, queries,
parameters, constants, scopes, context names) come from the vocabulary registry of every
game, read once at import time, so the highlighting never drifts from what ``nuffle check``
accepts.

Names are kebab-case: a hyphen followed by a letter or digit belongs to the name, so
``in-play`` is one name (not the keyword ``in``) and ``knock-down`` one effect, while
``n - 1`` is a subtraction.

A little context is kept, because the same word means different things in different places
(``throw`` is an event after ``after`` and a constant in ``source is throw``; ``knock-down``
is an effect at the start of a statement and a block result elsewhere):

* at the start of a statement, a name is an effect (``Name.Builtin``);
* right after a timing (``before``, ``after``, ``instead of``, ``modify``) or inside
  ``happened(`` / ``count(``, a name is an event (``Name.Function``);
* after ``for this``, ``once per`` or ``, this``, a name is a scope;
* elsewhere names are context names, queries, constants, parameters or plain names.

Register it with Pygments through the ``pygments.lexers`` entry point group::

    [project.entry-points."pygments.lexers"]
    nuffle = "nuffle.sitegen.lexer:NuffleLexer"
"""

from __future__ import annotations

from collections.abc import Iterable

from nuffle.interpreter.vocabulary import GAMES, vocabulary
from pygments.lexer import RegexLexer, bygroups, default, include
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    Text,
    Whitespace,
)

__all__ = ["NuffleLexer"]

# A name, exactly as the grammar's NAME terminal spells it.
NAME = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
# The end of a whole word: no letter or digit follows, nor a hyphen that continues the name.
END = r"(?![a-z0-9]|-[a-z0-9])"
# Blanks inside a line (newlines are significant, they end statements).
BLANK = r"[ \t\f\v\r]+"

TIMINGS = ("before", "after", "modify")
CONTROL = ("claim", "let", "may", "if", "elif", "else", "where", "once", "per", "play",
           "roll", "for", "each", "this", "happened", "count", "choose", "random",
           "instead", "of")
PREPOSITIONS = ("by", "to", "from", "with", "as", "on", "into", "times", "against", "up")
WORD_OPERATORS = ("and", "or", "not", "is", "in")
BOOLEANS = ("true", "false")
# Names every rules text can use without declaring them (`value` only inside `modify`).
CONTEXT_NAMES = {"self", "own", "opponent", "this-ball", "this-card", "value"}


def _vocabulary_words() -> dict[str, set[str]]:
    """Every vocabulary word of every game, by kind."""
    words: dict[str, set[str]] = {
        kind: set() for kind in ("events", "effects", "queries", "parameters", "constants",
                                 "scopes", "contexts")
    }
    words["contexts"].update(CONTEXT_NAMES)
    for game in sorted(GAMES):
        v = vocabulary(game)
        words["events"].update(v.events)
        words["effects"].update(v.effects)
        words["queries"].update(v.queries)
        words["parameters"].update(v.parameters)
        words["constants"].update(v.constants)
        words["scopes"].update(v.scopes)
        for names in v.contexts.values():
            words["contexts"].update(names)
    reserved = set(TIMINGS) | set(CONTROL) | set(PREPOSITIONS) | set(WORD_OPERATORS) | set(BOOLEANS)
    # a reserved word is always lexed as the keyword, as the grammar does
    return {kind: names - reserved for kind, names in words.items()}


def _alternatives(names: Iterable[str]) -> str:
    """A regex matching any of ``names`` as a whole kebab-case word (longest first)."""
    ordered = sorted(set(names), key=lambda n: (-len(n), n))
    if not ordered:
        return r"(?!)"
    return "(?:" + "|".join(n.replace("-", r"\-") for n in ordered) + ")" + END


WORDS = _vocabulary_words()
EFFECTS = frozenset(WORDS["effects"])
QUERIES = frozenset(WORDS["queries"])
PARAMETERS = frozenset(WORDS["parameters"])
CONSTANTS = frozenset(WORDS["constants"])
SCOPES = frozenset(WORDS["scopes"])
CONTEXTS = frozenset(WORDS["contexts"])


class NuffleLexer(RegexLexer):
    """Lexer for the Nuffle rules language (Blitz Bowl and Blood Bowl content rules)."""

    name = "Nuffle rules"
    aliases = ["nuffle", "nuffle-rules"]
    filenames: list[str] = []
    mimetypes: list[str] = []

    tokens = {
        # The start of a statement: the beginning of a line, after a block's `:` or `may`.
        "root": [
            (r"\r?\n", Whitespace),
            (BLANK, Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r"(instead)(" + BLANK + r")(of)" + END, bygroups(Keyword, Whitespace, Keyword),
             ("line", "event")),
            (_alternatives(TIMINGS), Keyword, ("line", "event")),
            (r"(for)(" + BLANK + r")(this)" + END, bygroups(Keyword, Whitespace, Keyword),
             ("line", "scope")),
            (r"(for)(" + BLANK + r")(each)" + END, bygroups(Keyword, Whitespace, Keyword), "line"),
            # `play` and `may` are followed by another statement start (`play before`, `may knock-down`)
            (r"(?:play|may)" + END, Keyword),
            (r":", Punctuation),
            (_alternatives(CONTROL), Keyword, "line"),
            (_alternatives(EFFECTS), Name.Builtin, "line"),
            default("line"),
        ],
        # The rest of a statement, up to the end of the line (or a block's `:`).
        "line": [
            (r"\r?\n", Whitespace, "#pop"),
            # a `:` opens a block: what follows on the same line is a new statement
            (r":", Punctuation, "#pop"),
            (r"[(\[]", Punctuation, "paren"),
            (r"[)\]]", Punctuation),
            include("expression"),
        ],
        # Inside brackets a newline does not end the statement (the indenter ignores it).
        "paren": [
            (r"\r?\n", Whitespace),
            (r"[(\[]", Punctuation, "#push"),
            (r"[)\]]", Punctuation, "#pop"),
            (r":", Punctuation),
            include("expression"),
        ],
        "expression": [
            (BLANK, Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r"(happened|count)(" + BLANK + r")?(\()",
             bygroups(Keyword, Whitespace, Punctuation), ("paren", "event")),
            (r"(for)(" + BLANK + r")(this)" + END, bygroups(Keyword, Whitespace, Keyword), "scope"),
            (r"(once)(" + BLANK + r")(per)" + END, bygroups(Keyword, Whitespace, Keyword), "scope"),
            (r"(up)(" + BLANK + r")(to)" + END, bygroups(Keyword.Pseudo, Whitespace, Keyword.Pseudo)),
            (r"this" + END, Keyword, "scope"),
            (r"(instead)(" + BLANK + r")(of)" + END, bygroups(Keyword, Whitespace, Keyword)),
            (_alternatives(TIMINGS + CONTROL), Keyword),
            (_alternatives(PREPOSITIONS), Keyword.Pseudo),
            (_alternatives(WORD_OPERATORS), Operator.Word),
            (_alternatives(BOOLEANS), Keyword.Constant),
            (r"[0-9]*d[0-9]+(?![a-z0-9])", Number),
            (r"[0-9]+", Number.Integer),
            (r"(\.)(" + NAME + r")", bygroups(Punctuation, Name.Attribute)),
            (r"\.\.", Operator),
            (r"==|!=|<=|>=|<|>|=|\+|-", Operator),
            (r"[.,]", Punctuation),
            (_alternatives(CONTEXTS), Name.Builtin.Pseudo),
            (_alternatives(QUERIES), Name.Builtin.Pseudo),
            (_alternatives(CONSTANTS), Name.Constant),
            (_alternatives(PARAMETERS), Name.Variable.Global),
            (NAME, Name),
            # anything the language does not have (a typo, a capital letter): plain text,
            # never an error token
            (r"[^\n]", Text),
        ],
        # Right after a timing or `happened(` / `count(`: the event's name.
        "event": [
            (BLANK, Whitespace),
            (NAME, Name.Function, "#pop"),
            default("#pop"),
        ],
        # After `for this`, `once per` or `, this`: a scope (action, turn, drive, half, game…).
        "scope": [
            (BLANK, Whitespace),
            (_alternatives(SCOPES), Name.Constant, "#pop"),
            default("#pop"),
        ],
    }
