"""The commands that play games: play, replay, simulate, league."""

from __future__ import annotations

import json
import re

import pytest
from nuffle.interpreter.blitz_bowl.game import Options
from nuffle.interpreter.gamelog import rechain
from nuffle.interpreter.simulate import GameSpec, game_seed, play_one

from nuffle.cli.main import main


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def usage_error(argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


# -- play --------------------------------------------------------------------------------------

def test_play_is_byte_for_byte_deterministic_and_the_seed_matters(capsys) -> None:
    code_a, first, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "3"], capsys)
    code_b, second, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "3"], capsys)
    code_c, other, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "4"], capsys)
    assert code_a == code_b == code_c == 0
    assert first == second
    assert other != first


def test_play_shows_an_ascii_board_and_the_final_score(capsys) -> None:
    code, out, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "3"], capsys)
    assert code == 0
    lines = out.splitlines()
    # both pitches are 11 squares wide and 19 long: a header of column numbers, then the rows
    header = "    " + "".join(f"{x:<2}" for x in range(11))
    assert header.rstrip() in [line.rstrip() for line in lines]
    start = next(i for i, line in enumerate(lines) if line.rstrip() == header.rstrip())
    rows = lines[start + 1:start + 20]
    assert [int(row[:3]) for row in rows] == list(range(19))
    assert all(len(row) <= 4 + 2 * 11 for row in rows)
    assert "==" in rows[0] and "==" in rows[18]  # the end zones
    assert lines[start + 20].startswith("home Human")
    final = [line for line in lines if line.startswith("Final score: Human ")]
    assert len(final) == 1
    assert re.match(r"Final score: Human \d+ - \d+ Orc: ", final[0])


def test_a_played_log_replays(tmp_path, capsys) -> None:
    log = tmp_path / "game.jsonl"
    code, out, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "3",
                        "--log", str(log)], capsys)
    assert code == 0 and f"Log written to {log}" in out
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert (header["home"], header["away"], header["seed"]) == ("human", "orc", 3)
    code, out, err = run(["replay", str(log)], capsys)
    assert code == 0, err
    assert "matches the log" in out


def test_replay_of_a_log_from_other_content_exits_1_without_a_traceback(tmp_path, capsys) -> None:
    log = tmp_path / "game.jsonl"
    assert run(["play", "--home", "human", "--away", "orc", "--seed", "3", "--log", str(log)],
               capsys)[0] == 0
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    records[0]["content"] = "feedfacecafe"
    # re-chained, as a log recorded with other content would be: only the version differs
    log.write_text("".join(json.dumps(r) + "\n" for r in rechain(records)), encoding="utf-8")
    code, out, err = run(["replay", str(log)], capsys)
    assert code == 1
    assert "feedfacecafe" in err and "content version" in err
    assert "Traceback" not in err and "matches the log" not in out
    # --ignore-version replays it anyway (the content did not really change)
    code, out, _ = run(["replay", "--ignore-version", str(log)], capsys)
    assert code == 0 and "matches the log" in out


def test_an_unknown_team_is_a_usage_error_suggesting_the_right_one(capsys) -> None:
    err = usage_error(["play", "--home", "humna", "--away", "orc"], capsys)
    assert "no team `humna`" in err
    assert "`human`" in err and "did you mean" in err


def test_the_team_suggestion_reads_once(capsys) -> None:
    err = usage_error(["play", "--home", "humna", "--away", "orc"], capsys)
    assert "(did you mean `human`?)" in err
    assert err.count("did you mean") == 1


def test_extra_time_rules_are_used(tmp_path, capsys) -> None:
    log = tmp_path / "game.jsonl"
    code, out, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "3",
                        "--extra-time", "balls,endgame", "--log", str(log)], capsys)
    assert code == 0 and "Final score" in out
    options = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["options"]
    assert options["special_balls"] is True and options["endgame"] is True


def test_an_unknown_extra_time_rule_is_a_usage_error(capsys) -> None:
    err = usage_error(["play", "--home", "human", "--away", "orc", "--extra-time", "nope"], capsys)
    assert "nope" in err


# -- simulate ----------------------------------------------------------------------------------

SIMULATE = ["simulate", "--home", "human", "--away", "orc", "--games", "12", "--format", "json",
            "--seed", "4"]


def test_simulate_gives_the_same_json_whatever_the_jobs(capsys) -> None:
    code_1, one, _ = run([*SIMULATE, "--jobs", "1"], capsys)
    code_2, two, _ = run([*SIMULATE, "--jobs", "2"], capsys)
    assert code_1 == code_2 == 0
    assert one == two
    data = json.loads(one)
    (pairing,) = data["pairings"]
    assert (pairing["home"], pairing["away"], pairing["games"]) == ("human", "orc", 12)
    counts = [pairing[k]["count"] for k in ("home_wins", "draws", "away_wins")]
    assert sum(counts) == 12
    for key in ("home_wins", "draws", "away_wins"):
        low, high = pairing[key]["ci95"]
        assert low <= pairing[key]["rate"] <= high


def test_simulate_counts_the_games_it_played(capsys) -> None:
    """Game i of a run with seed S is the game with seed game_seed(S, i) (greedy v greedy by
    default), so the counts can be worked out by playing those games directly."""
    code, out, _ = run(SIMULATE, capsys)
    assert code == 0
    pairing = json.loads(out)["pairings"][0]
    results = [play_one(GameSpec(i, "human", "orc", game_seed(4, i), ("greedy", "greedy"),
                                 Options())) for i in range(12)]
    assert pairing["home_wins"]["count"] == sum(r.winner == "home" for r in results)
    assert pairing["away_wins"]["count"] == sum(r.winner == "away" for r in results)
    assert pairing["draws"]["count"] == sum(r.winner is None for r in results)
    mean_home = sum(r.score["home"] for r in results) / 12
    assert pairing["home_team"]["score"]["mean"] == pytest.approx(mean_home, abs=0.001)


def test_simulate_against_all_plays_every_other_team(ruleset, capsys) -> None:
    code, out, _ = run(["simulate", "--home", "human", "--away", "all", "--games", "2",
                        "--format", "json"], capsys)
    assert code == 0
    pairings = json.loads(out)["pairings"]
    others = sorted(t for t in ruleset.teams if t != "human")
    assert len(others) == 12
    assert len(pairings) == 12
    assert [p["away"] for p in pairings] == others
    assert all(p["home"] == "human" and p["games"] == 2 for p in pairings)


# -- league ------------------------------------------------------------------------------------

def section(lines: list[str], title: str) -> list[str]:
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def test_league_prints_the_table_the_final_and_the_awards(capsys) -> None:
    code, out, _ = run(["league", "--coaches", "4", "--seed", "2"], capsys)
    assert code == 0
    lines = out.splitlines()
    table = section(lines, "League table")[1:]  # after the column titles
    assert len(table) == 4
    names = set()
    for row in table:
        fields = row.split()
        names.add(fields[1])
        played, won, drawn, lost, points = (int(f) for f in fields[-7:-2])
        assert played == 10 and won + drawn + lost == 10
        assert points == 3 * won + drawn
    assert names == {"coach-1", "coach-2", "coach-3", "coach-4"}
    knockouts = section(lines, "Knockout matches")
    assert len(knockouts) == 1
    top_two = [table[0].split()[1], table[1].split()[1]]
    assert re.match(rf"  final: {top_two[0]} v {top_two[1]} \d+-\d+.*: coach-\d wins the league",
                    knockouts[0])
    awards = section(lines, "Awards")
    assert len(awards) == 4
    assert all(re.search(r": coach-\d(, coach-\d)*$", a) for a in awards)


def test_a_league_needs_three_coaches(capsys) -> None:
    err = usage_error(["league", "--coaches", "2"], capsys)
    assert "three coaches" in err


def test_league_json_has_ten_roster_lines_per_coach(capsys) -> None:
    code, out, _ = run(["league", "--coaches", "4", "--seed", "2", "--format", "json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert len(data["coaches"]) == 4
    for coach in data["coaches"]:
        assert len(coach["roster"]) == 10
        assert all(line["opponent"] != coach["name"] for line in coach["roster"])
    assert data["champion"] in {c["name"] for c in data["coaches"]}
