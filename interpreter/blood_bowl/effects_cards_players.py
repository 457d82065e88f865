"""The Blood Bowl effects and queries of the special play cards about players who lose or swap
their skills, characteristics or team for a while: what each does in a match. Declared, with
their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.cards_players.

The duration these cards use, `for this turn-pair` (PBBL page 44: "for your turn and your
opponent's turn"), is the match's scope: `Match.scope_token` and `Match.end_turn_pairs`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl.state import Player, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def strip_skills(m: Match, p: Player, keep: set[str], duration: str | None) -> None:
    """Every skill of the player but those in ``keep`` goes, its rules muted, until the
    duration ends (for good with none): `lose-skills` (a card of PBBL page 50) keeps none,
    `lose-skills-except` (page 44) the ones it names. A skill a rule gave for a while whose
    own time runs out meanwhile is not given back."""
    lost = [s for s in p.skills if s not in keep]
    if not lost:
        return
    values = {s: p.skill_values[s] for s in lost if s in p.skill_values}
    gained = {s for s in lost if (p, s) in m.gained_skills}
    p.skills[:] = [s for s in p.skills if s in keep]
    for s in values:
        del p.skill_values[s]
    muted = [inst for bucket in m.hooks.by_key.values() for inst in bucket
             if inst.owner.kind == "ability" and inst.owner.player is p
             and inst.owner.item not in keep and not inst.disabled]
    for inst in muted:
        inst.disabled = True
    kept = [s for s in p.skills if s in keep]
    if kept:
        m.note("loses-skills-except", player=p, kept=kept)
    else:
        m.note("loses-skills", player=p)
    if duration is None:
        return

    def undo() -> None:
        for inst in muted:
            inst.disabled = False
        for skill in lost:
            if skill in gained and (p, skill) not in m.gained_skills:
                continue  # its own duration has ended: gone for good
            if skill not in p.skills:
                p.skills.append(skill)
                if skill in values:
                    p.skill_values[skill] = values[skill]
    m.on_scope_end(duration, undo)


def relist(p: Player, team: Team, at: int | None = None) -> None:
    """List the player with ``team`` (at ``at`` in its list, else last): its coach decides
    for him and he is its player for every rule (cards of PBBL pages 44 and 50)."""
    if p.team is team:
        return
    if p in p.team.players:
        p.team.players.remove(p)
    p.team = team
    if p not in team.players:
        team.players.insert(len(team.players) if at is None else min(at, len(team.players)), p)


def effects(m: Match) -> dict[str, Effect]:
    def lose_skills_except(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """Every skill but those named goes (a card of PBBL page 44: only the skills that
        must be used stay; ruling bb-card-heckler)."""
        keep = {s for s in (args.get("with") or []) if isinstance(s, str)}
        if isinstance(p, Player):
            strip_skills(m, p, keep, duration)

    def switch_team(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """The player is listed with the other team until the duration ends, as a member of
        it who has not acted this turn (a card of PBBL page 50; ruling bb-card-blackmail);
        past 11 players on the pitch if need be. Then back to their own team's list, where
        they stand or lie, or in whichever box of the Dugout they went to."""
        new = args.get("to")
        if not (isinstance(p, Player) and isinstance(new, Team)) or p.team is new:
            return
        old = p.team
        index = old.players.index(p) if p in old.players else len(old.players)
        acted = p.acted
        relist(p, new)
        p.acted, p.moves_used, p.rushes_used = False, 0, 0
        extra = p not in m.play_cards.extra
        if extra:
            m.play_cards.extra.append(p)
        m.note("switches-team", player=p, team=new)
        if duration is None:
            return

        def undo() -> None:
            relist(p, old, index)
            p.acted = acted
            if extra and p in m.play_cards.extra:
                m.play_cards.extra.remove(p)
            m.note("switches-team", player=p, team=old)
        m.on_scope_end(duration, undo)

    return {"lose-skills-except": lose_skills_except, "switch-team": switch_team}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    return {}
