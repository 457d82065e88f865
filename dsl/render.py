"""Turn an AST back into canonical rules source, and into plain English.

``parse_rules(render_source(ast)) == ast`` for every AST the parser produces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from nuffle.dsl import ast
from nuffle.interpreter.vocabulary.model import Vocabulary

INDENT = "    "
INLINE_LIMIT = 88

_PREC = {"or": 1, "and": 2, "in": 4, "not in": 4, "+": 6, "-": 6}


def _prec(e: ast.Expr) -> int:
    if isinstance(e, ast.BinOp):
        return _PREC.get(e.op, 4)
    if isinstance(e, ast.Not):
        return 3
    if isinstance(e, ast.Range):
        return 5
    if isinstance(e, ast.Neg | ast.Pos):
        return 7
    if isinstance(e, ast.Attr):
        return 8
    return 9


# ---- canonical source ----------------------------------------------------------


def render_expr(e: ast.Expr, min_prec: int = 0) -> str:
    text = _expr(e)
    return f"({text})" if _prec(e) < min_prec else text


def _expr(e: ast.Expr) -> str:
    if isinstance(e, ast.Number):
        return str(e.value)
    if isinstance(e, ast.Bool):
        return "true" if e.value else "false"
    if isinstance(e, ast.Name):
        return e.name
    if isinstance(e, ast.Roll):
        return f"roll {'' if e.count == 1 else e.count}d{e.sides}"
    if isinstance(e, ast.Attr):
        return f"{render_expr(e.obj, 8)}.{e.attr.name}"
    if isinstance(e, ast.ListExpr):
        return "[" + ", ".join(render_expr(i) for i in e.items) + "]"
    if isinstance(e, ast.Range):
        return f"{render_expr(e.low, 6)}..{render_expr(e.high, 6)}"
    if isinstance(e, ast.Call):
        return f"{e.func.name}(" + ", ".join(render_expr(a) for a in e.args) + ")"
    if isinstance(e, ast.History):
        where = f" where {render_expr(e.where)}" if e.where is not None else ""
        scope = f", this {e.scope.name}" if e.scope is not None else ""
        return f"{e.mode}({e.event.name}{where}{scope})"
    if isinstance(e, ast.Pick):
        where = f" where {render_expr(e.where)}" if e.where is not None else ""
        return f"{e.mode}({e.var.name} in {render_expr(e.source)}{where})"
    if isinstance(e, ast.Not):
        return f"not {render_expr(e.operand, 3)}"
    if isinstance(e, ast.Neg):
        return f"-{render_expr(e.operand, 7)}"
    if isinstance(e, ast.Pos):
        return f"+{render_expr(e.operand, 7)}"
    if isinstance(e, ast.BinOp):
        p = _prec(e)
        if e.op in ("or", "and", "+", "-"):
            return f"{render_expr(e.left, p)} {e.op} {render_expr(e.right, p + 1)}"
        return f"{render_expr(e.left, 5)} {e.op} {render_expr(e.right, 5)}"
    raise TypeError(f"cannot render {type(e).__name__}")


def _effect(s: ast.Effect) -> str:
    parts = [s.name.name]
    if s.subject is not None:
        parts.append(render_expr(s.subject))
    for a in s.args:
        parts.append(f"{a.prep} {render_expr(a.value)}")
    if s.duration is not None:
        parts.append(f"for this {s.duration.name}")
    return " ".join(parts)


def _simple(s: ast.Stmt) -> str | None:
    """The one-line form of a simple statement, or None."""
    if isinstance(s, ast.Effect):
        return _effect(s)
    if isinstance(s, ast.Let):
        return f"let {s.name.name} = {render_expr(s.value)}"
    if isinstance(s, ast.May) and len(s.body) == 1 and isinstance(s.body[0], ast.Effect):
        return f"may {_effect(s.body[0])}"
    return None


def _block(header: str, body: tuple[ast.Stmt, ...], depth: int, allow_inline: bool) -> list[str]:
    pad = INDENT * depth
    if allow_inline and len(body) == 1:
        one = _simple(body[0])
        if one is not None and len(pad + header + " " + one) <= INLINE_LIMIT:
            return [f"{pad}{header} {one}"]
    lines = [pad + header]
    for s in body:
        lines.extend(_stmt(s, depth + 1))
    return lines


def _hook_header(h: ast.Hook) -> str:
    parts = ["play"] if h.play else []
    parts += [h.timing, h.event.name]
    if h.where is not None:
        parts += ["where", render_expr(h.where)]
    for o in h.options:
        parts.append(f"once per {o.scope.name}" if o.scope is not None else "once")
    return " ".join(parts) + ":"


def _stmt(s: ast.Stmt, depth: int) -> list[str]:
    pad = INDENT * depth
    one = _simple(s)
    if one is not None:
        return [pad + one]
    if isinstance(s, ast.Hook):
        return _block(_hook_header(s), s.body, depth, allow_inline=True)
    if isinstance(s, ast.Claim):
        return [f"{pad}claim if {render_expr(s.condition)}"]
    if isinstance(s, ast.May):
        return _block("may:", s.body, depth, allow_inline=False)
    if isinstance(s, ast.If):
        lines: list[str] = []
        for i, b in enumerate(s.branches):
            kw = "if" if i == 0 else "elif"
            lines += _block(f"{kw} {render_expr(b.condition)}:", b.body, depth, False)
        if s.orelse is not None:
            lines += _block("else:", s.orelse, depth, False)
        return lines
    if isinstance(s, ast.ForEach):
        return _block(f"for each {s.var.name} in {render_expr(s.source)}:", s.body, depth, False)
    if isinstance(s, ast.ForScope):
        lines = [f"{pad}for this {s.scope.name}:"]
        for h in s.hooks:
            lines += _stmt(h, depth + 1)
        return lines
    raise TypeError(f"cannot render {type(s).__name__}")


def render_source(rules: ast.Rules) -> str:
    lines: list[str] = []
    for item in rules.items:
        lines += _stmt(item, 0)
    return "\n".join(lines) + "\n"


# ---- plain English ------------------------------------------------------------------

_CONTEXT_WORDS = {
    "self": "this player",
    "own": "your team",
    "opponent": "the opposing team",
    "this-ball": "this ball",
    "this-card": "this card",
    "value": "the value",
}
_TIMING_WORDS = {"before": "Before", "after": "After", "instead of": "When",
                 "modify": "When working out"}
_CAPITALISED_TYPES = {"action", "status", "block-result"}  # printed with capitals in the rules
_COMPARE_WORDS = {"==": "is", "!=": "is not", "is": "is", "is not": "is not",
                  "<": "is less than", "<=": "is at most", ">": "is more than",
                  ">=": "is at least", "in": "is one of", "not in": "is not one of",
                  "and": "and", "or": "or", "+": "plus", "-": "minus"}
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_PLACEHOLDER = re.compile(r"\{([a-z0-9 -]+)\}")
_TIMES = {"1 times": "once", "2 times": "twice"}


def _words(name: str) -> str:
    return name.replace("-", " ")


class EnglishRenderer:
    """One plain-English sentence per top-level clause ("rules as interpreted").

    Every phrase comes from the vocabulary (events, effects and queries carry one), so new
    vocabulary reads well without touching the renderer.
    """

    def __init__(self, vocab: Vocabulary, content_names: Mapping[str, str] | None = None):
        self.vocab = vocab
        # content ids rules may name (abilities, balls) → their display names
        self.content_names = dict(content_names or {})
        self.bool_attributes = {a for t in vocab.types.values()
                                for a, at in t.attributes.items() if at == "bool"}
        self._flags: set[str] = set()  # true/false payload fields of the event in hand

    def sentences(self, rules: ast.Rules) -> list[str]:
        return [_sentence(self.clause(item)) for item in rules.items]

    # -- names and expressions
    def word(self, name: str) -> str:
        if name in _CONTEXT_WORDS:
            return _CONTEXT_WORDS[name]
        if name in self.content_names:
            return self.content_names[name]
        const = self.vocab.constants.get(name)
        if const is not None:
            if _CAPITALISED_TYPES.intersection(const.type.split("|")):
                return _words(name).title()
            return _words(name)
        # parameters, payload fields and named values; one-letter names stay as written
        return "the " + _words(name) if len(name) > 2 else name

    def expr(self, e: ast.Expr) -> str:
        if isinstance(e, ast.Number):
            return str(e.value)
        if isinstance(e, ast.Bool):
            return "true" if e.value else "false"
        if isinstance(e, ast.Name):
            if e.name in self._flags:
                return f"it is {_words(e.name)}"
            return self.word(e.name)
        if isinstance(e, ast.Roll):
            return f"a roll of {'' if e.count == 1 else e.count}D{e.sides}"
        if isinstance(e, ast.Attr):
            owner = self.expr(e.obj)
            if e.attr.name in self.bool_attributes:
                return f"{owner} is {_words(e.attr.name)}"
            return f"{owner}'s {_words(e.attr.name)}"
        if isinstance(e, ast.ListExpr):
            items = [self.expr(i) for i in e.items]
            if not items:
                return "nothing"
            return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1]
        if isinstance(e, ast.Range):
            return f"{self.expr(e.low)} to {self.expr(e.high)}"
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, ast.History):
            return self.history(e)
        if isinstance(e, ast.Pick):
            how = "chosen by the coach" if e.mode == "choose" else "picked at random"
            where = f" where {self.expr(e.where)}" if e.where is not None else ""
            return f"one of {self.expr(e.source)}{where}, {how}"
        if isinstance(e, ast.Not):
            return self.negated(e.operand)
        if isinstance(e, ast.Neg):
            return f"-{self.expr(e.operand)}"
        if isinstance(e, ast.Pos):
            return f"+{self.expr(e.operand)}"
        if isinstance(e, ast.BinOp):
            return self.binop(e)
        return "?"

    def negated(self, e: ast.Expr) -> str:
        """`not x` read as English: "it is not free", "this ball is not held"."""
        text = self.expr(e)
        if isinstance(e, ast.Name | ast.Attr) and " is " in text:
            return text.replace(" is ", " is not ", 1)
        return f"not ({text})" if " " in text else f"not {text}"

    def call(self, e: ast.Call) -> str:
        decl = self.vocab.queries.get(e.func.name)
        args = [self.expr(a) for a in e.args]
        if decl is not None and decl.phrase:
            return decl.phrase.format(*args)
        return f"{_words(e.func.name)} {' and '.join(args)}"

    def history(self, e: ast.History) -> str:
        decl = self.vocab.events.get(e.event.name)
        what = self.event_phrase(decl.phrase if decl and decl.phrase else _words(e.event.name))
        where = ""
        if e.where is not None:
            where = f" (where {self.with_flags(decl, lambda: self.expr(e.where))})"
        scope = f"this {e.scope.name}" if e.scope is not None else "during the action"
        if e.mode == "count":
            return f"the number of times {what}{where} {scope}"
        return f"{what}{where} {scope}"

    def binop(self, e: ast.BinOp) -> str:
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op == ">=" and isinstance(e.left, ast.Roll):
            return f"{left} is {right} or more"
        return f"{left} {_COMPARE_WORDS.get(e.op, e.op)} {right}"

    def event_phrase(self, phrase: str) -> str:
        return _PLACEHOLDER.sub(lambda m: "the " + _words(m.group(1)), phrase)

    def with_flags(self, decl, render):
        """Render with the event's true/false payload fields read as "it is …"."""
        saved = self._flags
        if decl is not None:
            self._flags = {f for f, t in decl.payload.items() if t == "bool"}
        try:
            return render()
        finally:
            self._flags = saved

    # -- statements
    def clause(self, s: ast.Stmt) -> str:
        if isinstance(s, ast.Hook):
            decl = self.vocab.events.get(s.event.name)
            return self.with_flags(decl, lambda: self.hook(s, decl))
        if isinstance(s, ast.Claim):
            return f"Claim this card if {self.expr(s.condition)}"
        return self.stmt(s)

    def hook(self, s: ast.Hook, decl) -> str:
        phrase = self.event_phrase(decl.phrase) if decl and decl.phrase else _words(s.event.name)
        head = f"{_TIMING_WORDS[s.timing]} {phrase}"
        if s.play:
            head = f"The coach may play this card: {head[0].lower()}{head[1:]}"
        if s.where is not None:
            head += f", if {self.expr(s.where)}"
        for o in s.options:
            head += f" (once per {o.scope.name})" if o.scope else " (once)"
        body = self.body(s.body)
        return f"{head}: instead, {body}" if s.timing == "instead of" else f"{head}: {body}"

    def body(self, body: tuple[ast.Stmt, ...]) -> str:
        return "; then ".join(self.stmt(s) for s in body)

    def stmt(self, s: ast.Stmt) -> str:
        if isinstance(s, ast.Let):
            if isinstance(s.value, ast.Roll):
                return f"roll {self.expr(s.value)[len('a roll of '):]} (call the result {s.name.name})"
            return f"let {s.name.name} be {self.expr(s.value)}"
        if isinstance(s, ast.May):
            return f"the coach may choose: {self.body(s.body)}"
        if isinstance(s, ast.If):
            parts = [f"if {self.expr(b.condition)}, {self.body(b.body)}" for b in s.branches]
            text = "; otherwise ".join(parts)
            if s.orelse is not None:
                text += f"; otherwise {self.body(s.orelse)}"
            return text
        if isinstance(s, ast.ForEach):
            return f"for each {s.var.name} in {self.expr(s.source)}: {self.body(s.body)}"
        if isinstance(s, ast.ForScope):
            hooks = "; ".join(self.clause(h) for h in s.hooks)
            return f"until the end of this {s.scope.name}: {hooks}"
        if isinstance(s, ast.Hook | ast.Claim):
            return self.clause(s)
        if isinstance(s, ast.Effect):
            return self.effect(s)
        return "?"

    def effect(self, s: ast.Effect) -> str:
        decl = self.vocab.effects.get(s.name.name)
        to, by = s.arg("to"), s.arg("by")
        duration = f" for this {s.duration.name}" if s.duration else ""
        if decl is not None and decl.assigns:
            target = self.expr(s.subject) if s.subject is not None else "it"
            if s.name.name == "set" and to is not None:
                return f"{target} becomes {self.expr(to)}{duration}"
            if by is not None:
                amount = self.expr(by)
                if amount.startswith("-"):
                    return f"subtract {amount[1:]} from {target}{duration}"
                return f"add {amount.lstrip('+')} to {target}{duration}"
        values = {"subject": self.expr(s.subject) if s.subject is not None else "it"}
        for a in s.args:
            values[a.prep] = self.expr(a.value)
        phrase = decl.phrase if decl and decl.phrase else _words(s.name.name)
        text, used = fill_phrase(phrase, values)
        extras = [f"{a.prep} {values[a.prep]}" for a in s.args if a.prep not in used]
        if extras:
            text += ", " + ", ".join(extras)
        return text + duration


def fill_phrase(phrase: str, values: dict[str, str]) -> tuple[str, set[str]]:
    """Fill ``{arg}`` placeholders; an optional ``[…]`` part is kept only if its args are given.

    Returns the text and the args it used.
    """
    used: set[str] = set()

    def optional(m: re.Match) -> str:
        names = _PLACEHOLDER.findall(m.group(1))
        return m.group(1) if all(n in values for n in names) else ""

    text = _OPTIONAL.sub(optional, phrase)

    def fill(m: re.Match) -> str:
        name = m.group(1)
        if name in values:
            used.add(name)
            return values[name]
        return "the " + _words(name)

    text = _PLACEHOLDER.sub(fill, text)
    for plain, word in _TIMES.items():
        text = text.replace(plain, word)
    return text, used


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    if not re.match(r"[a-z] ", text):  # a one-letter name keeps its case: "p gains Stab."
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
