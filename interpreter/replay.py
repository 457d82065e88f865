"""Replays that prove the game.

Replaying feeds a log's recorded outcomes and answers back to a new game and checks each
record as the game consumes it: a die must be the die the game rolls (its sides, its
reason and, when the record names one, the rule that rolls it), a decision the question
the game asks (its kind, team, options) and an answer by index whose label matches. It
never needs the bots or the seed, so it checks the engine, not luck. Every problem is a
diagnostic with the line of the log it is on (L003 content the header names, L005 another
game, L006 a log that ends early or runs on).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from nuffle.dsl.diagnostics import Diagnostic
from nuffle.interpreter.decisions import Decision
from nuffle.interpreter.dice import Dice, Outcome
from nuffle.interpreter.gamelog import header_game, labels_digest, result_record, state_digest
from nuffle.interpreter.games import rules
from nuffle.interpreter.logreader import GameLog, Record, ReplayError, shown


class _Diverged(Exception):  # noqa: N818 - a signal out of the game, the reason is kept
    """The game asked for something the log does not record at this point."""


def describe(record: Record) -> str:
    """What a record holds, in words, for a message."""
    r = record.data
    if record.type == "dice":
        rolled = f" rolled by {shown(r['rule'])}" if "rule" in r else ""
        return f"a d{r['d']} for {shown(r['why'])}{rolled} showing {r['v']}"
    if record.type == "decision":
        return (f"a {shown(r['kind'])} decision of {r['team']} with {r['n']} options, answered "
                f"{r['choice']} {shown(r['label'])}")
    return "the end of the game"


class LogFeed:
    """The log's dice and decisions, handed to the replayed game one at a time, each
    checked against what the game asks at that point (L005) and against running out (L006).

    The first failure is kept in ``failure`` before the game is interrupted, so it is
    reported even if the game were to catch the interruption.
    """

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self.records = log.body()
        self.position = 0
        self.current: Record | None = None
        self.failure: Diagnostic | None = None

    def fail(self, code: str, line: int, message: str) -> _Diverged:
        if self.failure is None:
            self.failure = Diagnostic(code, message, self.log.path, line, 1)
        return _Diverged(message)

    def take(self, asked: str, kind: str) -> dict:
        """The next record, if it is of the kind the game asks for."""
        if self.failure is not None:
            raise _Diverged(self.failure.message)  # the game caught it: stop again
        if self.position >= self.log.body_count:
            raise self.fail("L006", self.log.end.line, f"the log records the end of the game "
                                                       f"here, but the game goes on: {asked}")
        record = self.current = next(self.records)
        self.position += 1
        if record.type != kind:
            raise self.fail("L005", record.line, f"{asked}, but the log records "
                                                 f"{describe(record)}")
        return record.data

    def die(self, sides: int, why: str, rule: str | None = None) -> int:
        """The recorded value of the die the game rolls now (``rule``: the item whose hook
        rolls it, which the record names when it has a `rule`; logs written before dice
        named their rule have none)."""
        asked = f"the game rolls a d{sides} for {shown(why)}"
        r = self.take(asked, "dice")
        if r["d"] != sides or r["why"] != why:
            raise self.fail("L005", self.current_line, f"{asked}, but the log records "
                                                       f"a d{r['d']} for {shown(r['why'])}")
        if "rule" in r and r["rule"] != rule:
            roller = f"the rules of {shown(rule)}" if rule else "the core (no rule)"
            raise self.fail("L005", self.current_line, f"{asked} in {roller}, but the log "
                                                       f"records it rolled by {shown(r['rule'])}")
        return r["v"]

    def answer(self, decision: Decision) -> int:
        """The recorded answer, by index, to the question the game asks now."""
        labels = decision.labels
        asked = (f"the game asks {decision.team} for a {shown(decision.kind)} decision with "
                 f"{len(labels)} options")
        r = self.take(asked, "decision")
        if (r["kind"], r["team"], r["n"]) != (decision.kind, decision.team, len(labels)):
            raise self.fail("L005", self.current_line, f"{asked}, but the log records a "
                                                       f"{shown(r['kind'])} decision of {r['team']} "
                                                       f"with {r['n']} options")
        if r["opts"] != labels_digest(labels):
            offered = ", ".join(shown(label) for label in labels[:8])
            raise self.fail("L005", self.current_line, f"{asked} ({offered}"
                                                       f"{', …' if len(labels) > 8 else ''}), "
                                                       "but the log records other options")
        if labels[r["choice"]] != r["label"]:
            raise self.fail("L005", self.current_line, f"{asked}: option {r['choice']} is "
                                                       f"{shown(labels[r['choice']])}, but the "
                                                       f"log records {shown(r['label'])}")
        return r["choice"]

    @property
    def current_line(self) -> int:
        assert self.current is not None
        return self.current.line

    def unused(self) -> tuple[int, Record | None]:
        """How many records the game did not use, and the first of them."""
        left = self.log.body_count - self.position
        return left, next(self.records) if left else None


class LoggedDice(Dice):
    """Dice that show what the log recorded, checking each roll is the one logged."""

    def __init__(self, feed: LogFeed) -> None:
        super().__init__(seed=0)
        self.feed = feed
        self.game: Any = None  # the replayed game, once made: whose rule is rolling

    def roll(self, sides: int, why: str = "") -> int:
        rule = self.game.rule_ref() if self.game is not None else None
        value = self.feed.die(sides, why, rule)
        outcome = Outcome(sides, value, why)
        self.record.append(outcome)
        if self.listener is not None:
            self.listener(outcome)
        return value


class LoggedAgent:
    """A coach who answers with the logged index, checked against the logged question."""

    def __init__(self, feed: LogFeed) -> None:
        self.feed = feed

    def decide(self, decision: Decision, game: object) -> int:
        return self.feed.answer(decision)


def header_problems(ruleset: Any, log: GameLog, check_version: bool) -> list[Diagnostic]:
    """What the header names that this content does not have (L003)."""
    h, line = log.header.data, log.header.line
    game = rules(header_game(h))
    out: list[str] = []
    if check_version and h["content"] != ruleset.version:
        out.append(f"the log was recorded with content version {shown(h['content'])}, but the "
                   f"content is now version {shown(ruleset.version)}: rules may have changed "
                   "since, so the game cannot be replayed exactly (use --ignore-version to try "
                   "anyway)")
    out += game.header_problems(ruleset, h)
    for side in ("home", "away"):
        if h["bots"][side] not in game.BOTS:
            out.append(f"the {side} bot {shown(h['bots'][side])} is not one of "
                       f"{', '.join(game.BOTS)}")
    return [Diagnostic("L003", message, log.path, line, 1) for message in out]


def replay(ruleset: Any, log: GameLog, check_version: bool = True,
           listeners: list[Callable[[Any], Any]] | None = None) -> tuple[Any, Any]:
    """Re-run the logged game; return it if it ends exactly as logged, else raise ReplayError
    at the first record the game does not follow."""
    problems = header_problems(ruleset, log, check_version)
    if problems:
        raise ReplayError(problems)
    h = log.header.data
    game_rules = rules(header_game(h))
    options = game_rules.options_from_record(h["options"])
    feed = LogFeed(log)
    agent = LoggedAgent(feed)
    dice = LoggedDice(feed)
    game = game_rules.new_game(ruleset, h["home"], h["away"], {"home": agent, "away": agent},
                               h["seed"], options, dice)
    dice.game = game
    for make in listeners or []:
        game.listeners.append(make(game))
    result = None
    with contextlib.suppress(_Diverged):  # the reason is in feed.failure
        result = game.play()
    if feed.failure is not None:
        raise ReplayError([feed.failure])
    assert result is not None  # only a failure of the feed stops the game early
    return game, _check_end(game, result, feed)


def result_differences(replayed: dict, logged: dict) -> list[str]:
    """The result fields that differ. A field the log lacks (written before the field was
    added to results) must be empty in the replay; anything else must be equal."""
    replayed, logged = _placeless(replayed), _placeless(logged)
    keys = sorted(set(replayed) | set(logged))
    return [shown(k) for k in keys if (replayed.get(k) != logged[k] if k in logged
                                       else replayed[k] is not None)]


def _placeless(result: dict) -> dict:
    """A result without where its rules error's file lay on the recording machine (a homebrew
    file's folder is not part of the game)."""
    error = result.get("error")
    if not isinstance(error, dict) or "path" not in error:
        return result
    return {**result, "error": {k: v for k, v in error.items() if k != "path"}}


def _check_end(game: Any, result: Any, feed: LogFeed) -> Any:
    """The game ended: every record used (L006), and the result and state as logged (L005)."""
    log = feed.log
    left, unused = feed.unused()
    if unused is not None:
        raise ReplayError([Diagnostic(
            "L006", f"the game ended here ({result.reason}), but the log records "
                    f"{left} more dice and decisions, from {describe(unused)}",
            log.path, unused.line, 1)])
    end = log.end.data
    score = f"{result.score['home']}-{result.score['away']} ({result.reason})"
    logged = end["result"]
    differ = result_differences(result_record(result), logged)
    if differ:
        raise ReplayError([Diagnostic(
            "L005", f"the game ends {score}, but the log records "
                    f"{logged['score']['home']}-{logged['score']['away']} "
                    f"({shown(logged['reason'])}); they differ in {', '.join(differ)}",
            log.path, log.end.line, 1)])
    if state_digest(game) != end["state"]:
        raise ReplayError([Diagnostic(
            "L005", f"the game ends {score} as logged, but in another state (digest "
                    f"{state_digest(game)}, the log records {end['state']})",
            log.path, log.end.line, 1)])
    return result
