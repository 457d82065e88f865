"""A scenario's expectations, compared with the game it played.

Each failure says what was expected and what happened instead; a failure about events
also shows the run's timeline (events, dice, decisions and the narrative) from the last
event that did match, so the reader sees where the game went another way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nuffle.interpreter.decisions import labels_text
from nuffle.interpreter.scenario_fields import ScenarioError, listed, mapping, side
from nuffle.interpreter.scenario_script import Asked

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game

CONTEXT_LINES = 12  # timeline lines shown after the last event that matched


@dataclass
class Timeline:
    """What happened, in order: events and dice rolls (which patterns match), decisions and
    the narrative (which show the way)."""

    lines: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    event_at: list[int] = field(default_factory=list)  # each event's place in ``lines``

    def event(self, text: str) -> None:
        self.event_at.append(len(self.lines))
        self.events.append(text)
        self.lines.append(f"event: {text}")

    def add(self, kind: str, text: str) -> None:
        self.lines.append(f"{kind}: {text}")

    def after(self, event_index: int) -> list[str]:
        """The lines that follow event ``event_index`` (-1: from the start)."""
        start = self.event_at[event_index] + 1 if event_index >= 0 else 0
        return self.lines[start:start + CONTEXT_LINES]


def check_expectations(game: Game, expect: dict, timeline: Timeline,
                       asked: list[Asked]) -> list[str]:
    out: list[str] = []
    out += _players(game, mapping(expect.get("players"), "expect.players"))
    out += _balls(game, listed(expect.get("balls"), "expect.balls"))
    for team, points in mapping(expect.get("score"), "expect.score").items():
        if game.side(side(team, "expect.score")).score != points:
            out.append(f"{team} should have {points} points, has {game.side(team).score}")
    for team, cards in mapping(expect.get("hands"), "expect.hands").items():
        have = sorted(c.item for c in game.side(side(team, "expect.hands")).hand)
        want_cards = sorted(str(c) for c in listed(cards, f"expect.hands.{team}"))
        if have != want_cards:
            out.append(f"{team}'s hand should be {want_cards}, is {have}")
    if "active" in expect:
        have = [c.item if c else None for c in game.active_cards]
        if have != expect["active"]:
            out.append(f"active cards should be {expect['active']}, are {have}")
    piles = (("discard", "the discard pile (oldest first)", [c.item for c in game.discard]),
             ("deck", "the Challenge deck (top first)", [c.item for c in game.deck]),
             ("ball_deck", "the ball deck (top first)", list(game.ball_deck)))
    for key, name, have in piles:
        if key in expect:
            want = [str(c) for c in listed(expect[key], f"expect.{key}")]
            if have != want:
                out.append(f"{name} should be {want}, is {have}")
    if "actions_left" in expect and game.actions_left != expect["actions_left"]:
        out.append(f"actions left should be {expect['actions_left']}, is {game.actions_left}")
    out += _result(game, expect)
    out += _questions(expect, asked)
    out += check_events(listed(expect.get("events"), "expect.events"),
                        [str(e) for e in listed(expect.get("no_events"), "expect.no_events")],
                        timeline)
    return out


def _players(game: Game, players: dict) -> list[str]:
    out = []
    board = game.board
    for pid, want in players.items():
        try:
            p = game.player(pid)
        except KeyError as exc:
            raise ScenarioError(str(exc.args[0])) from None
        if want == "dugout":
            want = {"dugout": True}
        elif isinstance(want, list):
            want = {"at": want}
        want = mapping(want, f"expect.players.{pid}")
        # no board yet (a script that ended before the pitch was chosen): all in the Dugout
        where = board.xy(p.square) if p.square is not None and board is not None \
            else "the Dugout"
        if "at" in want and (p.square is None or board is None
                             or board.xy(p.square) != tuple(want["at"])):
            out.append(f"{pid} should be at {want['at']}, is at {where}")
        if want.get("dugout") and p.square is not None:
            out.append(f"{pid} should be in the Dugout, is at {where}")
        if "prone" in want and p.prone != want["prone"]:
            out.append(f"{pid} should {'' if want['prone'] else 'not '}be Prone")
        if "has_ball" in want and p.held != want["has_ball"]:
            out.append(f"{pid} should {'' if want['has_ball'] else 'not '}hold a ball")
        if "actions_ended" in want and p.actions_ended != want["actions_ended"]:
            out.append(f"{pid}: actions_ended should be {want['actions_ended']}")
    return out


def _balls(game: Game, balls: list) -> list[str]:
    out = []
    board = game.board
    for n, want in enumerate(balls):
        want = mapping(want, f"expect.balls[{n + 1}]")
        if n >= len(game.balls):
            out.append(f"ball {n + 1} was expected, but only {len(game.balls)} came into play")
            continue
        ball = game.balls[n]
        if "in_play" in want and ball.in_play != want["in_play"]:
            out.append(f"ball {n + 1} should {'' if want['in_play'] else 'not '}be in play")
        if "at" in want and (ball.square is None or board is None
                             or board.xy(ball.square) != tuple(want["at"])):
            where = board.xy(ball.square) if ball.square is not None and board is not None \
                else "nowhere"
            out.append(f"ball {n + 1} should be at {want['at']}, is at {where}")
        if "held_by" in want:
            holder = ball.holder.id if ball.holder else None
            if holder != want["held_by"]:
                out.append(f"ball {n + 1} should be held by {want['held_by']}, is held by {holder}")
    return out


def _result(game: Game, expect: dict) -> list[str]:
    if "result" not in expect:
        return []
    want = mapping(expect["result"], "expect.result")
    result = game.over
    if result is None:
        return [f"the game should have ended ({want}), it has not"]
    return [f"result {key} should be {want[key]}, is {getattr(result, key)}"
            for key in ("winner", "reason") if key in want and getattr(result, key) != want[key]]


def _questions(expect: dict, asked: list[Asked]) -> list[str]:
    """What the run's questions offered, and which were asked."""
    out = []
    for label in listed(expect.get("never_offered"), "expect.never_offered"):
        label = str(label)
        for n, q in enumerate(asked):
            if label in q.labels:
                how = "asked" if q.asked else "taken without asking (its only option)"
                out.append(f"`{label}` should never be offered, but the {q.kind} decision of "
                           f"{q.team} (question {n + 1}, {how}) offered it")
                break
    for pattern in listed(expect.get("asked"), "expect.asked"):
        if not any(q.matches(str(pattern)) for q in asked):
            kinds = sorted({q.kind + (f" {q.item}" if q.item else "") for q in asked})
            out.append(f"a `{pattern}` decision should have been asked; the run's decisions "
                       f"were: {', '.join(kinds) or 'none'}")
    for pattern in listed(expect.get("not_asked"), "expect.not_asked"):
        hit = next((q for q in asked if q.matches(str(pattern))), None)
        if hit is not None:
            out.append(f"a `{pattern}` decision should not be asked, but {hit.team} was asked "
                       f"one (options: {labels_text(hit.labels)})")
    return out


# -- events ------------------------------------------------------------------------------------
def matches(pattern: str, line: str) -> bool:
    name, *fields = pattern.split()
    head, *have = line.split()
    return head == name and all(f in have for f in fields)


def check_events(want: list, forbidden: list[str], timeline: Timeline) -> list[str]:
    """``want`` in order (an entry that is a list: a set matched in any order), none of
    ``forbidden`` anywhere."""
    events = timeline.events
    groups = [[str(p) for p in entry] if isinstance(entry, list) else [str(entry)]
              for entry in want]
    if not all(p.strip() for p in [*(p for g in groups for p in g), *forbidden]):
        raise ScenarioError("expect: an event pattern is empty; write the event's name first")
    out = []
    last = -1  # the index of the last event matched
    for group in groups:
        taken: list[int] = []
        for pattern in group:
            i = next((i for i in range(last + 1, len(events))
                      if i not in taken and matches(pattern, events[i])), None)
            if i is None:
                how = "in order" if len(group) == 1 else "in any order, with " + \
                    ", ".join(f"`{p}`" for p in group if p != pattern)
                after = f"after `{events[last]}`" if last >= 0 else "from the start"
                shown = timeline.after(last)
                out.append(f"no event `{pattern}` ({how}) {after}; what happened "
                           f"{'then' if last >= 0 else 'first'}:\n      "
                           + "\n      ".join(shown or ["(nothing)"]))
                return out + _forbidden(forbidden, events)
            taken.append(i)
        last = max(taken)
    return out + _forbidden(forbidden, events)


def _forbidden(forbidden: list[str], events: list[str]) -> list[str]:
    out = []
    for pattern in forbidden:
        for line in events:
            if matches(pattern, line):
                out.append(f"event `{pattern}` should not happen, but did: {line}")
    return out
