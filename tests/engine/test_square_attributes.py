"""What the rules language reads of a square, in both games: the attribute values on known
squares and the square queries, checked against values worked out by hand from the pitch
maps (Blitz Bowl: content/blitz-bowl/pitches/two-trapdoors.yaml, ruling pitch-layout;
Blood Bowl: 26 by 15, PBBL page 5), and the scenario that a square word makes writable."""

from __future__ import annotations

import pytest
from nuffle.interpreter.blitz_bowl.game import Game
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.blood_bowl.ruleset import Ruleset as BBRuleset
from nuffle.interpreter.blood_bowl.ruleset import load_ruleset as load_bb_ruleset
from nuffle.interpreter.blood_bowl.state import Square
from nuffle.interpreter.bots import RandomBot, make_agents

from nuffle.cli.main import main
from nuffle.paths import REPO_ROOT

PACK = REPO_ROOT / "tests/engine/square_pack"


@pytest.fixture()
def blitz(ruleset) -> Game:
    """A Blitz Bowl game on the two-trapdoor pitch, home the coach A who set up first."""
    g = Game(ruleset, "human", "dwarf", make_agents("random", "random", 3), seed=3)
    g.board = ruleset.pitches["two-trapdoors"]
    g.occupant = [None] * (g.board.width * g.board.height)
    g.home.end_zone, g.away.end_zone = g.board.end_zones["A"], g.board.end_zones["B"]
    return g


def test_blitz_bowl_square_attributes(blitz: Game) -> None:
    board, read = blitz.board, blitz.attributes[int]
    assert board is not None

    def at(x: int, y: int, attr: str):
        return read[attr](board.square(x, y))

    assert (at(3, 2, "x"), at(3, 2, "y")) == (3, 2)
    # halves: rows 0-8 coach A's (home here), 10-18 coach B's, row 9 neither (ruling pitch-halves)
    assert at(3, 2, "half") is blitz.home and at(3, 8, "half") is blitz.home
    assert at(3, 10, "half") is blitz.away and at(0, 18, "half") is blitz.away
    assert at(3, 9, "half") is None
    # end zones: row 0 coach A's, row 18 coach B's
    assert at(7, 0, "end-zone") is blitz.home and at(7, 0, "in-end-zone") is True
    assert at(4, 18, "end-zone") is blitz.away and at(4, 18, "in-end-zone") is True
    assert at(4, 17, "end-zone") is None and at(4, 17, "in-end-zone") is False
    # the map: trapdoors at 2,9 and 8,9; blocked 0,4 1,4 10,4 5,8 5,10
    assert at(2, 9, "trapdoor") and at(8, 9, "trapdoor") and not at(5, 9, "trapdoor")
    assert all(at(x, y, "blocked") for x, y in ((0, 4), (1, 4), (10, 4), (5, 8), (5, 10)))
    assert not at(2, 4, "blocked") and not at(2, 9, "blocked")
    assert not at(3, 2, "occupied")
    blitz.occupant[board.square(3, 2)] = blitz.home.players[0]
    assert at(3, 2, "occupied")


def test_blitz_bowl_square_queries(blitz: Game) -> None:
    board, q = blitz.board, blitz.queries
    assert board is not None
    sq = board.square
    to_zone = q["distance-to-end-zone"]
    assert to_zone(None, sq(3, 2), blitz.home) == 2
    assert to_zone(None, sq(3, 2), blitz.away) == 16
    assert to_zone(None, sq(10, 18), blitz.away) == 0
    assert q["same-half"](None, sq(3, 2), sq(9, 8)) is True
    assert q["same-half"](None, sq(3, 2), sq(3, 10)) is False
    assert q["same-half"](None, sq(5, 9), sq(6, 9)) is False  # the middle row: no half
    # a player stands for their square; off the pitch, nothing
    p = blitz.home.players[0]
    p.square = sq(4, 12)
    assert q["same-half"](None, p, sq(0, 17)) is True
    assert to_zone(None, p, blitz.home) == 12
    assert q["distance"](None, p, sq(1, 10)) == 3  # the larger of |dx| 3 and |dy| 2
    p.square = None
    assert to_zone(None, p, blitz.home) is None
    assert q["same-half"](None, p, sq(0, 17)) is False


@pytest.fixture(scope="module")
def bb_ruleset() -> BBRuleset:
    return load_bb_ruleset()


@pytest.fixture()
def match(bb_ruleset: BBRuleset) -> Match:
    agents = make_agents("random", "random", 0, {"random": RandomBot})
    return Match(bb_ruleset, "human", "orc", agents, seed=0, options=Options())


def test_blood_bowl_square_attributes(match: Match) -> None:
    read = match.attributes[Square]

    def at(x: int, y: int, attr: str):  # as rules number squares: 1-26, 1-15
        return read[attr](match.pitch.at(x - 1, y - 1))

    assert (at(1, 1, "x"), at(1, 1, "y"), at(26, 15, "x"), at(26, 15, "y")) == (1, 1, 26, 15)
    # x 1-13 the home half, 14-26 the away half (the half-way line, PBBL page 5)
    assert at(13, 8, "half") is match.home and at(14, 8, "half") is match.away
    assert at(1, 1, "end-zone") is match.home and at(26, 8, "end-zone") is match.away
    assert at(2, 1, "end-zone") is None and not at(2, 1, "in-end-zone")
    assert at(1, 8, "in-end-zone") and at(26, 1, "in-end-zone")
    # wide zones: y 1-4 and 12-15
    assert [at(5, y, "wide-zone") for y in (1, 4, 5, 11, 12, 15)] == \
        [True, True, False, False, True, True]
    assert at(5, 5, "trapdoor") is False
    assert at(5, 5, "occupied") is False
    match.put(match.player("home.lineman-1"), match.pitch.at(4, 4))
    assert at(5, 5, "occupied") is True


def test_blood_bowl_square_queries(match: Match) -> None:
    q, at = match.queries, match.pitch.at
    to_zone = q["distance-to-end-zone"]
    assert to_zone(None, at(12, 7), match.away) == 13  # x 13 to x 26
    assert to_zone(None, at(12, 7), match.home) == 12  # x 13 to x 1
    assert to_zone(None, at(0, 3), match.home) == 0
    p = match.player("home.lineman-1")
    match.put(p, at(9, 2))
    assert q["same-half"](None, p, at(12, 14)) is True
    assert q["same-half"](None, p, at(13, 14)) is False
    assert q["distance"](None, p, at(13, 14)) == 12  # the larger of |dx| 4 and |dy| 12


def test_the_same_half_throw_rule_changes_the_roll_only_in_the_same_half(capsys) -> None:
    """+1 to a Throw check when the target is in the same half: a test-only ability
    (tests/engine/square_pack), run with and without it; the scenarios' `without` runs show
    the roll is changed in the same half and not from the other half."""
    assert main(["scenario", str(PACK)]) == 0
    out = capsys.readouterr().out
    assert "4 runs, 0 failed" in out
    assert "ok   same-half-passer-same-half (without)" in out
