"""Mutants of the bundled scenario files, for the scenario fuzzer (tests and benchmark).

Every mutator takes a random source and a scenario's text and returns a new text; they are
driven by `random.Random` in the benchmark and by Hypothesis (whose `randoms()` shrink) in
the tests. Some mutators work on characters and lines (what a slip of the keyboard does),
others on the parsed YAML (what a confused author writes: keys swapped, removed or
duplicated, values of another type, numbers out of range, squares off the pitch, unknown
players and cards, huge lists, deep nesting), so that many mutants pass the schema and
reach the scenario runner.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "content" / "blitz-bowl" / "scenarios").glob("*.yaml"))

# Values of every YAML type, odd and out of range, to put where another type is expected.
ODD_VALUES: list[object] = [
    None, True, False, 0, -1, 1, 2, 3, 7, 19, 999_999_999, 10 ** 30, -(10 ** 12), 1.5, float("nan"),
    float("inf"), "", " ", "x", "home", "away", "neutral", "dugout", "yes", "d6=7", "block=nope",
    "to 99,99", "home.thrower", "away.nobody", "ability/no-such", [], {}, [1], [1, 2, 3],
    [-1, 5], [5, -1], [11, 0], [0, 19], [100, 100], [10 ** 12, 0], ["5", "6"], [None, None],
    {"at": [3, 3]}, {"at": "x"}, {"held_by": None}, {"a": {"b": {"c": 1}}}, "\u2028", "é" * 50,
]
PLAYER_IDS = ["home.thrower", "home.catcher", "home.blitzer", "home.lineman-1", "home.lineman-2",
              "home.lineman-3", "home.lineman-9", "away.lineman-1", "away.lineman-2",
              "away.blitzer", "away.nobody", "neutral.thrower", "home", "home.", ".thrower",
              "HOME.THROWER", "home.thrower ", "home/thrower"]
CARD_IDS = ["take-them-down", "get-the-ball", "break-some-bones", "no-such-card",
            "showboat-for-the-crowd", "bribe-the-ref", "bomb-ball", "", "Take-Them-Down"]
SQUARES = [[-1, 0], [0, -1], [11, 0], [10, 18], [10, 19], [0, 19], [5, 9], [0, 9], [10, 9],
           [99, 99], [0, 0], [5, 0], [5, 18], [3, 3], [2 ** 31, 2 ** 31], [5, 5, 5], [5], []]


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value in nested dicts and lists (the root excluded)."""
    out: list[tuple] = []
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    else:
        return out
    for key, value in items:
        out.append((*prefix, key))
        out += _paths(value, (*prefix, key))
    return out


def _get(data: object, path: tuple) -> object:
    for part in path:
        data = data[part]  # type: ignore[index]
    return data


def _set(data: object, path: tuple, value: object) -> None:
    _get(data, path[:-1])[path[-1]] = value  # type: ignore[index]


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where installed: 10x faster
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _load(text: str) -> object:
    return yaml.load(text, Loader=LOADER)  # noqa: S506 - a safe loader


def _dump(data: object) -> str:
    return yaml.dump(data, Dumper=DUMPER, sort_keys=False, allow_unicode=True, width=200)


@functools.cache
def _original(path: Path) -> object:
    return _load(path.read_text(encoding="utf-8"))


# ---- character and line mutations ---------------------------------------------------------

def chars(rng: random.Random, text: str) -> str:
    """Delete, insert or swap a few characters (the existing check mutation, for scenarios)."""
    i = rng.randrange(max(len(text) - 1, 1))
    op = rng.choice(["delete", "insert", "swap"])
    if op == "delete":
        return text[:i] + text[i + rng.randint(1, 5):]
    if op == "insert":
        junk = "".join(rng.choice(":-[]{}#|>'\"\t\n xQ7_&*!%@,=") for _ in range(rng.randint(1, 4)))
        return text[:i] + junk + text[i:]
    return text[:i] + text[i + 1:i + 2] + text[i:i + 1] + text[i + 2:]


def lines(rng: random.Random, text: str) -> str:
    """Duplicate, drop, swap, indent or dedent a line (a duplicated key, a lost one…)."""
    rows = text.split("\n")
    i, j = rng.randrange(len(rows)), rng.randrange(len(rows))
    op = rng.choice(["duplicate", "drop", "swap", "indent", "dedent", "move"])
    if op == "duplicate":
        rows.insert(i, rows[i])
    elif op == "drop":
        del rows[i]
    elif op == "swap":
        rows[i], rows[j] = rows[j], rows[i]
    elif op == "indent":
        rows[i] = "  " + rows[i]
    elif op == "dedent":
        rows[i] = rows[i][2:] if rows[i].startswith("  ") else rows[i]
    else:
        rows.insert(j, rows.pop(i))
    return "\n".join(rows)


def digits(rng: random.Random, text: str) -> str:
    """Replace one number in the text by an out-of-range one."""
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return text
    i = rng.choice(spots)
    end = i
    while end < len(text) and text[end].isdigit():
        end += 1
    big = rng.choice(["-1", "99", "999999999", "1" * 40, "1" * 5000, "0", "-0", "1e9", "0x1F"])
    return text[:i] + big + text[end:]


# ---- structural mutations (on the parsed YAML) ---------------------------------------------

def remove_key(rng: random.Random, data: dict) -> None:
    path = rng.choice(_paths(data))
    del _get(data, path[:-1])[path[-1]]  # type: ignore[attr-defined]


def swap_values(rng: random.Random, data: dict) -> None:
    a, b = rng.choice(_paths(data)), rng.choice(_paths(data))
    if a[:len(b)] == b or b[:len(a)] == a:  # one inside the other
        return
    va, vb = _get(data, a), _get(data, b)
    _set(data, a, vb)
    _set(data, b, va)


def rename_key(rng: random.Random, data: dict) -> None:
    """A key of one mapping moved under another name (a key swapped with another's)."""
    maps = [p for p in _paths(data) if isinstance(_get(data, p), dict) and _get(data, p)] + [()]
    where = rng.choice(maps)
    mapping = _get(data, where)
    if not isinstance(mapping, dict) or not mapping:
        return
    old = rng.choice(list(mapping))
    names = [k for p in _paths(data) for k in [p[-1]] if isinstance(k, str)] + PLAYER_IDS
    new = rng.choice(names)
    mapping[new] = mapping.pop(old)


def other_type(rng: random.Random, data: dict) -> None:
    _set(data, rng.choice(_paths(data)), rng.choice(ODD_VALUES))


def off_pitch(rng: random.Random, data: dict) -> None:
    """A square [x, y] anywhere in the file moved off the pitch, onto a wall or a taken one."""
    squares = [p for p in _paths(data) if _is_square(_get(data, p))]
    if squares:
        _set(data, rng.choice(squares), list(rng.choice(SQUARES)))
    else:
        other_type(rng, data)


def _is_square(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)


def same_square(rng: random.Random, data: dict) -> None:
    """Two players, or a player and a loose ball, or two balls, on one square."""
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else None
    if setup is None:
        return
    squares = [p for p in _paths(setup) if _is_square(_get(setup, p))]
    if len(squares) >= 2:
        a, b = rng.sample(squares, 2)
        _set(setup, a, list(_get(setup, b)))  # type: ignore[arg-type]


def unknown_name(rng: random.Random, data: dict) -> None:
    """A player, card, team, pitch, side or trait that does not exist (or another one)."""
    strings = [p for p in _paths(data) if isinstance(_get(data, p), str)]
    keys = [p for p in _paths(data) if isinstance(p[-1], str) and "." in p[-1]]
    if keys and rng.random() < 0.4:
        path = rng.choice(keys)
        parent = _get(data, path[:-1])
        parent[rng.choice(PLAYER_IDS)] = parent.pop(path[-1])  # type: ignore[union-attr]
    elif strings:
        pool = rng.choice([PLAYER_IDS, CARD_IDS, ["nowhere", "one-trapdoor", "two-trapdoors",
                                                   "orc", "no-team", "home", "away", "both"]])
        _set(data, rng.choice(strings), rng.choice(pool))


def huge_list(rng: random.Random, data: dict) -> None:
    """A list (or a new one) made thousands of entries long."""
    lists = [p for p in _paths(data) if isinstance(_get(data, p), list) and _get(data, p)]
    if not lists:
        return
    path = rng.choice(lists)
    value = _get(data, path)
    _set(data, path, value * (rng.choice([50, 500, 5000]) // len(value) + 1))  # type: ignore[operator]


def deep_nesting(rng: random.Random, data: dict) -> None:
    value: object = rng.choice(ODD_VALUES)
    for _ in range(rng.choice([5, 40, 100])):  # YAML_DEPTH is 32; PyYAML recurses per level
        value = [value] if rng.random() < 0.5 else {"k": value}
    _set(data, rng.choice(_paths(data)), value)


def setup_field(rng: random.Random, data: dict) -> None:
    """A set-up field the runner reads set to an edge value (the schema may allow it)."""
    setup = data.setdefault("setup", {})
    if not isinstance(setup, dict):
        return
    key, values = rng.choice([
        ("turn", ["home", "away", "neutral", None]), ("first", ["home", "away", "both"]),
        ("start", ["setup", "turn", "actions", "kickoff"]), ("round", [1, 2, 7, 0, 999_999_999]),
        ("actions_left", [0, 1, 3, 4, 99, 999_999_999, -1]), ("final_turns", [0, 1, 999_999_999]),
        ("scores", [{"home": -5}, {"home": 999_999_999, "away": 999_999_999}, {"neutral": 1}]),
        ("pitch", ["two-trapdoors", "one-trapdoor", "nowhere"]),
        ("home", ["orc", "human", "dwarf", "elf", "no-team"]), ("away", ["orc", "skaven", "human"]),
        ("options", [{"endgame": True, "special_balls": True, "knockout": True}, {}]),
        ("traits", [{"home": ["bribe-the-ref", "bribe-the-ref"]}, {"away": ["no-such-trait"]}]),
        ("actions_made", [{"home.thrower": ["run", "run", "block"]}, {"home.thrower": ["fly"]}]),
        ("cards", [{"active": [None, None, None], "deck": []}, {"active": [], "deck": []},
                   {"deck": ["take-them-down"] * 3000}, {"hands": {"home": ["get-the-ball"] * 40}},
                   {"active": ["take-them-down"] * 3}]),
        ("balls", [[], [{"held_by": "home.thrower"}, {"held_by": "home.thrower"}],
                   [{"at": [5, 9]}, {"at": [5, 9]}], [{"held_by": "away.lineman-3"}],
                   [{"at": [0, 9]}], [{"at": [5, 9], "card": "bomb-ball"}] * 6]),
        ("players", [{}, {"home.thrower": [5, 5], "home.catcher": [5, 5]},
                     {"home.thrower": {"at": [5, 5], "prone": True}}, {"home.thrower": [0, 9]}]),
    ])
    setup[key] = rng.choice(values)


def crossover(rng: random.Random, data: dict) -> None:
    """One part of the scenario replaced by the same part of another scenario."""
    other = copy.deepcopy(_original(rng.choice(SCENARIOS)))
    key = rng.choice(["setup", "dice", "decisions", "expect", "without"])
    if key in other:
        data[key] = other[key]
    elif key in data:
        del data[key]


STRUCTURAL: dict[str, Callable[[random.Random, dict], None]] = {
    "remove key": remove_key, "swap values": swap_values, "rename key": rename_key,
    "other type": other_type, "off the pitch": off_pitch, "same square": same_square,
    "unknown name": unknown_name, "huge list": huge_list, "deep nesting": deep_nesting,
    "setup field": setup_field, "crossover": crossover,
}
TEXTUAL: dict[str, Callable[[random.Random, str], str]] = {
    "characters": chars, "lines": lines, "digits": digits,
}
KINDS = [*TEXTUAL, *STRUCTURAL]


def mutate(rng: random.Random, text: str) -> tuple[list[str], str]:
    """One to three mutations of ``text``; returns their names and the mutated text."""
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        name = rng.choice(KINDS)
        names.append(name)
        if name in TEXTUAL:
            text = TEXTUAL[name](rng, text)
            continue
        try:
            data = _load(text)
            if not isinstance(data, dict) or not data:
                continue
            STRUCTURAL[name](rng, data)
            text = _dump(data)
        except (yaml.YAMLError, RecursionError, ValueError):  # ValueError: a 5,000-digit int
            continue  # broken by an earlier mutation, or nested past PyYAML: mutant enough
    return names, text


def mutants(rng: random.Random, count: int) -> list[tuple[Path, list[str], str]]:
    """``count`` mutants, each of a different scenario file (so they can be checked together
    in one load: each replaces its own file)."""
    files = rng.sample(SCENARIOS, min(count, len(SCENARIOS)))
    out = []
    for path in files:
        names, text = mutate(rng, path.read_text(encoding="utf-8"))
        out.append((path, names, text))
    return out
