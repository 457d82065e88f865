"""The editions content may name, each with its game. Every loaded item's key needs them, so
they live apart from the rules' vocabularies (nuffle.interpreter.vocabulary, which gives
them too): loading content from the cache imports no vocabulary."""

from __future__ import annotations

EDITIONS: dict[str, str] = {
    "blitz-bowl-2018": "blitz-bowl",
    "blitz-bowl-s2": "blitz-bowl",
    "bb2020": "blood-bowl",
    "pbbl-1-10": "blood-bowl",
    "lrb6": "blood-bowl",
}
