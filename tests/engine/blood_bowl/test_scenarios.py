"""Every Blood Bowl scenario holds (with its item's rules on, and off in its `without` run),
and every skill with rules and every table entry has a scenario showing it in the engine."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from nuffle.interpreter.blood_bowl.scenario import run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[3] / "content" / "blood-bowl"
                    / "scenarios").glob("*.yaml"))


def load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_holds(bb_ruleset, path: Path) -> None:
    data = load(path)
    run = run_scenario(bb_ruleset, data)
    assert not run.failures, "\n".join(run.failures)
    if "without" in data:
        off = run_scenario(bb_ruleset, data, without=True)
        assert not off.failures, "without: " + "\n".join(off.failures)
        assert data["without"]["expect"] != data["expect"], \
            "the `without` run must expect something else: the rule has to change the outcome"


def covered() -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for path in SCENARIOS:
        data = load(path)
        for ref in data.get("tests") or []:
            out.setdefault(ref, []).append(data)
    return out


def test_every_table_entry_has_a_scenario(bb_ruleset) -> None:
    """Both Kick-Off tables, both Weather tables and the Prayers to Nuffle (issue 12, 6)."""
    scenarios = covered()
    wanted = {f"table/{table.id}#{entry.id}" for table in bb_ruleset.tables.values()
              for entry in table.entries.values()}
    assert len(wanted) == 11 + 11 + 5 + 5 + 16
    missing = sorted(ref for ref in wanted if ref not in scenarios)
    assert not missing, f"no scenario for {missing}"


def test_every_skill_with_rules_has_a_scenario_with_a_without_run(bb_ruleset) -> None:
    scenarios = covered()
    wanted = [f"ability/{s}" for s, rules in bb_ruleset.skills.items() if rules.compiled.hooks]
    assert len(wanted) >= 13
    missing = [ref for ref in wanted if ref not in scenarios]
    assert not missing, f"no scenario for {missing}"
    not_shown = [ref for ref in wanted if not any("without" in s for s in scenarios[ref])]
    assert not not_shown, f"no scenario with a `without` run for {not_shown}"


def test_a_die_too_long_to_read_is_a_scenario_error(bb_ruleset) -> None:
    """`d` and 5,000 digits passes the schema's pattern; Python would refuse the number."""
    from nuffle.interpreter.scenario_fields import ScenarioError
    data = load(SCENARIOS[0])
    data["dice"] = ["d" + "9" * 5000 + "=1"]
    with pytest.raises(ScenarioError, match="is not a die and its result"):
        run_scenario(bb_ruleset, data)
