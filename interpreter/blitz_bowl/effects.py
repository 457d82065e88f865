"""What the vocabulary's effects and queries do in a Blitz Bowl game.

Each entry maps a vocabulary name to the core procedure it stands for, so content can
only act on the game through these (principle 2: the names here are rules words, never
card names).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nuffle.interpreter.blitz_bowl.messages import Named
from nuffle.interpreter.blitz_bowl.state import Ball, Player, Team
from nuffle.interpreter.hooks import ActionVoided, Env

Effect = Callable[[Env, Any, dict, str | None], None]


def cause_of(env: Env) -> str:
    """What caused a knock-down or injury made by a rule (vocabulary enum `cause`)."""
    return {"table": "block", "ability": "ability", "ball": "ball-effect"}.get(
        env.owner.kind, "effect")


def attacker_of(env: Env) -> Player | None:
    if env.owner.kind == "table":
        return env.vars.get("blocker")
    if env.owner.kind == "ability":
        return env.owner.player
    return None


class EffectsMixin:
    def square_of(self, x: Any) -> int | None:
        if isinstance(x, Player | Ball):
            return x.square
        if isinstance(x, int) and not isinstance(x, bool):
            return x
        return None

    # -- effects ---------------------------------------------------------------------------
    def effect_table(self) -> dict[str, Effect]:
        return {
            "set": self._set, "change": self._change, "reroll": self._reroll,
            "cancel": self._flag("cancelled"), "succeed": self._flag("succeed"),
            "fail": self._flag("fail"), "free": self._free, "free-choice": self._free_choice,
            "offer-free": self._offer_free,
            "extra-action": self._extra_action,
            "knock-down": self._knock_down, "injure": self._injure,
            "armour-check": self._armour_check, "shove": self._shove, "bounce": self._bounce,
            "remove": self._remove, "void-action": self._void, "end-actions": self._end_actions,
            "move": self._move, "switch-action": self._switch, "swap-abilities": self._swap,
            "redirect-claim": self._redirect, "draw-endgame-challenge": self._draw_endgame,
            "score": self._score, "slide": self._slide, "choose-bounce": self._choose_bounce,
        }

    def _set(self, env: Env, target: str, args: dict, duration: str | None) -> None:
        self._assign(env, target, args.get("to"), duration)

    def _change(self, env: Env, target: str, args: dict, duration: str | None) -> None:
        own = env.owner.own()
        current = env.vars.get("value") if target == "value" \
            else own.params[target] if own is not None else None
        if current is None:  # nothing to add to
            return
        self._assign(env, target, current + args.get("by", 0), duration)

    def _assign(self, env: Env, target: str, value: Any, duration: str | None) -> None:
        if target == "value":
            env.vars["value"] = value
            return
        team = env.owner.own()
        if team is None:  # a ball card's rules have no coach whose parameter this would be
            return
        previous = team.params[target]
        self.set_parameter(team, target, value, self.origin)
        if duration is not None:
            self.on_scope_end(duration, lambda: team.params.__setitem__(target, previous))

    def _reroll(self, env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if env.firing is not None and not env.firing.reroll_spent:
            env.firing.reroll = env.firing.reroll_spent = True

    @staticmethod
    def _flag(name: str) -> Effect:
        def set_flag(env: Env, subject: Any, args: dict, duration: str | None) -> None:
            if env.firing is not None:
                setattr(env.firing, name, True)
        return set_flag

    def _free(self, env: Env, action: str, args: dict, duration: str | None) -> None:
        """A free action now (page 8), if the player can make it: that action only."""
        p, up_to = args.get("by"), args.get("up_to")
        if not isinstance(p, Player) or up_to is not None and up_to < 1:
            return  # a move of no square is no Run (ruling move-at-least-one-square)
        if action in self.legal_actions(p, free=True):
            self.perform_action(p, action, free=True, up_to=up_to, choices=[action])

    def _free_choice(self, env: Env, subject: Any, args: dict, duration: str | None) -> None:
        """A free action now (page 8) of the coach's choice, among those the player can make
        as a free action (ruling incentiviser-free-action); they are its `choices`."""
        p = args.get("by")
        possible = self.legal_actions(p, free=True) if isinstance(p, Player) else []
        if possible:
            action = self.choose_for_rule(env, possible)
            self.perform_action(p, action, free=True, choices=possible)

    def _offer_free(self, env: Env, action: str, args: dict, duration: str | None) -> None:
        """Offer a free action (page 8) to the coach whose turn it is, at the action decision
        being made (event action-choice): it joins the options as `PLAYER ACTION free`. Only
        a player of that team who can make it now is offered it, and not an offered free
        action of that type cancelled earlier this turn (ruling cancelled-action-not-counted).
        A hook's `once` limit is used when the coach takes the offer (ruling
        cost-free-actions); the compiler counts `offer-free` as a `may` for that."""
        p, sink = args.get("by"), self.free_offers_sink
        if sink is None or not isinstance(p, Player) or p.team is not self.active \
                or action in p.free_cancelled or action not in self.legal_actions(p, free=True):
            return
        sink.append((p, action, env.on_accept))

    def _extra_action(self, env: Env, team: Team, args: dict, duration: str | None) -> None:
        if team is self.active:
            self.actions_left += 1
            self.note("one-more-action", team=team)

    def _knock_down(self, env: Env, p: Player, args: dict, duration: str | None) -> None:
        if isinstance(p, Player):
            self.knock_down(p, cause_of(env), attacker_of(env), args.get("with", 0))

    def _injure(self, env: Env, p: Player, args: dict, duration: str | None) -> None:
        if isinstance(p, Player):
            self.injure(p, cause_of(env), attacker_of(env))

    def _armour_check(self, env: Env, p: Player, args: dict, duration: str | None) -> None:
        """An Armour check a rule asks for: failing it injures the player (page 9)."""
        if isinstance(p, Player) and p.square is not None and \
                not self.armour_check(p, cause_of(env), attacker_of(env), args.get("with", 0)):
            self.injure(p, cause_of(env), attacker_of(env))

    def _shove(self, env: Env, p: Player, args: dict, duration: str | None) -> None:
        if isinstance(p, Player):
            self.shove(p, env.vars.get("blocker"))

    def _bounce(self, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
        if isinstance(ball, Ball):
            self.bounce(ball, args.get("from"), "effect", None, int(args.get("times", 1)))

    def _remove(self, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
        if isinstance(ball, Ball):
            self.remove_ball(ball)

    def _void(self, env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if self.frames:
            raise ActionVoided()

    def _end_actions(self, env: Env, p: Player, args: dict, duration: str | None) -> None:
        """No more actions, free ones included, until the turn ends (page 9): every player's
        flag is cleared as the next turn starts (ruling actions-ended-this-turn)."""
        if isinstance(p, Player):
            p.actions_ended = True

    def _move(self, env: Env, p: Player, args: dict, duration: str | None) -> None:
        sq = self.square_of(args.get("to"))
        if isinstance(p, Player) and p.standing and sq is not None \
                and self.occupant[sq] is None and sq not in self.board.blocked:
            self.relocate(p, sq)
            self.note("moves-to", player=p, square=self.board.label(sq))

    def _switch(self, env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if env.firing is not None and args.get("to"):
            env.firing.switch_to = args["to"]

    def _swap(self, env: Env, a: Player, args: dict, duration: str | None) -> None:
        b = args.get("with")
        if not isinstance(a, Player) or not isinstance(b, Player):
            return
        self.swap_abilities(a, b)
        self.note("swap-abilities", player=a, other=b)
        self.on_scope_end(duration or "action", lambda: self.swap_abilities(a, b))

    def swap_abilities(self, a: Player, b: Player) -> None:
        a.abilities, b.abilities = b.abilities, a.abilities
        for bucket in self.hooks.by_key.values():
            for inst in bucket:
                if inst.owner.kind == "ability" and inst.owner.player in (a, b) \
                        and not inst.captured:
                    inst.owner.player = b if inst.owner.player is a else a

    def _redirect(self, env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if env.firing is not None and isinstance(args.get("to"), Team):
            env.firing.redirect_to = args["to"]

    def _draw_endgame(self, env: Env, subject: Any, args: dict, duration: str | None) -> None:
        self.draw_endgame_card(env.owner.own())

    def _score(self, env: Env, points: int, args: dict, duration: str | None) -> None:
        team = args.get("to")
        if isinstance(team, Team):
            owner = env.owner
            self.score(team, int(points), Named(owner.kind, owner.item, owner.name))

    def _slide(self, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
        if isinstance(ball, Ball) and args.get("to"):
            self.slide(ball, args["to"], int(args.get("up_to", 1)))

    def _choose_bounce(self, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
        if not isinstance(ball, Ball) or ball.square is None:
            return
        faces = sorted(self.ruleset.bounce_chart)
        labels = [self.ruleset.bounce_chart[f] for f in faces]
        face = self.decide(self.deciding_team(env), "bounce-direction", faces, labels,
                           "where does the ball bounce")
        start = ball.square
        self.lift(ball)
        self.forced_bounce = face
        self._bounce_from(ball, start, "effect", None)

    # -- feasibility: a `may` is only asked when its effect can happen ---------------------
    def feasibility_checks(self) -> dict[str, Callable[[Env, Any, Any], bool]]:
        return {
            "reroll": lambda env, subject, by: env.firing is not None
            and not env.firing.reroll_spent,
            "free": lambda env, action, p: isinstance(p, Player)
            and action in self.legal_actions(p, free=True),
            "free-choice": lambda env, subject, p: isinstance(p, Player)
            and bool(self.legal_actions(p, free=True)),
            "move": lambda env, p, by: isinstance(p, Player) and p.standing,
        }

    # -- queries ---------------------------------------------------------------------------
    def query_table(self) -> dict[str, Callable[..., Any]]:
        return {
            "adjacent": self._q_adjacent, "players-near": self._q_near,
            "legal-actions": lambda env, p: self.legal_actions(p) if isinstance(p, Player)
            else [],
            "free-actions": lambda env, p: self.legal_actions(p, free=True)
            if isinstance(p, Player) else [],
            "bounce-direction": lambda env, n: self.ruleset.bounce_chart.get(int(n)),
            "armour-check-fails": lambda env, p: isinstance(p, Player) and p.square is not None
            and not self.armour_check(p, cause_of(env), attacker_of(env), 0),
            "distance": self._q_distance,
        }

    def _q_adjacent(self, env: Env, a: Any, b: Any) -> bool:
        sa, sb = self.square_of(a), self.square_of(b)
        return sa is not None and sb is not None and self.board.adjacent(sa, sb)

    def _q_near(self, env: Env, x: Any) -> list[Player]:
        sq = self.square_of(x)
        if sq is None:
            return []
        around = (sq, *self.board.neighbours[sq])
        return [p for s in around if (p := self.occupant[s]) is not None]

    def _q_distance(self, env: Env, a: Any, b: Any) -> int | None:
        sa, sb = self.square_of(a), self.square_of(b)
        return None if sa is None or sb is None else self.board.chebyshev(sa, sb)

    # -- things that end with a scope ------------------------------------------------------
    def on_scope_end(self, scope: str, undo: Callable[[], None]) -> None:
        self.scope_undos.setdefault((scope, self.scope_token(scope)), []).append(undo)
