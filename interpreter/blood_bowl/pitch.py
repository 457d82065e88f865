"""The pitch's geometry: squares, neighbours, zones, the templates and the range ruler.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10) page 5 (the pitch: 26 by 15 squares, end
zones, wide zones, the line of scrimmage), page 4 (the Throw-in and Scatter templates,
the range ruler), page 13 (pass ranges). The templates' diagrams and the ruler's lengths did
not survive in the seed: rulings bb-scatter-template, bb-throw-in-template, bb-range-ruler.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from operator import itemgetter

from nuffle.interpreter.blood_bowl.state import Square

WIDTH, HEIGHT = 26, 15  # page 5
WIDE = 4  # each wide zone is the 4 rows along a sideline (page 5)
HALF = 13  # x < 13 is the home half, x >= 13 the away half
HOME_END, AWAY_END = 0, WIDTH - 1  # the end zone columns each team defends
HOME_LOS, AWAY_LOS = HALF - 1, HALF  # the line of scrimmage column of each half

# Scatter template (ruling bb-scatter-template): the D8 faces as (dx, dy), read with y
# growing towards the bottom of the pitch as printed: 1 2 3 above, 4 and 5 beside, 6 7 8 below.
SCATTER = {1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0), 6: (-1, 1),
           7: (0, 1), 8: (1, 1)}

# Pass ranges (page 13; ruling bb-range-ruler): the longest distance between the two
# squares' centres for each range, the higher range applying once the ruler's band edge
# crosses any part of the receiver's square.
RANGES = (("quick", 3.0), ("short", 6.5), ("long", 10.0), ("long-bomb", 13.0))
RANGE_MODIFIER = {"quick": 1, "short": 0, "long": -1, "long-bomb": -2}  # page 13


def _neighbour_getters() -> list[itemgetter]:
    """For each square (x-major, as ``Pitch.flat``), what picks its neighbours out of the
    flat list, in the order dx -1, 0, 1 then dy -1, 0, 1: worked out once, not per match."""
    out = []
    for x in range(WIDTH):
        for y in range(HEIGHT):
            out.append(itemgetter(*(
                (x + dx) * HEIGHT + y + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT)))
    return out


_NEIGHBOURS = _neighbour_getters()
# each row's wide zone (``wide_zone``), read by set-up for every square it offers
ZONE_BY_Y: tuple[int | None, ...] = tuple(
    0 if y < WIDE else 1 if y >= HEIGHT - WIDE else None for y in range(HEIGHT))


class Pitch:
    """The 390 squares of one match, each knowing its neighbours."""

    def __init__(self, match: object) -> None:
        self.flat = [Square(x, y, match) for x in range(WIDTH) for y in range(HEIGHT)]
        self.grid = [self.flat[x * HEIGHT:(x + 1) * HEIGHT] for x in range(WIDTH)]
        flat = self.flat
        for sq, neighbours in zip(flat, _NEIGHBOURS, strict=True):
            sq.neighbours = neighbours(flat)
        # each half's squares (x-major) with their wide zone and whether they are on that
        # half's line of scrimmage: what set-up offers, filtered (kickoff.set_up)
        self.setup_squares = {
            home: tuple((sq, ZONE_BY_Y[sq.y], sq.x == los and ZONE_BY_Y[sq.y] is None)
                        for sq in flat if (sq.x < HALF) == home)
            for home, los in ((True, HOME_LOS), (False, AWAY_LOS))}

    def at(self, x: int, y: int) -> Square | None:
        if 0 <= x < WIDTH and 0 <= y < HEIGHT:
            return self.grid[x][y]
        return None

    def squares(self) -> Iterator[Square]:
        for column in self.grid:
            yield from column

    def step(self, sq: Square, direction: int) -> Square | None:
        """The square next to ``sq`` in a Scatter template direction (None: off the pitch)."""
        dx, dy = SCATTER[direction]
        return self.at(sq.x + dx, sq.y + dy)

    def throw_in_direction(self, last: Square, face: int) -> tuple[int, int]:
        """The Throw-in template's direction for a D6 face, placed on the last square the
        ball crossed with its 3-4 arrow pointing across the pitch (page 4; ruling
        bb-throw-in-template: off a sideline it points to the other sideline, off an end
        zone's edge back along the pitch; 1-2 lean towards the lower x or y, 5-6 the higher)."""
        if last.y in (0, HEIGHT - 1):  # off a sideline (a corner counts as a sideline)
            inward = 1 if last.y == 0 else -1
            lean = -1 if face <= 2 else 1 if face >= 5 else 0
            return lean, inward
        inward = 1 if last.x == 0 else -1
        lean = -1 if face <= 2 else 1 if face >= 5 else 0
        return inward, lean


def is_wide(sq: Square) -> bool:
    return sq.y < WIDE or sq.y >= HEIGHT - WIDE


def wide_zone(sq: Square) -> int | None:
    """0 for the wide zone along y = 0, 1 for the other, None in the middle."""
    return 0 if sq.y < WIDE else 1 if sq.y >= HEIGHT - WIDE else None


def distance(a: Square, b: Square) -> int:
    """Squares between, counted as a player moves (diagonals count one)."""
    return max(abs(a.x - b.x), abs(a.y - b.y))


def pass_range(a: Square, b: Square) -> str | None:
    """The range of a pass from ``a`` to ``b`` (None: beyond a Long Bomb)."""
    d = math.hypot(a.x - b.x, a.y - b.y)
    for name, longest in RANGES:
        if d <= longest:
            return name
    return None


def under_ruler(a: Square, b: Square, sq: Square) -> bool:
    """Whether the range ruler laid from ``a`` to ``b`` passes over part of ``sq``, a square
    between them (page 23; ruling bb-range-ruler: the ruler is one square wide, so it covers
    part of a square whose centre is less than one square from its centre line)."""
    if sq is a or sq is b:
        return False
    vx, vy = b.x - a.x, b.y - a.y
    length2 = vx * vx + vy * vy
    if length2 == 0:
        return False
    t = ((sq.x - a.x) * vx + (sq.y - a.y) * vy) / length2
    if t <= 0 or t >= 1:
        return False
    px, py = a.x + t * vx, a.y + t * vy
    return math.hypot(sq.x - px, sq.y - py) < 1.0
