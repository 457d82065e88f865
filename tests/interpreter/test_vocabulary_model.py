"""The vocabulary's declaration classes (nuffle.interpreter.vocabulary.model) behave as
`@dataclass(frozen=True)` made them, though made by nuffle.dsl.frozen (no method compiled per
class: about 7 ms of every check that checks rules' names): the module's own source, each
`@frozen` read as `@dataclass(frozen=True)`, gives the reference classes, and every
declaration of both games' vocabularies, made both ways, has the same fields, repr, equality,
constructor errors, immutability and defaults made afresh for each object."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import pickle
import sys
import types
from pathlib import Path

import pytest
from nuffle.interpreter.vocabulary import model, vocabulary

BLITZ_BOWL, BLOOD_BOWL = vocabulary("blitz-bowl"), vocabulary("blood-bowl")


def _reference() -> types.ModuleType:
    source = Path(model.__file__).read_text(encoding="utf-8")
    assert source.count("\n@frozen\n") == 6
    module = types.ModuleType("reference_vocabulary_model")
    sys.modules[module.__name__] = module  # dataclasses looks the module up
    exec(compile(source.replace("\n@frozen\n", "\n@dataclass(frozen=True)\n"), "reference",
                 "exec"), module.__dict__)
    return module


REFERENCE = _reference()
CLASSES = sorted(name for name, cls in vars(model).items() if isinstance(cls, type)
                 and issubclass(cls, model.Frozen) and cls is not model.Frozen)


def _declarations() -> list[object]:
    found: list[object] = []
    for words in (BLITZ_BOWL, BLOOD_BOWL):
        for table in (words.types, words.events, words.effects,
                      words.parameters, words.constants, words.queries):
            found += table.values()
    return found


def _twin(decl: object) -> object:
    cls = getattr(REFERENCE, type(decl).__name__)
    return cls(**{f.name: getattr(decl, f.name) for f in dataclasses.fields(decl)})


def test_the_classes_are_the_decorators() -> None:
    assert CLASSES == ["ConstantDecl", "EffectDecl", "EventDecl", "ParameterDecl",
                       "QueryDecl", "TypeDecl"]
    for name in CLASSES:
        ours, theirs = getattr(model, name), getattr(REFERENCE, name)
        assert dataclasses.is_dataclass(ours)
        assert [(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare,
                 f.kw_only) for f in dataclasses.fields(ours)] == \
            [(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare,
              f.kw_only) for f in dataclasses.fields(theirs)], name
        assert ours.__match_args__ == theirs.__match_args__, name


def test_every_declaration_behaves_the_same() -> None:
    decls = _declarations()
    assert {type(d).__name__ for d in decls} == set(CLASSES) and len(decls) > 300
    twins = [_twin(d) for d in decls]
    for decl, twin in zip(decls, twins, strict=True):
        assert repr(decl) == repr(twin) and vars(decl) == vars(twin)
        assert pickle.loads(pickle.dumps(decl)) == decl and copy.deepcopy(decl) == decl
        assert dataclasses.replace(decl) == decl
        with pytest.raises(dataclasses.FrozenInstanceError):
            decl.name = "other"  # type: ignore[misc]
    sample = list(zip(decls[::5], twins[::5], strict=True))[:150]
    for (a, ra), (b, rb) in itertools.product(sample, sample):
        assert (a == b) is (ra == rb)
    hashable = [(d, t) for d, t in zip(decls, twins, strict=True)
                if type(d).__name__ in ("ConstantDecl", "QueryDecl", "ParameterDecl")]
    assert hashable and all(hash(d) == hash(t) for d, t in hashable)
    with pytest.raises(TypeError):  # a dict field: unhashable, as the reference says
        hash(BLITZ_BOWL.types["player"])
    with pytest.raises(TypeError):
        hash(_twin(BLITZ_BOWL.types["player"]))


@pytest.mark.parametrize("name", ["TypeDecl", "EffectDecl", "EventDecl", "QueryDecl"])
def test_constructed_as_the_decorators(name: str) -> None:
    ours, theirs = getattr(model, name), getattr(REFERENCE, name)
    names = [f.name for f in dataclasses.fields(ours)]

    def outcome(cls: type, *args: object, **kwargs: object) -> object:
        try:
            made = cls(*args, **kwargs)
        except TypeError as exc:
            return str(exc).replace(theirs.__qualname__, ours.__qualname__)
        return repr(made), vars(made)

    calls: list[tuple[tuple, dict]] = [
        (("a", "b"), {}), (("a",), {}), ((), {}), (("a", "b"), {"doc": "c"}),
        (tuple("abcdefghijklmn"[:len(names) + 1]), {}), (("a", "b"), {"unknown": 1}),
        ((), {"name": "a", "doc": "b"}), (("a", "b", {"x": "y"}), {})]
    for args, kwargs in calls:
        assert outcome(ours, *args, **kwargs) == outcome(theirs, *args, **kwargs), (args, kwargs)


def test_a_default_made_for_each_object_is_not_shared() -> None:
    one, two = model.TypeDecl("a", "doc"), model.TypeDecl("b", "doc")
    one.attributes["x"] = "number"
    assert two.attributes == {} and one.settable is not two.settable
    assert model.EffectDecl("e", "doc").bounds == {}
