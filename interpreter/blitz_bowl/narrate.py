"""Words for what happens in a game: event lines for scenarios and logs, and the
play-by-play narrative ``nuffle play`` prints.
"""

from __future__ import annotations

from typing import Any

from nuffle.interpreter.blitz_bowl.state import Ball, Card, Player, Team

SQUARE_FIELDS = ("from", "to", "square")


def value_text(value: Any, key: str = "", board: Any = None) -> str:
    if isinstance(value, Player):
        return value.id
    if isinstance(value, Team):
        return value.side
    if isinstance(value, Ball | Card):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if key in SQUARE_FIELDS and isinstance(value, int) and board is not None:
        return board.label(value)
    if isinstance(value, list):
        return ",".join(value_text(v) for v in value)
    return str(value)


def event_line(name: str, payload: dict, board: Any = None) -> str:
    """``catch player=home.catcher team=home ball=ball-1 source=throw``."""
    fields = " ".join(f"{k}={value_text(v, k, board)}" for k, v in payload.items())
    return f"{name} {fields}".rstrip()


# Events the narrative tells in words (the rest it leaves to the notes the engine writes).
_TOLD = {
    "knocked-down": lambda p, g: f"{p['player'].id} is Knocked Down",
    "injury": lambda p, g: f"{p['player'].id} is injured and goes to the Dugout",
    "pick-up": lambda p, g: f"{p['player'].id} picks up the ball",
    "catch": lambda p, g: f"{p['player'].id} takes the ball ({p['source']})",
    "card-claimed": lambda p, g: f"{p['team'].name} ({p['team'].side}) claim {p['card'].name}"
    f" for {p['card'].points} point{'s' if p['card'].points != 1 else ''}",
    "clean-sweep": lambda p, g: f"CLEAN SWEEP for {p['team'].name}!",
    "ball-enters-play": lambda p, g: f"{_ball_name(p['ball'])} enters play",
    "ball-removed": lambda p, g: f"{p['ball']} is removed from play",
    "bonus-play": lambda p, g: f"{p['team'].name} ({p['team'].side}) play {p['play']}",
}


def _ball_name(ball: Ball) -> str:
    return f"a ball ({ball.card})" if ball.card else "a ball"


class Narrator:
    """Collects the lines of a game as it is played (a game listener)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.lines: list[str] = []

    def __call__(self, kind: str, data: Any) -> None:
        if kind == "note":
            self.lines.append(f"  {data}")
        elif kind == "event":
            name, payload = data
            tell = _TOLD.get(name)
            if tell is not None:
                self.lines.append(f"  {tell(payload, self.game)}")
            elif name == "action":
                p = payload["player"]
                free = " (free)" if payload["free"] else ""
                self.lines.append(f"  {p.id} ({p.name}) made a {payload['action']} action{free}")
        elif kind == "decision":
            decision, index = data
            if decision.kind == "action":
                label = decision.labels[index]
                if label == "end turn":
                    self.lines.append(f"  {decision.team} ends the turn")
