"""How much work hook dispatch does, counted (issue 16): the end of a scope touches only the
hooks that end with it, an event with no hook costs one dict lookup, a bucket none of whose
hooks applies builds nothing, and the Blood Bowl engine asks for no payload nobody reads.
Operation counts, never times: bringing back the old work fails these tests."""

from __future__ import annotations

from typing import Any

import pytest
from nuffle.interpreter import firing as firing_module
from nuffle.interpreter.budget import Budget
from nuffle.interpreter.firing import HookFiring
from nuffle.interpreter.hooks import CompiledHook, Env, HookInstance, HookRegistry, Owner
from nuffle.interpreter.rule_counts import RuleTally


class CountingDict(dict):
    """A dict that counts every read of it (lookups, membership, walks)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.reads = 0

    def get(self, *args: Any) -> Any:
        self.reads += 1
        return super().get(*args)

    def __getitem__(self, key: Any) -> Any:
        self.reads += 1
        return super().__getitem__(key)

    def __contains__(self, key: Any) -> bool:
        self.reads += 1
        return super().__contains__(key)

    def __iter__(self):
        self.reads += 1
        return super().__iter__()

    def values(self):
        self.reads += 1
        return super().values()

    def items(self):
        self.reads += 1
        return super().items()

    def keys(self):
        self.reads += 1
        return super().keys()


def hook(event: str, timing: str = "after", body=None, guards=()) -> CompiledHook:
    return CompiledHook(event, timing, False, None, body or (lambda env: None), False, None,
                        False, False, 1, tuple(guards))


class Someone:
    """A player-like owner target for guards."""

    team = None


def owner(player: Any = None) -> Owner:
    return Owner("ability", "probe", "Probe", player=player)


def counting(reg: HookRegistry) -> HookRegistry:
    """Swap the registry's dicts for counting ones (same contents)."""
    reg.by_key = CountingDict(reg.by_key)
    for timing in HookRegistry.TIMINGS:
        reg.timings[timing] = CountingDict(reg.timings[timing])
    reg.on_before, reg.on_after = reg.timings["before"], reg.timings["after"]
    reg.on_instead, reg.on_modify = reg.timings["instead of"], reg.timings["modify"]
    return reg


def reads(reg: HookRegistry) -> int:
    return reg.by_key.reads + sum(d.reads for d in reg.timings.values())


def big_registry() -> HookRegistry:
    """60 permanent hooks over 20 events and both timings."""
    reg = HookRegistry()
    for i in range(60):
        reg.add(HookInstance(hook(f"event-{i % 20}", ("after", "modify")[i % 2]), owner()))
    return reg


def test_an_end_of_scope_with_nothing_of_it_alive_touches_no_bucket() -> None:
    reg = counting(big_registry())
    for token in range(80):  # about a game's ends of turns and actions
        reg.expire("turn", token)
        reg.expire("action", token)
    assert reads(reg) == 0  # no bucket looked up, none walked
    assert reg.examined == 0
    assert reg.count == 60


def test_an_end_of_scope_looks_only_at_the_hooks_that_end_with_it() -> None:
    reg = big_registry()
    ending = [reg.add(HookInstance(hook("event-1"), owner(), expires=("turn", 3)))
              for _ in range(3)]
    later = [reg.add(HookInstance(hook("event-2"), owner(), expires=("turn", 4)))
             for _ in range(2)]
    reg.remove(ending[0])  # removed before its scope ends: looked at, not removed twice
    assert reg.count == 64
    counting(reg)
    reg.expire("turn", 3)
    assert reg.examined == 3  # the three of ("turn", 3), nothing else
    assert reg.count == 62
    # two removals, each one lookup of its bucket and one replacement in each index
    assert reg.by_key.reads == 2
    assert all(i.disabled for i in ending)
    assert not any(i.disabled for i in later)
    reg.expire("turn", 3)  # once only
    assert reg.examined == 3


class Probe(HookFiring):
    """The smallest game the firing runtime needs."""

    def __init__(self) -> None:
        self.hooks = HookRegistry()
        self.depth = 0
        self.budget = Budget()
        self.tally = RuleTally()
        self.changed_by = []
        self.running = self.rule = None
        self.denied = set()
        self.history: list[tuple[str, dict]] = []

    def record(self, event: str, payload: dict) -> None:
        self.history.append((event, payload))

    def scope_token(self, scope: str) -> int:
        return 0


@pytest.fixture()
def no_run(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts `_run`: entered only when some hook may apply."""
    entered: list[int] = []
    original = HookFiring._run

    def run(self: HookFiring, bucket: list, payload: dict, firing: Any, start: int = 0,
            **kw: Any) -> None:
        entered.append(start)
        original(self, bucket, payload, firing, start, **kw)

    monkeypatch.setattr(HookFiring, "_run", run)
    return entered


def test_an_event_with_no_hook_costs_one_lookup(no_run: list[int]) -> None:
    g = Probe()
    g.hooks.add(HookInstance(hook("other"), owner()))
    counting(g.hooks)
    assert g.modify("rushes", 2, {"player": None}) == 2
    assert g.before("dodge", {}) is None
    assert g.instead("kick-scatter", {}) is False
    assert g.after("move", {"player": None}) is None
    assert reads(g.hooks) == 4  # one per event
    assert g.history == [("move", {"player": None})]  # recorded all the same
    assert no_run == []


def test_a_bucket_none_of_whose_hooks_applies_builds_nothing(
        no_run: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    g = Probe()
    players = [Someone() for _ in range(6)]
    ran: list[Any] = []
    for p in players[1:]:  # `player is self` guards: hooks of the five others
        g.hooks.add(HookInstance(hook("rushes", "modify", ran.append,
                                      guards=[("player", "self")]), owner(p)))
    made: list[int] = []
    real_env = firing_module.Env
    monkeypatch.setattr(firing_module, "Env",
                        lambda *a, **k: made.append(1) or real_env(*a, **k))
    g.budget.event = 7  # steps of an earlier event
    assert g.modify("rushes", 2, {"player": players[0]}) == 2
    assert no_run == [] and made == [] and ran == []
    assert g.budget.event == 0  # still a new event at the top, as when hooks are walked
    # the fourth player's own hook: `_run` walks that player's instances only (the
    # bucket's index by guards[0], hooks.Bucket), the other players' never looked at
    g.modify("rushes", 2, {"player": players[4]})
    assert no_run == [0] and len(made) == 1 and len(ran) == 1


def test_a_hook_added_while_its_event_fires_waits_for_the_next_time() -> None:
    g = Probe()
    fired: list[str] = []

    def adds(env: Env) -> None:
        fired.append("first")
        g.hooks.add(HookInstance(hook("move", body=lambda env: fired.append("added")),
                                 owner()))

    g.hooks.add(HookInstance(hook("move", body=adds), owner()))
    bucket = g.hooks.get("move", "after")
    g.after("move", {})
    assert fired == ["first"]
    assert bucket is not None and len(bucket) == 1  # the walked list was left as it was
    fired.clear()
    g.after("move", {})
    assert fired == ["first", "added"]


@pytest.fixture(scope="module")
def bb_ruleset() -> Any:
    from nuffle.interpreter.blood_bowl.ruleset import load_ruleset
    return load_ruleset()


def test_a_blood_bowl_match_asks_for_no_payload_nobody_reads(
        monkeypatch: pytest.MonkeyPatch, bb_ruleset: Any) -> None:
    """With every rule switched off no hook is bound for the movement's values (`rushes`,
    `can-leap`): they are asked at every square, and cost a lookup, no payload, no call."""
    from nuffle.interpreter.blood_bowl import movement
    from nuffle.interpreter.blood_bowl.match import Match, Options
    from nuffle.interpreter.bots import RandomBot

    asked: list[str] = []
    original = HookFiring.modify

    def modify(self: HookFiring, event: str, value: Any, payload: dict) -> Any:
        asked.append(event)
        return original(self, event, value, payload)

    squares = [0]
    real_left = movement.squares_left

    def left(m: Any, p: Any) -> int:
        squares[0] += 1
        return real_left(m, p)

    monkeypatch.setattr(HookFiring, "modify", modify)
    monkeypatch.setattr(movement, "squares_left", left)
    everything = frozenset([*bb_ruleset.skills, *bb_ruleset.cards, *(
        e.id for t in bb_ruleset.tables.values() for e in t.entries.values())])
    teams = sorted(bb_ruleset.teams)
    m = Match(bb_ruleset, teams[0], teams[1], {"home": RandomBot(1), "away": RandomBot(2)},
              seed=1, options=Options(disabled=everything))
    m.play()
    assert squares[0] > 100  # the match moved players about
    assert "rushes" not in asked and "can-leap" not in asked


def test_a_blood_bowl_match_enters_run_only_where_a_hook_applies(
        monkeypatch: pytest.MonkeyPatch, bb_ruleset: Any) -> None:
    """Every rule on, two teams with skills: `_run` is entered only at an instance that is
    alive and whose guards hold, and the ends of scopes look at no more instances than
    were added for a while."""
    from nuffle.interpreter.blood_bowl.match import Match, Options
    from nuffle.interpreter.bots import RandomBot

    starts: list[bool] = []
    original = HookFiring._run

    def run(self: HookFiring, bucket: list, payload: dict, firing: Any, start: int = 0,
            **kw: Any) -> None:
        inst = bucket[start]
        starts.append(not inst.disabled and firing_module._first([inst], payload) == 0)
        original(self, bucket, payload, firing, start, **kw)

    temporary = [0]
    real_add = HookRegistry.add

    def add(self: HookRegistry, instance: HookInstance) -> HookInstance:
        temporary[0] += instance.expires is not None
        return real_add(self, instance)

    monkeypatch.setattr(HookFiring, "_run", run)
    monkeypatch.setattr(HookRegistry, "add", add)
    teams = sorted(bb_ruleset.teams)
    played = 0
    for seed in range(3):
        m = Match(bb_ruleset, teams[seed], teams[-1 - seed],
                  {"home": RandomBot(seed), "away": RandomBot(seed + 1)}, seed=seed,
                  options=Options(tables="bb2020"))
        m.play()
        played += m.decision_count
        assert m.hooks.examined <= temporary[0]
    assert played > 1000 and len(starts) > 50
    assert all(starts)


def test_a_constant_conjunct_is_compiled_to_a_literal_check() -> None:
    """`modify move-allowance where player is self and action is sidestep` (Flighty): the
    `action is sidestep` half is a (field, word) pair checked before any name is built."""
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset

    rs = load_ruleset()
    hooks = {(h.event, h.timing): h for h in rs.abilities["flighty"].compiled.hooks}
    allowance = hooks[("move-allowance", "modify")]
    assert allowance.guards == (("player", "self"),)
    assert allowance.literals == (("action", "sidestep"),)


def test_a_false_constant_conjunct_builds_nothing(
        no_run: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A hook whose player guard holds but whose `action is mark` does not: no `_run`, no
    names, no filter call. With names it captured (a `for this SCOPE` hook), the filter
    decides, as the captured names could stand for the constant's word."""
    g = Probe()
    me = Someone()
    filtered: list[Any] = []
    ran: list[Any] = []

    def where(env: Env) -> bool:
        filtered.append(env.vars["action"])
        return env.vars["action"] == "mark"

    marking = CompiledHook("move-allowance", "modify", False, where,
                           lambda env: ran.append(env.vars["action"]), False, None, False,
                           False, 1, (("player", "self"),), None, (("action", "mark"),))
    g.hooks.add(HookInstance(marking, owner(me)))
    made: list[int] = []
    real_env = firing_module.Env
    monkeypatch.setattr(firing_module, "Env",
                        lambda *a, **k: made.append(1) or real_env(*a, **k))
    for action in ("run", "sidestep", "block", "run"):
        assert g.modify("move-allowance", 4, {"player": me, "action": action}) == 4
    assert no_run == [] and made == [] and filtered == [] and ran == []
    g.modify("move-allowance", 4, {"player": me, "action": "mark"})
    assert no_run == [0] and made == [1] and filtered == ["mark"] and ran == ["mark"]
    # a temporary instance with captured names: left to its filter
    g.hooks.add(HookInstance(marking, owner(me), {"runner": me}))
    g.modify("move-allowance", 4, {"player": me, "action": "run"})
    assert no_run == [0, 1] and filtered == ["mark", "run"] and ran == ["mark"]


def test_the_greedy_bot_reads_the_loose_balls_tables_once_per_action_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring an action decision reads each loose ball's distance table once, however many
    players it may send running (it was once per run offered), and the opposing ball
    carriers once per side."""
    from nuffle.interpreter.blitz_bowl.board import Board
    from nuffle.interpreter.blitz_bowl.game import Game, Options
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
    from nuffle.interpreter.bots import GreedyBot

    tables = [0]
    real = Board.distances

    def distances(self: Board, a: int) -> list[int]:
        tables[0] += 1
        return real(self, a)

    monkeypatch.setattr(Board, "distances", distances)
    seen: list[tuple[int, int, int]] = []  # (tables read, loose balls, runs offered)

    class Counting(GreedyBot):
        def decide(self, decision: Any, game: Any) -> int:
            before = tables[0]
            choice = super().decide(decision, game)
            if decision.kind == "action":
                runs = sum(1 for o in decision.options if o is not None and o[1] == "run")
                seen.append((tables[0] - before, len(self.loose_balls(game)), runs))
            return choice

    rs = load_ruleset()
    teams = sorted(rs.teams)
    for seed in range(4):
        Game(rs, teams[seed], teams[-1 - seed], {"home": Counting(seed), "away": Counting(9)},
             seed=seed, options=Options()).play()
    assert all(read == loose for read, loose, _ in seen)
    # decisions where the old per-option reading would have read more
    assert sum(1 for _, loose, runs in seen if loose and runs > 1) > 20


def test_constant_conjuncts_are_read_only_where_the_guards_hold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Five other players' `player is self and action is mark` hooks: the identity guard
    turns each away first, so the constant conjuncts are not read at all."""
    g = Probe()
    players = [Someone() for _ in range(6)]
    marking = CompiledHook("move-allowance", "modify", False, None, lambda env: None, False,
                           None, False, False, 1, (("player", "self"),), None,
                           (("action", "mark"),))
    for p in players[1:]:
        g.hooks.add(HookInstance(marking, owner(p)))
    read: list[int] = []
    real = firing_module._literal_fails
    monkeypatch.setattr(firing_module, "_literal_fails",
                        lambda *a: read.append(1) or real(*a))
    g.modify("move-allowance", 4, {"player": players[0], "action": "run"})
    assert read == []
    g.modify("move-allowance", 4, {"player": players[3], "action": "run"})
    assert read == [1]  # the third player's own hook only


def test_the_blood_bowl_greedy_bot_reads_the_ball_once_per_action_or_step_decision(
        monkeypatch: pytest.MonkeyPatch, bb_ruleset: Any) -> None:
    """Scoring an action or a step decision reads where the ball is and who carries the
    second one once for the decision, not once per player, action or square offered."""
    from nuffle.interpreter.blood_bowl import ballplay
    from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
    from nuffle.interpreter.blood_bowl.match import Match, Options

    reads = [0]
    real_ball, real_other = BloodBowlGreedyBot.ball_square, ballplay.carries_other

    def ball_square(game: Any) -> Any:
        reads[0] += 1
        return real_ball(game)

    def carries_other(m: Any, p: Any) -> bool:
        reads[0] += 1
        return real_other(m, p)

    monkeypatch.setattr(BloodBowlGreedyBot, "ball_square", staticmethod(ball_square))
    monkeypatch.setattr(ballplay, "carries_other", carries_other)
    per_decision: list[tuple[int, int]] = []  # (reads, options)
    steps: list[tuple[int, int]] = []

    class Counting(BloodBowlGreedyBot):
        def decide(self, decision: Any, game: Any) -> int:
            before = reads[0]
            choice = super().decide(decision, game)
            if decision.kind == "action":
                bombs = sum(1 for o in decision.options if o is not None
                            and o[1] == "throw-bomb")
                per_decision.append((reads[0] - before - 2 * bombs, len(decision.options)))
            if decision.kind == "step":
                steps.append((reads[0] - before, len(decision.options)))
            return choice

    teams = sorted(bb_ruleset.teams)
    Match(bb_ruleset, teams[0], teams[1], {"home": Counting(1), "away": Counting(2)},
          seed=1, options=Options(tables="bb2020")).play()
    assert len(per_decision) > 100 and sum(n for _, n in per_decision) > 500
    assert all(r == 0 for r, _ in per_decision)
    assert len(steps) > 100 and sum(n for _, n in steps) > 500
    assert all(r == 0 for r, _ in steps)


def test_unheard_says_no_instance_would_run_only_from_the_made_index() -> None:
    """HookFiring.unheard: True (and the budget's event started afresh, as an idle firing
    does) only when the bucket's index reads the field and lists nothing for the object."""
    g = Probe()
    me, other = Someone(), Someone()
    allowance = CompiledHook("move-allowance", "modify", False, None, lambda env: None, False,
                             None, False, False, 1, (("player", "self"),))
    g.hooks.add(HookInstance(allowance, owner(me)))
    bucket = g.hooks.on_modify["move-allowance"]
    assert not g.unheard(bucket, "player", other)  # the index is not made yet
    g.modify("move-allowance", 4, {"player": other, "action": "run"})  # makes it
    g.budget.event = 5  # steps of an earlier event
    assert not g.unheard(bucket, "player", me) and g.budget.event == 5  # me: mine would
    assert not g.unheard(bucket, "team", other)  # the index reads another field
    assert g.unheard(bucket, "player", other) and g.budget.event == 0


def test_the_greedy_bot_fires_a_runs_allowance_only_for_players_with_such_a_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring the runs of an action decision asks the allowance's rules for the players
    some such rule belongs to only (an idle firing for each other player before), once the
    bucket's index is made."""
    from nuffle.interpreter.blitz_bowl import actions
    from nuffle.interpreter.blitz_bowl.game import Game, Options
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
    from nuffle.interpreter.bots import GreedyBot

    asked = {"with a rule": 0, "without": 0}
    real = actions.allowance

    def allowance(g: Any, p: Any, action: str, up_to: Any = None) -> int:
        if action == "run" and g.deciding:
            bucket = g.hooks.on_modify.get("move-allowance")
            mine = bucket and any(i.owner.player is p for i in bucket)
            if mine:
                asked["with a rule"] += 1
            elif bucket.table is not None:  # (not made yet: the look that makes it)
                asked["without"] += 1
        return real(g, p, action, up_to)

    monkeypatch.setattr(actions, "allowance", allowance)

    class Deciding(GreedyBot):
        def decide(self, decision: Any, game: Any) -> int:
            game.deciding = True
            try:
                return super().decide(decision, game)
            finally:
                game.deciding = False

    rs = load_ruleset()
    teams = sorted(rs.teams)
    played = 0
    for seed in range(len(teams)):
        game = Game(rs, teams[seed], teams[-1 - seed],
                    {"home": Deciding(seed), "away": Deciding(seed + 1)}, seed=seed,
                    options=Options())
        game.deciding = False
        game.play()
        played += bool(game.hooks.on_modify.get("move-allowance"))
    assert played > 2  # games where some player's rule changes a move allowance
    assert asked["with a rule"] > 0 and asked["without"] == 0, asked
