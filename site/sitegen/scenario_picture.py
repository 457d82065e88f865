"""What a scenario page draws on the pitch: the players and balls of its set-up, and the
steps of its script that have squares (moves, blocks and fouls, throws and hand-offs).

The script is a list of answers to questions the engine asks (`scenario_script.py`); read
without running the game, an answer does not always say who it is for. So a step is drawn
only when the script itself says who acts and where: `home.thrower run` then `to 5,6` moves
the thrower; `block away.lineman-2`, a block's named target, `throw` then a square, a
hand-off, a foul. A target the script leaves to the engine (a question with one option is
not asked) is drawn when the position leaves one choice: the only standing opponent next to
a blocker, the only standing team-mate of a thrower. After a block, the players whose
squares the script does not say (a push, a follow-up left to the dice) are not moved
further. Everything else stays in the decisions list, as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from nuffle.interpreter.blood_bowl.pitch import HEIGHT as BB_HEIGHT
from nuffle.interpreter.blood_bowl.pitch import WIDTH as BB_WIDTH

Square = tuple[int, int]  # as the scenario writes it: Blitz Bowl from 0, Blood Bowl from 1

_SQUARE = re.compile(r"^(\d{1,3}),(\d{1,3})$")
_PLAYER = re.compile(r"^(home|away)\.[^\s]+$")
# the actions whose target the script names or leaves to the position
TARGETED = {"block": "block", "foul": "foul", "throw": "pass", "pass": "pass",
            "hand-off": "hand-off", "throw-bomb": "pass"}


@dataclass(frozen=True)
class Player:
    """A player on the pitch: id, side, square, state (`prone`, `stunned` or empty)."""

    pid: str
    side: str
    at: Square
    state: str = ""


@dataclass(frozen=True)
class Step:
    """One drawn step of the script, numbered in order: `move` (its squares in order),
    `block`, `foul` (the two players' squares), `pass`, `hand-off` (from, to); ``target`` is
    the player blocked, fouled or thrown to (none: a throw to a square), ``thrown`` the
    team-mate a player throws."""

    n: int
    kind: str
    player: str
    squares: tuple[Square, ...]
    target: str = ""
    thrown: str = ""


@dataclass
class Picture:
    game: str
    width: int
    height: int
    origin: int  # the number of the first column and row (0 in Blitz Bowl, 1 in Blood Bowl)
    players: list[Player] = field(default_factory=list)
    off_pitch: list[tuple[str, str]] = field(default_factory=list)  # (id, box) in the Dugout
    balls: list[tuple[Square, str]] = field(default_factory=list)  # (square, holder or "")
    steps: list[Step] = field(default_factory=list)

    def on_pitch(self, sq: Any) -> Square | None:
        """``sq`` as a square of this pitch, or None (not a pair of numbers, off the pitch)."""
        if not (isinstance(sq, (list, tuple)) and len(sq) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in sq)):
            return None
        x, y = sq
        o = self.origin
        if o <= x < o + self.width and o <= y < o + self.height:
            return (x, y)
        return None


def scenario_picture(data: dict, game: str, pitch: dict | None = None) -> Picture | None:
    """The picture of a scenario's start, or None if there is nothing to draw (a Blitz Bowl
    pitch the catalogue does not have, a start from set-up: the game places everyone)."""
    found = data.get("setup")
    setup: dict = found if isinstance(found, dict) else {}
    if game == "blitz-bowl":
        if pitch is None or setup.get("start") == "setup":
            return None
        pic = Picture(game, int(pitch["width"]), int(pitch["height"]), 0)
    else:
        pic = Picture(game, BB_WIDTH, BB_HEIGHT, 1)
    listed = setup.get("players")
    players: dict = listed if isinstance(listed, dict) else {}
    for pid, spec in players.items():
        pid = str(pid)
        side = pid.split(".")[0]
        if isinstance(spec, str):
            pic.off_pitch.append((pid, spec))
            continue
        at = pic.on_pitch(spec.get("at") if isinstance(spec, dict) else spec)
        if at is None or side not in ("home", "away"):
            continue
        state = next((s for s in ("stunned", "prone")
                      if isinstance(spec, dict) and spec.get(s)), "")
        pic.players.append(Player(pid, side, at, state))
    where = {p.pid: p.at for p in pic.players}
    balls = setup.get("balls") if game == "blitz-bowl" else [setup.get("ball")]
    for spec in balls if isinstance(balls, list) else []:
        if not isinstance(spec, dict):
            continue
        holder = str(spec.get("held_by", ""))
        sq = where.get(holder) if holder else pic.on_pitch(spec.get("at"))
        if sq is not None:
            pic.balls.append((sq, holder if holder in where else ""))
    if pic.players or pic.balls:
        decisions = data.get("decisions")
        pic.steps = ScriptReader(pic).read(decisions if isinstance(decisions, list) else [])
        return pic
    return None


def answer(step: Any) -> tuple[str, str]:
    """A script step's answer and its kind (empty if the step does not say)."""
    if isinstance(step, dict):
        value, kind = step.get("answer"), str(step.get("kind") or "")
    else:
        value, kind = step, ""
    if value is True:
        return "yes", kind
    if value is False:
        return "no", kind
    return ("" if value is None else str(value)).strip(), kind


class ScriptReader:
    """Follows the script's answers, keeping who acts and where the players are."""

    def __init__(self, pic: Picture) -> None:
        self.pic = pic
        self.at: dict[str, Square] = {p.pid: p.at for p in pic.players}
        self.standing = {p.pid for p in pic.players if not p.state}
        self.side = {p.pid: p.side for p in pic.players}
        self.actor = ""
        self.action = ""
        self.phase = ""  # "" moving; "target": a target is next; "aim": a square is next;
        # "blocked": after a block; "done": nothing more of this action is drawn
        self.steps: list[Step] = []
        self.path: list[Square] = []
        self.blocked: tuple[str, str, Square] | None = None  # (blocker, target, target's square)
        self.thrown = ""

    def read(self, script: list) -> list[Step]:
        for entry in script:
            text, kind = answer(entry)
            self.take(text, kind)
        self.end_path()
        return self.steps

    def take(self, text: str, kind: str) -> None:
        words = text.split()
        if not words:
            return
        if kind in ("", "action") and _PLAYER.match(words[0]) and len(words) >= 2:
            self.start(words[0], words[1])
            return
        if text == "end turn" or text == "end":
            self.finish()
            self.actor = ""
            return
        if self.phase == "target" and kind in ("", "block-target", "throw-target") \
                and _PLAYER.match(text):
            self.target(text)
            return
        if self.phase == "target":
            self.guess_target()
        if not self.actor:
            return
        if words[0] in ("to", "leap") and len(words) == 2 and self.phase == "" \
                and kind in ("", "move", "step"):
            self.move(words[1])
        elif words[0] in ("block", "foul", "hand-off", "throw-team-mate") and len(words) == 2 \
                and _PLAYER.match(words[1]) and kind in ("", "step"):
            self.end_path()
            if words[0] == "throw-team-mate":
                self.thrown, self.phase = words[1], "aim"
            else:
                self.target(words[1], TARGETED[words[0]])
        elif text == "throw" and kind in ("", "step"):
            self.end_path()
            self.phase = "aim"
        elif self.phase == "aim" and _SQUARE.match(text) and kind in ("", "pass-target"):
            self.throw_to(_square(text))
        elif self.phase == "blocked":
            self.after_block(text, kind)
        elif text == "stop":
            self.end_path()

    def start(self, pid: str, verb: str) -> None:
        """``pid verb``: a new action; a targeted one waits for its target."""
        self.finish()
        self.actor, self.action, self.thrown = pid, verb, ""
        self.phase = "target" if verb == "block" or (
            verb == "throw" and self.pic.game == "blitz-bowl") else ""

    def finish(self) -> None:
        if self.phase == "target":
            self.guess_target()
        if self.phase == "blocked":
            self.unsure_after_block()
        self.end_path()
        self.phase = ""

    def move(self, label: str) -> None:
        sq = self.pic.on_pitch(_square(label)) if _SQUARE.match(label) else None
        if sq is None:
            self.phase = "done"
            return
        if self.actor not in self.at:  # from the Dugout (Reserves): placed, not drawn
            self.at[self.actor] = sq
            self.side.setdefault(self.actor, self.actor.split(".")[0])
            self.standing.add(self.actor)
            return
        if not self.path:
            self.path = [self.at[self.actor]]
        self.path.append(sq)
        self.at[self.actor] = sq

    def end_path(self) -> None:
        if len(self.path) > 1:
            self.add("move", tuple(self.path))
        self.path = []

    def add(self, kind: str, squares: tuple[Square, ...], target: str = "",
            thrown: str = "") -> None:
        self.steps.append(Step(len(self.steps) + 1, kind, self.actor, squares, target, thrown))

    def target(self, pid: str, kind: str = "") -> None:
        """The action's target is ``pid``: a block or foul mark, or a throw to them."""
        self.end_path()
        kind = kind or TARGETED.get(self.action, "")
        if self.actor not in self.at or pid not in self.at or not kind:
            self.phase = "done"
            return
        self.add(kind, (self.at[self.actor], self.at[pid]), pid)
        if kind == "block":
            self.phase, self.blocked = "blocked", (self.actor, pid, self.at[pid])
        else:
            self.phase = "done"

    def guess_target(self) -> None:
        """A target the engine took without asking: drawn if the position leaves one."""
        me = self.at.get(self.actor)
        found: list[str] = []
        if me is not None and self.actor in self.standing:
            mine = self.side.get(self.actor)
            if self.action == "block":
                found = [p for p, sq in self.at.items() if self.side.get(p) != mine
                         and p in self.standing
                         and max(abs(sq[0] - me[0]), abs(sq[1] - me[1])) == 1]
            elif self.action == "throw":
                found = [p for p in self.at if p != self.actor and p in self.standing
                         and self.side.get(p) == mine]
        if len(found) == 1:
            self.target(found[0])
        else:
            self.phase = "done"

    def throw_to(self, sq: Square) -> None:
        to = self.pic.on_pitch(sq)
        if to is not None and self.actor in self.at:
            self.add("pass", (self.at[self.actor], to), thrown=self.thrown)
            if self.thrown:
                self.at.pop(self.thrown, None)  # where they land is up to the dice
        self.phase = "done"

    def after_block(self, text: str, kind: str) -> None:
        """A push square and the follow-up, when the script says them (Blood Bowl)."""
        assert self.blocked is not None
        blocker, target, was = self.blocked
        if _SQUARE.match(text) and kind in ("", "push"):
            sq = self.pic.on_pitch(_square(text))
            if sq is not None and target in self.at:
                self.at[target] = sq
            else:
                self.at.pop(target, None)
        elif text in ("follow up", "stay") and kind in ("", "follow-up") \
                and self.pic.game == "blood-bowl":
            if self.at.get(target) == was:  # pushed, to a square the script does not say
                self.at.pop(target, None)
            if text == "follow up":
                self.at[blocker] = was
            self.phase = "" if self.action == "blitz" else "done"
            self.blocked = None
        elif self.pic.game == "blitz-bowl":  # a follow-up or a may: who ends where is not sure
            self.unsure_after_block()
        # Blood Bowl: a die, a re-roll or a may moves no one; the push and follow-up are asked

    def unsure_after_block(self) -> None:
        """The script leaves the block's end to the engine: neither player moves further."""
        if self.blocked is not None:
            blocker, target, _ = self.blocked
            self.at.pop(target, None)
            self.at.pop(blocker, None)
        self.blocked = None
        self.phase = "done"


def _square(text: str) -> Square:
    x, y = text.split(",")
    return (int(x), int(y))
