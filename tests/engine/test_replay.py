"""Game logs and replays: a logged game replays exactly, record by record; a log that was
changed, cut or does not fit the content is refused at the line where it goes wrong."""

from __future__ import annotations

import json

import pytest
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.bots import GreedyBot, RandomBot, make_agents
from nuffle.interpreter.decisions import Decision
from nuffle.interpreter.gamelog import (
    CHAIN_START,
    LOG_FORMAT,
    chain_digest,
    labels_digest,
    play_logged,
    rechain,
    state_digest,
)
from nuffle.interpreter.logreader import ReplayError, parse_log, read_log
from nuffle.interpreter.replay import replay


def logged_game(ruleset, seed=7, home="human", away="orc", options=None, agents=None):
    agents = agents or {"home": GreedyBot(seed), "away": RandomBot(seed + 1)}
    game = Game(ruleset, home, away, agents, seed=seed, options=options or Options())
    result, text = play_logged(game, {"home": "greedy", "away": "random"})
    return game, result, text


def parse(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def unparse(records: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def refusal(ruleset, text: str) -> list[tuple[str, int]]:
    """The (code, line) of every problem found in the log ``text``, read and replayed."""
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, parse_log(text, "game.jsonl"))
    assert all(d.path == "game.jsonl" and d.column == 1 for d in exc.value.diagnostics)
    return [(d.code, d.line) for d in exc.value.diagnostics]


@pytest.fixture(scope="module")
def logged(ruleset):
    return logged_game(ruleset)


def test_a_logged_game_replays_to_the_same_result_and_state(ruleset, logged) -> None:
    game, result, text = logged
    replayed, replayed_result = replay(ruleset, parse_log(text))
    assert replayed_result == result
    assert state_digest(replayed) == state_digest(game)
    # the replay rolled exactly the recorded dice, for the same reasons, and decided as often
    assert replayed.dice.record == game.dice.record
    assert replayed.decision_count == game.decision_count == result.decisions
    # the digest tells games apart: another seed ends in another state
    other, _, _ = logged_game(ruleset, seed=8)
    assert state_digest(other) != state_digest(game)


def test_a_game_with_extra_time_replays_too(ruleset) -> None:
    options = Options(special_balls=True, endgame=True, pitch="two-trapdoors",
                      home_traits=["light-fingers"])
    game, result, text = logged_game(ruleset, seed=12, home="dwarf", away="skaven",
                                     options=options)
    header = parse(text)[0]
    assert header["options"]["special_balls"] is True and header["options"]["endgame"] is True
    assert header["options"]["home_traits"] == ["light-fingers"]
    replayed, replayed_result = replay(ruleset, parse_log(text))
    assert replayed_result == result
    assert replayed.options.home_traits == ["light-fingers"]
    assert state_digest(replayed) == state_digest(game)


def test_the_first_line_is_a_format_2_header_with_version_teams_and_seed(ruleset, logged) -> None:
    _, _, text = logged
    header = json.loads(text.splitlines()[0])
    assert header["type"] == "header" and header["format"] == LOG_FORMAT == 2
    assert header["content"] == ruleset.version
    assert (header["home"], header["away"]) == ("human", "orc")
    assert header["seed"] == 7
    assert header["bots"] == {"home": "greedy", "away": "random"}


def test_every_record_chains_its_digest_from_the_one_before(logged) -> None:
    _, _, text = logged
    records = parse(text)
    previous = CHAIN_START
    for record in records:
        assert len(record["h"]) == 16 and int(record["h"], 16) >= 0
        assert record["h"] == chain_digest(previous, record)
        previous = record["h"]
    # the digest covers the record's content but not its key order or spacing
    assert chain_digest("x", {"a": 1, "b": 2}) == chain_digest("x", {"b": 2, "a": 1, "h": "y"})
    assert chain_digest("x", {"a": 1}) != chain_digest("y", {"a": 1})
    assert chain_digest("x", {"a": 1}) != chain_digest("x", {"a": 2})


def test_every_dice_outcome_is_a_dice_line_in_order(logged) -> None:
    game, _, text = logged
    records = parse(text)
    dice_lines = [(r["d"], r["v"], r["why"]) for r in records if r["type"] == "dice"]
    assert dice_lines == [(o.sides, o.value, o.why) for o in game.dice.record]
    assert len(dice_lines) > 10
    # the coin toss is the game's first roll and comes before the first decision
    assert records[1]["type"] == "dice" and records[1]["d"] == 2
    assert records[-1]["type"] == "end"


def test_every_decision_records_the_question_and_the_answer_by_index(ruleset) -> None:
    seen: list[tuple[Decision, int]] = []
    game = Game(ruleset, "elf", "orc", make_agents("random", "random", 5), seed=5)
    game.listeners.append(lambda kind, data: seen.append(data) if kind == "decision" else None)
    result, text = play_logged(game, {"home": "random", "away": "random"})
    decisions = [r for r in parse(text) if r["type"] == "decision"]
    assert len(decisions) == len(seen) == result.decisions > 20
    for record, (decision, index) in zip(decisions, seen, strict=True):
        assert (record["kind"], record["team"]) == (decision.kind, decision.team)
        assert record["n"] == len(decision.options) >= 2
        assert record["choice"] == index
        assert record["label"] == decision.labels[index]
        assert record["opts"] == labels_digest(decision.labels)
    assert labels_digest(["a", "b"]) != labels_digest(["b", "a"])


def test_a_changed_coin_toss_is_caught_at_its_line_and_again_when_rechained(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    assert records[1]["why"] == "coin toss"
    records[1]["v"] = 3 - records[1]["v"]  # the other coach sets up first
    assert refusal(ruleset, unparse(records)) == [("L004", 2)]
    # the editor recomputes every digest: the other coach is asked for the pitch at line 3
    codes = refusal(ruleset, unparse(rechain(records)))
    assert codes == [("L005", 3)]


def test_another_reason_for_a_die_is_caught_when_the_game_rolls_it(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    index = next(i for i, r in enumerate(records) if r["type"] == "dice" and r["why"] == "armour")
    records[index]["why"] = "block dice"  # same sides, same value, another roll
    assert refusal(ruleset, unparse(records)) == [("L004", index + 1)]
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, parse_log(unparse(rechain(records))))
    [diag] = exc.value.diagnostics
    assert (diag.code, diag.line) == ("L005", index + 1)
    assert '"armour"' in diag.message and '"block dice"' in diag.message  # both sides told


def test_another_content_version_is_refused_naming_both_versions(ruleset, logged) -> None:
    _, result, text = logged
    records = parse(text)
    records[0]["content"] = "0123456789ab"
    assert ruleset.version != "0123456789ab"
    assert refusal(ruleset, unparse(records)) == [("L004", 1)]  # the edit is seen first
    log = parse_log(unparse(rechain(records)))
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, log)
    [diag] = exc.value.diagnostics
    assert (diag.code, diag.line) == ("L003", 1)
    assert "0123456789ab" in diag.message and ruleset.version in diag.message
    # the rules are in fact the same, so forcing the replay works
    _, replayed_result = replay(ruleset, log, check_version=False)
    assert replayed_result == result


def test_a_log_without_its_end_record_is_refused_after_its_last_line(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    assert records[-1]["type"] == "end"
    assert refusal(ruleset, unparse(records[:-1])) == [("L006", len(records))]
    half = len(records) // 2
    assert refusal(ruleset, unparse(records[:half])) == [("L006", half + 1)]


def test_a_log_cut_off_mid_line_is_refused_at_that_line(ruleset, logged, tmp_path) -> None:
    _, _, text = logged
    path = tmp_path / "cut.jsonl"
    cut = text.index("\n", len(text) // 2) + 5  # a few characters into a line
    path.write_text(text[:cut], encoding="utf-8")
    line_number = text[:cut].count("\n") + 1
    with pytest.raises(ReplayError) as exc:
        read_log(path)
    [diag] = exc.value.diagnostics
    assert (diag.path, diag.line, diag.code) == (str(path), line_number, "L001")
    assert str(exc.value).startswith(f"{path}:{line_number}:1: error[L001]: the line is not JSON")


def test_a_non_json_line_is_refused_with_its_line_number(logged, tmp_path) -> None:
    _, _, text = logged
    lines = text.splitlines()
    lines.insert(4, "this is not JSON")
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayError) as exc:
        read_log(path)
    assert [(d.code, d.line) for d in exc.value.diagnostics] == [("L001", 5)]


def test_the_written_log_reads_back_from_a_file(ruleset, logged, tmp_path) -> None:
    game, result, text = logged
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    replayed, replayed_result = replay(ruleset, read_log(path))
    assert replayed_result == result and state_digest(replayed) == state_digest(game)


def test_recorded_outcomes_the_replay_never_used_are_refused(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    extra = [{"type": "dice", "d": 6, "v": 3, "why": "block dice", "h": "0" * 16},
             {"type": "decision", "kind": "may", "team": "home", "n": 2, "choice": 0,
              "label": "yes", "opts": labels_digest(["yes", "no"]), "h": "0" * 16}]
    edited = records[:-1] + extra + records[-1:]
    # not chained: both inserted lines, and the end record after them
    n = len(records)
    assert refusal(ruleset, unparse(edited)) == [("L004", n), ("L004", n + 1), ("L004", n + 2)]
    # chained in by someone who knows the format: the game ended before them
    assert refusal(ruleset, unparse(rechain(edited))) == [("L006", len(records))]


def test_a_removed_decision_is_caught_where_it_was(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    index = next(i for i, r in enumerate(records) if r["type"] == "decision" and i > 20)
    edited = records[:index] + records[index + 1:]
    # the record after it no longer follows from the line before: it is now on line index+1
    assert refusal(ruleset, unparse(edited)) == [("L004", index + 1)]
    assert refusal(ruleset, unparse(rechain(edited)))[0] in \
        {("L005", index + 1), ("L006", index + 1)}


def test_another_answer_with_a_matching_label_still_fails_the_chain(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    index = next(i for i, r in enumerate(records) if r["type"] == "decision" and r["n"] > 2)
    records[index]["choice"] = (records[index]["choice"] + 1) % records[index]["n"]
    assert refusal(ruleset, unparse(records)) == [("L004", index + 1)]
    # re-chained, the index now names another option than the label: told at that line
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, parse_log(unparse(rechain(records))))
    [diag] = exc.value.diagnostics
    assert (diag.code, diag.line) == ("L005", index + 1)
    assert f"option {records[index]['choice']} is" in diag.message


# -- two options with the same label ---------------------------------------------------------

class LastCopyBot(GreedyBot):
    """Greedy, but when its choice shares its label with other options (two copies of one
    Challenge card), it takes the last of them: the answer a label cannot tell apart."""

    def decide(self, decision: Decision, game: object) -> int:
        index = super().decide(decision, game)
        labels = decision.labels
        return max(i for i, label in enumerate(labels) if label == labels[index])


def test_a_decision_between_two_copies_of_one_card_replays_by_index(ruleset) -> None:
    """A coach with two copies of one Challenge card in hand discards the second: the log's
    label names both, its index names one, and the replay discards that very copy."""
    found = 0
    for seed in range(40):
        copies: list[str] = []  # the kinds of decisions answered by a second copy

        def watch(kind, data, copies=copies):
            if kind == "decision":
                decision, index = data
                if decision.labels.index(decision.labels[index]) != index:
                    copies.append(decision.kind)
        agents = {"home": LastCopyBot(seed), "away": LastCopyBot(seed + 1)}
        game = Game(ruleset, "human", "orc", agents, seed=seed)
        game.listeners.append(watch)
        result, text = play_logged(game, {"home": "greedy", "away": "greedy"})
        if "discard" not in copies:
            continue
        found += 1
        replayed, replayed_result = replay(ruleset, parse_log(text))
        assert replayed_result == result and state_digest(replayed) == state_digest(game)
        # the very cards discarded, not just cards of the same name: the index decided
        assert [c.uid for c in replayed.discard] == [c.uid for c in game.discard]
        assert [[c.uid for c in t.hand] for t in replayed.teams] == \
            [[c.uid for c in t.hand] for t in game.teams]
        if found == 3:
            break
    assert found == 3, "no game with a discard between two copies of one card"


def test_the_end_record_must_hold_the_replayed_result(ruleset, logged) -> None:
    _, result, text = logged
    records = parse(text)
    end = records[-1]["result"]
    # a result field the log does not have (written before the field existed) must be empty
    assert end.pop("error", None) is None
    _, replayed_result = replay(ruleset, parse_log(unparse(rechain(records))))
    assert replayed_result == result
    end["rounds"] += 1
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, parse_log(unparse(rechain(records))))
    [diag] = exc.value.diagnostics
    assert (diag.code, diag.line) == ("L005", len(records))
    assert 'differ in "rounds"' in diag.message
    end["rounds"] -= 1
    records[-1]["state"] = "0" * 16
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, parse_log(unparse(rechain(records))))
    assert "in another state" in str(exc.value)
