"""Scenarios: a position, scripted dice and decisions, and what must follow.

A scenario file (kind `scenario`) is a test fixture, a worked example and a puzzle. The
runner sets the position up, plays on with the scripted outcomes until the script runs
out (or the game ends), then compares the expectations with the game. A scenario about a
content item can hold a ``without`` block: the same position with that item's rules
switched off, its own script and expectations, to show the rule changes the outcome.
"""

from __future__ import annotations

from typing import Any

from nuffle.interpreter.blitz_bowl.actions import place_player
from nuffle.interpreter.blitz_bowl.balls import enter_play, place_loose
from nuffle.interpreter.blitz_bowl.challenges import bind_card, make_card
from nuffle.interpreter.blitz_bowl.game import Game, GameOver, Options
from nuffle.interpreter.blitz_bowl.narrate import ENGLISH, event_line
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.blitz_bowl.state import Ball
from nuffle.interpreter.dice import Dice, Outcome
from nuffle.interpreter.scenario_expect import check_expectations
from nuffle.interpreter.scenario_fields import (
    SIDES,
    ScenarioError,
    count,
    listed,
    mapping,
    shown,
    side,
)
from nuffle.interpreter.scenario_run import Run, play_script, roll_text, scripted_dice, watch
from nuffle.interpreter.scenario_script import ScenarioAgent

__all__ = ["Run", "ScenarioError", "run_scenario"]


def block_faces(ruleset: Ruleset) -> dict[str, tuple[int, int]]:
    """``block=tackle`` style dice names, from the Block dice table."""
    out: dict[str, tuple[int, int]] = {}
    for roll, face in sorted(ruleset.block_faces.items()):
        out.setdefault(f"block={face}", (6, roll))
    for roll, direction in ruleset.bounce_chart.items():
        out[f"bounce={direction}"] = (8, roll)
    return out


def xy(value: Any, where: str) -> tuple[int, int]:
    if isinstance(value, list | tuple) and len(value) == 2 \
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return value[0], value[1]
    raise ScenarioError(f"{where}: write a square as [x, y], not {shown(value)}")


def free_square(game: Game, value: Any, where: str) -> int:
    """The square ``value`` names, if a player or a ball may be put there: on the pitch and
    not a wall. (The engine's invariants would stop the game later, far from the cause.)"""
    x, y = xy(value, where)
    board = game.board
    assert board is not None  # set by position()
    if not (0 <= x < board.width and 0 <= y < board.height):
        raise ScenarioError(f"{where}: square {x},{y} is off the pitch (x from 0 to "
                            f"{board.width - 1}, y from 0 to {board.height - 1})")
    sq = board.square(x, y)
    if sq in board.blocked:
        raise ScenarioError(f"{where}: square {x},{y} is a blocked square of pitch `{board.id}`")
    return sq


def run_scenario(ruleset: Ruleset, data: dict, without: bool = False, debug: bool = True) -> Run:
    """Set the scenario's position up, play its script and compare its expectations.

    Raises ScenarioError for a scenario that cannot be set up (an unknown player, a square
    off the pitch…); a run that does not go as expected is a Run with failures."""
    if not isinstance(data, dict):
        raise ScenarioError(f"a scenario is a mapping (kind, id, setup…), not {shown(data)}")
    setup = mapping(data.get("setup"), "setup")
    part = mapping(data.get("without"), "without") if without else data
    game, dice, agent = new_game(ruleset, data, setup, part, without, debug)
    run = watch(game, dice, agent, lambda name, payload: event_line(name, payload, game.board),
                lambda note: ENGLISH.note(note, game))
    start = setup.get("start", "actions")
    if start not in ("setup", "turn", "actions"):
        raise ScenarioError(f"start: `{shown(start)}` should be setup, turn or actions")
    return play_script(run, dice, agent, lambda: play(game, setup, start),
                       {GameOver: "game over"},
                       lambda: check_expectations(game, mapping(part.get("expect"), "expect"),
                                                  run.timeline, agent.asked))


def roll_line(game: Game, outcome: Outcome) -> str:
    """``roll d6=3 why=armour``: a rule's own roll is named by its item."""
    return roll_text(game, outcome)


def new_game(ruleset: Ruleset, data: dict, setup: dict, part: dict, without: bool,
             debug: bool) -> tuple[Game, Dice, ScenarioAgent]:
    """The game the scenario is played in, with its scripted dice and decisions."""
    tests = listed(data.get("tests"), "tests")
    disabled = frozenset(str(t).split("/", 1)[-1] for t in tests) if without else frozenset()
    opts = mapping(setup.get("options"), "setup.options")
    traits = mapping(setup.get("traits"), "setup.traits")
    pitch = setup.get("pitch", "one-trapdoor")
    if pitch not in ruleset.pitches:
        raise ScenarioError(f"setup.pitch: no pitch `{shown(pitch)}`")
    options = Options(pitch=pitch,
                      special_balls=bool(opts.get("special_balls", False)),
                      endgame=bool(opts.get("endgame", False)),
                      knockout=bool(opts.get("knockout", False)),
                      home_traits=coach_traits(ruleset, traits, "home"),
                      away_traits=coach_traits(ruleset, traits, "away"),
                      disabled=disabled, debug=debug)
    for key in traits:
        side(key, "setup.traits")
    dice = Dice(0, script=dice_script(ruleset, listed(part.get("dice"), "dice")))
    agent = ScenarioAgent.from_script(listed(part.get("decisions"), "decisions"))
    teams = [setup.get(s, default) for s, default in (("home", "human"), ("away", "dwarf"))]
    for s, team in zip(SIDES, teams, strict=True):
        if team not in ruleset.teams:
            raise ScenarioError(f"setup.{s}: no team `{shown(team)}` (a team of your own is "
                                "loaded with --content)")
    game = Game(ruleset, teams[0], teams[1], {"home": agent, "away": agent}, seed=0,
                options=options, dice=dice)
    return game, dice, agent


def dice_script(ruleset: Ruleset, entries: list) -> list[tuple[int, int]]:
    """The scripted outcomes, with the Block dice and the bounce chart named as the content
    names them (`block=tackle`, `bounce=north`)."""
    return scripted_dice(entries, block_faces(ruleset))


def coach_traits(ruleset: Ruleset, traits: dict, team: str) -> list[str]:
    """One side's coach traits: each known, and each once (a coach never has one twice)."""
    held = listed(traits.get(team), f"setup.traits.{team}")
    for trait in held:
        if not isinstance(trait, str) or trait not in ruleset.traits:
            raise ScenarioError(f"setup.traits.{team}: no coach trait `{shown(trait)}`")
        if held.count(trait) > 1:
            raise ScenarioError(f"setup.traits.{team}: `{trait}` is listed twice; a coach has "
                                "each trait once")
    return list(held)


def play(game: Game, setup: dict, start: str) -> None:
    """Set the position up and play on from it (until the script or the game ends)."""
    if start == "setup":
        game.setup(deal=False)
        deal_cards(game, setup)
        game.round = 1
        game.turns_from(game.first, fresh=True)
        return
    position(game, setup)
    team = game.side(side(setup.get("turn", setup.get("first", "home")), "setup.turn"))
    fresh = start == "turn"
    if not fresh:
        game.reset_turn(team)
        per_turn = game.actions_left
        game.actions_left = count(setup.get("actions_left", per_turn), "setup.actions_left")
        game.actions_made = per_turn - game.actions_left
        for pid, acts in mapping(setup.get("actions_made"), "setup.actions_made").items():
            made = [str(a) for a in listed(acts, f"setup.actions_made.{pid}")]
            p = _player(game, pid)
            p.actions_this_turn = made
            for action in made:  # in the turn's history too, as `happened(action …)` reads it
                game.record("action", {"player": p, "team": p.team, "action": action,
                                       "free": False, "choices": [action]})
        # their Claim steps are over: what they did is not claimable again (page 11)
        game.claim_from = len(game.turn_history)
    game.turns_from(team, fresh)


def position(game: Game, setup: dict) -> None:
    """Set the board up as the scenario says (a set-up that skips the toss and the deal)."""
    game.bind_items()
    game.board = game.ruleset.pitches[setup.get("pitch", "one-trapdoor")]
    board = game.board
    game.occupant = [None] * (board.width * board.height)
    game.first = game.side(side(setup.get("first", "home"), "setup.first"))
    second = game.first.opponent
    game.first.end_zone, second.end_zone = board.end_zones["A"], board.end_zones["B"]
    game.first.scoring_zone, second.scoring_zone = second.end_zone, game.first.end_zone
    game.round = count(setup.get("round", 2), "setup.round", low=1)
    place_players(game, mapping(setup.get("players"), "setup.players"))
    place_balls(game, listed(setup.get("balls"), "setup.balls"))
    deal_cards(game, setup)
    for team, points in mapping(setup.get("scores"), "setup.scores").items():
        where = f"setup.scores.{side(team, 'setup.scores')}"
        if isinstance(points, bool) or not isinstance(points, int):
            raise ScenarioError(f"{where}: should be a whole number, not {shown(points)}")
        # the whole score, a coach trait's starting score included: the ledger says so too
        game.side(team).score = points
        game.ledger = [entry for entry in game.ledger if entry[0] != team]
        game.ledger.append((team, points, "scenario"))
    if setup.get("final_turns") is not None:
        game.final_turns = count(setup["final_turns"], "setup.final_turns")


def place_players(game: Game, players: dict) -> None:
    """Each listed player on their square (standing, or Prone), one player per square."""
    board = game.board
    assert board is not None  # set by position()
    for pid, spec in players.items():
        p = _player(game, pid)
        at = spec.get("at") if isinstance(spec, dict) else spec
        sq = free_square(game, at, f"setup.players.{pid}")
        if p.square is not None:
            raise ScenarioError(f"setup.players.{pid}: placed twice")
        other = game.occupant[sq]
        if other is not None:
            raise ScenarioError(f"setup.players.{pid}: square {board.label(sq)} is taken by "
                                f"{other.id}")
        place_player(game, p, sq)
        if isinstance(spec, dict) and spec.get("prone"):
            p.is_prone = True


def place_balls(game: Game, balls: list) -> None:
    """Each ball in play: held by a standing player on the pitch, or loose on a free square."""
    for n, spec in enumerate(balls):
        where = f"setup.balls[{n + 1}]"
        spec = mapping(spec, where)
        card = spec.get("card")
        if card is not None and card not in game.ruleset.balls:
            raise ScenarioError(f"{where}: no ball card `{shown(card)}`")
        ball = Ball(f"ball-{n + 1}", card)
        if "held_by" in spec:
            holder = _player(game, spec["held_by"])
            check_holder(holder, where)
            game.balls.append(ball)
            ball.holder, holder.ball = holder, ball
        else:
            sq = free_square(game, spec.get("at"), where)
            check_loose(game, sq, where)
            game.balls.append(ball)
            place_loose(game, ball, sq)
        enter_play(game, ball)


def check_holder(holder: Any, where: str) -> None:
    """Only a standing player on the pitch holds a ball, and one ball at a time."""
    if holder.square is None:
        raise ScenarioError(f"{where}: {holder.id} is in the Dugout; place them under "
                            "setup.players to give them the ball")
    if holder.ball is not None:
        raise ScenarioError(f"{where}: {holder.id} already holds {holder.ball.id}")
    if holder.is_prone:
        raise ScenarioError(f"{where}: {holder.id} is Prone, and a Prone player holds no ball")


def check_loose(game: Game, sq: int, where: str) -> None:
    """A loose ball lies alone, on an empty square (a player there would hold it)."""
    assert game.board is not None  # set by position()
    label = game.board.label(sq)
    if sq in game.loose:
        raise ScenarioError(f"{where}: {game.loose[sq].id} already lies at {label}")
    other = game.occupant[sq]
    if other is not None:
        raise ScenarioError(f"{where}: {other.id} stands at {label}; write "
                            f"`held_by: {other.id}` for a ball they hold")


def deal_cards(game: Game, setup: dict) -> None:
    """The active cards, the deck, the hands and the unused Endgame cards, as written."""
    cards = mapping(setup.get("cards"), "setup.cards")
    standard = sorted(set(game.ruleset.deck(endgame=False)))
    active = listed(cards.get("active", standard[:3]), "setup.cards.active")
    if len(active) > 3:
        raise ScenarioError(f"setup.cards.active: {len(active)} cards for 3 spaces")
    active = active + [None] * (3 - len(active))  # spaces not written are empty
    deck = listed(cards.get("deck", standard[-1:] * 10), "setup.cards.deck")
    for card_id in [c for c in active if c is not None] + deck:
        known_card(game, card_id, "setup.cards")
    game.active_cards = [make_card(game, c) if c is not None else None for c in active]
    game.deck = [make_card(game, c) for c in deck]
    used = [c.item for c in game.active_cards if c] + [c.item for c in game.deck]
    unused = list(game.ruleset.deck(endgame=True))
    for card_id in used:
        if card_id in unused:
            unused.remove(card_id)
    game.unused_endgame = [make_card(game, c) for c in unused]
    game.endgame_active = any(c is not None and c.endgame for c in game.active_cards)
    for team, held in mapping(cards.get("hands"), "setup.cards.hands").items():
        where = f"setup.cards.hands.{side(team, 'setup.cards.hands')}"
        for card_id in listed(held, where):
            known_card(game, card_id, where)
            card = make_card(game, card_id)
            game.side(team).hand.append(card)
            bind_card(game, game.side(team), card)


def known_card(game: Game, card_id: Any, where: str) -> None:
    if not isinstance(card_id, str) or card_id not in game.ruleset.cards:
        raise ScenarioError(f"{where}: no Challenge card `{shown(card_id)}`")



def _player(game: Game, pid: str):
    try:
        return game.player(pid)
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None
