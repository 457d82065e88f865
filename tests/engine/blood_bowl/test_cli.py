"""The commands for Blood Bowl: play, kickoff, replay, simulate and scenario, with --game
and --tables, and the game inferred from the teams."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nuffle.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
BB = ["--game", "blood-bowl", "--home", "human", "--away", "orc"]


def run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_tells_a_whole_match_the_same_way_every_time(capsys) -> None:
    code_a, first, _ = run(["play", *BB, "--seed", "3"], capsys)
    code_b, second, _ = run(["play", *BB, "--seed", "3"], capsys)
    code_c, other, _ = run(["play", *BB, "--seed", "4"], capsys)
    assert code_a == code_b == code_c == 0
    assert first == second and other != first
    assert first.startswith("Blood Bowl: Human v Orc (greedy v random, seed 3, pbbl tables)")
    assert "win the coin toss" in first and "Weather Table:" in first
    assert "Kick-Off Table:" in first
    assert "half 2, turn 8" in first  # the second half is played to its last turn
    assert "Final score: Human" in first
    assert "    1 2 3 4 5 6 7 8 9 10" in first  # the pitch after each team turn


def test_play_with_the_bb2020_tables(capsys) -> None:
    code, out, _ = run(["play", *BB, "--seed", "5", "--tables", "bb2020"], capsys)
    assert code == 0
    assert "bb2020 tables" in out and "Kick-off Event Table:" in out
    assert "Kick-Off Table:" not in out


def test_the_game_is_inferred_and_options_of_the_other_game_refused(capsys) -> None:
    # both games have a `human` and an `orc` team: Blitz Bowl, and a note says so
    code, out, err = run(["play", "--home", "human", "--away", "orc", "--seed", "1"], capsys)
    assert code == 0 and "round 1" in out and "--game blood-bowl" in err
    with pytest.raises(SystemExit) as exc:
        main(["play", "--home", "human", "--away", "orc", "--tables", "bb2020"])
    assert exc.value.code == 2
    assert "--tables: Blood Bowl (PBBL 1.10) option (add --game blood-bowl)" \
        in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["play", *BB, "--pitch", "one-trapdoor"])
    assert exc.value.code == 2
    assert "--pitch: Blitz Bowl (Season 2) option" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["play", "--game", "blood-bowl", "--home", "human", "--away", "lizardmen"])
    assert exc.value.code == 2  # Blitz Bowl's; Blood Bowl's is `lizardman`
    assert "no team `lizardmen`" in capsys.readouterr().err


def test_kickoff_shows_the_table_and_the_pitch(capsys) -> None:
    code, out, _ = run(["kickoff", "--seed", "2", "--tables", "bb2020"], capsys)
    assert code == 0
    assert "Weather Table:" in out and "Kick-off Event Table:" in out
    assert "half 1, turn 1" not in out  # it stops after the kick-off
    assert "home: Human, 0 points" in out
    again = run(["kickoff", "--seed", "2", "--tables", "bb2020"], capsys)[1]
    assert again == out


def test_a_logged_match_replays_and_a_changed_one_does_not(capsys, tmp_path) -> None:
    log = tmp_path / "m.jsonl"
    assert run(["play", *BB, "--seed", "6", "--log", str(log)], capsys)[0] == 0
    header = json.loads(log.read_text().splitlines()[0])
    assert header["game"] == "blood-bowl" and header["options"]["tables"] == "pbbl"
    code, out, _ = run(["replay", str(log)], capsys)
    assert code == 0 and "matches the log" in out
    code, out, _ = run(["replay", str(log), "--show"], capsys)
    assert code == 0 and "Kick-Off Table:" in out
    lines = log.read_text().splitlines()
    header["options"]["tables"] = "bb2020"  # another match's options, same digest chain
    lines[0] = json.dumps(header, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n")
    code, _, err = run(["replay", str(log)], capsys)
    assert code == 1 and "L004" in err


def test_simulate_reports_blood_bowl_figures(capsys) -> None:
    code, out, _ = run(["simulate", *BB, "--games", "6", "--format", "json"], capsys)
    assert code == 0
    pairing = json.loads(out)["pairings"][0]
    assert pairing["games"] == 6
    assert set(pairing["home_team"]) == {"score", "touchdowns", "casualties"}
    wins = pairing["home_wins"]["count"] + pairing["draws"]["count"] \
        + pairing["away_wins"]["count"]
    assert wins == 6


def test_scenario_runs_a_blood_bowl_scenario(capsys) -> None:
    path = ROOT / "content" / "blood-bowl" / "scenarios" / "kick-off-riot-forward.yaml"
    code, out, _ = run(["scenario", str(path), "-v"], capsys)
    assert code == 0
    assert "ok   kick-off-riot-forward" in out and "Kick-Off Table: Riot" in out


def test_the_game_is_inferred_from_team_ids_compiling_only_the_game_played(
        capsys, monkeypatch) -> None:
    # telling the games apart needs their team ids, not their compiled rules: a Blood Bowl
    # match builds no Blitz Bowl ruleset, and the other way round
    from nuffle.interpreter.blitz_bowl import ruleset as blitz
    from nuffle.interpreter.blood_bowl import ruleset as blood
    built: list[str] = []
    for module, game in ((blitz, "blitz-bowl"), (blood, "blood-bowl")):
        monkeypatch.setattr(module, "_CACHE", {})
        real = module.build_ruleset
        monkeypatch.setattr(module, "build_ruleset",
                            lambda catalogue, real=real, game=game: built.append(game)
                            or real(catalogue))
    code, out, _ = run(["play", "--home", "amazon", "--away", "khemri", "--seed", "2"], capsys)
    assert code == 0 and out.startswith("Blood Bowl: Amazon v Khemri")
    assert built == ["blood-bowl"]
    code, out, _ = run(["play", "--home", "human", "--away", "orc", "--seed", "1"], capsys)
    assert code == 0 and "round 1" in out
    assert built == ["blood-bowl", "blitz-bowl"]
