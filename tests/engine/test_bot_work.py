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
    looked_up: Counter = Counter()

    class Fresh(GreedyBot):  # a class of its own: its table of answers starts empty
        @classmethod
        def _answer_for(cls, kind: str) -> Any:
            looked_up[kind] += 1
            return super()._answer_for(kind)

    teams = sorted(ruleset.teams)
    for seed in range(3):
        home, away = Fresh(seed), Fresh(seed + 1)
        game = Game(ruleset, teams[seed], teams[-1 - seed], {"home": home, "away": away},
                    seed=seed, options=Options())
        game.listeners.append(lambda kind, data: asked.update(
            [data[0].kind] if kind == "decision" else []))
        game.play()
    # each kind of decision is looked up once for the class, not once per bot, game or
    # decision
    assert set(looked_up) == set(asked) and set(looked_up.values()) == {1}
    assert Fresh._answers is not GreedyBot._answers
    assert asked["move"] > 100
    assert calls == Counter()


class _CountedTable(list):
    """A distance table that counts the values read from it (one by index, all by a pass)."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        _CountedTable.reads += 1
        return super().__getitem__(index)

    def __iter__(self) -> Any:
        _CountedTable.reads += len(self)
        return super().__iter__()


def test_a_move_with_two_balls_reads_their_distances_for_the_squares_offered_only(
        ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """With two balls in play, a move's nearest square is found from each ball's distance
    to the squares offered (it was the nearer distance of every square of the pitch)."""
    from nuffle.interpreter.blitz_bowl.board import Board

    real = Board.distances
    monkeypatch.setattr(Board, "distances", lambda self, a: _CountedTable(real(self, a)))
    checked: list[tuple[int, int]] = []  # (values read, squares offered x balls)

    class Counting(GreedyBot):
        def decide(self, decision: Any, game: Any) -> int:
            if decision.kind != "move":
                return super().decide(decision, game)
            p = game.player(decision.context["player"])
            balls = sum(1 for b in game.balls if b.in_play and b.square is not None)
            before = _CountedTable.reads
            index = super().decide(decision, game)
            if balls == 2 and p.ball is None:
                checked.append((_CountedTable.reads - before, 2 * len(decision.options)))
            return index

    teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
    for seed in range(6):
        Game(ruleset, teams[seed % len(teams)], teams[(seed * 5 + 1) % len(teams)],
             {"home": Counting(seed), "away": Counting(seed + 50)}, seed=seed,
             options=Options(special_balls=True, home_traits=traits[0:3])).play()
    assert len(checked) > 10
    assert all(read <= most for read, most in checked), checked


def test_a_block_assist_reads_the_neighbours_once_and_asks_no_rule_that_is_not_there(
        ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """combat.block_assisted looks round the target without making the list of its
    adjacent opponents, and fires `block-assisted` only when some rule modifies it."""
    from nuffle.interpreter.blitz_bowl import combat
    from nuffle.interpreter.blitz_bowl.state import Player

    counted = Counter()
    real_adjacent = Player.__dict__["adjacent_opponents"].fget
    real_modify = Game.modify
    real_assisted = combat.block_assisted
    inside = [False]

    def adjacent(self: Player) -> Any:
        if inside[0]:
            counted["adjacent lists"] += 1
        return real_adjacent(self)

    def modify(self: Game, event: str, value: Any, payload: dict) -> Any:
        if event == "block-assisted":
            counted["modify asked"] += 1
        return real_modify(self, event, value, payload)

    def assisted(g: Game, blocker: Player, target: Player) -> bool:
        counted["assists"] += 1
        inside[0] = True
        try:
            return real_assisted(g, blocker, target)
        finally:
            inside[0] = False

    monkeypatch.setattr(Player, "adjacent_opponents", property(adjacent))
    monkeypatch.setattr(Game, "modify", modify)
    monkeypatch.setattr(combat, "block_assisted", assisted)
    teams = sorted(ruleset.teams)
    for seed in range(3):
        game = Game(ruleset, teams[seed], teams[-1 - seed],
                    {"home": GreedyBot(seed), "away": GreedyBot(seed + 1)}, seed=seed,
                    options=Options())
        assert not game.hooks.on_modify.get("block-assisted")  # no rule on it here
        game.play()
    assert counted["assists"] > 50
    assert counted["adjacent lists"] == 0 and counted["modify asked"] == 0


class CheckedActions(GreedyBot):
    """Greedy, and on every action (set-up, Reserves square) decision also scores each
    option the slow way (``GreedyBot._action``, ``_setup``, one call per option): the
    picker's choice must be the first of the best scores."""

    def __init__(self, seed: int, seen: Counter) -> None:
        super().__init__(seed)
        self.seen = seen

    def decide(self, decision: Any, game: Any) -> int:
        index = super().decide(decision, game)
        if decision.kind == "action":
            scores = [self._action(o, decision, game) for o in decision.options]
            assert index == scores.index(max(scores)), decision.options
            self.seen.update(o[1] for o in decision.options if o is not None)
        elif decision.kind in ("setup", "reserves-square"):  # _pick_setup, against _setup
            scores = [self._setup(o, decision, game) for o in decision.options]
            assert index == scores.index(max(scores)), decision.options
            self.seen[decision.kind] += 1
        return index


def test_the_action_picker_takes_the_action_the_heuristic_scores_best(ruleset) -> None:
    seen: Counter = Counter()
    teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
    for seed in range(8):
        options = Options(special_balls=True, home_traits=traits[0:3],
                          away_traits=traits[7:10]) if seed % 2 else Options()
        Game(ruleset, teams[seed % len(teams)], teams[(seed * 5 + 1) % len(teams)],
             {"home": CheckedActions(seed, seen), "away": CheckedActions(seed + 50, seen)},
             seed=seed, options=options).play()
    # every action the picker scores itself came up, and some it leaves to _action
    for action in ("run", "mark", "block", "sidestep", "stand-up", "reserves", "throw",
                   "setup", "reserves-square"):
        assert seen[action] > 0, (action, seen)


def test_a_set_up_decision_scores_no_square(ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """A set-up or Reserves square is picked from a table of columns made once per pitch,
    not by a call of ``_setup`` per square offered (some 20 a player)."""
    calls = Counter()
    real = GreedyBot._setup
    monkeypatch.setattr(GreedyBot, "_setup",
                        lambda self, *a: calls.update(["scored"]) or real(self, *a))
    asked = Counter()
    teams = sorted(ruleset.teams)
    for seed in range(2):
        game = Game(ruleset, teams[seed], teams[-1 - seed],
                    {"home": GreedyBot(seed), "away": GreedyBot(seed + 1)}, seed=seed,
                    options=Options())
        game.listeners.append(lambda kind, data: asked.update(
            [data[0].kind] if kind == "decision" else []))
        game.play()
    assert asked["setup"] > 10 and calls == Counter()


def test_an_action_decision_calls_the_per_option_scorer_for_throws_only(
        ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs, marks, blocks, sidesteps, stand-ups and Reserves are scored in the picker's one
    pass (a call of ``_action`` each was most of an action decision's work)."""
    scored: Counter = Counter()
    real = GreedyBot._action

    def action(self: GreedyBot, option: Any, *a: Any) -> float:
        scored[option[1] if option is not None else None] += 1
        return real(self, option, *a)

    monkeypatch.setattr(GreedyBot, "_action", action)
    teams = sorted(ruleset.teams)
    for seed in range(3):
        Game(ruleset, teams[seed], teams[-1 - seed],
             {"home": GreedyBot(seed), "away": GreedyBot(seed + 1)}, seed=seed,
             options=Options()).play()
    assert scored["throw"] > 0
    assert set(scored) == {"throw"}, scored
