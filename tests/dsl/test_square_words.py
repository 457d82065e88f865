"""The checker knows the square words of each game, with their types, and says which
attributes a square has when a rule names one it has not."""

from __future__ import annotations

import pytest
from nuffle.dsl.checker import check_rules
from nuffle.dsl.diagnostics import SourceMap
from nuffle.dsl.parser import parse_rules
from nuffle.interpreter.vocabulary import vocabulary


def diags(game: str, text: str, kind: str = "ability") -> list:
    return check_rules(parse_rules(text), vocabulary(game), kind, SourceMap.identity("<t>"))


SHARED = ["after turn-start where team is own and self.square.x >= 1 and self.square.y <= 5:"
          "\n    let n = roll d6",
          "after turn-start where self.square.half is own and self.square.end-zone is opponent"
          " and not self.square.in-end-zone and not self.square.occupied:\n    let n = roll d6",
          "after turn-start where distance-to-end-zone(self, opponent) <= 2 and "
          "same-half(self, self.square) and distance(self.square, self) == 0:\n"
          "    let n = roll d6"]


@pytest.mark.parametrize("game", ["blitz-bowl", "blood-bowl"])
@pytest.mark.parametrize("text", SHARED)
def test_the_shared_square_words_check(game: str, text: str) -> None:
    assert diags(game, text) == []


def test_each_game_has_its_own_square_words() -> None:
    assert diags("blitz-bowl", "after move where to.trapdoor or to.blocked:\n"
                               "    let n = roll d6") == []
    assert diags("blood-bowl", "after turn-start where self.square.wide-zone or "
                               "self.square.trapdoor:\n    let n = roll d6") == []
    # no wide zones on a Blitz Bowl pitch; no blocked squares on a Blood Bowl one
    assert [d.code for d in diags("blitz-bowl", "after turn-start where self.square.wide-zone:"
                                                "\n    let n = roll d6")] == ["N104"]
    assert [d.code for d in diags("blood-bowl", "after turn-start where self.square.blocked:"
                                                "\n    let n = roll d6")] == ["N104"]


def test_the_same_half_throw_sentence_checks() -> None:
    """+1 to this player's Throw check when the target is in the same half."""
    assert diags("blitz-bowl", "modify throw-modifier where player is self and "
                               "same-half(self, target): change value by 1") == []
    assert diags("blitz-bowl", "modify throw-modifier where player is self and "
                               "target.square.half is self.square.half: change value by 1") == []


def test_the_square_words_have_types() -> None:
    # a number compared with a team, a bool added to a number: type errors
    assert [d.code for d in diags("blitz-bowl", "after turn-start where self.square.x is own:"
                                                "\n    let n = roll d6")]
    assert [d.code for d in diags("blood-bowl", "after turn-start where "
                                                "self.square.in-end-zone + 1 > 2:\n"
                                                "    let n = roll d6")]


@pytest.mark.parametrize("game,listing", [
    ("blitz-bowl", "square attributes: blocked, end-zone, half, in-end-zone, occupied, "
                   "trapdoor, x, y"),
    ("blood-bowl", "square attributes: end-zone, half, in-end-zone, occupied, trapdoor, "
                   "wide-zone, x, y"),
])
def test_a_wrong_square_attribute_lists_the_right_ones(game: str, listing: str) -> None:
    for wrong, near in (("colour", None), ("xx", "did you mean `x`?")):
        found = diags(game, f"after turn-start where self.square.{wrong}:\n    let n = roll d6")
        assert [d.code for d in found] == ["N104"]
        assert found[0].message == f"a square has no `{wrong}`"
        assert listing in (found[0].hint or "")
        if near:
            assert near in (found[0].hint or "")
