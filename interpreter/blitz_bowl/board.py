"""Pitch geometry: squares as integers, neighbours, distances and the throw ruler.

Squares are numbered ``y * width + x`` (x from 0 at the left, y from 0 at coach A's edge,
ruling pitch-layout), so the hot paths of a game index lists instead of hashing tuples.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

# Bounce chart directions, clockwise from north-west (ruling bounce-chart-directions).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "north-west": (-1, -1), "north": (0, -1), "north-east": (1, -1), "east": (1, 0),
    "south-east": (1, 1), "south": (0, 1), "south-west": (-1, 1), "west": (-1, 0),
}

_EPS = 1e-9  # lengths closer than this are equal (touching, not overlapping)


@dataclass(frozen=True)
class ThrowRuler:
    """The throw ruler, in squares (seed 000_ff9920886d8c191d.txt, page 10, THROW ACTION).

    The rulebook gives no dimensions; these are ruling throw-ruler-lengths. The ruler is laid
    along the line between the two squares' centres, its curved end against the edge of the
    thrower's base. A target is in range when its square's centre is on the ruler; short when
    that centre is on the short half; the squares the ruler's strip lies over between the
    thrower and the target can obstruct the throw (ruling throw-ruler-touching).
    """

    base_radius: float  # a round base, centred in its square
    width: float  # the ruler's width, centred on the line between the centres
    short: float  # the length of the half marked short throw, nearer the thrower
    long: float  # the length of the half marked long throw

    def __post_init__(self) -> None:
        # The strip is drawn as a rectangle from its curved end's tips; that is exact only
        # while the base lies inside its own square and the ruler is no wider than the base.
        if not (0 < self.base_radius <= 0.5 and 0 < self.width <= 2 * self.base_radius):
            raise ValueError("the throw ruler must be no wider than a base inside its square")

    @property
    def short_reach(self) -> float:
        """From the thrower's centre to the end of the short half, along the ruler."""
        return self.base_radius + self.short

    @property
    def reach(self) -> float:
        """From the thrower's centre to the far end of the ruler."""
        return self.base_radius + self.short + self.long

    def range_of(self, dx: int, dy: int) -> str | None:
        """``short``, ``long`` or None (out of range) for a target dx, dy squares away."""
        d2 = dx * dx + dy * dy
        if d2 == 0:
            return None
        if d2 <= self.short_reach ** 2 + _EPS:
            return "short"
        if d2 <= self.reach ** 2 + _EPS:
            return "long"
        return None


# The one place the ruler's dimensions are set (ruling throw-ruler-lengths): a base fills
# its square; the ruler is one square wide; its two halves are equal ("the half of the
# ruler marked 'long throw'", page 10), 3.75 squares each, so that the far end lies 8
# squares from the thrower's centre. Short: centres up to 4.25 squares apart; long: up to 8.
THROW_RULER = ThrowRuler(base_radius=0.5, width=1.0, short=3.75, long=3.75)


@cache
def ruler_offsets(dx: int, dy: int,
                  ruler: ThrowRuler = THROW_RULER) -> tuple[tuple[int, int], ...]:
    """Squares, as offsets from the thrower's, that the ruler's strip lies over.

    The strip runs from the tips of the ruler's curved end (against the thrower's base) to the
    centre of the target's square, dx, dy squares away, centred on the line between the
    centres and as wide as the ruler. A square counts when the strip overlaps its inside, by
    more than touching an edge or a corner (ruling throw-ruler-touching); the thrower's and
    the target's own squares do not count (page 10: "between the thrower and the target").
    The test is the separating-axis test of two convex shapes: their insides meet exactly
    when their shadows overlap, by more than a point, on each of the four edge directions.
    """
    d = math.hypot(dx, dy)
    if d == 0:
        return ()
    ux, uy = dx / d, dy / d  # along the ruler
    nx, ny = -uy, ux  # across it
    h = ruler.width / 2
    # The part of the ruler nearer the thrower than its curved end's tips lies inside the
    # base, which lies inside the thrower's own square (ThrowRuler.__post_init__).
    start = math.sqrt(max(ruler.base_radius ** 2 - h * h, 0.0))
    corners = [(a * ux + b * nx, a * uy + b * ny) for a in (start, d) for b in (-h, h)]
    lo_x, hi_x = min(c[0] for c in corners), max(c[0] for c in corners)
    lo_y, hi_y = min(c[1] for c in corners), max(c[1] for c in corners)
    along = 0.5 * (abs(ux) + abs(uy))  # half a square's shadow along the ruler
    across = 0.5 * (abs(nx) + abs(ny))  # and across it
    out = []
    for oy in range(math.floor(lo_y - 0.5), math.ceil(hi_y + 0.5) + 1):
        for ox in range(math.floor(lo_x - 0.5), math.ceil(hi_x + 0.5) + 1):
            if (ox, oy) in ((0, 0), (dx, dy)):
                continue
            if min(hi_x, ox + 0.5) - max(lo_x, ox - 0.5) <= _EPS:
                continue
            if min(hi_y, oy + 0.5) - max(lo_y, oy - 0.5) <= _EPS:
                continue
            a = ox * ux + oy * uy
            if min(d, a + along) - max(start, a - along) <= _EPS:
                continue
            b = ox * nx + oy * ny
            if min(h, b + across) - max(-h, b - across) <= _EPS:
                continue
            out.append((ox, oy))
    return tuple(out)


@dataclass
class Board:
    """One pitch, read from a pitch content item's map."""

    id: str
    width: int
    height: int
    blocked: frozenset[int]
    trapdoors: dict[str, int]  # trapdoor id -> square
    end_zones: dict[str, tuple[int, ...]]  # "A" / "B" -> squares
    neighbours: list[tuple[int, ...]] = field(default_factory=list)
    xs: list[int] = field(default_factory=list)  # x of each square, for the hot paths
    ys: list[int] = field(default_factory=list)
    # The same neighbours as bit masks (bit ``sq`` of a Python int stands for square sq), and
    # every square a player may stand on: the move search works on whole sets of squares at
    # once (nuffle.interpreter.blitz_bowl.search).
    neighbour_masks: list[int] = field(default_factory=list)
    floor: int = 0
    everywhere: int = 0  # every square, blocked or not
    not_first_column: int = 0  # every square but the leftmost column's (for a shift right)
    not_last_column: int = 0  # every square but the rightmost column's (for a shift left)
    # per square: a mask of some of its neighbours -> those squares, lowest first (filled by
    # the move search as it meets them; at most 256 per square)
    rings: list[dict[int, tuple[int, ...]]] = field(default_factory=list)
    _rulers: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    _ranges: dict[tuple[int, int], str | None] = field(default_factory=dict)  # throw_range
    _distances: dict[int, list[int]] = field(default_factory=dict)
    _zones: dict[int, list[int]] = field(default_factory=dict)

    @classmethod
    def from_item(cls, data: dict) -> Board:
        width, height = data["width"], data["height"]
        blocked: set[int] = set()
        zones: dict[str, list[int]] = {"A": [], "B": []}
        for y, row in enumerate(data["map"]):
            for x, ch in enumerate(row):
                sq = y * width + x
                if ch == "#":
                    blocked.add(sq)
                elif ch in zones:
                    zones[ch].append(sq)
        traps = {t["id"]: t["y"] * width + t["x"] for t in data.get("trapdoors", [])}
        board = cls(data["id"], width, height, frozenset(blocked), traps,
                    {k: tuple(v) for k, v in zones.items()})
        board.neighbours = [board._around(sq) for sq in range(width * height)]
        board.xs = [sq % width for sq in range(width * height)]
        board.ys = [sq // width for sq in range(width * height)]
        board.neighbour_masks = [sum(1 << n for n in around) for around in board.neighbours]
        board.floor = sum(1 << sq for sq in range(width * height) if sq not in blocked)
        board.rings = [{} for _ in range(width * height)]
        board.everywhere = (1 << (width * height)) - 1
        board.not_first_column = sum(1 << sq for sq in range(width * height) if sq % width)
        board.not_last_column = sum(1 << sq for sq in range(width * height)
                                    if sq % width != width - 1)
        return board

    def _around(self, sq: int) -> tuple[int, ...]:
        x, y = sq % self.width, sq // self.width
        out = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dx or dy) and 0 <= x + dx < self.width and 0 <= y + dy < self.height:
                    out.append((y + dy) * self.width + x + dx)
        return tuple(out)

    def grow(self, mask: int, steps: int = 1) -> int:
        """The squares within ``steps`` squares of a square of ``mask`` (diagonal steps
        count one, page 7), blocked or not: a whole ring at a time."""
        width, not_first, not_last = self.width, self.not_first_column, self.not_last_column
        for _ in range(steps):
            row = mask | ((mask << 1) & not_first) | ((mask >> 1) & not_last)
            mask = (row | (row << width) | (row >> width)) & self.everywhere
        return mask

    def around(self, mask: int) -> int:
        """The squares next to a square of ``mask`` (the union of their
        ``neighbour_masks``), a mask's own squares only where they are next to another:
        the row's two sides, then the rows above and below the three."""
        sides = ((mask << 1) & self.not_first_column) | ((mask >> 1) & self.not_last_column)
        row = mask | sides
        return sides | ((row << self.width) & self.everywhere) | (row >> self.width)

    def zones(self, n: int) -> list[int]:
        """Per square, the mask of the squares within ``n`` of it (grow's, blocked or not):
        worked out once per pitch and width (the pitch outlives its games)."""
        out = self._zones.get(n)
        if out is None:
            out = self._zones[n] = [self.grow(1 << sq, n) for sq in range(len(self.xs))]
        return out

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def square(self, x: int, y: int) -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"square {x},{y} is off the {self.width}x{self.height} pitch")
        return y * self.width + x

    def step(self, sq: int, dx: int, dy: int) -> int | None:
        """The square one step away, or None off the pitch."""
        x, y = sq % self.width + dx, sq // self.width + dy
        if 0 <= x < self.width and 0 <= y < self.height:
            return y * self.width + x
        return None

    def adjacent(self, a: int, b: int) -> bool:
        ax, ay, bx, by = a % self.width, a // self.width, b % self.width, b // self.width
        return a != b and abs(ax - bx) <= 1 and abs(ay - by) <= 1

    def chebyshev(self, a: int, b: int) -> int:
        xs, ys = self.xs, self.ys
        return max(abs(xs[a] - xs[b]), abs(ys[a] - ys[b]))

    def distances(self, a: int) -> list[int]:
        """The chebyshev distance from square ``a`` to each square, by square: cached per
        square (the pitch outlives its games), for the bots' hot paths."""
        out = self._distances.get(a)
        if out is None:
            xs, ys = self.xs, self.ys
            ax, ay = xs[a], ys[a]
            out = self._distances[a] = [max(abs(x - ax), abs(y - ay))
                                        for x, y in zip(xs, ys, strict=True)]
        return out

    def euclid(self, a: int, b: int) -> float:
        return math.hypot(a % self.width - b % self.width, a // self.width - b // self.width)

    def label(self, sq: int | None) -> str:
        if sq is None:
            return "-"
        return f"{sq % self.width},{sq // self.width}"

    def throw_range(self, a: int, b: int) -> str | None:
        """``short``, ``long`` or None: a throw from square a to square b (ruling
        throw-ruler-lengths)."""
        xs, ys = self.xs, self.ys
        key = (xs[b] - xs[a], ys[b] - ys[a])
        try:
            return self._ranges[key]
        except KeyError:  # worked out once per distance (the pitch outlives its games)
            out = self._ranges[key] = THROW_RULER.range_of(*key)
            return out

    def under_ruler(self, a: int, b: int) -> tuple[int, ...]:
        """The squares of this pitch the throw ruler lies over between a thrower in square a
        and a target in square b (rulings throw-ruler-lengths, throw-ruler-touching).

        Cached per pair of squares: the pitch outlives its games."""
        key = (a, b)
        hit = self._rulers.get(key)
        if hit is None:
            hit = self.ruler_squares(a, b)
            self._rulers[key] = hit
        return hit

    def ruler_squares(self, a: int, b: int) -> tuple[int, ...]:
        """What under_ruler caches, computed afresh."""
        ax, ay = a % self.width, a // self.width
        out = []
        for ox, oy in ruler_offsets(b % self.width - ax, b // self.width - ay):
            x, y = ax + ox, ay + oy
            if 0 <= x < self.width and 0 <= y < self.height:
                out.append(y * self.width + x)
        return tuple(out)
