"""The dice service: the one source of randomness in a game (principle 5).

Every roll, shuffle and random pick goes through it, and each outcome is recorded, so a
log replays exactly and a test can script the outcomes it needs.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass


class DiceScriptError(Exception):
    """Scripted or replayed outcomes do not fit the roll the game asked for."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One recorded random outcome: ``sides`` faces, ``value`` from 1 to ``sides``."""

    sides: int
    value: int
    why: str


class Dice:
    """Seeded dice that record what they roll; outcomes can be scripted instead."""

    def __init__(self, seed: int | None = None,
                 script: Iterable[tuple[int, int]] | None = None) -> None:
        self._rng = random.Random(seed)
        self._script: deque[tuple[int, int]] | None = deque(script) if script is not None else None
        self.record: list[Outcome] = []
        self.listener: Callable[[Outcome], None] | None = None

    def remaining_script(self) -> list[tuple[int, int]]:
        return list(self._script or ())

    def roll(self, sides: int, why: str = "") -> int:
        """One die of ``sides`` faces."""
        if self._script is not None:
            if not self._script:
                raise DiceScriptError(f"no scripted outcome left for a d{sides} ({why})")
            want_sides, value = self._script[0]
            if want_sides != sides:
                raise DiceScriptError(
                    f"the script has a d{want_sides} next, but the game rolls a d{sides} ({why})")
            self._script.popleft()
        else:
            value = self._rng.randint(1, sides)
        if not 1 <= value <= sides:
            raise DiceScriptError(f"a d{sides} cannot show {value}")
        outcome = Outcome(sides, value, why)
        self.record.append(outcome)
        if self.listener is not None:
            self.listener(outcome)
        return value

    def roll_many(self, count: int, sides: int, why: str = "") -> list[int]:
        return [self.roll(sides, why) for _ in range(count)]

    def pick(self, options: Sequence, why: str = ""):
        """A random member of ``options`` (one die with as many faces as options)."""
        if len(options) == 1:
            return options[0]
        return options[self.roll(len(options), why) - 1]

    def shuffle(self, items: list, why: str = "") -> None:
        """Shuffle in place, Fisher-Yates, with one recorded die per swap."""
        for i in range(len(items) - 1, 0, -1):
            j = self.roll(i + 1, why) - 1
            items[i], items[j] = items[j], items[i]


def parse_script(entries: Iterable[str], named_faces: dict[str, tuple[int, int]] | None = None,
                 ) -> list[tuple[int, int]]:
    """Turn ``["d6=4", "d8=3", "block=tackle"]`` into ``[(6, 4), (8, 3), (6, 2)]``.

    ``named_faces`` maps ``kind=name`` (``block=tackle``) to a (sides, value) outcome.
    """
    out = []
    for entry in entries:
        text = entry.strip()
        if "=" not in text:
            raise DiceScriptError(f"`{text}`: write a die and its result, like d6=4")
        die, _, value = (part.strip() for part in text.partition("="))
        if named_faces and f"{die}={value}" in named_faces:
            out.append(named_faces[f"{die}={value}"])
            continue
        if not die.startswith("d") or not die[1:].isdigit() or not value.isdigit():
            raise DiceScriptError(f"`{text}`: write a die and its result, like d6=4")
        out.append((int(die[1:]), int(value)))
    return out
