"""The quick schema check (nuffle.catalogue.quick_schema) says "valid" exactly where
jsonschema finds no error: for every bundled file, and for thousands of broken copies of
them (each value replaced by values of every JSON type, keys removed and added, list items
doubled). Where it says "not valid" the loader asks jsonschema, so its only duty is never to
call valid what jsonschema does not; it is also asked to be right the other way (it is exact
for the keywords it knows), so a valid file never pays for jsonschema."""

from __future__ import annotations

import copy
import datetime
import math

import pytest

from nuffle.catalogue import quick_schema, schemas
from nuffle.catalogue.files import content_files
from nuffle.catalogue.yaml_source import load_yaml


def _bundled() -> list[tuple[str, dict]]:
    out = []
    for path in content_files():
        doc = load_yaml(str(path), path.read_text(encoding="utf-8"))
        if isinstance(doc.data, dict) and doc.data.get("kind") in quick_schema.kinds():
            out.append((doc.data["kind"], doc.data))
    return out


BUNDLED = _bundled()


def _jsonschema_valid(data: object, kind: str) -> bool:
    return not any(True for _ in schemas.validator(kind).iter_errors(data))


def test_every_bundled_file_is_valid_for_both() -> None:
    assert len(BUNDLED) > 900
    assert len({kind for kind, _ in BUNDLED}) >= 14
    quick = [(data.get("id"), kind) for kind, data in BUNDLED
             if not quick_schema.conforms(data, kind)]
    assert quick == []
    assert all(_jsonschema_valid(data, kind) for kind, data in BUNDLED[::25])


# what a value is replaced by: each JSON type, the numbers jsonschema tells apart (true is
# not 1, 1.0 is an integer), texts a pattern's `$` lets through, an unknown field
REPLACEMENTS = [None, True, False, 0, 1, -1, 1.0, 1.5, 10_000, 20_000.0, 25_000, 10 ** 30,
                math.inf, math.nan, "", "x", "x\n", "Not Kebab", "blitz-bowl-s2", "home.x",
                "3-4", "d6", "000_0000000000000000.txt", [], ["x"], ["x", "x"], [1], [True],
                {}, {"x": 1}, {"seed": "x"}, {"homebrew": "me"}]


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value[:2]):
            out += _paths(child, (*path, i))
    return out


def _mutants(data: dict):
    paths = _paths(data)[1:]
    for path in paths[::max(1, len(paths) // 60)]:  # about 60 places in each file
        *parent_path, last = path
        for new in REPLACEMENTS:
            copied = copy.deepcopy(data)
            parent = copied
            for part in parent_path:
                parent = parent[part]
            parent[last] = new
            yield copied
        copied = copy.deepcopy(data)
        parent = copied
        for part in parent_path:
            parent = parent[part]
        if isinstance(parent, dict):
            del parent[last]
            yield copied
            parent[last] = data_at(data, path)
            parent[f"{last}x"] = 1
            yield copied
        else:
            parent.append(copy.deepcopy(parent[last]))
            yield copied


def data_at(data: object, path: tuple) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return copy.deepcopy(data)


def _samples() -> list[tuple[str, dict]]:
    """The largest file of each kind under 8,000 characters (else the smallest)."""
    by_kind: dict[str, list[dict]] = {}
    for kind, data in BUNDLED:
        by_kind.setdefault(kind, []).append(data)
    return [(kind, max(found, key=lambda d: (len(repr(d)) < 8000, -abs(8000 - len(repr(d))))))
            for kind, found in sorted(by_kind.items())]


@pytest.mark.parametrize("kind,data", _samples(), ids=lambda v: v if isinstance(v, str)
                         else v.get("id"))
def test_broken_copies_are_judged_as_jsonschema_judges_them(kind, data) -> None:
    unsure = checked = invalid = 0
    for mutant in _mutants(data):
        quick = quick_schema.conforms(mutant, kind)
        valid = _jsonschema_valid(mutant, kind)
        assert not quick or valid, mutant  # never valid where jsonschema finds an error
        unsure += valid and not quick
        invalid += not valid
        checked += 1
    assert checked > 100 and invalid > 10
    # exact for the keywords it knows: a valid copy is nearly always found valid
    assert unsure <= checked // 50, (unsure, checked)


def test_what_it_does_not_know_is_not_valid() -> None:
    """A keyword, a value type or a reference it does not know: it gives up (the loader
    then asks jsonschema)."""
    ability = next(data for kind, data in BUNDLED if kind == "ability")
    dated = {**ability, "text": datetime.date(2026, 1, 1)}
    assert not quick_schema.conforms(dated, "ability")
    assert not quick_schema.conforms(ability, "no-such-kind")
    assert quick_schema.conforms(ability, "ability")
    with pytest.raises(quick_schema._Unsure):
        quick_schema._valid("x", {"format": "uri"}, "ability.schema.json")
    with pytest.raises(quick_schema._Unsure):
        quick_schema._valid("x", {"$ref": "https://example.com/s.json"}, "ability.schema.json")
    with pytest.raises(quick_schema._Unsure):
        quick_schema._valid([1, 1.0], {"uniqueItems": True}, "ability.schema.json")
