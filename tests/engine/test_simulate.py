"""Simulation statistics and splitting games over worker processes."""

from __future__ import annotations

import json
import math
from dataclasses import asdict

import pytest
from nuffle.interpreter.blitz_bowl.game import Options
from nuffle.interpreter.simulate import GameSpec, game_seed, mean_ci, run_games, wilson

Z = 1.959964


def test_wilson_of_no_successes_starts_at_zero() -> None:
    p, low, high = wilson(0, 10)
    assert p == 0.0
    assert low == 0.0
    # high = z²/n / (1 + z²/n) = 0.38415 / 1.38415
    assert high == pytest.approx(0.27753, abs=1e-4)
    assert high < 0.35


def test_wilson_of_half_is_centred_and_symmetric() -> None:
    p, low, high = wilson(5, 10)
    assert p == 0.5
    assert (low + high) / 2 == pytest.approx(0.5, abs=1e-12)
    assert 0.5 - low == pytest.approx(high - 0.5, abs=1e-12)
    # half-width z * sqrt(0.025 + z²/400) / (1 + z²/10)
    half = Z * math.sqrt(0.025 + Z ** 2 / 400) / (1 + Z ** 2 / 10)
    assert half == pytest.approx(0.2634, abs=1e-4)
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-9)


def test_wilson_of_all_successes_ends_at_one_and_of_no_games_is_zero() -> None:
    p, low, high = wilson(10, 10)
    assert p == 1.0 and high == pytest.approx(1.0, abs=1e-12)
    assert low == pytest.approx(1 - 0.27753, abs=1e-4)
    assert wilson(0, 0) == (0.0, 0.0, 0.0)


def test_mean_ci_of_constant_values_has_no_width() -> None:
    assert mean_ci([4.0] * 7) == (4.0, 0.0)
    assert mean_ci([2.5]) == (2.5, 0.0)


def test_mean_ci_of_known_values() -> None:
    # mean 2, sample standard deviation 1: half-width z / sqrt(3)
    mean, half = mean_ci([1.0, 2.0, 3.0])
    assert mean == 2.0
    assert half == pytest.approx(Z / math.sqrt(3), abs=1e-9)


def test_run_games_gives_the_same_results_with_two_jobs() -> None:
    pairings = [("human", "orc"), ("dwarf", "elf"), ("skaven", "goblin"), ("undead", "chaos"),
                ("halfling", "nurgle")]
    specs = []
    for i in range(10):
        home, away = pairings[i % len(pairings)]
        bots = ("greedy", "random") if i % 2 == 0 else ("random", "greedy")
        options = Options(special_balls=i % 3 == 0, endgame=i % 4 == 0)
        specs.append(GameSpec(i, home, away, game_seed(9, i), bots, options))
    one = [asdict(r) for r in run_games(specs, jobs=1)]
    two = [asdict(r) for r in run_games(specs, jobs=2)]
    assert len(one) == 10
    assert two == one
    # the games differ from one another, so the order of the results is checked too
    assert len({json.dumps(r, sort_keys=True) for r in one}) == 10


def test_game_seeds_differ_between_runs_and_games() -> None:
    seeds = {game_seed(s, i) for s in range(1, 5) for i in range(100)}
    assert len(seeds) == 400
