"""A scenario's script of decisions, and what each decision offered.

A scenario answers the engine's questions by label, like any scripted agent, but a step of
its script can also state what the question must (or must not) offer: a refused second
Run, a Bonus Play that may not be played twice, a claim in round 1. Every question the
engine settles, asked or taken without asking because it had one option, is kept, so the
expectations can say what was never offered or never asked.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from nuffle.interpreter.decisions import (
    Decision,
    DecisionScriptError,
    OutOfScript,
    labels_text,
)
from nuffle.interpreter.scenario_fields import ScenarioError


@dataclass(frozen=True)
class Step:
    """One scripted answer, with what the question must offer; no answer ends the run."""

    answer: str | None
    kind: str | None = None
    team: str | None = None
    offered: tuple[str, ...] = ()
    not_offered: tuple[str, ...] = ()


@dataclass(frozen=True)
class Asked:
    """A question the engine settled: its kind, the item it is about, its options, and
    whether a coach was asked (False: it had one option, taken without asking)."""

    kind: str
    team: str
    item: str | None
    labels: tuple[str, ...]
    asked: bool

    def matches(self, pattern: str) -> bool:
        """``KIND`` or ``KIND ITEM``."""
        kind, _, item = pattern.strip().partition(" ")
        return kind == self.kind and (not item.strip() or item.strip() == self.item)


def answer_text(value: Any) -> str:
    """YAML reads a bare yes/no as true/false and 3 as a number: take them as written."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def parse_steps(entries: list, where: str) -> list[Step]:
    steps: list[Step] = []
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict):
            steps.append(Step(answer_text(entry)))
            continue
        unknown = set(entry) - {"answer", "kind", "team", "offered", "not_offered"}
        if unknown:
            raise ScenarioError(f"{where}[{n + 1}]: unknown key `{sorted(unknown)[0]}` (a step has "
                                "answer, kind, team, offered, not_offered)")
        if entry.get("team") not in (None, "home", "away"):
            raise ScenarioError(f"{where}[{n + 1}].team: should be home or away")
        lists = {}
        for key in ("offered", "not_offered"):
            value = entry.get(key) or []
            if not isinstance(value, list):
                raise ScenarioError(f"{where}[{n + 1}].{key}: should be a list of option labels")
            lists[key] = tuple(answer_text(v) for v in value)
        answer = entry.get("answer")
        steps.append(Step(None if answer is None else answer_text(answer),
                          None if entry.get("kind") is None else str(entry["kind"]),
                          entry.get("team"), lists["offered"], lists["not_offered"]))
    for n, step in enumerate(steps[:-1]):
        if step.answer is None:
            raise ScenarioError(f"{where}[{n + 1}]: a step without `answer` ends the run, but "
                            f"{len(steps) - n - 1} more follow it")
    return steps


@dataclass
class ScenarioAgent:
    """Answers from the script, checking each step's offers; records every question."""

    steps: deque[Step]
    asked: list[Asked] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    on_failure: Any = None  # called with a failure, to add what happened around it

    @classmethod
    def from_script(cls, entries: list, where: str = "decisions") -> ScenarioAgent:
        return cls(deque(parse_steps(entries, where)))

    @property
    def answers(self) -> list[str]:
        """The scripted answers not used yet."""
        return [s.answer if s.answer is not None else "(a check)" for s in self.steps]

    def settled(self, decision: Decision) -> None:
        """A question taken without asking (one option): kept for the expectations."""
        self.asked.append(self._asked(decision, asked=False))

    def decide(self, decision: Decision, game: object) -> int:
        self.asked.append(self._asked(decision, asked=True))
        if not self.steps:
            raise OutOfScript(decision.kind)
        step = self.steps.popleft()
        self._check(step, decision)
        if step.answer is None:
            raise OutOfScript(decision.kind)
        try:
            return decision.labels.index(step.answer)
        except ValueError:
            raise DecisionScriptError(
                f"`{step.answer}` is not a legal answer to the {decision.kind} decision of "
                f"{decision.team}; the options are {labels_text(decision.labels)}") from None

    def _check(self, step: Step, decision: Decision) -> None:
        n = sum(q.asked for q in self.asked)  # the step's number in the script
        what = f"decision {n} ({decision.kind}, {decision.team})"
        problems = []
        if step.kind is not None and step.kind != decision.kind:
            problems.append(f"should be a {step.kind} decision, is a {decision.kind} decision")
        if step.team is not None and step.team != decision.team:
            problems.append(f"should be asked of {step.team}, is asked of {decision.team}")
        problems += [f"should offer `{label}`" for label in step.offered
                     if label not in decision.labels]
        problems += [f"offers `{label}`, which it should not" for label in step.not_offered
                     if label in decision.labels]
        for problem in problems:
            failure = f"{what} {problem}; its options are {labels_text(decision.labels)}"
            self.failures.append(failure)
            if self.on_failure is not None:
                self.on_failure(failure)

    @staticmethod
    def _asked(decision: Decision, asked: bool) -> Asked:
        item = decision.context.get("item")
        return Asked(decision.kind, decision.team, item if isinstance(item, str) else None,
                     tuple(decision.labels), asked)

