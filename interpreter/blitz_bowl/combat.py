"""Blocks, shoves, knock-downs, Armour checks and injuries (pages 7 and 9).

The Block dice faces and what each does are content (table block-dice): this module rolls
the dice, lets content modify and replace the result, then runs the face's rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blitz_bowl.messages import Term
from nuffle.interpreter.hooks import Env, Owner

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.state import Player


class CombatMixin:
    # -- Block (page 9) ----------------------------------------------------------------------
    def block_assisted(self, blocker: Player, target: Player) -> bool:
        """Assisted if a team-mate of the blocker also marks the target (page 9)."""
        base = any(o is not blocker and not o.is_prone for o in target.adjacent_opponents)
        return bool(self.modify("block-assisted", base, {"blocker": blocker, "target": target}))

    def roll_block_dice(self, count: int) -> list[str]:
        faces = self.ruleset.block_faces
        return [faces[self.dice.roll(6, "block dice")] for _ in range(count)]

    def block(self, blocker: Player, target: Player) -> None:
        assisted = self.block_assisted(blocker, target)
        payload = {"blocker": blocker, "target": target, "team": blocker.team,
                   "assisted": assisted}
        firing = self.before("block-roll", payload)
        if firing is not None and firing.cancelled:
            return
        if target.square is None or target.is_prone or not self.board.adjacent(
                blocker.square, target.square) or blocker.is_prone:
            return  # something before the roll moved them apart
        count = 2 if assisted else 1
        faces = self.roll_block_dice(count)
        payload["faces"] = faces
        self.note("block-roll-assisted" if assisted else "block-roll", blocker=blocker,
                  target=target, faces=[Term("block-result", f) for f in faces])
        firing = self.after("block-roll", payload)
        if firing is not None and firing.reroll:
            faces = self.roll_block_dice(count)
            self.note("block-reroll", faces=[Term("block-result", f) for f in faces])
        if len(set(faces)) > 1:
            result = self.decide(blocker.team, "block-result", sorted(set(faces)),
                                 sorted(set(faces)), f"{blocker.id}: which result",
                                 blocker=blocker.id, target=target.id)
            self.note("block-choice", team=blocker.team, result=Term("block-result", result))
        else:
            result = faces[0]
        result = self.modify("block-result", result, {"blocker": blocker, "target": target})
        resolved = {"blocker": blocker, "target": target, "team": blocker.team, "result": result}
        if self.instead("block", resolved):
            return  # replaced: the block is not resolved
        entry = self.ruleset.block_results[result]
        owner = Owner("table", result, entry.name, team=blocker.team)
        env = Env(self, owner, {"own": blocker.team, "opponent": target.team,
                                "blocker": blocker, "target": target})
        if entry.compiled.statements is not None:
            entry.compiled.statements(env)
        self.after("block", resolved)

    def shove(self, target: Player, blocker: Player | None) -> None:
        """Push the target one square directly away, or knock them down (page 9)."""
        if target.square is None or blocker is None or blocker.square is None:
            return
        bx, by = self.board.xy(blocker.square)
        tx, ty = self.board.xy(target.square)
        dx, dy = (tx > bx) - (tx < bx), (ty > by) - (ty < by)
        dest = self.board.step(target.square, dx, dy)
        if dest is None or dest in self.board.blocked or self.occupant[dest] is not None:
            self.note("cannot-be-pushed", player=target)
            self.knock_down(target, "block", blocker, 0)
            return
        left = target.square
        self.occupant[left] = None
        self.occupant[dest] = target
        target.square = dest
        self.note("shoved-to", player=target, square=self.board.label(dest))
        # Pushed onto the ball: a move onto it that is not a Run (page 8, Picking up the ball),
        # made in no action of the target's (ruling moved-onto-the-ball). It is picked up or
        # bounces before the blocker chooses whether to follow up.
        self.onto_ball(target, dest, None)
        if blocker.square is not None and blocker.standing and self.occupant[left] is None \
                and self.decide(blocker.team, "follow-up", [True, False], ["yes", "no"],
                                f"{blocker.id}: follow up?", blocker=blocker.id):
            self.occupant[blocker.square] = None
            self.occupant[left] = blocker
            blocker.square = left
            # a ball that bounced into the square the target left: the blocker moves onto it
            # as part of the action they are making (ruling moved-onto-the-ball)
            frame = self.frames[-1] if self.frames else None
            self.onto_ball(blocker, left,
                           frame.action if frame is not None and frame.player is blocker else None)

    def onto_ball(self, p: Player, sq: int, action: str | None) -> None:
        """``p`` has just entered ``sq``: a loose ball there is picked up if the rules say so,
        else it bounces (page 8, Picking up the ball; page 10, Multiple Balls in Play: a
        player carries one ball). A Run action picks it up; content changes that through
        `can-pick-up`, whose ``action`` is the action ``p`` is making (None when pushed)."""
        ball = self.loose.get(sq)
        if ball is None:
            return
        if p.ball is None and p.standing and self.modify(
                "can-pick-up", action == "run", {"player": p, "action": action, "ball": ball}):
            self.gain_possession(p, ball, "pick-up")
        else:
            self.bounce(ball, sq, "failed-pick-up", p)

    # -- Knocked Down, Armour, injury (pages 7, 9) ------------------------------------------
    def knock_down(self, p: Player, cause: str, attacker: Player | None, modifier: int) -> None:
        if p.square is None:
            return
        if self.modify("knocked-down-prone", True, {"player": p}):
            p.is_prone = True
        if p.ball is not None:
            ball = self.drop(p)
            self.bounce(ball, p.square, "knock-down", p)
        self.after("knocked-down", {"player": p, "team": p.team, "cause": cause,
                                    "attacker": attacker})
        if p.square is not None and not self.armour_check(p, cause, attacker, modifier):
            self.injure(p, cause, attacker)

    def armour_check(self, p: Player, cause: str, attacker: Player | None, modifier: int) -> bool:
        """Roll a d6 against Armour: natural 1 fails, natural 6 passes (page 7)."""
        mod = self.modify("armour-modifier", modifier,
                          {"player": p, "cause": cause, "attacker": attacker})
        passed = self._armour_roll(p, mod)
        payload = {"player": p, "team": p.team, "cause": cause, "attacker": attacker,
                   "passed": passed}
        firing = self.after("armour-check", payload, record=False)
        if firing is not None and firing.reroll:
            passed = payload["passed"] = self._armour_roll(p, mod)
            self.note("armour-rerolled")
        self.record("armour-check", payload)
        return passed

    def _armour_roll(self, p: Player, mod: int) -> bool:
        roll = self.dice.roll(6, "armour")
        passed = roll != 1 and (roll == 6 or roll + mod >= p.armour)
        shown = f"{roll}{mod:+d}" if mod else str(roll)
        self.note("armour-check-passed" if passed else "armour-check-failed", player=p,
                  roll=shown, armour=p.armour)
        return passed

    def injure(self, p: Player, cause: str, attacker: Player | None) -> None:
        """To the Dugout; a ball they held stays loose in their square (ruling
        injured-holder-drops-ball), and the rule that injured them says if it bounces."""
        if p.square is None:
            return
        if p.ball is not None:
            ball = self.drop(p)
            ball.loose_square = p.square
            self.remove_player(p)
            self.loose[ball.loose_square] = ball
        else:
            self.remove_player(p)
        self.injuries_caused[p.team.opponent.side] += 1
        self.after("injury", {"player": p, "team": p.team, "cause": cause, "attacker": attacker})
