"""What the rules language reads of a square, the same way in every game.

Each game stores its squares its own way (Blitz Bowl: an integer per square; Blood Bowl: a
square object). A game describes its pitch once as a `PitchView` (where a square lies, and
which squares make up each team's end zone); everything here works on that view alone, so
the two games agree on what `half`, `end-zone` and the distances mean.

Distances are counted as a player moves: diagonal steps count one, so two squares are as
far apart as the larger of their differences across and along the pitch (Blitz Bowl page 7:
"each of the eight squares around a given square are said to be adjacent to it"; PBBL page
9: a player may move into any of the eight adjacent squares).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

XY = tuple[int, int]


@dataclass(frozen=True)
class PitchView:
    """One game's pitch as the shared square attributes see it.

    ``xy`` gives a square's coordinates as the game shows them to players (None for
    anything that is not a square of the pitch); ``end_zones`` gives each team with the
    coordinates of the end zone it defends (empty before the teams have end zones).
    """

    xy: Callable[[Any], XY | None]
    end_zones: Callable[[], Sequence[tuple[Any, Sequence[XY]]]]


def chebyshev(a: XY, b: XY) -> int:
    """Squares between two squares, counted as a player moves (diagonals count one)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance(view: PitchView, a: Any, b: Any) -> int | None:
    """Squares between two squares; None when either is not on the pitch."""
    pa, pb = view.xy(a), view.xy(b)
    return None if pa is None or pb is None else chebyshev(pa, pb)


def distance_to_end_zone(view: PitchView, sq: Any, team: Any) -> int | None:
    """Squares from a square to the nearest square of the end zone ``team`` defends: 0 in
    it. None off the pitch, or when the team has no end zone (yet)."""
    at = view.xy(sq)
    if at is None:
        return None
    for owner, zone in view.end_zones():
        if owner is team and zone:
            return min(chebyshev(at, z) for z in zone)
    return None


def end_zone_of(view: PitchView, sq: Any) -> Any:
    """The team whose end zone the square is in, or None."""
    at = view.xy(sq)
    if at is None:
        return None
    return next((owner for owner, zone in view.end_zones() if at in zone), None)


def half_of(view: PitchView, sq: Any) -> Any:
    """The team whose half the square is in: the team whose end zone is nearer. None for a
    square as near to both end zones (Blitz Bowl's middle row, ruling pitch-halves) and off
    the pitch."""
    at = view.xy(sq)
    zones = [(owner, zone) for owner, zone in view.end_zones() if zone]
    if at is None or len(zones) != 2:
        return None
    (first, zone_a), (second, zone_b) = zones
    a = min(chebyshev(at, z) for z in zone_a)
    b = min(chebyshev(at, z) for z in zone_b)
    return first if a < b else second if b < a else None


def same_half(view: PitchView, a: Any, b: Any) -> bool:
    """Whether two squares are in the same team's half (false when either is in neither)."""
    half = half_of(view, a)
    return half is not None and half is half_of(view, b)


def getters(view_of: Callable[[Any], PitchView]) -> dict[str, Callable[[Any], Any]]:
    """The accessor of each shared square attribute; ``view_of`` finds a square's pitch."""
    def coordinate(i: int) -> Callable[[Any], int | None]:
        def read(sq: Any) -> int | None:
            at = view_of(sq).xy(sq)
            return None if at is None else at[i]
        return read

    return {
        "x": coordinate(0),
        "y": coordinate(1),
        "half": lambda sq: half_of(view_of(sq), sq),
        "end-zone": lambda sq: end_zone_of(view_of(sq), sq),
        "in-end-zone": lambda sq: end_zone_of(view_of(sq), sq) is not None,
    }


def queries(view: PitchView, square_of: Callable[[Any], Any]
            ) -> dict[str, Callable[..., Any]]:
    """The square queries of the rules language, over one game's pitch; ``square_of`` turns
    a query's argument (a square, or a player) into the game's square (None off the pitch)."""

    def to_end_zone(env: Any, place: Any, team: Any) -> int | None:
        return distance_to_end_zone(view, square_of(place), team)

    def in_same_half(env: Any, a: Any, b: Any) -> bool:
        return same_half(view, square_of(a), square_of(b))

    return {"distance-to-end-zone": to_end_zone, "same-half": in_same_half}
