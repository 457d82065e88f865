"""The Blood Bowl vocabulary: the words Blood Bowl content (skills, tables, cards) is written in.

One module per area of the rules, so that each area's events, values and effects sit beside
the rulebook pages they come from: `core` (the match's moments and the tables), `blocking`
(blocks and fouls), `injuries` (armour, injuries, re-rolls and fans), `movement` (moving,
dodging, leaping, standing up), `passing` (the ball: passes, catches, hand-offs, kicks),
`actions` (declaring actions, the drive and the match around them) and `cards` (special play
cards).
"""

from __future__ import annotations

from nuffle.interpreter.vocabulary.blood_bowl import (
    actions,
    blocking,
    cards,
    cards_drive_setup,
    cards_neutral_player,
    cards_pitch,
    cards_players,
    cards_second_ball,
    cards_turn_flow,
    core,
    injuries,
    movement,
    passing,
)
from nuffle.interpreter.vocabulary.model import Vocabulary


def build() -> Vocabulary:
    v = Vocabulary("blood-bowl")
    for area in (core, blocking, injuries, movement, passing, actions, cards, cards_turn_flow,
                 cards_players, cards_drive_setup, cards_pitch, cards_neutral_player,
                 cards_second_ball):
        area.declare(v)
    return v
