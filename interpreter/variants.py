"""Variants of the content: one number of one item set to each value of a range, in memory.

An author asks "what if this card scored 1, 2 ... 6 points?". Each variant is the item's
file with that one number rewritten in its text (kept in memory, never written), then
loaded and checked like any content: a value the schema or the checker refuses is a content
error at its line, as `nuffle check` would report it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

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


def field_path(item: Any, field: tuple[str, ...]) -> Path_:
    """The data path of ``field`` in ``item``: a list element by its id or its index; the
    value there must be a whole number."""
    here: Any = item.data
    path: list[str | int] = []
    for step in field:
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
    numbers = [shown(item.data, p) for p in number_fields(item.data)]
    raise VaryError(f"--vary: {item.kind}/{item.id} has no number `{'.'.join(field)}`; its "
                    "numbers: " + (", ".join(numbers) if numbers else "none"))


def variant_text(item: Any, path: Path_, value: int) -> str:
    """The text of ``item``'s file with the number at ``path`` written as ``value``."""
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
