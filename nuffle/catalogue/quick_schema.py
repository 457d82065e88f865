"""Whether a content file's values are valid for their JSON Schema, answered without
importing jsonschema (with referencing, rpds and attrs, about 60 ms: most of a check after
an author saves one file).

`conforms` is True only when jsonschema would find no error: each keyword our schemas use
is worked out as jsonschema 4's Draft 2020-12 validator works it out (the same `re.search`,
the same equality that tells true from 1, the same `%` for multipleOf), exactly, never
"nearly" (so `not`, `oneOf` and `if` may use the answers). A keyword, a value type or a
reference this module does not know makes it give up: False, as for an invalid file. On
False the loader asks jsonschema (nuffle.catalogue.schemas), whose errors are the report,
so the report is jsonschema's for every file; a valid one costs no import. The schemas are
ours, never the content's; a test checks that every bundled file is answered here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from nuffle.paths import schema_dir

Schema = dict | bool


class _Unsure(Exception):  # noqa: N818 - a control-flow signal: ask jsonschema
    """A keyword, value or reference this module does not work out as jsonschema does."""


@cache
def schema_files() -> dict[str, dict]:
    """Every schema of the package, by file name (`ability.schema.json`)."""
    return {path.name: json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(Path(schema_dir()).glob("*.schema.json"))}


# schemas of files that are not content items: shared definitions, a language's grammar
NOT_KINDS = {"common", "locale-grammar"}


def kinds() -> list[str]:
    """The kinds of content item, one per schema."""
    return sorted(k for name in schema_files()
                  if (k := name.removesuffix(".schema.json")) not in NOT_KINDS)


def conforms(data: object, kind: str) -> bool:
    """True when ``data`` is valid for the schema of ``kind`` (see the module); False when it
    is not, or when this module cannot tell."""
    name = f"{kind}.schema.json"
    schema = schema_files().get(name)
    if schema is None:
        return False
    try:
        return _valid(data, schema, name)
    except (_Unsure, RecursionError, TypeError, AttributeError, KeyError, re.error):
        return False


# the Python types a JSON value has (YAML's dates and the like are not among them)
_JSON_TYPES = frozenset({dict, list, str, int, float, bool, type(None)})
# keywords that assert nothing
_ANNOTATIONS = frozenset({"$schema", "$comment", "$defs", "title", "description", "examples",
                          "default", "then", "else"})


def _valid(value: object, schema: object, file: str) -> bool:
    if schema is True:
        return True
    if schema is False:
        return False
    if type(schema) is not dict or type(value) not in _JSON_TYPES:
        raise _Unsure
    for keyword, wanted in schema.items():
        check = _KEYWORDS.get(keyword)
        if check is None:
            if keyword in _ANNOTATIONS:
                continue
            raise _Unsure
        if not check(value, wanted, schema, file):
            return False
    return True


# ---- what each keyword asks (jsonschema._keywords, _types and _utils, Draft 2020-12) ------

def _is_type(value: object, name: object) -> bool:
    kind = type(value)
    if name == "object":
        return kind is dict
    if name == "array":
        return kind is list
    if name == "string":
        return kind is str
    if name == "integer":  # a float with no fraction counts (draft 6 and later)
        return kind is int or kind is float and value.is_integer()  # type: ignore[attr-defined]
    if name == "number":
        return kind is int or kind is float
    if name == "boolean":
        return kind is bool
    if name == "null":
        return value is None
    raise _Unsure


def _type(value, wanted, schema, file) -> bool:
    names = [wanted] if isinstance(wanted, str) else wanted
    if type(names) is not list:
        raise _Unsure
    return any(_is_type(value, name) for name in names)


_TRUE, _FALSE = object(), object()


def _unbool(value: object) -> object:
    return _TRUE if value is True else _FALSE if value is False else value


def _equal(one: object, two: object) -> bool:
    """jsonschema's equality: true is not 1, and lists and mappings are compared inside."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, list | tuple) and isinstance(two, list | tuple):
        return len(one) == len(two) and all(_equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(_equal(one[k], two[k]) for k in one)
    return _unbool(one) == _unbool(two)


def _enum(value, wanted, schema, file) -> bool:
    if type(wanted) is not list:
        raise _Unsure
    return any(_equal(value, each) for each in wanted)


def _const(value, wanted, schema, file) -> bool:
    return _equal(value, wanted)


def _number(value: object) -> bool:
    return type(value) is int or type(value) is float


def _minimum(value, wanted, schema, file) -> bool:
    return not _number(value) or not value < wanted


def _maximum(value, wanted, schema, file) -> bool:
    return not _number(value) or not value > wanted


def _multiple_of(value, wanted, schema, file) -> bool:
    if not _number(value):
        return True
    if type(wanted) is not int:  # a fraction: jsonschema divides, not worked out here
        raise _Unsure
    return not value % wanted


def _min_length(value, wanted, schema, file) -> bool:
    return type(value) is not str or len(value) >= wanted


def _max_length(value, wanted, schema, file) -> bool:
    return type(value) is not str or len(value) <= wanted


def _pattern(value, wanted, schema, file) -> bool:
    return type(value) is not str or re.search(wanted, value) is not None


def _properties(value, wanted, schema, file) -> bool:
    if type(value) is not dict:
        return True
    return all(_valid(value[name], sub, file) for name, sub in wanted.items() if name in value)


def _additional(value, wanted, schema, file) -> bool:
    if type(value) is not dict:
        return True
    if "patternProperties" in schema:
        raise _Unsure
    known = schema.get("properties", {})
    extra = [name for name in value if name not in known]
    if type(wanted) is dict:
        return all(_valid(value[name], wanted, file) for name in extra)
    return bool(wanted) or not extra


def _required(value, wanted, schema, file) -> bool:
    return type(value) is not dict or all(name in value for name in wanted)


def _property_names(value, wanted, schema, file) -> bool:
    return type(value) is not dict or all(_valid(name, wanted, file) for name in value)


def _min_properties(value, wanted, schema, file) -> bool:
    return type(value) is not dict or len(value) >= wanted


def _dependent_required(value, wanted, schema, file) -> bool:
    if type(value) is not dict:
        return True
    return all(each in value for name, needed in wanted.items() if name in value
               for each in needed)


def _items(value, wanted, schema, file) -> bool:
    if type(value) is not list:
        return True
    if "prefixItems" in schema:
        raise _Unsure
    return all(_valid(each, wanted, file) for each in value)


def _min_items(value, wanted, schema, file) -> bool:
    return type(value) is not list or len(value) >= wanted


def _max_items(value, wanted, schema, file) -> bool:
    return type(value) is not list or len(value) <= wanted


def _unique_items(value, wanted, schema, file) -> bool:
    if type(value) is not list or not wanted:
        return True
    if any(type(each) is not str for each in value):  # jsonschema's sort, not worked out
        raise _Unsure
    return len(set(value)) == len(value)


def _any_of(value, wanted, schema, file) -> bool:
    return any(_valid(value, sub, file) for sub in wanted)


def _all_of(value, wanted, schema, file) -> bool:
    return all(_valid(value, sub, file) for sub in wanted)


def _one_of(value, wanted, schema, file) -> bool:
    return sum(_valid(value, sub, file) for sub in wanted) == 1


def _not(value, wanted, schema, file) -> bool:
    return not _valid(value, wanted, file)


def _if(value, wanted, schema, file) -> bool:
    if _valid(value, wanted, file):
        return _valid(value, schema.get("then", True), file)
    return _valid(value, schema.get("else", True), file)


def _ref(value, wanted, schema, file) -> bool:
    target, found = _resolve(wanted, file)
    return _valid(value, found, target)


@cache
def _resolve(ref: str, file: str) -> tuple[str, object]:
    """The file and the schema that ``ref`` names from ``file``: another of the package's
    schema files, and a JSON pointer inside it without escapes."""
    where, _, pointer = ref.partition("#")
    if "/" in where or "~" in pointer or "%" in pointer or pointer and pointer[0] != "/":
        raise _Unsure
    target = where or file
    found: object = schema_files().get(target)
    for part in pointer.split("/")[1:]:
        if type(found) is not dict or part not in found:
            raise _Unsure
        found = found[part]
    if found is None:
        raise _Unsure
    return target, found


_KEYWORDS: dict[str, Callable[[object, object, dict, str], bool]] = {
    "type": _type, "enum": _enum, "const": _const,
    "minimum": _minimum, "maximum": _maximum, "multipleOf": _multiple_of,
    "minLength": _min_length, "maxLength": _max_length, "pattern": _pattern,
    "properties": _properties, "additionalProperties": _additional, "required": _required,
    "propertyNames": _property_names, "minProperties": _min_properties,
    "dependentRequired": _dependent_required,
    "items": _items, "minItems": _min_items, "maxItems": _max_items,
    "uniqueItems": _unique_items,
    "anyOf": _any_of, "allOf": _all_of, "oneOf": _one_of, "not": _not, "if": _if,
    "$ref": _ref,
}
