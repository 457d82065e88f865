"""Many games between bots, and what they add up to (the balance check authors need).

Game ``i`` of a run with seed ``S`` always uses the same seed, so splitting the games over
worker processes gives exactly the same aggregate as playing them in one.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.games import DEFAULT_GAME, rules
from nuffle.interpreter.rule_counts import RuleTally, RuleTotals
from nuffle.interpreter.worker_gc import frozen_for_workers, tune_worker

Z95 = 1.959964


@dataclass(frozen=True)
class GameSpec:
    index: int
    home: str
    away: str
    seed: int
    bots: tuple[str, str]
    options: Any
    game: str = DEFAULT_GAME


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_one(spec: GameSpec, extra: tuple[str, ...] = ()) -> Any:
    return play_counted(spec, extra)[0]


def play_counted(spec: GameSpec, extra: tuple[str, ...] = ()) -> tuple[Any, RuleTally]:
    """The game's result, and what each item's rules did in it."""
    game = rules(spec.game)
    ruleset = game.load_ruleset([Path(p) for p in extra])
    agents = make_agents(spec.bots[0], spec.bots[1], spec.seed, game.BOTS)
    played = game.new_game(ruleset, spec.home, spec.away, agents, spec.seed, spec.options)
    return played.play(), played.tally


_EXTRA: tuple[str, ...] = ()


def _init(extra: tuple[str, ...], game: str) -> None:
    global _EXTRA
    _EXTRA = extra
    tune_worker()
    rules(game).load_ruleset([Path(p) for p in extra])


def _play(spec: GameSpec) -> tuple[int, Any, RuleTally]:
    return spec.index, *play_counted(spec, _EXTRA)


def run_games(specs: list[GameSpec], jobs: int = 1, extra: Iterable[Path] = (),
              progress: Callable[[], None] | None = None) -> list[Any]:
    """Play every game; the results come back in game order, whatever ``jobs`` is."""
    return run_games_counted(specs, jobs, extra, progress)[0]


def run_games_counted(specs: list[GameSpec], jobs: int = 1, extra: Iterable[Path] = (),
                      progress: Callable[[], None] | None = None,
                      ) -> tuple[list[Any], list[RuleTally]]:
    """Play every game: the results and the tallies of their rules, in game order, whatever
    ``jobs`` is (the tallies come back from the workers with the results)."""
    extra_names = tuple(str(p) for p in extra)
    results: list[Any] = [None] * len(specs)
    tallies: list[RuleTally | None] = [None] * len(specs)
    if jobs <= 1:
        for spec in specs:
            results[spec.index], tallies[spec.index] = play_counted(spec, extra_names)
            if progress:
                progress()
    else:
        ctx = multiprocessing.get_context("spawn" if multiprocessing.get_start_method() != "fork"
                                          else "fork")
        game = specs[0].game if specs else DEFAULT_GAME
        with frozen_for_workers(), \
                ctx.Pool(jobs, initializer=_init, initargs=(extra_names, game)) as pool:
            chunk = max(1, min(50, len(specs) // (jobs * 8) or 1))
            for index, result, tally in pool.imap_unordered(_play, specs, chunksize=chunk):
                results[index], tallies[index] = result, tally
                if progress:
                    progress()
    return [r for r in results if r is not None], [t for t in tallies if t is not None]


def rule_totals(tallies: Iterable[RuleTally]) -> RuleTotals:
    totals = RuleTotals()
    for tally in tallies:
        totals.add(tally)
    return totals


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson interval (low, high)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def summarise(results: list[Any], home: str, away: str, game: str = DEFAULT_GAME,
              tallies: list[RuleTally] | None = None) -> dict:
    """Wins, draws and losses, each team's figures and, given the games' tallies, what each
    item's rules did (``rules``: the teams' items, even those that never fired, and every
    other item that did)."""
    n = len(results)
    wins = sum(r.winner == "home" for r in results)
    losses = sum(r.winner == "away" for r in results)
    draws = n - wins - losses
    out: dict = {"home": home, "away": away, "games": n}
    for key, k in (("home_wins", wins), ("draws", draws), ("away_wins", losses)):
        p, low, high = wilson(k, n)
        out[key] = {"count": k, "rate": round(p, 4), "ci95": [round(low, 4), round(high, 4)]}
    adapter = rules(game)
    for side in ("home", "away"):
        team: dict = {}
        for key, _ in adapter.SUMMARY_FIELDS:
            values = [adapter.summary_value(r, key, side) for r in results]
            mean, half = mean_ci(values)
            team[key] = {"mean": round(mean, 3), "ci95": round(half, 3)}
        out[side + "_team"] = team
    if adapter.LENGTH_FIELD is not None:
        mean, half = mean_ci([float(getattr(r, adapter.LENGTH_FIELD)) for r in results])
        out[adapter.LENGTH_FIELD] = {"mean": round(mean, 2), "ci95": round(half, 2)}
    if tallies is not None:
        out["rules"] = rule_totals(tallies).rows()
    return out
