"""Blocks, shoves, knock-downs, Armour checks and injuries (pages 7 and 9).

The Block dice faces and what each does are content (table block-dice): this module rolls
the dice, lets content modify and replace the result, then runs the face's rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blitz_bowl import actions, balls
from nuffle.interpreter.blitz_bowl.messages import Term
from nuffle.interpreter.blitz_bowl.state import square_now
from nuffle.interpreter.hooks import Env, Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game
    from nuffle.interpreter.blitz_bowl.state import Player

# -- Block (page 9) ----------------------------------------------------------------------
def block_assisted(g: Game, blocker: Player, target: Player) -> bool:
    """Assisted if a team-mate of the blocker also marks the target (page 9)."""
    base = False  # a standing opponent of the target's besides the blocker, next to it
    sq = target.square
    if sq is not None:
        occupant, team = g.occupant, target.team
        assert g.board is not None  # a player on the pitch
        for n in g.board.neighbours[sq]:
            o = occupant[n]
            if o is not None and o.team is not team and o is not blocker and not o.is_prone:
                base = True
                break
    if not g.hooks.on_modify.get("block-assisted"):  # (modify would give it back as it is)
        return base
    return bool(g.modify("block-assisted", base, {"blocker": blocker, "target": target}))


def roll_block_dice(g: Game, count: int) -> list[str]:
    faces = g.ruleset.block_faces
    return [faces[g.dice.roll(6, "block dice")] for _ in range(count)]


def block(g: Game, blocker: Player, target: Player) -> None:
    assisted = block_assisted(g, blocker, target)
    payload = {"blocker": blocker, "target": target, "team": blocker.team,
               "assisted": assisted}
    firing = g.before("block-roll", payload)
    if firing is not None and firing.cancelled:
        return
    assert g.board is not None
    if target.square is None or target.is_prone or blocker.square is None \
            or not g.board.adjacent(blocker.square, target.square) or blocker.is_prone:
        return  # something before the roll moved them apart
    count = 2 if assisted else 1
    faces = roll_block_dice(g, count)
    payload["faces"] = faces
    if g.listeners:  # (Game.note's test: the faces' terms only for a reader)
        g.note("block-roll-assisted" if assisted else "block-roll", blocker=blocker,
               target=target, faces=[Term("block-result", f) for f in faces])
    firing = g.after("block-roll", payload)
    if firing is not None and firing.reroll:
        faces = roll_block_dice(g, count)
        if g.listeners:
            g.note("block-reroll", faces=[Term("block-result", f) for f in faces],
                   rule=firing.by)
    if len(set(faces)) > 1:
        result = g.decide(blocker.team, "block-result", sorted(set(faces)),
                          sorted(set(faces)), f"{blocker.id}: which result",
                          blocker=blocker.id, target=target.id)
        if g.listeners:
            g.note("block-choice", team=blocker.team, result=Term("block-result", result))
    else:
        result = faces[0]
    result = g.modify("block-result", result, {"blocker": blocker, "target": target})
    resolved = {"blocker": blocker, "target": target, "team": blocker.team, "result": result}
    if g.instead("block", resolved):
        return  # replaced: the block is not resolved
    entry = g.ruleset.block_results[result]
    owner = Owner("table", result, entry.name, team=blocker.team)
    env = Env(g, owner, {"own": blocker.team, "opponent": target.team,
                         "blocker": blocker, "target": target})
    if entry.compiled.statements is not None:
        entry.compiled.statements(env)
    g.after("block", resolved)


def shove(g: Game, target: Player, blocker: Player | None) -> None:
    """Push the target one square directly away, or knock them down (page 9)."""
    if target.square is None or blocker is None or blocker.square is None:
        return
    assert g.board is not None
    bx, by = g.board.xy(blocker.square)
    tx, ty = g.board.xy(target.square)
    dx, dy = (tx > bx) - (tx < bx), (ty > by) - (ty < by)
    dest = g.board.step(target.square, dx, dy)
    if dest is None or dest in g.board.blocked or g.occupant[dest] is not None:
        g.note("cannot-be-pushed", player=target)
        knock_down(g, target, "block", blocker, 0)
        return
    left = target.square
    g.occupant[left] = None
    g.occupant[dest] = target
    target.square = dest
    g.board_version += 1  # the move search's masks are out of date (search.masks)
    if g.listeners:  # (the square's label only for a reader)
        g.note("shoved-to", player=target, square=g.board.label(dest))
    # Pushed onto the ball: a move onto it that is not a Run (page 8, Picking up the ball),
    # made in no action of the target's (ruling moved-onto-the-ball). It is picked up or
    # bounces before the blocker chooses whether to follow up.
    onto_ball(g, target, dest, None)
    if square_now(blocker) is not None and blocker.standing and g.occupant[left] is None \
            and g.decide(blocker.team, "follow-up", [True, False], ["yes", "no"],
                         f"{blocker.id}: follow up?", blocker=blocker.id):
        g.occupant[blocker.square] = None
        g.occupant[left] = blocker
        blocker.square = left
        g.board_version += 1
        # a ball that bounced into the square the target left: the blocker moves onto it
        # as part of the action they are making (ruling moved-onto-the-ball)
        frame = g.frames[-1] if g.frames else None
        onto_ball(g, blocker, left,
                  frame.action if frame is not None and frame.player is blocker else None)


def onto_ball(g: Game, p: Player, sq: int, action: str | None) -> None:
    """``p`` has just entered ``sq``: a loose ball there is picked up if the rules say so,
    else it bounces (page 8, Picking up the ball; page 10, Multiple Balls in Play: a
    player carries one ball). A Run action picks it up; content changes that through
    `can-pick-up`, whose ``action`` is the action ``p`` is making (None when pushed)."""
    ball = g.loose.get(sq)
    if ball is None:
        return
    if p.ball is None and p.standing and g.modify(
            "can-pick-up", action == "run", {"player": p, "action": action, "ball": ball}):
        balls.gain_possession(g, p, ball, "pick-up")
    else:
        balls.bounce(g, ball, sq, "failed-pick-up", p)


# -- Knocked Down, Armour, injury (pages 7, 9) ------------------------------------------
def knock_down(g: Game, p: Player, cause: str, attacker: Player | None, modifier: int) -> None:
    if p.square is None:
        return
    if g.modify("knocked-down-prone", True, {"player": p}):
        p.is_prone = True
        g.board_version += 1
    if p.ball is not None:
        ball = balls.drop(g, p)
        balls.bounce(g, ball, p.square, "knock-down", p)
    g.after("knocked-down", {"player": p, "team": p.team, "cause": cause,
                             "attacker": attacker})
    if square_now(p) is not None and not armour_check(g, p, cause, attacker, modifier):
        injure(g, p, cause, attacker)


def armour_check(g: Game, p: Player, cause: str, attacker: Player | None, modifier: int) -> bool:
    """Roll a d6 against Armour: natural 1 fails, natural 6 passes (page 7)."""
    g.modifiers()  # the rules that change this check, from here on
    mod = g.modify("armour-modifier", modifier,
                   {"player": p, "cause": cause, "attacker": attacker})
    by = g.modifiers()
    passed = _armour_roll(g, p, mod, by)
    payload = {"player": p, "team": p.team, "cause": cause, "attacker": attacker,
               "passed": passed}
    firing = g.after("armour-check", payload, record=False)
    if firing is not None and firing.reroll:
        passed = payload["passed"] = _armour_roll(g, p, mod, by)
        g.note("armour-rerolled", rule=firing.by)
    g.record("armour-check", payload)
    return passed


def _armour_roll(g: Game, p: Player, mod: int, by: list | None = None) -> bool:
    roll = g.dice.roll(6, "armour")
    passed = roll != 1 and (roll == 6 or roll + mod >= p.armour)
    if g.listeners:  # (the roll's text only for a reader)
        shown = f"{roll}{mod:+d}" if mod else str(roll)
        g.note("armour-check-passed" if passed else "armour-check-failed", player=p,
               roll=shown, armour=p.armour, **({"rule": by} if by else {}))
    return passed


def injure(g: Game, p: Player, cause: str, attacker: Player | None) -> None:
    """To the Dugout; a ball they held stays loose in their square (ruling
    injured-holder-drops-ball), and the rule that injured them says if it bounces."""
    if p.square is None:
        return
    if p.ball is not None:
        ball = balls.drop(g, p)
        ball.loose_square = p.square
        actions.remove_player(g, p)
        g.loose[ball.loose_square] = ball
    else:
        actions.remove_player(g, p)
    g.injuries_caused[p.team.opponent.side] += 1
    g.after("injury", {"player": p, "team": p.team, "cause": cause, "attacker": attacker})
