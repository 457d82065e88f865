"""Turn an AST back into canonical rules source, and into plain English.

``parse_rules(render_source(ast)) == ast`` for every AST the parser produces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from nuffle.dsl import ast
from nuffle.interpreter.vocabulary.model import Vocabulary

from nuffle.template import fill_or

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


# ---- rules as interpreted -------------------------------------------------------------

# The sentence frames "rules as interpreted" is built from, in English. A language translates
# them (the `rules` catalog, `rules/frame/<id>`) and supplies its grammar (see Language).
FRAMES: dict[str, str] = {
    "context/self": "this player",
    "context/own": "your team",
    "context/opponent": "the opposing team",
    "context/this-ball": "this ball",
    "context/this-card": "this card",
    "context/value": "the value",
    "true": "true",
    "false": "false",
    "flag": "it is {flag}",
    "not-flag": "it is not {flag}",
    "roll": "a roll of {dice}",
    "bool-attribute": "{owner} is {attribute}",
    "not-bool-attribute": "{owner} is not {attribute}",
    "attribute": "{owner}'s {attribute}",
    "list": "{items} or {last}",
    "list-separator": ", ",
    "nothing": "nothing",
    "range": "{low} to {high}",
    "pick-choose": "one of {source}{where}, chosen by the coach",
    "pick-random": "one of {source}{where}, picked at random",
    "pick-where": " where {condition}",
    "not": "not {text}",
    "history-count": "the number of times {what}{where} {scope}",
    "history": "{what}{where} {scope}",
    "history-where": " (where {condition})",
    "this-scope": "this {scope}",
    "during-the-action": "during the action",
    "roll-at-least": "{roll} is {value} or more",
    "op/==": "{left} is {right}",
    "op/is": "{left} is {right}",
    "op/!=": "{left} is not {right}",
    "op/is not": "{left} is not {right}",
    "op/<": "{left} is less than {right}",
    "op/<=": "{left} is at most {right}",
    "op/>": "{left} is more than {right}",
    "op/>=": "{left} is at least {right}",
    "op/in": "{left} is one of {right}",
    "op/not in": "{left} is not one of {right}",
    "op/and": "{left} and {right}",
    "op/or": "{left} or {right}",
    "op/+": "{left} plus {right}",
    "op/-": "{left} minus {right}",
    "timing/before": "Before {event}",
    "timing/after": "After {event}",
    "timing/instead of": "When {event}",
    "timing/modify": "When working out {event}",
    "play": "The coach may play this card: {hook}",
    "hook-if": "{hook}, if {condition}",
    "once-per": " (once per {scope})",
    "once": " (once)",
    "hook-body": "{head}: {body}",
    "hook-instead": "{head}: instead, {body}",
    "then": "; then ",
    "roll-let": "roll {dice} (call the result {name})",
    "let": "let {name} be {value}",
    "may": "the coach may choose: {body}",
    "if": "if {condition}, {body}",
    "otherwise": "; otherwise {body}",
    "for-each": "for each {var} in {source}: {body}",
    "for-scope": "until the end of {scope}: {hooks}",
    "claim": "Claim this card if {condition}",
    "becomes": "{target} becomes {value}",
    "subtract": "subtract {amount} from {target}",
    "add": "add {amount} to {target}",
    "duration": " for {scope}",
    "extra": "{prep} {value}",
    "it": "it",
    "prep/by": "by", "prep/to": "to", "prep/from": "from", "prep/with": "with",
    "prep/as": "as", "prep/on": "on", "prep/into": "into", "prep/times": "times",
    "prep/against": "against", "prep/up to": "up to",
}
_CAPITALISED_TYPES = {"action", "status", "block-result"}  # printed with capitals in the rules
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")
_PLACEHOLDER = re.compile(r"\{([a-z0-9 -]+)\}")


def _words(name: str) -> str:
    return name.replace("-", " ")


class Language:
    """The words and grammar of one language for "rules as interpreted"; this one is English.

    A language overrides the frames and vocabulary phrases (from its `rules` catalog) and the
    few things word order cannot do: articles, demonstratives, negation and tidying.
    """

    code = "en"

    def frame(self, key: str) -> str:
        return FRAMES[key]

    def phrase(self, category: str, name: str, english: str) -> str:
        """An event, effect or query's phrase (``english`` is the vocabulary's)."""
        return english

    def the(self, name: str, plural: bool = False) -> str:
        """A payload field, parameter or attribute named with its definite article."""
        return "the " + _words(name)

    def dice(self, count: int, sides: int) -> str:
        """How dice are written: D6, 2D8."""
        return f"{'' if count == 1 else count}D{sides}"

    def noun(self, name: str) -> str:
        """An attribute's name, bare ("move" in "this player's move")."""
        return _words(name)

    def constant(self, name: str, capitalised: bool) -> str:
        return _words(name).title() if capitalised else _words(name)

    def this(self, scope: str) -> str:
        """``this turn``: the scope with a demonstrative."""
        return fill_or(self.frame("this-scope"), FRAMES["this-scope"], {"scope": _words(scope)})

    def tidy(self, text: str) -> str:
        for plain, word in {"1 times": "once", "2 times": "twice"}.items():
            text = text.replace(plain, word)
        return text

    def sentence(self, text: str) -> str:
        text = text.strip()
        if not text:
            return text
        if not re.match(r"[a-z] ", text):  # a one-letter name keeps its case: "p gains Stab."
            text = text[0].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."


ENGLISH = Language()


class RulesRenderer:
    """One plain sentence per top-level clause ("rules as interpreted"), in ``language``.

    Every phrase comes from the vocabulary (events, effects and queries carry one) and every
    connecting word from FRAMES, so new vocabulary reads well without touching the renderer,
    and a language needs only its catalog and its grammar.
    """

    def __init__(self, vocab: Vocabulary, content_names: Mapping[str, str] | None = None,
                 language: Language = ENGLISH):
        self.vocab = vocab
        self.lang = language
        # content ids rules may name (abilities, balls) → their display names
        self.content_names = dict(content_names or {})
        self.bool_attributes = {a for t in vocab.types.values()
                                for a, at in t.attributes.items() if at == "bool"}
        self.list_attributes = {a for t in vocab.types.values()
                                for a, at in t.attributes.items() if at.startswith("list[")}
        self._flags: set[str] = set()  # true/false payload fields of the event in hand

    def sentences(self, rules: ast.Rules) -> list[str]:
        return [self.lang.sentence(self.lang.tidy(self.clause(item))) for item in rules.items]

    def dice(self, e: ast.Roll) -> str:
        return self.lang.dice(e.count, e.sides)

    def f(self, key: str, **fields: str) -> str:
        """A frame with its fields filled as text; a broken translation gives the English
        frame (`i18n check` says where)."""
        return fill_or(self.lang.frame(key), FRAMES[key], fields)

    # -- names and expressions
    def word(self, name: str) -> str:
        if f"context/{name}" in FRAMES:
            return self.lang.frame(f"context/{name}")
        if name in self.content_names:
            return self.content_names[name]
        const = self.vocab.constants.get(name)
        if const is not None:
            return self.lang.constant(name, bool(_CAPITALISED_TYPES.intersection(
                const.type.split("|"))))
        # parameters, payload fields and named values; one-letter names stay as written
        return self.lang.the(name) if len(name) > 2 else name

    def expr(self, e: ast.Expr) -> str:
        if isinstance(e, ast.Number):
            return str(e.value)
        if isinstance(e, ast.Bool):
            return self.f("true" if e.value else "false")
        if isinstance(e, ast.Name):
            if e.name in self._flags:
                return self.f("flag", flag=self.lang.noun(e.name))
            return self.word(e.name)
        if isinstance(e, ast.Roll):
            return self.f("roll", dice=self.dice(e))
        if isinstance(e, ast.Attr):
            owner = self.expr(e.obj)
            name = e.attr.name
            key = "bool-attribute" if name in self.bool_attributes else "attribute"
            return self.f(key, owner=owner, attribute=self.lang.noun(name),
                          the_attribute=self.lang.the(name, name in self.list_attributes))
        if isinstance(e, ast.ListExpr):
            items = [self.expr(i) for i in e.items]
            if not items:
                return self.f("nothing")
            if len(items) == 1:
                return items[0]
            return self.f("list", items=self.f("list-separator").join(items[:-1]),
                          last=items[-1])
        if isinstance(e, ast.Range):
            return self.f("range", low=self.expr(e.low), high=self.expr(e.high))
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, ast.History):
            return self.history(e)
        if isinstance(e, ast.Pick):
            where = self.f("pick-where", condition=self.expr(e.where)) \
                if e.where is not None else ""
            key = "pick-choose" if e.mode == "choose" else "pick-random"
            return self.f(key, source=self.expr(e.source), where=where)
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
        """`not x` read as words: "it is not free", "this ball is not held"."""
        if isinstance(e, ast.Name) and e.name in self._flags:
            return self.f("not-flag", flag=self.lang.noun(e.name))
        if isinstance(e, ast.Attr) and e.attr.name in self.bool_attributes:
            return self.f("not-bool-attribute", owner=self.expr(e.obj),
                          attribute=self.lang.noun(e.attr.name),
                          the_attribute=self.lang.the(e.attr.name))
        text = self.expr(e)
        return self.f("not", text=f"({text})" if " " in text else text)

    def call(self, e: ast.Call) -> str:
        decl = self.vocab.queries.get(e.func.name)
        args = [self.expr(a) for a in e.args]
        if decl is not None and decl.phrase:
            # query phrases name their arguments by position: {0} is adjacent to {1}
            values = {str(i): a for i, a in enumerate(args)}
            return fill_or(self.lang.phrase("query", e.func.name, decl.phrase), decl.phrase,
                           values)
        return f"{_words(e.func.name)} {' and '.join(args)}"

    def history(self, e: ast.History) -> str:
        decl = self.vocab.events.get(e.event.name)
        what = self.event_phrase(e.event.name, decl)
        where = ""
        if e.where is not None:
            where = self.f("history-where",
                           condition=self.with_flags(decl, lambda: self.expr(e.where)))
        scope = self.lang.this(e.scope.name) if e.scope is not None \
            else self.f("during-the-action")
        key = "history-count" if e.mode == "count" else "history"
        return self.f(key, what=what, where=where, scope=scope)

    def binop(self, e: ast.BinOp) -> str:
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op == ">=" and isinstance(e.left, ast.Roll):
            return self.f("roll-at-least", roll=left, value=right)
        key = f"op/{e.op}"
        return self.f(key, left=left, right=right) if key in FRAMES else f"{left} {e.op} {right}"

    def event_phrase(self, name: str, decl) -> str:
        phrase = self.lang.phrase("event", name, decl.phrase) if decl and decl.phrase \
            else _words(name)
        return _PLACEHOLDER.sub(lambda m: self.lang.the(m.group(1)), phrase)

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
            return self.f("claim", condition=self.expr(s.condition))
        return self.stmt(s)

    def hook(self, s: ast.Hook, decl) -> str:
        head = self.f(f"timing/{s.timing}", event=self.event_phrase(s.event.name, decl))
        if s.play:
            head = self.f("play", hook=head[0].lower() + head[1:])
        if s.where is not None:
            head = self.f("hook-if", hook=head, condition=self.expr(s.where))
        for o in s.options:
            head += self.f("once-per", scope=self.lang.noun(o.scope.name)) if o.scope \
                else self.f("once")
        key = "hook-instead" if s.timing == "instead of" else "hook-body"
        return self.f(key, head=head, body=self.body(s.body))

    def body(self, body: tuple[ast.Stmt, ...]) -> str:
        return self.f("then").join(self.stmt(s) for s in body)

    def stmt(self, s: ast.Stmt) -> str:
        if isinstance(s, ast.Let):
            if isinstance(s.value, ast.Roll):
                return self.f("roll-let", dice=self.dice(s.value), name=self.word(s.name.name))
            return self.f("let", name=self.word(s.name.name), value=self.expr(s.value))
        if isinstance(s, ast.May):
            return self.f("may", body=self.body(s.body))
        if isinstance(s, ast.If):
            text = self.f("otherwise", body="").join(
                self.f("if", condition=self.expr(b.condition), body=self.body(b.body))
                for b in s.branches)
            if s.orelse is not None:
                text += self.f("otherwise", body=self.body(s.orelse))
            return text
        if isinstance(s, ast.ForEach):
            return self.f("for-each", var=s.var.name, source=self.expr(s.source),
                          body=self.body(s.body))
        if isinstance(s, ast.ForScope):
            hooks = "; ".join(self.clause(h) for h in s.hooks)
            return self.f("for-scope", scope=self.lang.this(s.scope.name), hooks=hooks)
        if isinstance(s, ast.Hook | ast.Claim):
            return self.clause(s)
        if isinstance(s, ast.Effect):
            return self.effect(s)
        return "?"

    def effect(self, s: ast.Effect) -> str:
        decl = self.vocab.effects.get(s.name.name)
        to, by = s.arg("to"), s.arg("by")
        duration = self.f("duration", scope=self.lang.this(s.duration.name)) \
            if s.duration else ""
        if decl is not None and decl.assigns:
            target = self.expr(s.subject) if s.subject is not None else self.f("it")
            if s.name.name == "set" and to is not None:
                return self.f("becomes", target=target, value=self.expr(to)) + duration
            if by is not None:
                amount = self.expr(by)
                if amount.startswith("-"):
                    return self.f("subtract", amount=amount[1:], target=target) + duration
                return self.f("add", amount=amount.lstrip("+"), target=target) + duration
        values = {"subject": self.expr(s.subject) if s.subject is not None else self.f("it")}
        for a in s.args:
            values[a.prep] = self.expr(a.value)
        phrase = self.lang.phrase("effect", s.name.name, decl.phrase) \
            if decl and decl.phrase else _words(s.name.name)
        text, used = fill_phrase(phrase, values, self.lang)
        extras = [self.f("extra", prep=self.f(f"prep/{a.prep}") if f"prep/{a.prep}" in FRAMES
                         else a.prep, value=values[a.prep])
                  for a in s.args if a.prep not in used]
        if extras:
            text += ", " + ", ".join(extras)
        return text + duration


EnglishRenderer = RulesRenderer  # the name callers used before there were other languages


def fill_phrase(phrase: str, values: dict[str, str],
                language: Language = ENGLISH) -> tuple[str, set[str]]:
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
        return language.the(name)

    return _PLACEHOLDER.sub(fill, text), used
