"""The Blood Bowl play-by-play: the engine's notes in a reader's language, with the pitch
after each team turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nuffle.interpreter.blood_bowl import ballplay
from nuffle.interpreter.blood_bowl.messages import FIELD_TERMS, MESSAGES, TERMS
from nuffle.interpreter.blood_bowl.state import Player, Square, Team
from nuffle.interpreter.narrative_marks import MarkedWords


class Words(MarkedWords):
    """Templates, terms and content names in one language; English where they lack, and
    with a ``marker`` the line says so (narrative_marks.py)."""

    def __init__(self, templates: dict[str, str] | None = None,
                 terms: dict[tuple[str, str], str] | None = None,
                 names: dict[tuple[str, str], str] | None = None, marker: str = "") -> None:
        super().__init__(templates or {}, MESSAGES, marker)
        self.terms = terms or {}
        self.names = names or {}

    def message(self, key: str, fields: dict[str, Any], ruleset: Any = None) -> str:
        return self.line(key, lambda: {k: self.value(v, FIELD_TERMS.get((key, k)), ruleset)
                                       for k, v in fields.items()})

    def term(self, category: str, value: str) -> str:
        found = self.terms.get((category, value))
        if found:
            return found
        self.lacks()
        return TERMS.get(category, {}).get(value, value)

    def name(self, kind: str, item_id: str, english: str) -> str:
        return self.names.get((kind, item_id), english)

    def by_rule(self, line: str, owner: Any) -> str:
        """A line that an item's rules brought about, naming the item (its ``Owner``)."""
        return super().by_rule(line, ", ".join(self.name(o.kind, o.item, o.name)
                                               for o in owners(owner)))

    def value(self, value: Any, category: str | None = None, ruleset: Any = None) -> str:
        if isinstance(value, Player):
            return f"{value.given_name} ({value.id})" if value.given_name else value.id
        if isinstance(value, Team):
            return f"{self.name('team', value.id, value.name)} ({self.term('side', value.side)})"
        if isinstance(value, Square):
            return value.label()
        if value is None:
            return self.term("square", "off the pitch")
        if isinstance(value, list):
            return ", ".join(self.value(v, category, ruleset) for v in value)
        if isinstance(value, bool):
            value = "true" if value else "false"
        if category is not None:
            return self.term(category, str(value))
        if isinstance(value, str) and ruleset is not None and value in ruleset.names:
            kind = "ability" if value in ruleset.skills else "special-play-card" \
                if value in ruleset.cards else "special-play-deck" \
                if value in ruleset.card_decks else "table"
            return self.name(kind, value, ruleset.names[value])
        return str(value)


ENGLISH = Words()


class Narrator:
    """A match listener that writes the play-by-play through ``out``."""

    def __init__(self, match: Any, out: Callable[[str], None],
                 board: Callable[[Any, Words], str] | None = None,
                 words: Words = ENGLISH) -> None:
        self.match = match
        self.out = out
        self.board = board
        self.words = words
        self.named_run: Any = None  # the hook run whose first line named its item

    def __call__(self, kind: str, data: Any) -> None:
        if kind == "note":
            key, fields = data
            rule = fields.get("rule")
            if rule is not None:  # the rule behind it is part of the note (a re-roll)
                fields = {k: v for k, v in fields.items() if k != "rule"}
            line = self.words.message(key, fields, self.match.ruleset)
            self.out("  " + (self.words.by_rule(line, rule) if rule is not None
                             else self.named(line)))
        elif kind == "event" and data[0] == "turn-end" and self.board is not None:
            self.out("")
            self.out(self.board(self.match, self.words))
            self.out("")


    def named(self, line: str) -> str:
        """The first line told while a rule's hook runs names the rule's item; the lines
        after it are its consequences, told plainly."""
        env = self.match.rule
        if env is None or env is self.named_run:
            return line
        self.named_run = env
        return self.words.by_rule(line, env.owner)


def render_pitch(m: Any, words: Words = ENGLISH) -> str:
    """The pitch as text: a player is the first letter of their position (capital for home,
    small for away), then `*` holding the ball, `_` Prone, `=` Stunned; `o` is the ball on
    the ground; `|` marks the end zones and `:` the halfway line."""
    letters = position_letters(m)
    rows = ["    " + "".join(f"{x + 1:<2}" for x in range(26))]
    for y in range(15):
        cells = []
        for x in range(26):
            sq = m.pitch.grid[x][y]
            p = m.occupant.get(sq)
            if p is not None:
                letter = letters[p.id]
                mark = "*" if m.holder is p or ballplay.carries_other(m, p) \
                    else "=" if p.stunned else "_" if not p.standing else " "
                cells.append(letter + mark)
            elif m.ball is sq or (m.other_ball is not None and m.other_ball.square is sq):
                cells.append("o ")  # a second ball too (a card of page 44)
            elif x in (0, 25):
                cells.append("| ")
            elif x == 13:
                cells.append(": ")
            else:
                cells.append(". ")
        rows.append(f"{y + 1:>3} " + "".join(cells).rstrip())
    for team in m.teams:
        shown = sorted({(letters[p.id], p.name) for p in team.players})
        rows.append(words.message("board-legend", {
            "side": words.term("side", team.side),
            "team": words.name("team", team.id, team.name), "points": team.score,
            "turn": team.turn_marker, "rerolls": team.rerolls + team.extra_rerolls,
            "players": ", ".join(f"{letter} {name}" for letter, name in shown)}))
    return "\n".join(rows)


def position_letters(m: Any) -> dict[str, str]:
    """One letter per position of a team: the first letter of its name not taken by an
    earlier position (capital for home, small for away)."""
    out: dict[str, str] = {}
    for team in m.teams:
        taken: dict[str, str] = {}
        for p in team.players:
            if p.position not in taken:
                used = set(taken.values())
                letter = next((c for c in p.name.lower() if c.isalpha() and c not in used),
                              p.position[0])
                taken[p.position] = letter
            letter = taken[p.position]
            out[p.id] = letter.upper() if team is m.home else letter
    return out


def owners(rule: Any) -> list[Any]:
    """The items a note names: one rule's (a re-roll it asked for), or those whose rules
    changed a roll's numbers."""
    return list(rule) if isinstance(rule, list) else [rule]
