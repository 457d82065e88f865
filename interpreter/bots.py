"""Bots: agents that answer decisions by themselves (principle 6).

``random`` picks uniformly among the legal options; ``greedy`` scores the options with a
short heuristic (score touchdowns, claim cards, pick up and move the ball forward, block
when the odds are good). Their own randomness is seeded and separate from the game's
dice: it decides, it never rolls, and the log records its answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from nuffle.interpreter.blitz_bowl import actions, combat
from nuffle.interpreter.decisions import Agent, Decision


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, game: object) -> int:
        return self.rng.randrange(len(decision.options))


# Result order for a blocker choosing between two Block dice: best first.
BLOCK_PREFERENCE = ("kerrunch", "knocked-down", "tackle", "shove", "miss")


class GreedyBot:
    """A one-step heuristic: each option gets a score and the best one is taken.

    It goes for touchdowns, picks up loose balls, throws to team-mates who can score,
    blocks the ball carrier and blocks when the dice favour it, and claims the card worth
    most. Ties go to the first option, so it plays the same way every time.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, game: object) -> int:
        name = "_" + decision.kind.replace("-", "_")
        setup = self._SCORERS.get(name)
        if setup is not None:  # what every option's score reads, worked out once
            scores = setup(self, decision, game)(decision.options)
        else:
            scorer = getattr(self, name, None)
            if scorer is None:
                return 0
            scores = [scorer(option, decision, game) for option in decision.options]
        return scores.index(max(scores))  # the first of the best

    # -- geometry ----------------------------------------------------------------------
    @staticmethod
    def to_goal(game, team, sq: int) -> int:
        """Rows between a square and the end zone the team scores in."""
        row = game.board.xy(team.scoring_zone[0])[1]
        return abs(game.board.xy(sq)[1] - row)

    @staticmethod
    def loose_balls(game) -> list:
        return [b for b in game.balls if b.in_play and b.holder is None and b.square is not None]

    # -- decisions ---------------------------------------------------------------------
    def _action(self, option, decision, game, loose: list | None = None) -> float:
        if option is None:
            return 0.5
        p, action = option
        team = p.team
        if loose is None:
            loose = self.loose_balls(game)
        if action == "run":
            steps = actions.allowance(game, p, "run")
            if p.ball is not None:
                gap = self.to_goal(game, team, p.square)
                return 100.0 if gap <= steps else 40.0 - gap
            if loose:
                board, sq = game.board, p.square  # Board.chebyshev, from the kept tables
                reach = min(board.distances(b.square)[sq] for b in loose)
                if reach <= steps:
                    return 70.0 - reach
                return 15.0 - reach / 4
            return 6.0
        if action == "throw":
            best = 0.0
            for mate in actions.throw_targets(game, p):
                assert mate.square is not None  # throw targets are on the pitch
                gap = self.to_goal(game, team, mate.square)
                if mate.square in team.scoring_zone and mate.open:
                    best = max(best, 95.0 if p.throw <= 4 else 60.0)
                elif gap + 2 < self.to_goal(game, team, p.square) and mate.open:
                    best = max(best, 30.0 - gap)
            return best or -1.0
        if action == "block":
            targets = actions.block_targets(game, p)
            carrier = any(t.ball is not None for t in targets)
            assisted = any(combat.block_assisted(game, p, t) for t in targets)
            return (55.0 if carrier else 25.0) + (15.0 if assisted else 0.0)
        if action == "mark":
            foes = [o for o in team.opponent.players if o.ball is not None and o.square is not None]
            if foes and min(game.board.chebyshev(p.square, o.square) for o in foes) <= 3:
                return 45.0
            return 8.0
        if action == "sidestep":
            return 30.0 if p.ball is not None else 5.0
        if action == "stand-up":
            return 22.0
        if action == "reserves":
            return 20.0
        return 1.0

    def _move(self, option, decision, game) -> float:
        return self._move_scorer(decision, game)([option])[0]

    def _move_scorer(self, decision, game) -> Callable[[list], list[float]]:
        """The score of each square a move can end on. What it reads (the mover, the
        balls, the ball carriers) does not change while the coach chooses, so it is read
        once per decision rather than once per square offered; the distances to a ball
        come from the pitch's tables (Board.distances) instead of being worked out."""
        p = game.player(decision.context["player"])
        action = decision.context.get("action")
        team = p.team
        board = game.board
        ys = board.ys
        goal_row = board.xy(team.scoring_zone[0])[1]
        if p.ball is not None:
            scoring = frozenset(team.scoring_zone)

            def carrier(options: list) -> list[float]:
                return [-1.0 if o is None else 100.0 if o in scoring
                        else 50.0 - abs(ys[o] - goal_row)  # to_goal
                        for o in options]
            return carrier
        loose = {b.square for b in self.loose_balls(game)} if action == "run" else set()
        beside = 0  # the squares next to a ball carrier (Board.adjacent)
        if action == "mark":
            for o in team.opponent.players:
                if o.ball is not None and o.square is not None:
                    beside |= board.neighbour_masks[o.square]
        tables = [board.distances(b.square) for b in game.balls
                  if b.in_play and b.square is not None]

        def score(options: list) -> list[float]:
            if len(tables) == 1:  # the usual case: one ball on the pitch
                t = tables[0]
                if not loose and not beside:
                    return [0.0 if o is None else 40.0 - t[o] for o in options]
                return [0.0 if o is None else 90.0 if o in loose
                        else 80.0 if beside >> o & 1 else 40.0 - t[o] for o in options]
            if not tables:  # no ball on the pitch: towards the end zone (to_goal)
                return [0.0 if o is None else 90.0 if o in loose
                        else 80.0 if beside >> o & 1 else 20.0 - abs(ys[o] - goal_row) / 2
                        for o in options]
            return [0.0 if o is None else 90.0 if o in loose
                    else 80.0 if beside >> o & 1 else 40.0 - min([t[o] for t in tables])
                    for o in options]  # the nearest ball
        return score

    def _action_scorer(self, decision, game) -> Callable[[list], list[float]]:
        """The score of each action offered. What a run's or a mark's score reads besides
        the player (the loose balls and their distance tables, each side's end-zone row,
        the opposing ball carriers) is read once per decision; the other actions go to
        ``_action``. Each option still asks for its move allowance, in the same order, as
        the allowance's rules fire (and are counted) whoever asks."""
        loose = self.loose_balls(game)
        board = game.board
        ys = board.ys
        tables = [board.distances(b.square) for b in loose]
        allowance = actions.allowance
        goal_rows: dict = {}  # team -> the row of the end zone it scores in
        carriers: dict = {}  # team -> the squares of the opposing ball carriers

        def score(options: list) -> list[float]:
            out: list[float] = []
            for option in options:
                if option is None:
                    out.append(0.5)
                    continue
                p, action = option
                if action == "run":
                    steps = allowance(game, p, "run")
                    if p.ball is not None:
                        team = p.team
                        row = goal_rows.get(team)
                        if row is None:
                            row = goal_rows[team] = ys[team.scoring_zone[0]]
                        gap = abs(ys[p.square] - row)  # to_goal
                        out.append(100.0 if gap <= steps else 40.0 - gap)
                    elif tables:
                        sq = p.square
                        reach = min([t[sq] for t in tables])  # the nearest loose ball
                        out.append(70.0 - reach if reach <= steps else 15.0 - reach / 4)
                    else:
                        out.append(6.0)
                elif action == "mark":
                    team = p.team
                    foes = carriers.get(team)
                    if foes is None:
                        foes = carriers[team] = [o.square for o in team.opponent.players
                                                 if o.ball is not None and o.square is not None]
                    near = foes and min([board.chebyshev(p.square, sq) for sq in foes]) <= 3
                    out.append(45.0 if near else 8.0)
                else:
                    out.append(self._action(option, decision, game, loose))
            return out
        return score

    _SCORERS: dict[str, Callable] = {"_move": _move_scorer, "_action": _action_scorer}

    def _block_target(self, option, decision, game) -> float:
        return (50.0 if option.ball is not None else 0.0) - option.armour

    def _throw_target(self, option, decision, game) -> float:
        team = option.team
        score = 50.0 - self.to_goal(game, team, option.square)
        if option.square in team.scoring_zone and option.open:
            score += 100.0
        if option.marked:
            score -= 20.0
        return score

    def _block_result(self, option, decision, game) -> float:
        return -BLOCK_PREFERENCE.index(option) if option in BLOCK_PREFERENCE else -10.0

    def _claim(self, option, decision, game) -> float:
        return -1.0 if option is None else float(option.points)

    def _discard(self, option, decision, game) -> float:
        return 1.0 if option.bonus_play is None else 0.0

    def _may(self, option, decision, game) -> float:
        return 1.0 if option else 0.0

    def _play(self, option, decision, game) -> float:
        return 1.0 if option else 0.0

    def _follow_up(self, option, decision, game) -> float:
        return 0.0 if option else 1.0

    def _setup(self, option, decision, game) -> float:
        x, _ = game.board.xy(option)
        return -abs(x - game.board.width // 2)

    _reserves_square = _setup


BOTS: dict[str, Callable[[int], Agent]] = {"random": RandomBot, "greedy": GreedyBot}


def make_agents(home: str, away: str, seed: int, bots: dict | None = None) -> dict:
    """The two coaches' bots for the game with this seed, seeded the same way wherever a
    game is played (play, simulate, league), so one seed means one game everywhere.
    ``bots`` is the game's own table of bots (Blitz Bowl's by default)."""
    table = BOTS if bots is None else bots
    return {"home": table[home](seed * 2 + 1), "away": table[away](seed * 2 + 2)}
