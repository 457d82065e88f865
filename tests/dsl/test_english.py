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
    # `player is self` goes into the event; the roll is named "the roll", never `n`
    assert sentence == ("After this player catches the ball, if the source is Throw: roll D6; "
                        "then if the coach wishes, this player makes a free Run action of up "
                        "to as many squares as the roll.")


def test_modifier_and_setting() -> None:
    assert english("modify move-allowance where player is self and action is mark: "
                   "set value to 3\n") == [
        "When working out the squares this player may move, if the action is Mark: the "
        "squares this player may move becomes 3."]
    assert english("modify armour-modifier where attacker is self: change value by -1\n") == [
        "When working out the Armour check modifier, if the attacker is this player: "
        "subtract 1 from the Armour check modifier."]
    assert english("set hand-size to 4\n") == ["The hand size becomes 4."]


def test_roll_or_better_and_once_per_game() -> None:
    (sentence,) = english("before action where team is opponent once per game:\n"
                          "    if roll d8 >= 6:\n        cancel\n")
    assert sentence == ("Before an opposing player makes an action (once per game): if a roll "
                        "of D8 is 6 or more, it does not happen.")


def test_claim_condition() -> None:
    assert english("claim if happened(touchdown where team is own)\n") == [
        "Claim this card if your team scores a touchdown during the action."]


def test_true_false_fields_and_attributes_read_as_english() -> None:
    (sentence,) = english("after bounce where not ball.held and ball.in-play: reroll\n")
    assert sentence == ("After the ball bounces, if the ball is not held and the ball is in "
                        "play: re-roll the dice.")
    (sentence,) = english("claim if happened(throw where success and not hand-off)\n")
    assert sentence == ("Claim this card if a player throws the ball (where it is success "
                        "and it is not hand off) during the action.")


def test_queries_and_optional_phrase_parts() -> None:
    (sentence,) = english("after catch where adjacent(player, self):\n"
                          "    knock-down player with -1\n    bounce ball times 1\n")
    assert sentence == ("After a player catches the ball, if the player is adjacent to this "
                        "player: the player is Knocked Down, with -1 to the Armour check; then "
                        "the ball bounces once.")
    (sentence,) = english("after catch: knock-down player\n")
    assert sentence == "After a player catches the ball: the player is Knocked Down."


def test_instead_of_reads_as_a_replacement() -> None:
    (sentence,) = english("instead of block where target is self: injure blocker\n")
    assert sentence == "When the blocker blocks this player: instead, the blocker is injured."


def test_actions_print_with_capitals_even_where_the_word_has_two_meanings() -> None:
    (sentence,) = english("after catch where source is throw: free block by self\n")
    assert sentence.endswith("if the source is Throw: this player makes a free Block action.")


def test_content_ids_read_as_their_names() -> None:
    rules = parse_rules("after catch where handling-skills in player.abilities: reroll\n")
    (sentence,) = EnglishRenderer(vocabulary("blitz-bowl"),
                                  {"handling-skills": "Handling Skills"}).sentences(rules)
    assert sentence.startswith("After a player catches the ball, if Handling Skills is one "
                               "of the player's abilities:")


def test_bound_names_read_as_noun_phrases() -> None:
    """`let`, `for each` and pick names never show: a pick reads "that player", an alias of
    the event's player too, a roll "the roll", a number given a new value "the number"."""
    (sentence,) = english("after action where team is own:\n"
                          "    let p = choose(q in own.players where q is not player)\n"
                          "    free run by p\n")
    assert sentence == ("After one of your players makes an action: the coach chooses one of "
                        "your team's players where that player is not the player; then that "
                        "player makes a free Run action.")
    (sentence,) = english("before action where player is self:\n"
                          "    let need = 4\n    if action is block:\n        let need = 2\n"
                          "    if roll d6 < need:\n        cancel\n")
    assert sentence == ("Before this player makes an action: let the number be 4; then if the "
                        "action is Block, the number becomes 2; then if a roll of D6 is less "
                        "than the number, it does not happen.")


def test_an_alias_of_the_event_field_reads_that_player_in_a_later_hook() -> None:
    (sentence,) = english("after catch where ball is this-ball:\n    let p = player\n"
                          "    for this turn:\n        after action where player is p: cancel\n")
    assert sentence == ("After a player catches this ball: until the end of this turn: After "
                        "that player makes an action: it does not happen.")


def test_true_false_values_read_as_the_answer() -> None:
    assert english("modify can-pick-up where player is self and action is run: "
                   "set value to false\n") == [
        "When working out whether this player picks up the ball, if the action is Run: the "
        "answer is no."]
