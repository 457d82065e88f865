"""Typed AST of the rules language.

Every node carries its source span; spans are excluded from equality so that
``parse(render(ast)) == ast`` compares meaning, not layout.

The node classes are frozen dataclasses to every reader (``dataclasses.fields`` and
``replace`` work on them; mypy reads them as ``@dataclass(frozen=True)``), but their methods
are written once, in ``Frozen`` (nuffle.dsl.frozen), not compiled for each class: the
dataclass decorator compiles six methods for each of 28 classes, which made importing this
module about 19 ms, a fifth of a check after an author edits rules
(tests/dsl/test_ast_nodes.py compares them with the decorator's own).
"""

from __future__ import annotations

from dataclasses import field

from nuffle.dsl.frozen import Frozen as _Frozen
from nuffle.dsl.frozen import frozen as node


@node
class Node(_Frozen):
    line: int = field(default=0, compare=False, repr=False, kw_only=True)
    column: int = field(default=0, compare=False, repr=False, kw_only=True)
    end_line: int = field(default=0, compare=False, repr=False, kw_only=True)
    end_column: int = field(default=0, compare=False, repr=False, kw_only=True)


@node
class Ident(Node):
    """A name as written in the source (event, effect, scope, variable…)."""

    name: str


# ---- expressions ----------------------------------------------------------


class Expr(Node):
    """Base class of expressions."""


@node
class Number(Expr):
    value: int


@node
class Bool(Expr):
    value: bool


@node
class Name(Expr):
    name: str


@node
class Attr(Expr):
    obj: Expr
    attr: Ident


@node
class Roll(Expr):
    """``roll NdS``: a roll through the dice service."""

    count: int
    sides: int


@node
class ListExpr(Expr):
    items: tuple[Expr, ...]


@node
class Range(Expr):
    low: Expr
    high: Expr


@node
class Call(Expr):
    func: Ident
    args: tuple[Expr, ...]


@node
class History(Expr):
    """``happened(E where C)`` / ``count(E where C, this turn)``."""

    mode: str  # "happened" | "count"
    event: Ident
    where: Expr | None
    scope: Ident | None


@node
class Pick(Expr):
    """``choose(p in X where C)`` (a decision) or ``random(p in X where C)`` (dice)."""

    mode: str  # "choose" | "random"
    var: Ident
    source: Expr
    where: Expr | None


@node
class BinOp(Expr):
    op: str  # and, or, ==, !=, <, <=, >, >=, is, is not, in, not in, +, -
    left: Expr
    right: Expr


@node
class Not(Expr):
    operand: Expr


@node
class Neg(Expr):
    operand: Expr


@node
class Pos(Expr):
    operand: Expr


# ---- statements -------------------------------------------------------------


class Stmt(Node):
    """Base class of statements."""


@node
class Let(Stmt):
    name: Ident
    value: Expr


@node
class Branch(Node):
    condition: Expr
    body: tuple[Stmt, ...]


@node
class If(Stmt):
    branches: tuple[Branch, ...]
    orelse: tuple[Stmt, ...] | None


@node
class May(Stmt):
    body: tuple[Stmt, ...]
    inline: bool = field(default=False, compare=False)


@node
class ForEach(Stmt):
    var: Ident
    source: Expr
    body: tuple[Stmt, ...]


@node
class Arg(Node):
    prep: str  # by, to, from, with, as, on, into, times, against, up to
    value: Expr


@node
class Effect(Stmt):
    name: Ident
    subject: Expr | None
    args: tuple[Arg, ...]
    duration: Ident | None

    def arg(self, prep: str) -> Expr | None:
        for a in self.args:
            if a.prep == prep:
                return a.value
        return None


@node
class Option(Node):
    """``once`` or ``once per SCOPE``."""

    scope: Ident | None


@node
class Hook(Stmt):
    play: bool
    timing: str  # before | after | instead of | modify
    event: Ident
    where: Expr | None
    options: tuple[Option, ...]
    body: tuple[Stmt, ...]


@node
class ForScope(Stmt):
    """``for this turn:`` followed by hooks that last that long."""

    scope: Ident
    hooks: tuple[Hook, ...]


@node
class Claim(Stmt):
    condition: Expr


@node
class Rules(Node):
    items: tuple[Stmt, ...]
