"""Game objects: players, teams, balls and Challenge cards.

Attribute names are the vocabulary's (``in-dugout`` is ``in_dugout``), so rules read
them directly. Statuses are computed from the board each time they are read, so they are
always up to date after any change (page 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game


class Player:
    __slots__ = ("id", "name", "team", "position", "move", "throw", "armour", "abilities",
                 "square", "is_prone", "ball", "actions_this_turn", "actions_cancelled",
                 "free_cancelled", "actions_ended", "game")

    def __init__(self, game: Game, team: Team, pid: str, name: str, position: str, move: int,
                 throw: int, armour: int, abilities: list[str]) -> None:
        self.game = game
        self.team = team
        self.id = pid
        self.name = name
        self.position = position
        self.move, self.throw, self.armour = move, throw, armour
        self.abilities = abilities
        self.square: int | None = None  # None: in the Dugout
        self.is_prone = False
        self.ball: Ball | None = None
        # this turn's bookkeeping (cleared for every player when a turn starts): the actions
        # made as turn actions; those cancelled before they were made (ruling
        # cancelled-action-not-counted); free actions offered at the action decision and
        # cancelled (not offered again this turn); and whether the player can make no more
        # actions this turn, free ones included (page 9; ruling actions-ended-this-turn)
        self.actions_this_turn: list[str] = []
        self.actions_cancelled: list[str] = []
        self.free_cancelled: list[str] = []
        self.actions_ended = False

    def __repr__(self) -> str:
        return self.id

    # -- statuses (page 7) --------------------------------------------------------------
    @property
    def on_pitch(self) -> bool:
        return self.square is not None

    @property
    def in_dugout(self) -> bool:
        return self.square is None

    @property
    def prone(self) -> bool:
        return self.square is not None and self.is_prone

    @property
    def standing(self) -> bool:
        return self.square is not None and not self.is_prone

    @property
    def marked(self) -> bool:
        if self.square is None or self.is_prone:
            return False
        board = self.game.occupant
        assert self.game.board is not None
        for sq in self.game.board.neighbours[self.square]:
            other = board[sq]
            if other is not None and other.team is not self.team and not other.is_prone:
                return True
        return False

    @property
    def open(self) -> bool:
        return self.standing and not self.marked

    @property
    def status(self) -> str:
        if self.square is None:
            return "dugout"
        if self.is_prone:
            return "prone"
        return "marked" if self.marked else "open"

    @property
    def held(self) -> bool:
        return self.ball is not None

    @property
    def adjacent_opponents(self) -> list[Player]:
        if self.square is None:
            return []
        board = self.game.occupant
        assert self.game.board is not None
        return [o for sq in self.game.board.neighbours[self.square]
                if (o := board[sq]) is not None and o.team is not self.team]


class Team:
    def __init__(self, side: str, team_id: str, name: str) -> None:
        self.side = side  # "home" | "away": who the coach is, in logs and scripts
        self.id = team_id
        self.name = name
        self.players: list[Player] = []
        self.score = 0
        self.hand: list[Card] = []
        self.traits: list[str] = []
        self.opponent: Team = self
        self.end_zone: tuple[int, ...] = ()  # where the team sets up
        self.scoring_zone: tuple[int, ...] = ()  # the other team's end zone
        self.params: dict[str, int] = {}  # the game parameters, all numbers

    def __repr__(self) -> str:
        return self.side

    @property
    def coach(self) -> Team:
        return self

    @property
    def players_on_pitch(self) -> list[Player]:
        return [p for p in self.players if p.square is not None]

    @property
    def dugout(self) -> list[Player]:
        return [p for p in self.players if p.square is None]


class Ball:
    __slots__ = ("id", "card", "loose_square", "holder", "in_play")

    def __init__(self, ball_id: str, card: str | None) -> None:
        self.id = ball_id
        self.card = card  # the ball card's content id (Extra Time), or None
        self.loose_square: int | None = None
        self.holder: Player | None = None
        self.in_play = False

    def __repr__(self) -> str:
        return self.card or self.id

    @property
    def square(self) -> int | None:
        return self.holder.square if self.holder is not None else self.loose_square

    @property
    def held(self) -> bool:
        return self.holder is not None


@dataclass(eq=False)
class Card:
    """One physical Challenge card: its front (challenge) and back (Bonus Play)."""

    uid: int
    item: str
    name: str
    points: int
    endgame: bool
    bonus_play: str | None = None
    bonus_play_name: str | None = None
    extra: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        return self.item


# -- read again after rules ran ------------------------------------------------------------
# The type checker takes `p.square` or `p.ball` to be whatever the code last assigned or
# tested, even after a call that ran rules, and the compiled engine (mypyc) trusts it: a
# rule that took the player off the pitch, or the ball away, would then stop the game with
# a TypeError where the Python source reads None. Code that reads them again after rules
# ran reads them through these.
def square_now(p: Player) -> int | None:
    """Where ``p`` stands now (None: not on the pitch)."""
    return p.square


def ball_now(p: Player) -> Ball | None:
    """The ball ``p`` holds now."""
    return p.ball
