"""The Blood Bowl greedy bot: a one-step heuristic, cheap and deterministic.

It moves the ball carrier towards the end zone, sends the nearest player to a loose ball,
blocks when the dice favour it, passes forward to an open team-mate, takes every re-roll
and skill, and sets up a legal line in the middle of its half. Its own seeded randomness is
separate from the match's dice (it decides, it never rolls).
"""

from __future__ import annotations

import random
from typing import Any

from nuffle.interpreter.blood_bowl.blocking import block_dice
from nuffle.interpreter.blood_bowl.pitch import distance
from nuffle.interpreter.blood_bowl.state import Player, Square
from nuffle.interpreter.decisions import Decision

BLOCK_ORDER = ("defender-down", "defender-stumbles", "pushed", "both-down", "attacker-down")


class BloodBowlGreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.deciding: Decision | None = None
        self.mover: Player | None = None  # a step decision's player, and the risk of a
        self.penalty = 0  # further square for them (Dodge or Going For It)

    def decide(self, decision: Decision, game: Any) -> int:
        scorer = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if scorer is None:
            return 0
        team = game.side(decision.team)
        self.deciding = decision
        if decision.kind == "step":  # the same mover and risk for every square offered
            mover = game.player(decision.context["player"])
            risky = game.tackle_zones(mover.square, team) > 0 \
                or mover.moves_used >= mover.movement
            self.mover, self.penalty = mover, 3 if risky else 0
        scores = [scorer(option, team, game) for option in decision.options]
        return max(range(len(scores)), key=scores.__getitem__)

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def to_goal(game: Any, team: Any, sq: Square) -> int:
        return abs(sq.x - game.scoring_end(team))

    @staticmethod
    def ball_square(game: Any) -> Square | None:
        return game.holder.square if game.holder is not None else game.ball

    # -- decisions -------------------------------------------------------------------------
    def _action(self, option: Any, team: Any, game: Any) -> float:
        if option is None:
            return 0.5
        p, action = option
        carrier = game.holder
        ball = self.ball_square(game)
        if carrier is p:
            return {"move": 9, "pass": 5, "hand-off": 4}.get(action, 0)
        if action == "block":
            return 6 + self._block_odds(game, p)
        if action == "blitz" and carrier is not None and carrier.team is not team:
            return 7 - distance(p.square, carrier.square) / 4
        if action == "move":
            if carrier is None and ball is not None:
                return 8 - distance(p.square, ball) / 3
            return 2 + self.rng.random()
        return 1 if action == "foul" else 0

    @staticmethod
    def _block_odds(game: Any, p: Player) -> float:
        best = 0.0
        for s in p.square.neighbours:
            q = game.occupant.get(s)
            if q is not None and q.team is not p.team and q.standing:
                count, mine = block_dice(p.strength, q.strength)
                best = max(best, count if mine else -count)
        return best

    def _step(self, option: Any, team: Any, game: Any) -> float:
        what, arg = option
        carrier = game.holder
        if what == "end":
            return 0
        if what == "block":
            return 5 if arg is carrier else 3
        if what in ("throw", "hand-off"):
            return 2
        if what == "foul":
            return 1
        mover, penalty = self.mover, self.penalty
        if carrier is not None and carrier.team is team and mover is carrier:
            return 10 - self.to_goal(game, team, arg) / 3 - penalty
        ball = self.ball_square(game)
        if carrier is None and ball is not None:
            return 8 - distance(arg, ball) - penalty
        target = carrier.square if carrier is not None else None
        if target is not None:
            return 4 - distance(arg, target) / 2 - penalty
        return -penalty

    def _setup(self, option: Any, team: Any, game: Any) -> float:
        if option is None:
            return -5
        centre = 13 if team is game.away else 12
        return -abs(option.x - centre) - abs(option.y - 7) / 2

    def _kick(self, option: Any, team: Any, game: Any) -> float:
        back = 22 if team is game.home else 3
        return -abs(option.x - back) - abs(option.y - 7)

    def _touchback(self, option: Any, team: Any, game: Any) -> float:
        return -self.to_goal(game, team, option.square)

    def _block_die(self, option: Any, team: Any, game: Any) -> float:
        attacking = game.active is team
        rank = BLOCK_ORDER.index(option)
        return -rank if attacking else rank

    def _pass_target(self, option: Any, team: Any, game: Any) -> float:
        p = game.occupant.get(option)
        if p is None or p.team is not team:
            return -100
        return -self.to_goal(game, team, option) - 3 * game.tackle_zones(option, team)

    def _push(self, option: Any, team: Any, game: Any) -> float:
        return 1 if option is None else 0

    def _follow_up(self, option: Any, team: Any, game: Any) -> float:
        return 1 if option else 0

    def _reroll(self, option: Any, team: Any, game: Any) -> float:
        faces = self.deciding.context.get("faces") if self.deciding is not None else None
        if faces and any(f in ("defender-down", "defender-stumbles", "pushed") for f in faces):
            return 0 if option else 1  # a block worth keeping
        return 1 if option else 0

    def _may(self, option: Any, team: Any, game: Any) -> float:
        return 1 if option else 0

    _bribe = _may

    def _interceptor(self, option: Any, team: Any, game: Any) -> float:
        return 0 if option is None else 1 + option.agility
