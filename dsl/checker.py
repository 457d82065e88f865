"""Resolve every name in a rules AST against the engine's vocabulary.

The checker knows nothing of particular cards: it only knows the vocabulary (events,
effects, parameters, attributes, constants, queries, scopes) and which context names each
kind of content item gets. It reports every problem it finds, not just the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import SupportsInt, cast

from nuffle.dsl import ast
from nuffle.dsl.diagnostics import Diagnostic, SourceMap
from nuffle.interpreter.vocabulary.model import Vocabulary, bounds_text, outside

from nuffle import limits

DICE_SIDES = {3, 6, 8, 16}
ANY = "any"  # a value whose kind the checker cannot know: it may be passed on, never read into
ERROR = "?"  # the kind of a value whose problem is already reported: it raises nothing more
ASSIGNABLE_NAMES = {"value"}
COMPARISONS = {"==", "!=", "<", "<=", ">", ">=", "is", "is not"}

# Which top-level forms each kind of rules text may hold.
TOP_LEVEL_STATEMENTS = {"table"}
# The kinds a coach plays from the hand, whose rules are `play` hooks: a Blitz Bowl Bonus
# Play, a Blood Bowl special play card (PBBL pages 43-51).
PLAYED_KINDS = {"bonus-play": "a Bonus Play", "special-play-card": "a special play card"}


@dataclass
class _Scope:
    names: dict[str, str] = field(default_factory=dict)
    parent: _Scope | None = None
    in_modify: bool = False
    value_event: str | None = None  # the value event a `modify` hook works out
    # inside a hook on an unknown event: its names cannot be known, and the event's own error
    # (N101) says what to fix; an unknown name there is not reported again (no cascade)
    event_unknown: bool = False

    def lookup(self, name: str) -> str | None:
        scope: _Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def all_names(self) -> set[str]:
        out: set[str] = set()
        scope: _Scope | None = self
        while scope is not None:
            out |= set(scope.names)
            scope = scope.parent
        return out

    def child(self, names: Mapping[str, str] | None = None, in_modify: bool | None = None,
              value_event: str | None = None, event_unknown: bool = False) -> _Scope:
        return _Scope(dict(names or {}), self, self.in_modify if in_modify is None else in_modify,
                      value_event or self.value_event, event_unknown or self.event_unknown)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    import difflib  # only for a hint, after a mistake
    close = difflib.get_close_matches(word, sorted(set(candidates)), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None


class RulesChecker:
    """Checks one rules text of one content item."""

    def __init__(self, vocab: Vocabulary, kind: str, source: SourceMap,
                 content_ids: Mapping[str, str] | None = None,
                 context: Mapping[str, str] | None = None):
        self.vocab = vocab
        self.kind = kind
        self.source = source
        self.content_ids = dict(content_ids or {})
        # the names the rules start with; by default the kind's context from the vocabulary
        self.context = dict(context if context is not None else vocab.contexts.get(kind, {}))
        self.diagnostics: list[Diagnostic] = []
        # `for each` loops and `for this SCOPE:` blocks around the statement being checked
        self.nesting = {kind: 0 for kind, _ in NESTED.values()}

    # ---- reporting
    def error(self, node: ast.Node, code: str, message: str, hint: str | None = None) -> None:
        line, col = self.source.to_file(node.line or 1, node.column or 1)
        end = None
        if node.end_line == node.line and node.end_column > node.column:
            end = col + (node.end_column - node.column)
        self.diagnostics.append(Diagnostic(code, message, self.source.path, line, col, end, hint))

    # ---- entry point
    def check(self, rules: ast.Rules) -> list[Diagnostic]:
        root = _Scope(dict(self.context))
        for item in rules.items:
            self.check_top(item, root)
        return self.diagnostics

    def check_top(self, item: ast.Stmt, scope: _Scope) -> None:
        if isinstance(item, ast.Hook):
            self.check_hook(item, scope, top=True)
        elif isinstance(item, ast.Claim):
            if self.kind != "challenge-card":
                self.error(item, "T204", "only a Challenge card has a `claim if` condition",
                           "write a hook such as `after touchdown where team is own:`")
            self.expect_bool(item.condition, scope.child({"own": "team", "opponent": "team"}))
        elif isinstance(item, ast.Effect) and self.is_setting(item):
            self.check_setting(item, scope)
        elif isinstance(item, ast.ForScope):
            self.check_stmt(item, scope)
        else:
            if self.kind not in TOP_LEVEL_STATEMENTS:
                self.error(item, "T206", f"a {self.kind}'s rules need a trigger for this statement",
                           "put it in a hook, e.g. `after turn-start where team is own:`")
            self.check_stmt(item, scope)

    def is_setting(self, eff: ast.Effect) -> bool:
        decl = self.vocab.effects.get(eff.name.name)
        return bool(decl and decl.assigns and isinstance(eff.subject, ast.Name)
                    and eff.subject.name not in ASSIGNABLE_NAMES)

    def lacks_value(self, eff: ast.Effect) -> bool:
        """T207 for a `set` with no `to` or a `change` with no `by`: the grammar lets the
        argument out, but there is nothing to assign."""
        needed = "to" if eff.name.name == "set" else "by"
        if eff.arg(needed) is not None:
            return False
        example = "set hand-size to 4" if needed == "to" else "change value by 1"
        self.error(eff.name, "T207", f"`{eff.name.name}` needs `{needed}` and a value",
                   f"e.g. `{example}`")
        return True

    def check_setting(self, eff: ast.Effect, scope: _Scope) -> None:
        assert isinstance(eff.subject, ast.Name)
        if self.lacks_value(eff):
            return
        param = self.vocab.parameters.get(eff.subject.name)
        if param is None:
            self.error(eff.subject, "N105", f"unknown game parameter `{eff.subject.name}`",
                       did_you_mean(eff.subject.name, self.vocab.parameters)
                       or f"parameters: {', '.join(sorted(self.vocab.parameters))}")
        elif self.kind not in self.vocab.settings_kinds:
            kinds = " or ".join(sorted(self.vocab.settings_kinds)) or "no item"
            self.error(eff, "T212", f"a {self.kind}'s settings are not applied by the engine: "
                       f"only a {kinds} sets game parameters",
                       "move the setting to a coach trait, or change the value in a `modify` "
                       "hook")
        elif param.bounds is not None:
            self.check_bounds(eff.arg("to") if eff.name.name == "set" else eff.arg("by"),
                              param.bounds, f"`{param.name}`",
                              offset=0 if eff.name.name == "set"
                              else int(cast(SupportsInt, param.default)))  # a number
        self.check_effect_args(eff, scope)

    def check_bounds(self, expr: ast.Expr | None, bounds: tuple[int | None, int | None],
                     what: str, offset: int = 0) -> None:
        """T211 when a number written in the rules (``offset`` added: a `change` of a default)
        lies outside ``bounds``; values only known in a game are checked as it runs."""
        if expr is None:
            return
        value = constant(expr)
        if value is None:
            return
        if outside(value + offset, bounds):
            shown = f"{value + offset}" if not offset else f"{offset} {value:+d} = {value + offset}"
            self.error(expr, "T211", f"{what} would be {shown}, outside its range "
                       f"{bounds_text(bounds)}", "see the language reference for the ranges")

    # ---- hooks
    def check_hook(self, hook: ast.Hook, scope: _Scope, top: bool = False) -> None:
        """Check one hook; ``top`` hooks start the item's rules, others last `for this …`."""
        played = PLAYED_KINDS.get(self.kind)
        if hook.play and played is None:
            self.error(hook, "T205", "only a Bonus Play is played (`play …`)",
                       "remove `play`, or move these rules to the card's `bonus_play`")
        elif hook.play and not top:
            self.error(hook, "T205", f"only the opening hook of {played} is played "
                       "(`play …`)" if self.kind != "bonus-play" else
                       "only the Bonus Play's opening hook is played (`play …`)",
                       "remove `play` from the inner hook")
        elif played is not None and top and not hook.play:
            self.error(hook, "T205", f"{played[0].upper()}{played[1:]}'s hook must start with "
                       "`play`", f"write `play {hook.timing} {hook.event.name} …`")
        decl = self.vocab.events.get(hook.event.name)
        names: dict[str, str] = {}
        if decl is None:
            self.error(hook.event, "N101", f"unknown event `{hook.event.name}`",
                       did_you_mean(hook.event.name, self.vocab.events)
                       or "see the language reference for the list of events")
        else:
            names = dict(decl.payload)
            if hook.timing == "modify" and not decl.is_value:
                self.error(hook.event, "T202", f"`{decl.name}` is an occurrence, not a value: "
                           "it cannot be modified", "use `before`, `after` or `instead of`")
            elif hook.timing != "modify" and decl.is_value:
                self.error(hook.event, "T202", f"`{decl.name}` is a value: use `modify`",
                           f"write `modify {decl.name} …: set value to …`")
            if decl.is_value and hook.timing == "modify":
                names["value"] = decl.value_type or ANY
        modify = hook.timing == "modify"
        inner = scope.child(names, in_modify=modify,
                            value_event=decl.name if modify and decl is not None else None,
                            event_unknown=decl is None)
        if hook.where is not None:
            self.expect_bool(hook.where, inner)
        for opt in hook.options:
            if opt.scope is not None:
                self.check_scope_name(opt.scope)
        self.check_body(hook.body, inner)

    def check_scope_name(self, ident: ast.Ident) -> None:
        if ident.name not in self.vocab.scopes:
            self.error(ident, "N106", f"unknown duration `{ident.name}`",
                       did_you_mean(ident.name, self.vocab.scopes)
                       or f"durations: {', '.join(self.vocab.scopes)}")

    # ---- statements
    def check_body(self, body: tuple[ast.Stmt, ...], scope: _Scope) -> None:
        inner = scope.child()
        for stmt in body:
            self.check_stmt(stmt, inner)

    def check_stmt(self, stmt: ast.Stmt, scope: _Scope) -> None:
        counted = NESTED.get(type(stmt))
        if counted is None:
            self.check_stmt_inner(stmt, scope)
            return
        kind, limit = counted
        self.nesting[kind] += 1
        try:
            if self.nesting[kind] == limit + 1:
                self.error(stmt, "T213", *_too_deep(stmt, limit))
            self.check_stmt_inner(stmt, scope)
        finally:
            self.nesting[kind] -= 1

    def check_stmt_inner(self, stmt: ast.Stmt, scope: _Scope) -> None:
        if isinstance(stmt, ast.Let):
            scope.names[stmt.name.name] = self.check_expr(stmt.value, scope)
        elif isinstance(stmt, ast.If):
            for branch in stmt.branches:
                self.expect_bool(branch.condition, scope)
                self.check_body(branch.body, scope)
            if stmt.orelse is not None:
                self.check_body(stmt.orelse, scope)
        elif isinstance(stmt, ast.May):
            self.check_body(stmt.body, scope)
        elif isinstance(stmt, ast.ForEach):
            source_type = self.check_expr(stmt.source, scope)
            elem = element_type(source_type)
            if elem is None:
                self.error(stmt.source, "T201", f"`for each` needs a collection, not a {source_type}")
                elem = ANY
            self.check_body(stmt.body, scope.child({stmt.var.name: elem}))
        elif isinstance(stmt, ast.ForScope):
            self.check_scope_name(stmt.scope)
            for hook in stmt.hooks:
                self.check_hook(hook, scope)
        elif isinstance(stmt, ast.Effect):
            self.check_effect(stmt, scope)
        elif isinstance(stmt, ast.Hook):
            self.check_hook(stmt, scope)
        elif isinstance(stmt, ast.Claim):
            self.error(stmt, "T204", "`claim if` belongs at the top of a Challenge card's rules")

    def check_effect(self, eff: ast.Effect, scope: _Scope) -> None:
        decl = self.vocab.effects.get(eff.name.name)
        if decl is None:
            self.error(eff.name, "N102", f"unknown effect `{eff.name.name}`",
                       did_you_mean(eff.name.name, self.vocab.effects)
                       or "see the language reference for the list of effects")
            if eff.subject is not None:
                self.check_expr(eff.subject, scope)
            for arg in eff.args:
                self.check_expr(arg.value, scope)
            return
        if decl.assigns:
            self.check_assignment(eff, scope)
        elif eff.subject is None:
            if decl.subject_required:
                self.error(eff.name, "T207", f"`{decl.name}` needs to say what it acts on",
                           f"e.g. `{decl.name} <{decl.subject}>`")
        elif decl.subject is None:
            self.error(eff.subject, "T207", f"`{decl.name}` takes no subject",
                       "remove the word after the effect name")
        else:
            self.expect_type(eff.subject, decl.subject, scope)
            if "subject" in decl.bounds:
                self.check_bounds(eff.subject, decl.bounds["subject"], f"`{decl.name}`'s amount")
        self.check_effect_args(eff, scope)

    def check_effect_args(self, eff: ast.Effect, scope: _Scope) -> None:
        decl = self.vocab.effects.get(eff.name.name)
        if decl is None:
            return
        seen: set[str] = set()
        for arg in eff.args:
            if arg.prep in seen:
                self.error(arg, "T208", f"`{arg.prep}` is given twice")
            seen.add(arg.prep)
            want = decl.params.get(arg.prep)
            if want is None:
                allowed = ", ".join(f"`{p}`" for p in decl.params) or "none"
                self.error(arg, "N108", f"`{decl.name}` takes no `{arg.prep}` argument",
                           f"its arguments: {allowed}")
                self.check_expr(arg.value, scope)
            else:
                self.expect_type(arg.value, want, scope)
                if arg.prep in decl.bounds:
                    self.check_bounds(arg.value, decl.bounds[arg.prep],
                                      f"`{decl.name} … {arg.prep}`")
        if eff.duration is not None:
            self.check_scope_name(eff.duration)
            if not decl.durations:
                self.error(eff.duration, "T208", f"`{decl.name}` does not last: it takes no "
                           "duration", "wrap hooks in `for this turn:` to make them last")

    def check_assignment(self, eff: ast.Effect, scope: _Scope) -> None:
        if self.lacks_value(eff):
            return
        subject = eff.subject
        if isinstance(subject, ast.Name) and subject.name == "value":
            if not scope.in_modify:
                self.error(subject, "T203", "`value` exists only inside a `modify` hook",
                           "write `modify EVENT where …: set value to …`")
                return
            value_type = scope.lookup("value") or ANY
            target = eff.arg("to")
            if target is not None:
                self.expect_type(target, value_type, scope)
                bounds = self.value_bounds(scope)
                if bounds is not None:
                    self.check_bounds(target, bounds, "the value")
            elif eff.arg("by") is not None and value_type not in ("number", ANY, ERROR):
                self.error(eff, "T201", f"`change` adds a number, but this value is a {value_type}",
                           "use `set value to …`")
            return
        if isinstance(subject, ast.Name):
            if subject.name not in self.vocab.parameters:
                self.error(subject, "N105", f"unknown game parameter `{subject.name}`",
                           did_you_mean(subject.name, [*self.vocab.parameters, "value"]))
            return
        if isinstance(subject, ast.Attr):
            self.check_settable(eff, subject, scope)
            return
        if subject is not None:
            self.error(subject, "T203", "only `value`, a game parameter or an attribute can be set")

    def value_bounds(self, scope: _Scope) -> tuple[int, int] | None:
        """The range of the value a `modify` hook works out (its event's declared bounds)."""
        decl = self.vocab.events.get(scope.value_event) if scope.value_event else None
        return decl.bounds if decl is not None else None

    def check_settable(self, eff: ast.Effect, subject: ast.Attr, scope: _Scope) -> None:
        """`change p.movement by -1`: only attributes the vocabulary declares settable."""
        owner = self.check_expr(subject.obj, scope)
        if owner in (ERROR, ANY):
            if owner == ANY:
                self.error(subject.obj, "T214", "the kind of this value cannot be known, so "
                           "nothing of it can be set")
            return
        decl = self.vocab.types.get(owner)
        attr = subject.attr.name
        if decl is None or attr not in decl.attributes:
            self.check_expr(subject, scope)  # reports the unknown attribute
            return
        if attr not in decl.settable:
            settable = ", ".join(f"`{a}`" for a in sorted(decl.settable)) or "none"
            self.error(subject.attr, "T203", f"{article(owner)}'s `{attr}` can be read, not set",
                       f"settable {owner} attributes: {settable}")
            return
        value = eff.arg("to") if eff.name.name == "set" else eff.arg("by")
        if value is not None:
            self.expect_type(value, decl.attributes[attr], scope)
            if eff.name.name == "set":
                self.check_bounds(value, decl.settable[attr], f"`{attr}`")

    # ---- expressions
    def expect_bool(self, expr: ast.Expr, scope: _Scope) -> None:
        self.expect_type(expr, "bool", scope)

    def expect_type(self, expr: ast.Expr, want: str, scope: _Scope) -> None:
        got = self.check_expr(expr, scope)
        if not compatible(got, want):
            self.error(expr, "T201", f"expected {article(want)}, found {article(got)}")

    def check_expr(self, expr: ast.Expr, scope: _Scope) -> str:
        if isinstance(expr, ast.Number):
            return "number"
        if isinstance(expr, ast.Bool):
            return "bool"
        if isinstance(expr, ast.Roll):
            if expr.sides not in DICE_SIDES:
                self.error(expr, "N110", f"there is no d{expr.sides}",
                           "dice: d3, d6, d8, d16 (e.g. `roll 2d6`)")
            if expr.count > limits.DICE_PER_ROLL or expr.count < 1:
                self.error(expr, "T210", f"{expr.count} dice in one roll; a roll has 1 to "
                           f"{limits.DICE_PER_ROLL} dice", "no rule rolls more than a few dice")
            return "number"
        if isinstance(expr, ast.Name):
            return self.resolve_name(expr, scope)
        if isinstance(expr, ast.Attr):
            return self.check_attr(expr, scope)
        if isinstance(expr, ast.ListExpr):
            types = {self.check_expr(i, scope) for i in expr.items} - {ERROR}
            if not types:
                return f"list[{ANY}]"
            # a word with two meanings (`throw`: an action, a catch source) takes the one
            # the other items share
            common = set.intersection(*(set(t.split("|")) for t in types))
            if not common:
                self.error(expr, "T214", f"a list of different kinds of values "
                           f"({', '.join(sorted(types))})", "a list holds one kind of value")
                return f"list[{ERROR}]"
            return f"list[{'|'.join(sorted(common))}]"
        if isinstance(expr, ast.Range):
            self.expect_type(expr.low, "number", scope)
            self.expect_type(expr.high, "number", scope)
            low, high = constant(expr.low), constant(expr.high)
            if low is not None and high is not None and high - low + 1 > limits.RANGE_WIDTH:
                self.error(expr, "T210", f"the range holds {high - low + 1:,} numbers; the limit "
                           f"is {limits.RANGE_WIDTH:,}", "no rule needs that many numbers")
            return "list[number]"
        if isinstance(expr, ast.Call):
            return self.check_call(expr, scope)
        if isinstance(expr, ast.History):
            return self.check_history(expr, scope)
        if isinstance(expr, ast.Pick):
            source_type = self.check_expr(expr.source, scope)
            elem = element_type(source_type) or ANY
            if element_type(source_type) is None and source_type != ANY:
                self.error(expr.source, "T201", f"`{expr.mode}` needs a collection, "
                           f"not {article(source_type)}")
            inner = scope.child({expr.var.name: elem})
            if expr.where is not None:
                self.expect_bool(expr.where, inner)
            return elem
        if isinstance(expr, ast.Not):
            self.expect_bool(expr.operand, scope)
            return "bool"
        if isinstance(expr, ast.Neg | ast.Pos):
            self.expect_type(expr.operand, "number", scope)
            return "number"
        if isinstance(expr, ast.BinOp):
            return self.check_binop(expr, scope)
        return ANY

    def check_attr(self, expr: ast.Attr, scope: _Scope) -> str:
        obj = self.check_expr(expr.obj, scope)
        if obj == ERROR:
            return ERROR
        if obj == ANY:
            self.error(expr.attr, "T214", f"the kind of this value cannot be known, so it has no "
                       f"`{expr.attr.name}` to read", "read attributes of a name whose kind is "
                       "known: a payload field, a context name, a `let` of a known value")
            return ERROR
        decl = self.vocab.types.get(obj)
        if decl is None or expr.attr.name not in decl.attributes:
            known = decl.attributes if decl else {}
            # the nearest name, and every name it has: a near miss may not be the one meant
            listing = f"{obj} attributes: {', '.join(sorted(known))}" if known else None
            hint = " ".join(h for h in (did_you_mean(expr.attr.name, known), listing) if h)
            self.error(expr.attr, "N104", f"{article(obj)} has no `{expr.attr.name}`",
                       hint or None)
            return ERROR
        return decl.attributes[expr.attr.name]

    def resolve_name(self, expr: ast.Name, scope: _Scope) -> str:
        found = scope.lookup(expr.name)
        if found is not None:
            return found
        const = self.vocab.constants.get(expr.name)
        if const is not None:
            if expr.name in self.content_ids:  # a skill named like an action: both (ruling
                return f"{const.type}|{self.content_ids[expr.name]}"  # bb-skill-ids-rules-words)
            return const.type
        if expr.name in self.content_ids:
            return self.content_ids[expr.name]
        param = self.vocab.parameters.get(expr.name)
        if param is not None:
            return param.type
        if scope.event_unknown:
            return ERROR  # the hook's event is unknown: N101 already stands for this
        candidates = scope.all_names() | set(self.vocab.constants) | set(self.vocab.parameters)
        hint = did_you_mean(expr.name, candidates)
        if hint is None and expr.name in self.vocab.events:
            hint = f"`{expr.name}` is an event: use it after `before`/`after` or in happened(…)"
        if hint is None:
            hint = f"names here: {', '.join(sorted(scope.all_names())[:12])}"
        self.error(expr, "N103", f"unknown name `{expr.name}`", hint)
        return ERROR

    def check_call(self, expr: ast.Call, scope: _Scope) -> str:
        decl = self.vocab.queries.get(expr.func.name)
        if decl is None:
            self.error(expr.func, "N107", f"unknown query `{expr.func.name}`",
                       did_you_mean(expr.func.name, self.vocab.queries)
                       or f"queries: {', '.join(sorted(self.vocab.queries))}")
            for arg in expr.args:
                self.check_expr(arg, scope)
            return ERROR
        if len(expr.args) != len(decl.params):
            self.error(expr, "T209", f"`{decl.name}` takes {len(decl.params)} argument(s), "
                       f"found {len(expr.args)}")
        for arg, want in zip(expr.args, decl.params, strict=False):
            self.expect_type(arg, want, scope)
        return decl.returns

    def check_history(self, expr: ast.History, scope: _Scope) -> str:
        decl = self.vocab.events.get(expr.event.name)
        names: dict[str, str] = {}
        if decl is None or decl.is_value:
            self.error(expr.event, "N101", f"unknown event `{expr.event.name}`",
                       did_you_mean(expr.event.name,
                                    [e for e, d in self.vocab.events.items() if not d.is_value]))
        else:
            names = dict(decl.payload)
        if expr.where is not None:
            self.expect_bool(expr.where, scope.child(names))
        if expr.scope is not None:
            self.check_scope_name(expr.scope)
        return "bool" if expr.mode == "happened" else "number"

    def check_binop(self, expr: ast.BinOp, scope: _Scope) -> str:
        if expr.op in ("and", "or"):
            self.expect_bool(expr.left, scope)
            self.expect_bool(expr.right, scope)
            return "bool"
        left = self.check_expr(expr.left, scope)
        right = self.check_expr(expr.right, scope)
        if expr.op in ("+", "-"):
            for side, t in ((expr.left, left), (expr.right, right)):
                if not compatible(t, "number"):
                    self.error(side, "T201", f"expected a number, found {article(t)}")
            return "number"
        if expr.op in ("in", "not in"):
            elem = element_type(right)
            if elem is None and right != ANY:
                self.error(expr.right, "T201", f"`in` needs a list or a range, found {article(right)}")
            elif elem is not None and not compatible(left, elem):
                self.error(expr, "T201", f"{article(left)} is never in a list of {elem}")
            return "bool"
        if not (compatible(left, right) or compatible(right, left)):
            self.error(expr, "T201", f"{article(left)} is compared with {article(right)}",
                       "both sides of a comparison must be the same kind of thing")
        return "bool"


def element_type(t: str) -> str | None:
    if t in (ANY, ERROR):
        return t
    if t.startswith("list[") and t.endswith("]"):
        return t[5:-1]
    return None


def compatible(got: str, want: str) -> bool:
    if ANY in (got, want) or ERROR in (got, want) or got == want:
        return True
    if "|" in got or "|" in want:
        return any(compatible(g, w) for g in got.split("|") for w in want.split("|"))
    g, w = element_type(got), element_type(want)
    return g is not None and w is not None and compatible(g, w)


# statements whose nesting is bounded: the counter they raise, and its limit
NESTED: dict[type, tuple[str, int]] = {ast.ForEach: ("loop", limits.LOOP_NESTING),
                                       ast.ForScope: ("scope", limits.SCOPE_NESTING)}


def _too_deep(stmt: ast.Stmt, limit: int) -> tuple[str, str]:
    """T213's message and hint for a loop or a lasting-hook block one level too deep."""
    if isinstance(stmt, ast.ForScope):
        return (f"`for this {stmt.scope.name}:` blocks nested more than {limit} deep",
                "hooks that add hooks that add hooks multiply at every event: flatten them")
    return (f"`for each` loops nested more than {limit} deep",
            "walk fewer collections at once: a filter (`where`) or a query usually does it")


def constant(expr: ast.Expr | None) -> int | None:
    """The value of a number written in the rules (`3`, `-1`, `2 + 1`), None if it depends on
    the game."""
    if isinstance(expr, ast.Number):
        return expr.value
    if isinstance(expr, ast.Neg | ast.Pos):
        inner = constant(expr.operand)
        return None if inner is None else (-inner if isinstance(expr, ast.Neg) else inner)
    if isinstance(expr, ast.BinOp) and expr.op in ("+", "-"):
        left, right = constant(expr.left), constant(expr.right)
        if left is None or right is None:
            return None
        return left + right if expr.op == "+" else left - right
    return None


def article(t: str) -> str:
    if "|" in t:
        return " or ".join(article(part) for part in t.split("|"))
    if t.startswith("list["):
        return f"a list of {t[5:-1]}"
    return f"an {t}" if t[:1] in "aeiou" else f"a {t}"


def check_rules(rules: ast.Rules, vocab: Vocabulary, kind: str, source: SourceMap,
                content_ids: Mapping[str, str] | None = None,
                context: Mapping[str, str] | None = None) -> list[Diagnostic]:
    return RulesChecker(vocab, kind, source, content_ids, context).check(rules)
