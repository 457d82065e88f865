"""Scenarios: a position, scripted dice and decisions, and what must follow.

A scenario file (kind `scenario`) is a test fixture, a worked example and a puzzle. The
runner sets the position up, plays on with the scripted outcomes until the script runs
out (or the game ends), then compares the expectations with the game. A scenario about a
content item can hold a ``without`` block: the same position with that item's rules
switched off, its own script and expectations, to show the rule changes the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nuffle.interpreter.blitz_bowl.game import Game, GameOver, Options
from nuffle.interpreter.blitz_bowl.narrate import ENGLISH, event_line
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.blitz_bowl.state import Ball
from nuffle.interpreter.decisions import DecisionScriptError, OutOfScript, ScriptedAgent
from nuffle.interpreter.dice import Dice, DiceScriptError, parse_script


class ScenarioError(Exception):
    """The scenario itself is wrong (an unknown player, a bad square…)."""


@dataclass
class Run:
    """What one run of a scenario produced."""

    game: Game
    events: list[str]
    notes: list[str]
    failures: list[str] = field(default_factory=list)
    ended_by: str = ""


def block_faces(ruleset: Ruleset) -> dict[str, tuple[int, int]]:
    """``block=tackle`` style dice names, from the Block dice table."""
    out: dict[str, tuple[int, int]] = {}
    for roll, face in sorted(ruleset.block_faces.items()):
        out.setdefault(f"block={face}", (6, roll))
    for roll, direction in ruleset.bounce_chart.items():
        out[f"bounce={direction}"] = (8, roll)
    return out


def xy(value: Any, where: str) -> tuple[int, int]:
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return value[0], value[1]
    raise ScenarioError(f"{where}: write a square as [x, y], not {value!r}")


def run_scenario(ruleset: Ruleset, data: dict, without: bool = False, debug: bool = True) -> Run:
    setup = data["setup"]
    part = data.get("without", {}) if without else data
    disabled = frozenset(t.split("/", 1)[-1] for t in data.get("tests", [])) if without \
        else frozenset()
    opts = setup.get("options", {})
    options = Options(pitch=setup.get("pitch", "one-trapdoor"),
                      special_balls=bool(opts.get("special_balls", False)),
                      endgame=bool(opts.get("endgame", False)),
                      knockout=bool(opts.get("knockout", False)),
                      home_traits=list(setup.get("traits", {}).get("home", [])),
                      away_traits=list(setup.get("traits", {}).get("away", [])),
                      disabled=disabled, debug=debug)
    try:
        script = parse_script(part.get("dice", []), block_faces(ruleset))
    except DiceScriptError as exc:
        raise ScenarioError(str(exc)) from None
    dice = Dice(0, script=script)
    # YAML reads a bare yes/no as true/false and 3 as a number: take them as written
    agent = ScriptedAgent([_answer(a) for a in part.get("decisions", [])])
    try:
        game = Game(ruleset, setup.get("home", "human"), setup.get("away", "dwarf"),
                    {"home": agent, "away": agent}, seed=0, options=options, dice=dice)
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None
    events: list[str] = []
    notes: list[str] = []

    def listen(kind: str, payload: Any) -> None:
        if kind == "event":
            events.append(event_line(payload[0], payload[1], game.board))
        elif kind == "note":
            notes.append(ENGLISH.note(payload, game))
    game.listeners.append(listen)
    run = Run(game, events, notes)
    start = setup.get("start", "actions")
    if start not in ("setup", "turn", "actions"):
        raise ScenarioError(f"start: `{start}` should be setup, turn or actions")
    try:
        if start == "setup":
            game.setup(deal=False)
            deal_cards(game, setup)
            game.round = 1
            game.turns_from(game.first, fresh=True)
        else:
            position(game, setup)
            team = game.side(setup.get("turn", setup.get("first", "home")))
            fresh = start == "turn"
            if not fresh:
                game.reset_turn(team)
                per_turn = game.actions_left
                game.actions_left = int(setup.get("actions_left", per_turn))
                game.actions_made = per_turn - game.actions_left
                for pid, acts in setup.get("actions_made", {}).items():
                    game.player(pid).actions_this_turn = list(acts)
            game.turns_from(team, fresh)
    except OutOfScript:
        run.ended_by = "script"
    except DiceScriptError as exc:
        if dice.remaining_script() or "no scripted outcome left" not in str(exc):
            run.failures.append(f"dice: {exc}")
        run.ended_by = "dice"
    except DecisionScriptError as exc:
        run.failures.append(f"decisions: {exc}")
    except GameOver:
        run.ended_by = "game over"
    if not run.failures:
        left_dice = dice.remaining_script()
        if left_dice:
            run.failures.append(f"{len(left_dice)} scripted dice were not rolled: {left_dice}")
        if agent.answers:
            run.failures.append(f"scripted decisions not asked for: {list(agent.answers)}")
        run.failures += check_expectations(game, part.get("expect", {}), events)
    return run


def position(game: Game, setup: dict) -> None:
    """Set the board up as the scenario says (a set-up that skips the toss and the deal)."""
    game.bind_items()
    pitch = setup.get("pitch", "one-trapdoor")
    if pitch not in game.ruleset.pitches:
        raise ScenarioError(f"no pitch `{pitch}`")
    game.board = game.ruleset.pitches[pitch]
    board = game.board
    game.occupant = [None] * (board.width * board.height)
    game.first = game.side(setup.get("first", "home"))
    second = game.first.opponent
    game.first.end_zone, second.end_zone = board.end_zones["A"], board.end_zones["B"]
    game.first.scoring_zone, second.scoring_zone = second.end_zone, game.first.end_zone
    game.round = int(setup.get("round", 2))
    for pid, spec in (setup.get("players") or {}).items():
        p = _player(game, pid)
        at = spec if isinstance(spec, list) else spec.get("at")
        x, y = xy(at, pid)
        sq = board.square(x, y)
        if game.occupant[sq] is not None:
            raise ScenarioError(f"{pid}: square {x},{y} is taken by {game.occupant[sq].id}")
        game.place_player(p, sq)
        if isinstance(spec, dict) and spec.get("prone"):
            p.is_prone = True
    for n, spec in enumerate(setup.get("balls") or []):
        card = spec.get("card")
        if card is not None and card not in game.ruleset.balls:
            raise ScenarioError(f"no ball card `{card}`")
        ball = Ball(f"ball-{n + 1}", card)
        game.balls.append(ball)
        if "held_by" in spec:
            holder = _player(game, spec["held_by"])
            ball.holder, holder.ball = holder, ball
        else:
            x, y = xy(spec.get("at"), f"ball {n + 1}")
            game.place_loose(ball, board.square(x, y))
        game.enter_play(ball)
    deal_cards(game, setup)
    for side, points in (setup.get("scores") or {}).items():
        game.side(side).score = int(points)
        game.ledger.append((side, int(points), "scenario"))
    if setup.get("final_turns") is not None:
        game.final_turns = int(setup["final_turns"])


def deal_cards(game: Game, setup: dict) -> None:
    """The active cards, the deck, the hands and the unused Endgame cards, as written."""
    cards = setup.get("cards", {})
    standard = sorted(set(game.ruleset.deck(endgame=False)))
    active = cards.get("active", standard[:3])
    for card_id in [c for c in active if c] + list(cards.get("deck", [])):
        if card_id not in game.ruleset.cards:
            raise ScenarioError(f"no Challenge card `{card_id}`")
    game.active_cards = [game.make_card(c) if c else None for c in active]
    game.deck = [game.make_card(c) for c in cards.get("deck", standard[-1:] * 10)]
    used = [c.item for c in game.active_cards if c] + [c.item for c in game.deck]
    unused = list(game.ruleset.deck(endgame=True))
    for card_id in used:
        if card_id in unused:
            unused.remove(card_id)
    game.unused_endgame = [game.make_card(c) for c in unused]
    game.endgame_active = any(c is not None and c.endgame for c in game.active_cards)
    for side, held in (cards.get("hands") or {}).items():
        team = game.side(side)
        for card_id in held:
            card = game.make_card(card_id)
            team.hand.append(card)
            game.bind_card(team, card)


def _answer(value: Any) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _player(game: Game, pid: str):
    try:
        return game.player(pid)
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None


def check_expectations(game: Game, expect: dict, events: list[str]) -> list[str]:
    out: list[str] = []
    board = game.board
    for pid, want in (expect.get("players") or {}).items():
        p = game.player(pid)
        if want == "dugout":
            want = {"dugout": True}
        elif isinstance(want, list):
            want = {"at": want}
        if "at" in want and (p.square is None or board.xy(p.square) != tuple(want["at"])):
            out.append(f"{pid} should be at {want['at']}, is at "
                       f"{board.xy(p.square) if p.square is not None else 'the Dugout'}")
        if want.get("dugout") and p.square is not None:
            out.append(f"{pid} should be in the Dugout, is at {board.xy(p.square)}")
        if "prone" in want and p.prone != want["prone"]:
            out.append(f"{pid} should {'' if want['prone'] else 'not '}be Prone")
        if "has_ball" in want and p.held != want["has_ball"]:
            out.append(f"{pid} should {'' if want['has_ball'] else 'not '}hold a ball")
        if "actions_ended" in want and p.actions_ended != want["actions_ended"]:
            out.append(f"{pid}: actions_ended should be {want['actions_ended']}")
    for n, want in enumerate(expect.get("balls") or []):
        if n >= len(game.balls):
            out.append(f"ball {n + 1} was expected, but only {len(game.balls)} came into play")
            continue
        ball = game.balls[n]
        if "in_play" in want and ball.in_play != want["in_play"]:
            out.append(f"ball {n + 1} should {'' if want['in_play'] else 'not '}be in play")
        if "at" in want and (ball.square is None or board.xy(ball.square) != tuple(want["at"])):
            where = board.xy(ball.square) if ball.square is not None else "nowhere"
            out.append(f"ball {n + 1} should be at {want['at']}, is at {where}")
        if "held_by" in want:
            holder = ball.holder.id if ball.holder else None
            if holder != want["held_by"]:
                out.append(f"ball {n + 1} should be held by {want['held_by']}, is held by {holder}")
    for side, points in (expect.get("score") or {}).items():
        if game.side(side).score != points:
            out.append(f"{side} should have {points} points, has {game.side(side).score}")
    for side, cards in (expect.get("hands") or {}).items():
        have = sorted(c.item for c in game.side(side).hand)
        if have != sorted(cards):
            out.append(f"{side}'s hand should be {sorted(cards)}, is {have}")
    if "active" in expect:
        have = [c.item if c else None for c in game.active_cards]
        if have != expect["active"]:
            out.append(f"active cards should be {expect['active']}, are {have}")
    if "actions_left" in expect and game.actions_left != expect["actions_left"]:
        out.append(f"actions left should be {expect['actions_left']}, is {game.actions_left}")
    if "result" in expect:
        want = expect["result"]
        result = game.over
        if result is None:
            out.append(f"the game should have ended ({want}), it has not")
        else:
            for key in ("winner", "reason"):
                if key in want and getattr(result, key) != want[key]:
                    out.append(f"result {key} should be {want[key]}, is {getattr(result, key)}")
    out += _check_events([str(e) for e in expect.get("events") or []],
                         [str(e) for e in expect.get("no_events") or []], events)
    return out


def _matches(pattern: str, line: str) -> bool:
    name, *fields = pattern.split()
    head, *have = line.split()
    return head == name and all(f in have for f in fields)


def _check_events(want: list[str], forbidden: list[str], events: list[str]) -> list[str]:
    out = []
    i = 0
    for pattern in want:
        while i < len(events) and not _matches(pattern, events[i]):
            i += 1
        if i == len(events):
            out.append(f"no event `{pattern}` (in order); the events were:\n    "
                       + "\n    ".join(events))
            break
        i += 1
    for pattern in forbidden:
        for line in events:
            if _matches(pattern, line):
                out.append(f"event `{pattern}` should not happen, but did: {line}")
    return out
