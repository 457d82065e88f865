"""The engine's own guards, in one process: the step budget, declared ranges checked as a
game runs, values that are nothing, and attributes read only through the vocabulary."""

from __future__ import annotations

from dataclasses import replace

import pytest
from nuffle.dsl.diagnostics import SourceMap
from nuffle.dsl.parser import parse_rules
from nuffle.interpreter.blitz_bowl import actions
from nuffle.interpreter.blitz_bowl.attributes import TYPE_CLASSES, attribute_table
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.ruleset import Rules
from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.compiler import Compiler
from nuffle.interpreter.errors import RulesError
from nuffle.interpreter.hooks import Env, Owner
from nuffle.interpreter.vocabulary import vocabulary

from nuffle import limits

VOCAB = vocabulary("blitz-bowl")


def compiled(text: str, kind: str = "coach-trait", item: str = "probe"):
    return Compiler(VOCAB, kind, item, SourceMap("probe.yaml", 10, 3, 2, True)).compile(
        parse_rules(text))


def with_trait(ruleset, rules: str):
    """The ruleset with one more coach trait (`probe`), compiled from ``rules``."""
    trait = Rules("coach-trait", "probe", "Probe", compiled(rules), {"roll": 0})
    return replace(ruleset, traits={**ruleset.traits, "probe": trait})


def game(ruleset, **options) -> Game:
    return Game(ruleset, "human", "dwarf", make_agents("random", "random", 3), seed=3,
                options=Options(**options))


def test_a_setting_worked_out_in_the_game_is_checked_against_its_range(ruleset) -> None:
    result = game(with_trait(ruleset, "set hand-size to roll d3 - 5\n"),
                  home_traits=["probe"]).play()
    assert result.reason == "rules error" and result.winner is None
    assert result.error["code"] == "G004"
    assert "hand-size" in result.error["message"] and "coach-trait/probe" in result.error["message"]
    # the place of the setting in the item's file (rules line 1 is file line 10, column 3)
    assert (result.error["path"], result.error["line"], result.error["column"]) == \
        ("probe.yaml", 10, 3)


def test_a_setting_of_nothing_is_not_made(ruleset) -> None:
    g = game(with_trait(ruleset, "set hand-size to distance(own, own)\n"), home_traits=["probe"])
    g.setup()
    assert g.home.params["hand-size"] == VOCAB.parameters["hand-size"].default


def test_a_value_worked_out_of_its_range_stops_the_game_naming_the_hook(ruleset) -> None:
    rules = "modify move-allowance:\n    set value to roll d6 + 30\n"
    result = game(with_trait(ruleset, rules), home_traits=["probe"]).play()
    assert result.error["code"] == "G004" and "move-allowance" in result.error["message"]
    assert result.error["line"] == 10  # the hook's line


def test_steps_past_the_event_budget_stop_the_game(ruleset) -> None:
    rules = ("after turn-start where team is own:\n    for each i in 1..1000:\n"
             "        for each j in 1..1000:\n            extra-action own\n")
    result = game(with_trait(ruleset, rules), home_traits=["probe"]).play()
    assert result.error["code"] == "G001"
    assert f"{limits.STEPS_PER_EVENT:,}" in result.error["message"]


def test_the_budget_counts_hooks_effects_and_loop_rounds(ruleset) -> None:
    rules = ("after turn-start where team is own:\n    for each p in own.players:\n"
             "        end-actions p\n")
    g = game(with_trait(ruleset, rules), home_traits=["probe"])
    g.setup()
    g.round = 1
    g.start_turn(g.home)
    # one hook, six loop rounds, six effects
    assert g.budget.event == 13 and g.budget.turn == 13
    g.reset_turn(g.away)
    assert g.budget.turn == 0


def test_hooks_alive_at_once_are_bounded(ruleset) -> None:
    g = game(ruleset)
    g.setup()
    hook = compiled("after move:\n    reroll\n").hooks[0]
    owner = Owner("coach-trait", "probe", "Probe", team=g.home)
    with pytest.raises(RulesError) as err:
        for _ in range(limits.LIVE_HOOKS + 1):
            g.bind((hook,), owner)
    assert err.value.code == "G003" and g.hooks.count == limits.LIVE_HOOKS


def test_nothing_flows_through_arithmetic_and_comparisons(ruleset) -> None:
    g = game(ruleset)
    g.setup()
    p = g.home.players[0]
    actions.remove_player(g, p)  # in the Dugout: no square, so no distance
    env = Env(g, Owner("ability", "probe", "Probe", player=p), {"self": p, "own": g.home})
    expr = Compiler(VOCAB).expr
    assert expr(parse_rules("let x = distance(self, own) + 1\n").items[0].value)(env) is None
    assert expr(parse_rules("let x = -distance(self, own)\n").items[0].value)(env) is None
    assert expr(parse_rules("let x = distance(self, own) > 0\n").items[0].value)(env) is False
    assert expr(parse_rules("let x = 1..distance(self, own)\n").items[0].value)(env) is None


def test_an_effect_given_nothing_for_a_number_is_not_made(ruleset) -> None:
    g = game(ruleset)
    g.setup()
    before = g.home.score
    effect = compiled("after move:\n    score distance(own, own) to own\n").hooks[0].body
    effect(Env(g, Owner("coach-trait", "probe", "Probe", team=g.home), {"own": g.home}))
    assert g.home.score == before


def test_every_declared_attribute_has_an_accessor_that_reads_a_real_object(ruleset) -> None:
    g = game(ruleset)
    g.setup()
    objects = {"player": g.home.players[0], "team": g.home, "coach": g.home,
               "ball": g.balls[0], "card": g.active_cards[0]}
    table = attribute_table(VOCAB)
    for type_name, obj in objects.items():
        assert isinstance(obj, TYPE_CLASSES[type_name])
        for attr in VOCAB.types[type_name].attributes:
            table[type(obj)][attr](obj)  # raises if the accessor is wrong


def test_rules_cannot_read_what_the_vocabulary_does_not_declare(ruleset) -> None:
    g = game(ruleset)
    g.setup()
    p = g.home.players[0]
    env = Env(g, Owner("ability", "probe", "Probe", player=p), {"self": p})
    for internal in ("game", "dice", "hooks", "agents"):
        # the checker refuses these names; even compiled anyway, they read nothing
        value = Compiler(VOCAB).expr(parse_rules(f"let x = self.{internal}\n").items[0].value)
        assert value(env) is None


def test_a_scenario_its_rules_stop_fails_with_the_diagnostic(ruleset) -> None:
    import yaml
    from nuffle.interpreter.scenario import run_scenario

    from nuffle.paths import REPO_ROOT
    rules = ("after action where player is self:\n    for each i in 1..1000:\n"
             "        for each j in 1..1000:\n            end-actions self\n")
    probe = Rules("ability", "probe", "Probe", compiled(rules, "ability"), {})
    elves = dict(ruleset.teams["dark-elf"])
    elves["positions"] = [{**p, "abilities": [*p["abilities"], "probe"]}
                          for p in elves["positions"]]
    stopped = replace(ruleset, abilities={**ruleset.abilities, "probe": probe},
                      teams={**ruleset.teams, "dark-elf": elves})
    data = yaml.safe_load((REPO_ROOT / "content/blitz-bowl/scenarios/ability-frenzied.yaml")
                          .read_text(encoding="utf-8"))
    run = run_scenario(stopped, data)
    assert run.ended_by == "rules error"
    assert any("error[G001]" in f and "ability/probe" in f for f in run.failures), run.failures
    assert run.game.over is not None and run.game.over.error["code"] == "G001"


def test_steps_past_the_turn_budget_stop_the_game_though_each_event_keeps_its_own() -> None:
    from nuffle.interpreter.budget import Budget
    from nuffle.interpreter.errors import Origin
    budget, origin = Budget(), Origin("ability", "probe", "probe.yaml", 3, 5)
    with pytest.raises(RulesError) as err:
        for _ in range(limits.STEPS_PER_TURN // limits.STEPS_PER_EVENT + 1):
            budget.new_event()
            budget.step(origin, limits.STEPS_PER_EVENT)  # at the event limit, not past it
    assert err.value.code == "G002" and err.value.origin is origin
    assert budget.turn == limits.STEPS_PER_TURN + limits.STEPS_PER_EVENT
    budget.new_turn()
    budget.new_event()
    budget.step(origin, limits.STEPS_PER_EVENT)  # a new turn starts afresh
