"""What rules read of a Blitz Bowl square, and the square queries, through the shared
implementation (nuffle.interpreter.squares).

A square is an integer here (nuffle.interpreter.blitz_bowl.board); rules number squares as
scenarios and the game log show them: x from 0 at the left edge, y from 0 at the edge of
coach A, who sets up first (ruling pitch-layout).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from nuffle.interpreter import squares
from nuffle.interpreter.blitz_bowl.effects import square_of

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game


def view(g: Game) -> squares.PitchView:
    """The game's pitch: each team's end zone is the one it set up in (none before set-up)."""
    def xy(sq: Any) -> squares.XY | None:
        board = g.board
        if board is None or not isinstance(sq, int) or isinstance(sq, bool) \
                or not 0 <= sq < board.width * board.height:
            return None
        return board.xy(sq)

    def end_zones() -> Sequence[tuple[Any, Sequence[squares.XY]]]:
        board = g.board
        if board is None:
            return ()
        return [(t, [board.xy(s) for s in t.end_zone]) for t in g.teams]

    return squares.PitchView(xy, end_zones)


def attributes(g: Game) -> dict[str, Callable[[Any], Any]]:
    """The accessor of each square attribute the vocabulary declares, for this game."""
    pitch = view(g)

    def on_pitch(read: Callable[[int], bool]) -> Callable[[Any], bool]:
        return lambda sq: pitch.xy(sq) is not None and read(sq)

    def board_of() -> Any:
        return g.board

    return {**squares.getters(lambda sq: pitch),
            "trapdoor": on_pitch(lambda sq: sq in board_of().trapdoors.values()),
            "blocked": on_pitch(lambda sq: sq in board_of().blocked),
            "occupied": on_pitch(lambda sq: g.occupant[sq] is not None)}


def queries(g: Game) -> dict[str, Callable[..., Any]]:
    pitch = view(g)

    return squares.queries(pitch, square_of)
