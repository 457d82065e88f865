"""What the Blood Bowl vocabulary's effects, queries and attributes do in a match.

Each entry maps a vocabulary name to the procedure it stands for (principle 2: rules words,
never a skill or table entry's name). Sources are cited in the vocabulary
(nuffle.interpreter.vocabulary.blood_bowl).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import (
    ballplay,
    effects_actions,
    effects_blocking,
    effects_cards,
    effects_cards_drive_setup,
    effects_cards_neutral_player,
    effects_cards_pitch,
    effects_cards_players,
    effects_cards_second_ball,
    effects_cards_turn_flow,
    effects_injuries,
    effects_movement,
    effects_passing,
    injury,
    kickoff,
    movement,
    rolls,
    tables,
    turn,
)
from nuffle.interpreter.blood_bowl import squares as square_words
from nuffle.interpreter.blood_bowl.state import CASUALTY, ON_PITCH, RESERVES, Player, Square, Team
from nuffle.interpreter.common_effects import Effect, flag, reroll, reroll_possible
from nuffle.interpreter.errors import RulesError
from nuffle.interpreter.hooks import Env
from nuffle.interpreter.vocabulary.model import Vocabulary

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

# each area of the rules maps its own effects and queries (one module per area)
AREAS = (effects_blocking, effects_injuries, effects_movement, effects_passing, effects_actions,
         effects_cards, effects_cards_turn_flow, effects_cards_players, effects_cards_drive_setup,
         effects_cards_pitch, effects_cards_neutral_player, effects_cards_second_ball)
TYPE_CLASSES: dict[str, type] = {"player": Player, "team": Team, "square": Square}
SETTABLE = {"movement": "movement", "armour-value": "armour-value",
            "strength": "strength", "agility": "agility"}  # ST, AG: cards of PBBL pages 50-51
_BUILT: dict[int, dict] = {}


def attribute_table(vocab: Vocabulary) -> dict[type, dict[str, Callable[[Any], Any]]]:
    table = _BUILT.get(id(vocab))
    if table is None:
        table = {cls: {a: attrgetter(a.replace("-", "_")) for a in vocab.types[t].attributes}
                 for t, cls in TYPE_CLASSES.items()}
        table[Square].update(square_words.attributes())  # the games' shared square words
        _BUILT[id(vocab)] = table
    return table


def _players(x: Any) -> list[Player]:
    return [p for p in (x or []) if isinstance(p, Player)]


def effect_table(m: Match) -> dict[str, Effect]:  # noqa: C901 - one small function per effect
    def assign(env: Env, target: Any, args: dict, duration: str | None) -> None:
        if target == "value":
            env.vars["value"] = args.get("to")

    def change(env: Env, target: Any, args: dict, duration: str | None) -> None:
        if target == "value" and env.vars.get("value") is not None:
            env.vars["value"] = env.vars["value"] + args.get("by", 0)

    def assign_attribute(env: Env, target: Any, args: dict, duration: str | None) -> None:
        obj, attr = target
        if not isinstance(obj, Player) or attr not in SETTABLE:
            return
        key = SETTABLE[attr]
        before = obj.temporary.get(key, 0)
        current = getattr(obj, attr.replace("-", "_"))
        new = args["to"] if args["op"] == "set" else current + args.get("by", 0)
        # AV may reach 11 (a card of PBBL page 49 adds 1 to any player's, AV 10 included)
        high = 11 if key == "armour-value" else 10
        if not 1 <= new <= high:
            raise RulesError("G004", f"`{attr}` would be {new}; its range is 1 to {high}",
                             m.origin)
        obj.temporary[key] = before + new - current
        if duration is not None:
            m.on_scope_end(duration, lambda: obj.temporary.__setitem__(key, before))

    def move_turn_marker(env: Env, team: Any, args: dict, duration: str | None) -> None:
        if isinstance(team, Team):
            team.turn_marker = max(0, min(8, team.turn_marker + int(args.get("by", 0))))
            m.note("turn-marker", team=team, turn=team.turn_marker)

    def end_half(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        from nuffle.interpreter.blood_bowl.match import HalfOver
        m.note("half-ends")
        raise HalfOver()

    def set_up_again(env: Env, players: Any, args: dict, duration: str | None) -> None:
        chosen = _pick_up_to(m, env, _players(players), args.get("up_to"), "set up again")
        if chosen:
            kickoff.set_up(m, chosen[0].team, chosen)

    def place(env: Env, p: Any, args: dict, duration: str | None) -> None:
        sq = args.get("on")
        if isinstance(p, Player) and isinstance(sq, Square) and sq not in m.occupant:
            m.put(p, sq)
            m.note("placed", player=p, square=sq)

    def free_step(env: Env, players: Any, args: dict, duration: str | None) -> None:
        for p in _pick_up_to(m, env, _players(players), args.get("up_to"), "move one square"):
            assert p.square is not None  # `_pick_up_to` picks players on the pitch
            empty = [s for s in p.square.neighbours if s not in m.occupant]
            if not empty:
                continue
            sq = m.decide(p.team, "free-step", [None, *empty],
                          lambda s: "stay" if s is None else s.label(), f"move {p.id}?")
            if sq is not None:
                m.put(p, sq)
                m.note("moves-to", player=p, square=sq)

    def bonus_turn(env: Env, team: Any, args: dict, duration: str | None) -> None:
        if not isinstance(team, Team):
            return
        players = _players(args.get("with")) if "with" in args else None
        actions = tuple(args["as"]) if args.get("as") else turn.ACTIONS
        m.note("bonus-turn", team=team)
        # the ball is still in the air, but this is a team turn: team re-rolls may be used
        # (page 20, the bonus turn's result), unlike on the kick-off's own rolls
        saved, in_kick_off = m.active, m.in_kick_off
        m.in_kick_off = False
        try:
            turn.team_turn(m, team, players, args.get("up_to"), actions, counts=False)
        finally:
            m.active, m.in_kick_off = saved, in_kick_off

    def gain_reroll(env: Env, team: Any, args: dict, duration: str | None) -> None:
        if isinstance(team, Team):
            team.extra_rerolls += 1
            m.note("extra-reroll", team=team)
            if duration is not None:
                m.on_scope_end(duration, lambda: setattr(
                    team, "extra_rerolls", max(0, team.extra_rerolls - 1)))

    def gain_bribe(env: Env, team: Any, args: dict, duration: str | None) -> None:
        if isinstance(team, Team):
            m.bribes[team.side] += 1
            m.note("bribe-gained", team=team)

    def apply_weather(env: Env, total: Any, args: dict, duration: str | None) -> None:
        tables.apply_weather(m, int(total))

    def scatter_ball(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        # without `by`, the full scatter: three D8 (BB2020 page 25; PBBL's results give `by`)
        sq = m.kick_landing
        for _ in range(int(args.get("by") or 3)):
            if sq is None:
                break
            sq = m.pitch.step(sq, m.dice.roll(8, "kick scatter"))
        m.kick_landing = sq

    def bounce_ball(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        sq = args.get("from")
        if isinstance(sq, Square):
            ballplay.bounce(m, sq)

    def injury_roll(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.on_pitch:
            injury.injure(m, p, "effect")

    def knock_down(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.on_pitch and p.standing:
            injury.knock_down(m, p, "effect")

    def stun(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and ballplay.carries_other(m, p):  # a second ball (page 44)
            with ballplay.swapped(m):
                return stun(env, p, args, duration)
        if isinstance(p, Player) and p.on_pitch:
            had_ball = m.holder is p
            p.standing, p.stunned = False, True
            p.stunned_this_turn = p.team is m.active
            m.note("stunned", player=p)
            if had_ball:
                assert p.square is not None  # on the pitch
                ballplay.bounce(m, p.square)

    def send_off(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.on_pitch:
            reason = args.get("as")  # `as foul`: a Bribe may be tried (a card of page 48)
            injury.send_off(m, p, reason if isinstance(reason, str) else "effect")

    def into_crowd(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.on_pitch:
            injury.crowd(m, p, p.square)

    def miss_next_drive(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player):
            p.miss_next_drive = True
            m.note("misses-drive", player=p)

    def pray(env: Env, team: Any, args: dict, duration: str | None) -> None:
        if isinstance(team, Team):
            tables.pray(m, team)

    def gain_skill(env: Env, p: Any, args: dict, duration: str | None) -> None:
        skill = args.get("with")
        if not isinstance(p, Player) or not isinstance(skill, str) or skill in p.skills:
            return
        p.skills.append(skill)
        if args.get("as") is not None:  # a value printed after the name: (2+), (+1)
            p.skill_values[skill] = int(args["as"])
        bound = m.bind_skill(p, skill)
        m.note("gains-skill", player=p, skill=skill)
        if duration is not None:
            def undo() -> None:
                if skill in p.skills:
                    p.skills.remove(skill)
                p.skill_values.pop(skill, None)
                for inst in bound:
                    m.hooks.remove(inst)
                m.gained_skills.pop((p, skill), None)
            m.on_scope_end(duration, undo)
            m.gained_skills[(p, skill)] = undo  # `lose-skill` may end it sooner

    def lose_tackle_zones(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player):
            p.no_tackle_zones = True
            m.note("loses-tackle-zones", player=p)
            if duration is not None:  # back when it ends (a card of PBBL page 51)
                m.on_scope_end(duration, lambda: setattr(p, "no_tackle_zones", False))

    def armour_roll(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.on_pitch:
            injury.armour(m, p, "effect", env.owner.player)

    def stop_moving(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player):
            p.moves_used = p.movement + movement.rushes(m, p)
            m.note("stops-moving", player=p)

    def kill(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and ballplay.carries_other(m, p) and p.square is not None:
            # a second ball (page 44): it bounces at once, the procedure under way
            # bouncing only the one it handles
            at = p.square
            with ballplay.swapped(m):
                kill(env, p, args, duration)
                ballplay.bounce(m, at)
            return
        if isinstance(p, Player) and p.where == ON_PITCH:
            sq, had_ball = p.square, m.holder is p
            m.take_off(p, CASUALTY)
            p.casualty_roll = None  # Dead with no Casualty roll (page 25)
            m.casualties[p.team.opponent.side] += 1
            m.note("killed", player=p)
            if had_ball and sq is not None:
                ballplay.drop(m, sq)  # the engine bounces it once the rule is done

    def place_prone(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and ballplay.carries_other(m, p) and p.standing:
            with ballplay.swapped(m):  # a second ball (page 44): it bounces at once, as
                place_prone(env, p, args, duration)  # in `kill`
                assert p.square is not None  # the carrier, placed Prone, is on the pitch
                ballplay.bounce(m, p.square)
            return
        if isinstance(p, Player) and p.where == ON_PITCH and p.standing:
            p.standing = False
            m.note("placed-prone", player=p)
            if m.holder is p:
                assert p.square is not None  # on the pitch
                ballplay.drop(m, p.square)

    def to_reserves(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and not p.on_pitch:
            p.where = RESERVES
            m.note("to-reserves", player=p)

    def deny_skill(env: Env, p: Any, args: dict, duration: str | None) -> None:
        skill = args.get("with")
        if isinstance(p, Player) and skill is not None and (p, skill) not in m.denied:
            m.denied.add((p, str(skill)))
            m.note("skill-denied", player=p, skill=skill)

    def forgo_reroll(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        if env.firing is not None:
            env.firing.reroll_spent = True

    table: dict[str, Effect] = {
        "set": assign, "change": change, "assign-attribute": assign_attribute,
        "reroll": reroll, "cancel": flag("cancelled"), "forgo-reroll": forgo_reroll,
        "move-turn-marker": move_turn_marker, "end-half": end_half,
        "set-up-again": set_up_again, "place": place, "free-step": free_step,
        "bonus-turn": bonus_turn, "gain-team-reroll": gain_reroll, "gain-bribe": gain_bribe,
        "apply-weather": apply_weather, "scatter-ball": scatter_ball,
        "bounce-ball": bounce_ball, "injury-roll": injury_roll, "knock-down": knock_down,
        "stun": stun, "send-off": send_off, "push-into-crowd": into_crowd,
        "miss-next-drive": miss_next_drive, "pray": pray, "gain-skill": gain_skill,
        "lose-tackle-zones": lose_tackle_zones, "to-reserves": to_reserves, "kill": kill,
        "armour-roll": armour_roll, "stop-moving": stop_moving,
        "place-prone": place_prone, "deny-skill": deny_skill,
    }
    for area in AREAS:
        table.update(area.effects(m))
    return table


def _pick_up_to(m: Match, env: Env, players: list[Player], up_to: Any,
                what: str) -> list[Player]:
    """Up to N of these players, chosen one by one by their coach (all if no N)."""
    players = [p for p in players if p.on_pitch]
    if up_to is None or not players:
        return players
    chosen: list[Player] = []
    for _ in range(int(up_to)):
        left = [p for p in players if p not in chosen]
        if not left:
            break
        p = m.decide(left[0].team, "pick", [None, *left],
                     lambda q: "done" if q is None else q.id, f"{what}: which player?")
        if p is None:
            break
        chosen.append(p)
    return chosen


def query_table(m: Match) -> dict[str, Callable[..., Any]]:
    def random_players(env: Env, players: Any, n: Any) -> list[Player]:
        pool = list(_players(players))
        out = []
        for _ in range(min(int(n or 0), len(pool))):
            p = m.dice.pick(pool, "random player")
            pool.remove(p)
            out.append(p)
        return out
    def adjacent_team_mates(env: Env, p: Any) -> list[Player]:
        if not isinstance(p, Player) or p.square is None:
            return []
        return [q for s in p.square.neighbours if (q := m.occupant.get(s)) is not None
                and q.team is p.team and q.standing]

    def without_skill(env: Env, players: Any, skill: Any) -> list[Player]:
        return [p for p in _players(players) if skill not in p.skills]

    def d6_with_team_reroll(env: Env, p: Any, need: Any) -> int | None:
        """A rule's D6 for ``p`` that the team may re-roll like a roll of the player's own
        (page 15) when it shows less than ``need``: a skill's own roll (page 28)."""
        if not isinstance(p, Player) or need is None:
            return None
        die = m.dice.roll(6, "rule")
        if die < int(need) and rolls.team_reroll(m, p, "rule"):
            die = m.dice.roll(6, "rule")
        return die

    def marks(env: Env, p: Any, sq: Any) -> bool:
        return (isinstance(p, Player) and isinstance(sq, Square) and p.square is not None
                and p.exerts_tackle_zones and sq in p.square.neighbours)

    def skill_value(env: Env, p: Any, skill: Any) -> int | None:
        return p.skill_values.get(skill) if isinstance(p, Player) else None

    table: dict[str, Callable[..., Any]]
    table = {"random-players": random_players, "adjacent-team-mates": adjacent_team_mates,
            "skill-value": skill_value, "d6-with-team-reroll": d6_with_team_reroll,
            "without-skill": without_skill, "marks": marks, "size": lambda env, xs: len(list(xs or []))}
    for area in AREAS:
        table.update(area.queries(m))
    table.update(square_words.queries(m))
    return table


def feasibility_checks(m: Match) -> dict[str, Callable[[Env, Any, Any], bool]]:
    return {"reroll": reroll_possible}
