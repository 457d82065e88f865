"""Sweeps: the stopping rule, the order results are combined in, variants and `nuffle
balance`'s inputs (the cluster runs are in test_sweep_cluster.py)."""

from __future__ import annotations

import concurrent.futures as cf
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from nuffle.interpreter import sweep
from nuffle.interpreter.simulate import GameSpec, wilson
from nuffle.interpreter.sweep import BATCH, Group, games_for_margin, run_groups, widest

from nuffle.cli.main import main
from tests.conftest import TEAM_FILE

SWEEP = ["balance", "--team", "human", "--against", "orc,elf", "--games", "6",
         "--format", "json"]


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_385_games_bound_every_rate_to_5_points() -> None:
    # 1.96² / (4 × 0.05²) = 384.1: the worst case, a rate of one half, needs 385 games
    assert games_for_margin(0.05) == 385
    for wins in range(386):
        assert widest([wins, 0, 385 - wins]) <= 0.05
    assert widest([150, 0, 150]) > 0.05  # 300 games at one half: about ±5.6 points


@dataclass
class Fake:
    winner: str | None


def fake_outcome(spec: GameSpec) -> Fake:
    """A game's result from its seed alone: what a real game is (seeded), cheaply."""
    return Fake([None, "home", "away"][random.Random(spec.seed).randrange(3)])


class Shuffled:
    """An executor that answers its batches in a random order, several at a time."""

    def __init__(self, slots: int, seed: int) -> None:
        self.slots, self.rng, self.sent = slots, random.Random(seed), 0

    def submit(self, batch: sweep.Batch) -> cf.Future:
        self.sent += 1
        future: cf.Future = cf.Future()
        future.set_result([(fake_outcome(s), None) for s in batch.specs])
        return future

    def wait(self, handles: set) -> set:
        ordered = sorted(handles, key=id)
        return set(self.rng.sample(ordered, self.rng.randint(1, len(ordered))))

    def result(self, handle: cf.Future) -> list:
        return handle.result()

    def close(self) -> None:
        pass


def groups(cap: int) -> list[Group]:
    def make(n: int) -> Group:
        return Group("a", lambda g: GameSpec(g, "a", "b", n * 10_000 + g, ("r", "r"), None),
                     cap)
    return [make(n) for n in range(4)]


def test_a_margin_stops_at_the_same_game_whatever_order_batches_come_back_in() -> None:
    margin, cap = 0.12, 200
    runs = []
    for slots, seed in ((1, 0), (3, 1), (8, 2), (20, 3)):
        played = groups(cap)
        run_groups(played, Shuffled(slots, seed), margin)
        runs.append([[r.winner for r in g.results] for g in played])
    assert all(r == runs[0] for r in runs)
    for n, winners in enumerate(runs[0]):
        # the games are the group's first games, in order, as their seeds make them
        assert winners == [fake_outcome(GameSpec(g, "a", "b", n * 10_000 + g, ("r", "r"),
                                                 None)).winner for g in range(len(winners))]
        # it stopped after the first batch whose rates were all within the margin
        assert len(winners) % BATCH == 0 or len(winners) == cap
        counts = [winners.count("home"), winners.count(None), winners.count("away")]
        assert widest(counts) <= margin or len(winners) == cap
        earlier = winners[:len(winners) - BATCH]
        before = [earlier.count("home"), earlier.count(None), earlier.count("away")]
        assert len(earlier) == 0 or widest(before) > margin


def test_without_a_margin_every_game_is_played() -> None:
    played = groups(60)
    run_groups(played, Shuffled(5, 7))
    assert [len(g.results) for g in played] == [60] * 4


def test_simulate_with_a_margin_plays_the_first_games_of_the_fixed_run(capsys) -> None:
    base = ["simulate", "--home", "human", "--away", "orc", "--format", "json", "--bots",
            "random", "--seed", "5"]
    code, out, _ = run([*base, "--margin", "16", "--games", "100", "--jobs", "2"], capsys)
    assert code == 0
    adaptive = json.loads(out)
    pairing = adaptive["pairings"][0]
    n = pairing["games"]
    assert n in (25, 50, 75, 100)
    assert adaptive["margin"] == 16 and adaptive["max_games"] == 100
    code, out, _ = run([*base, "--games", str(n), "--jobs", "1"], capsys)
    fixed = json.loads(out)["pairings"][0]
    assert pairing == fixed
    counts = [pairing[k]["count"] for k in ("home_wins", "draws", "away_wins")]
    assert widest(counts) <= 0.16 or n == 100
    low, high = wilson(counts[0], n)[1:]
    assert pairing["home_wins"]["ci95"] == [round(low, 4), round(high, 4)]


def test_balance_gives_the_same_json_with_one_process_or_two(capsys, tmp_path) -> None:
    out_file = tmp_path / "sweep.json"
    code, one, _ = run([*SWEEP, "--jobs", "1"], capsys)
    assert code == 0
    code, two, _ = run([*SWEEP, "--jobs", "2", "--output", str(out_file)], capsys)
    assert code == 0
    assert one == two == out_file.read_text(encoding="utf-8")
    data = json.loads(one)
    assert [p["opponent"] for p in data["pairings"]] == ["orc", "elf"]
    assert [r["label"] for r in data["rows"]] == ["Orc", "Elf"]
    assert all(p["games"] == 6 for p in data["pairings"])


def test_the_matrix_plays_the_balance_pages_games(capsys) -> None:
    from nuffle.sitegen.balance import simulate_pairings
    code, out, _ = run(["balance", "--against", "human,orc,elf", "--games", "4", "--jobs", "1",
                        "--format", "json"], capsys)
    assert code == 0
    page = simulate_pairings([("elf", "human"), ("elf", "orc"), ("human", "orc")], 4)
    sweep_tallies = {(p["team"], p["opponent"]): [p[k]["count"] for k in
                                                  ("wins", "draws", "losses")]
                     for p in json.loads(out)["pairings"]}
    assert sweep_tallies == {pair: tally for pair, tally in page.items()}


def test_a_varied_number_changes_the_games(capsys) -> None:
    code, out, _ = run(["balance", "--team", "human", "--against", "orc", "--vary",
                        "get-the-ball.points=0,5", "--games", "10", "--jobs", "1",
                        "--format", "json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["values"] == [0, 5] and [r["label"] for r in data["rows"]] == \
        ["points=0", "points=5"]
    zero, five = data["pairings"]
    # the same dice, but each claimed Get the Ball is worth 5 points instead of none
    assert five["score"]["mean"] + five["conceded"]["mean"] \
        > zero["score"]["mean"] + zero["conceded"]["mean"] + 5


def test_variants_are_built_in_memory_and_reach_the_ruleset() -> None:
    from nuffle.interpreter.sweep import content_for, load_content, ruleset_of
    from nuffle.interpreter.variants import field_path, find_item, variant_text
    from nuffle.sitegen.balance import game_items
    catalogue, _, _ = load_content(content_for([]))
    item = find_item(game_items(catalogue), "team/human")
    path = field_path(item, ("positions", "blitzer", "move"))
    on_disk = Path(item.path).read_text(encoding="utf-8")
    ruleset = ruleset_of(content_for([], {item.path: variant_text(item, path, 9)}))
    blitzer = next(p for p in ruleset.teams["human"]["positions"] if p["id"] == "blitzer")
    assert blitzer["move"] == 9
    assert Path(item.path).read_text(encoding="utf-8") == on_disk


def test_a_number_inside_rules_is_varied_by_its_place_with_its_sign() -> None:
    from nuffle.interpreter.sweep import content_for, load_content
    from nuffle.interpreter.variants import InRules, field_path, find_item, variant_text
    from nuffle.sitegen.balance import game_items
    catalogue, _, _ = load_content(content_for([]))
    items = game_items(catalogue)
    brute = find_item(items, "hulking-brute")  # `... change value by -1`
    where = field_path(brute, ("rules", "1"))
    assert where == InRules(("rules",), 1)
    text = variant_text(brute, where, -3)
    changed = [(a, b) for a, b in zip(brute.doc.text.split("\n"), text.split("\n"),
                                     strict=True)
               if a != b]
    assert changed == [(a, a.replace("by -1", "by -3")) for a, _ in changed] and \
        len(changed) == 1 and changed[0][0].endswith("change value by -1")
    card = find_item(items, "take-them-down")  # its Bonus Play's rules write one number
    varied = variant_text(card, field_path(card, ("bonus_play", "rules", "1")), 7)
    loaded, errors, _ = load_content(content_for([], {card.path: varied}))
    assert errors == []
    back = loaded.get("challenge-card", "take-them-down", "blitz-bowl")
    numbers = [n for r in back.rules if tuple(r.path) == ("bonus_play", "rules")
               for n in _numbers(r.ast)]
    assert 7 in numbers and card.doc.text != varied


def _numbers(node) -> list[int]:
    from dataclasses import fields

    from nuffle.dsl import ast
    if isinstance(node, ast.Number):
        return [node.value]
    if isinstance(node, ast.Node):
        return [n for f in fields(node) for n in _numbers(getattr(node, f.name))]
    if isinstance(node, (list, tuple)):
        return [n for e in node for n in _numbers(e)]
    return []


def test_a_varied_rules_number_labels_its_rows_and_plays(capsys) -> None:
    code, out, _ = run(["balance", "--team", "orc", "--against", "human", "--vary",
                        "hulking-brute.rules.1=-3,0", "--games", "4", "--jobs", "1",
                        "--format", "json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["values"] == [-3, 0]
    assert [r["label"] for r in data["rows"]] == ["rules.1=-3", "rules.1=0"]


@pytest.mark.parametrize(("vary", "says"), [
    ("get-the-ball.points", "write ITEM.FIELD=VALUES"),
    ("get-the-ball.points=a..b", "range of whole numbers"),
    ("get-the-ball.points=3..1", "is empty"),
    ("get-the-ball.points=1..99", "at most 50"),
    ("no-such-card.points=1..2", "no item `no-such-card`"),
    ("get-the-ball.name=1..2", "its numbers: points, copies"),
    ("hulking-brute.rules=1", "its numbers: rules.1"),
    ("hulking-brute.rules.2=1", "the rules at rules write 1 number: rules.1"),
    ("safe-hands.rules.0=1", "2 numbers: name one by its place, rules.1 to rules.2"),
])
def test_a_bad_vary_is_a_usage_error(vary, says, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["balance", "--team", "human", "--vary", vary])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_a_variant_the_schema_refuses_is_a_content_error(capsys) -> None:
    code, out, err = run(["balance", "--team", "human", "--vary", "get-the-ball.points=4..6",
                          "--games", "2"], capsys)
    assert code == 1 and out == ""
    assert "error[S306]" in err and "points: 6" in err
    assert "the variant get-the-ball.points=6 has content errors" in err


def test_cluster_without_dask_installed_is_a_usage_error(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    with pytest.raises(SystemExit) as stop:
        main([*SWEEP, "--cluster", "tcp://127.0.0.1:1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "pip install 'nuffle[cluster]'" in err and "Traceback" not in err


def test_simulate_against_all_uses_one_pool_for_every_pairing(monkeypatch, capsys) -> None:
    pools: list[int] = []
    real = sweep.LocalProcesses.__init__

    def counted(self, jobs: int) -> None:
        pools.append(jobs)
        real(self, jobs)

    monkeypatch.setattr(sweep.LocalProcesses, "__init__", counted)
    code, out, _ = run(["simulate", "--home", "human", "--away", "all", "--games", "2",
                        "--bots", "random", "--jobs", "2", "--format", "json"], capsys)
    assert code == 0
    assert pools == [2]
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
    others = sorted(t for t in load_ruleset().teams if t != "human")
    assert [p["away"] for p in json.loads(out)["pairings"]] == others


NEW_TEAM = TEAM_FILE.format(id="sweep-test-team", name="Sweep Test Team")


def test_a_batch_carries_its_content_files_a_worker_need_not_have() -> None:
    """What a cluster worker does: the pack's file is not on its disk, its text comes
    with the batch (and a rules error would name the author's path)."""
    from nuffle.interpreter.blitz_bowl.game import Options
    from nuffle.interpreter.sweep import Batch, Content, play_batch, ruleset_of
    missing = "/nowhere/my-pack/sweep-test-team.yaml"
    assert not Path(missing).exists()
    content = Content(files=((missing, NEW_TEAM),))
    assert "sweep-test-team" in ruleset_of(content).teams
    specs = tuple(GameSpec(g, "sweep-test-team", "orc", 100 + g, ("random", "random"),
                           Options()) for g in range(2))
    played = play_batch(Batch(specs, content, tallies=False))
    assert len(played) == 2 and all(tally is None for _, tally in played)
    assert played == play_batch(Batch(specs, content, tallies=False))  # seeded: the same


def test_a_trait_sweep_gives_the_trait_to_the_teams_coach_on_either_side() -> None:
    from nuffle.interpreter.balance_sweep import Plan, pairing_seed, plan_groups
    from nuffle.interpreter.sweep import Content
    plan = Plan(team="orc", against=["human", "elf"], traits=["t1", "t2"],
                variants=[(None, Content())], bots=("greedy", "greedy"), seed=3,
                margin=None, games=4)
    groups = plan_groups(plan)
    assert [(m.trait, m.opponent) for _, m in groups] == \
        [("t1", "human"), ("t1", "elf"), ("t2", "human"), ("t2", "elf")]
    group, meta = groups[1]  # orc against elf with t1: elf is first in order, home first
    specs = [group.spec(g) for g in range(4)]
    assert [(s.home, s.away) for s in specs] == [("elf", "orc"), ("orc", "elf")] * 2
    assert [(s.options.home_traits, s.options.away_traits) for s in specs] == \
        [([], ["t1"]), (["t1"], [])] * 2
    # every trait meets the same games: the seed is the pairing's
    assert [s.seed for s in specs] == [pairing_seed("orc", "elf", g, 3) for g in range(4)]
    assert [groups[3][0].spec(g).seed for g in range(4)] == [s.seed for s in specs]


def test_the_matrix_needs_two_teams(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["balance", "--against", "orc"])
    assert stop.value.code == 2
    assert "two teams or more" in capsys.readouterr().err


def test_a_cached_sweep_plays_only_what_is_new(tmp_path, monkeypatch, capsys) -> None:
    played: list[int] = []
    real = sweep.play_batch

    def counting(batch: sweep.Batch) -> list:
        played.append(len(batch.specs))
        return real(batch)

    monkeypatch.setattr(sweep, "play_batch", counting)
    cache = tmp_path / "cache"
    base = ["balance", "--team", "human", "--games", "3", "--jobs", "1", "--bots", "random",
            "--format", "json", "--cache", str(cache)]
    code, first, _ = run([*base, "--against", "orc,elf"], capsys)
    assert code == 0 and sum(played) == 6 and len(list(cache.iterdir())) == 2
    code, again, _ = run([*base, "--against", "orc,elf"], capsys)
    assert code == 0 and sum(played) == 6 and again == first  # nothing played
    code, more, _ = run([*base, "--against", "orc,elf,dwarf"], capsys)
    assert code == 0 and sum(played) == 9  # only the new pairing
    assert json.loads(more)["pairings"][:2] == json.loads(first)["pairings"]
    for entry in cache.iterdir():  # anyone can edit the folder: a bad file is played again
        entry.write_text('{"format": 1, "key": "x", "games": [[5, 0, 0]]}', encoding="utf-8")
    code, replayed, _ = run([*base, "--against", "orc,elf"], capsys)
    assert code == 0 and sum(played) == 15 and replayed == first


class InOrder(Shuffled):
    """Two workers' worth of batches in flight (four slots), answered in the order sent."""

    def __init__(self) -> None:
        super().__init__(4, 0)
        self.order: dict[cf.Future, int] = {}

    def submit(self, batch: sweep.Batch) -> cf.Future:
        future = super().submit(batch)
        self.order[future] = self.sent
        return future

    def wait(self, handles: set) -> set:
        return {min(handles, key=self.order.__getitem__)}


def test_a_margin_run_sends_few_games_it_does_not_use() -> None:
    """Batches are sent ahead to the group least ahead, so a group that stops has at most
    its next batch in flight: 12 pairings of 385 games at 5 points send 60 games they do
    not use (sending a group's batches ahead of the others' would waste some 75 per group);
    one pairing alone keeps the workers busy with up to three batches it may not use."""
    played = [Group("a", lambda g, n=n: GameSpec(g, "a", "b", n * 10_000 + g, ("r", "r"),
                                                  None), 385) for n in range(12)]
    work = run_groups(played, InOrder(), 0.05)
    kept = sum(len(g.results) for g in played)
    assert work.sent == kept + work.unused and kept < 12 * 385
    assert work.unused <= 60
    alone = groups(385)[:1]
    work = run_groups(alone, InOrder(), 0.05)
    assert work.sent == len(alone[0].results) + work.unused and work.unused <= 3 * BATCH


def test_each_result_is_counted_once_for_the_stopping_rule(monkeypatch) -> None:
    """The stopping rule's win, draw and loss counts are kept up as results come: each
    game's outcome is read once (they were counted again from the first game after every
    batch)."""
    reads = [0]
    real = Group.outcome

    def outcome(self: Group, index: int) -> int:
        reads[0] += 1
        return real(self, index)

    monkeypatch.setattr(Group, "outcome", outcome)
    played = groups(400)
    run_groups(played, Shuffled(3, 5), 0.1)
    assert reads[0] == sum(len(g.results) for g in played)
    assert all(len(g.results) > 2 * BATCH for g in played)  # several batches each
