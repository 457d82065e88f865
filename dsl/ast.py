"""Typed AST of the rules language.

Every node carries its source span; spans are excluded from equality so that
``parse(render(ast)) == ast`` compares meaning, not layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Node:
    line: int = field(default=0, compare=False, repr=False, kw_only=True)
    column: int = field(default=0, compare=False, repr=False, kw_only=True)
    end_line: int = field(default=0, compare=False, repr=False, kw_only=True)
    end_column: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Ident(Node):
    """A name as written in the source (event, effect, scope, variable…)."""

    name: str


# ---- expressions ----------------------------------------------------------


class Expr(Node):
    """Base class of expressions."""


@dataclass(frozen=True)
class Number(Expr):
    value: int


@dataclass(frozen=True)
class Bool(Expr):
    value: bool


@dataclass(frozen=True)
class Name(Expr):
    name: str


@dataclass(frozen=True)
class Attr(Expr):
    obj: Expr
    attr: Ident


@dataclass(frozen=True)
class Roll(Expr):
    """``roll NdS``: a roll through the dice service."""

    count: int
    sides: int


@dataclass(frozen=True)
class ListExpr(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Range(Expr):
    low: Expr
    high: Expr


@dataclass(frozen=True)
class Call(Expr):
    func: Ident
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class History(Expr):
    """``happened(E where C)`` / ``count(E where C, this turn)``."""

    mode: str  # "happened" | "count"
    event: Ident
    where: Expr | None
    scope: Ident | None


@dataclass(frozen=True)
class Pick(Expr):
    """``choose(p in X where C)`` (a decision) or ``random(p in X where C)`` (dice)."""

    mode: str  # "choose" | "random"
    var: Ident
    source: Expr
    where: Expr | None


@dataclass(frozen=True)
class BinOp(Expr):
    op: str  # and, or, ==, !=, <, <=, >, >=, is, is not, in, not in, +, -
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Not(Expr):
    operand: Expr


@dataclass(frozen=True)
class Neg(Expr):
    operand: Expr


@dataclass(frozen=True)
class Pos(Expr):
    operand: Expr


# ---- statements -------------------------------------------------------------


class Stmt(Node):
    """Base class of statements."""


@dataclass(frozen=True)
class Let(Stmt):
    name: Ident
    value: Expr


@dataclass(frozen=True)
class Branch(Node):
    condition: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class If(Stmt):
    branches: tuple[Branch, ...]
    orelse: tuple[Stmt, ...] | None


@dataclass(frozen=True)
class May(Stmt):
    body: tuple[Stmt, ...]
    inline: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class ForEach(Stmt):
    var: Ident
    source: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Arg(Node):
    prep: str  # by, to, from, with, as, on, into, times, against, up to
    value: Expr


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Option(Node):
    """``once`` or ``once per SCOPE``."""

    scope: Ident | None


@dataclass(frozen=True)
class Hook(Stmt):
    play: bool
    timing: str  # before | after | instead of | modify
    event: Ident
    where: Expr | None
    options: tuple[Option, ...]
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class ForScope(Stmt):
    """``for this turn:`` followed by hooks that last that long."""

    scope: Ident
    hooks: tuple[Hook, ...]


@dataclass(frozen=True)
class Claim(Stmt):
    condition: Expr


@dataclass(frozen=True)
class Rules(Node):
    items: tuple[Stmt, ...]
