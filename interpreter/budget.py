"""The step budget: how much work content may make the engine do (principle 4).

A step is a hook whose body runs, an effect made, a round of a `for each` loop, or a die a
rule rolls. The steps set off by one event (with every event they set off in turn) and the
steps of one team turn are counted against STEPS_PER_EVENT and STEPS_PER_TURN; past either,
the game stops with a RulesError naming the rule that was running. Core procedures are not
counted: each is bounded by its own limit (bounces, actions per turn, rounds).
"""

from __future__ import annotations

from nuffle.interpreter.errors import Origin, RulesError

from nuffle import limits


class Budget:
    __slots__ = ("event", "turn", "total", "peak_event", "peak_turn")

    def __init__(self) -> None:
        self.event = 0
        self.turn = 0
        self.total = 0  # every step of the game, for tests and benchmarks
        self.peak_event = 0  # the most steps any one event took: how close a game came
        self.peak_turn = 0

    def new_event(self) -> None:
        self.peak_event = max(self.peak_event, self.event)
        self.event = 0

    def new_turn(self) -> None:
        self.peak_turn = max(self.peak_turn, self.turn)
        self.turn = 0

    def step(self, origin: Origin | None, n: int = 1) -> None:
        self.event += n
        self.turn += n
        self.total += n
        if self.event > limits.STEPS_PER_EVENT:
            raise RulesError("G001", f"the rules made more than {limits.STEPS_PER_EVENT:,} steps "
                             "(hooks fired, effects, loop rounds, dice) for one event",
                             origin, "a hook that sets off its own event, or loops inside "
                             "loops, multiply without end")
        if self.turn > limits.STEPS_PER_TURN:
            raise RulesError("G002", f"the rules made more than {limits.STEPS_PER_TURN:,} steps "
                             "in one turn", origin, "look for a hook that fires on every "
                             "event and does a lot of work")
