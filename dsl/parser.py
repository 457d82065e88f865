"""Parse rules text into the typed AST, turning Lark errors into diagnostics."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from nuffle.dsl import ast, kept_parser
from nuffle.dsl.diagnostics import Diagnostic, SourceMap

from nuffle import limits


@contextmanager
def _hidden(*names: str) -> Iterator[None]:
    """Modules not imported yet made unimportable for a while (an ImportError), then
    importable again."""
    hidden = [name for name in names if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        for name in hidden:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


GRAMMAR_PATH = Path(__file__).with_name("grammar.lark")
# how the grammar is built (strict mode only in the test that checks the grammar has no
# conflict: a conflict-free grammar's tables are the same either way)
OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}
# Lark imports `regex` and `interegular` at its own import when they are installed: `regex`
# for a grammar that asks for it (Lark(regex=True)), `interegular` to look for terminals
# that may match the same text when a lexer is built in strict mode. This parser uses
# neither (it is built without strict mode: tests/dsl/test_parser_loading.py builds the
# grammar in strict mode, with both, and parses every bundled rules text the same way), and
# they are a third of Lark's import: a check after an author edits rules imports less.
UNUSED = ("regex", "interegular")
_GRAMMAR = GRAMMAR_PATH.read_text(encoding="utf-8")
_OPTIONS = repr(sorted(OPTIONS.items()))
# the parser Lark's stand-alone generator wrote, kept in the private cache folder
# (nuffle.dsl.kept_parser): when there is one, Lark itself is not imported
with _hidden(*UNUSED):
    _KEPT = kept_parser.load(_GRAMMAR.encode(), _OPTIONS)

if TYPE_CHECKING:
    from lark import Lark, Token, Transformer, Tree, v_args
    from lark.exceptions import (
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
    )
    from lark.indenter import DedentError, Indenter
elif _KEPT is not None:
    Lark, Token, Transformer, Tree, v_args = (_KEPT.Lark, _KEPT.Token, _KEPT.Transformer,
                                              _KEPT.Tree, _KEPT.v_args)
    UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken = (
        _KEPT.UnexpectedCharacters, _KEPT.UnexpectedEOF, _KEPT.UnexpectedInput,
        _KEPT.UnexpectedToken)
    DedentError, Indenter = _KEPT.DedentError, _KEPT.Indenter
else:
    with _hidden(*UNUSED):
        from lark import Lark, Token, Transformer, Tree, v_args
        from lark.exceptions import (
            UnexpectedCharacters,
            UnexpectedEOF,
            UnexpectedInput,
            UnexpectedToken,
        )
        from lark.indenter import DedentError, Indenter


KEYWORDS = (
    "after", "before", "instead", "of", "modify", "play", "once", "per", "claim", "if", "elif",
    "else", "let", "may", "for", "each", "this", "where", "roll", "happened", "count", "choose",
    "random", "and", "or", "not", "is", "in", "true", "false", "by", "to", "from", "with", "as",
    "on", "into", "times", "against", "up",
)

_READABLE = {
    "NAME": "a name",
    "INT": "a number",
    "DICE": "dice such as d6",
    "_NL": "end of line",
    "$END": "end of rules",
    "_INDENT": "an indented block",
    "_DEDENT": "end of the block",
    "COLON": "':'",
    "COMMA": "','",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "DOT": "'.'",
    "EQUAL": "'='",
    "COMPARE": "a comparison",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "__ANON_0": "'..'",
}


class RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4


@lru_cache(maxsize=1)
def _parser() -> Lark:
    if _KEPT is not None:
        return cast(Lark, _KEPT.Lark_StandAlone(postlex=RulesIndenter()))
    tables = _tables_file(_GRAMMAR)
    parser = Lark(_GRAMMAR, postlex=RulesIndenter(), cache=tables, **OPTIONS)
    if tables:  # the stand-alone parser kept for the next process (its data: no post-lexer)
        with suppress(Exception), _hidden(*UNUSED):  # (not kept: the next process imports Lark)
            kept_parser.keep(_GRAMMAR.encode(), _OPTIONS, Lark(_GRAMMAR, cache=tables, **OPTIONS))
    return parser


def _tables_file(grammar: str) -> str | bool:
    """Where Lark keeps the grammar's parse tables between runs: a pickle, so only in the
    private cache folder (Lark's own `cache=True` writes it in the shared temporary folder,
    where another local user could plant one first); with no cache, nowhere."""
    import hashlib
    import sys

    import lark

    from nuffle.paths import private_cache_dir
    folder = private_cache_dir()
    if folder is None:
        return False
    digest = hashlib.sha256(grammar.encode()).hexdigest()[:16]
    version = f"{lark.__version__}-py{sys.version_info[0]}{sys.version_info[1]}-lenient"
    return str(folder / f"grammar-{version}-{digest}.lark-tables")


def grammar_terminals() -> dict[str, str]:
    """Keyword terminals of the grammar, for the language reference."""
    return {t.name: t.pattern.value for t in _parser().terminals}


class RulesSyntaxError(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _pos(meta_or_token) -> dict[str, int]:
    return {
        "line": getattr(meta_or_token, "line", 0) or 0,
        "column": getattr(meta_or_token, "column", 0) or 0,
        "end_line": getattr(meta_or_token, "end_line", 0) or 0,
        "end_column": getattr(meta_or_token, "end_column", 0) or 0,
    }


def _ident(tok: Token) -> ast.Ident:
    return ast.Ident(str(tok), **_pos(tok))


@v_args(meta=True)
class _ToAst(Transformer):
    """Builds dataclass nodes; positions come from Lark's meta."""

    # -- declarations
    def start(self, meta, items):
        return ast.Rules(tuple(i for i in items if i is not None), **_pos(meta))

    def hook(self, meta, ch):
        play, timing, event, where, *rest = ch
        *options, body = rest
        return ast.Hook(play is not None, timing, _ident(event), where, tuple(options), body,
                        **_pos(meta))

    def timing(self, meta, ch):
        return " ".join(str(t) for t in ch)

    def where(self, meta, ch):
        return ch[0]

    def option(self, meta, ch):
        _once, _per, scope = ch
        return ast.Option(_ident(scope) if scope is not None else None, **_pos(meta))

    def claim(self, meta, ch):
        return ast.Claim(ch[0], **_pos(meta))

    # -- statements
    def body(self, meta, ch):
        return tuple(ch)

    def let_stmt(self, meta, ch):
        return ast.Let(_ident(ch[0]), ch[1], **_pos(meta))

    def if_stmt(self, meta, ch):
        cond, body, *rest = ch
        branches = [ast.Branch(cond, body, **_pos(meta))]
        orelse = None
        for part in rest:
            if isinstance(part, ast.Branch):
                branches.append(part)
            elif part is not None:
                orelse = part
        return ast.If(tuple(branches), orelse, **_pos(meta))

    def elif_clause(self, meta, ch):
        return ast.Branch(ch[0], ch[1], **_pos(meta))

    def else_clause(self, meta, ch):
        return ch[0]

    def may_effect(self, meta, ch):
        return ast.May((ch[0],), inline=True, **_pos(meta))

    def may_block(self, meta, ch):
        return ast.May(ch[0], **_pos(meta))

    def for_each(self, meta, ch):
        return ast.ForEach(_ident(ch[0]), ch[1], ch[2], **_pos(meta))

    def for_scope(self, meta, ch):
        return ast.ForScope(_ident(ch[0]), tuple(ch[1:]), **_pos(meta))

    def effect(self, meta, ch):
        name, subject, *rest = ch
        duration = rest.pop() if rest else None
        return ast.Effect(_ident(name), subject, tuple(rest), duration, **_pos(meta))

    def effect_arg(self, meta, ch):
        return ast.Arg(ch[0], ch[1], **_pos(meta))

    def prep(self, meta, ch):
        return " ".join(str(t) for t in ch)

    def duration(self, meta, ch):
        return _ident(ch[0])

    # -- expressions
    def or_op(self, meta, ch):
        return ast.BinOp("or", ch[0], ch[1], **_pos(meta))

    def and_op(self, meta, ch):
        return ast.BinOp("and", ch[0], ch[1], **_pos(meta))

    def not_op(self, meta, ch):
        return ast.Not(ch[0], **_pos(meta))

    def compare(self, meta, ch):
        return ast.BinOp(str(ch[1]), ch[0], ch[2], **_pos(meta))

    def compare_is_not(self, meta, ch):
        return ast.BinOp("is not", ch[0], ch[3], **_pos(meta))

    def compare_not_in(self, meta, ch):
        return ast.BinOp("not in", ch[0], ch[3], **_pos(meta))

    def range(self, meta, ch):
        return ast.Range(ch[0], ch[1], **_pos(meta))

    def add(self, meta, ch):
        return ast.BinOp("+", ch[0], ch[1], **_pos(meta))

    def sub(self, meta, ch):
        return ast.BinOp("-", ch[0], ch[1], **_pos(meta))

    def neg(self, meta, ch):
        return ast.Neg(ch[0], **_pos(meta))

    def pos(self, meta, ch):
        return ast.Pos(ch[0], **_pos(meta))

    def attr(self, meta, ch):
        return ast.Attr(ch[0], _ident(ch[1]), **_pos(meta))

    def number(self, meta, ch):
        return ast.Number(int(ch[0]), **_pos(meta))

    def true(self, meta, ch):
        return ast.Bool(True, **_pos(meta))

    def false(self, meta, ch):
        return ast.Bool(False, **_pos(meta))

    def name(self, meta, ch):
        return ast.Name(str(ch[0]), **_pos(meta))

    def roll(self, meta, ch):
        count, sides = str(ch[0]).split("d")
        return ast.Roll(int(count or 1), int(sides), **_pos(meta))

    def list(self, meta, ch):
        return ast.ListExpr(tuple(c for c in ch if c is not None), **_pos(meta))

    def call(self, meta, ch):
        return ast.Call(_ident(ch[0]), tuple(c for c in ch[1:] if c is not None), **_pos(meta))

    def history(self, meta, ch):
        mode, event, where, scope = ch
        return ast.History(str(mode), _ident(event), where,
                           _ident(scope) if scope is not None else None, **_pos(meta))

    def pick(self, meta, ch):
        mode, var, source, where = ch
        return ast.Pick(str(mode), _ident(var), source, where, **_pos(meta))


_TO_AST = _ToAst()


def parse_rules(text: str, source: SourceMap | None = None) -> ast.Rules:
    """Parse rules text; raise RulesSyntaxError with a file-positioned diagnostic.

    The limits of nuffle.limits are checked here, the one place rules are read: the text's
    length before parsing, then (walking the parse tree without recursion) its nesting depth
    and the size of its numbers, before the tree is turned into an AST. Every later stage
    (checker, renderers, compiler) recurses over an AST no deeper than RULES_DEPTH.
    """
    source = source or SourceMap.identity("<rules>")
    if len(text) > limits.RULES_CHARS:
        raise RulesSyntaxError(_diag(source, "E105", f"the rules are {len(text):,} characters "
                                     f"long; the limit is {limits.RULES_CHARS:,}", 1, 1,
                                     "a card's rules are a handful of lines: split the item"))
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        raise RulesSyntaxError(_syntax_diagnostic(err, text, source)) from None
    except DedentError as err:
        line = _last_line(text)
        raise RulesSyntaxError(_diag(source, "E102", f"inconsistent indentation: {err}", line, 1,
                                     "indent blocks by 4 spaces and dedent to a level used above")
                               ) from None
    problem = _beyond_limits(tree, source)
    if problem is not None:
        raise RulesSyntaxError(problem)
    result = _TO_AST.transform(tree)
    assert isinstance(result, ast.Rules)
    return result


def _beyond_limits(tree: Tree, source: SourceMap) -> Diagnostic | None:
    """The first place the parse tree nests deeper than RULES_DEPTH or writes a number larger
    than NUMBER (an explicit stack: the tree may be as deep as the text is long)."""
    stack: list[tuple[Tree | Token, int, tuple[int, int]]] = [(tree, 1, (1, 1))]
    while stack:
        node, depth, where = stack.pop()
        if isinstance(node, Token):
            if node.type in ("INT", "DICE") and max(len(d) for d in node.split("d")) > 9 \
                    or node.type == "INT" and int(node) > limits.NUMBER:
                return _diag(source, "E106", f"`{node[:20]}` is larger than {limits.NUMBER:,}",
                             node.line or where[0], node.column or where[1],
                             "no game number is this large", min(len(node), 40))
            continue
        if not node.meta.empty:
            where = (node.meta.line, node.meta.column)
        if depth > limits.RULES_DEPTH:
            return _diag(source, "E104", f"the rules nest more than {limits.RULES_DEPTH} levels "
                         "deep here", *where, "split the rule: give a long condition a name with "
                         "`let`, or make an inner block a hook of its own")
        stack += [(child, depth + 1, where) for child in node.children if child is not None]
    return None


def _last_line(text: str) -> int:
    return max(1, text.rstrip("\n").count("\n") + 1)


def _diag(source: SourceMap, code: str, message: str, line: int, column: int,
          hint: str | None, width: int = 1) -> Diagnostic:
    fline, fcol = source.to_file(line, column)
    return Diagnostic(code, message, source.path, fline, fcol, fcol + width, hint)


def _expected_words(expected: set[str]) -> list[str]:
    terminals = {t.name: t for t in _parser().terminals}
    words = []
    for name in sorted(expected):
        if name in _READABLE:
            words.append(_READABLE[name])
        elif name in terminals and terminals[name].pattern.type == "str":
            words.append(f"'{terminals[name].pattern.value}'")
        else:
            words.append(name.lower())
    return sorted(set(words))


def _keyword_hint(word: str) -> str | None:
    import difflib  # only for a hint, after a mistake
    close = difflib.get_close_matches(word, KEYWORDS, n=1, cutoff=0.75)
    return f"did you mean `{close[0]}`?" if close and close[0] != word else None


def _syntax_diagnostic(err: UnexpectedInput, text: str, source: SourceMap) -> Diagnostic:
    lines = text.split("\n")
    line = err.line if err.line and err.line > 0 else _last_line(text)
    column = err.column if err.column and err.column > 0 else 1
    line_text = lines[line - 1] if 0 < line <= len(lines) else ""
    first_word = line_text.strip().split(" ")[0].rstrip(":") if line_text.strip() else ""
    hint = _keyword_hint(first_word) if first_word and first_word not in KEYWORDS else None
    if isinstance(err, UnexpectedCharacters):
        # lark declares `pos_in_stream = None` on UnexpectedInput; the lexer's error always
        # sets it to the position of the unexpected character
        pos = cast(int, err.pos_in_stream)
        char = text[pos] if pos < len(text) else "?"
        if char.isupper():
            hint = hint or "names are lower-case kebab-case, e.g. `knock-down`"
        elif char == "_":
            hint = hint or "names use hyphens, not underscores: `this-ball`"
        elif char == "\t":
            hint = hint or "indent with spaces"
        return _diag(source, "E101", f"unexpected character {char!r}", line, column, hint)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if tok.type in ("_DEDENT", "_INDENT"):
            code_line = tok.end_line or line
            return _diag(source, "E102", "unexpected indentation", code_line, 1,
                         hint or "only a line ending in ':' opens an indented block")
        previous = lines[line - 2].split("#")[0].rstrip() if line >= 2 else ""
        if set(err.expected) == {"_INDENT"} or (previous.endswith(":") and column <= 1 + (
                len(previous) - len(previous.lstrip()))):
            return _diag(source, "E102", "expected an indented block", line, column,
                         "indent the lines after a ':' by 4 spaces")
        if tok.type in ("$END", "_NL"):
            what = "the rules end" if tok.type == "$END" else "the line ends"
            return _diag(source, "E103", f"{what} too early", line, column,
                         f"expected {', '.join(_expected_words(err.expected)[:8])}")
        shown = "end of line" if tok.type == "_NL" else f"'{tok}'"
        expected = _expected_words(err.expected)
        hint = hint or _keyword_hint(str(tok)) if tok.type == "NAME" else hint
        if str(tok) == "=":  # a comparison written with one sign, as in some languages
            hint = hint or "compare with `==` (`=` alone means nothing), e.g. `if roll d6 == 1:`"
        hint = hint or f"expected {', '.join(expected[:8])}"
        width = max(1, len(str(tok))) if tok.type != "_NL" else 1
        return _diag(source, "E100", f"unexpected {shown}", line, column, hint, width)
    if isinstance(err, UnexpectedEOF):
        return _diag(source, "E103", "the rules end too early", line, column, None)
    return _diag(source, "E100", str(err).splitlines()[0], line, column, hint)
