"""Variants of the content: one number of one item set to each value of a range, in memory.

An author asks "what if this card scored 1, 2 ... 6 points?" or "what if this ability's
armour modifier were -2?". Each variant is the item's file with that one number rewritten in
its text (kept in memory, never written), then loaded and checked like any content: a value
the schema or the checker refuses is a content error at its line, as `nuffle check` would
report it. A number of the item's data is named by its field path (`points`,
`positions.blitzer.move`); a number inside a `rules:` text by that text's path and its place
in reading order, from 1 (`rules.1`, `bonus_play.rules.2`), a minus sign written before it
being part of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from nuffle.dsl import ast

MAX_VARIANTS = 50  # values of one --vary
_RANGE = re.compile(r"^\s*(-?\d{1,9})\s*\.\.\s*(-?\d{1,9})\s*$")
_NUMBER = re.compile(r"^\s*-?\d{1,9}\s*$")

Path_ = tuple[str | int, ...]


class VaryError(ValueError):
    """A --vary that names no item, no number, or no values (a usage error)."""


@dataclass(frozen=True)
class Vary:
    item: str  # `id` or `kind/id`, as written
    field: tuple[str, ...]  # the dotted field, as written
    values: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{self.item}.{'.'.join(self.field)}"


def parse_vary(text: str) -> Vary:
    """``ITEM.FIELD=VALUES``: VALUES a range ``1..6`` or a list ``1,3,5``."""
    target, sep, values = text.partition("=")
    item, dot, field = target.strip().partition(".")
    if not sep or not dot or not item or not field or "" in field.split("."):
        raise VaryError(f"--vary {text[:60]}: write ITEM.FIELD=VALUES, like "
                        "CARD.points=1..6 or TEAM.positions.POSITION.move=5,6,7")
    return Vary(item, tuple(field.split(".")), parse_values(values, text))


def parse_values(values: str, whole: str = "") -> tuple[int, ...]:
    match = _RANGE.match(values)
    if match:
        low, high = int(match[1]), int(match[2])
        numbers = list(range(low, high + 1)) if low <= high else []
    elif values and all(_NUMBER.match(v) for v in values.split(",")):
        numbers = [int(v) for v in values.split(",")]
    else:
        raise VaryError(f"--vary {whole[:60]}: the values should be a range of whole numbers "
                        "like 1..6 or a list like 1,3,5")
    if not numbers:
        raise VaryError(f"--vary {whole[:60]}: the range {values.strip()} is empty")
    if len(numbers) > MAX_VARIANTS:
        raise VaryError(f"--vary {whole[:60]}: {len(numbers)} values, at most {MAX_VARIANTS}")
    if len(set(numbers)) != len(numbers):
        raise VaryError(f"--vary {whole[:60]}: a value is given twice")
    return tuple(numbers)


@dataclass(frozen=True)
class InRules:
    """The ``nth`` whole number (from 1, in reading order) of the rules text at ``rules`` in
    an item's data, with the place the file writes it."""

    rules: Path_
    nth: int


def find_item(items: Iterable[Any], name: str) -> Any:
    """The item ``name`` (`id` or `kind/id`) among ``items``."""
    from nuffle.dsl.checker import did_you_mean
    items = list(items)
    kind, slash, ident = name.rpartition("/")
    found = [i for i in items if i.id == ident and (not slash or i.kind == kind)]
    if len(found) == 1:
        return found[0]
    if found:
        kinds = ", ".join(sorted(f"{i.kind}/{i.id}" for i in found))
        raise VaryError(f"--vary: `{name}` names more than one item ({kinds}): write KIND/ID")
    hint = did_you_mean(ident, sorted({i.id for i in items}))
    raise VaryError(f"--vary: no item `{name}`" + (f" ({hint})" if hint else ""))


def number_fields(data: Any, path: Path_ = ()) -> list[Path_]:
    """Where an item's data holds a whole number (not a rules text, not a yes/no)."""
    out: list[Path_] = []
    if isinstance(data, dict):
        for key, value in data.items():
            out += number_fields(value, (*path, str(key)))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            out += number_fields(value, (*path, n))
    elif type(data) is int:
        out.append(path)
    return out


def shown(data: Any, path: Path_) -> str:
    """A field path as --vary writes it: a list element by its id when it has one."""
    parts: list[str] = []
    here = data
    for step in path:
        if isinstance(step, int) and isinstance(here, list):
            element = here[step]
            ident = element.get("id") if isinstance(element, dict) else None
            parts.append(str(ident) if isinstance(ident, str) else str(step))
        else:
            parts.append(str(step))
        here = here[step]
    return ".".join(parts)


def rules_numbers(item: Any, rules: Path_) -> list[ast.Expr]:
    """The whole numbers the rules text at ``rules`` writes, in reading order: each literal,
    or the negation that holds it (`by -1` is the number -1)."""
    found: list[ast.Expr] = []

    def visit(node: Any) -> None:
        if isinstance(node, ast.Number) or (
                isinstance(node, ast.Neg) and isinstance(node.operand, ast.Number)):
            found.append(node)
        elif isinstance(node, ast.Node):
            for f in fields(node):
                visit(getattr(node, f.name))
        elif isinstance(node, (list, tuple)):
            for element in node:
                visit(element)

    for text in item.rules:
        if tuple(text.path) == rules and text.ast is not None:
            visit(text.ast)
    return sorted(found, key=lambda n: (n.line, n.column))


def _value(number: ast.Expr) -> int:
    """A number `rules_numbers` found, as its text means it."""
    if isinstance(number, ast.Neg) and isinstance(number.operand, ast.Number):
        return -number.operand.value
    return number.value if isinstance(number, ast.Number) else 0


def _rules_paths(item: Any) -> list[Path_]:
    return [tuple(text.path) for text in item.rules if text.ast is not None]


def field_path(item: Any, field: tuple[str, ...]) -> Path_ | InRules:
    """The data path of ``field`` in ``item``: a list element by its id or its index; the
    value there must be a whole number, or ``field`` is a rules text's path and a number's
    place in it (`rules.2`)."""
    here: Any = item.data
    path: list[str | int] = []
    for n, step in enumerate(field):
        if isinstance(here, str) and tuple(path) in _rules_paths(item):
            rest = field[n:]
            count = len(rules_numbers(item, tuple(path)))
            if len(rest) == 1 and rest[0].isdecimal() and 1 <= int(rest[0]) <= count:
                return InRules(tuple(path), int(rest[0]))
            at = shown(item.data, tuple(path))
            places = {0: "no number", 1: f"1 number: {at}.1"}.get(
                count, f"{count} numbers: name one by its place, {at}.1 to {at}.{count}")
            raise VaryError(f"--vary: {item.kind}/{item.id}: `{'.'.join(field)}`: the rules "
                            f"at {at} write {places}")
        if isinstance(here, dict) and step in here:
            path.append(step)
            here = here[step]
        elif isinstance(here, list):
            index = next((n for n, e in enumerate(here)
                          if isinstance(e, dict) and e.get("id") == step), None)
            if index is None and step.isdecimal() and int(step) < len(here):
                index = int(step)
            if index is None:
                break
            path.append(index)
            here = here[index]
        else:
            break
    else:
        if type(here) is int:
            return tuple(path)
    numbers = [shown(item.data, p) for p in number_fields(item.data)] + [
        f"{shown(item.data, r)}.{n}" for r in _rules_paths(item)
        for n in range(1, len(rules_numbers(item, r)) + 1)]
    raise VaryError(f"--vary: {item.kind}/{item.id} has no number `{'.'.join(field)}`; its "
                    "numbers: " + (", ".join(numbers) if numbers else "none"))


def variant_text(item: Any, path: Path_ | InRules, value: int) -> str:
    """The text of ``item``'s file with the number at ``path`` written as ``value``."""
    if isinstance(path, InRules):
        return _rules_variant(item, path, value)
    doc = item.doc
    node = doc.value_marks.get(path)
    if node is None or node.start_mark.line != node.end_mark.line:
        raise VaryError(f"--vary: {item.kind}/{item.id}: the number at {shown(item.data, path)}"
                        " cannot be rewritten (it is not written on one line)")
    lines = doc.text.split("\n")
    line = lines[node.start_mark.line]
    start, end = node.start_mark.column, node.end_mark.column
    if line[start:end].strip() != str(_get(item.data, path)):
        raise VaryError(f"--vary: {item.kind}/{item.id}: the number at {shown(item.data, path)}"
                        " is not written as a plain number; write it so to vary it")
    lines[node.start_mark.line] = line[:start] + str(value) + line[end:]
    return "\n".join(lines)


def _get(data: Any, path: Path_) -> Any:
    for step in path:
        data = data[step]
    return data


def _rules_variant(item: Any, where: InRules, value: int) -> str:
    """The file's text with the rules number ``where`` written as ``value``: found by the
    parsed text's position mapped to the file, and checked to read as that number there."""
    number = rules_numbers(item, where.rules)[where.nth - 1]
    written = _value(number)
    source = item.doc.rules_source(where.rules)
    line, start = source.to_file(number.line, number.column)
    end_line, end = source.to_file(number.end_line, number.end_column)
    lines = item.doc.text.split("\n")
    label = f"{item.kind}/{item.id}: {shown(item.data, where.rules)}.{where.nth}"
    if line != end_line or not 0 < line <= len(lines) \
            or lines[line - 1][start - 1:end - 1] != str(written):
        raise VaryError(f"--vary: {label} is not written as a plain number on one line "
                        f"(like {written}); write it so to vary it")
    text = lines[line - 1]
    lines[line - 1] = text[:start - 1] + str(value) + text[end - 1:]
    return "\n".join(lines)
