"""Soak: play many seeded games in debug mode and report every invariant violation.

`--game blood-bowl` plays Blood Bowl matches instead: by default every ordered pair of the
team lists once (21 lists: 441 matches), rotating the tables and the bots.

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


def one_match(seed: int) -> tuple[int, str | None, int, int]:
    """Blood Bowl: the seed picks an ordered pair of team lists (every pair once per
    teams² seeds), the tables edition and the bots; the match runs in debug mode."""
    from nuffle.interpreter.blood_bowl.match import Match, Options
    from nuffle.interpreter.blood_bowl.ruleset import load_ruleset as load_bb
    ruleset = load_bb()
    teams = sorted(ruleset.teams)
    home, away = teams[seed % len(teams)], teams[(seed // len(teams)) % len(teams)]
    bots = [(RandomBot, RandomBot), (GreedyBot, RandomBot), (GreedyBot, GreedyBot)][seed % 3]
    from nuffle.interpreter.blood_bowl.bot import BloodBowlGreedyBot
    kinds = [BloodBowlGreedyBot if b is GreedyBot else RandomBot for b in bots]
    try:
        match = Match(ruleset, home, away, {"home": kinds[0](seed), "away": kinds[1](seed + 1)},
                      seed=seed, options=Options(tables="bb2020" if seed % 2 else "pbbl",
                                                 debug=True))
        result = match.play()
    except Exception:  # noqa: BLE001 - the soak reports every failure
        return seed, f"{home} v {away}: " + traceback.format_exc(limit=3), 0, 0
    budget = match.budget
    peaks = max(budget.peak_event, budget.event), max(budget.peak_turn, budget.turn)
    if result.error is not None:
        return seed, f"{home} v {away}: rules error {result.error}", *peaks
    return seed, None, *peaks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games to play (default: 10,000 Blitz Bowl games; for Blood "
                             "Bowl, every ordered pair of team lists once)")
    parser.add_argument("--game", choices=["blitz-bowl", "blood-bowl"], default="blitz-bowl")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    if args.games is None:
        if args.game == "blood-bowl":
            from nuffle.interpreter.blood_bowl.ruleset import load_ruleset as load_bb
            args.games = len(load_bb().teams) ** 2
        else:
            args.games = 10_000
    play = one_match if args.game == "blood-bowl" else one
    start = time.perf_counter()
    failures = []
    peak_event = peak_turn = 0
    with multiprocessing.Pool(args.jobs) as pool:
        bar = tqdm(pool.imap_unordered(play, range(args.games), chunksize=10),
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
