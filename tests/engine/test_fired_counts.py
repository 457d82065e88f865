"""Authors see what their rules did (issue 14): per item, how often its hooks fired and its
`may`s were accepted (`nuffle simulate`); the play-by-play line an item's rule brought about
names the item; a die rolled inside an item's hook names it in the log, and replays check
it."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from nuffle.interpreter.blitz_bowl.game import Game, GameOver, Options
from nuffle.interpreter.blitz_bowl.narrate import Narrator
from nuffle.interpreter.blood_bowl.match import Match
from nuffle.interpreter.blood_bowl.match import Options as BBOptions
from nuffle.interpreter.blood_bowl.narrate import Narrator as BBNarrator
from nuffle.interpreter.blood_bowl.ruleset import load_ruleset as load_bb_ruleset
from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.decisions import OutOfScript
from nuffle.interpreter.dice import DiceScriptError
from nuffle.interpreter.gamelog import LOG_SCHEMA, LogWriter, play_logged, rechain
from nuffle.interpreter.games import rules
from nuffle.interpreter.logreader import ReplayError, parse_log
from nuffle.interpreter.replay import replay
from nuffle.interpreter.rule_counts import RuleTally, RuleTotals
from nuffle.interpreter.scenario import new_game
from nuffle.interpreter.scenario import play as play_scenario
from nuffle.interpreter.simulate import GameSpec, game_seed, run_games_counted, summarise

from nuffle.cli.main import main

REPO = Path(__file__).resolve().parents[2]
CATCHER = REPO / "content" / "blitz-bowl" / "scenarios" / "ability-catchers-instincts.yaml"
INSTINCTS = ("ability", "catchers-instincts")
SPECIALIST = ("ability", "offensive-specialist")
BOTS = {"home": "random", "away": "random"}
BB_BOTS = rules("blood-bowl").BOTS


def catcher_run(ruleset, accept: bool, words=None) -> tuple[Game, list[str], list[dict]]:
    """The Catcher's Instincts scenario (a throw caught, then the ability's D6 and its `may
    free run`), its `may` answered yes or no; with its play-by-play and its log."""
    data = yaml.safe_load(CATCHER.read_text(encoding="utf-8"))
    if not accept:
        data["decisions"] = ["home.thrower throw", "home.catcher", "no"]
    setup = data["setup"]
    game, _, _ = new_game(ruleset, data, setup, data, False, True)
    lines: list[str] = []
    game.listeners.append(Narrator(game, out=lines.append, **({"words": words} if words else {})))
    stream = io.StringIO()
    LogWriter(stream, game, BOTS)
    with contextlib.suppress(OutOfScript, DiceScriptError, GameOver):
        play_scenario(game, setup, "actions")  # to the script's end, not the turn's
    return game, lines, [json.loads(line) for line in stream.getvalue().splitlines()]


# ---- counting ------------------------------------------------------------------------------
def test_an_accepted_may_counts_one_firing_one_offer_one_acceptance(ruleset) -> None:
    game, _, _ = catcher_run(ruleset, accept=True)
    # by hand: one thrown ball caught by the Catcher, so the `after catch where player is
    # self and source is throw` hook runs once, and puts its `may free run` once: yes
    assert game.tally.fired[INSTINCTS] == 1
    assert game.tally.offered[INSTINCTS] == 1
    assert game.tally.accepted[INSTINCTS] == 1
    assert INSTINCTS in game.tally.present and game.tally.names[INSTINCTS] == "Catcher's Instincts"


def test_a_declined_may_is_offered_but_not_accepted(ruleset) -> None:
    game, _, _ = catcher_run(ruleset, accept=False)
    assert game.tally.fired[INSTINCTS] == 1  # the hook ran (it rolled its D6)
    assert game.tally.offered[INSTINCTS] == 1
    assert INSTINCTS not in game.tally.accepted


def test_a_seeded_game_counts_what_its_log_shows(ruleset) -> None:
    """Human v Orc, seed 2 (a greedy home bot, a random away bot): Offensive Specialist
    (`after block-roll where blocker is self: may reroll`) fires once per Block by a player
    with it. Counted by hand from the game: 4 such Blocks by Blitzers (one away, declined;
    three home, re-rolled); the log holds 4 `may` decisions (the only rule with a `may` that
    fired), answered yes 3 times."""
    g = Game(ruleset, "human", "orc", make_agents("greedy", "random", 2), seed=2,
             options=Options())
    blocks: list[str] = []

    def watch(kind: str, data) -> None:
        if kind == "event" and data[0] == "block-roll" \
                and "offensive-specialist" in data[1]["blocker"].abilities:
            blocks.append(data[1]["blocker"].id)
    g.listeners.append(watch)
    _, log = play_logged(g, {"home": "greedy", "away": "random"})
    mays = [r for r in map(json.loads, log.splitlines())
            if r["type"] == "decision" and r["kind"] == "may"]
    assert len(blocks) == 4 and len(mays) == 4
    assert [r["label"] for r in mays].count("yes") == 3
    assert g.tally.fired[SPECIALIST] == 4
    assert g.tally.offered == {SPECIALIST: 4} and g.tally.accepted == {SPECIALIST: 3}


def test_totals_add_games_and_merge_in_any_order() -> None:
    one = RuleTally(fired={SPECIALIST: 3, ("ball", "b"): 1}, offered={SPECIALIST: 3},
                    accepted={SPECIALIST: 2}, names={SPECIALIST: "Offensive Specialist",
                                                     ("ball", "b"): "B", INSTINCTS: "CI"},
                    present={SPECIALIST, INSTINCTS})
    two = RuleTally(fired={SPECIALIST: 1}, offered={SPECIALIST: 1}, accepted={},
                    names={SPECIALIST: "Offensive Specialist", INSTINCTS: "CI"},
                    present={SPECIALIST, INSTINCTS})
    a, b = RuleTotals(), RuleTotals()
    a.add(one)
    b.add(two)
    b.add(RuleTally(present={INSTINCTS}, names={INSTINCTS: "CI"}))
    a.merge(b)
    rows = {r["item"]: r for r in a.rows()}
    assert a.games == 3
    # fired 3 + 1 + 0 in 3 games, in 2 of them; may accepted 2 of 3 + 0 of 1
    assert rows["offensive-specialist"] == {
        "item": "offensive-specialist", "kind": "ability", "name": "Offensive Specialist",
        "games_fired": 2, "fired_per_game": 1.333, "fired": 4, "may_offered": 4,
        "may_accepted": 2}
    # an item of the teams that never fired is listed, with 0
    assert rows["catchers-instincts"]["fired"] == 0 and rows["catchers-instincts"]["games_fired"] == 0
    assert rows["b"]["games_fired"] == 1 and rows["b"]["kind"] == "ball"
    assert [r["kind"] for r in a.rows()] == ["ability", "ability", "ball"]  # teams' items first
    other = RuleTotals()
    for tally in (two, one):
        other.add(tally)
    assert other.games == 2 and other.items[SPECIALIST] == a.items[SPECIALIST]


def test_simulate_counts_are_the_same_with_two_jobs() -> None:
    specs = [GameSpec(i, "human", "orc", game_seed(9, i), ("random", "random"), Options())
             for i in range(4)]
    results, tallies = run_games_counted(specs, jobs=1)
    results2, tallies2 = run_games_counted(specs, jobs=2)
    assert tallies == tallies2 and len(tallies) == 4
    one = summarise(results, "human", "orc", tallies=tallies)["rules"]
    assert one == summarise(results2, "human", "orc", tallies=tallies2)["rules"]
    fired = sum(t.fired.get(SPECIALIST, 0) for t in tallies)
    row = next(r for r in one if r["item"] == "offensive-specialist")
    assert row["fired"] == fired and row["fired_per_game"] == round(fired / 4, 3)
    # Catcher's Instincts is a Human ability: listed even where it never fired
    assert any(r["item"] == "catchers-instincts" for r in one)


def test_simulate_prints_the_table_and_the_json(capsys) -> None:
    assert main(["simulate", "--game", "blitz-bowl", "--home", "human", "--away", "orc",
                 "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "rules fired (3 games)" in out
    assert "may accepted/offered" in out
    # a Human ability the bots never used in these games: listed, with 0 (the point)
    line = next(x for x in out.splitlines() if x.strip().startswith("Catcher's Instincts"))
    assert line.split()[2:] == ["ability", "0", "0.00", "-"]
    assert main(["simulate", "--game", "blitz-bowl", "--home", "human", "--away", "orc",
                 "--games", "3", "--seed", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = data["pairings"][0]["rules"]
    assert {"item", "kind", "name", "games_fired", "fired_per_game", "may_offered",
            "may_accepted"} <= set(rows[0])
    assert any(r["item"] == "catchers-instincts" and r["games_fired"] == 0 for r in rows)


# ---- the narrative -------------------------------------------------------------------------
def test_the_free_run_names_the_ability_that_gave_it(ruleset) -> None:
    _, lines, _ = catcher_run(ruleset, accept=True)
    assert "  home.catcher (Catcher): run (free) from 6,7 to 6,10 (Catcher's Instincts)" in lines
    # the line before it (the catch) is the core's, and says nothing of the ability
    assert "  home.catcher takes the ball (throw)" in lines
    assert sum("Catcher's Instincts" in x for x in lines) == 1


def test_a_declined_may_names_nothing(ruleset) -> None:
    _, lines, _ = catcher_run(ruleset, accept=False)
    assert not any("Instincts" in x for x in lines)


def test_the_item_is_named_in_the_readers_language(ruleset) -> None:
    from nuffle.catalogue.loader import load_catalogue
    from nuffle.i18n.translations import narrative_words
    catalogue, _, _ = load_catalogue()
    _, lines, _ = catcher_run(ruleset, accept=True, words=narrative_words("it", catalogue))
    # the Italian catalog spells the name with a typographic apostrophe
    assert any(x.endswith("(Catcher\u2019s Instincts)") for x in lines)


def test_a_skill_reroll_names_the_skill() -> None:
    """Blood Bowl: the re-roll a skill gives is told by the core after the skill's hook has
    run; the line names the skill, one the player has. Dwarf v Skaven, seed 5, with two
    decks of cards: a Dwarf Blocker gains Pro from a card, and re-rolls two Blocks with it."""
    bb = load_bb_ruleset()
    told = 0
    for seed in (5,):
        lines: list[str] = []
        m = Match(bb, "dwarf", "skaven", make_agents("greedy", "random", seed, BB_BOTS),
                  seed=seed, options=BBOptions(cards=("magic-items", "dirty-tricks")))
        m.listeners.append(BBNarrator(m, lines.append))
        m.play()
        for line in lines:
            if "with a skill" in line:
                told += 1
                found = re.search(r"\b(?:home|away)\.[a-z0-9-]+", line)
                assert found is not None and line.endswith(")"), line
                skill = line.rsplit("(", 1)[1].rstrip(")")
                player = m.player(found.group(0))
                has = set(player.skills) | {s for (p, s) in m.gained_skills if p is player}
                assert skill in {bb.skills[s].name for s in has}, line
    assert told == 2
    assert "  home.blocker-1 re-rolls the block with a skill (Pro)" in lines


# ---- the log -------------------------------------------------------------------------------
def test_a_die_rolled_in_a_hook_names_its_item_and_core_dice_do_not(ruleset) -> None:
    _, _, records = catcher_run(ruleset, accept=True)
    dice = [r for r in records if r["type"] == "dice"]
    # by hand: the Throw check (4) is the core's; the D6 of the ability (3) is the rule's
    assert [(r["why"], r["v"], r.get("rule")) for r in dice] == [
        ("throw", 4, None), ("rule", 3, "ability/catchers-instincts")]
    assert "rule" not in dice[0]
    validator = Draft202012Validator(LOG_SCHEMA["$defs"]["dice"])
    assert all(validator.is_valid(r) for r in dice)


SEEDED = ("dwarf", "skaven", 26, Options(pitch="two-trapdoors", special_balls=True,
                                          endgame=True))


@pytest.fixture(scope="module")
def seeded_log(ruleset) -> str:
    home, away, seed, options = SEEDED
    g = Game(ruleset, home, away, make_agents("random", "random", seed), seed=seed,
             options=options)
    return play_logged(g, BOTS)[1]


def records_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(records: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def test_a_log_with_rules_replays(ruleset, seeded_log) -> None:
    records = records_of(seeded_log)
    rules = {r["rule"] for r in records if "rule" in r}
    # a ball's own roll, and the core's Block dice and Armour rolled inside an ability's
    # hook (its second block)
    assert rules == {"ball/warpstone-brazier", "ability/frenzied"}
    replay(ruleset, parse_log(seeded_log))


def test_a_log_written_before_dice_named_their_rule_replays(ruleset, seeded_log) -> None:
    old = rechain([{k: v for k, v in r.items() if k != "rule"} for r in records_of(seeded_log)])
    assert not any("rule" in r for r in old)
    replay(ruleset, parse_log(text_of(old)))


@pytest.mark.parametrize("change", ["other item", "core die given a rule", "removed chain"])
def test_a_tampered_rule_is_caught(ruleset, seeded_log, change: str) -> None:
    records = records_of(seeded_log)
    if change == "core die given a rule":
        at = next(i for i, r in enumerate(records) if r["type"] == "dice" and "rule" not in r)
        records[at] = {**records[at], "rule": "ability/frenzied"}
    else:
        at = next(i for i, r in enumerate(records) if r.get("rule") == "ball/warpstone-brazier")
        records[at] = {**records[at], "rule": "ball/other-ball"}
    if change != "removed chain":
        records = rechain(records)
    with pytest.raises(ReplayError) as caught:
        replay(ruleset, parse_log(text_of(records)))
    diag = caught.value.diagnostics[0]
    assert diag.line == at + 1
    assert diag.code == ("L004" if change == "removed chain" else "L005")
    if diag.code == "L005":
        assert "rolled by" in diag.message


def test_a_malformed_rule_is_refused(seeded_log) -> None:
    records = records_of(seeded_log)
    at = next(i for i, r in enumerate(records) if "rule" in r)
    for bad in (5, "frenzied", ""):
        edited = rechain([*records[:at], {**records[at], "rule": bad}, *records[at + 1:]])
        with pytest.raises(ReplayError) as caught:
            parse_log(text_of(edited))
        assert caught.value.diagnostics[0].code == "L002"
        assert caught.value.diagnostics[0].line == at + 1


# ---- rules that only change a number ---------------------------------------------------------
SQUARE_PACK = REPO / "tests" / "engine" / "square_pack"


def square_pack_throw_lines(name: str, without: bool) -> list[str]:
    """The throw lines of a scenario of the square test pack: Same-Half Passer adds 1 to the
    Throw check when the target is in the thrower's half."""
    from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
    items = [p for p in SQUARE_PACK.glob("*.yaml") if "kind: scenario" not in p.read_text()]
    data = yaml.safe_load((SQUARE_PACK / f"{name}.yaml").read_text(encoding="utf-8"))
    part = data["without"] if without else data
    game, _, _ = new_game(load_ruleset(items), data, data["setup"], part, without, True)
    lines: list[str] = []
    game.listeners.append(Narrator(game, out=lines.append))
    with contextlib.suppress(OutOfScript, DiceScriptError, GameOver):
        play_scenario(game, data["setup"], "actions")
    return [line for line in lines if " throws " in line]


def test_a_rule_that_changes_a_check_is_named_on_the_check() -> None:
    # by hand: a D6 of 2, +1 in the same half, against Throw 3+: 3 passes
    assert square_pack_throw_lines("same-half-passer-same-half", without=False) == [
        "  home.thrower throws short to home.lineman-2: 2+1 = 3 vs 3+ passed "
        "(Same-Half Passer)"]
    # without the ability, or in the other half, nothing changes the check: nothing named
    assert square_pack_throw_lines("same-half-passer-same-half", without=True) == [
        "  home.thrower throws short to home.lineman-2: 2+0 = 2 vs 3+ failed"]
    assert square_pack_throw_lines("same-half-passer-other-half", without=False) == [
        "  home.thrower throws short to home.lineman-2: 2+0 = 2 vs 3+ failed"]


def test_mighty_blow_is_named_on_the_injury_roll_it_changed() -> None:
    """Blood Bowl, Dwarf v Skaven, seed 3, greedy bots: the Rat Ogre (Mighty Blow) knocks a
    Troll Slayer down; the Armour dice (10) beat AV 8 alone, so the +1 goes to the Injury
    dice (10): 11, told with the skill's name. The log holds those four dice."""
    bb = load_bb_ruleset()
    lines: list[str] = []
    stream = io.StringIO()
    m = Match(bb, "dwarf", "skaven", make_agents("greedy", "greedy", 3, BB_BOTS), seed=3,
              options=BBOptions())
    m.listeners.append(BBNarrator(m, lines.append))
    LogWriter(stream, m, {"home": "greedy", "away": "greedy"})
    m.play()
    told = lines.index("  Injury roll for home.troll-slayer-1: 11, Casualty (Mighty Blow)")
    assert lines[told - 1] == "  Armour roll for home.troll-slayer-1: 10 against AV 8: broken"
    assert "away.rat-ogre blocks home.troll-slayer-1" in lines[told - 6]
    assert "mighty-blow" in m.player("away.rat-ogre").skills
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    dice = [(r["why"], r["v"]) for r in records if r["type"] == "dice"
            and r["why"] in ("armour", "injury")]
    pairs = [(dice[i][1] + dice[i + 1][1], dice[i + 2][1] + dice[i + 3][1])
             for i in range(len(dice) - 3)
             if [w for w, _ in dice[i:i + 4]] == ["armour", "armour", "injury", "injury"]]
    assert (10, 10) in pairs  # the dice: 10 on the Armour roll, 10 + 1 on the Injury roll
    # an Injury roll no rule changed names nothing
    assert any(re.fullmatch(r"  Injury roll for \S+: \d+, [A-Za-z ]+", x) for x in lines)
