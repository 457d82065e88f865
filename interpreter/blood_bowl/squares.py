"""What rules read of a Blood Bowl square, and the square queries, through the shared
implementation (nuffle.interpreter.squares).

Rules number squares as scenarios and the game log show them: x from 1 in the home team's
end zone to 26 in the away team's, y from 1 to 15 across (PBBL page 5: 26 by 15 squares,
an end zone one square deep at each end).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter import squares
from nuffle.interpreter.blood_bowl.pitch import AWAY_END, HEIGHT, HOME_END, is_wide
from nuffle.interpreter.blood_bowl.state import Player, Square

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

HOME_ZONE = tuple((HOME_END + 1, y + 1) for y in range(HEIGHT))
AWAY_ZONE = tuple((AWAY_END + 1, y + 1) for y in range(HEIGHT))


def _xy(sq: Any) -> squares.XY | None:
    return (sq.x + 1, sq.y + 1) if isinstance(sq, Square) else None


def view(m: Match) -> squares.PitchView:
    """The match's pitch: the home team defends the end zone at x 1, the away team x 26."""
    return squares.PitchView(_xy, lambda: ((m.home, HOME_ZONE), (m.away, AWAY_ZONE)))


def attributes() -> dict[str, Callable[[Any], Any]]:
    """The accessor of each square attribute the vocabulary declares."""
    return {**squares.getters(lambda sq: view(sq.match)),
            "wide-zone": is_wide,
            "occupied": lambda sq: sq.occupied,
            "trapdoor": lambda sq: sq.trapdoor}


def _square(x: Any) -> Square | None:
    """A square, or a player's (None off the pitch)."""
    if isinstance(x, Player):
        return x.square
    return x if isinstance(x, Square) else None


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    pitch = view(m)

    return squares.queries(pitch, _square)
