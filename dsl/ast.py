"""Typed AST of the rules language.

Every node carries its source span; spans are excluded from equality so that
``parse(render(ast)) == ast`` compares meaning, not layout.

The node classes are frozen dataclasses to every reader (``dataclasses.fields`` and
``replace`` work on them; mypy reads them as ``@dataclass(frozen=True)``), but their methods
are written once, in ``_Frozen``, not compiled for each class: the dataclass decorator
compiles six methods for each of 28 classes, which made importing this module about 19 ms,
a fifth of a check after an author edits rules. ``_Frozen``'s do what the generated ones do:
the same ``__init__`` parameters, equality and hash over the compared fields, the same
``repr``, no assignment (tests/dsl/test_ast_nodes.py compares them with the decorator's own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, cast, dataclass_transform


class _Frozen:
    """What ``@dataclass(frozen=True)`` would give each node class, read from the class's
    own tables (made by ``node``)."""

    _positional: ClassVar[tuple[str, ...]]  # the fields given by position, in order
    _required: ClassVar[int]  # how many of them have no default (the first ones)
    _needed: ClassVar[tuple[frozenset[str], ...]]  # N positional given: the others required
    _defaults: ClassVar[dict[str, Any]]  # every field, in order: its default, or MISSING
    _key: ClassVar[Callable[[object], tuple]]  # a node -> its compared fields' values
    _shown: ClassVar[tuple[str, ...]]  # the fields repr shows

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = self.__class__
        values = cls._defaults.copy()
        given = len(args)
        if given:
            if given > len(cls._positional):
                raise _wrong_arguments(cls, args, kwargs)
            values.update(zip(cls._positional, args, strict=False))
        if kwargs:
            if not kwargs.keys() <= values.keys() or (
                    given and not kwargs.keys().isdisjoint(cls._positional[:given])):
                raise _wrong_arguments(cls, args, kwargs)
            values.update(kwargs)
        if given < cls._required and not kwargs.keys() >= cls._needed[given]:
            raise _wrong_arguments(cls, args, kwargs)
        self.__dict__.update(values)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self.__class__._key
            return bool(key(self) == key(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.__class__._key(self))

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._shown])
        return f"{self.__class__.__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_N = TypeVar("_N", bound=_Frozen)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def node(cls: type[_N]) -> type[_N]:
    """A node class: a dataclass whose methods are _Frozen's (with init, repr and eq off the
    decorator compiles none; frozen, it would compile two more)."""
    cls.__doc__ = cls.__doc__ or cls.__name__  # no signature worked out for a doc
    dataclass(init=False, repr=False, eq=False)(cls)
    every = fields(cast(Any, cls))  # (a dataclass now)
    positional = [f for f in every if not f.kw_only]
    required = [f for f in positional if f.default is MISSING]
    if positional[:len(required)] != required or any(
            f.default_factory is not MISSING or not f.init or f.kw_only and f.default is MISSING
            for f in every):
        raise TypeError(f"{cls.__name__}: a node's fields are given in order, required first, "
                        "each default a value")
    compared = [f.name for f in every if f.compare]
    cls._positional = tuple(f.name for f in positional)
    cls._required = len(required)
    cls._needed = tuple(frozenset(cls._positional[given:len(required)])
                        for given in range(len(required)))
    cls._defaults = {f.name: f.default for f in every}
    cls._key = (attrgetter(*compared) if len(compared) > 1
                else _one(compared[0]) if compared else _none)
    cls._shown = tuple(f.name for f in every if f.repr)
    return cls


def _wrong_arguments(cls: type[_Frozen], args: tuple, kwargs: dict[str, Any]) -> TypeError:
    """The TypeError of a call the fields do not fit, saying why as Python would."""
    name = f"{cls.__name__}.__init__()"
    if len(args) > len(cls._positional):
        most, least = len(cls._positional) + 1, cls._required + 1
        takes = f"from {least} to {most}" if least < most else f"{most}"
        return TypeError(f"{name} takes {takes} positional argument{'s' if most > 1 else ''} "
                         f"but {len(args) + 1} were given")
    for key in kwargs:
        if key not in cls._defaults:
            return TypeError(f"{name} got an unexpected keyword argument '{key}'")
        if key in cls._positional[:len(args)]:
            return TypeError(f"{name} got multiple values for argument '{key}'")
    missing = [f"'{key}'" for key in cls._positional[len(args):cls._required]
               if key not in kwargs]
    listed = (" and ".join(missing) if len(missing) < 3
              else f"{', '.join(missing[:-1])}, and {missing[-1]}")
    return TypeError(f"{name} missing {len(missing)} required positional argument"
                     f"{'s' if len(missing) > 1 else ''}: {listed}")


def _one(name: str) -> Callable[[object], tuple[object]]:
    get = attrgetter(name)
    return lambda self: (get(self),)


def _none(self: object) -> tuple[()]:
    return ()


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
