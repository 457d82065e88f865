"""Validate content items against the JSON Schemas, reporting at file positions."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from nuffle.catalogue.quick_schema import NOT_KINDS, kinds, schema_files  # noqa: F401 - kinds: here too
from nuffle.catalogue.yaml_source import YamlDocument
from nuffle.dsl.diagnostics import Diagnostic, one_line


@cache
def _registry() -> tuple[Registry, dict[str, dict]]:
    schemas: dict[str, dict] = {}
    resources = []
    for name, schema in schema_files().items():
        schemas[name.removesuffix(".schema.json")] = schema
        # Schemas carry no `$id`: their `$ref`s ("common.schema.json#/...") resolve against
        # the file's own location, so editors that load them from disk follow them too.
        resources.append((name, Resource.from_contents(schema)))
    return Registry().with_resources(resources), schemas


@cache
def validator(kind: str) -> Draft202012Validator:
    registry, schemas = _registry()
    return Draft202012Validator(schemas[kind], registry=registry)


def schema(kind: str) -> dict:
    return _registry()[1][kind]


def validate(doc: YamlDocument, kind: str) -> list[Diagnostic]:
    errors = sorted(validator(kind).iter_errors(doc.data), key=lambda e: list(e.absolute_path))
    out = []
    for err in errors:
        source = _source_error(doc, err)
        out.append(source or _diagnostic(doc, _most_specific(err)))
    return out


SOURCE_FORMS = ("a rulebook is `source: {seed: <seed file>, page: <page>}`; content you wrote "
                "is `source: homebrew` (by the content pack's author) or `source: {homebrew: "
                "<author>, document: <title>, url: https://…, page: <page>}`")


def _source_error(doc: YamlDocument, err: ValidationError) -> Diagnostic | None:
    """A `source` of none of its forms: the branch the author meant (a `seed` key means a
    rulebook, a `homebrew` key their own document), else every accepted form in the hint."""
    path = list(err.absolute_path)
    if err.validator != "anyOf" or not path or path[-1] != "source":
        return None
    value = err.instance
    # a mapping without `homebrew` can only mean a rulebook (a misspelt `seed`, say)
    meant = [e for e in err.context
             if isinstance(value, dict) and e.schema_path and e.schema_path[0] ==
             (2 if "homebrew" in value else 0)]
    if meant:
        # an unknown key says most (`seedx`: did you mean `seed`?), then the deepest error
        found = _diagnostic(doc, _most_specific(max(meant, key=lambda e: (
            e.validator == "additionalProperties", _specificity(e)))))
        vague = not found.hint or found.hint.startswith("allowed fields")
        return replace(found, hint=SOURCE_FORMS) if vague else found
    line, col, end = doc.position(tuple(path))
    return Diagnostic("S305", f"`{_field(path)}` has the wrong form: "
                      f"{one_line(repr(value), 60)}", doc.path, line, col, end, SOURCE_FORMS)


def _most_specific(err: ValidationError) -> ValidationError:
    """For oneOf/anyOf, report the branch that got furthest rather than the umbrella."""
    if err.context:
        # a branch the value has the right type for says more than "must be a number"
        return max(err.context, key=_specificity)
    return err


def _specificity(err: ValidationError) -> tuple[int, bool, int]:
    return (len(err.absolute_path), err.validator != "type", -len(err.message))


def _field(path: list) -> str:
    return ".".join(str(p) for p in path) or "the item"


_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number",
               "object": "a mapping", "array": "a list", "boolean": "true or false"}


def _json_type(value: object) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "nothing"}.get(type(value), type(value).__name__)


def _diagnostic(doc: YamlDocument, err: ValidationError) -> Diagnostic:
    path = list(err.absolute_path)
    v = err.validator
    if v == "required":
        missing = re.findall(r"'([^']+)' is a required property", err.message)
        name = missing[0] if missing else "?"
        line, col, _ = doc.position(tuple(path))
        props = sorted(err.schema.get("required", []))
        return Diagnostic("S301", f"missing required field `{name}` in {_field(path)}", doc.path,
                          line, col, None, f"required here: {', '.join(props)}")
    if v == "additionalProperties":
        extras = re.findall(r"'([^']+)'", err.message.split("(")[-1])
        allowed = sorted(err.schema.get("properties", {}))
        name = next((e for e in extras if e not in allowed), extras[0] if extras else "?")
        line, col, end = doc.position((*path, name), key=True)
        import difflib  # only for a hint, after a mistake
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        hint = f"did you mean `{close[0]}`?" if close else f"allowed fields: {', '.join(allowed)}"
        return Diagnostic("S302", f"unknown field `{name}`", doc.path, line, col, end, hint)
    line, col, end = doc.position(tuple(path))
    if v == "type":
        wanted = [err.validator_value] if isinstance(err.validator_value, str) else \
            list(err.validator_value)
        want = " or ".join(_TYPE_WORDS.get(w, w) for w in wanted)
        return Diagnostic("S303", f"`{_field(path)}` must be {want}, found "
                          f"{_json_type(err.instance)}", doc.path, line, col, end,
                          "quote text that YAML reads as a number, date or boolean"
                          if "string" in wanted else None)
    if v in ("enum", "const"):
        options = err.validator_value if v == "enum" else [err.validator_value]
        import difflib  # only for a hint, after a mistake
        close = difflib.get_close_matches(str(err.instance), [str(o) for o in options], n=1,
                                          cutoff=0.5)
        hint = f"did you mean `{close[0]}`?" if close else \
            f"one of: {', '.join(str(o) for o in options)}"
        return Diagnostic("S304", f"`{_field(path)}` is `{one_line(str(err.instance), 60)}`, "
                          "which is not allowed",
                          doc.path, line, col, end, hint)
    if v == "pattern":
        hint = err.schema.get("description")
        if isinstance(err.instance, str) and "a-z0-9" in str(err.validator_value):
            kebab = re.sub(r"[^a-z0-9]+", "-", err.instance.lower()).strip("-")
            hint = f"ids are kebab-case, e.g. `{kebab}`"
        return Diagnostic("S305", f"`{_field(path)}` has the wrong form: "
                          f"{one_line(repr(err.instance), 60)}",
                          doc.path, line, col, end, hint)
    if v in ("minimum", "maximum", "minItems", "maxItems", "minLength", "minProperties",
             "uniqueItems", "multipleOf"):
        return Diagnostic("S306", f"`{_field(path)}`: {one_line(err.message, 200)}", doc.path,
                          line, col, end)
    if v == "maxLength" and isinstance(err.instance, str):  # not the whole value again
        return Diagnostic("S300", f"`{_field(path)}` is too long: {len(err.instance):,} "
                          f"characters, at most {err.validator_value}", doc.path, line, col, end)
    return Diagnostic("S300", f"`{_field(path)}`: {one_line(err.message, 200)}", doc.path, line,
                      col, end)
