"""The scenario fuzzer: whatever happens to a scenario file, `nuffle scenario` answers with
diagnostics, a failed expectation or a scenario error, never an exception.

Mutants of the bundled scenario files (tests/cli/scenario_mutants.py: characters, lines,
keys removed, swapped and renamed, values of other types, numbers out of range, squares off
the pitch, unknown players and cards, huge lists, deep nesting, parts of other scenarios)
go through the command's own path in-process (`run_files`: the loader, then the runner),
one mutant per scenario file in each load. The normal run tries about 300 mutants; the
`slow` run about 3,000 (`pytest -m slow tests/cli/test_scenario_fuzz.py`);
`benchmarks/scenario_fuzz.py` prints the figures.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset

from nuffle.cli.scenario_cmd import INTERNAL, OUTCOMES, run_files


def _mutants_module():
    """tests/cli/scenario_mutants.py, shared with the benchmark (tests are not a package)."""
    name = "scenario_mutants"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


mutants = _mutants_module()
BATCH = len(mutants.SCENARIOS)  # one mutant of every scenario file per load
# A seed is a whole batch: shrinking it would only re-run other batches.
FUZZ = dict(deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def fuzz_batch(seed: int) -> Counter:
    """Mutate every scenario once (seeded), check and run them all as `nuffle scenario` does;
    return the outcomes. Fails, naming the mutant, on an internal error."""
    batch = mutants.mutants(random.Random(seed), BATCH)
    report = run_files(load_ruleset(), [path for path, _, _ in batch], [],
                       overrides={path: text for path, _, text in batch})
    by_file = {Path(r.file).resolve(): r for r in report.runs}
    bugs = [r for r in report.runs if r.outcome == INTERNAL]
    for r in bugs:
        path, names, text = next(m for m in batch if m[0].resolve() == Path(r.file).resolve())
        pytest.fail(f"seed {seed}: mutant of {path.name} ({', '.join(names)}) crashed: "
                    f"{r.failures[0]}\n--- the mutant ---\n{text[:3000]}")
    assert all(r.outcome in OUTCOMES for r in report.runs)
    assert all(path.resolve() in by_file for path, _, _ in batch), "a mutant went unreported"
    return Counter(r.outcome for r in report.runs)


@settings(max_examples=3, **FUZZ)
@given(st.integers(0, 2 ** 32 - 1))
def test_no_exception_escapes_a_mutated_scenario(seed: int) -> None:
    outcomes = fuzz_batch(seed)
    # the mutants reach every stage: some are refused by the checks, some run
    assert outcomes["content errors"] > 0
    assert outcomes["passed"] + outcomes["failed"] + outcomes["scenario error"] > 0


@pytest.mark.slow
@settings(max_examples=30, **FUZZ)
@given(st.integers(0, 2 ** 32 - 1))
def test_no_exception_escapes_thousands_of_mutated_scenarios(seed: int) -> None:
    fuzz_batch(seed)


@pytest.fixture(autouse=True)
def _only_when_selected(request) -> None:
    """The slow fuzz runs only when selected (`-m slow`), like the other long runs."""
    if request.node.get_closest_marker("slow") and \
            "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("a long run: select it with `pytest -m slow`")
