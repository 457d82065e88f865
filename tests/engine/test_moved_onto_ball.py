"""A player a rule moves onto a loose ball (ruling moved-onto-the-ball)."""

from __future__ import annotations

from nuffle.interpreter.blitz_bowl import actions
from nuffle.interpreter.scenario import run_scenario

from tests.engine.test_scenario_checks import scenario


def test_a_player_a_rule_moves_onto_the_ball_picks_it_up_where_a_rule_says_so(ruleset) -> None:
    """Ruling moved-onto-the-ball: a rule's `move` (Canny Tracker's) onto a loose ball is a
    move like a push: Handling Skills picks it up, a player without it makes it bounce."""
    data = scenario(decisions=[{"kind": "action"}], dice=[])
    data["setup"]["players"]["home.thrower"] = [3, 8]
    data["setup"]["balls"] = [{"at": [3, 9]}, {"at": [6, 9]}]
    run = run_scenario(ruleset, data)
    game = run.game
    thrower, lineman = game.player("home.thrower"), game.player("home.lineman-2")
    actions.relocate(game, thrower, game.board.square(3, 9))
    assert thrower.ball is game.balls[0]  # Handling Skills (the Human Thrower's ability)
    game.dice = type(game.dice)(0, script=[(8, 1)])  # the bounce: north-west
    actions.relocate(game, lineman, game.board.square(6, 9))
    assert lineman.ball is None and game.balls[1].square == game.board.square(5, 8)
