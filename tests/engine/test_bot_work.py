"""The greedy bot's work, counted (issue 16): a move decision is answered by a picker that
reads the state once and takes the best square without scoring each one, and it takes the
very square the per-square heuristic (``GreedyBot._move``) scores best. No clock is read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.bots import GreedyBot
from nuffle.interpreter.game_core import GameCore


class Checked(GreedyBot):
    """Greedy, and on every move decision also scores each square the slow way: the
    picker's choice must be the first of the best scores."""

    def __init__(self, seed: int, seen: Counter) -> None:
        super().__init__(seed)
        self.seen = seen

    def decide(self, decision: Any, game: Any) -> int:
        index = super().decide(decision, game)
        if decision.kind == "move":
            scores = [self._move(o, decision, game) for o in decision.options]
            assert index == scores.index(max(scores)), (decision.context, decision.options)
            p = game.player(decision.context["player"])
            balls = sum(1 for b in game.balls if b.in_play and b.square is not None)
            self.seen["carrier" if p.ball is not None else f"{balls} balls"] += 1
            self.seen[decision.context.get("action")] += 1
            self.seen["may stop" if decision.options[0] is None else "must go on"] += 1
            self.seen[f"score {max(scores):g}"] += 1
        return index


def test_the_move_picker_takes_the_square_the_heuristic_scores_best(ruleset) -> None:
    seen: Counter = Counter()
    teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
    for seed in range(8):
        options = Options(special_balls=True, home_traits=traits[0:3],
                          away_traits=traits[7:10]) if seed % 2 else Options()
        Game(ruleset, teams[seed % len(teams)], teams[(seed * 5 + 1) % len(teams)],
             {"home": Checked(seed, seen), "away": Checked(seed + 50, seen)}, seed=seed,
             options=options).play()
    # every way a move is scored came up: a carrier, a loose ball (90), beside a carrier
    # while marking (80), one ball and two (40 - distance), a mover that may stop here
    for case in ("carrier", "1 balls", "2 balls", "run", "mark", "may stop", "must go on",
                 "score 90", "score 80", "score 100"):
        assert seen[case] > 0, (case, seen)


def test_a_move_decision_scores_no_square_and_searches_for_no_player(
        ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """The per-square scorer is never called in play and the mover is looked up in a table
    made once per game (it was a search of both teams' players on every move decision)."""
    calls = Counter()
    real_move, real_player = GreedyBot._move, GameCore.player

    def move(self: GreedyBot, *a: Any) -> float:
        calls["square scored"] += 1
        return real_move(self, *a)

    def player(self: GameCore, pid: str) -> Any:
        calls["player searched"] += 1
        return real_player(self, pid)

    monkeypatch.setattr(GreedyBot, "_move", move)
    monkeypatch.setattr(GameCore, "player", player)
    asked = Counter()
    teams = sorted(ruleset.teams)
    for seed in range(3):
        home, away = GreedyBot(seed), GreedyBot(seed + 1)
        game = Game(ruleset, teams[seed], teams[-1 - seed], {"home": home, "away": away},
                    seed=seed, options=Options())
        game.listeners.append(lambda kind, data: asked.update(
            [data[0].kind] if kind == "decision" else []))
        game.play()
        # each kind of decision is looked up once per bot, not once per decision
        assert len(home._answer) + len(away._answer) <= 2 * len(set(asked))
    assert asked["move"] > 100
    assert calls == Counter()
