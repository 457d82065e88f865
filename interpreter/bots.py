"""Bots: agents that answer decisions by themselves (principle 6).

``random`` picks uniformly among the legal options; ``greedy`` scores the options with a
short heuristic (score touchdowns, claim cards, pick up and move the ball forward, block
when the odds are good). Their own randomness is seeded and separate from the game's
dice: it decides, it never rolls, and the log records its answers.
"""

from __future__ import annotations

import random

from nuffle.interpreter.decisions import Decision


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Decision, game: object) -> int:
        return self.rng.randrange(len(decision.options))
