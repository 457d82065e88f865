"""Words for what happens in a game: event lines for scenarios and logs, and the
play-by-play narrative ``nuffle play`` prints.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nuffle.interpreter.blitz_bowl.messages import MESSAGES, TERMS, Named, Note, Term, card_name
from nuffle.interpreter.blitz_bowl.state import Ball, Card, Player, Team
from nuffle.interpreter.narrative_marks import MarkedWords

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


# Events the narrative tells in words (the rest it leaves to the notes the engine writes):
# event -> a function giving the message id and fields.
_TOLD: dict[str, Callable[[dict, Any], tuple[str, dict]]] = {
    "knocked-down": lambda p, g: ("knocked-down", {"player": p["player"]}),
    "injury": lambda p, g: ("injured", {"player": p["player"]}),
    "pick-up": lambda p, g: ("picks-up", {"player": p["player"]}),
    "catch": lambda p, g: ("takes-ball", {"player": p["player"],
                                          "source": Term("catch-source", p["source"])}),
    "card-claimed": lambda p, g: (
        "card-claimed-one" if p["card"].points == 1 else "card-claimed",
        {"team": p["team"], "card": card_name(p["card"]), "points": p["card"].points}),
    "clean-sweep": lambda p, g: ("clean-sweep", {"team": p["team"]}),
    "ball-enters-play": lambda p, g: ("ball-enters-play", {"ball": p["ball"]})
    if p["ball"].card else ("a-ball-enters-play", {}),
    "ball-removed": lambda p, g: ("ball-removed", {"ball": p["ball"]}),
    "bonus-play": lambda p, g: ("bonus-play", {"team": p["team"], "play": Named(
        "bonus-play", p["play"], g.ruleset.names.get(p["play"], p["play"]))}),
}


class Words(MarkedWords):
    """The narrative's words in one language: message templates, terms and content names.

    Built empty, it speaks English (the templates in messages.py); `nuffle.i18n.narrative`
    fills it from a language's catalogs. Anything missing falls back to English, and with a
    ``marker`` the line says so (narrative_marks.py).
    """

    def __init__(self, templates: dict[str, str] | None = None,
                 terms: dict[tuple[str, str], str] | None = None,
                 names: dict[tuple[str, str], str] | None = None, marker: str = "") -> None:
        super().__init__(templates or {}, MESSAGES, marker)
        self.terms = terms or {}
        self.names = names or {}

    def message(self, key: str, fields: dict[str, Any], game: Any = None) -> str:
        """The line ``key`` with its fields, filled as text only (never read off the values):
        a broken translation gives the English line (`i18n check` says where)."""
        return self.line(key, lambda: {k: self.value(v, game) for k, v in fields.items()})

    def note(self, note: Note, game: Any = None) -> str:
        rule = note.fields.get("rule")
        if rule is None:
            return self.message(note.key, note.fields, game)
        fields = {k: v for k, v in note.fields.items() if k != "rule"}
        return self.by_rule(self.message(note.key, fields, game), rule)

    def by_rule(self, line: str, owner: Any) -> str:
        """A line that an item's rules brought about, naming the item (its ``Owner``) in
        brackets, in this language."""
        return super().by_rule(line, ", ".join(self.name(o.kind, o.item, o.name)
                                               for o in owners(owner)))

    def name(self, kind: str, item_id: str, english: str) -> str:
        """A content item's name (a team, a card, a position) in this language."""
        return self.names.get((kind, item_id), english)

    def term(self, category: str, value: str) -> str:
        found = self.terms.get((category, value))
        if found:
            return found
        self.lacks()
        return TERMS.get(category, {}).get(value, value)

    def value(self, value: Any, game: Any = None) -> str:
        if isinstance(value, Player):
            return value.id
        if isinstance(value, Team):
            return f"{self.name('team', value.id, value.name)} " \
                   f"({self.term('side', value.side)})"
        if isinstance(value, Term):
            return self.term(value.category, value.value)
        if isinstance(value, Named):
            return self.name(value.kind, value.id, value.english)
        if isinstance(value, Ball):
            if value.card is None:
                return self.inner("the-ball", dict)
            english = game.ruleset.names.get(value.card, value.card) if game else value.card
            return self.name("ball", value.card, english)
        if isinstance(value, list):
            return ", ".join(self.value(v, game) for v in value)
        return str(value)


ENGLISH = Words()


class Narrator:
    """Tells a game as it is played (a game listener) in the language of ``words``;
    ``board`` draws the pitch after each turn."""

    def __init__(self, game: Any, out: Any = None, board: Any = None,
                 words: Words = ENGLISH) -> None:
        self.game = game
        self.lines: list[str] = []
        self.path: dict[str, list[int]] = {}  # player id -> squares moved through
        self.out = out
        self.board = board
        self.words = words
        self.named_run: Any = None  # the hook run whose first line named its item

    def emit(self, line: str) -> None:
        if self.out is not None:
            self.out(line)
        else:
            self.lines.append(line)

    def say(self, key: str, **fields: Any) -> None:
        self.emit("  " + self.named(self.words.message(key, fields, self.game)))

    def named(self, line: str, told: bool = False) -> str:
        """The first line told while a rule's hook runs names the rule's item; the lines
        after it are its consequences, told plainly. ``told``: the line names a rule
        already (a note's own `rule`)."""
        env = self.game.rule
        if env is None or env is self.named_run:
            return line
        self.named_run = env
        return line if told else self.words.by_rule(line, env.owner)

    def __call__(self, kind: str, data: Any) -> None:
        self.tell(kind, data)

    def tell(self, kind: str, data: Any) -> None:
        if kind == "note":
            self.emit("  " + self.named(self.words.note(data, self.game), "rule" in data.fields))
        elif kind == "event":
            name, payload = data
            tell = _TOLD.get(name)
            if tell is not None:
                key, fields = tell(payload, self.game)
                self.say(key, **fields)
            elif name == "turn-end" and self.board is not None:
                self.emit("")
                self.emit(self.board(self.game, self.words))
                self.emit("")
            elif name == "move":
                self.path.setdefault(payload["player"].id, [payload["from"]]).append(payload["to"])
            elif name == "action":
                self.tell_action(payload)
        elif kind == "decision":
            decision, index = data
            if decision.kind == "action" and decision.labels[index] == "end turn":
                self.say("turn-ended", team=self.game.side(decision.team))

    def tell_action(self, payload: dict) -> None:
        p = payload["player"]
        path = self.path.pop(p.id, None)
        key = "action-free" if payload["free"] else "action"
        fields: dict[str, Any] = {"player": p, "action": Term("action", payload["action"]),
                                  "position": self.position_name(p)}
        if path:
            key = "action-free-moved" if payload["free"] else "action-moved"
            board = self.game.board
            fields.update(start=board.label(path[0]), end=board.label(path[-1]))
        self.say(key, **fields)

    def position_name(self, p: Player) -> str:
        return self.words.name("position", f"{p.team.id}/{p.position}", p.name)


def owners(rule: Any) -> list[Any]:
    """The items a note names: one rule's (a re-roll it asked for), or those whose rules
    changed a roll's numbers."""
    return list(rule) if isinstance(rule, list) else [rule]
