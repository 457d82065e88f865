"""The vocabulary registry: one per game, built once (principle 1)."""

from __future__ import annotations

from functools import cache

from nuffle.interpreter.vocabulary import blitz_bowl, blood_bowl
from nuffle.interpreter.vocabulary.model import Vocabulary

from nuffle.editions import EDITIONS  # noqa: F401 - the editions and their games, given here too

GAMES = {"blitz-bowl": blitz_bowl.build, "blood-bowl": blood_bowl.build}


@cache
def vocabulary(game: str) -> Vocabulary:
    return GAMES[game]()


def vocabulary_for_edition(edition: str) -> Vocabulary:
    return vocabulary(EDITIONS[edition])
