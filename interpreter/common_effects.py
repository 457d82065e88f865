"""What the effects every game declares (nuffle.interpreter.vocabulary.common) do to the
event being fired, the same in every game: a re-roll, and the flags a `before` hook sets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nuffle.interpreter.hooks import Env

Effect = Callable[[Env, Any, dict, str | None], None]


def reroll(env: Env, subject: Any, args: dict, duration: str | None) -> None:
    """Roll the current roll's dice again; a re-roll is never re-rolled."""
    if env.firing is not None and not env.firing.reroll_spent:
        env.firing.reroll = env.firing.reroll_spent = True


def reroll_possible(env: Env, subject: Any, by: Any) -> bool:
    """A `may reroll` is asked only while the roll can still be re-rolled."""
    return env.firing is not None and not env.firing.reroll_spent


def flag(name: str) -> Effect:
    """An effect that sets one of the firing's flags (`cancel`, `succeed`, `fail`)."""
    def set_flag(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if env.firing is not None:
            setattr(env.firing, name, True)
    return set_flag
