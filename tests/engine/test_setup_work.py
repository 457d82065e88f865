"""A game's set-up work, counted (issue 16): what is the same for every game of a ruleset
(the Challenge deck's cards as read from the content, the effects' flag closures) is made
once, not once per game. No clock is read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from nuffle.interpreter.blitz_bowl import challenges, effects
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
from nuffle.interpreter.bots import RandomBot


def _games(ruleset: Any, n: int, endgame: bool = False) -> list[Game]:
    teams = sorted(ruleset.teams)
    out = []
    for seed in range(n):
        game = Game(ruleset, teams[seed % len(teams)], teams[(seed + 3) % len(teams)],
                    {"home": RandomBot(seed), "away": RandomBot(seed + 1)}, seed=seed,
                    options=Options(endgame=endgame))
        game.play()
        out.append(game)
    return out


def test_the_deck_is_read_from_the_content_once_per_ruleset(
        monkeypatch: pytest.MonkeyPatch) -> None:
    read: Counter = Counter()
    real = challenges._face

    def face(ruleset: Any, card_id: str) -> Any:
        read[card_id] += 1
        return real(ruleset, card_id)

    monkeypatch.setattr(challenges, "_face", face)
    ruleset = load_ruleset()
    games = _games(ruleset, 3) + _games(ruleset, 2, endgame=True)
    copies = Counter(ruleset.deck(endgame=False) + ruleset.deck(endgame=True))
    assert sum(read.values()) <= sum(copies.values())  # once per copy, for the first game
    # each game still has cards of its own, numbered in the order they were made
    first, second = games[0], games[1]
    cards = [*first.deck, *first.discard, *first.unused_endgame,
             *[c for c in first.active_cards if c is not None], *first.home.hand,
             *first.away.hand]
    assert sorted(c.uid for c in cards) == list(range(1, len(cards) + 1))
    assert not {id(c) for c in cards} & {id(c) for c in [*second.deck, *second.discard]}


def test_the_effects_table_makes_no_closure_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    made = Counter()
    real = effects.flag
    monkeypatch.setattr(effects, "flag", lambda name: made.update([name]) or real(name))
    a, b = _games(load_ruleset(), 2)
    assert made == Counter()
    assert a.effects["cancel"] is b.effects["cancel"]  # one closure, whatever the game
    assert a.effects["set"].args == (a,) and b.effects["set"].args == (b,)
