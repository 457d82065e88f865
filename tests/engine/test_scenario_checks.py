"""What a scenario can state beyond positions: what a decision offered or not, which
questions were asked, the dice in the events, events at once, the piles of cards; and a
failure that shows what happened instead."""

from __future__ import annotations

import copy

import pytest
from nuffle.interpreter.scenario import ScenarioError, run_scenario

# A Human Lineman blocks a Dwarf Lineman in round 2 (Take Them Down! can be claimed after);
# the Dwarf coach has Outrageous Cheat, whose d8 is a rule's own roll.
BLOCK = {
    "kind": "scenario", "id": "probe", "name": "probe", "edition": "blitz-bowl-s2",
    "source": {"seed": "000_ff9920886d8c191d.txt", "page": "9"}, "tests": ["rules/blocking"],
    "setup": {
        "home": "human", "away": "dwarf", "first": "home", "turn": "home", "round": 2,
        "players": {"home.lineman-1": [7, 4], "home.lineman-2": [1, 1],
                    "home.lineman-3": [9, 1], "away.lineman-1": [7, 5],
                    "away.lineman-2": [1, 16], "away.lineman-3": [9, 16]},
        "balls": [{"at": [5, 12]}],
        "cards": {"active": ["take-them-down", "get-the-ball", "break-some-bones"],
                  "deck": ["get-the-ball", "take-them-down"]},
        "traits": {"away": ["outrageous-cheat"]},
    },
    "dice": ["block=knocked-down", "d6=6", "d8=3"],
    "decisions": ["home.lineman-1 block", "claim take-them-down", "yes"],
    "expect": {},
}


def scenario(**changes) -> dict:
    data = copy.deepcopy(BLOCK)
    for key, value in changes.items():
        data[key] = value
    return data


def test_the_plain_run_holds(ruleset) -> None:
    run = run_scenario(ruleset, scenario())
    assert not run.failures, run.failures


# ---- what one decision offers -----------------------------------------------------------------

def test_a_step_checks_what_its_decision_offers(ruleset) -> None:
    step = {"answer": "home.lineman-1 block", "kind": "action",
            "offered": ["home.lineman-1 sidestep", "end turn"],
            "not_offered": ["home.lineman-1 run", "away.lineman-1 block"]}
    run = run_scenario(ruleset, scenario(
        decisions=[step, "claim take-them-down", "yes"]))
    assert not run.failures, run.failures


def test_an_option_offered_against_the_step_fails_naming_it(ruleset) -> None:
    step = {"answer": "home.lineman-1 block", "not_offered": ["home.lineman-1 sidestep"]}
    run = run_scenario(ruleset, scenario(decisions=[step, "claim take-them-down", "yes"]))
    assert len(run.failures) == 1
    assert run.failures[0].startswith("decision 1 (action, home) offers "
                                      "`home.lineman-1 sidestep`, which it should not")
    assert "`end turn`" in run.failures[0]  # the options it had


def test_a_missing_option_and_a_wrong_kind_fail(ruleset) -> None:
    step = {"answer": "home.lineman-1 block", "kind": "claim",
            "offered": ["home.lineman-1 run"]}
    run = run_scenario(ruleset, scenario(decisions=[step, "claim take-them-down", "yes"]))
    assert any("should be a claim decision, is a action decision" in f for f in run.failures)
    assert any("should offer `home.lineman-1 run`" in f for f in run.failures)


def test_a_second_block_is_not_offered_after_the_first(ruleset) -> None:
    """Page 8: a player cannot make the same action twice in a turn. A second Dwarf keeps the
    Human Marked after the first is knocked down; the last step has no answer: it checks the
    next action decision and ends the run."""
    data = scenario(dice=["block=knocked-down", "d6=6"])
    data["setup"]["players"]["away.lineman-2"] = [8, 5]

    def ending(check: dict) -> list:
        return ["home.lineman-1 block", "away.lineman-1", "pass", check]
    data["decisions"] = ending({"kind": "action", "not_offered": ["home.lineman-1 block"],
                                "offered": ["home.lineman-1 sidestep"]})
    run = run_scenario(ruleset, data)
    assert not run.failures, run.failures
    assert run.ended_by == "script"
    data["decisions"] = ending({"offered": ["home.lineman-1 block"]})
    broken = run_scenario(ruleset, data)
    assert broken.failures and "should offer `home.lineman-1 block`" in broken.failures[0]


def test_only_the_last_step_may_leave_out_its_answer(ruleset) -> None:
    with pytest.raises(ScenarioError, match=r"decisions\[1\]: a step without `answer` ends "
                                            r"the run, but 2 more follow it"):
        run_scenario(ruleset, scenario(decisions=[{"offered": ["end turn"]}, "pass", "yes"]))


def test_an_unknown_key_in_a_step_is_a_scenario_error(ruleset) -> None:
    with pytest.raises(ScenarioError, match="unknown key `answr`"):
        run_scenario(ruleset, scenario(decisions=[{"answr": "end turn"}]))


# ---- the questions of the whole run -------------------------------------------------------------

def test_never_offered_asked_and_not_asked(ruleset) -> None:
    run = run_scenario(ruleset, scenario(expect={
        "never_offered": ["home.lineman-1 throw", "claim break-some-bones"],
        "asked": ["action", "claim", "may outrageous-cheat"],
        "not_asked": ["play", "may sponsored-kit", "move"]}))
    assert not run.failures, run.failures


def test_never_offered_sees_a_question_with_one_option(ruleset) -> None:
    """The block target is settled without asking (one adjacent opponent): still offered."""
    run = run_scenario(ruleset, scenario(expect={"never_offered": ["away.lineman-1"]}))
    assert run.failures == ["`away.lineman-1` should never be offered, but the block-target "
                            "decision of home (question 2, taken without asking (its only "
                            "option)) offered it"]


def test_asked_and_not_asked_failures_say_what_was_asked(ruleset) -> None:
    run = run_scenario(ruleset, scenario(expect={"asked": ["play sprint"],
                                                 "not_asked": ["may outrageous-cheat"]}))
    assert len(run.failures) == 2
    assert run.failures[0].startswith("a `play sprint` decision should have been asked; the "
                                      "run's decisions were: ")
    assert "may outrageous-cheat" in run.failures[0]
    assert run.failures[1].startswith("a `may outrageous-cheat` decision should not be asked")


# ---- dice and events ------------------------------------------------------------------------

def test_dice_are_events_named_by_what_rolled_them(ruleset) -> None:
    run = run_scenario(ruleset, scenario(expect={"events": [
        "roll d6=5 why=block-dice", "knocked-down player=away.lineman-1",
        "roll d6=6 why=armour", "roll d8=3 why=outrageous-cheat",
        "card-claimed team=home card=take-them-down"]}))
    assert not run.failures, run.failures
    assert "roll d8=3 why=outrageous-cheat" in run.events


def test_a_rule_that_did_not_roll_can_be_stated(ruleset) -> None:
    run = run_scenario(ruleset, scenario(decisions=["home.lineman-1 block",
                                                    "claim take-them-down", "no"],
                                         dice=["block=knocked-down", "d6=6"],
                                         expect={"no_events": ["roll why=outrageous-cheat"]}))
    assert not run.failures, run.failures


def test_events_in_a_set_match_in_any_order(ruleset) -> None:
    backwards = ["armour-check player=away.lineman-1", "knocked-down player=away.lineman-1"]
    in_order = run_scenario(ruleset, scenario(expect={"events": backwards}))
    assert in_order.failures  # the Armour check comes after the knock-down
    as_set = run_scenario(ruleset, scenario(expect={"events": [backwards, "card-claimed"]}))
    assert not as_set.failures, as_set.failures


def test_a_set_needs_distinct_events(ruleset) -> None:
    twice = ["knocked-down player=away.lineman-1", "knocked-down player=away.lineman-1"]
    run = run_scenario(ruleset, scenario(expect={"events": [twice]}))
    assert run.failures and run.failures[0].startswith(
        "no event `knocked-down player=away.lineman-1` (in any order, with")


def test_a_failed_event_shows_what_happened_after_the_last_match(ruleset) -> None:
    run = run_scenario(ruleset, scenario(expect={"events": [
        "knocked-down player=away.lineman-1", "injury player=away.lineman-1"]}))
    assert len(run.failures) == 1
    failure = run.failures[0]
    head, *lines = failure.splitlines()
    assert head == ("no event `injury player=away.lineman-1` (in order) after "
                    "`knocked-down player=away.lineman-1 team=away cause=block "
                    "attacker=home.lineman-1`; what happened then:")
    shown = [line.strip() for line in lines]
    assert shown[0] == "event: roll d6=6 why=armour"
    assert any(line.startswith("narrative: ") for line in shown)
    assert any(line.startswith("decision: claim (home)") for line in shown)


# ---- the piles of cards ---------------------------------------------------------------------

def test_the_deck_and_the_discard_pile(ruleset) -> None:
    """Refresh at the end of the turn (page 11): space 1 was claimed, so nothing is discarded;
    the cards move along and the top card of the deck fills space 3."""
    data = scenario(decisions=["home.lineman-1 block", "claim take-them-down", "no",
                               "end turn"],
                    dice=["block=knocked-down", "d6=6"],
                    expect={"deck": ["take-them-down"], "discard": [],
                            "active": ["get-the-ball", "break-some-bones", "get-the-ball"],
                            "ball_deck": []})
    run = run_scenario(ruleset, data)
    assert not run.failures, run.failures
    data["expect"] = {"deck": ["get-the-ball", "take-them-down"], "discard": ["take-them-down"]}
    wrong = run_scenario(ruleset, data)
    assert wrong.failures == [
        "the discard pile (oldest first) should be ['take-them-down'], is []",
        "the Challenge deck (top first) should be ['get-the-ball', 'take-them-down'], is "
        "['take-them-down']"]


def test_a_failed_step_check_does_not_hide_the_expectations(ruleset) -> None:
    step = {"answer": "home.lineman-1 block", "not_offered": ["end turn"]}
    run = run_scenario(ruleset, scenario(decisions=[step, "claim take-them-down", "yes"],
                                         expect={"score": {"home": 5}}))
    assert len(run.failures) == 2, run.failures
    assert "offers `end turn`" in run.failures[0]
    assert run.failures[1] == "home should have 5 points, has 1"


def test_actions_made_at_set_up_are_in_the_turns_history(ruleset) -> None:
    """`happened(action …)` reads the turn's history: an action written under
    setup.actions_made is there, as if it had been made."""
    data = scenario(decisions=[{"kind": "action"}], dice=[])
    data["setup"]["actions_made"] = {"home.lineman-2": ["run"]}
    data["setup"]["actions_left"] = 2
    run = run_scenario(ruleset, data)
    assert not run.failures, run.failures
    assert run.events[1] == "action player=home.lineman-2 team=home action=run free=false choices=run"
    assert any(event == "action" and payload["player"].id == "home.lineman-2"
               for event, payload in run.game.turn_history)



def test_a_step_checks_whose_coach_is_asked(ruleset) -> None:
    """Outrageous Cheat's `may` goes to the Dwarf coach, the trait's owner."""
    ask = {"answer": "yes", "kind": "may", "team": "away"}
    run = run_scenario(ruleset, scenario(decisions=["home.lineman-1 block",
                                                    "claim take-them-down", ask]))
    assert not run.failures, run.failures
    ask["team"] = "home"
    wrong = run_scenario(ruleset, scenario(decisions=["home.lineman-1 block",
                                                      "claim take-them-down", ask]))
    assert wrong.failures[0].startswith("decision 3 (may, away) should be asked of home, is "
                                        "asked of away")
