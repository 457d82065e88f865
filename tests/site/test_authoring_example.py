"""The authoring guide's worked example (site/examples/norse/): the files check clean, the
team plays, and the guide shows exactly the files' content, so the two cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from nuffle.cli.main import main

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "site" / "examples" / "norse"
GUIDE = REPO / "site" / "docs" / "authoring.md"
TEAM = "norse"

YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.MULTILINE | re.DOTALL)


def example_items() -> dict[tuple[str, str], dict]:
    items = {}
    for path in sorted(EXAMPLE.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        items[(data["kind"], data["id"])] = data
    return items


def guide_items() -> list[dict]:
    text = GUIDE.read_text(encoding="utf-8")
    return [yaml.safe_load(block) for block in YAML_BLOCK.findall(text)
            if block.startswith("kind:")]


def test_the_example_has_a_team_an_ability_a_ball_and_a_scenario() -> None:
    kinds = sorted(kind for kind, _ in example_items())
    assert kinds == ["ability", "ball", "scenario", "team"]
    assert ("team", TEAM) in example_items()


def test_the_example_folder_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "0 errors" in out
    assert "error[" not in out


def test_a_game_with_the_example_content_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--home", TEAM, "--away", "orc", "--seed", "1",
                 "--content", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Norse (home")
    assert "Final score: Norse" in out


def test_the_scenario_names_the_new_team_and_tests_the_new_ability() -> None:
    items = example_items()
    (scenario,) = [d for (kind, _), d in items.items() if kind == "scenario"]
    (ability,) = [i for kind, i in items if kind == "ability"]
    assert TEAM in (scenario["setup"]["home"], scenario["setup"]["away"])
    assert scenario["tests"] == [f"ability/{ability}"]
    assert "without" in scenario


def test_every_yaml_item_in_the_guide_equals_its_example_file() -> None:
    files = example_items()
    shown = guide_items()
    assert shown, "the guide shows no ```yaml block starting with `kind:`"
    for data in shown:
        key = (data.get("kind"), data.get("id"))
        assert key in files, f"the guide shows {key}, which is not in {EXAMPLE}"
        assert data == files[key], f"the guide's {key} differs from its example file"
    # and every example file is shown in the guide
    assert {(d["kind"], d["id"]) for d in shown} == set(files)
