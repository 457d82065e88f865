"""Turn an AST back into canonical rules source, and into plain English.

``parse_rules(render_source(ast)) == ast`` for every AST the parser produces.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from nuffle.dsl import ast
from nuffle.interpreter.vocabulary.model import EventDecl, Vocabulary

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
    "pick-one": "one of {source}{where}",
    "let-choose": "the coach chooses {pick}",
    "let-random": "pick {pick} at random",
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
    "roll-stmt": "roll {dice}",
    "roll-stmt-named": "roll {dice} ({name})",
    "let": "let {name} be {value}",
    "may": "if the coach wishes, {body}",
    "if": "if {condition}, {body}",
    "otherwise": "; otherwise {body}",
    "for-each-of": "for each of {source}: {body}",
    "for-scope": "until the end of {scope}: {hooks}",
    "claim": "Claim this card if {condition}",
    "becomes": "{target} becomes {value}",
    "subtract": "subtract {amount} from {target}",
    "add": "add {amount} to {target}",
    "duration": " for {scope}",
    "extra": "{prep} {value}",
    "it": "it",
    "that": "that {noun}",
    "a": "a {noun}",
    "player-of/own": "one of your players",
    "player-of/opponent": "an opposing player",
    "answer": "the answer",
    "answer-yes": "the answer is yes",
    "answer-no": "the answer is no",
    "remembered": "what was {value}",
    "ref-other": "the other {noun}",
    "ref-n": "{that} ({n})",
    "ref/roll": "the roll",
    "ref/roll-n": "roll {n}",
    "ref/total-n": "total {n}",
    "ref/number": "the number",
    "ref/number-n": "number {n}",
    "ref/one": "that one",
    # payload fields whose bare name does not read as a noun
    "field/from": "the square left",
    "field/to": "the square entered",
    "prep/by": "by", "prep/to": "to", "prep/from": "from", "prep/with": "with",
    "prep/as": "as", "prep/on": "on", "prep/into": "into", "prep/times": "times",
    "prep/against": "against", "prep/up to": "up to",
}
_CAPITALISED_TYPES = {"action", "status", "block-result"}  # printed with capitals in the rules
_OPTIONAL = re.compile(r"\[([^\[\]|]*)(?:\|([^\[\]]*))?\]")
_PLACEHOLDER = re.compile(r"\{([a-z0-9 -]+)\}")
# types a bound name of which is counted rather than pointed at ("the roll", "the number")
_NUMBER_TYPES = {"number"}


def _words(name: str) -> str:
    return name.replace("-", " ")


def _element(type_name: str | None) -> str | None:
    """The type of one element of a list type (``list[player]`` → ``player``)."""
    if type_name and type_name.startswith("list[") and type_name.endswith("]"):
        return type_name[5:-1]
    return type_name


def _conjuncts(e: ast.Expr | None) -> list[ast.Expr]:
    """``a and b and c`` as [a, b, c] (only the top-level `and`s)."""
    if e is None:
        return []
    if isinstance(e, ast.BinOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _has_roll(e: ast.Expr) -> bool:
    if isinstance(e, ast.Roll):
        return True
    if isinstance(e, ast.BinOp):
        return _has_roll(e.left) or _has_roll(e.right)
    if isinstance(e, ast.Neg | ast.Pos):
        return _has_roll(e.operand)
    return False


def _roll_lets(node: object) -> int:
    """How many `let x = roll …` there are under ``node``."""
    counts = 1 if isinstance(node, ast.Let) and isinstance(node.value, ast.Roll) else 0
    if isinstance(node, ast.Node):
        return counts + sum(_roll_lets(v) for v in vars(node).values())
    if isinstance(node, tuple):
        return sum(_roll_lets(v) for v in node)
    return counts


def _assigned(node: object, counts: dict[str, int]) -> None:
    """Count how often each name is bound by a `let` under ``node``."""
    if isinstance(node, ast.Let):
        counts[node.name.name] = counts.get(node.name.name, 0) + 1
    if isinstance(node, ast.Node):
        for value in vars(node).values():
            _assigned(value, counts)
    elif isinstance(node, tuple):
        for value in node:
            _assigned(value, counts)


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

    def that(self, name: str) -> str:
        """A thing named again, pointed at: "that player" (the `that` frame by default)."""
        return fill_or(self.frame("that"), FRAMES["that"], {"noun": self.noun(name)})

    def a(self, name: str) -> str:
        """A thing named with the indefinite article: "a player", "an action"."""
        noun = self.noun(name)
        text = fill_or(self.frame("a"), FRAMES["a"], {"noun": noun})
        if self.code == "en" and text == f"a {noun}" and noun[:1].lower() in "aeiou":
            text = f"an {noun}"
        return text

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
        if self.code == "en":
            text = re.sub(r"\ban? the ([\w-]+) \1\b", r"the \1", text)  # a the action action
            text = re.sub(r"\ba (?=[aeiouAEIOU])", "an ", text)
            # a number a rule named, counted in squares: "up to as many squares as the roll"
            text = re.sub(r"\b(the roll|the number|(?:roll|total|number) \d+) squares\b",
                          r"as many squares as \1", text)
        return re.sub(r"  +", " ", text)

    def sentence(self, text: str) -> str:
        text = text.strip()
        if not text:
            return text
        text = text[0].upper() + text[1:]
        return text if text.endswith((".", "!", "?")) else text + "."


ENGLISH = Language()


class RulesRenderer:
    """One plain sentence per top-level clause ("rules as interpreted"), in ``language``.

    Every phrase comes from the vocabulary (events, effects and queries carry one) and every
    connecting word from FRAMES, so new vocabulary reads well without touching the renderer,
    and a language needs only its catalog and its grammar.

    Reading rules: a name a rule binds (`let`, `for each`, a pick's variable) is never shown;
    it reads as a noun phrase ("that player", "the roll"); a hook's conditions that only say
    whose event it is (`player is self`, `team is own`) go into the event ("Before this player
    takes an action"); and in a `modify` hook the value is named ("add 1 to the test
    modifier").
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
        self._contexts = {n: t for c in vocab.contexts.values() for n, t in c.items()}
        self._flags: set[str] = set()  # true/false payload fields of the event in hand
        self._reset()

    def _reset(self, item: ast.Node | None = None) -> None:
        self._vars: dict[str, str] = {}  # bound names → the words they read as
        self._types: dict[str, str | None] = {}  # bound names → their type
        self._fields: dict[str, str] = {}  # event fields the hook named → their words
        self._aliases: dict[str, str] = {}  # event fields a `let` named → its words
        self._said_once: set[str] = set()  # fields the head names only once ("one of your…")
        self._event: EventDecl | None = None
        self._refs: dict[str, int] = {}  # referents in use, by kind
        self._lets: dict[str, int] = {}
        self._rolls = 0  # rolls the clause in hand names: more than one are numbered
        if item is not None:
            _assigned(item, self._lets)

    def sentences(self, rules: ast.Rules) -> list[str]:
        """One sentence per top-level clause; a top-level `let` that only names something
        says nothing (the name reads as what it names where it is used)."""
        self._reset(rules)
        out = []
        # a top-level `let` is seen by the clauses after it; a clause's own names are not
        top_rolls = sum(isinstance(i, ast.Let) and isinstance(i.value, ast.Roll)
                        for i in rules.items)
        for item in rules.items:
            if isinstance(item, ast.Let):
                self._rolls = top_rolls
                text = self.clause(item)
            else:
                state = self._state()
                self._rolls = top_rolls + _roll_lets(item)
                text = self.clause(item)
                self._restore(state)
            if text:
                out.append(self.lang.sentence(self.lang.tidy(text)))
        self._reset()
        return out

    def dice(self, e: ast.Roll) -> str:
        return self.lang.dice(e.count, e.sides)

    def f(self, key: str, **fields: str) -> str:
        """A frame with its fields filled as text; a broken translation gives the English
        frame (`i18n check` says where)."""
        return fill_or(self.lang.frame(key), FRAMES[key], fields)

    # -- bound names
    def _state(self) -> tuple:
        return (dict(self._vars), dict(self._types), dict(self._refs), dict(self._aliases))

    def _restore(self, state: tuple) -> None:
        self._vars, self._types, self._refs, self._aliases = (dict(s) for s in state)

    def type_of(self, e: ast.Expr) -> str | None:
        """The vocabulary type of an expression, where the renderer can tell."""
        if isinstance(e, ast.Number | ast.Roll | ast.Neg | ast.Pos | ast.Range):
            return "list[number]" if isinstance(e, ast.Range) else "number"
        if isinstance(e, ast.Bool | ast.Not):
            return "bool"
        if isinstance(e, ast.Name):
            return self._name_type(e.name)
        if isinstance(e, ast.Attr):
            owner = self.type_of(e.obj)
            decl = self.vocab.types.get(owner or "")
            if decl is not None:
                return decl.attributes.get(e.attr.name)
            # an owner the renderer cannot type (a table's `kicking-team`): the attribute's
            # type, if every type that has it agrees
            found = {t.attributes[e.attr.name] for t in self.vocab.types.values()
                     if e.attr.name in t.attributes}
            return found.pop() if len(found) == 1 else None
        if isinstance(e, ast.Call):
            query = self.vocab.queries.get(e.func.name)
            return query.returns if query else None
        if isinstance(e, ast.Pick):
            return _element(self.type_of(e.source))
        if isinstance(e, ast.ListExpr):
            return f"list[{self.type_of(e.items[0])}]" if e.items else None
        if isinstance(e, ast.History):
            return "number" if e.mode == "count" else "bool"
        if isinstance(e, ast.BinOp):
            return "number" if e.op in ("+", "-") else "bool"
        return None

    def _name_type(self, name: str) -> str | None:
        if name in self._types:
            return self._types[name]
        event = self._event
        if event is not None:
            if name in event.payload:
                return event.payload[name]
            if name == "value" and event.value_type:
                return event.value_type
        if name in self._contexts:
            return self._contexts[name]
        if name in self.vocab.constants:
            return self.vocab.constants[name].type.split("|")[0]
        if name in self.vocab.parameters:
            return self.vocab.parameters[name].type
        return None

    def referent(self, type_name: str | None, kind: str = "") -> str:
        """The words a bound name reads as: "that player", then "the other player"; "the
        roll", "total 1", "the number"."""
        noun = _element(type_name)
        kind = kind or ("number" if noun in _NUMBER_TYPES else noun or "one")
        n = self._refs.get(kind, 0) + 1
        self._refs[kind] = n
        if kind in ("total", "roll-n"):
            return self.f(f"ref/{kind}" if kind == "roll-n" else "ref/total-n", n=str(n))
        if kind in ("roll", "number"):
            return self.f(f"ref/{kind}") if n == 1 else self.f(f"ref/{kind}-n", n=str(n))
        if noun is None:
            return self.f("ref/one")
        if n == 1:
            return self.lang.that(noun)
        if n == 2:
            return self.f("ref-other", noun=self.lang.noun(noun))
        return self.f("ref-n", that=self.lang.that(noun), n=str(n))

    def bind(self, name: str, words: str, type_name: str | None) -> None:
        self._vars[name] = words
        self._types[name] = type_name

    # -- names and expressions
    def word(self, name: str) -> str:
        if name in self._vars:
            return self._vars[name]
        if name in self._fields:
            return self._fields[name]
        if name in self._aliases:
            return self._aliases[name]
        if name == "value" and self._event is not None and self._event.is_value:
            if self._event.value_type == "bool":
                return self.f("answer")
            return self.value_name()
        # a payload field hides a context of the same name, as in the engine (a block's
        # `opponent` is a player, not the opposing team)
        in_payload = self._event is not None and name in self._event.payload
        if f"context/{name}" in FRAMES and not in_payload:
            return self.lang.frame(f"context/{name}")
        if name in self.content_names:
            return self.content_names[name]
        const = self.vocab.constants.get(name)
        if const is not None:
            return self.lang.constant(name, bool(_CAPITALISED_TYPES.intersection(
                const.type.split("|"))))
        return self.field(name)  # parameters, payload fields and named values

    def field(self, name: str) -> str:
        """A payload field or parameter with its article: "the target", "the square left"."""
        key = f"field/{name}"
        return self.f(key) if key in FRAMES else self.lang.the(name)

    def value_name(self) -> str:
        """What a `modify` hook works out, named: "the test modifier", "this player's
        strength"."""
        event = self._event
        assert event is not None
        if not event.phrase.startswith(("the ", "[", "{")):  # "how many …", "what …"
            return self.f("ref/number" if event.value_type in _NUMBER_TYPES else "answer")
        return self.event_phrase(event.name, event, self._fields, head=False, optional=False)

    def expr(self, e: ast.Expr) -> str:
        if isinstance(e, ast.Number):
            return str(e.value)
        if isinstance(e, ast.Bool):
            return self.f("true" if e.value else "false")
        if isinstance(e, ast.Name):
            if e.name in self._flags and e.name not in self._vars:
                return self.f("flag", flag=self.lang.noun(e.name))
            if e.name == "value" and self._event is not None \
                    and self._event.value_type == "bool":
                return self.f("answer-yes")
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
            state = self._state()
            key = "pick-choose" if e.mode == "choose" else "pick-random"
            text = self.f(key, **self.pick_parts(e, self.referent(self.type_of(e))))
            self._restore(state)
            return text
        if isinstance(e, ast.Not):
            return self.negated(e.operand)
        if isinstance(e, ast.Neg):
            return f"-{self.expr(e.operand)}"
        if isinstance(e, ast.Pos):
            return f"+{self.expr(e.operand)}"
        if isinstance(e, ast.BinOp):
            return self.binop(e)
        return "?"

    def pick_parts(self, e: ast.Pick, ref: str) -> dict[str, str]:
        """A pick's source and condition, its variable read as ``ref``."""
        source = self.expr(e.source)
        self.bind(e.var.name, ref, self.type_of(e))
        where = self.f("pick-where", condition=self.expr(e.where)) \
            if e.where is not None else ""
        return {"source": source, "where": where}

    def negated(self, e: ast.Expr) -> str:
        """`not x` read as words: "it is not free", "this ball is not held"."""
        if isinstance(e, ast.Name) and e.name in self._flags and e.name not in self._vars:
            return self.f("not-flag", flag=self.lang.noun(e.name))
        if isinstance(e, ast.Name) and e.name == "value" and self._event is not None \
                and self._event.value_type == "bool":
            return self.f("answer-no")
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
        saved = (self._event, self._fields, self._flags, self._said_once)
        self._event, self._fields, self._said_once = decl, {}, set()
        if decl is not None:
            self._flags = {f for f, t in decl.payload.items() if t == "bool"}
        try:
            rest = self.fold(decl, e.where)
            what = self.event_phrase(e.event.name, decl, self._fields, head=True)
            where = self.f("history-where", condition=self.conditions(rest)) if rest else ""
        finally:
            self._event, self._fields, self._flags, self._said_once = saved
        scope = self.lang.this(e.scope.name) if e.scope is not None \
            else self.f("during-the-action")
        key = "history-count" if e.mode == "count" else "history"
        return self.f(key, what=what, where=where, scope=scope)

    def conditions(self, conds: list[ast.Expr]) -> str:
        text = self.expr(conds[0])
        for c in conds[1:]:
            text = self.f("op/and", left=text, right=self.expr(c))
        return text

    def binop(self, e: ast.BinOp) -> str:
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op == ">=" and isinstance(e.left, ast.Roll):
            return self.f("roll-at-least", roll=left, value=right)
        key = f"op/{e.op}"
        return self.f(key, left=left, right=right) if key in FRAMES else f"{left} {e.op} {right}"

    def event_phrase(self, name: str, decl: EventDecl | None, fields: Mapping[str, str],
                     head: bool = True, optional: bool = True) -> str:
        """An event's phrase with the fields its hook named; another field reads "a player"
        in a hook's head (where the field is named after its type) or "the target"."""
        if not (decl and decl.phrase):
            return _words(name)
        phrase = self.lang.phrase("event", name, decl.phrase)

        def missing(field: str) -> str:
            if head and decl.payload.get(field) == field:
                return self.lang.a(field)
            return self.field(field)
        values = dict(fields)
        text, _ = fill_phrase(phrase, values, self.lang, missing=missing,
                              optional=optional)
        return text

    def with_flags(self, decl, render):
        """Render with the event's true/false payload fields read as "it is …"."""
        saved = self._flags
        if decl is not None:
            self._flags = {f for f, t in decl.payload.items() if t == "bool"}
        try:
            return render()
        finally:
            self._flags = saved

    def _simple(self, e: ast.Expr) -> bool:
        """Whether ``e`` names one thing outright (this player, your team, Pass, that
        player), so that `field is e` can go into the event's phrase."""
        if not isinstance(e, ast.Name):
            return False
        n = e.name
        return (n in self._contexts or n in self._vars or n in self.vocab.constants
                or n in self.content_names
                or bool(self._event and n in self._event.payload))

    def fold(self, decl: EventDecl | None, where: ast.Expr | None) -> list[ast.Expr]:
        """Put the conditions that only say whose event it is into its phrase (fills
        ``self._fields``); returns the other conditions, in order."""
        conds = _conjuncts(where)
        if decl is None:
            return conds
        phrase = decl.phrase
        rest: list[ast.Expr] = []
        later: list[ast.Expr] = []
        for c in conds:
            if isinstance(c, ast.BinOp) and c.op in ("is", "==") \
                    and isinstance(c.left, ast.Name) and c.left.name in decl.payload \
                    and "{" + c.left.name + "}" in phrase and c.left.name not in self._fields \
                    and c.left.name not in self._vars and self._simple(c.right) \
                    and not (isinstance(c.right, ast.Name) and c.right.name in self._vars
                             and decl.payload[c.left.name] in self.vocab.enums):
                self._fields[c.left.name] = self.expr(c.right)
                continue
            later.append(c)
        for c in later:
            if isinstance(c, ast.BinOp) and c.op in ("is", "==") \
                    and isinstance(c.left, ast.Name) and c.left.name == "team" \
                    and "team" in decl.payload and "{team}" not in phrase \
                    and decl.payload.get("player") == "player" and "{player}" in phrase \
                    and "{player}'s" not in phrase \
                    and "player" not in self._fields and isinstance(c.right, ast.Name) \
                    and c.right.name in ("own", "opponent"):
                self._fields["player"] = self.f(f"player-of/{c.right.name}")
                self._said_once.add("player")
                continue
            rest.append(c)
        return rest

    # -- statements
    def clause(self, s: ast.Stmt) -> str:
        if isinstance(s, ast.Hook):
            decl = self.vocab.events.get(s.event.name)
            return self.with_flags(decl, lambda: self.hook(s, decl))
        if isinstance(s, ast.Claim):
            return self.f("claim", condition=self.expr(s.condition))
        return self.stmt(s)

    def hook(self, s: ast.Hook, decl: EventDecl | None) -> str:
        saved = (self._event, self._fields, self._aliases, self._said_once)
        self._event, self._fields, self._aliases, self._said_once = decl, {}, {}, set()
        try:
            rest = self.fold(decl, s.where)
            head = self.f(f"timing/{s.timing}",
                          event=self.event_phrase(s.event.name, decl, self._fields))
            for field in self._said_once:  # "one of your players", then "the player"
                self._fields.pop(field, None)
            if s.play:
                head = self.f("play", hook=head[0].lower() + head[1:])
            if rest:
                head = self.f("hook-if", hook=head, condition=self.conditions(rest))
            for o in s.options:
                head += self.f("once-per", scope=self.lang.noun(o.scope.name)) if o.scope \
                    else self.f("once")
            key = "hook-instead" if s.timing == "instead of" else "hook-body"
            return self.f(key, head=head, body=self.body(s.body))
        finally:
            self._event, self._fields, self._aliases, self._said_once = saved

    def body(self, body: tuple[ast.Stmt, ...]) -> str:
        state = self._state()
        parts = [self.stmt(s) for s in body]
        self._restore(state)
        return self.f("then").join(p for p in parts if p)

    def stmt(self, s: ast.Stmt) -> str:
        if isinstance(s, ast.Let):
            return self.let(s)
        if isinstance(s, ast.May):
            inner = s.body
            while len(inner) == 1 and isinstance(inner[0], ast.May):
                inner = inner[0].body
            return self.f("may", body=self.body(inner))
        if isinstance(s, ast.If):
            text = self.f("otherwise", body="").join(
                self.f("if", condition=self.expr(b.condition), body=self.body(b.body))
                for b in s.branches)
            if s.orelse is not None:
                text += self.f("otherwise", body=self.body(s.orelse))
            return text
        if isinstance(s, ast.ForEach):
            state = self._state()
            source = self.expr(s.source)
            self.bind(s.var.name, self.referent(_element(self.type_of(s.source))),
                      _element(self.type_of(s.source)))
            text = self.f("for-each-of", source=source, body=self.body(s.body))
            self._restore(state)
            return text
        if isinstance(s, ast.ForScope):
            hooks = "; ".join(self.clause(h) for h in s.hooks)
            return self.f("for-scope", scope=self.lang.this(s.scope.name), hooks=hooks)
        if isinstance(s, ast.Hook | ast.Claim):
            return self.clause(s)
        if isinstance(s, ast.Effect):
            return self.effect_with_picks(s)
        return "?"

    def effect_with_picks(self, s: ast.Effect) -> str:
        """An effect whose subject or argument is a pick is said in two steps: "the coach
        chooses one of …; then that player goes to the Reserves box"."""
        picks = [e for e in (s.subject, *(a.value for a in s.args)) if isinstance(e, ast.Pick)]
        if not picks:
            return self.effect(s)
        state = self._state()
        said: list[str] = []
        names: dict[int, ast.Name] = {}
        for n, pick in enumerate(picks):
            ref = self.referent(self.type_of(pick))
            parts = self.pick_parts(pick, ref)
            name = f" pick {n}"  # no rule can write this name: it has spaces
            self.bind(name, ref, self.type_of(pick))
            names[id(pick)] = ast.Name(name)
            key = "let-choose" if pick.mode == "choose" else "let-random"
            said.append(self.f(key, pick=self.f("pick-one", **parts)))

        def named(e: ast.Expr | None) -> ast.Expr | None:
            return names.get(id(e), e) if e is not None else None
        plain = replace(s, subject=named(s.subject),
                        args=tuple(replace(a, value=named(a.value) or a.value) for a in s.args))
        said.append(self.effect(plain))
        self._restore(state)
        return self.f("then").join(said)

    def let(self, s: ast.Let) -> str:
        """A `let` as words: a pick or a roll is said ("the coach chooses one of …", "roll
        D6") and named after ("that player", "the roll"); an alias of something already
        named is not said at all, only used."""
        name, value = s.name.name, s.value
        if name in self._vars and self._lets.get(name, 0) > 1:  # a name given a new value
            ref = self._vars[name]
            if isinstance(value, ast.BinOp) and value.op in ("+", "-") \
                    and isinstance(value.left, ast.Name) and value.left.name == name:
                amount = self.expr(value.right)
                return self.f("add" if value.op == "+" else "subtract", amount=amount,
                              target=ref)
            return self.f("becomes", target=ref, value=self.expr(value))
        type_name = self.type_of(value)
        if isinstance(value, ast.Pick):
            ref = self.referent(type_name)
            parts = self.pick_parts(value, ref)
            self.bind(name, ref, type_name)
            key = "let-choose" if value.mode == "choose" else "let-random"
            return self.f(key, pick=self.f("pick-one", **parts))
        if isinstance(value, ast.Roll):
            if self._rolls > 1:  # "roll D8 (roll 1); then roll D6 (roll 2)"
                ref = self.referent("number", "roll-n")
                self.bind(name, ref, "number")
                return self.f("roll-stmt-named", dice=self.dice(value), name=ref)
            self.bind(name, self.referent("number", "roll"), "number")
            return self.f("roll-stmt", dice=self.dice(value))
        event = self._event
        if isinstance(value, ast.Name) and event is not None and value.name in event.payload \
                and value.name not in self._fields and self._lets.get(name, 0) == 1:
            ref = self.referent(type_name)  # "that player": the event's player, kept
            self.bind(name, ref, type_name)
            self._aliases.setdefault(value.name, ref)
            return ""
        if _has_roll(value) or self._lets.get(name, 0) > 1 or type_name in _NUMBER_TYPES:
            kind = "total" if _has_roll(value) else ""
            text = self.expr(value)
            ref = self.referent(type_name, kind)
            self.bind(name, ref, type_name)
            return self.f("let", name=ref, value=text)
        text = self.expr(value)
        if isinstance(value, ast.Attr) and self._mentions_field(value):
            text = self.f("remembered", value=text)  # the square that player was in then
        self.bind(name, text, type_name)
        return ""

    def _mentions_field(self, e: ast.Expr) -> bool:
        if isinstance(e, ast.Name):
            return bool(self._event and e.name in self._event.payload)
        if isinstance(e, ast.Attr):
            return self._mentions_field(e.obj)
        return False

    def effect(self, s: ast.Effect) -> str:
        decl = self.vocab.effects.get(s.name.name)
        to, by = s.arg("to"), s.arg("by")
        duration = self.f("duration", scope=self.lang.this(s.duration.name)) \
            if s.duration else ""
        if decl is not None and decl.assigns:
            is_value = isinstance(s.subject, ast.Name) and s.subject.name == "value"
            target = self.word("value") if is_value else \
                self.expr(s.subject) if s.subject is not None else self.f("it")
            if s.name.name == "set" and to is not None and is_value \
                    and self._event is not None and self._event.value_type == "bool" \
                    and isinstance(to, ast.Bool):
                return self.f("answer-yes" if to.value else "answer-no") + duration
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


def fill_phrase(phrase: str, values: Mapping[str, str], language: Language = ENGLISH,
                missing: Callable[[str], str] | None = None,
                optional: bool = True) -> tuple[str, set[str]]:
    """Fill ``{arg}`` placeholders. An optional part ``[…]`` is kept only if its args are
    given (and ``optional``); ``[A|B]`` is A if A's args are given, else B. A missing arg
    reads as ``missing(arg)`` (by default its name with the definite article).

    Returns the text and the args it used.
    """
    used: set[str] = set()

    def choose(m: re.Match) -> str:
        names = _PLACEHOLDER.findall(m.group(1))
        if optional and all(n in values for n in names):
            return m.group(1)
        return m.group(2) or ""

    text = _OPTIONAL.sub(choose, phrase)

    def fill(m: re.Match) -> str:
        name = m.group(1)
        if name in values:
            used.add(name)
            return values[name]
        return missing(name) if missing is not None else language.the(name)

    return _PLACEHOLDER.sub(fill, text), used
