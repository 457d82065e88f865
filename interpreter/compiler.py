"""Compile a rules AST into Python closures, once per content item (principle 4).

The engine never walks a syntax tree during a game: each expression becomes a function
of an ``Env``; each statement a function that acts on the game through the ruleset's
effects, queries, attributes and decisions, all declared in the vocabulary (no `getattr` on
engine objects, no eval). Every effect, loop round and rule die is a step of the game's
budget (nuffle.interpreter.budget); collections a rule walks or picks from are bounded
(COLLECTION), and numbers given to effects are checked against their declared ranges.

A value a query cannot give (the distance to a player in the Dugout) is *nothing* (None):
arithmetic on nothing is nothing, comparisons with it are false, and an effect given
nothing where it needs a number is not made.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from typing import Any

from nuffle.dsl import ast
from nuffle.dsl.diagnostics import SourceMap
from nuffle.interpreter.errors import Origin, RulesError
from nuffle.interpreter.hooks import CompiledHook, Env
from nuffle.interpreter.vocabulary.model import bounds_text, outside

from nuffle import limits

Fn = Callable[[Env], Any]
Run = Callable[[Env], None]

# Constants whose value depends on the game (vocabulary constants that are not enum words).
DYNAMIC_CONSTANTS = ("last-turn", "teams", "balls-in-play", "ball-carrier")


@dataclass(frozen=True)
class Setting:
    """A top-level `set`/`change` of a game parameter (`set hand-size to 4`)."""

    parameter: str
    op: str  # set | change
    value: Fn
    origin: Origin | None = None


@dataclass(frozen=True)
class CompiledRules:
    hooks: tuple[CompiledHook, ...] = ()
    settings: tuple[Setting, ...] = ()
    claim: Fn | None = None
    statements: Run | None = None  # top-level statements (table entries)
    # events the claim condition is false without: when none of them happened in the
    # action (its `happened` window), the condition is not evaluated (None: always is)
    claim_needs: frozenset[str] | None = None


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge, "is": operator.eq, "is not": operator.ne,
}


def _in(a: Any, b: Any) -> bool:
    return b is not None and a in b


def _plus(a: Any, b: Any) -> Any:
    return None if a is None or b is None else a + b


def _minus(a: Any, b: Any) -> Any:
    return None if a is None or b is None else a - b


_NO_ATTRIBUTES: dict[str, Callable[[Any], Any]] = {}


def collection(value: Any, origin: Origin | None) -> list:
    """A collection a rule walks or picks from, as a list no longer than COLLECTION (a range
    is measured before anything is made of it)."""
    if value is None:
        return []
    sized = isinstance(value, range | list | tuple)
    out = value if sized else list(islice(value, limits.COLLECTION + 1))
    if len(out) > limits.COLLECTION:
        more = "" if sized else " or more"
        raise RulesError("G006", f"a collection of {len(out):,} items{more}; the limit is "
                         f"{limits.COLLECTION:,}", origin,
                         "a range built from game values can be huge: bound it first")
    return list(out)


class Compiler:
    """Turns one item's rules into closures, resolving names with the vocabulary.

    ``kind``, ``item`` and ``source`` say where the rules come from, so that an error at run
    time names the item and the line of its file."""

    def __init__(self, vocab: Any, kind: str = "rules", item: str = "?",
                 source: SourceMap | None = None,
                 content_ids: frozenset[str] = frozenset()) -> None:
        self.vocab = vocab
        self.kind = kind
        self.item = item
        self.source = source or SourceMap.identity("<rules>")
        # ids of the game's content items a rule may name (`gain-skill p with SKILL`): each
        # stands for itself, as the checker resolved it
        self.content_ids = content_ids

    def origin(self, node: ast.Node) -> Origin:
        line, column = self.source.to_file(node.line or 1, node.column or 1)
        return Origin(self.kind, self.item, self.source.path, line, column)

    # -- top level ---------------------------------------------------------------------
    def compile(self, rules: ast.Rules) -> CompiledRules:
        hooks, settings, statements = [], [], []
        claim = None
        claim_needs: frozenset[str] | None = None
        for item in rules.items:
            if isinstance(item, ast.Hook):
                hooks.append(self.hook(item))
            elif isinstance(item, ast.Claim):
                claim = self.expr(item.condition)
                claim_needs = needed_events(item.condition)
            elif isinstance(item, ast.Effect) and item.name.name in ("set", "change") \
                    and isinstance(item.subject, ast.Name) \
                    and item.subject.name in self.vocab.parameters:
                value = item.arg("to") if item.name.name == "set" else item.arg("by")
                if value is None:  # the checker lets `set PARAMETER` with no value through
                    raise TypeError("cannot compile NoneType")
                settings.append(Setting(item.subject.name, item.name.name, self.expr(value),
                                        self.origin(item)))
            else:
                statements.append(item)
        return CompiledRules(tuple(hooks), tuple(settings), claim,
                             self.block(tuple(statements)) if statements else None,
                             claim_needs)

    def hook(self, hook: ast.Hook) -> CompiledHook:
        once, scope = False, None
        for option in hook.options:
            if option.scope is None:
                once = True
            else:
                scope = option.scope.name
        body: Callable[[Env], Any] = self.block(hook.body)
        optional_instead = (hook.timing == "instead of" and len(hook.body) == 1
                            and isinstance(hook.body[0], ast.May))
        if hook.timing == "instead of" and not optional_instead:
            inner = body

            def body(env: Env, inner: Run = inner) -> bool:
                inner(env)
                return True
        elif optional_instead:
            may = hook.body[0]
            assert isinstance(may, ast.May)  # optional_instead: the body is one `may`
            inner_may = self.block(may.body)
            feasible = self.feasibility(may)

            def body(env: Env, inner_may: Run = inner_may) -> bool:
                if not feasible(env) or not env.game.rule_may(env):
                    return False
                if env.on_accept is not None:
                    env.on_accept()
                inner_may(env)
                return True
        guards, literals = _guards(hook, self.vocab, self.content_ids)
        return CompiledHook(hook.event.name, hook.timing, hook.play,
                            self.expr(hook.where) if hook.where is not None else None, body,
                            once, scope, _has_may(hook.body, self.vocab), optional_instead,
                            hook.line,
                            guards, self.origin(hook), literals)

    # -- statements --------------------------------------------------------------------
    def block(self, stmts: tuple[ast.Stmt, ...]) -> Run:
        runs = [self.stmt(s) for s in stmts]
        if len(runs) == 1:
            return runs[0]

        def run_all(env: Env) -> None:
            for r in runs:
                r(env)
        return run_all

    def stmt(self, s: ast.Stmt) -> Run:
        if isinstance(s, ast.Let):
            name, value = s.name.name, self.expr(s.value)

            def let(env: Env) -> None:
                env.vars[name] = value(env)
            return let
        if isinstance(s, ast.If):
            branches = [(self.expr(b.condition), self.block(b.body)) for b in s.branches]
            orelse = self.block(s.orelse) if s.orelse else None

            def if_(env: Env) -> None:
                for cond, body in branches:
                    if cond(env):
                        body(env)
                        return
                if orelse is not None:
                    orelse(env)
            return if_
        if isinstance(s, ast.May):
            body = self.block(s.body)
            feasible = self.feasibility(s)
            about = self.may_subject(s)

            def may(env: Env) -> None:
                if feasible(env) and env.game.rule_may(env, about(env)):
                    if env.on_accept is not None:
                        env.on_accept()
                    body(env)
            return may
        if isinstance(s, ast.ForEach):
            var, source, body = s.var.name, self.expr(s.source), self.block(s.body)
            origin = self.origin(s)

            def for_each(env: Env) -> None:
                step = env.game.budget.step
                for value in collection(source(env), origin):
                    step(origin)
                    env.vars[var] = value
                    body(env)
            return for_each
        if isinstance(s, ast.ForScope):
            hooks = tuple(self.hook(h) for h in s.hooks)
            scope = s.scope.name

            def for_scope(env: Env) -> None:
                env.game.add_temporary_hooks(hooks, env, scope)
            return for_scope
        if isinstance(s, ast.Effect):
            return self.effect(s)
        if isinstance(s, ast.Hook):
            raise TypeError("a hook inside a body must sit in a `for this SCOPE:` block")
        raise TypeError(f"cannot compile {type(s).__name__}")

    def effect(self, e: ast.Effect) -> Run:
        name = e.name.name
        origin = self.origin(e)
        decl = self.vocab.effects.get(name)
        if name in ("set", "change") and isinstance(e.subject, ast.Attr):
            return self.assign_attribute(e, origin)
        subject = self.expr(e.subject) if e.subject is not None else None
        # `set value to …` names its target; other subjects are values
        target = e.subject.name if name in ("set", "change") and isinstance(e.subject, ast.Name) \
            else None
        args = [(a.prep.replace(" ", "_"), self.expr(a.value)) for a in e.args]
        duration = e.duration.name if e.duration is not None else None
        params = decl.params if decl is not None else {}
        # nothing where a number (or a new value) is needed: the effect is not made
        numbers = {p.replace(" ", "_") for p, t in params.items() if t == "number"}
        if name in ("set", "change"):
            numbers |= {"to", "by"}
        bounds = {p.replace(" ", "_"): b for p, b in (decl.bounds if decl else {}).items()}
        subject_number = decl is not None and decl.subject == "number" and not decl.assigns

        def run(env: Env) -> None:
            game = env.game
            game.budget.step(origin)
            values = {prep: fn(env) for prep, fn in args}
            subj = target if target is not None else (subject(env) if subject else None)
            for prep, value in values.items():
                if prep in numbers and value is None:
                    return
                if outside(value, bounds.get(prep)):
                    raise RulesError("G004", f"`{name} … {prep.replace('_', ' ')} {value}` is "
                                     f"outside its range {bounds_text(bounds[prep])}", origin)
            if subject_number:
                if subj is None:
                    return
                if outside(subj, bounds.get("subject")):
                    raise RulesError("G004", f"`{name} {subj}` is outside its range "
                                     f"{bounds_text(bounds['subject'])}", origin)
            saved, game.origin = game.origin, origin
            try:
                game.effects[name](env, subj, values, duration)
            finally:
                game.origin = saved
        return run

    def assign_attribute(self, e: ast.Effect, origin: Origin) -> Run:
        """`change p.movement by -1 for this drive`: an attribute the vocabulary declares
        settable, changed through the game's `assign-attribute` effect (an engine without
        one refuses it)."""
        assert isinstance(e.subject, ast.Attr)
        obj = self.expr(e.subject.obj)
        attr = e.subject.attr.name
        op = e.name.name
        args = [(a.prep.replace(" ", "_"), self.expr(a.value)) for a in e.args]
        duration = e.duration.name if e.duration is not None else None

        def run(env: Env) -> None:
            game = env.game
            handler = game.effects.get("assign-attribute")
            if handler is None:
                raise RulesError("G004", "this game's engine has no attribute that rules may "
                                 "set", origin)
            game.budget.step(origin)
            values = {prep: fn(env) for prep, fn in args}
            if any(v is None for v in values.values()):
                return  # nothing: the change is not made
            saved, game.origin = game.origin, origin
            try:
                handler(env, (obj(env), attr), {"op": op, **values}, duration)
            finally:
                game.origin = saved
        return run

    def may_subject(self, may: ast.May) -> Fn:
        """What a `may` around one effect is about, when its subject is a plain name (`may
        pray kicking-team`): the game may ask that side's coach. Evaluating a name twice
        asks nothing and rolls nothing."""
        if len(may.body) == 1 and isinstance(may.body[0], ast.Effect) \
                and isinstance(may.body[0].subject, ast.Name):
            return self.expr(may.body[0].subject)
        return lambda env: None

    def feasibility(self, may: ast.May) -> Fn:
        """Whether a `may` offers something possible (no question for an impossible re-roll).

        Only a `may` around one effect is checked, and only on its subject and `by`, which
        are plain names: evaluating them twice asks nothing and rolls nothing.
        """
        if len(may.body) != 1 or not isinstance(may.body[0], ast.Effect):
            return lambda env: True
        eff = may.body[0]
        name = eff.name.name
        subject = self.expr(eff.subject) if eff.subject is not None else None
        by_expr = eff.arg("by")
        by = self.expr(by_expr) if by_expr is not None else None

        def feasible(env: Env) -> bool:
            check = env.game.feasible.get(name)
            if check is None:
                return True
            return check(env, subject(env) if subject else None, by(env) if by else None)
        return feasible

    # -- expressions -------------------------------------------------------------------
    def expr(self, e: ast.Expr) -> Fn:  # noqa: C901 - one branch per node type
        if isinstance(e, ast.Bool):  # apart from Number: compiled, `int | bool` is an int
            flag = e.value
            return lambda env: flag
        if isinstance(e, ast.Number):
            value = e.value
            return lambda env: value
        if isinstance(e, ast.Name):
            return self.name(e.name)
        if isinstance(e, ast.Attr):
            obj, attr = self.expr(e.obj), e.attr.name

            def get(env: Env) -> Any:
                # only attributes the vocabulary declares, through the ruleset's accessors
                o = obj(env)
                if o is None:
                    return None
                getter = env.game.attributes.get(type(o), _NO_ATTRIBUTES).get(attr)
                return None if getter is None else getter(o)
            return get
        if isinstance(e, ast.Roll):
            count, sides, origin = e.count, e.sides, self.origin(e)

            def roll(env: Env) -> int:
                env.game.budget.step(origin, count)
                return sum(env.game.dice.roll_many(count, sides, "rule"))
            return roll
        if isinstance(e, ast.ListExpr):
            items = [self.expr(i) for i in e.items]
            return lambda env: [f(env) for f in items]
        if isinstance(e, ast.Range):
            low, high = self.expr(e.low), self.expr(e.high)

            def span(env: Env) -> range | None:
                a, b = low(env), high(env)
                return None if a is None or b is None else range(a, b + 1)
            return span
        if isinstance(e, ast.Call):
            name, args = e.func.name, [self.expr(a) for a in e.args]
            return lambda env: env.game.queries[name](env, *[a(env) for a in args])
        if isinstance(e, ast.History):
            return self.history(e)
        if isinstance(e, ast.Pick):
            return self.pick(e)
        if isinstance(e, ast.BinOp):
            return self.binop(e)
        if isinstance(e, ast.Not):
            inner = self.expr(e.operand)
            return lambda env: not inner(env)
        if isinstance(e, ast.Neg):
            inner = self.expr(e.operand)

            def negative(env: Env) -> Any:
                value = inner(env)
                return None if value is None else -value
            return negative
        if isinstance(e, ast.Pos):
            return self.expr(e.operand)
        raise TypeError(f"cannot compile {type(e).__name__}")

    def name(self, name: str) -> Fn:
        if name in DYNAMIC_CONSTANTS:
            return lambda env: env.vars[name] if name in env.vars \
                else env.game.constant(name, env)
        if name in self.vocab.constants or name in self.content_ids:
            return lambda env: env.vars.get(name, name)
        return lambda env: env.vars.get(name)

    def binop(self, e: ast.BinOp) -> Fn:
        left, right = self.expr(e.left), self.expr(e.right)
        op = e.op
        if op == "and":
            return lambda env: bool(left(env)) and bool(right(env))
        if op == "or":
            return lambda env: bool(left(env)) or bool(right(env))
        if op == "+":
            return lambda env: _plus(left(env), right(env))
        if op == "-":
            return lambda env: _minus(left(env), right(env))
        if op == "in":
            return lambda env: _in(left(env), right(env))
        if op == "not in":
            return lambda env: not _in(left(env), right(env))
        compare = _COMPARE[op]

        def cmp(env: Env) -> bool:
            a, b = left(env), right(env)
            if op in ("<", "<=", ">", ">=") and (a is None or b is None):
                return False
            return compare(a, b)
        return cmp

    def history(self, e: ast.History) -> Fn:
        event = e.event.name
        where = self.expr(e.where) if e.where is not None else None
        scope = e.scope.name if e.scope is not None else "action"
        count = e.mode == "count"

        def look(env: Env) -> Any:
            n = 0
            for name, payload in env.game.history(scope):
                if name != event:
                    continue
                if where is None or where(env.child(payload)):
                    if not count:
                        return True
                    n += 1
            return n if count else False
        return look

    def pick(self, e: ast.Pick) -> Fn:
        var, source = e.var.name, self.expr(e.source)
        where = self.expr(e.where) if e.where is not None else None
        choose = e.mode == "choose"
        origin = self.origin(e)

        def pick(env: Env) -> Any:
            options = [v for v in collection(source(env), origin)
                       if where is None or where(env.child({var: v}))]
            if not options:
                return None
            if choose:
                return env.game.choose_for_rule(env, options)
            return env.game.dice.pick(options, "random pick")
        return pick


def needed_events(e: ast.Expr) -> frozenset[str] | None:
    """Events without which the condition ``e`` is false, having done nothing: a
    `happened(EVENT …)` of the action (it looks at nothing but those events); `A or B`, both
    sides such; `A and B`, its left side such (the right is then never evaluated). None
    when the condition could be true (or act) with none of them in its window."""
    if isinstance(e, ast.History):
        scope = e.scope.name if e.scope is not None else "action"
        return frozenset((e.event.name,)) if e.mode == "happened" and scope == "action" \
            else None
    if isinstance(e, ast.BinOp) and e.op == "or":
        left, right = needed_events(e.left), needed_events(e.right)
        return None if left is None or right is None else left | right
    if isinstance(e, ast.BinOp) and e.op == "and":
        return needed_events(e.left)
    return None


GUARD_CONTEXTS = ("self", "this-ball", "own", "opponent")
# names every hook's own context may bind (hooks.context_vars), besides the payload's
LITERAL_SHADOWS = ("self", "this-ball", "this-card", "own", "opponent", "value")


def _guards(hook: ast.Hook, vocab: Any, content_ids: Any,
            ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """Conjuncts of a hook's filter cheap to check first: `field is self` (the same object)
    and `field is CONSTANT` (equal to the constant's word, which is what the constant's
    name evaluates to when no name of the rule is spelt like it: ``Compiler.name``)."""
    event = vocab.events.get(hook.event.name)
    fields = event.payload if event is not None else {}
    out, literals = [], []
    stack = [hook.where] if hook.where is not None else []
    while stack:
        e = stack.pop()
        if isinstance(e, ast.BinOp) and e.op == "and":
            stack += [e.left, e.right]
        elif isinstance(e, ast.BinOp) and e.op == "is" and isinstance(e.left, ast.Name) \
                and isinstance(e.right, ast.Name) and e.left.name in fields:
            name = e.right.name
            if name in GUARD_CONTEXTS:
                out.append((e.left.name, name))
            elif (name in vocab.constants or name in content_ids) \
                    and name not in DYNAMIC_CONSTANTS and name not in fields \
                    and name not in LITERAL_SHADOWS and e.left.name not in LITERAL_SHADOWS:
                literals.append((e.left.name, name))
    return tuple(out), tuple(literals)


def _has_may(body: tuple[ast.Stmt, ...], vocab: Any) -> bool:
    """Whether the coach may decline what the hook does (a `may`, or an effect the
    vocabulary declares an offer): then its `once` limit is used only when they accept."""
    for s in body:
        if isinstance(s, ast.May):
            return True
        if isinstance(s, ast.Effect):
            decl = vocab.effects.get(s.name.name)
            if decl is not None and decl.offers:
                return True
        if isinstance(s, ast.If) and (any(_has_may(b.body, vocab) for b in s.branches)
                                      or (s.orelse and _has_may(s.orelse, vocab))):
            return True
        if isinstance(s, ast.ForEach) and _has_may(s.body, vocab):
            return True
    return False
