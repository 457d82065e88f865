"""A block's and an armour check's lines for the play-by-play are made only for a reader
(issue 16): with no listener, as in `nuffle simulate`, no term, label or roll text is made
for them. No clock is read.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import pytest
from nuffle.interpreter.blitz_bowl import combat
from nuffle.interpreter.blitz_bowl.board import Board
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.bots import GreedyBot


@pytest.mark.parametrize("listening", [False, True])
def test_no_block_or_armour_line_is_made_for_nobody(ruleset, monkeypatch: pytest.MonkeyPatch,
                                                     listening: bool) -> None:
    made: Counter = Counter()
    real_term, real_label = combat.Term, Board.label

    def label(self: Board, sq: Any) -> str:
        if sys._getframe(1).f_code is combat.shove.__code__:  # a label shove makes itself
            made["label"] += 1
        return real_label(self, sq)

    monkeypatch.setattr(combat, "Term", lambda *a: made.update(["term"]) or real_term(*a))
    monkeypatch.setattr(Board, "label", label)
    notes: Counter = Counter()
    teams = sorted(ruleset.teams)
    for seed in range(3):
        game = Game(ruleset, teams[seed], teams[-1 - seed],
                    {"home": GreedyBot(seed), "away": GreedyBot(seed + 1)}, seed=seed,
                    options=Options())
        if listening:
            game.listeners.append(lambda kind, data: notes.update(
                [data.key] if kind == "note" else []))
        game.play()
    if listening:  # the same games, read: the lines are made
        assert notes["block-roll"] + notes["block-roll-assisted"] > 10
        assert notes["armour-check-passed"] + notes["armour-check-failed"] > 5
        assert made["term"] > 10 and made["label"] > 0
    else:
        assert made["term"] == 0 and made["label"] == 0
