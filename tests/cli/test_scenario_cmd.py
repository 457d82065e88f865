"""`nuffle scenario` loads files as `nuffle check` does, reports each file's problems, runs
the clean scenarios one by one (one failing or crashing never stops the others), and never
passes silently over a file that holds no scenario."""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
from nuffle.interpreter.scenario import ScenarioError, run_scenario

REPO = Path(__file__).resolve().parents[2]
BASE = REPO / "content/blitz-bowl/scenarios/ability-catchers-instincts.yaml"
HUMAN = REPO / "content/blitz-bowl/teams/human.yaml"
DIAG_LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>[A-Z]\d{3})\]: .+$")


def base() -> dict:
    return yaml.safe_load(BASE.read_text(encoding="utf-8"))


def write(folder: Path, scenario_id: str, data: dict) -> Path:
    data = {**data, "id": scenario_id}
    path = folder / f"{scenario_id}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def scenario(*args: str | Path, prelude: str = "") -> subprocess.CompletedProcess:
    code = prelude + "\nimport sys\nfrom nuffle.cli.main import main\nsys.exit(main(sys.argv[1:]))\n"
    environ = {k: v for k, v in os.environ.items() if k != "NUFFLE_DEBUG"}
    return subprocess.run([sys.executable, "-c", code, "scenario", *map(str, args)],
                          capture_output=True, text=True, check=False, cwd=REPO, env=environ,
                          timeout=300)


def no_traceback(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr[-3000:]


# ---- files that hold no scenario ---------------------------------------------------------------

@pytest.mark.parametrize("name,text", [("empty.yaml", ""), ("null.yaml", "~\n"),
                                       ("comment.yaml", "# nothing\n")])
def test_a_file_holding_nothing_fails(tmp_path, name, text) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    proc = scenario(path)
    no_traceback(proc)
    assert proc.returncode == 1, proc.stdout
    assert "0 runs" not in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "1 runs, 1 failed"


def test_dev_null_is_not_zero_runs() -> None:
    proc = scenario("/dev/null")
    no_traceback(proc)
    assert proc.returncode == 1
    assert proc.stdout.strip().splitlines()[-1] == "1 runs, 1 failed"


def test_a_file_of_another_kind_is_not_a_scenario() -> None:
    proc = scenario(HUMAN)
    no_traceback(proc)
    assert proc.returncode == 1
    assert "FAIL human\n     not a scenario: it holds a team\n" in proc.stdout


def test_a_folder_without_a_scenario_fails() -> None:
    proc = scenario(HUMAN.parent)
    assert proc.returncode == 1
    assert f"no scenario in {HUMAN.parent.relative_to(REPO)}" in proc.stdout \
        or f"no scenario in {HUMAN.parent}" in proc.stdout


def test_a_folder_of_a_team_and_its_scenario_runs_the_scenario(tmp_path) -> None:
    """Another kind met in a folder (a team beside its scenario) is passed over, not failed."""
    write(tmp_path, "probe-ok", base())
    (tmp_path / "human2.yaml").write_text(HUMAN.read_text(encoding="utf-8").replace(
        "id: human", "id: human2"), encoding="utf-8")
    proc = scenario(tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "2 runs, 0 failed"


# ---- content errors: reported like `nuffle check`, not run --------------------------------------

def test_content_errors_are_reported_like_check_and_the_others_still_run(tmp_path) -> None:
    bad = base()
    bad["setup"]["players"]["home.cacther"] = [2, 2]
    bad_path = write(tmp_path, "probe-bad", bad)
    write(tmp_path, "probe-ok", base())
    proc = scenario(tmp_path)
    no_traceback(proc)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    first = DIAG_LINE.match(lines[0])
    assert first and first["code"] == "R402" and first["path"].endswith(bad_path.name)
    assert "home.cacther" in lines[1] and "^" in lines[2]
    assert "did you mean `home.catcher`?" in proc.stdout
    assert "FAIL probe-bad\n     1 content error; not run\n" in proc.stdout
    assert "ok   probe-ok\n" in proc.stdout and "ok   probe-ok (without)\n" in proc.stdout
    assert lines[-1] == "3 runs, 1 failed"


def test_json_reports_outcomes_and_diagnostics(tmp_path) -> None:
    bad = base()
    bad["setup"]["home"] = "humans"
    write(tmp_path, "probe-bad", bad)
    write(tmp_path, "probe-ok", base())
    proc = scenario(tmp_path, "--format", "json")
    report = json.loads(proc.stdout)
    assert proc.returncode == 1 and report["ok"] is False
    assert [(r["scenario"], r["outcome"]) for r in report["runs"]] == [
        ("probe-bad", "content errors"), ("probe-ok", "passed"), ("probe-ok (without)", "passed")]
    assert {d["code"] for d in report["diagnostics"]} == {"R402"}
    assert "unknown team `humans`" in report["diagnostics"][0]["message"]


# ---- scenarios that pass the schema but cannot be set up: ScenarioError, one by one ---------------

def _variant(change) -> dict:
    data = base()
    change(data)
    return data


SETUP_ERRORS = {
    "off-pitch": (lambda d: d["setup"]["players"].update({"home.catcher": [11, 7]}),
                  "square 11,7 is off the pitch"),
    "far-off-pitch": (lambda d: d["setup"]["players"].update({"home.catcher": [3, 999]}),
                      "square 3,999 is off the pitch"),
    "blocked": (lambda d: d["setup"]["players"].update({"home.catcher": [0, 8]}),
                "square 0,8 is a blocked square"),
    "same-square": (lambda d: d["setup"]["players"].update({"home.catcher": [6, 3]}),
                    "square 6,3 is taken by home.thrower"),
    "dugout-holder": (lambda d: d["setup"].update({"balls": [{"held_by": "home.blitzer"}]}),
                      "home.blitzer is in the Dugout"),
    "two-balls-one-holder": (lambda d: d["setup"].update(
        {"balls": [{"held_by": "home.thrower"}, {"held_by": "home.thrower"}]}),
        "home.thrower already holds ball-1"),
    "ball-under-player": (lambda d: d["setup"].update({"balls": [{"at": [6, 7]}]}),
                          "home.catcher stands at 6,7"),
    "two-loose-balls": (lambda d: d["setup"].update({"balls": [{"at": [2, 2]}, {"at": [2, 2]}]}),
                        "ball-1 already lies at 2,2"),
    "ball-off-pitch": (lambda d: d["setup"].update({"balls": [{"at": [2, 19]}]}),
                       "square 2,19 is off the pitch"),
    "prone-holder": (lambda d: d["setup"]["players"].update(
        {"home.thrower": {"at": [6, 3], "prone": True}}), "home.thrower is Prone"),
    "trait-twice": (lambda d: d["setup"].update({"traits": {"home": ["bribe-the-ref"] * 2}}),
                    "`bribe-the-ref` is listed twice"),
    "empty-event": (lambda d: d["expect"].update({"events": [""]}), "event pattern is empty"),
    "huge-die": (lambda d: d.update({"dice": ["d" + "1" * 5000 + "=1"]}),
                 "is not a die and its result"),
}


def test_each_scenario_that_cannot_be_set_up_says_why_and_the_others_run(tmp_path) -> None:
    for name, (change, _) in SETUP_ERRORS.items():
        write(tmp_path, f"probe-{name}", _variant(change))
    write(tmp_path, "probe-ok", base())
    proc = scenario(tmp_path)
    no_traceback(proc)
    assert proc.returncode == 1
    for name, (_, message) in SETUP_ERRORS.items():
        match = re.search(rf"^FAIL probe-{name}\n     scenario error: .*{re.escape(message)}",
                          proc.stdout, re.MULTILINE)
        assert match, (name, message, proc.stdout)
    assert "ok   probe-ok\n" in proc.stdout


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset()


RAW_ERRORS = [  # what the schema refuses, given to run_scenario by a caller that skips it
    (lambda d: d["setup"].update({"turn": "neutral"}), "setup.turn: `neutral` should be home or away"),
    (lambda d: d["setup"].update({"first": "both"}), "setup.first: `both` should be home or away"),
    (lambda d: d["setup"].update({"scores": {"neutral": 3}}), "should be home or away"),
    (lambda d: d["setup"].update({"pitch": "nowhere"}), "no pitch `nowhere`"),
    (lambda d: d["setup"].update({"home": "nobody"}), "no team `nobody`"),
    (lambda d: d["setup"].update({"traits": {"home": ["no-such-trait"]}}), "no coach trait"),
    (lambda d: d["setup"]["cards"].update({"active": ["get-the-ball"] * 4}), "4 cards for 3 spaces"),
    (lambda d: d["setup"]["cards"].update({"hands": {"home": ["no-such-card"]}}),
     "no Challenge card `no-such-card`"),
    (lambda d: d.update({"setup": [1, 2]}), "setup: should be a mapping"),
    (lambda d: d.update({"dice": ["d6=4", 6]}), "dice: `6` is not a die"),
    (lambda d: d["setup"].update({"round": 0}), "setup.round"),
    (lambda d: d["setup"].update({"actions_left": "many"}), "setup.actions_left"),
    (lambda d: d["setup"]["players"].update({"home.thrower": "here"}), "write a square as [x, y]"),
    (lambda d: d["setup"]["players"].update({"home.thrower": [True, 3]}), "write a square as [x, y]"),
    (lambda d: d["setup"]["players"].update({"home.nobody": [1, 1]}), "no player `home.nobody`"),
    (lambda d: d["expect"].update({"players": {"away.nobody": [1, 1]}}), "no player `away.nobody`"),
    (lambda d: d["expect"].update({"score": {"both": 1}}), "should be home or away"),
]


@pytest.mark.parametrize("change,message", RAW_ERRORS, ids=[m for _, m in RAW_ERRORS])
def test_run_scenario_raises_scenario_error_not_a_crash(ruleset, change, message) -> None:
    data = copy.deepcopy(base())
    change(data)
    with pytest.raises(ScenarioError, match=re.escape(message)):
        run_scenario(ruleset, data)


def test_fewer_than_three_active_cards_leave_the_other_spaces_empty(ruleset) -> None:
    data = base()
    data["setup"]["cards"]["active"] = ["take-them-down"]
    run = run_scenario(ruleset, data)
    assert [c.item if c else None for c in run.game.active_cards] == ["take-them-down", None, None]


# ---- a bug in one run, or in the loader, stops nothing else -------------------------------------

CRASHING_RUN = """
import nuffle.interpreter.blitz_bowl.adapter as cmd
real = cmd.run_scenario
def run_scenario(ruleset, data, without=False):
    if data["id"] == "probe-crash":
        raise KeyError("engine bug")
    return real(ruleset, data, without=without)
cmd.run_scenario = run_scenario
"""

# the loader isolates a file it fails on (X001), so the crash is planted where it reads files
CRASHING_LOADER = """
import nuffle.catalogue.loader as loader
real = loader.load_item
def load_item(doc):
    if doc.path.endswith("probe-crash.yaml"):
        raise RecursionError("loader bug")
    return real(doc)
loader.load_item = load_item
"""


@pytest.mark.parametrize("prelude,error", [
    (CRASHING_RUN, "nuffle: internal error: KeyError: 'engine bug' (a bug in Nuffle"),
    (CRASHING_LOADER, "error[X001]: internal error while checking this file (RecursionError: "
                      "loader bug)")])
def test_an_internal_error_is_reported_the_others_run_and_the_exit_is_70(tmp_path, prelude,
                                                                          error) -> None:
    write(tmp_path, "probe-crash", base())
    write(tmp_path, "probe-ok", base())
    proc = scenario(tmp_path, prelude=prelude)
    no_traceback(proc)
    assert proc.returncode == 70
    assert "ok   probe-ok\n" in proc.stdout and "ok   probe-ok (without)\n" in proc.stdout
    assert re.search(r"^FAIL probe-crash", proc.stdout, re.MULTILINE)
    assert re.search(r"runs, \d failed \(\d internal errors?: a bug in Nuffle\)$", proc.stdout.strip())
    assert error in proc.stdout + proc.stderr


def test_a_scenario_score_replaces_a_starting_score(ruleset) -> None:
    """Bribe the Ref starts a coach on 1 point; `scores:` is the whole score, so the game's
    ledger must agree with it (the debug invariants stopped such a run with an exception)."""
    data = base()
    data["setup"]["traits"] = {"home": ["bribe-the-ref"]}
    data["setup"]["scores"] = {"home": 7, "away": 0}
    run = run_scenario(ruleset, data)
    assert run.game.home.score == 7
    assert sum(points for side, points, _ in run.game.ledger if side == "home") == 7


# ---- the content a scenario lives with -----------------------------------------------------------

def own_team(folder: Path) -> None:
    """A team of the author's own (the Human team under another id), beside the scenarios."""
    folder.mkdir(parents=True, exist_ok=True)
    data = yaml.safe_load(HUMAN.read_text(encoding="utf-8"))
    data.update(id="my-humans", name="My Humans")
    (folder / "my-humans.yaml").write_text(yaml.safe_dump(data, sort_keys=False),
                                           encoding="utf-8")


def own_scenario() -> dict:
    data = base()
    data["setup"]["home"] = "my-humans"
    return data


def test_a_scenario_in_a_pack_runs_with_the_pack_content(tmp_path) -> None:
    own_team(tmp_path / "pack" / "teams")
    scenarios = tmp_path / "pack" / "scenarios"
    scenarios.mkdir()
    path = write(scenarios, "mine", own_scenario())
    broken = write(scenarios, "broken", {**own_scenario(), "setup": "nothing"})
    proc = scenario(path)
    no_traceback(proc)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0] == "ok   mine"
    # the folder: the broken scenario is its own failed run, never a reason not to run mine
    proc = scenario(scenarios)
    assert proc.returncode == 1
    assert "ok   mine" in proc.stdout and "FAIL broken" in proc.stdout, proc.stdout
    assert str(broken) in proc.stdout  # its diagnostic, as `nuffle check` shows it


def test_a_scenario_in_a_plain_folder_runs_with_the_files_beside_it(tmp_path) -> None:
    own_team(tmp_path)
    path = write(tmp_path, "mine", own_scenario())
    proc = scenario(path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # without the team beside it, the scenario names a team nobody loaded
    (tmp_path / "my-humans.yaml").unlink()
    proc = scenario(path)
    assert proc.returncode == 1
    assert "error[R402]: unknown team `my-humans`" in proc.stdout, proc.stdout
