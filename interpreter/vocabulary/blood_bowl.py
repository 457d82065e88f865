"""The Blood Bowl vocabulary, for kick-off, weather and prayer tables.

Sources: PBBL 1.10 (004_2450e8f2c1aa331e.txt) and BB2020 (002_1746bd746c5d97e0.txt).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.common import declare_common
from nuffle.interpreter.vocabulary.model import Vocabulary


def build() -> Vocabulary:
    v = Vocabulary("blood-bowl")
    declare_common(v)
    v.type("player", "A player.", team="team", prone="bool", stunned="bool", square="square")
    v.type("team", "A team.", score="number", players_on_pitch="list[player]")
    v.type("list[player]", "Players.")
    v.type("list[team]", "Teams.")
    v.constant("teams", "list[team]", "Both teams.")
    v.context("table", {"own": "team", "opponent": "team", "kicking-team": "team", "receiving-team": "team"})
    return v
