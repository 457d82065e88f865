"""The throw ruler's geometry (seed 000_ff9920886d8c191d.txt, page 10, THROW ACTION).

Rulings throw-ruler-lengths (the dimensions, range and long throws) and throw-ruler-touching
(which squares the ruler lies over). Offsets are (dx, dy) in squares from the thrower's square
to the target's; the hand-checked cases say why in a comment.
"""

from __future__ import annotations

import functools
import math
import random

import pytest
from nuffle.interpreter.blitz_bowl.board import THROW_RULER, Board, ThrowRuler, ruler_offsets


def test_the_dimensions_are_the_ruled_ones() -> None:
    # A base fills its square (radius 1/2), the ruler is one square wide, its halves are equal.
    assert (THROW_RULER.base_radius, THROW_RULER.width) == (0.5, 1.0)
    assert THROW_RULER.short == THROW_RULER.long == 3.75
    assert THROW_RULER.short_reach == 4.25 and THROW_RULER.reach == 8.0


@pytest.mark.parametrize(("offset", "expected"), [
    ((0, 1), "short"),
    ((4, 0), "short"),
    ((4, 1), "short"),  # 4.12 from centre to centre: 3.62 from the base's edge, short half
    ((3, 3), "short"),  # 4.24: 3.74 from the base's edge, just inside the 3.75 short half
    ((4, 2), "long"),  # 4.47: 3.97 from the base's edge, on the long half
    ((0, 5), "long"),
    ((7, 3), "long"),  # 7.62
    ((6, 5), "long"),  # 7.81
    ((8, 0), "long"),  # 8.00: 7.50 from the base's edge, the ruler's very end
    ((8, 1), None),  # 8.06: beyond the ruler
    ((4, 7), None),  # 8.06
    ((6, 6), None),  # 8.49
    ((0, 9), None),
])
def test_range_boundaries(offset, expected) -> None:
    dx, dy = offset
    for sx in (1, -1):
        for sy in (1, -1):
            assert THROW_RULER.range_of(sx * dx, sy * dy) == expected
            assert THROW_RULER.range_of(sy * dy, sx * dx) == expected


def test_the_ruler_s_corners_reach_no_further_square() -> None:
    # "a player is in range if any part of the throw ruler can reach the centre" (page 10):
    # the far corners of the ruler reach sqrt(reach^2 + (width/2)^2) from the thrower's centre,
    # a little further than its end on the line; with these dimensions no square's centre
    # lies in between, so reading range (and the short half) along the line is exact.
    half = THROW_RULER.width / 2
    for dx in range(-10, 11):
        for dy in range(-10, 11):
            if dx == dy == 0:
                continue
            d = math.hypot(dx, dy)
            corner_short = d <= math.hypot(THROW_RULER.short_reach, half)
            corner_long = d <= math.hypot(THROW_RULER.reach, half)
            by_corner = "short" if corner_short else "long" if corner_long else None
            assert THROW_RULER.range_of(dx, dy) == by_corner, (dx, dy)


def test_a_straight_throw_lies_over_its_own_row_only() -> None:
    # Along a row the one-square-wide ruler's edges lie on the row's edges: the squares
    # beside the row only touch it along an edge and do not count (throw-ruler-touching).
    assert ruler_offsets(3, 0) == ((1, 0), (2, 0))
    assert ruler_offsets(0, -4) == ((0, -3), (0, -2), (0, -1))
    assert ruler_offsets(1, 0) == ()  # next to the thrower: nothing in between


def test_a_diagonal_throw_is_obstructed_through_the_ruler_s_width() -> None:
    # Thrower at 0,0, target at 3,3. The line between the centres passes through the
    # corner 0.5,0.5 shared with 1,0: a zero-width line only crossed 1,1 and 2,2, but the
    # ruler is a square wide and covers the part of 1,0 within half a square of the line
    # (the triangle 0.5,0.5 / 1.21,0.5 / 0.5,-0.21): 1,0 is under the ruler.
    under = set(ruler_offsets(3, 3))
    assert under == {(1, 1), (2, 2), (1, 0), (0, 1), (2, 1), (1, 2), (3, 2), (2, 3)}
    assert (2, 0) not in under  # its nearest corner 1.5,0.5 is 0.71 from the line: too far


def test_a_square_the_ruler_touches_at_a_corner_only_does_not_count() -> None:
    # Thrower at 0,0, target at 4,3 (5 squares away). The ruler's edges are the lines
    # -3x + 4y = +2.5 and -2.5 (half a square either side of the line between the centres).
    # The first passes through the corner 2.5,2.5 of square 2,3, whose every other point has
    # -3x + 4y > 2.5; the second through the corner 1.5,0.5 of square 2,0, whose every other
    # point has -3x + 4y < -2.5. Both squares only touch the ruler at one corner.
    under = set(ruler_offsets(4, 3))
    assert (2, 3) not in under and (2, 0) not in under
    # Their neighbours on the line's side are well under it.
    assert {(1, 1), (2, 1), (2, 2), (3, 2), (1, 0), (3, 3)} <= under
    assert under == {(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (4, 2),
                     (3, 3)}


def test_the_thrower_s_and_target_s_squares_never_count() -> None:
    for dx in range(-8, 9):
        for dy in range(-8, 9):
            offsets = ruler_offsets(dx, dy)
            assert (0, 0) not in offsets and (dx, dy) not in offsets


def test_the_ruler_lies_over_the_same_squares_both_ways_and_in_mirror() -> None:
    for dx in range(-8, 9):
        for dy in range(-8, 9):
            if THROW_RULER.range_of(dx, dy) is None:
                continue
            under = set(ruler_offsets(dx, dy))
            back = {(dx + ox, dy + oy) for ox, oy in ruler_offsets(-dx, -dy)}
            assert under == back, (dx, dy)
            assert under == {(-ox, oy) for ox, oy in ruler_offsets(-dx, dy)}
            assert under == {(oy, ox) for ox, oy in ruler_offsets(dy, dx)}


def _clip(poly: list[tuple[float, float]], x0: float, x1: float, y0: float,
          y1: float) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: the part of a convex polygon inside an axis-aligned box."""
    def cut(points, inside, meet):
        out = []
        for i, p in enumerate(points):
            q = points[i - 1]
            if inside(p):
                if not inside(q):
                    out.append(meet(q, p))
                out.append(p)
            elif inside(q):
                out.append(meet(q, p))
        return out

    def at_x(x):
        return lambda q, p: (x, q[1] + (p[1] - q[1]) * (x - q[0]) / (p[0] - q[0]))

    def at_y(y):
        return lambda q, p: (q[0] + (p[0] - q[0]) * (y - q[1]) / (p[1] - q[1]), y)

    for inside, meet in ((lambda p: p[0] >= x0, at_x(x0)), (lambda p: p[0] <= x1, at_x(x1)),
                         (lambda p: p[1] >= y0, at_y(y0)), (lambda p: p[1] <= y1, at_y(y1))):
        poly = cut(poly, inside, meet)
        if not poly:
            return []
    return poly


def _area(poly: list[tuple[float, float]]) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=True))) / 2


@functools.cache
def _by_area(dx: int, dy: int, ruler: ThrowRuler = THROW_RULER) -> frozenset[tuple[int, int]]:
    """The squares the ruler overlaps by some area, by clipping the ruler to each square.

    Memoised for speed only: each offset is clipped once, independently of ruler_offsets."""
    d = math.hypot(dx, dy)
    ux, uy, h = dx / d, dy / d, ruler.width / 2
    nx, ny = -uy, ux
    start = math.sqrt(max(ruler.base_radius ** 2 - h * h, 0.0))
    strip = [(a * ux + b * nx, a * uy + b * ny) for a, b in
             ((start, -h), (d, -h), (d, h), (start, h))]
    out: set[tuple[int, int]] = set()
    for oy in range(min(0, dy) - 2, max(0, dy) + 3):
        for ox in range(min(0, dx) - 2, max(0, dx) + 3):
            if (ox, oy) in ((0, 0), (dx, dy)):
                continue
            if _area(_clip(strip, ox - 0.5, ox + 0.5, oy - 0.5, oy + 0.5)) > 1e-6:
                out.add((ox, oy))
    return frozenset(out)


def test_the_separating_axis_test_agrees_with_clipping_every_throw_in_range() -> None:
    for dx in range(-8, 9):
        for dy in range(-8, 9):
            if THROW_RULER.range_of(dx, dy) is None:
                continue
            assert set(ruler_offsets(dx, dy)) == _by_area(dx, dy), (dx, dy)


def test_a_narrower_ruler_is_a_different_ruler() -> None:
    # The dimensions are one value: on the throw 0,0 -> 4,3 a ruler 0.4 squares wide no longer
    # covers the corners of 1,2 and 3,1 that the one-square ruler covers, and both rulers
    # agree with clipping.
    narrow = ThrowRuler(base_radius=0.5, width=0.4, short=3.75, long=3.75)
    assert set(ruler_offsets(4, 3, narrow)) == _by_area(4, 3, narrow)
    assert set(ruler_offsets(4, 3)) - set(ruler_offsets(4, 3, narrow)) == {(1, 2), (3, 1)}
    with pytest.raises(ValueError):
        ThrowRuler(base_radius=0.5, width=1.5, short=3.75, long=3.75)


def test_the_cache_agrees_with_a_direct_computation(ruleset) -> None:
    for pitch in ruleset.pitches.values():
        fresh = Board.from_item({"id": pitch.id, "width": pitch.width, "height": pitch.height,
                                 "map": ["." * pitch.width] * pitch.height})
        pairs = [(a, b) for a in range(pitch.width * pitch.height)
                 for b in range(pitch.width * pitch.height)
                 if a != b and pitch.throw_range(a, b) is not None]
        random.Random(11).shuffle(pairs)
        for a, b in pairs:
            first = pitch.under_ruler(a, b)
            assert pitch.under_ruler(a, b) is first  # the second look is the cached one
            assert first == pitch.ruler_squares(a, b) == fresh.ruler_squares(a, b)
            ax, ay = pitch.xy(a)
            direct = {pitch.square(ax + ox, ay + oy) for ox, oy in _by_area(
                pitch.xs[b] - ax, pitch.ys[b] - ay)
                if 0 <= ax + ox < pitch.width and 0 <= ay + oy < pitch.height}
            assert set(first) == direct


def test_a_throw_s_range_is_worked_out_once_per_distance(monkeypatch) -> None:
    """Board.throw_range keeps the ruler's answer per distance across and along the pitch
    (the bots ask it for every team-mate at every throw they weigh): the same answers as
    the ruler's, one measure per distance."""
    measured: list[tuple[int, int]] = []
    real = ThrowRuler.range_of

    def counted(self, dx: int, dy: int) -> str | None:
        measured.append((dx, dy))
        return real(self, dx, dy)

    monkeypatch.setattr(ThrowRuler, "range_of", counted)
    board = Board.from_item({"id": "p", "width": 7, "height": 9, "map": ["." * 7] * 9})
    squares = range(7 * 9)
    for a in squares:
        for b in squares:
            dx, dy = b % 7 - a % 7, b // 7 - a // 7
            assert board.throw_range(a, b) == real(THROW_RULER, dx, dy)
    assert len(measured) == len(set(measured)) == 13 * 17
