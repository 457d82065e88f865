"""The dice service: seeded, recorded, scriptable (principle 5)."""

from __future__ import annotations

import pytest
from nuffle.interpreter.dice import Dice, DiceScriptError, parse_script


def test_same_seed_same_rolls_and_every_roll_is_recorded() -> None:
    a, b = Dice(7), Dice(7)
    rolls = [a.roll(6) for _ in range(50)]
    assert rolls == [b.roll(6) for _ in range(50)]
    assert [o.value for o in a.record] == rolls
    assert all(1 <= r <= 6 for r in rolls)


def test_scripted_outcomes_come_out_in_order_and_check_the_die() -> None:
    dice = Dice(script=[(6, 4), (8, 2)])
    assert dice.roll(6) == 4
    with pytest.raises(DiceScriptError, match="d8 next, but the game rolls a d6"):
        dice.roll(6)
    assert dice.roll(8) == 2
    with pytest.raises(DiceScriptError, match="no scripted outcome left"):
        dice.roll(6)


def test_a_shuffle_goes_through_the_dice() -> None:
    dice = Dice(3)
    items = list(range(10))
    dice.shuffle(items)
    assert sorted(items) == list(range(10))
    assert len(dice.record) == 9  # one die per swap, so a replay can reproduce it
    replayed = list(range(10))
    Dice(script=[(o.sides, o.value) for o in dice.record]).shuffle(replayed)
    assert replayed == items


def test_parse_script_understands_named_faces() -> None:
    faces = {"block=tackle": (6, 2)}
    assert parse_script(["d6=4", "block=tackle", "d8 = 7"], faces) == [(6, 4), (6, 2), (8, 7)]
    with pytest.raises(DiceScriptError, match="like d6=4"):
        parse_script(["six"])
