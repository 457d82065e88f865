"""Game logs and replays: a logged game replays exactly; a damaged log is refused clearly."""

from __future__ import annotations

import io
import json
import re

import pytest
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.bots import GreedyBot, RandomBot
from nuffle.interpreter.replay import LogWriter, ReplayError, read_log, replay, state_digest

# what replay() says when the recorded game and the replayed one part ways
DIVERGED = re.compile(r"left the recorded game after \d+ decisions|ended differently")


def logged_game(ruleset, seed=7, home="human", away="orc", options=None):
    game = Game(ruleset, home, away, {"home": GreedyBot(seed), "away": RandomBot(seed + 1)},
                seed=seed, options=options or Options())
    stream = io.StringIO()
    writer = LogWriter(stream, game, {"home": "greedy", "away": "random"})
    result = game.play()
    writer.finish(result)
    return game, result, stream.getvalue()


def parse(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture(scope="module")
def logged(ruleset):
    return logged_game(ruleset)


def test_a_logged_game_replays_to_the_same_result_and_state(ruleset, logged) -> None:
    game, result, text = logged
    replayed, replayed_result = replay(ruleset, parse(text))
    assert replayed_result == result
    assert state_digest(replayed) == state_digest(game)
    # the replay rolled exactly the recorded dice and made as many decisions
    assert [(o.sides, o.value) for o in replayed.dice.record] == \
        [(o.sides, o.value) for o in game.dice.record]
    assert replayed.decision_count == game.decision_count == result.decisions
    # the digest tells games apart: another seed ends in another state
    other, _, _ = logged_game(ruleset, seed=8)
    assert state_digest(other) != state_digest(game)


def test_a_game_with_extra_time_replays_too(ruleset) -> None:
    options = Options(special_balls=True, endgame=True)
    game, result, text = logged_game(ruleset, seed=12, home="dwarf", away="skaven",
                                     options=options)
    header = parse(text)[0]
    assert header["options"]["special_balls"] is True and header["options"]["endgame"] is True
    replayed, replayed_result = replay(ruleset, parse(text))
    assert replayed_result == result
    assert state_digest(replayed) == state_digest(game)


def test_the_first_line_is_a_header_with_version_teams_and_seed(ruleset, logged) -> None:
    _, _, text = logged
    header = json.loads(text.splitlines()[0])
    assert header["type"] == "header"
    assert header["content"] == ruleset.version
    assert (header["home"], header["away"]) == ("human", "orc")
    assert header["seed"] == 7
    assert header["bots"] == {"home": "greedy", "away": "random"}


def test_every_dice_outcome_is_a_dice_line_in_order(logged) -> None:
    game, _, text = logged
    records = parse(text)
    dice_lines = [(r["d"], r["v"], r["why"]) for r in records if r["type"] == "dice"]
    assert dice_lines == [(o.sides, o.value, o.why) for o in game.dice.record]
    assert len(dice_lines) > 10
    # the coin toss is the game's first roll and comes before the first decision
    assert records[1]["type"] == "dice" and records[1]["d"] == 2
    assert records[-1]["type"] == "end"


def test_a_changed_coin_toss_leaves_the_recorded_game(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    assert records[1]["d"] == 2  # the coin toss
    records[1]["v"] = 3 - records[1]["v"]  # the other coach sets up first
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, records)
    assert DIVERGED.search(str(exc.value)), str(exc.value)


def test_any_changed_die_replays_the_same_or_fails_with_a_replay_error(ruleset, logged) -> None:
    """Changing one recorded die either changes nothing that matters (two faces with the
    same result, a shuffle of identical cards) or gives a ReplayError; never a crash."""
    game, result, text = logged
    records = parse(text)
    failed = 0
    for i, record in enumerate(records):
        if record["type"] != "dice" or record["d"] < 2:
            continue
        changed = [dict(r) for r in records]
        changed[i]["v"] = record["v"] % record["d"] + 1
        try:
            _, replayed_result = replay(ruleset, changed)
        except ReplayError as exc:
            assert DIVERGED.search(str(exc)), f"line {i + 1}: {exc}"
            failed += 1
        else:
            assert replayed_result == result
    assert failed > 0


def test_another_content_version_is_refused_naming_both_versions(ruleset, logged) -> None:
    _, result, text = logged
    records = parse(text)
    records[0]["content"] = "0123456789ab"
    assert ruleset.version != "0123456789ab"
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, records)
    message = str(exc.value)
    assert "0123456789ab" in message and ruleset.version in message
    # the rules are in fact the same, so forcing the replay works
    _, replayed_result = replay(ruleset, records, check_version=False)
    assert replayed_result == result


def test_a_log_without_its_end_record_is_refused(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    assert records[-1]["type"] == "end"
    with pytest.raises(ReplayError, match="no end record"):
        replay(ruleset, records[:-1])
    with pytest.raises(ReplayError, match="no end record"):
        replay(ruleset, records[: len(records) // 2])


def test_a_log_cut_off_mid_line_is_refused(ruleset, logged, tmp_path) -> None:
    _, _, text = logged
    path = tmp_path / "cut.jsonl"
    cut = text.index("\n", len(text) // 2) + 5  # a few characters into a line
    path.write_text(text[:cut], encoding="utf-8")
    line_number = text[:cut].count("\n") + 1
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, read_log(path))
    assert f"{path}:{line_number}: not a JSON line" in str(exc.value)


def test_a_non_json_line_is_refused_with_its_line_number(ruleset, logged, tmp_path) -> None:
    _, _, text = logged
    lines = text.splitlines()
    lines.insert(4, "this is not JSON")
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayError) as exc:
        read_log(path)
    assert str(exc.value).startswith(f"{path}:5: not a JSON line")


def test_the_written_log_reads_back_from_a_file(ruleset, logged, tmp_path) -> None:
    game, result, text = logged
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    replayed, replayed_result = replay(ruleset, read_log(path))
    assert replayed_result == result and state_digest(replayed) == state_digest(game)


def test_recorded_outcomes_the_replay_never_used_are_refused(ruleset, logged) -> None:
    _, _, text = logged
    records = parse(text)
    extra = [{"type": "dice", "d": 6, "v": 3, "why": "block dice"},
             {"type": "decision", "kind": "may", "team": "home", "choice": 0, "label": "yes"}]
    with pytest.raises(ReplayError):
        replay(ruleset, records[:-1] + extra + records[-1:])
