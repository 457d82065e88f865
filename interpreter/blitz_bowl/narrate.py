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
    "ball-enters-play": lambda p, g: f"{g.ball_name(p['ball'])} enters play"
    if p["ball"].card else "a ball enters play",
    "ball-removed": lambda p, g: f"{g.ball_name(p['ball'])} is removed from play",
    "bonus-play": lambda p, g: f"{p['team'].name} ({p['team'].side}) play {p['play']}",
}


class Narrator:
    """Tells a game as it is played (a game listener); ``board`` draws the pitch after
    each turn."""

    def __init__(self, game: Any, out: Any = None, board: Any = None) -> None:
        self.game = game
        self.lines: list[str] = []
        self.path: dict[str, list[int]] = {}  # player id -> squares moved through
        self.out = out
        self.board = board

    def emit(self, line: str) -> None:
        if self.out is not None:
            self.out(line)
        else:
            self.lines.append(line)

    def __call__(self, kind: str, data: Any) -> None:
        if kind == "note":
            self.emit(f"  {data}")
            return
        self.tell(kind, data)

    def tell(self, kind: str, data: Any) -> None:
        if kind == "note":
            self.emit(f"  {data}")
        elif kind == "event":
            name, payload = data
            tell = _TOLD.get(name)
            if tell is not None:
                self.emit(f"  {tell(payload, self.game)}")
            elif name == "turn-end" and self.board is not None:
                self.emit("")
                self.emit(self.board(self.game))
                self.emit("")
            elif name == "move":
                self.path.setdefault(payload["player"].id, [payload["from"]]).append(payload["to"])
            elif name == "action":
                p = payload["player"]
                free = " (free)" if payload["free"] else ""
                path = self.path.pop(p.id, None)
                board = self.game.board
                where = f" from {board.label(path[0])} to {board.label(path[-1])}" if path else ""
                self.emit(f"  {p.id} ({p.name}): {payload['action']}{free}{where}")
        elif kind == "decision":
            decision, index = data
            if decision.kind == "action":
                label = decision.labels[index]
                if label == "end turn":
                    self.emit(f"  {decision.team} ends the turn")
