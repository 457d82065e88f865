"""The Blood Bowl effects and queries of one area of the rules (cards): what each does in a
match. Declared, with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay, effects_cards_players, kickoff
from nuffle.interpreter.blood_bowl.state import Player, Square, Team
from nuffle.interpreter.blood_bowl.weapons import FACINGS, template_step
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def scatter_kick(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        """The kick placed on a square scatters one square at a time on the Throw-in
        template, its coach turning the template each time to face a sideline or an end zone
        (PBBL page 45; the template as a move on it reads it, ruling bb-throw-in-template)."""
        sq = args.get("from")
        if not isinstance(sq, Square):
            return
        team = m.deciding_team(env)
        m.note("kick-placed", team=team, square=sq)
        landing: Square | None = sq
        for _ in range(int(args.get("times") or 1)):
            if landing is None:
                break
            facing = m.decide(team, "kick-template-facing", list(FACINGS), list(FACINGS),
                              "which way does the Throw-in template face?")
            dx, dy = template_step(facing, m.dice.roll(6, "kick scatter"))
            landing = m.pitch.at(landing.x + dx, landing.y + dy)
        m.kick_landing = landing

    def aim_throw_in(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        m.play_cards.aim_throw_in = m.deciding_team(env)

    def switch_places(env: Env, p: Any, args: dict, duration: str | None) -> None:
        q = args.get("with")
        if not (isinstance(p, Player) and isinstance(q, Player) and p.on_pitch
                and q.on_pitch and p is not q):
            return
        here, there = p.square, q.square
        assert here is not None and there is not None  # both on the pitch
        m.put(p, there)
        m.put(q, here)
        m.note("switch-places", player=p, other=q)
        m.after("switched-places", {"player": p, "other": q, "team": p.team})

    def loft_ball(env: Env, subject: Any, args: dict, duration: str | None) -> None:
        """The ball sent to a square scatters N times, as an inaccurate pass does (PBBL page
        13), then comes down there (page 14)."""
        sq = args.get("to")
        if not isinstance(sq, Square) or (m.holder is None and m.ball is None):
            return
        m.holder, m.ball = None, None
        m.note("ball-lofted", square=sq)
        landing: Square | None = sq
        last = sq
        for _ in range(int(args.get("times") or 1)):
            if landing is None:
                break
            last = landing
            landing = m.pitch.step(landing, m.dice.roll(8, "scatter"))
        m.note("ball-scatters", square=landing)
        ballplay.arrive(m, landing, last, ballplay.CATCH_OTHER)

    def take_action(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """An action outside the team turn (PBBL page 45): the team turn under way is the
        opponent's, so no team re-roll is used (page 15); a turnover ends only the action."""
        from nuffle.interpreter.blood_bowl import turn
        from nuffle.interpreter.blood_bowl.match import Turnover
        action = args.get("as")
        if not isinstance(p, Player) or not p.on_pitch or not isinstance(action, str):
            return
        m.note("free-action", player=p, action=action)
        try:
            turn.act(m, p, action)
        except Turnover:
            m.note("action-ends", player=p)

    def allow_action_again(env: Env, team: Any, args: dict, duration: str | None) -> None:
        action = args.get("as")
        if isinstance(team, Team) and isinstance(action, str) and action in team.declared:
            team.declared.discard(action)
            m.note("action-allowed-again", team=team, action=action)

    table: dict[str, Effect] = {
        "allow-action-again": allow_action_again,
        "scatter-kick": scatter_kick, "aim-throw-in": aim_throw_in,
        "switch-places": switch_places, "loft-ball": loft_ball, "take-action": take_action}
    # the effects the cards of pages 46-51 add:
    # pages 46-47
    from nuffle.interpreter.blood_bowl import effects_cards_46_47
    table.update(effects_cards_46_47.effects(m))
    # pages 48-49
    # (a card of PBBL page 48: the Extra Team Training inducement's re-roll, page 36,
    # restored at half time with the others, page 16; ruling bb-card-extra-training)
    def add_team_reroll(env: Env, team: Any, args: dict, duration: str | None) -> None:
        if isinstance(team, Team):
            team.rerolls += 1
            team.rerolls_at_start += 1
            m.note("extra-reroll", team=team)

    def to_ko_box(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """From the Dead & Injured box to the KO'd box (pages 12, 16; a card of page 49)."""
        from nuffle.interpreter.blood_bowl.state import CASUALTY, KNOCKED_OUT
        if isinstance(p, Player) and p.where == CASUALTY:
            p.where = KNOCKED_OUT
            m.note("to-ko-box", player=p)

    def add_player(env: Env, team: Any, args: dict, duration: str | None) -> None:
        """A player joins the team's Reserves box for the match, past 16 players if need be,
        with the characteristics and the skill the rule gives (a card of page 49)."""
        stats = [int(x) for x in (args.get("as") or []) if isinstance(x, int)]
        skill = args.get("with")
        if not isinstance(team, Team) or len(stats) != 4:
            return
        if not all(1 <= x <= 10 for x in stats):
            from nuffle.interpreter.errors import RulesError
            raise RulesError("G004", f"`add-player` was given {stats}; each characteristic "
                             "is 1 to 10", m.origin)
        n = 1 + sum(1 for q in team.players if q.position == "extra-player")
        ma, st, ag, av = stats
        p = Player(f"{team.side}.extra-player-{n}", team, "Extra player", "extra-player",
                   ma, st, ag, av, [])
        team.players.append(p)
        m.note("player-joins", team=team, player=p)
        if isinstance(skill, str):
            p.skills.append(skill)
            m.bind_skill(p, skill)

    def scatter_ball_on_ground(env: Env, subject: Any, args: dict,
                               duration: str | None) -> None:
        """The ball on the ground goes D6 squares in a D8 direction, as a kick scatters (page
        7), and is put down with no bounce; an occupied square sends it on one square the
        same way; off the pitch the crowd throws it in (page 14; a card of page 49, ruling
        bb-card-woof-woof)."""
        start = m.ball
        if start is None or m.holder is not None:
            return
        direction = m.dice.roll(8, "scatter direction")
        length = m.dice.roll(6, "scatter length")
        sq: Square = start
        for n in range(length + 26):  # 26 squares more at most: the pitch's length
            if n >= length and sq not in m.occupant:
                break
            nxt = m.pitch.step(sq, direction)
            if nxt is None:  # into the crowd: it stops, and the crowd throws it in
                m.note("ball-out", square=sq)
                m.ball = None
                landing, last = ballplay.throw_in(m, sq)
                ballplay.arrive(m, landing, last, ballplay.CATCH_OTHER, "throw-in")
                return
            sq = nxt
        m.ball = sq
        m.note("ball-put-down", square=sq)

    table.update({"add-team-reroll": add_team_reroll, "to-ko-box": to_ko_box,
                  "add-player": add_player, "scatter-ball-on-ground": scatter_ball_on_ground})
    # pages 50-51
    table.update(_effects_pages_50_51(m))
    return table


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def line_of_scrimmage(env: Env, team: Any) -> list[Square]:
        if not isinstance(team, Team):
            return []
        return [sq for sq in kickoff.own_half(m, team) if kickoff.on_line(m, team, sq)]

    def pitch_squares(env: Env) -> list[Square]:
        return list(m.pitch.squares())

    def players_next_to(env: Env, p: Any) -> list[Player]:
        if not isinstance(p, Player) or p.square is None:
            return []
        return [q for s in p.square.neighbours if (q := m.occupant.get(s)) is not None]

    def squares_moved(env: Env, p: Any) -> int | None:
        return p.moves_used if isinstance(p, Player) else None

    table: dict[str, Callable[..., Any]] = {
        "line-of-scrimmage": line_of_scrimmage, "pitch-squares": pitch_squares,
        "players-next-to": players_next_to, "squares-moved": squares_moved}
    # the queries the cards of pages 46-51 add:
    # pages 46-47
    from nuffle.interpreter.blood_bowl import effects_cards_46_47
    table.update(effects_cards_46_47.queries(m))
    # pages 48-49
    def wide_zone(env: Env, n: Any) -> list[Square]:
        """Wide zone 1 along the sideline at y = 1, 2 along the other (page 5)."""
        from nuffle.interpreter.blood_bowl.pitch import wide_zone as zone_of
        if n not in (1, 2):
            return []
        return [s for s in m.pitch.squares() if zone_of(s) == n - 1]

    def players_in(env: Env, squares: Any) -> list[Player]:
        return [q for s in (squares or []) if isinstance(s, Square)
                and (q := m.occupant.get(s)) is not None]

    def sideline_squares(env: Env) -> list[Square]:
        from nuffle.interpreter.blood_bowl.pitch import HEIGHT
        return [s for s in m.pitch.squares() if s.y in (0, HEIGHT - 1)]

    def casualties(team: Any, dead: bool) -> list[Player]:
        """The team's players in the Dead & Injured box: Badly Hurt (a D68 of 11-38) or
        Dead (61-68, or killed with no roll), page 32."""
        from nuffle.interpreter.blood_bowl.state import CASUALTY
        if not isinstance(team, Team):
            return []
        out = []
        for p in team.players:
            if p.where != CASUALTY:
                continue
            roll = p.casualty_roll
            if (dead and (roll is None or roll >= 61)) or (
                    not dead and roll is not None and roll <= 38):
                out.append(p)
        return out

    table.update({"wide-zone": wide_zone, "players-in": players_in,
                  "sideline-squares": sideline_squares,
                  "badly-hurt": lambda env, team: casualties(team, False),
                  "dead": lambda env, team: casualties(team, True)})
    # pages 50-51
    table.update(_queries_pages_50_51(m))
    return table


# -- the effects and queries of the cards of PBBL pages 50-51 -----------------------------------
def _effects_pages_50_51(m: Match) -> dict[str, Effect]:  # noqa: C901 - one function per effect
    from nuffle.interpreter.blood_bowl import injury
    from nuffle.interpreter.blood_bowl.state import RESERVES

    def lose_team_rerolls(env: Env, team: Any, args: dict, duration: str | None) -> None:
        """N fewer team re-rolls now and each time they are restored at half time (page 16):
        the roster's, not a counter tied to a skill (page 28); never fewer than none."""
        n = int(args.get("by") or 0)
        if not isinstance(team, Team) or n <= 0:
            return
        lost = max(0, min(n, team.rerolls - sum(team.skill_rerolls.values())))
        team.rerolls -= lost
        team.rerolls_at_start = max(0, team.rerolls_at_start - n)
        m.note("rerolls-lost", team=team, count=lost)

    def strike(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """Knocked down as if by a player with a skill of page 28 (a Wizard's spell, page
        37): its +N goes on the Armour roll if that breaks the armour, else on the Injury
        roll."""
        if isinstance(p, Player) and p.on_pitch and p.standing:
            m.note("struck", player=p)
            injury.knock_down(m, p, "effect", env.owner.player, bonus=int(args.get("by") or 0))

    def lose_skills(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """Every skill goes, its rules muted, until the duration ends (a card of page 50)."""
        if isinstance(p, Player):
            effects_cards_players.strip_skills(m, p, set(), duration)

    def field_player(env: Env, team: Any, args: dict, duration: str | None) -> None:
        """A temporary player placed on the pitch, past 11 if need be, until the duration
        ends (cards of pages 50-51)."""
        sq, stats, skills = args.get("on"), args.get("as") or [], args.get("with") or []
        if not (isinstance(team, Team) and isinstance(sq, Square) and sq not in m.occupant
                and len(stats) == 4 and all(isinstance(x, int) and 1 <= x <= 10
                                            for x in stats)):
            return
        item = env.owner.item
        n = 1 + sum(1 for q in team.players if q.position == item)
        ma, st, ag, av = stats
        p = Player(f"{team.side}.{item}-{n}", team, env.owner.name, item, ma, st, ag, av, [])
        team.players.append(p)
        m.play_cards.extra.append(p)
        bound = []
        for skill in skills:
            if isinstance(skill, str) and skill not in p.skills:
                p.skills.append(skill)
                bound += m.bind_skill(p, skill)
        m.put(p, sq)
        m.note("player-fielded", team=team, player=p, square=sq)
        if duration is None:
            return

        def leave() -> None:
            if p.on_pitch:
                ballplay.focus(m, p)  # the ball they carry, a second one too (page 44)
                here, had_ball = p.square, m.holder is p
                m.take_off(p, RESERVES)
                if had_ball and here is not None:
                    ballplay.bounce(m, here)
            if p in team.players:
                team.players.remove(p)
            if p in m.play_cards.extra:
                m.play_cards.extra.remove(p)
            for inst in bound:
                m.hooks.remove(inst)
            m.note("player-leaves", team=team, player=p)
        m.on_scope_end(duration, leave)

    return {"lose-team-rerolls": lose_team_rerolls, "strike": strike,
            "lose-skills": lose_skills, "field-player": field_player}


def _queries_pages_50_51(m: Match) -> dict[str, Callable[..., Any]]:
    from nuffle.interpreter.blood_bowl.pitch import AWAY_END, HOME_END
    from nuffle.interpreter.blood_bowl.state import CASUALTY

    def pitch_players(env: Env, team: Any) -> list[Player]:
        if not isinstance(team, Team):
            return []
        return team.opponent.players_on_pitch + team.players_on_pitch

    def dead_and_injured(env: Env, team: Any) -> list[Player]:
        return team.players_in(CASUALTY) if isinstance(team, Team) else []

    def injured_in_opposing_turn(env: Env, team: Any) -> list[Player]:
        """The `injured` events of the team's players between the opponent's last
        `turn-start` and its `turn-end` (a card of page 51)."""
        if not isinstance(team, Team):
            return []
        history = m.game_history
        start = next((i for i in range(len(history) - 1, -1, -1)
                      if history[i][0] == "turn-start"
                      and history[i][1].get("team") is team.opponent), None)
        if start is None:
            return []
        out: list[Player] = []
        for event, payload in history[start + 1:]:
            if event == "turn-end" and payload.get("team") is team.opponent:
                break
            p = payload.get("player")
            if event == "injured" and payload.get("team") is team and isinstance(p, Player) \
                    and p not in out:
                out.append(p)
        return out

    def end_zone_squares(env: Env) -> list[Square]:
        return [s for s in m.pitch.squares() if s.x in (HOME_END, AWAY_END)]

    return {"pitch-players": pitch_players, "dead-and-injured": dead_and_injured,
            "injured-in-opposing-turn": injured_in_opposing_turn,
            "end-zone-squares": end_zone_squares}
