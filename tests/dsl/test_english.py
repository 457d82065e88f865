"""Plain-English renderings ("rules as interpreted"), checked by reading them."""

from __future__ import annotations

from nuffle.dsl.parser import parse_rules
from nuffle.dsl.render import EnglishRenderer
from nuffle.interpreter.vocabulary import vocabulary


def english(src: str) -> list[str]:
    return EnglishRenderer(vocabulary("blitz-bowl")).sentences(parse_rules(src))


def test_catchers_instincts_reads_like_the_card() -> None:
    (sentence,) = english("after catch where player is self and source is throw:\n"
                          "    let n = roll d6\n    may free run by self up to n\n")
    assert sentence == ("After the player catches the ball, if the player is this player and "
                        "the source is throw: roll D6 (call the result n); then the coach may "
                        "choose: this player makes a free Run action, up to n.")


def test_modifier_and_setting() -> None:
    assert english("modify move-allowance where player is self and action is mark: "
                   "set value to 3\n") == [
        "When working out the squares the player may move, if the player is this player and "
        "the action is Mark: the value becomes 3."]
    assert english("modify armour-modifier where attacker is self: change value by -1\n") == [
        "When working out the Armour check modifier, if the attacker is this player: "
        "subtract 1 to the value."]
    assert english("set hand-size to 4\n") == ["The hand size becomes 4."]


def test_roll_or_better_and_once_per_game() -> None:
    (sentence,) = english("before action where team is opponent once per game:\n"
                          "    if roll d8 >= 6:\n        cancel\n")
    assert sentence == ("Before the player makes an action, if the team is the opposing team "
                        "(once per game): if a roll of D8 is 6 or more, it does not happen.")


def test_claim_condition() -> None:
    assert english("claim if happened(touchdown where team is own)\n") == [
        "Claim this card if the team scores a touchdown (where the team is your team) during "
        "the action."]
