"""Thousands of logged random-v-random games replay exactly (issue 10).

The games vary what a log holds: every team, both pitches and the toss winner's choice,
with and without the Extra Time rules (special balls, Endgame cards), coach traits, and
knockout games. Random coaches often claim one of two copies of a Challenge card: those
answers share their label with another option and replay by index.

The normal run replays 2,000 games in 10 tests of 200 (pytest-xdist spreads them). The
larger run, 12,000 more games, is marked `slow` and runs only when selected:

    .venv/bin/python -m pytest -m slow tests/engine/test_replay_many.py -n auto
"""

from __future__ import annotations

import pytest
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.gamelog import play_logged, state_digest
from nuffle.interpreter.logreader import parse_log
from nuffle.interpreter.replay import replay

CHUNK = 200
CHUNKS = 10  # the normal run: 2,000 games
SLOW_CHUNK = 1_000
SLOW_CHUNKS = 12  # with -m slow: 12,000 more games


def random_game(ruleset: Ruleset, n: int) -> Game:
    """Game ``n`` of the sample: teams, pitch, Extra Time, traits and knockout cycle."""
    teams, pitches, traits = sorted(ruleset.teams), [None, *sorted(ruleset.pitches)], \
        sorted(ruleset.traits)
    extra = n % 4
    options = Options(pitch=pitches[n % len(pitches)], special_balls=bool(extra & 1),
                      endgame=bool(extra & 2), knockout=n % 7 == 0,
                      home_traits=[traits[n % len(traits)]] if n % 5 == 0 else [],
                      away_traits=[traits[(n * 3 + 1) % len(traits)]] if n % 5 == 0 else [])
    return Game(ruleset, teams[n % len(teams)], teams[(n * 7 + 3) % len(teams)],
                make_agents("random", "random", n), seed=n, options=options)


def replay_games(ruleset: Ruleset, first: int, count: int) -> int:
    """Play, log and replay games ``first`` to ``first + count - 1``; return how many
    answers picked an option whose label an earlier option shares."""
    shared = 0
    for n in range(first, first + count):
        game = random_game(ruleset, n)
        answers: list[tuple[list[str], int]] = []
        game.listeners.append(lambda kind, data, answers=answers: answers.append(
            (data[0].labels, data[1])) if kind == "decision" else None)
        result, text = play_logged(game, {"home": "random", "away": "random"})
        replayed, replayed_result = replay(ruleset, parse_log(text, f"game-{n}.jsonl"))
        assert replayed_result == result, n
        assert state_digest(replayed) == state_digest(game), n
        assert replayed.dice.record == game.dice.record, n
        shared += sum(labels.index(labels[i]) != i for labels, i in answers)
    return shared


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_logged_random_games_replay_exactly(ruleset, chunk) -> None:
    shared = replay_games(ruleset, chunk * CHUNK, CHUNK)
    assert shared > 0  # some answers named a second copy of a card, and replayed


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SLOW_CHUNKS))
def test_many_more_logged_random_games_replay_exactly(ruleset, chunk) -> None:
    """12,000 games beyond the normal run's; deselected unless `-m slow` (pyproject's
    addopts; see the module's doc)."""
    first = 100_000 + chunk * SLOW_CHUNK
    assert replay_games(ruleset, first, SLOW_CHUNK) > 0
