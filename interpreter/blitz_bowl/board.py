"""Pitch geometry: squares as integers, neighbours, distances and throw lines.

Squares are numbered ``y * width + x`` (x from 0 at the left, y from 0 at coach A's edge,
ruling pitch-layout), so the hot paths of a game index lists instead of hashing tuples.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

# Bounce chart directions, clockwise from north-west (ruling bounce-chart-directions).
DIRECTIONS: dict[str, tuple[int, int]] = {
    "north-west": (-1, -1), "north": (0, -1), "north-east": (1, -1), "east": (1, 0),
    "south-east": (1, 1), "south": (0, 1), "south-west": (-1, 1), "west": (-1, 0),
}


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
    _lines: dict[tuple[int, int], bool] = field(default_factory=dict)

    @classmethod
    def from_item(cls, data: dict) -> Board:
        width, height = data["width"], data["height"]
        blocked, zones = set(), {"A": [], "B": []}
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
        return board

    def _around(self, sq: int) -> tuple[int, ...]:
        x, y = sq % self.width, sq // self.width
        out = []
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dx or dy) and 0 <= x + dx < self.width and 0 <= y + dy < self.height:
                    out.append((y + dy) * self.width + x + dx)
        return tuple(out)

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

    def euclid(self, a: int, b: int) -> float:
        return math.hypot(a % self.width - b % self.width, a // self.width - b // self.width)

    def label(self, sq: int | None) -> str:
        if sq is None:
            return "-"
        return f"{sq % self.width},{sq // self.width}"

    def crossed(self, a: int, b: int) -> tuple[int, ...]:
        """Squares whose interior the straight line between two centres passes through.

        The end squares do not count (ruling throw-ruler-lengths). The line is sampled
        finely; a square counts when a sample falls strictly inside it.
        """
        ax, ay, bx, by = a % self.width, a // self.width, b % self.width, b // self.width
        steps = 8 * max(abs(bx - ax), abs(by - ay), 1)
        seen: list[int] = []
        for i in range(1, steps):
            t = i / steps
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            fx, fy = px + 0.5, py + 0.5
            cx, cy = math.floor(fx), math.floor(fy)
            if abs(fx - cx) < 1e-9 or abs(fy - cy) < 1e-9:
                continue  # on a square's edge: not through its interior
            sq = cy * self.width + cx
            if sq not in (a, b) and (not seen or seen[-1] != sq):
                seen.append(sq)
        return tuple(dict.fromkeys(seen))
