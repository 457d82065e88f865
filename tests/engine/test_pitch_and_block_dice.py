"""What the engine plays on and rolls where the rulebook gives no numbers: the two pitches'
size and squares, and the faces of the Block dice."""

from __future__ import annotations

from collections import Counter

import pytest

WIDTH, HEIGHT = 11, 19
CENTRE = (WIDTH // 2, HEIGHT // 2)  # 5,9


@pytest.mark.parametrize("pitch,trapdoors", [
    ("one-trapdoor", {"centre": CENTRE}),
    ("two-trapdoors", {"west": (CENTRE[0] - 3, CENTRE[1]), "east": (CENTRE[0] + 3, CENTRE[1])}),
])
def test_the_pitch_layout(ruleset, pitch, trapdoors) -> None:
    """Both pitches are 11 squares wide and 19 long; coach A's end zone is the top row
    (y = 0) and coach B's the bottom one; one trapdoor in the exact centre, or two, three
    squares to each side of it; blocked squares with 180-degree symmetry
    (ruling pitch-layout)."""
    board = ruleset.pitches[pitch]
    assert (board.width, board.height) == (WIDTH, HEIGHT)
    assert sorted(board.xy(sq) for sq in board.end_zones["A"]) == [(x, 0) for x in range(WIDTH)]
    assert sorted(board.xy(sq) for sq in board.end_zones["B"]) == \
        [(x, HEIGHT - 1) for x in range(WIDTH)]
    assert {t: board.xy(sq) for t, sq in board.trapdoors.items()} == trapdoors
    blocked = {board.xy(sq) for sq in board.blocked}
    assert blocked, "a pitch has blocked squares (page 3)"
    assert {(WIDTH - 1 - x, HEIGHT - 1 - y) for x, y in blocked} == blocked
    assert not blocked & set(trapdoors.values())


def test_the_block_dice_faces(ruleset) -> None:
    """Shove on two faces, every other result on one, numbered from worst to best for the
    blocker: 1 Miss, 2 Tackle, 3 and 4 Shove, 5 Knocked Down, 6 Kerrunch!
    (ruling block-dice-faces)."""
    assert ruleset.block_faces == {1: "miss", 2: "tackle", 3: "shove", 4: "shove",
                                   5: "knocked-down", 6: "kerrunch"}
    assert Counter(ruleset.block_faces.values()) == {"miss": 1, "tackle": 1, "shove": 2,
                                                       "knocked-down": 1, "kerrunch": 1}
