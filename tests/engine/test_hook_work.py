"""The hook firing's work, counted (issue 16): an event looks at the hook instances whose
first guard holds (one player's `player is self` hooks), not at every instance of its
bucket. No clock is read; the counts come from wrapping the firing's own functions.
"""

from __future__ import annotations

import pytest
from nuffle.interpreter import firing
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.bots import GreedyBot, RandomBot
from nuffle.interpreter.hooks import (
    Bucket,
    CompiledHook,
    HookInstance,
    HookRegistry,
    Owner,
    guard_value,
)


def _holds(inst: HookInstance, payload: dict) -> bool:
    guards = inst.hook.guards
    return not guards or payload.get(guards[0][0]) is guard_value(inst.owner, guards[0][1])


@pytest.mark.parametrize(("seed", "bot"), [(3, RandomBot), (4, GreedyBot)])
def test_an_event_looks_only_at_the_instances_whose_first_guard_holds(
        ruleset, monkeypatch, seed, bot) -> None:
    looked = {"instances": 0, "failing": 0, "in_buckets": 0, "whole_indexed": 0}
    real_first = firing._first

    def counting_first(instances: list[HookInstance], payload: dict) -> int:
        looked["instances"] += len(instances)
        looked["failing"] += sum(not _holds(i, payload) for i in instances)
        if isinstance(instances, Bucket) and (instances.table is None
                                              or instances.field is not None):
            looked["whole_indexed"] += 1  # a bucket walked whole that has (or lacks) an index
        return real_first(instances, payload)

    real_start = firing._start

    def counting_start(bucket: Bucket, payload: dict) -> tuple[list[HookInstance], int]:
        looked["in_buckets"] += len(bucket)
        return real_start(bucket, payload)

    monkeypatch.setattr(firing, "_first", counting_first)
    monkeypatch.setattr(firing, "_start", counting_start)
    teams, traits = sorted(ruleset.teams), sorted(ruleset.traits)
    game = Game(ruleset, teams[seed % len(teams)], teams[(seed * 7 + 3) % len(teams)],
                {"home": bot(seed), "away": bot(seed + 1)}, seed=seed,
                options=Options(special_balls=True, home_traits=traits[0:3],
                                away_traits=traits[7:10]))
    game.play()
    assert looked["in_buckets"] > 100  # a real game, with hooks bound
    # every bucket handed over whole was indexed and found to have no common guard
    assert looked["whole_indexed"] == 0
    # the instances looked at are far fewer than the buckets hold: the index took the rest
    assert looked["instances"] < looked["in_buckets"] / 2
    # and those whose first guard fails are only the instances of mixed buckets (few)
    assert looked["failing"] < looked["instances"] / 4


def _candidates(bucket: Bucket, payload: dict) -> list[HookInstance]:
    return firing._start(bucket, payload)[0]


def _hook(event: str = "move-allowance") -> CompiledHook:
    return CompiledHook(event, "modify", False, None, lambda env: None, False, None, False,
                        False, 1, guards=(("player", "self"),))


def test_the_index_follows_an_owner_given_another_player() -> None:
    registry = HookRegistry()
    a, b = object(), object()
    mine = registry.add(HookInstance(_hook(), Owner("ability", "x", "X", player=a)))
    theirs = registry.add(HookInstance(_hook(), Owner("ability", "y", "Y", player=b)))
    bucket = registry.get("move-allowance", "modify")
    assert isinstance(bucket, Bucket)
    assert _candidates(bucket, {"player": a}) == [mine]
    assert _candidates(bucket, {"player": b}) == [theirs]
    assert _candidates(bucket, {"player": None}) == []
    mine.owner.player, theirs.owner.player = b, a  # as swap-abilities does
    registry.owners_changed()
    assert _candidates(bucket, {"player": a}) == [theirs]
    assert _candidates(bucket, {"player": b}) == [mine]


def test_a_bucket_whose_instances_guard_different_fields_is_walked_whole() -> None:
    registry = HookRegistry()
    a = object()
    registry.add(HookInstance(_hook(), Owner("ability", "x", "X", player=a)))
    unguarded = CompiledHook("move-allowance", "modify", False, None, lambda env: None,
                             False, None, False, False, 1)
    registry.add(HookInstance(unguarded, Owner("coach-trait", "t", "T")))
    bucket = registry.get("move-allowance", "modify")
    assert isinstance(bucket, Bucket)
    assert _candidates(bucket, {"player": object()}) is bucket
