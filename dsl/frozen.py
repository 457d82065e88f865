"""Frozen dataclasses whose methods are written once, not compiled for each class.

``@dataclass(frozen=True)`` compiles six methods for every class it makes (``exec`` of
generated source, about a fifth of a millisecond each); a module of many small classes
imported on every check pays it at each start (the syntax tree's 28 node classes were about
19 ms of a check after an author edits rules, the vocabulary's declarations 6 ms more).
``frozen`` makes the class a dataclass with none of those methods, and ``Frozen``'s own do
what the generated ones would: the same ``__init__`` parameters (each field given in order,
required first; a default is a value or a ``default_factory``), equality and hash over the
compared fields, the same ``repr``, no assignment. Readers still see dataclasses:
``dataclasses.fields`` and ``replace`` work, and mypy reads them as
``@dataclass(frozen=True)`` (``dataclass_transform``). tests/dsl/test_ast_nodes.py and
tests/interpreter/test_vocabulary_model.py compare them with the decorator's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar, TypeVar, cast, dataclass_transform


class Frozen:
    """What ``@dataclass(frozen=True)`` would give each class, read from the class's own
    tables (made by ``frozen``)."""

    _positional: ClassVar[tuple[str, ...]]  # the fields given by position, in order
    _required: ClassVar[int]  # how many of them have no default (the first ones)
    _needed: ClassVar[tuple[frozenset[str], ...]]  # N positional given: the others required
    _defaults: ClassVar[dict[str, Any]]  # every field, in order: its default, or MISSING
    # the fields whose default is made for each object (default_factory): their makers
    _factories: ClassVar[tuple[tuple[str, Callable[[], Any]], ...]]
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
        for name, make in cls._factories:
            if values[name] is _MADE:
                values[name] = make()
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


_C = TypeVar("_C", bound=Frozen)
_MADE = object()  # in _defaults: the field's default is made for each object


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[_C]) -> type[_C]:
    """A frozen dataclass whose methods are Frozen's (with init, repr and eq off the
    decorator compiles none; frozen, it would compile two more)."""
    cls.__doc__ = cls.__doc__ or cls.__name__  # no signature worked out for a doc
    dataclass(init=False, repr=False, eq=False)(cls)
    every = fields(cast(Any, cls))  # (a dataclass now)
    positional = [f for f in every if not f.kw_only]
    required = [f for f in positional if f.default is MISSING and f.default_factory is MISSING]
    if positional[:len(required)] != required or any(
            not f.init or f.kw_only and f.default is MISSING and f.default_factory is MISSING
            for f in every):
        raise TypeError(f"{cls.__name__}: the fields are given in order, required first")
    compared = [f.name for f in every if f.compare]
    cls._positional = tuple(f.name for f in positional)
    cls._required = len(required)
    cls._needed = tuple(frozenset(cls._positional[given:len(required)])
                        for given in range(len(required)))
    cls._defaults = {f.name: _MADE if f.default_factory is not MISSING else f.default
                     for f in every}
    cls._factories = tuple((f.name, f.default_factory) for f in every
                           if f.default_factory is not MISSING)
    cls._key = (attrgetter(*compared) if len(compared) > 1
                else _one(compared[0]) if compared else _none)
    cls._shown = tuple(f.name for f in every if f.repr)
    return cls


def _wrong_arguments(cls: type[Frozen], args: tuple, kwargs: dict[str, Any]) -> TypeError:
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
