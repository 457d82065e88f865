"""Reading a scenario's fields: each one the runner reads is checked here as it is read, so
a scenario the schema did not see (a caller's own) fails with the field's name, never a
Python error."""

from __future__ import annotations

from typing import Any


class ScenarioError(Exception):
    """The scenario itself is wrong (an unknown player, a bad square, a step it cannot
    follow…)."""


SIDES = ("home", "away")


def side(value: Any, where: str) -> str:
    """``home`` or ``away``: the engine reads any other word as the away side."""
    if value not in SIDES:
        raise ScenarioError(f"{where}: `{shown(value)}` should be home or away")
    return value


def mapping(value: Any, where: str) -> dict:
    """A mapping the runner reads (absent is empty); the schema says so, a caller may not."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: should be a mapping, not {shown(value)}")
    return value


def listed(value: Any, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: should be a list, not {shown(value)}")
    return value


def count(value: Any, where: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ScenarioError(f"{where}: should be a whole number from {low}, not {shown(value)}")
    return value


def shown(value: Any) -> str:
    """A value for a message: a text as written, anything else as Python shows it; cut short."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
