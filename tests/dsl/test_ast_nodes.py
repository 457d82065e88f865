"""The syntax tree's node classes (nuffle.dsl.ast) behave as `@dataclass(frozen=True)` made
them: the module's own source, with each `@node` read as `@dataclass(frozen=True)`, gives the
reference classes, and every bundled rules text's tree, built both ways, has the same fields,
repr, equality, hash, immutability, constructor and copies. And making the classes compiles
no code (the saving: the decorator compiled six methods per class)."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle
import re
import sys
import types
from pathlib import Path

import pytest
from nuffle.dsl import ast

from nuffle.catalogue.loader import load_catalogue


def _reference() -> types.ModuleType:
    source = Path(ast.__file__).read_text(encoding="utf-8")
    assert source.count("\n@node\n") > 25
    module = types.ModuleType("reference_ast")
    sys.modules[module.__name__] = module  # dataclasses looks the module up
    module.dataclass = dataclasses.dataclass  # type: ignore[attr-defined]  # (ast has no need)
    exec(compile(source.replace("\n@node\n", "\n@dataclass(frozen=True)\n"), "reference", "exec"),
         module.__dict__)
    return module


REFERENCE = _reference()
CLASSES = sorted(name for name, cls in vars(ast).items() if isinstance(cls, type)
                 and issubclass(cls, ast.Node) and "__dataclass_fields__" in vars(cls))


def _fields(cls: type) -> list[tuple]:
    return [(f.name, f.type, f.default, f.init, f.repr, f.compare, f.kw_only, f.hash)
            for f in dataclasses.fields(cls)]


def _twin(node: object) -> object:
    """The same tree made of the reference classes."""
    if isinstance(node, ast.Node):
        cls = getattr(REFERENCE, type(node).__name__)
        return cls(**{f.name: _twin(getattr(node, f.name)) for f in dataclasses.fields(node)})
    if isinstance(node, tuple):
        return tuple(_twin(n) for n in node)
    return node


def _nodes(tree: object) -> list[ast.Node]:
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Node):
            found.append(node)
            stack += [getattr(node, f.name) for f in dataclasses.fields(node)]
        elif isinstance(node, tuple):
            stack += node
    return found


@pytest.fixture(scope="module")
def trees() -> list[ast.Rules]:
    catalogue, _, _ = load_catalogue()
    found = [r.ast for item in catalogue.items.values() for r in item.rules if r.ast]
    assert len(found) > 200
    return found


def test_the_classes_are_the_decorators() -> None:
    assert len(CLASSES) == 28
    for name in CLASSES:
        ours, theirs = getattr(ast, name), getattr(REFERENCE, name)
        assert dataclasses.is_dataclass(ours)
        assert _fields(ours) == _fields(theirs), name
        assert ours.__match_args__ == theirs.__match_args__, name
        assert [c.__name__ for c in ours.__mro__ if c.__module__ == ast.__name__] == \
            [c.__name__ for c in theirs.__mro__ if c.__module__ == REFERENCE.__name__]


def test_every_bundled_tree_behaves_the_same(trees) -> None:
    nodes = [n for tree in trees for n in _nodes(tree)]
    assert {type(n).__name__ for n in nodes} >= set(CLASSES) - {"Node", "Pos", "Range"}
    twins = [_twin(n) for n in nodes]
    for node, twin in zip(nodes, twins, strict=True):
        assert repr(node) == repr(twin)
        assert hash(node) == hash(twin)
        assert repr(vars(node)) == repr(vars(twin))  # positions too, in the same order
        moved = dataclasses.replace(node, line=node.line + 1, column=99)
        assert moved == node and hash(moved) == hash(node)
        assert pickle.loads(pickle.dumps(node)) == node and copy.deepcopy(node) == node
    # equality between any two nodes of a sample, as the reference says
    sample = list(zip(nodes[::7], twins[::7], strict=True))[:400]
    for (a, ra), (b, rb) in itertools.product(sample, sample):
        assert (a == b) is (ra == rb) and (a != b) is (ra != rb)
    assert nodes[0] != 1 and nodes[0] != twins[0]  # another class: NotImplemented, both ways


@pytest.mark.parametrize("name", CLASSES)
def test_frozen_and_constructed_as_the_decorators(name) -> None:
    ours, theirs = getattr(ast, name), getattr(REFERENCE, name)
    names = [f.name for f in dataclasses.fields(ours) if not f.kw_only]

    def outcome(cls: type, *args: object, **kwargs: object) -> object:
        try:
            made = cls(*args, **kwargs)
        except TypeError as exc:
            return str(exc).replace(theirs.__qualname__, ours.__qualname__)
        with pytest.raises(dataclasses.FrozenInstanceError) as assigned:
            made.line = 3
        with pytest.raises(dataclasses.FrozenInstanceError) as deleted:
            del made.column
        return repr(made), vars(made), str(assigned.value), str(deleted.value)

    calls: list[tuple[tuple, dict]] = [
        (tuple(range(len(names))), {}),
        (tuple(range(len(names))), {"line": 4, "end_column": 2}),
        ((), dict(zip(names, range(len(names)), strict=True))),
        (tuple(range(len(names) + 1)), {}),  # one too many
        (tuple(range(len(names) - 1)), {}),  # one missing (or a default)
        ((), {}),
        (tuple(range(len(names))), {"unknown": 1}),
        (tuple(range(len(names))), {names[0]: 1} if names else {}),  # given twice
        ((1,) * len(names), {"inline": True} if name == "May" else {}),
    ]
    for args, kwargs in calls:
        assert outcome(ours, *args, **kwargs) == outcome(theirs, *args, **kwargs), (args, kwargs)


def _methods(sources: list[str]) -> int:
    """How many methods the decorator's compiled sources define: each is wrapped in a
    ``__create_fn__`` (one per method up to Python 3.12, one per class holding them all from
    3.13, which compiles an empty one for a class given none)."""
    return sum(len(re.findall(r"\bdef (?!__create_fn__\b)", text)) for text in sources)


def test_making_the_classes_compiles_no_code(monkeypatch) -> None:
    """The dataclass decorator compiles each generated method with exec; the node classes
    are made without one."""
    compiled: list[str] = []
    real_exec = exec

    def counting_exec(source, *args, **kwargs):
        compiled.append(str(source))
        return real_exec(source, *args, **kwargs)

    monkeypatch.setattr(dataclasses, "exec", counting_exec, raising=False)
    module = types.ModuleType("fresh_ast")
    sys.modules[module.__name__] = module
    try:
        source = Path(ast.__file__).read_text(encoding="utf-8")
        real_exec(compile(source, "fresh", "exec"), module.__dict__)
        assert _methods(compiled) == 0 and len(compiled) <= len(CLASSES)
        assert len([c for c in vars(module).values()
                    if isinstance(c, type) and "__dataclass_fields__" in vars(c)]) == len(CLASSES)
        probe = types.ModuleType("probe_ast")  # the count sees the decorator's compiling
        sys.modules[probe.__name__] = probe
        probe.dataclass = dataclasses.dataclass  # type: ignore[attr-defined]
        compiled.clear()
        real_exec(compile(source.replace("\n@node\n", "\n@dataclass(frozen=True)\n"), "probe",
                          "exec"), probe.__dict__)
        assert _methods(compiled) >= 6 * 28
    finally:
        sys.modules.pop(module.__name__, None)
        sys.modules.pop("probe_ast", None)
