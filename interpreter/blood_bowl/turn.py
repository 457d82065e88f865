"""A team turn: the players' actions one after another, until the coach ends it or a
turnover does.

Rules: 004_2450e8f2c1aa331e.txt (PBBL 1.10): the sequence of play and player actions
(page 8: one action per player; one Blitz and one Pass per team turn; a turnover ends the
turn at once), Hand-off (page 21) and Foul (page 24), once per team turn each; Stunned
players turn face up at the end of their team's next turn (page 12); touchdowns at the end
of an action (page 16; ruling bb-touchdown-ends-action).
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING

from nuffle.interpreter.blood_bowl import (
    ballplay,
    blocking,
    cards,
    injury,
    movement,
    team_mates,
    weapons,
)
from nuffle.interpreter.blood_bowl.state import ON_PITCH, Player, Square, Team

if TYPE_CHECKING:
    from collections.abc import Callable

    from nuffle.interpreter.blood_bowl.match import Match

ONCE_PER_TURN = ("blitz", "pass", "hand-off", "foul")  # pages 8, 21, 24
# the Throw Bomb action of a skill of page 25 is offered only to players a rule lets throw bombs
ACTIONS = ("move", "block", "blitz", "pass", "hand-off", "foul", "throw-bomb")
MAX_STEPS = 40  # decisions within one action (principle 4)


def start_turn(m: Match, team: Team, counts: bool = True) -> None:
    m.turn_serial += 1
    m.budget.new_turn()
    m.active = team
    m.turn_history = []
    cards.before_turn(m, team, counts)  # cards played before the opponent's turn (page 44)
    if counts:
        team.turn_marker += 1  # page 8: moved at the start of every team turn
    team.declared = set()
    team.reroll_used_this_turn = False
    for p in team.players:
        p.acted = False
        p.moves_used = 0
        p.stunned_this_turn = False
    m.note("turn-start", team=team, turn=team.turn_marker, half=m.half)
    m.after("turn-start", {"team": team})


def end_turn(m: Match, team: Team) -> None:
    """Stunned players not Stunned in this turn turn face up (page 12)."""
    for p in team.players:
        if p.stunned and not p.stunned_this_turn:
            p.stunned = False
    m.after("turn-end", {"team": team})
    m.end_scope("turn")
    m.end_turn_pairs(team)  # `for this turn-pair` begun by the opponent (page 44)


def team_turn(m: Match, team: Team, players: list[Player] | None = None,
              up_to: int | None = None, actions: tuple[str, ...] = ACTIONS,
              counts: bool = True, after_action: Callable[[], bool] | None = None) -> None:
    """One team turn; a kick-off result's bonus turn limits the players (``players``, at
    most ``up_to`` of them) and the actions, and does not move the turn marker.
    ``after_action``, asked after each action the turn survives, ends it by answering
    True (a free turn's D6, a card of page 48)."""
    from nuffle.interpreter.blood_bowl.match import MAX_ACTIONS_PER_TURN, DriveOver, Turnover
    if counts and m.hooks.get("turn-marker-move", "before"):
        # before the marker moves, and before the handover window opens (a card of page
        # 48 gives free turns here: ruling bb-card-hurry-up-offense)
        m.before("turn-marker-move", {"team": team})
    activated = 0
    try:
        try:
            # a rule at the turn's start may cause a turnover: a spell knocking down the
            # moving team's ball carrier (PBBL page 37; a card of page 50)
            start_turn(m, team, counts)
        except Turnover as turnover:
            if not _turn_goes_on(m, team, turnover, counts):
                raise
        for _ in range(MAX_ACTIONS_PER_TURN):
            if up_to is not None and activated >= up_to:
                break
            options = activations(m, team, players, actions)
            choice = m.decide(team, "action", [*options, None], _label, "choose an action")
            if choice is None:
                break
            activated += 1
            try:
                act(m, *choice)
            except Turnover as turnover:
                if not _turn_goes_on(m, team, turnover, counts):
                    raise
            if after_action is not None and after_action():
                break
    except Turnover:
        pass  # noted by _turn_goes_on: the turn ends at once (page 8)
    except DriveOver:  # a touchdown ends the team turn too
        end_turn(m, team)
        raise
    end_turn(m, team)


def _turn_goes_on(m: Match, team: Team, turnover: Exception, counts: bool) -> bool:
    """A turnover ends the team turn (page 8) unless a rule says it ends only the action
    (`turnover-ends-turn`, cards of pages 45 and 51); in a turn the marker counts, a rule
    may still act once it is noted, before anything of the turn's end (`turnover-suffered`,
    ruling bb-card-come-on-boys). True: the turn goes on."""
    args = turnover.args
    why = str(args[0]) if args else ""
    payload = {"team": team, "test": args[1] if len(args) > 1 else None}
    if _ends_only_action(m, payload):
        m.note("turnover-averted", team=team, why=why)
        return True
    m.note("turnover", team=team, why=why)
    if counts and m.hooks.get("turnover-suffered", "after"):
        m.after("turnover-suffered", dict(payload))
        if _ends_only_action(m, payload):
            m.note("turn-goes-on", team=team)
            return True
    return False


def _ends_only_action(m: Match, payload: dict) -> bool:
    return bool(m.hooks.get("turnover-ends-turn", "modify")) and not m.modify(
        "turnover-ends-turn", True, dict(payload))


def _label(choice: tuple[Player, str] | None) -> str:
    return "end turn" if choice is None else f"{choice[0].id} {choice[1]}"


def activations(m: Match, team: Team, players: list[Player] | None,
                actions: tuple[str, ...]) -> list[tuple[Player, str]]:
    # what holds for the whole team: the once-per-turn actions left, a Prone or Stunned
    # opponent to foul, a ball on the pitch to pass or hand off
    victims = any(q.on_pitch and not q.standing for q in team.opponent.players)
    ball = m.holder is not None or m.ball is not None
    allowed = [a for a in actions if not (a in ONCE_PER_TURN and a in team.declared)
               and (a != "foul" or victims) and (a not in ("pass", "hand-off") or ball)]
    # rules that forbid a player some actions, or let them throw bombs (skills of page 25),
    # asked only if any exists
    restricted = m.hooks.get("action-allowed", "modify")
    bombs = m.hooks.get("can-throw-bombs", "modify")
    out: list[tuple[Player, str]] = []
    if not restricted and not bombs:  # no rule to ask: only Block needs a look at the player
        plain = tuple(a for a in allowed if a != "throw-bomb")
        unblocking = tuple(a for a in plain if a != "block")
        for p in players if players is not None else team.players:
            if p.acted or p.where != ON_PITCH or p.stunned:
                continue
            if len(unblocking) < len(plain) and not (
                    (p.standing or movement.may_block_prone(m, p))
                    and blocking.has_targets(m, p)):
                out.extend(zip(repeat(p), unblocking))
            else:
                out.extend(zip(repeat(p), plain))
        return out
    for p in players if players is not None else team.players:
        if p.acted or not p.on_pitch or p.stunned:
            continue
        for action in allowed:
            if action == "throw-bomb" and not (bombs and p.standing
                                               and weapons.can_throw_bombs(m, p)):
                continue  # standing: the bomb is thrown without moving (ruling bb-bombs)
            if restricted and not m.modify("action-allowed", True, {
                    "player": p, "team": p.team, "action": action}):
                continue
            if action == "block" and not ((p.standing or movement.may_block_prone(m, p))
                                          and blocking.has_targets(m, p)):
                continue
            out.append((p, action))
    return out


def act(m: Match, p: Player, action: str) -> None:
    """Declare and carry out an action (page 8). A rule may cancel it, or switch it to
    another (the declared one is lost all the same: a skill of page 25); its end
    (`action-end`) comes before a touchdown it brings is scored (page 16)."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    m.action_serial += 1
    m.action_history = []
    ballplay.focus(m, p)  # the ball they carry is the one they play (a card of page 44)
    p.acted = True
    p.no_tackle_zones = False
    if not p.standing:
        p.rooted_until_down = False  # knocked down since they took root (page 30)
    if action in ONCE_PER_TURN:
        p.team.declared.add(action)
    m.note("action", player=p, position=p.name, action=action)
    firing = m.before("action", {"player": p, "team": p.team, "action": action})
    if firing is not None and firing.switch_to not in (None, action) and not firing.cancelled:
        action = firing.switch_to
        m.note("action-switched", player=p, action=action)
    ended = False
    try:
        if firing is not None and firing.cancelled:
            m.note("action-lost", player=p)
            return
        if p.rooted_until_down:  # MA 0 (page 30): standing up takes movement too
            p.moves_used = p.movement + movement.rushes(m, p)
            if not p.standing:
                p.rooted_until_down = False
                m.note("stays-down", player=p)
                return
        if action == "block":
            if not p.standing and not movement.stand_up(m, p):  # a skill of page 27
                return
            blocking.block_action(m, p)  # one block, or more if a rule allows (page 28)
        elif action == "throw-bomb":
            weapons.throw_bomb(m, p)
        elif action == "move" and weapons.moves_randomly(m, p):
            weapons.random_move(m, p)
        else:
            _moving_action(m, p, action)
        ended = True
        end_action(m, p, action)
        check_touchdown(m)
    except Turnover:
        try:
            if not ended:
                end_action(m, p, action, turnover=True)
        finally:
            check_touchdown(m)
        raise
    finally:
        m.after("action", {"player": p, "team": p.team, "action": action}, record=True)
        m.end_scope("action")


def end_action(m: Match, p: Player, action: str, turnover: bool = False) -> None:
    """The end of an action (page 8), a turnover's too; a rule may still act (a skill of
    page 25 bites or leaves the pitch, one of page 27 gazes) before a touchdown counts."""
    m.after("action-end", {"player": p, "team": p.team, "action": action,
                           "turnover": turnover})


def _moving_action(m: Match, p: Player, action: str) -> None:
    """Move, Blitz, Pass, Hand-off, Foul: the player moves square by square; a Blitz may
    block once (one square of movement, page 10); the others end with the throw, the
    hand-off or the foul (pages 13, 21, 24)."""
    if not p.standing and not movement.stand_up(m, p):
        return
    blocked = False
    for _ in range(MAX_STEPS):
        if p.square is None or not p.standing:
            return
        if m.other_ball is not None:  # (`focus`: only a second ball can change it)
            ballplay.focus(m, p)
        options: list[tuple[str, Square | Player | None]] = [("to", s) for s in movement.step_options(m, p)]
        options += [("leap", s) for s in movement.leap_options(m, p)]  # a skill of page 27
        if action == "blitz" and not blocked and movement.squares_left(m, p) > 0:
            options += [("block", q) for q in blocking.targets(m, p)]
        if action == "pass" and m.holder is p:
            options.append(("throw", None))
        if action == "pass" and team_mates.can_throw(m, p):
            options += [("throw-team-mate", q) for q in team_mates.throwable(m, p)]
        if action == "hand-off" and m.holder is p:
            options += [("hand-off", q) for s in p.square.neighbours
                        if (q := m.occupant.get(s)) is not None and q.standing
                        and ballplay.can_hold(m, q)]  # never to one who cannot hold it
        if action == "foul":  # a rule may forbid fouling a player (a card of page 46)
            options += [("foul", q) for s in p.square.neighbours
                        if (q := m.occupant.get(s)) is not None and q.team is not p.team
                        and not q.standing and m.modify("can-be-fouled", True, {
                            "player": q, "team": q.team, "attacker": p})]
        options.append(("end", None))
        what, arg = m.decide(p.team, "step", options, _step_label, f"{p.id}: next",
                             player=p.id)
        if what == "end":
            return
        if what == "to":
            movement.step(m, p, arg)
            if at_end_zone(m):
                return
        elif what == "leap":
            movement.leap(m, p, arg)
            if at_end_zone(m):
                return
        elif what == "block":
            if p.moves_used >= p.movement:
                movement.rush(m, p, p.square)
            p.moves_used += 1
            blocked = True
            blocking.block(m, p, arg, "blitz")
            if at_end_zone(m):
                return
        elif what == "throw":
            targets = ballplay.pass_targets(m, p)
            target = m.decide(p.team, "pass-target", targets, lambda s: s.label(),
                              "pass to which square?", player=p.id)
            ballplay.throw(m, p, target)
            return
        elif what == "hand-off":
            ballplay.hand_off(m, p, arg)
            return
        elif what == "throw-team-mate":
            team_mates.throw_team_mate(m, p, arg)
            return
        elif what == "foul":
            injury.foul(m, p, arg)
            return


def _step_label(option: tuple[str, Square | Player | None]) -> str:
    what, arg = option
    if arg is None:
        return what
    if isinstance(arg, Square):  # a square to move or leap to
        return f"{what} {arg.label()}"
    return f"{what} {arg.id}"


def at_end_zone(m: Match) -> bool:
    """Whether a standing ball carrier is in the end zone their team scores in; with a
    second ball (a card of page 44), its carrier too: that ball becomes the one handled."""
    if _scoring(m, m.holder):
        return True
    if m.other_ball is not None and _scoring(m, m.other_ball.holder):
        ballplay.swap_balls(m)
        return True
    return False


def _scoring(m: Match, h: Player | None) -> bool:
    return h is not None and m.in_scoring_position(h) \
        and not (h.team is m.touchdowns_held and h.team is not m.active)  # it waits (page 48)


def check_touchdown(m: Match) -> None:
    """A standing player holding the ball in the end zone their team scores in (page 16)."""
    if at_end_zone(m):
        assert m.holder is not None  # `at_end_zone`: the carrier in the end zone
        m.score(m.holder.team, in_their_turn=m.holder.team is m.active)
