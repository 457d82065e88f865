"""The Blood Bowl greedy bot: a one-step heuristic, cheap and deterministic.

It moves the ball carrier towards the end zone, sends the nearest player to a loose ball,
blocks when the dice favour it, passes forward to an open team-mate, takes every re-roll
and skill, and sets up a legal line in the middle of its half. Its own seeded randomness is
separate from the match's dice (it decides, it never rolls).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from nuffle.interpreter.blood_bowl import ballplay, weapons
from nuffle.interpreter.blood_bowl.blocking import block_dice
from nuffle.interpreter.blood_bowl.pitch import HEIGHT, WIDTH, distance, pass_range
from nuffle.interpreter.blood_bowl.state import RESERVES, Player, Square
from nuffle.interpreter.decisions import Decision

CARRIER_ACTIONS = {"move": 9, "pass": 5, "hand-off": 4}  # a ball carrier's, by action
BLOCK_ORDER = ("defender-down", "defender-stumbles", "pushed", "both-down", "attacker-down")
# `_setup`'s score of each square (x, y) for the home team (False) and the away team (True),
# worked out the same way once
SETUP_SCORES = {away: tuple(tuple(-abs(x - (13 if away else 12)) - abs(y - 7) / 2
                                  for y in range(HEIGHT)) for x in range(WIDTH))
                for away in (False, True)}


class BloodBowlGreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.deciding: Decision | None = None
        self.mover: Player | None = None  # a step decision's player, and the risk of a
        self.penalty = 0  # further square for them (Dodge or Going For It)

    def decide(self, decision: Decision, game: Any) -> int:
        scorer = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if scorer is None:
            return 0
        team = game.side(decision.team)
        self.deciding = decision
        if decision.kind == "step":  # the same mover and risk for every square offered
            mover = game.player(decision.context["player"])
            risky = game.tackle_zones(mover.square, team) > 0 \
                or mover.moves_used >= mover.movement
            self.mover, self.penalty = mover, 3 if risky else 0
        if decision.kind == "setup":  # some 190 squares a player: `_setup`'s scores, looked up
            table = SETUP_SCORES[team is game.away]
            squares: Any = decision.options  # Squares, and None for "done"
            scores = [-5 if o is None else table[o.x][o.y] for o in squares]
        elif decision.kind == "action":
            scores = self._action_scores(decision.options, team, game)
        elif decision.kind == "step":
            scores = self._step_scores(decision.options, team, game)
        else:
            scores = [scorer(option, team, game) for option in decision.options]
        return max(range(len(scores)), key=scores.__getitem__)

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def to_goal(game: Any, team: Any, sq: Square) -> int:
        return abs(sq.x - game.scoring_end(team))

    @staticmethod
    def ball_square(game: Any) -> Square | None:
        return game.holder.square if game.holder is not None else game.ball

    # -- decisions -------------------------------------------------------------------------
    def _action(self, option: Any, team: Any, game: Any) -> float:
        if option is None:
            return 0.5
        p, action = option
        carrier = game.holder
        ball = self.ball_square(game)
        # a second ball's carrier runs too (a card of PBBL page 44)
        if carrier is p or ballplay.carries_other(game, p):
            return CARRIER_ACTIONS.get(action, 0)
        if action == "throw-bomb":  # worth it with opponents to catch in the blast
            best = max((self._blast(game, team, q.square) for q in team.opponent.players_on_pitch
                        if q.standing and pass_range(p.square, q.square) in ("quick", "short")),
                       default=0)
            return 5 + best if best >= 2 else 0
        if action == "move" and weapons.moves_randomly(game, p):  # on the template (page 25):
            near = any(q.standing and distance(p.square, q.square) <= 3  # only to swing at
                       for q in team.opponent.players_on_pitch)  # opponents close by
            return 4 if near else 0.4
        if action == "block":
            return 6 + self._block_odds(game, p)
        if action == "blitz" and carrier is not None and carrier.team is not team:
            return 7 - distance(p.square, carrier.square) / 4
        if action == "move":
            if carrier is None and ball is not None:
                return 8 - distance(p.square, ball) / 3
            return 2 + self.rng.random()
        return 1 if action == "foul" else 0

    def _action_scores(self, options: Sequence[Any], team: Any, game: Any) -> list[float]:
        """``_action``'s score of each option, with what it reads besides the player (the
        carrier, the ball, the second ball's carrier) read once per decision. The options
        are scored in order, each asking the same rules and drawing the same random
        numbers as ``_action`` would."""
        carrier = game.holder
        ball = carrier.square if carrier is not None else game.ball  # ball_square
        other = game.other_ball
        other_holder = other.holder if other is not None else None
        theirs = carrier is not None and carrier.team is not team
        out: list[float] = []
        for option in options:
            if option is None:
                out.append(0.5)
                continue
            p, action = option
            if carrier is p or (other_holder is not None and other_holder is p):
                out.append(CARRIER_ACTIONS.get(action, 0))  # (carries_other)
            elif action == "move":
                if weapons.moves_randomly(game, p):
                    near = any(q.standing and distance(p.square, q.square) <= 3
                               for q in team.opponent.players_on_pitch)
                    out.append(4 if near else 0.4)
                elif carrier is None and ball is not None:
                    out.append(8 - distance(p.square, ball) / 3)
                else:
                    out.append(2 + self.rng.random())
            elif action == "block":
                out.append(6 + self._block_odds(game, p))
            elif action == "blitz" and theirs:
                out.append(7 - distance(p.square, carrier.square) / 4)
            elif action == "foul":
                out.append(1)
            elif action == "throw-bomb":
                out.append(self._action(option, team, game))
            else:
                out.append(0)
        return out

    @staticmethod
    def _block_odds(game: Any, p: Player) -> float:
        best = 0.0
        assert p.square is not None  # a player declaring an action is on the pitch
        for s in p.square.neighbours:
            q = game.occupant.get(s)
            if q is not None and q.team is not p.team and q.standing:
                count, picks = block_dice(p.strength, q.strength)
                best = max(best, count if picks else -count)
        return best

    def _step(self, option: Any, team: Any, game: Any) -> float:
        what, arg = option
        carrier = game.holder
        if what == "end":
            return 0
        if what == "block":
            return 5 if arg is carrier else 3
        if what in ("throw", "hand-off"):
            return 2
        if what == "foul":
            return 1
        mover, penalty = self.mover, self.penalty
        if what == "leap":  # an Agility roll every time, for two squares (PBBL page 27):
            penalty = 5  # worth it only when stepping is worse or impossible
        if carrier is not None and carrier.team is team and mover is carrier:
            return 10 - self.to_goal(game, team, arg) / 3 - penalty
        ball = self.ball_square(game)
        if carrier is None and ball is not None:
            return 8 - distance(arg, ball) - penalty
        target = carrier.square if carrier is not None else None
        if target is not None:
            return 4 - distance(arg, target) / 2 - penalty
        return -penalty

    def _step_scores(self, options: Sequence[Any], team: Any, game: Any) -> list[float]:
        """``_step``'s score of each square offered, with the carrier, the ball and the
        end zone read once per decision."""
        carrier = game.holder
        mover, risk = self.mover, self.penalty
        ball = carrier.square if carrier is not None else game.ball  # ball_square
        running = carrier is not None and carrier.team is team and mover is carrier
        end = game.scoring_end(team) if running else 0
        target = carrier.square if carrier is not None else None
        out: list[float] = []
        for what, arg in options:
            if what == "end":
                out.append(0)
            elif what == "block":
                out.append(5 if arg is carrier else 3)
            elif what in ("throw", "hand-off"):
                out.append(2)
            elif what == "foul":
                out.append(1)
            else:
                penalty = 5 if what == "leap" else risk  # (see `_step`)
                if running:
                    out.append(10 - abs(arg.x - end) / 3 - penalty)  # to_goal
                elif carrier is None and ball is not None:
                    out.append(8 - distance(arg, ball) - penalty)
                elif target is not None:
                    out.append(4 - distance(arg, target) / 2 - penalty)
                else:
                    out.append(-penalty)
        return out

    def _setup(self, option: Any, team: Any, game: Any) -> float:
        if option is None:
            return -5
        centre = 13 if team is game.away else 12
        return -abs(option.x - centre) - abs(option.y - 7) / 2

    def _kick(self, option: Any, team: Any, game: Any) -> float:
        back = 22 if team is game.home else 3
        return -abs(option.x - back) - abs(option.y - 7)

    def _touchback(self, option: Any, team: Any, game: Any) -> float:
        return -self.to_goal(game, team, option.square)

    def _block_die(self, option: Any, team: Any, game: Any) -> float:
        attacking = game.active is team
        rank = BLOCK_ORDER.index(option)
        return -rank if attacking else rank

    def _pass_target(self, option: Any, team: Any, game: Any) -> float:
        # a target with no range measured (`Anywhere`) is never accurate: a last resort
        sq = getattr(option, "square", option)
        penalty = 0 if sq is option else 50
        p = game.occupant.get(sq)
        if p is None or p.team is not team:
            return -100 - penalty
        return -self.to_goal(game, team, sq) - 3 * game.tackle_zones(sq, team) - penalty

    def _free_move(self, option: Any, team: Any, game: Any) -> float:
        """A free move (a skill's): towards the ball, its carrier or where a kick comes
        down; stop when no square gets nearer, or when a dodge would be needed."""
        assert self.deciding is not None  # `decide` sets it before scoring
        mover = game.player(self.deciding.context["player"])
        ball = self.ball_square(game) or (game.kick_landing if game.in_kick_off else None)
        here = mover.square
        if ball is None:
            return 1 if option is None else 0
        if option is None:
            return -distance(here, ball) + 0.5
        risky = game.tackle_zones(here, team) > 0
        return -distance(option, ball) - (3 if risky else 0)

    def _push(self, option: Any, team: Any, game: Any) -> float:
        assert self.deciding is not None  # `decide` sets it before scoring
        pushed = game.player(self.deciding.context["player"])
        if pushed.team is team:  # a skill lets the pushed player's own coach choose (page 29):
            return -9 if option is None else -game.tackle_zones(option, team)  # keep clear
        return 1 if option is None else 0

    def _block_target(self, option: Any, team: Any, game: Any) -> float:
        if option is None:  # a second opponent: each defender would be 2 stronger (page 28)
            return 99
        assert self.deciding is not None  # `decide` sets it before scoring
        p = game.player(self.deciding.context["player"])
        count, picks = block_dice(p.strength, option.strength)
        return (count if picks else -count) + (3 if option is game.holder else 0)

    def _follow_up(self, option: Any, team: Any, game: Any) -> float:
        return 1 if option else 0

    def _reroll(self, option: Any, team: Any, game: Any) -> float:
        faces = self.deciding.context.get("faces") if self.deciding is not None else None
        if faces and any(f in ("defender-down", "defender-stumbles", "pushed") for f in faces):
            return 0 if option else 1  # a block worth keeping
        return 1 if option else 0

    def _may(self, option: Any, team: Any, game: Any) -> float:
        event, payload = game.game_history[-1] if game.game_history else (None, {})
        if event in ("armour-rolled", "injury-rolled") and payload.get("attacker") is not None \
                and payload["attacker"].team is team:
            # re-rolling the victim's roll (a skill of PBBL page 28, which lays the player
            # down): only a held armour or a Stunned result is worth it, never with the ball
            worth = not payload.get("broken") if event == "armour-rolled" \
                else payload.get("result") == "stunned"
            if not worth or game.holder is payload["attacker"]:
                return 0 if option else 1
        return 1 if option else 0

    _bribe = _may

    def _play(self, option: Any, team: Any, game: Any) -> float:
        return 1 if option else 0  # a special play card, in the window it names: play it

    def _set_up_stunned(self, option: Any, team: Any, game: Any) -> float:
        """A KO'd player set up Stunned (a card of PBBL page 45): only while the team has
        fewer than 11 players to set up, the dearest first."""
        ready = sum(1 for p in team.players if p.where == RESERVES and not p.miss_next_drive)
        if option is None:
            return 0
        return option.cost if ready < 11 else -1

    def _sit_out(self, option: Any, team: Any, game: Any) -> float:
        return -option.cost  # the cheaper of the dearest players misses the drive (page 51)

    def _fail_on_purpose(self, option: Any, team: Any, game: Any) -> float:
        return 0 if option else 1  # a roll a card lets it fail (page 45): roll it

    def _buy_card(self, option: Any, team: Any, game: Any) -> float:
        # a card from the dearest deck it can pay for, while the gold lasts
        return 0 if option is None else game.ruleset.card_decks[option]["price"]

    def _interceptor(self, option: Any, team: Any, game: Any) -> float:
        return 0 if option is None else 1 + option.agility

    _bomb_interceptor = _interceptor  # a bomb caught is thrown on at once: always try

    # -- bombs and the Throw-in template (PBBL page 25) ----------------------------------
    @staticmethod
    def _blast(game: Any, team: Any, sq: Square) -> float:
        """What a bomb exploding in ``sq`` is worth: the player there goes down, those next
        to it on a 4+ (half as likely); opponents count for, team-mates against."""
        value = 0.0
        for s, weight in ((sq, 2.0), *((n, 1.0) for n in sq.neighbours)):
            q = game.occupant.get(s)
            if q is not None and q.standing:
                value += weight if q.team is not team else -1.5 * weight
        return value

    def _bomb_target(self, option: Any, team: Any, game: Any) -> float:
        assert self.deciding is not None  # `decide` sets it before scoring
        bomber = game.player(self.deciding.context["player"])
        risk = {"quick": 0, "short": 0.5, "long": 1.5}.get(
            pass_range(bomber.square, option) or "long-bomb", 3)
        return self._blast(game, team, option) - risk

    def _catch_bomb(self, option: Any, team: Any, game: Any) -> float:
        return 1 if option else 0  # caught, it is thrown away; declined, it explodes here

    def _template_facing(self, option: Any, team: Any, game: Any) -> float:
        """Face the template where the three squares it may pick hit opponents, not team-mates
        or the crowd."""
        assert self.deciding is not None  # `decide` sets it before scoring
        mover = game.player(self.deciding.context["player"])
        score = 0.0
        for face in (1, 3, 5):
            dx, dy = weapons.template_step(option, face)
            sq = game.pitch.at(mover.square.x + dx, mover.square.y + dy)
            q = game.occupant.get(sq) if sq is not None else None
            if sq is None:
                score -= 5
            elif q is not None:
                score += 2 if q.team is not team else -3
            else:
                score -= min((distance(sq, o.square) for o in team.opponent.players_on_pitch),
                             default=0) / 5
        return score
