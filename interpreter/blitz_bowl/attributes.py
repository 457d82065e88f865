"""The attributes rules may read, and how: one accessor per attribute the vocabulary declares,
keyed by the game object's class.

Compiled rules read attributes only through this table (never `getattr` with a name from
content), so a rule cannot reach the engine's internals, whatever value it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from nuffle.interpreter.blitz_bowl.state import Ball, Card, Player, Team
from nuffle.interpreter.vocabulary.model import Vocabulary

# the Python class of each vocabulary type that has attributes
TYPE_CLASSES: dict[str, type] = {"player": Player, "team": Team, "ball": Ball, "card": Card,
                                 "coach": Team}
# attributes whose Python name is not the vocabulary's (a coach is their team's side here)
SPECIAL: dict[tuple[str, str], Callable[[Any], Any]] = {("coach", "team"): lambda team: team}

AttributeTable = dict[type, dict[str, Callable[[Any], Any]]]


_BUILT: dict[int, AttributeTable] = {}  # per vocabulary (one per game, built once)


def attribute_table(vocab: Vocabulary) -> AttributeTable:
    table = _BUILT.get(id(vocab))
    if table is None:
        table = _BUILT[id(vocab)] = _build(vocab)
    return table


def _build(vocab: Vocabulary) -> AttributeTable:
    table: AttributeTable = {}
    for type_name, cls in TYPE_CLASSES.items():
        getters = table.setdefault(cls, {})
        for attr in vocab.types[type_name].attributes:
            getter = SPECIAL.get((type_name, attr)) or attrgetter(attr.replace("-", "_"))
            getters.setdefault(attr, getter)
    return table
