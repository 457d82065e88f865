"""The seven actions: which a player may make, and moving (pages 8-9).

A move is offered as a choice of destination among the squares the player can reach; a
Run that picks up a ball may then go on with what is left of its move (ruling
move-destinations).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Self

from mypy_extensions import mypyc_attr
from nuffle.interpreter.blitz_bowl import balls, challenges, combat
from nuffle.interpreter.blitz_bowl.messages import Term
from nuffle.interpreter.blitz_bowl.search import (
    WORK,
    can_end_move,
    destinations,
    masks,
    stepped,
    within,
)
from nuffle.interpreter.blitz_bowl.state import square_now
from nuffle.interpreter.hooks import ActionVoided

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game
    from nuffle.interpreter.blitz_bowl.state import Player, Team

    # One of the turn's actions the coach chose: (player, action, choices), ``choices``
    # being the actions that player could make at that decision (the event's `choices`),
    # taken from the options already worked out rather than worked out again. A plain
    # tuple: one is made for most actions of a game.
    TurnChoice = tuple[Player, str, tuple[str, ...]]

STATUS_ACTIONS: dict[str, tuple[str, ...]] = {  # page 8
    "open": ("run", "mark", "throw"),
    "marked": ("block", "sidestep"),
    "prone": ("stand-up",),
    "dugout": ("reserves",),
}
BASE_ALLOWANCE = {"mark": 2, "sidestep": 1}  # Run: the player's Move (pages 8-9)
BASE_RESTRICTION = {"run": "no-adjacent", "mark": "end-marking", "sidestep": "end-open"}


@dataclass(slots=True)
class Frame:
    """One action being made (a free action inside another has its own frame)."""

    player: Player
    action: str
    free: bool
    serial: int
    up_to: int | None = None
    offered: bool = False  # a free action a rule offered at the action decision


@mypyc_attr(native_class=False)  # a builtin's subclass: mypyc keeps it a Python class
class FreeChoice(tuple):
    """A free action a rule offers at the action decision (effect `offer-free`): one of
    the decision's options, so it unpacks as (player, action) as the others do. ``taken``
    uses up the offering hook's limit, ``choices`` are the free actions offered to that
    player at the same decision."""

    taken: Callable[[], None] | None
    choices: tuple[str, ...]

    def __new__(cls, player: Player, action: str, taken: Callable[[], None] | None
                ) -> Self:
        self = tuple.__new__(cls, (player, action))
        self.taken = taken
        self.choices = (action,)
        return self


# -- what a player may do -------------------------------------------------------------
def legal_actions(g: Game, p: Player, free: bool = False, danger: int | None = None
                  ) -> list[str]:
    """The actions ``p`` may make now (page 8). ``danger`` (the mask of squares next to a
    standing opponent), when the caller has it."""
    if p.actions_ended or p.team is not g.active and not free:
        return []
    sq = p.square  # the status, from the kept masks rather than a look round the square
    if sq is None:
        status = "dugout"
    elif p.is_prone:
        status = "prone"
    else:
        if danger is None:
            danger = masks(g).danger[p.team]
        status = "marked" if danger >> sq & 1 else "open"
    return [a for a in STATUS_ACTIONS[status]
            if (free or (a not in p.actions_this_turn and a not in p.actions_cancelled))
            and can_make(g, p, a, danger)]


def can_make(g: Game, p: Player, action: str, danger: int | None = None) -> bool:
    # run, mark and sidestep: a player on the pitch (STATUS_ACTIONS)
    if action == "run":
        assert g.board is not None and p.square is not None
        # a free neighbour: not blocked, nobody there
        return bool(g.board.neighbour_masks[p.square] & masks(g).free)
    if action == "mark":
        # quick no (before asking the rules for the allowance): no opponent within four
        # squares, more than any Mark allowance in the content gives
        sq = p.square
        assert sq is not None
        if not within(g, p.team, 4) >> sq & 1:
            return False
        steps = allowance(g, p, "mark")
        if steps < 0 or not within(g, p.team, steps + 1) >> sq & 1:
            return False
        board, m = g.board, masks(g)
        assert board is not None
        if steps > 0 and board.neighbour_masks[sq] & m.free & m.near[p.team]:
            return True  # the flood's first step ends it (the start is never a stop)
        return can_end_move(g, p, steps, "end-marking")
    if action == "sidestep":
        rule = g.modify("move-restriction", "end-open", {"player": p, "action": action}) \
            if g.hooks.on_modify.get("move-restriction") else "end-open"
        steps = allowance(g, p, "sidestep")
        if steps == 1 and rule == "end-open":  # the usual case: one free, open square
            assert g.board is not None and p.square is not None
            if danger is None:
                danger = danger_squares(g, p)
            board = g.board
            return bool(board.neighbour_masks[p.square] & masks(g).free & ~danger)
        return can_end_move(g, p, steps, rule, danger)
    if action == "throw":
        return p.ball is not None and bool(throw_targets(g, p))
    if action == "block":
        return bool(block_targets(g, p))
    if action == "stand-up":
        return p.prone
    if action == "reserves":  # reserve_squares gives some square when one is free
        return p.in_dugout and has_free_end_zone_square(g, p.team)
    return False


def choose_action(g: Game, team: Team) -> TurnChoice | FreeChoice | None:
    """The coach's next choice: a free action a rule offers now, one of the turn's
    actions while any are left (page 8), or None to end the turn."""
    options: list = free_offers(g, team)
    offers = len(options)
    if g.actions_left > 0:
        WORK.legal_rebuilds += 1
        m = masks(g)
        danger = m.danger[team]
        near = m.near[team]  # where a Mark may end (search._rule_masks)
        assert g.board is not None  # the turn's actions: the pitch is set up
        board = g.board
        open_squares = m.free
        neighbour_masks = board.neighbour_masks
        close = within(g, team, 4)  # can_make's quick no for a Mark
        zones: dict[int, int] = {}  # a Mark's allowance -> the squares it could end near
        if team is g.active:  # legal_actions, with what every player shares worked out once
            reserves_square: bool | None = None  # (has_free_end_zone_square, asked once)
            for p in team.players:
                if p.actions_ended:
                    continue
                sq = p.square
                done, cancelled = p.actions_this_turn, p.actions_cancelled
                # the actions made or cancelled this turn: most players have neither, and
                # one look at an empty tuple is cheaper than two at the lists
                spent: Sequence[str] = done + cancelled if done or cancelled else ()
                if sq is None:  # in the Dugout: can_make's Reserves
                    if "reserves" not in spent:
                        if reserves_square is None:
                            reserves_square = has_free_end_zone_square(g, team)
                        if reserves_square:
                            options.append((p, "reserves"))
                elif p.is_prone:
                    if "stand-up" not in spent:
                        options.append((p, "stand-up"))  # can_make's: Prone
                elif danger >> sq & 1:  # Marked
                    if "block" not in spent:
                        # next to a standing opponent: someone to block (block_targets)
                        options.append((p, "block"))
                    if "sidestep" not in spent and can_make(g, p, "sidestep", danger):
                        options.append((p, "sidestep"))
                else:  # Open
                    if "run" not in spent and neighbour_masks[sq] & open_squares:
                        options.append((p, "run"))  # a free neighbour
                    if close >> sq & 1 and "mark" not in spent:
                        steps = allowance(g, p, "mark")  # can_make's, past the quick no
                        zone = zones.get(steps, 0)  # within steps + 1 of an opponent
                        if not zone and steps >= 0:
                            zone = zones[steps] = within(g, team, steps + 1)
                        if zone >> sq & 1 and (
                                # the flood's first step: a free neighbour next to an
                                # opponent ends a Mark (the start is never a stop)
                                steps > 0 and neighbour_masks[sq] & open_squares & near
                                or can_end_move(g, p, steps, "end-marking")):
                            options.append((p, "mark"))
                    if p.ball is not None and "throw" not in spent and throw_targets(g, p):
                        options.append((p, "throw"))
    options.append(None)
    prompt = f"action {g.actions_made + 1} of {team.name}" if g.actions_left > 0 \
        else f"a free action for {team.name}"
    choice = g.decide(team, "action", options, _action_label, prompt)
    if choice is None or isinstance(choice, FreeChoice):
        return choice
    # a player's actions are listed side by side: its choices are the run round the one
    # chosen, not a pass over every option
    p = choice[0]
    first = last = g.decided % len(options)  # the chosen option's index
    while first > offers and options[first - 1][0] is p:
        first -= 1
    while options[last + 1] is not None and options[last + 1][0] is p:
        last += 1
    if first == last:  # most often the player could make one action only
        return p, choice[1], (choice[1],)
    return p, choice[1], tuple([o[1] for o in options[first:last + 1]])


def free_offers(g: Game, team: Team) -> list[FreeChoice]:
    """The free actions rules offer the team whose turn it is, as its coach chooses what
    to do next (event action-choice, effect offer-free): each player and action once."""
    if not g.hooks.get("action-choice", "before"):
        return []  # no rule that could offer one (g.before would do nothing)
    sink: list = []
    g.free_offers_sink = sink
    try:
        g.before("action-choice", {"team": team})
    finally:
        g.free_offers_sink = None
    out: list[FreeChoice] = []
    for p, action, taken in sink:
        if not any(c[0] is p and c[1] == action for c in out):
            out.append(FreeChoice(p, action, taken))
    for c in out:
        c.choices = tuple(o[1] for o in out if o[0] is c[0])
    return out


def make_chosen_action(g: Game, choice: TurnChoice | FreeChoice) -> None:
    """Make what the coach chose at the action decision."""
    if isinstance(choice, FreeChoice):
        if choice.taken is not None:
            choice.taken()  # the offer is used once taken (ruling cost-free-actions)
        top_level_action(g, choice[0], choice[1], free=True, choices=choice.choices,
                         offered=True)
        return
    player, action, choices = choice
    top_level_action(g, player, action, choices=choices)


def emergency_reserves(g: Game, team: Team) -> None:
    choices = [p for p in team.dugout]
    if not reserve_squares(g, team):
        return
    p = g.decide(team, "emergency-reserves", choices, _player_label,
                 "Emergency Reserves: who comes on")
    g.note("emergency-reserves", player=p)
    top_level_action(g, p, "reserves", free=True)


# -- making actions ---------------------------------------------------------------------
def top_level_action(g: Game, player: Player, action: str, free: bool = False,
                     choices: tuple[str, ...] | None = None, offered: bool = False) -> None:
    g.action_history = []
    made = perform_action(g, player, action, free=free, choices=choices, offered=offered)
    balls.check_touchdowns(g, g.active)
    if made and g.round > 1:
        challenges.claim_step(g, g.active)
        if g.hooks.on_after.get("claim-step"):  # not recorded: no payload for no hook
            g.after("claim-step", {"team": g.active, "action-number": g.actions_made},
                    record=False)


def perform_action(g: Game, player: Player, action: str, free: bool = False,
                   up_to: int | None = None, choices: Sequence[str] | None = None,
                   offered: bool = False) -> bool:
    """Make one action; False if it was cancelled or voided (it then never happened).

    ``choices`` are the actions the player could make in its place (the event's field
    `choices`): for one of the turn's actions, those they can still make this turn; for
    a free action, those the rule giving it allows (by default, that action only)."""
    g.action_serial += 1
    frame = Frame(player, action, free, g.action_serial, up_to, offered)
    if choices is None:
        choices = [action] if free else legal_actions(g, player)
    if action not in choices:
        choices = [action, *choices]
    g.frames.append(frame)
    try:
        payload = {"player": player, "team": player.team, "action": action, "free": free,
                   "choices": list(choices)}
        firing = g.before("action", payload)
        if firing is not None:
            if firing.cancelled:
                g.note("action-not-made", player=player, action=Term("action", action))
                # not offered again this turn (ruling cancelled-action-not-counted)
                if not free:
                    player.actions_cancelled.append(action)
                elif offered:
                    player.free_cancelled.append(action)
                return False
            if firing.switch_to and firing.switch_to != action:
                action = frame.action = payload["action"] = firing.switch_to
                g.note("action-switched", player=player, action=Term("action", action))
        if not free:
            g.actions_left -= 1
            g.actions_made += 1
            player.actions_this_turn.append(action)
        try:
            run_action(g, player, action, frame)
        except ActionVoided:
            if not free:
                g.actions_left += 1
                g.actions_made -= 1
                player.actions_this_turn.remove(action)
            g.note("action-never-made", player=player, action=Term("action", action))
            return False
        g.after("action", payload)
        return True
    finally:
        g.frames.pop()
        g.end_scope("action", frame.serial)


def run_action(g: Game, p: Player, action: str, frame: Frame) -> None:
    if action in ("run", "mark", "sidestep"):
        if p.standing:
            move_action(g, p, action, frame.up_to)
    elif action == "stand-up":
        if p.prone:
            p.is_prone = False
            g.board_version += 1
            g.note("stands-up", player=p)
    elif action == "reserves":
        reserves(g, p)
    elif action == "block":
        targets = block_targets(g, p)
        if targets:
            target = g.decide(p.team, "block-target", targets, _player_label,
                              f"{p.id} blocks whom", player=p.id)
            combat.block(g, p, target)
    elif action == "throw":
        balls.throw_action(g, p)


# -- moving (pages 8-9) -----------------------------------------------------------------
def allowance(g: Game, p: Player, action: str, up_to: int | None = None) -> int:
    value = p.move if action == "run" else BASE_ALLOWANCE[action]
    if g.hooks.on_modify.get("move-allowance"):  # else modify gives the value back as it is
        value = g.modify("move-allowance", value, {"player": p, "action": action})
    return min(value, up_to) if up_to is not None else value


def danger_squares(g: Game, p: Player) -> int:
    """Squares next to a standing opponent of ``p`` (where ``p`` would be Marked, page 7),
    as a mask: kept per board version (search.masks)."""
    return masks(g).danger[p.team]


def valid_end(g: Game, p: Player, sq: int, rule: str, danger: int) -> bool:
    if rule == "end-open":
        return not danger >> sq & 1
    if rule == "end-marking":  # next to an opponent, Prone or not (ruling)
        assert g.board is not None
        return any((o := g.occupant[n]) is not None and o.team is not p.team
                   for n in g.board.neighbours[sq])
    return True


def move_action(g: Game, p: Player, action: str, up_to: int | None) -> None:
    WORK.move_actions += 1
    remaining = allowance(g, p, action, up_to)
    rule = BASE_RESTRICTION[action]
    if g.hooks.on_modify.get("move-restriction"):  # (as allowance)
        rule = g.modify("move-restriction", rule, {"player": p, "action": action})
    moved = False
    while remaining > 0:
        # (a local: the compiled engine would trust `p.square` narrowed by a loop condition
        # through the calls below, which may take the player off the pitch)
        here = p.square
        if here is None or p.is_prone:  # not p.standing
            break
        reach = destinations(g, p, remaining, rule)
        options: list = reach.ends  # in search order: nearest first
        if moved and valid_end(g, p, here, rule, danger_squares(g, p)):
            options = [None, *options]  # (the reach's own list left as it is)
        if not options:
            break
        dest = g.decide(p.team, "move", options, g.square_label, f"{p.id} {action}: where to",
                        player=p.id, action=action)
        if dest is None:
            break
        at_ball = False
        for sq in reach.path(dest):
            if g.occupant[sq] is not None or p.square is None or p.is_prone:
                return  # the square taken, or p no longer standing
            at_ball = step(g, p, sq, action)
            remaining -= 1
        moved = True
        if p.square is None:
            return
        if rule == "stop-on-adjacent" and p.marked:
            break
        if not at_ball:
            break  # a move only pauses on a ball's square (ruling move-destinations)


def step(g: Game, p: Player, sq: int, action: str) -> bool:
    """Move one square; True if a loose ball was there (picked up, or bounced away)."""
    frm = p.square
    assert frm is not None  # a standing player moves
    g.occupant[frm] = None
    g.occupant[sq] = p
    p.square = sq
    stepped(g, p, frm)  # the board's version bumped (the masks: p's squares moved)
    g.after("move", {"player": p, "team": p.team, "action": action, "from": frm, "to": sq})
    if square_now(p) != sq:  # (moved on by a rule)
        return False
    if sq not in g.loose:
        return False
    combat.onto_ball(g, p, sq, action)  # picked up or bounced (page 8; combat.py)
    return True


# Whoever changes who stands where, or who is Prone, bumps the board's version: the move
# search's masks are kept until then (search.masks).
def place_player(g: Game, p: Player, sq: int) -> None:
    g.occupant[sq] = p
    p.square = sq
    p.is_prone = False
    g.board_version += 1


def remove_player(g: Game, p: Player) -> None:
    if p.square is not None:
        g.occupant[p.square] = None
    p.square = None
    p.is_prone = False
    g.board_version += 1


def relocate(g: Game, p: Player, sq: int) -> None:
    """Put a player on another square at once (an effect, not an action's move)."""
    frm = p.square
    if frm is not None:
        g.occupant[frm] = None
    g.occupant[sq] = p
    p.square = sq
    g.board_version += 1
    g.after("move", {"player": p, "team": p.team, "action": None, "from": frm, "to": sq})
    if square_now(p) == sq:  # onto a loose ball: picked up where a rule says so, else it
        combat.onto_ball(g, p, sq, None)  # bounces (ruling moved-onto-the-ball)


# -- Reserves (page 9) ------------------------------------------------------------------
def reserve_squares(g: Game, team: Team) -> list[int]:
    free = [s for s in team.end_zone if g.occupant[s] is None and s not in g.loose]
    far: list[int] = []
    for s in free:
        assert g.board is not None  # an end zone: the pitch is set up
        if not any((o := g.occupant[n]) is not None and o.team is not team
                   for n in g.board.neighbours[s]):
            far.append(s)
    return far or free


def has_free_end_zone_square(g: Game, team: Team) -> bool:
    """Whether ``reserve_squares`` gives any square (it gives the free ones far from an
    opponent, or else every free one): without looking round the squares."""
    occupant, loose = g.occupant, g.loose
    return any(occupant[s] is None and s not in loose for s in team.end_zone)


def reserves(g: Game, p: Player) -> None:
    squares = reserve_squares(g, p.team)
    if not squares or not p.in_dugout:
        return
    sq = g.decide(p.team, "reserves-square", squares, g.square_label,
                  f"{p.id} comes on where",
                  player=p.id)
    place_player(g, p, sq)
    assert g.board is not None
    g.note("comes-on", player=p, square=g.board.label(sq))


# -- targets ----------------------------------------------------------------------------
def block_targets(g: Game, p: Player) -> list[Player]:
    if p.square is None or p.is_prone:
        return []
    return [o for o in p.adjacent_opponents if not o.is_prone]


def throw_targets(g: Game, p: Player) -> list[Player]:
    """Team-mates in range of the throw ruler (page 10; ruling throw-ruler-lengths) who
    could take possession of the ball: standing (ruling prone-teammate-throw-target) and
    holding no ball (page 10, Multiple Balls in Play; ruling throw-target-holding-ball)."""
    if p.square is None:
        return []
    board = g.board
    assert board is not None
    out = []
    asked = g.hooks.on_modify.get("throw-range-allowed")  # else modify gives True back
    for mate in p.team.players:
        if mate is p or mate.square is None or mate.is_prone or mate.ball is not None:
            continue
        rng = board.throw_range(p.square, mate.square)
        if rng is None:
            continue
        if rng == "long" and asked and not g.modify(
                "throw-range-allowed", True, {"player": p, "ball": p.ball, "range": rng}):
            continue
        out.append(mate)
    return out


def _action_label(option: tuple | None) -> str:
    if option is None:
        return "end turn"
    free = " free" if isinstance(option, FreeChoice) else ""
    return f"{option[0].id} {option[1]}{free}"


def _player_label(p: Player) -> str:
    return p.id
