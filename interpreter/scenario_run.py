"""Running a scenario's script in any game: the timeline its expectations read, the end of
the script, and what a run that went as written must still check.

Each game's scenario module sets its position up and calls ``watch`` and ``play_script``;
Blitz Bowl's is nuffle.interpreter.scenario, Blood Bowl's nuffle.interpreter.blood_bowl.scenario.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nuffle.interpreter.decisions import DecisionScriptError, OutOfScript
from nuffle.interpreter.dice import Dice, DiceScriptError, Outcome, parse_script
from nuffle.interpreter.errors import RulesError
from nuffle.interpreter.scenario_expect import Timeline
from nuffle.interpreter.scenario_fields import ScenarioError, shown
from nuffle.interpreter.scenario_script import ScenarioAgent

MAX_DIE_TEXT = 40  # `bounce=north-east` and `d6=4` are far shorter


def scripted_dice(entries: list, named_faces: dict[str, tuple[int, int]]
                  ) -> list[tuple[int, int]]:
    """A scenario's scripted outcomes; an entry too long to be a die (`d` and 5,000 digits
    passes the schema's pattern) is refused before Python reads its number."""
    for entry in entries:
        if not isinstance(entry, str) or len(entry) > MAX_DIE_TEXT:
            raise ScenarioError(f"dice: `{shown(entry)}` is not a die and its result, like d6=4")
    try:
        return parse_script(entries, named_faces)
    except DiceScriptError as exc:
        raise ScenarioError(str(exc)) from None


@dataclass
class Run:
    """What one run of a scenario produced."""

    game: Any
    timeline: Timeline
    notes: list[str]
    failures: list[str] = field(default_factory=list)
    ended_by: str = ""

    @property
    def events(self) -> list[str]:
        """The events and dice rolls, as expectation patterns match them."""
        return self.timeline.events


def roll_text(game: Any, outcome: Outcome) -> str:
    """``roll d6=3 why=armour``: a rule's own roll is named by its item."""
    why = outcome.why
    if why == "rule" and game.running is not None:
        why = game.running.item
    return f"roll d{outcome.sides}={outcome.value} why={'-'.join(why.lower().split()) or 'unknown'}"


def watch(game: Any, dice: Dice, agent: ScenarioAgent, event_text: Callable[[str, dict], str],
          note_text: Callable[[Any], str]) -> Run:
    """A run whose timeline follows the game: its events, dice, decisions and narrative."""
    run = Run(game, Timeline(), [])

    def listen(kind: str, payload: Any) -> None:
        if kind == "event":
            run.timeline.event(event_text(payload[0], payload[1]))
        elif kind == "note":
            text = note_text(payload)
            run.notes.append(text)
            run.timeline.add("narrative", text)
        elif kind == "decision":
            decision, index = payload
            run.timeline.add("decision", f"{decision.kind} ({decision.team}): "
                             f"{decision.labels[index]}")
        elif kind == "settled":
            agent.settled(payload)

    game.listeners.append(listen)
    dice.listener = lambda outcome: run.timeline.event(roll_text(game, outcome))
    agent.on_failure = lambda failure: run.timeline.add("check failed", failure)
    return run


def play_script(run: Run, dice: Dice, agent: ScenarioAgent, play: Callable[[], None],
                endings: dict[type[BaseException], str], expectations: Callable[[], list[str]],
                ) -> Run:
    """Play on until the script (or the game) ends; a run that went as written then checks
    that every scripted die and answer was used, and the expectations."""
    try:
        play()
    except OutOfScript:
        run.ended_by = "script"
    except DiceScriptError as exc:
        if dice.remaining_script() or "no scripted outcome left" not in str(exc):
            run.failures.append(f"dice: {exc}")
        run.ended_by = "dice"
    except DecisionScriptError as exc:
        run.failures.append(f"decisions: {exc}")
    except RulesError as err:  # a rule ran past a limit of the engine: the run says which
        run.game.stopped_by(err)
        diag = err.diagnostic()
        run.failures.append(f"rules error: {diag.path}:{diag.line}:{diag.column}: "
                            f"error[{diag.code}]: {diag.message}")
        run.ended_by = "rules error"
    except tuple(endings) as exc:  # the game (or the half) is over
        run.ended_by = endings[type(exc)]
    if not run.failures:  # the script ran as written: what it offered and what followed
        left_dice = dice.remaining_script()
        if left_dice:
            run.failures.append(f"{len(left_dice)} scripted dice were not rolled: {left_dice}")
        if agent.answers:
            run.failures.append(f"scripted decisions not asked for: {agent.answers}")
        run.failures += expectations()
    run.failures[:0] = agent.failures
    return run
