"""Balls: possession, bouncing, throwing, trapdoors and touchdowns (page 10).

With Extra Time special balls (page 12), each ball in play carries a ball card whose
hooks are bound while it is in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blitz_bowl import actions, combat
from nuffle.interpreter.blitz_bowl.board import DIRECTIONS
from nuffle.interpreter.blitz_bowl.messages import Term
from nuffle.interpreter.blitz_bowl.state import Ball, ball_now
from nuffle.interpreter.hooks import Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game
    from nuffle.interpreter.blitz_bowl.state import Player, Team

MAX_BOUNCES = 30  # a ball still bouncing after this many stays where it is (principle 4)
MAX_ROLL_OFFS = 20  # rounds of tied d8 roll-offs before the first coach wins (principle 4)


def ball_name(g: Game, ball: Ball) -> str:
    return g.ruleset.names.get(ball.card, ball.card) if ball.card else "the ball"


# -- possession ------------------------------------------------------------------------
def drop(g: Game, p: Player) -> Ball:
    """Take the ball off a player: it is loose nowhere until placed or bounced."""
    ball = p.ball
    assert ball is not None
    p.ball = None
    ball.holder = None
    ball.loose_square = None
    return ball


def gain_possession(g: Game, p: Player, ball: Ball, source: str) -> None:
    if ball.loose_square is not None and g.loose.get(ball.loose_square) is ball:
        del g.loose[ball.loose_square]
    ball.loose_square = None
    ball.holder = p
    p.ball = ball
    had = g.possession_at_start.get(ball.id) == p.team.side
    payload = {"player": p, "team": p.team, "ball": ball, "source": source}
    if source == "pick-up":
        g.after("pick-up", {"player": p, "team": p.team, "ball": ball})
    else:
        g.after("catch", payload)
    if ball_now(p) is ball:  # (the rules above may have taken it away)
        g.after("gain-possession", {**payload, "had-at-turn-start": had})


def place_loose(g: Game, ball: Ball, sq: int) -> None:
    ball.holder = None
    ball.loose_square = sq
    g.loose[sq] = ball


def lift(g: Game, ball: Ball) -> None:
    """Take a ball off the pitch (held or loose), to bounce or remove it."""
    if ball.holder is not None:
        drop(g, ball.holder)
    elif ball.loose_square is not None:
        if g.loose.get(ball.loose_square) is ball:
            del g.loose[ball.loose_square]
        ball.loose_square = None


# -- bouncing (page 10) -----------------------------------------------------------------
def bounce(g: Game, ball: Ball, from_sq: int | None, cause: str, player: Player | None,
           times: int = 1) -> None:
    for _ in range(max(1, times)):
        if not ball.in_play:
            return
        start = from_sq if from_sq is not None else ball.square
        if start is None:
            return
        lift(g, ball)
        g.in_flight += 1
        try:
            _bounce_from(g, ball, start, cause, player)
        finally:
            g.in_flight -= 1
        from_sq = None


def _bounce_from(g: Game, ball: Ball, start: int, cause: str, player: Player | None) -> None:
    sq = start
    first_cause, first_player = cause, player
    board = g.board
    assert board is not None
    for _ in range(MAX_BOUNCES):
        # A rule that sets `bounce-roll` replaces the roll ("instead of rolling a D8"): no
        # d8 is rolled. Otherwise the d8 is rolled, and a rule may then change the result
        # rolled (`bounce-result`, "treat the result rolled as a 7").
        payload = {"ball": ball, "cause": cause, "player": player}
        roll = g.modify("bounce-roll", None, payload)
        if g.forced_bounce is not None:
            roll, g.forced_bounce = g.forced_bounce, None
        if roll is None:
            roll = g.modify("bounce-result", g.dice.roll(8, "bounce"), payload)
        target = None
        for k in range(8):  # clockwise round the chart (ruling bounce-chart-directions)
            direction = g.ruleset.bounce_chart[(roll - 1 + k) % 8 + 1]
            dx, dy = DIRECTIONS[direction]
            target = board.step(sq, dx, dy)
            if target is not None and target not in board.blocked:
                break
            target = None
        if target is None:
            place_loose(g, ball, sq)
            return
        g.note("bounces", ball=ball, direction=Term("direction", direction),
               square=board.label(target))
        occupant = g.occupant[target]
        other = g.loose.get(target)
        place_loose_over(g, ball, target)
        g.after("ball-lands", {"ball": ball, "square": target, "player": occupant})
        if ball.loose_square != target or not ball.in_play:
            g.after("bounce", {"ball": ball, "from": start, "to": ball.square,
                               "cause": first_cause, "player": first_player})
            return  # content moved or removed it
        occupant = g.occupant[target]
        if other is not None or (occupant is not None and occupant.ball is not None) \
                or (occupant is not None and not occupant.open):
            unplace(g, ball)
            sq, cause, player = target, "landing", occupant
            continue
        if occupant is not None:
            unplace(g, ball)
            ball.loose_square = target
            gain_possession(g, occupant, ball, "bounce")
        g.after("bounce", {"ball": ball, "from": start, "to": target,
                           "cause": first_cause, "player": first_player})
        return
    place_loose(g, ball, sq)


def bounce_chosen(g: Game, ball: Ball, face: int) -> None:
    """The ball bounces from its square as if the d8 had rolled ``face`` (a coach chose the
    direction: effect `choose-bounce`); landing where it cannot stay, it bounces on as usual."""
    start = ball.square
    assert start is not None  # on the pitch (effects._choose_bounce)
    lift(g, ball)
    g.forced_bounce = face
    _bounce_from(g, ball, start, "effect", None)


def place_loose_over(g: Game, ball: Ball, sq: int) -> None:
    """The ball is in ``sq`` for a moment (another ball may be there too)."""
    ball.holder = None
    ball.loose_square = sq
    if sq not in g.loose:
        g.loose[sq] = ball


def unplace(g: Game, ball: Ball) -> None:
    if ball.loose_square is not None and g.loose.get(ball.loose_square) is ball:
        del g.loose[ball.loose_square]
    ball.loose_square = None


def slide(g: Game, ball: Ball, direction: str, squares: int) -> None:
    """Move a loose ball square by square; it stops before a player, a blocked square or
    another ball, and at the pitch's edge."""
    if ball.holder is not None or ball.loose_square is None:
        return
    dx, dy = DIRECTIONS[direction]
    sq = ball.loose_square
    assert g.board is not None
    for _ in range(squares):
        nxt = g.board.step(sq, dx, dy)
        if nxt is None or nxt in g.board.blocked or g.occupant[nxt] is not None \
                or nxt in g.loose:
            break
        sq = nxt
    if sq != ball.loose_square:
        unplace(g, ball)
        place_loose(g, ball, sq)
        g.note("slides", ball=ball, direction=Term("direction", direction),
               square=g.board.label(sq))


# -- throwing (page 10) -----------------------------------------------------------------
def throw_action(g: Game, p: Player) -> None:
    if p.ball is None:
        return
    targets = actions.throw_targets(g, p)
    if not targets:
        return
    target = g.decide(p.team, "throw-target", targets, [t.id for t in targets],
                      f"{p.id} throws to whom", player=p.id)
    ball = p.ball
    board = g.board
    assert board is not None
    # the thrower holds the ball and the targets are on the pitch (throw_targets)
    assert p.square is not None and target.square is not None
    if board.adjacent(p.square, target.square) and target.open:
        drop(g, p)
        g.note("hand-off", player=p, target=target)
        gain_possession(g, target, ball, "hand-off")
        g.after("throw", {"player": p, "team": p.team, "ball": ball, "target": target,
                          "range": "short", "hand-off": True, "success": True,
                          "penalised": False})
        return
    # Page 10: a long throw when the target's centre is on the ruler's long half
    # (ruling throw-ruler-lengths); throw_targets offered only targets in range.
    rng = board.throw_range(p.square, target.square) or "long"
    kinds = []
    if rng == "long":
        kinds.append("long-throw")
    if obstructed(g, p, target):
        kinds.append("obstructed")
    if target.marked:
        kinds.append("target-marked")
    g.modifiers()  # the rules that change this check's numbers, from here on
    penalty = sum(g.modify("throw-penalty", 1, {"player": p, "ball": ball,
                                                "target": target, "penalty": k})
                  for k in kinds)
    modifier = g.modify("throw-modifier", 0, {"player": p, "ball": ball, "target": target})
    by = g.modifiers()
    check = {"player": p, "team": p.team, "ball": ball, "target": target, "passed": False}
    firing = g.before("throw-check", check)
    fumble = False
    if firing is not None and firing.succeed:
        passed = True
        g.note("throw-auto", player=p, target=target)
    elif firing is not None and firing.fail:
        passed = False
    else:
        roll = g.dice.roll(6, "throw")
        result = max(1, min(6, roll - penalty + modifier))
        fumble = roll == 1 or (result == 1 and roll != 6)
        passed = not fumble and (roll == 6 or result >= p.throw)
        outcome = "throw-fumble" if fumble else "throw-passed" if passed else "throw-failed"
        g.note(outcome, player=p, range=Term("throw-range", rng), target=target,
               roll=f"{roll}{modifier - penalty:+d}", result=result, throw=p.throw,
               **({"rule": by} if by else {}))
    check["passed"] = passed
    g.after("throw-check", check)
    if ball_now(p) is not ball or not ball.in_play:
        return
    drop(g, p)
    if passed and target.square is not None and target.ball is None:
        gain_possession(g, target, ball, "throw")
    elif fumble:
        bounce(g, ball, p.square, "fumble", p)
    else:
        bounce(g, ball, target.square, "failed-catch", target)
    g.after("throw", {"player": p, "team": p.team, "ball": ball, "target": target,
                      "range": rng, "hand-off": False, "success": passed,
                      "penalised": bool(kinds)})


def obstructed(g: Game, p: Player, target: Player) -> bool:
    """A blocked square or an Open opponent under the throw ruler between the thrower
    and the target (page 10; rulings throw-ruler-lengths, throw-ruler-touching)."""
    assert g.board is not None and p.square is not None and target.square is not None
    for sq in g.board.under_ruler(p.square, target.square):
        if sq in g.board.blocked:
            return True
        o = g.occupant[sq]
        if o is not None and o.team is not p.team and o.open:
            return True
    return False


# -- balls entering and leaving play (pages 4, 10, 12) ----------------------------------
def take_ball(g: Game) -> Ball:
    """The ball about to come into play; with special balls, the top card of the ball deck
    (page 12). With no card left to draw (a fifth ball), page 12 lets the coach whose turn
    it is choose a special ball type in play "provided the model for that ball is
    available": each ball card has one model, and every card not in the deck has its ball
    on the pitch, so no model is free and the ball is an ordinary ball, with no card and
    no special rule (ruling fifth-special-ball)."""
    card = None
    if g.options.special_balls and g.ball_deck:
        card = g.ball_deck.pop(0)
    ball = Ball(f"ball-{len(g.balls) + 1}", card)
    g.balls.append(ball)
    return ball


def trapdoor_for(g: Game, team: Team) -> int:
    """The trapdoor a ball comes out of: ``team``'s coach rolls a d6, 1-3 their left, 4-6
    their right (pages 4 and 10). A coach whose rules say they choose the trapdoor
    (`chooses-trapdoor`, asked of ``team``'s coach first) chooses it instead, and no d6
    is rolled; when both coaches would choose, a d8 roll-off decides who does (Coach
    Traits table, roll 9; ruling well-prepared-both-coaches)."""
    assert g.board is not None
    traps = g.board.trapdoors
    if len(traps) == 1:
        return next(iter(traps.values()))
    # Left and right as the rolling coach sees them (ruling trapdoor-left-right).
    left, right = ("east", "west") if team is g.first else ("west", "east")
    choosing = [t for t in (team, team.opponent)
                if g.modify("chooses-trapdoor", False, {"team": t}) is True]
    if choosing:
        chooser = choosing[0]
        if len(choosing) > 1:
            chooser = roll_off(g, choosing)
            g.note("roll-off-won", team=chooser)
        square = g.decide(chooser, "trapdoor", [traps[left], traps[right]],
                          g.square_label, "which trapdoor does the ball come out of")
        g.note("trapdoor-chosen", team=chooser, square=g.board.label(square))
        return square
    roll = g.dice.roll(6, "trapdoor")
    roll = g.modify("trapdoor-roll", roll, {"team": team})
    return traps[left if roll <= 3 else right]


def roll_off(g: Game, teams: list[Team]) -> Team:
    """Each coach rolls a d8 in the order given, re-rolling ties; the highest wins (the
    roll-off of the Coach Traits table, roll 9). Ties past MAX_ROLL_OFFS rounds (a scripted
    game, not real dice) go to the first coach (principle 4: every loop is bounded)."""
    for _ in range(MAX_ROLL_OFFS):
        rolls = [g.dice.roll(8, "roll-off") for _ in teams]
        best = max(rolls)
        if rolls.count(best) == 1:
            return teams[rolls.index(best)]
    return teams[0]


def enter_play(g: Game, ball: Ball) -> None:
    ball.in_play = True
    if ball.card is not None and ball.card not in g.options.disabled:
        rules = g.ruleset.balls[ball.card]
        g.ball_hooks[ball.id] = g.bind(rules.compiled.hooks,
                                       Owner("ball", ball.card, rules.name, ball=ball))
    g.after("ball-enters-play", {"ball": ball})


def place_first_ball(g: Game) -> None:
    """Set-up step 7: the ball on the trapdoor, no bounce (page 4)."""
    sq = trapdoor_for(g, g.first)
    ball = take_ball(g)
    place_loose(g, ball, sq)
    enter_play(g, ball)


def new_ball(g: Game, team: Team) -> None:
    """No Ball in Play (page 10): the trapdoor opens, injures who stands there, the
    ball emerges and bounces."""
    sq = trapdoor_for(g, team)
    p = g.occupant[sq]
    if p is not None and p.standing:
        g.note("trapdoor-opens", player=p)
        combat.injure(g, p, "trapdoor", None)
    ball = take_ball(g)
    ball.loose_square = sq
    g.in_flight += 1
    try:
        enter_play(g, ball)
    finally:
        g.in_flight -= 1
    if ball.in_play and ball.holder is None and g.loose.get(sq) is not ball:
        bounce(g, ball, sq, "trapdoor", None)


def remove_ball(g: Game, ball: Ball) -> None:
    """The ball leaves play; a special ball's card is shuffled back into the ball deck
    (page 12). Every ball with a card was drawn from the deck; an ordinary fifth ball has
    no card to give back (ruling fifth-special-ball)."""
    if not ball.in_play:
        return
    lift(g, ball)
    ball.in_play = False
    for inst in g.ball_hooks.pop(ball.id, []):
        g.hooks.remove(inst)
    if ball.card is not None and g.options.special_balls:
        g.ball_deck.append(ball.card)
        g.dice.shuffle(g.ball_deck, "ball deck")
    g.after("ball-removed", {"ball": ball})


def build_ball_deck(g: Game) -> None:
    """Each coach picks two of their team's ball cards; the four are shuffled into the ball
    deck (page 12). A team with one ball card (ruling ball-team-assignment) gives that one,
    and a ball that finds the deck empty is dealt with as a fifth ball (ruling
    fifth-special-ball)."""
    deck = []
    for team in (g.first, g.first.opponent):
        balls = g.ruleset.team_balls(team.id)
        while len(balls) > 2:
            left_out = g.decide(team, "ball-card", balls, balls, "leave out which ball card")
            balls.remove(left_out)
        deck += balls
    g.dice.shuffle(deck, "ball deck")
    g.ball_deck = deck


# -- touchdowns (page 10) ---------------------------------------------------------------
def check_touchdowns(g: Game, team: Team) -> None:
    for p in list(team.players):
        if p.ball is None or p.square is None or p.square not in team.scoring_zone \
                or not p.open:
            continue
        ball = p.ball
        payload = {"player": p, "team": team, "ball": ball}
        if not g.modify("touchdown-scored", True, payload):
            g.note("touchdown-void", player=p)
            continue
        points = g.modify("touchdown-points", 3, {"team": team, "player": p})
        g.touchdowns[team.side] += 1
        g.note("touchdown", player=p)
        remove_ball(g, ball)
        actions.remove_player(g, p)
        g.after("touchdown", payload)
        g.score(team, points, Term("score", "touchdown"))
