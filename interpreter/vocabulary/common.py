"""Declarations every game shares: basic types, scopes and the generic effects."""

from __future__ import annotations

from nuffle.interpreter.vocabulary.model import Bounds, Vocabulary


def declare_common(v: Vocabulary) -> None:
    v.type("number", "A whole number.")
    v.type("bool", "true or false.")
    v.type("square", "A square of the pitch.")  # its attributes: declare_squares
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


def declare_squares(v: Vocabulary, doc: str, x: tuple[str, Bounds], y: tuple[str, Bounds]) -> None:
    """The square type and what every game's rules may ask of a square (one implementation:
    nuffle.interpreter.squares); ``x`` and ``y`` say how the game numbers its squares.

    A team's end zone is the one it defends, where it sets up (Blitz Bowl page 3: "end zones
    where the teams start"; PBBL page 5); its half is the squares nearer that end zone than
    the other (ruling pitch-halves)."""
    v.type("square", doc,
           x=("number", x[0], x[1]), y=("number", y[0], y[1]),
           half=("team", "The team whose half of the pitch the square is in: the half nearer "
                 "its end zone (ruling pitch-halves); none for a square as near to both end "
                 "zones and off the pitch. `square.half is own`: in your own half."),
           end_zone=("team", "The team whose end zone the square is in, the end zone it "
                     "defends and sets up in; none outside both end zones. "
                     "`square.end-zone is opponent`: where your team scores."),
           in_end_zone=("bool", "Whether the square is in either end zone."),
           occupied=("bool", "Whether a player, standing or not, is in the square."))
    v.query("distance-to-end-zone", "How many squares a square (or a player's or ball's "
            "square) lies from the end zone a team defends, counted as a player moves: 0 in "
            "it. `distance-to-end-zone(self, opponent)` is how far the player is from "
            "scoring. None off the pitch.", ("any", "team"), "number",
            phrase="the squares from {0} to {1}'s end zone")
    v.query("same-half", "Whether two squares, players or balls are in the same team's half "
            "of the pitch (false when either is in neither half, or off the pitch).",
            ("any", "any"), "bool", phrase="{0} and {1} are in the same half")
