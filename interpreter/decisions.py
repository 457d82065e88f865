"""Decisions: every choice a coach makes is a question with its legal answers (principle 6).

The engine asks; an agent (a bot, a test script, a replay, a person) answers with the
index of one option. Each option has a stable label, so scripts and logs name choices
in words ("home.catcher run", "to 5,10") rather than by position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(slots=True)
class Decision:
    """A question for one team's coach: what ``kind`` of choice, and the legal options.

    Labels are made only when someone reads them (a script, a log, a person): bots that
    answer by index never pay for them.
    """

    kind: str
    team: str  # "home" | "away"
    options: Sequence[object]
    labeler: Callable[[object], str] | list[str]
    prompt: str = ""
    context: dict = field(default_factory=dict)
    _labels: list[str] | None = None

    @property
    def labels(self) -> list[str]:
        if self._labels is None:
            lab = self.labeler
            self._labels = list(lab) if isinstance(lab, list) else [lab(o) for o in self.options]
        return self._labels


class Agent(Protocol):
    def decide(self, decision: Decision, game: object) -> int:
        """The index of the chosen option."""
        ...


class DecisionScriptError(Exception):
    """A scripted or replayed answer does not match any legal option."""


class OutOfScript(Exception):  # noqa: N818 - a signal, not a failure
    """A scripted agent has no answers left: the scenario is over."""


def labels_text(labels: Sequence[str], most: int = 30) -> str:
    """Options for a message: the first ``most`` labels in backticks, then how many more."""
    shown = ", ".join(f"`{label}`" for label in labels[:most])
    return shown + (f" and {len(labels) - most} more" if len(labels) > most else "")
