"""The vocabulary registry: one per game, built once (principle 1)."""

from __future__ import annotations

from functools import cache

from nuffle.interpreter.vocabulary import blitz_bowl, blood_bowl
from nuffle.interpreter.vocabulary.model import Vocabulary

EDITIONS: dict[str, str] = {
    "blitz-bowl-2018": "blitz-bowl",
    "blitz-bowl-s2": "blitz-bowl",
    "bb2020": "blood-bowl",
    "pbbl-1-10": "blood-bowl",
    "lrb6": "blood-bowl",
}

GAMES = {"blitz-bowl": blitz_bowl.build, "blood-bowl": blood_bowl.build}


@cache
def vocabulary(game: str) -> Vocabulary:
    return GAMES[game]()


def vocabulary_for_edition(edition: str) -> Vocabulary:
    return vocabulary(EDITIONS[edition])
