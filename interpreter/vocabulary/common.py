"""Declarations every game shares: basic types, scopes and the generic effects."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Vocabulary


def declare_common(v: Vocabulary) -> None:
    v.type("number", "A whole number.")
    v.type("bool", "true or false.")
    v.type("square", "A square of the pitch.")
    v.type("any", "Any value.")

    v.scope("action", "until the end of the current action")
    v.scope("turn", "until the end of the current turn")
    v.scope("drive", "until the end of the current drive")
    v.scope("half", "until the end of the current half")
    v.scope("game", "until the end of the game")

    v.effect("set", "Replace a value (in a `modify` hook) or a game parameter (at top level).",
             "any", required=True, assigns=True, to="any", durations=True,
             phrase="{subject} becomes {to}")
    v.effect("change", "Add a number to a value (in a `modify` hook) or a game parameter.",
             "any", required=True, assigns=True, by="number", durations=True,
             phrase="{subject} changes by {by}")
    v.effect("reroll", "Roll the dice of the current roll again (a re-roll can't be re-rolled).",
             "any", phrase="re-roll the dice")
    v.effect("cancel", "Stop the current event from happening (in a `before` hook).",
             phrase="it does not happen")
