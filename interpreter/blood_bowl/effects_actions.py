"""The Blood Bowl effects and queries of one area of the rules (actions): what each does in a
match. Declared, with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay, blocking, injury, movement, weapons
from nuffle.interpreter.blood_bowl.state import KNOCKED_OUT, ON_PITCH, RESERVES, Player, Square
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match
    from nuffle.interpreter.blood_bowl.state import Team


def effects(m: Match) -> dict[str, Effect]:  # noqa: C901 - one small function per effect
    def switch_action(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if env.firing is not None and args.get("to") is not None:
            env.firing.switch_to = str(args["to"])

    def turnover(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        from nuffle.interpreter.blood_bowl.match import Turnover
        raise Turnover(env.owner.item)

    def leave_pitch(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and ballplay.carries_other(m, p):  # a second ball (page 44)
            with ballplay.swapped(m):
                return leave_pitch(env, p, args, duration)
        if isinstance(p, Player) and p.where == ON_PITCH:
            sq, had_ball = p.square, m.holder is p
            m.take_off(p, RESERVES)
            m.note("leaves-pitch", player=p)
            if had_ball and sq is not None:
                ballplay.bounce(m, sq)

    def regain_tackle_zones(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.no_tackle_zones:
            p.no_tackle_zones = False
            m.note("regains-tackle-zones", player=p)

    def hit(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.where == ON_PITCH:
            m.note("hit", player=p)
            injury.armour(m, p, "effect", env.owner.player, int(args.get("by") or 0))

    def explode(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        sq = args.get("on")
        if isinstance(sq, Square):
            weapons.explode(m, sq, env.owner.player)

    def ban(env: Env, p: Any, args: dict, duration: str | None) -> None:
        # on the pitch, in the Reserves box or KO'd: the Dead & Injured stay where they are
        if isinstance(p, Player) and p.where in (ON_PITCH, RESERVES, KNOCKED_OUT):
            injury.send_off(m, p, "secret-weapon")

    def root(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.where == ON_PITCH:
            p.rooted_until_down = True
            p.moves_used = p.movement + movement.rushes(m, p)  # MA 0 from now on
            m.note("takes-root", player=p)

    def change_sides(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if not isinstance(p, Player):
            return
        own = p.team
        _join(m, p, own.opponent)
        if duration is not None:
            m.on_scope_end(duration, lambda: _join(m, p, own))

    return {"switch-action": switch_action, "turnover": turnover, "leave-pitch": leave_pitch,
            "regain-tackle-zones": regain_tackle_zones, "hit": hit, "explode": explode,
            "ban": ban, "root": root, "change-sides": change_sides}


def _join(m: Match, p: Player, team: Team) -> None:
    """The player plays for ``team`` from now on (page 27: past 16 players if need be)."""
    if p.team is team:
        return
    p.team.players.remove(p)
    team.players.append(p)
    p.team = team
    m.note("changes-sides", player=p, team=team)
    m.after("sides-changed", {"player": p, "team": team})


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def team_mates_next_to(env: Env, p: Any) -> list[Player]:
        if not isinstance(p, Player) or p.square is None:
            return []
        return [q for s in p.square.neighbours if (q := m.occupant.get(s)) is not None
                and q.team is p.team]

    def adjacent_opponents(env: Env, p: Any) -> list[Player]:
        if not isinstance(p, Player) or p.square is None:
            return []
        return blocking.targets(m, p)

    def tackle_zones_on(env: Env, p: Any) -> int | None:
        if not isinstance(p, Player) or p.square is None:
            return None
        return m.tackle_zones(p.square, p.team)

    def is_standing(env: Env, p: Any) -> bool:
        return isinstance(p, Player) and p.where == ON_PITCH and p.standing

    def has_ball(env: Env, p: Any) -> bool:
        return p is not None and (m.holder is p or ballplay.carries_other(m, p))

    def played_this_drive(env: Env, p: Any) -> bool:
        return isinstance(p, Player) and p.drive_played == m.drive_serial

    return {"team-mates-next-to": team_mates_next_to, "adjacent-opponents": adjacent_opponents,
            "tackle-zones-on": tackle_zones_on, "is-standing": is_standing, "has-ball": has_ball,
            "played-this-drive": played_this_drive}
