"""Whole Blood Bowl matches: they end, keep the invariants, and replay exactly."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
from nuffle.interpreter.blood_bowl.invariants import InvariantViolation, check_invariants
from nuffle.interpreter.blood_bowl.match import Match, Options
from nuffle.interpreter.bots import RandomBot, make_agents
from nuffle.interpreter.gamelog import LogWriter, play_logged, rechain, state_digest
from nuffle.interpreter.logreader import ReplayError, parse_log
from nuffle.interpreter.replay import replay
from nuffle.interpreter.vocabulary import vocabulary

ROOT = Path(__file__).resolve().parents[3]
BOTS = {"random": RandomBot, "greedy": BloodBowlGreedyBot}


def match(ruleset, seed: int, bots=("greedy", "greedy"), tables="pbbl", debug=False) -> Match:
    agents = make_agents(bots[0], bots[1], seed, BOTS)
    return Match(ruleset, "human", "orc", agents, seed=seed,
                 options=Options(tables=tables, debug=debug))


def test_a_hundred_random_matches_keep_every_invariant(bb_ruleset) -> None:
    """Debug mode checks the invariants after every recorded event (issue 12, section 6)."""
    reasons = set()
    for seed in range(100):
        result = match(bb_ruleset, seed, ("random", "random"),
                       "bb2020" if seed % 2 else "pbbl", debug=True).play()
        assert result.error is None
        reasons.add(result.reason)
        # eight team turns each per half (page 8): no match is cut short
        assert result.turns == {"home": 8, "away": 8} or result.reason == "sudden death"
    assert "final whistle" in reasons


def test_greedy_matches_score_and_keep_score_equal_to_touchdowns(bb_ruleset) -> None:
    scored = 0
    for seed in range(20):
        m = match(bb_ruleset, seed, debug=True)
        result = m.play()
        assert result.score == result.touchdowns
        scored += result.score["home"] + result.score["away"]
    assert scored >= 10  # greedy bots play towards the end zones


def test_the_invariants_catch_two_players_in_one_square(bb_ruleset) -> None:
    m = match(bb_ruleset, 1)
    a, b = m.home.players[0], m.home.players[1]
    sq = m.pitch.at(5, 5)
    m.put(a, sq)
    m.put(b, sq)  # a broken engine would do this
    with pytest.raises(InvariantViolation):
        check_invariants(m, "test")


def test_the_same_seed_gives_the_same_log_byte_for_byte(bb_ruleset) -> None:
    logs = [play_logged(match(bb_ruleset, 7), {"home": "greedy", "away": "greedy"})[1]
            for _ in range(2)]
    assert logs[0] == logs[1]
    assert '"game":"blood-bowl"' in logs[0].split("\n", 1)[0]
    other = play_logged(match(bb_ruleset, 8), {"home": "greedy", "away": "greedy"})[1]
    assert other != logs[0]


def test_a_log_replays_and_an_edited_one_does_not(bb_ruleset, tmp_path) -> None:
    m = match(bb_ruleset, 3, tables="bb2020")
    stream = io.StringIO()
    writer = LogWriter(stream, m, {"home": "greedy", "away": "greedy"})
    result = m.play()
    writer.finish(result)
    text = stream.getvalue()
    game, replayed = replay(bb_ruleset, parse_log(text, "m.jsonl"))
    assert replayed == result and state_digest(game) == state_digest(m)
    # the other side wins the coin toss, the chain recomputed (as someone who knows the
    # format could): the game then asks the other coach, and the replay says so
    records = [json.loads(line) for line in text.splitlines()]
    toss = next(i for i, r in enumerate(records) if r["type"] == "dice" and r["d"] == 2)
    records[toss]["v"] = 3 - records[toss]["v"]
    tampered = "\n".join(json.dumps(r, separators=(",", ":")) for r in rechain(records))
    with pytest.raises(ReplayError):
        replay(bb_ruleset, parse_log(tampered + "\n", "t.jsonl"))


def test_the_default_draft_spends_the_budget_as_documented(bb_ruleset) -> None:
    """Ruling bb-default-draft, checked by hand against the team lists (page 17; Human
    page 55, Orc page 57)."""
    human = {pos["id"]: n for pos, n in bb_ruleset.draft("human")}
    assert human == {"lineman": 5, "catcher": 2, "thrower": 2, "blitzer": 2, "ogre": 1}
    assert bb_ruleset.draft_rerolls("human") == 3  # 140+180+140+140+250+150 = 1,000k
    orc = {pos["id"]: n for pos, n in bb_ruleset.draft("orc")}
    assert orc == {"lineman": 3, "goblin": 2, "thrower": 2, "black-orc-blocker": 2,
                   "blitzer": 2, "troll": 1}
    assert bb_ruleset.draft_rerolls("orc") == 3  # 110+160+160+140+80+150+180 = 980k


def test_the_engine_code_names_no_blood_bowl_content(bb_ruleset) -> None:
    """Principle 2 for Blood Bowl: no skill, table entry, team or position name or id in the
    engine's code, except words that are also the vocabulary's (the Block action is not the
    Block skill)."""
    v = vocabulary("blood-bowl")
    rules_words = set(v.events) | set(v.effects) | set(v.queries) | set(v.types)
    rules_words |= set(v.constants)  # the enums' words: actions, test kinds, block faces…
    # the names of events' payloads and types' attributes (`accurate` on a pass, `blocker`)
    rules_words |= {name for e in v.events.values() for name in e.payload}
    rules_words |= {name for t in v.types.values() for name in t.attributes}
    rules_items: set[str] = set()  # skills and table entries: named nowhere in interpreter/
    for skill_id, skill in bb_ruleset.skills.items():
        rules_items |= {skill_id, skill.name.lower()}
    for table in bb_ruleset.tables.values():
        for entry in table.entries.values():
            rules_items |= {entry.id, entry.name.lower()}
    teams: set[str] = set()  # teams and positions: named nowhere in the Blood Bowl engine
    for team_id, team in bb_ruleset.teams.items():
        teams |= {team_id, team["name"].lower()}
        teams |= {p["id"] for p in team["positions"]} | {p["name"].lower()
                                                          for p in team["positions"]}
    rules_items -= rules_words
    teams -= rules_words
    assert {"bone-head", "riot", "high kick"} <= rules_items and {"ogre", "human"} <= teams
    # a content id that is also a part of a rules word (`tackle` of `tackle-zones`, `grab` of
    # `grab-team-mate`) is the rulebook's own word too ("tackle zone", page 9): the engine's
    # prose may use it, never a quoted id
    parts = {part for word in rules_words for part in word.split("-")}
    prose = {word for word in rules_items | teams if word in parts}
    # the core serves Blitz Bowl too: its rules words (the `tackle` block result) are its own
    bb = vocabulary("blitz-bowl")
    blitz_words = set(bb.constants) | set(bb.events) | set(bb.effects) | set(bb.queries)
    engine = list((ROOT / "interpreter" / "blood_bowl").glob("*.py"))
    core = list((ROOT / "interpreter").glob("*.py"))
    for paths, words in ((engine, rules_items | teams), (core, rules_items - blitz_words)):
        for path in paths:
            text = path.read_text(encoding="utf-8").lower()
            for word in words:
                pattern = rf"[\"']{re.escape(word)}[\"']" if word in prose else \
                    rf"(?<![\w-]){re.escape(word)}(?![\w-])"
                assert not re.search(pattern, text), (path, word)
