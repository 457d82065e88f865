"""Mutated content files, by class: what a hostile or careless author might send.

`mutate(rng, text)` picks a class and returns (class, mutated text); the same seed gives the
same mutant. `FastCheck` checks one mutated file together with the bundled content, reusing
the loaded documents of the files that did not change (loading them is deterministic), so
thousands of mutants take minutes, not hours. Used by tests/content/test_mutations.py and
benchmarks/check_fuzz.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from nuffle import limits
from nuffle.catalogue import loader

JUNK = list(":-[]{}#|>'\"\t\n xQ7_&*!%@~,?")


def _at(rng: random.Random, text: str) -> int:
    return rng.randrange(max(1, len(text)))


def char_edit(rng: random.Random, text: str) -> str:
    i = _at(rng, text)
    op = rng.choice(["delete", "insert", "swap"])
    if op == "delete":
        return text[:i] + text[i + rng.randint(1, 5):]
    if op == "insert":
        return text[:i] + "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 4))) + text[i:]
    return text[:i] + text[i + 1:i + 2] + text[i:i + 1] + text[i + 2:]


def _value_lines(text: str) -> list[int]:
    """Lines that are `key: value` (a place to put another value)."""
    return [n for n, line in enumerate(text.split("\n")) if re.match(r"\s*[a-z_]+: \S", line)]


def _replace_value(rng: random.Random, text: str, value: str) -> str:
    lines = text.split("\n")
    candidates = _value_lines(text) or [0]
    n = rng.choice(candidates)
    key = lines[n].split(":")[0] if ":" in lines[n] else "name"
    lines[n] = f"{key}: {value}"
    return "\n".join(lines)


def alias_self(rng: random.Random, text: str) -> str:
    return _replace_value(rng, text, rng.choice(["&a [*a]", "&a {x: *a}", "&a [1, [2, *a]]"]))


def alias_bomb(rng: random.Random, text: str) -> str:
    width = rng.randint(5, 12)
    lines = [f"b0: &b0 [{','.join(['x'] * width)}]"]
    lines += [f"b{i}: &b{i} [" + ",".join([f"*b{i - 1}"] * width) + "]"
              for i in range(1, rng.randint(5, 10))]
    return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n"


def deep_yaml(rng: random.Random, text: str) -> str:
    n = rng.choice([limits.YAML_DEPTH - 2, limits.YAML_DEPTH + 1, 500, 5000])
    kind = rng.choice(["[", "{a: "])
    close = "]" if kind == "[" else "}"
    return _replace_value(rng, text, kind * n + "1" + close * n)


DEEP_RULES: list[Callable[[int], str]] = [
    lambda n: "after catch:\n" + "".join("    " * (i + 1) + "if true:\n" for i in range(n))
    + "    " * (n + 1) + "reroll\n",
    lambda n: "after catch where " + "not " * n + "true:\n    reroll\n",
    lambda n: "after catch where 1" + " + 1" * n + " > 2:\n    reroll\n",
    lambda n: "after catch where self.team" + ".opponent" * n + " is own:\n    reroll\n",
    lambda n: "after catch where 1 in " + "[" * n + "1" + "]" * n + ":\n    reroll\n",
]


def _set_rules(text: str, rules: str) -> str:
    """``text`` with its `rules:` block replaced (or one added)."""
    block = "rules: |\n" + "".join(f"  {line}\n" for line in rules.rstrip("\n").split("\n"))
    found = re.search(r"^rules: [|>]-?\n(?:(?:  .*)?\n)*", text, re.M)
    if found is None:
        return text.rstrip("\n") + "\n" + block
    return text[:found.start()] + block + text[found.end():]


def deep_rules(rng: random.Random, text: str) -> str:
    make = rng.choice(DEEP_RULES)
    return _set_rules(text, make(rng.choice([10, 40, 60, 244, 329, 1000])))


def big_number(rng: random.Random, text: str) -> str:
    digits = rng.choice([10, 20, 4301, 5000])
    number = rng.choice(["", "-"]) + "9" * digits
    if rng.random() < 0.5:
        return _replace_value(rng, text, number)
    return _set_rules(text, f"after catch where {number} > 1:\n    reroll\n")


def huge_dice(rng: random.Random, text: str) -> str:
    count = rng.choice([11, 1000, 100_000_000])
    if "kind: table" in text and rng.random() < 0.5:
        return re.sub(r"^roll: .*$", lambda _: f"roll: {count}d8", text, count=1, flags=re.M)
    return _set_rules(text, f"after catch where roll {count}d6 > 1:\n    reroll\n")


def huge_range(rng: random.Random, text: str) -> str:
    if "kind: table" in text and rng.random() < 0.5:
        return re.sub(r"roll: \d+\b", 'roll: "1-1000000000"', text, count=1)
    high = rng.choice([1001, 1_000_000, 999_999_999])
    return _set_rules(text, f"after catch:\n    for each i in 1..{high}:\n        reroll\n")


def no_item(rng: random.Random, text: str) -> str:
    return rng.choice(["~\n", "null\n", "---\n", "", "# only a comment\n", "--- ~\n", "...\n"])


def line_separator(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 3)):
        i = _at(rng, text)
        text = text[:i] + rng.choice(["\x85", "\u2028", "\u2029"]) + text[i:]
    return text


def cut_after_colon(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    ends = [n for n, line in enumerate(lines) if line.rstrip().endswith(":")]
    if not ends:
        return text + "rules: |\n  after catch where player is self:"
    n = rng.choice(ends)
    return "\n".join(lines[:n + 1]) + rng.choice(["", "\n"])


def too_long(rng: random.Random, text: str) -> str:
    if rng.random() < 0.5:
        return _set_rules(text, "after catch:\n" + "    reroll\n" * (limits.RULES_CHARS // 11 + 2))
    return text + "# " + "x" * (limits.FILE_BYTES + 10) + "\n"


def type_swap(rng: random.Random, text: str) -> str:
    return _replace_value(rng, text, rng.choice(["[1, 2]", "{a: b}", "~", "true", "12", "''",
                                                 "[[[]]]", "{}", "-1", "1.5"]))


def tags(rng: random.Random, text: str) -> str:
    return _replace_value(rng, text, rng.choice([
        "!!python/object/apply:os.system ['true']", "!!binary aGVsbG8=", "!custom x",
        "!!set {a, b}", "!!timestamp 2024-01-01", "!!float nan", "!!int 0x1F"]))


def documents(rng: random.Random, text: str) -> str:
    return text + "---\n" + text


def duplicate_key(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    candidates = _value_lines(text) or [0]
    n = rng.choice(candidates)
    return "\n".join(lines[:n + 1] + [lines[n]] + lines[n + 1:])


def markup(rng: random.Random, text: str) -> str:
    payload = rng.choice(['"</title><script>alert(1)</script>"', '"x {: onclick=\\"a()\\" }"',
                          '"[x](javascript:alert(1))"', '"<img src=x onerror=alert(1)>"',
                          '"a\\u202eb"'])
    return re.sub(r"^name: .*$", lambda _: f"name: {payload}", text, count=1, flags=re.M)


CLASSES: dict[str, Callable[[random.Random, str], str]] = {
    "char": char_edit, "alias-self": alias_self, "alias-bomb": alias_bomb,
    "deep-yaml": deep_yaml, "deep-rules": deep_rules, "big-number": big_number,
    "huge-dice": huge_dice, "huge-range": huge_range, "no-item": no_item,
    "line-separator": line_separator, "cut-after-colon": cut_after_colon,
    "too-long": too_long, "type-swap": type_swap, "tags": tags, "documents": documents,
    "duplicate-key": duplicate_key, "markup": markup,
}


def mutate(rng: random.Random, text: str, klass: str | None = None) -> tuple[str, str]:
    """One mutant of ``text``: (its class, its text). Several edits are stacked now and then,
    since real mistakes come in groups."""
    klass = klass or rng.choice(sorted(CLASSES))
    out = CLASSES[klass](rng, text)
    if rng.random() < 0.2:
        out = char_edit(rng, out)
    return klass, out


class FastCheck:
    """`nuffle check` of one changed file with the bundled content. The loader keeps the
    files it has loaded in the process (by path and text), so after the first check only
    the changed file is parsed and validated again."""

    def __init__(self) -> None:
        loader.load_catalogue()

    def check(self, path: Path, text: str):
        """(diagnostics, documents) as `load_catalogue(overrides={path: text})` gives them."""
        _, diags, docs = loader.load_catalogue(overrides={path: text})
        return diags, docs
