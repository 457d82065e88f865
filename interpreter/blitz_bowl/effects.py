"""What the vocabulary's effects and queries do in a Blitz Bowl game.

Each entry maps a vocabulary name to the core procedure it stands for, so content can
only act on the game through these (principle 2: the names here are rules words, never
card names). The tables are built once per game (`effect_table(g)`, `query_table(g)`,
`feasibility_checks(g)`), each entry a function of this module bound to the game; the
compiled rules call an effect as ``game.effects[name](env, subject, values, duration)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blitz_bowl import actions, balls, challenges, combat
from nuffle.interpreter.blitz_bowl.messages import Named
from nuffle.interpreter.blitz_bowl.state import Ball, Player, Team
from nuffle.interpreter.common_effects import Effect, flag, reroll, reroll_possible
from nuffle.interpreter.hooks import ActionVoided, Env

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game



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


def square_of(x: Any) -> int | None:
    if isinstance(x, Player | Ball):
        return x.square
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    return None


# -- effects ---------------------------------------------------------------------------
def effect_table(g: Game) -> dict[str, Effect]:
    """The effects by vocabulary name, those that act on the game bound to ``g``: the
    functions and the flags' closures are the module's own (``_EFFECTS``), made once."""
    return {name: partial(effect, g) if bound else effect for name, effect, bound in _EFFECTS}


def _set(g: Game, env: Env, target: str, args: dict, duration: str | None) -> None:
    _assign(g, env, target, args.get("to"), duration)


def _change(g: Game, env: Env, target: str, args: dict, duration: str | None) -> None:
    own = env.owner.own()
    current = env.vars.get("value") if target == "value" \
        else own.params[target] if own is not None else None
    if current is None:  # nothing to add to
        return
    _assign(g, env, target, current + args.get("by", 0), duration)


def _assign(g: Game, env: Env, target: str, value: Any, duration: str | None) -> None:
    if target == "value":
        env.vars["value"] = value
        return
    team = env.owner.own()
    if team is None:  # a ball card's rules have no coach whose parameter this would be
        return
    previous = team.params[target]
    g.set_parameter(team, target, value, g.origin)
    if duration is not None:
        g.on_scope_end(duration, lambda: team.params.__setitem__(target, previous))


def _free(g: Game, env: Env, action: str, args: dict, duration: str | None) -> None:
    """A free action now (page 8), if the player can make it: that action only."""
    p, up_to = args.get("by"), args.get("up_to")
    if not isinstance(p, Player) or up_to is not None and up_to < 1:
        return  # a move of no square is no Run (ruling move-at-least-one-square)
    if action in actions.legal_actions(g, p, free=True):
        actions.perform_action(g, p, action, free=True, up_to=up_to, choices=[action])


def _free_choice(g: Game, env: Env, subject: Any, args: dict, duration: str | None) -> None:
    """A free action now (page 8) of the coach's choice, among those the player can make
    as a free action (ruling incentiviser-free-action); they are its `choices`."""
    p = args.get("by")
    if not isinstance(p, Player):
        return
    possible = actions.legal_actions(g, p, free=True)
    if possible:
        action = g.choose_for_rule(env, possible)
        actions.perform_action(g, p, action, free=True, choices=possible)


def _offer_free(g: Game, env: Env, action: str, args: dict, duration: str | None) -> None:
    """Offer a free action (page 8) to the coach whose turn it is, at the action decision
    being made (event action-choice): it joins the options as `PLAYER ACTION free`. Only
    a player of that team who can make it now is offered it, and not an offered free
    action of that type cancelled earlier this turn (ruling cancelled-action-not-counted).
    A hook's `once` limit is used when the coach takes the offer (ruling
    cost-free-actions); the compiler counts `offer-free` as a `may` for that."""
    p, sink = args.get("by"), g.free_offers_sink
    if sink is None or not isinstance(p, Player) or p.team is not g.active \
            or action in p.free_cancelled or action not in actions.legal_actions(g, p, free=True):
        return
    sink.append((p, action, env.on_accept))


def _extra_action(g: Game, env: Env, team: Team, args: dict, duration: str | None) -> None:
    if team is g.active:
        g.actions_left += 1
        g.note("one-more-action", team=team)


def _knock_down(g: Game, env: Env, p: Player, args: dict, duration: str | None) -> None:
    if isinstance(p, Player):
        combat.knock_down(g, p, cause_of(env), attacker_of(env), args.get("with", 0))


def _injure(g: Game, env: Env, p: Player, args: dict, duration: str | None) -> None:
    if isinstance(p, Player):
        combat.injure(g, p, cause_of(env), attacker_of(env))


def _armour_check(g: Game, env: Env, p: Player, args: dict, duration: str | None) -> None:
    """An Armour check a rule asks for: failing it injures the player (page 9)."""
    if isinstance(p, Player) and p.square is not None and not combat.armour_check(
            g, p, cause_of(env), attacker_of(env), args.get("with", 0)):
        combat.injure(g, p, cause_of(env), attacker_of(env))


def _shove(g: Game, env: Env, p: Player, args: dict, duration: str | None) -> None:
    if isinstance(p, Player):
        combat.shove(g, p, env.vars.get("blocker"))


def _bounce(g: Game, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
    if isinstance(ball, Ball):
        balls.bounce(g, ball, args.get("from"), "effect", None, int(args.get("times", 1)))


def _remove(g: Game, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
    if isinstance(ball, Ball):
        balls.remove_ball(g, ball)


def _void(g: Game, env: Env, subject: Any, args: dict, duration: str | None) -> None:
    if g.frames:
        raise ActionVoided()


def _end_actions(env: Env, p: Player, args: dict, duration: str | None) -> None:
    """No more actions, free ones included, until the turn ends (page 9): every player's
    flag is cleared as the next turn starts (ruling actions-ended-this-turn)."""
    if isinstance(p, Player):
        p.actions_ended = True


def _move(g: Game, env: Env, p: Player, args: dict, duration: str | None) -> None:
    sq = square_of(args.get("to"))
    if not (isinstance(p, Player) and p.standing and sq is not None):
        return
    assert g.board is not None  # a standing player: the pitch is set up
    if g.occupant[sq] is None and sq not in g.board.blocked:
        actions.relocate(g, p, sq)
        g.note("moves-to", player=p, square=g.board.label(sq))


def _switch(env: Env, subject: Any, args: dict, duration: str | None) -> None:
    if env.firing is not None and args.get("to"):
        env.firing.switch_to = args["to"]


def _swap(g: Game, env: Env, a: Player, args: dict, duration: str | None) -> None:
    b = args.get("with")
    if not isinstance(a, Player) or not isinstance(b, Player):
        return
    swap_abilities(g, a, b)
    g.note("swap-abilities", player=a, other=b)
    g.on_scope_end(duration or "action", lambda: swap_abilities(g, a, b))


def swap_abilities(g: Game, a: Player, b: Player) -> None:
    a.abilities, b.abilities = b.abilities, a.abilities
    # an ability's hooks share one Owner (so do the hooks its rules add while it runs):
    # each Owner is rebound once, however many of its hooks there are
    owners = {id(inst.owner): inst.owner for bucket in g.hooks.by_key.values()
              for inst in bucket
              if inst.owner.kind == "ability" and inst.owner.player in (a, b)}
    for owner in owners.values():
        owner.player = b if owner.player is a else a
    g.hooks.owners_changed()  # the buckets' indexes by guard read owner.player


def _redirect(env: Env, subject: Any, args: dict, duration: str | None) -> None:
    if env.firing is not None and isinstance(args.get("to"), Team):
        env.firing.redirect_to = args["to"]


def _draw_endgame(g: Game, env: Env, subject: Any, args: dict, duration: str | None) -> None:
    challenges.draw_endgame_card(g, env.owner.own())


def _score(g: Game, env: Env, points: int, args: dict, duration: str | None) -> None:
    team = args.get("to")
    if isinstance(team, Team):
        owner = env.owner
        g.score(team, int(points), Named(owner.kind, owner.item, owner.name))


def _slide(g: Game, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
    if isinstance(ball, Ball) and args.get("to"):
        balls.slide(g, ball, args["to"], int(args.get("up_to", 1)))


def _choose_bounce(g: Game, env: Env, ball: Ball, args: dict, duration: str | None) -> None:
    if not isinstance(ball, Ball) or ball.square is None:
        return
    faces = sorted(g.ruleset.bounce_chart)
    labels = [g.ruleset.bounce_chart[f] for f in faces]
    face = g.decide(g.deciding_team(env), "bounce-direction", faces, labels,
                    "where does the ball bounce")
    balls.bounce_chosen(g, ball, face)


# each effect: (vocabulary name, function, whether it takes the game first)
_EFFECTS: tuple[tuple[str, Callable[..., None], bool], ...] = (
    ("set", _set, True), ("change", _change, True), ("reroll", reroll, False),
    ("cancel", flag("cancelled"), False), ("succeed", flag("succeed"), False),
    ("fail", flag("fail"), False), ("free", _free, True), ("free-choice", _free_choice, True),
    ("offer-free", _offer_free, True),
    ("extra-action", _extra_action, True),
    ("knock-down", _knock_down, True), ("injure", _injure, True),
    ("armour-check", _armour_check, True), ("shove", _shove, True),
    ("bounce", _bounce, True), ("remove", _remove, True), ("void-action", _void, True),
    ("end-actions", _end_actions, False), ("move", _move, True), ("switch-action", _switch, False),
    ("swap-abilities", _swap, True), ("redirect-claim", _redirect, False),
    ("draw-endgame-challenge", _draw_endgame, True), ("score", _score, True),
    ("slide", _slide, True), ("choose-bounce", _choose_bounce, True),
)


# -- feasibility: a `may` is only asked when its effect can happen ---------------------
def feasibility_checks(g: Game) -> dict[str, Callable[[Env, Any, Any], bool]]:
    return {
        "reroll": reroll_possible,
        "free": lambda env, action, p: isinstance(p, Player)
        and action in actions.legal_actions(g, p, free=True),
        "free-choice": lambda env, subject, p: isinstance(p, Player)
        and bool(actions.legal_actions(g, p, free=True)),
        "move": lambda env, p, by: isinstance(p, Player) and p.standing,
    }


# -- queries ---------------------------------------------------------------------------
def query_table(g: Game) -> dict[str, Callable[..., Any]]:
    return {
        "adjacent": partial(_q_adjacent, g), "players-near": partial(_q_near, g),
        "legal-actions": lambda env, p: actions.legal_actions(g, p) if isinstance(p, Player)
        else [],
        "free-actions": lambda env, p: actions.legal_actions(g, p, free=True)
        if isinstance(p, Player) else [],
        "bounce-direction": lambda env, n: g.ruleset.bounce_chart.get(int(n)),
        "armour-check-fails": lambda env, p: isinstance(p, Player) and p.square is not None
        and not combat.armour_check(g, p, cause_of(env), attacker_of(env), 0),
        "distance": partial(_q_distance, g),
    }


def _q_adjacent(g: Game, env: Env, a: Any, b: Any) -> bool:
    sa, sb = square_of(a), square_of(b)
    if sa is None or sb is None:
        return False
    assert g.board is not None  # squares: the pitch is set up
    return g.board.adjacent(sa, sb)


def _q_near(g: Game, env: Env, x: Any) -> list[Player]:
    sq = square_of(x)
    if sq is None:
        return []
    assert g.board is not None  # a square: the pitch is set up
    around = (sq, *g.board.neighbours[sq])
    return [p for s in around if (p := g.occupant[s]) is not None]


def _q_distance(g: Game, env: Env, a: Any, b: Any) -> int | None:
    sa, sb = square_of(a), square_of(b)
    if sa is None or sb is None:
        return None
    assert g.board is not None  # squares: the pitch is set up
    return g.board.chebyshev(sa, sb)
