"""Soak: play many seeded games in debug mode and report every invariant violation.

Each game checks the game's invariants after every step (every player of each team's
roster between pitch and Dugout, one player per square, nobody on a blocked square, every
ball on the pitch, held or out of play, scores equal to their scoring events). Teams, bots and Extra Time
rules rotate with the seed. Any violation or exception is printed with the seed that
reproduces it (`nuffle play --seed N --debug ...`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import traceback

from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset
from nuffle.interpreter.bots import GreedyBot, RandomBot
from tqdm import tqdm

from nuffle import limits


def one(seed: int) -> tuple[int, str | None, int, int]:
    ruleset = load_ruleset()
    teams = sorted(ruleset.teams)
    home, away = teams[seed % 13], teams[(seed // 13) % 13]
    options = Options(debug=True, special_balls=seed % 2 == 1, endgame=seed % 3 == 1,
                      knockout=seed % 5 == 4)
    bots = [(RandomBot, RandomBot), (GreedyBot, RandomBot), (GreedyBot, GreedyBot)][seed % 3]
    try:
        game = Game(ruleset, home, away, {"home": bots[0](seed), "away": bots[1](seed + 1)},
                    seed=seed, options=options)
        result = game.play()
    except Exception:  # noqa: BLE001 - the soak reports every failure
        return seed, f"{home} v {away}: " + traceback.format_exc(limit=3), 0, 0
    budget = game.budget
    peaks = max(budget.peak_event, budget.event), max(budget.peak_turn, budget.turn)
    if result.error is not None:  # the bundled content must never reach an engine limit
        return seed, f"{home} v {away}: rules error {result.error}", *peaks
    return seed, None, *peaks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    start = time.perf_counter()
    failures = []
    peak_event = peak_turn = 0
    with multiprocessing.Pool(args.jobs) as pool:
        bar = tqdm(pool.imap_unordered(one, range(args.games), chunksize=50),
                   total=args.games, unit="game", disable=not sys.stderr.isatty())
        for seed, error, event_steps, turn_steps in bar:
            peak_event, peak_turn = max(peak_event, event_steps), max(peak_turn, turn_steps)
            if error:
                failures.append((seed, error))
    elapsed = time.perf_counter() - start
    print(f"{args.games} games in debug mode in {elapsed:.1f} s on {args.jobs} processes: "
          f"{len(failures)} with a violation or an error")
    print(f"most rule steps for one event: {peak_event} (limit {limits.STEPS_PER_EVENT:,}); "
          f"in one turn: {peak_turn} (limit {limits.STEPS_PER_TURN:,})")
    for seed, error in sorted(failures)[:20]:
        print(f"--- seed {seed}\n{error}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
