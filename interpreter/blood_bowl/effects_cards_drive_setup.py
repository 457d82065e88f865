"""The Blood Bowl effects and queries of the special play cards about the set-up of a drive and
the Kick-Off table's contests: what each does in a match. Declared, with their rules citations,
in nuffle.interpreter.vocabulary.blood_bowl.cards_drive_setup."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl.state import KNOCKED_OUT, ON_PITCH, RESERVES, Player, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match

MAX_WOKEN = 11  # no more can be set up (PBBL page 7)


def effects(m: Match) -> dict[str, Effect]:
    def set_up_stunned(env: Env, players: Any, args: dict, duration: str | None) -> None:
        """The coach picks KO'd players one at a time (the decision `set-up-stunned`): they
        skip the roll to come back (page 16) and are set up Stunned (page 45; kickoff.set_up
        places them first and sends back to the KO'd box one it could not place)."""
        left = [p for p in (players or []) if isinstance(p, Player) and p.where == KNOCKED_OUT]
        chosen = 0
        while left and chosen < MAX_WOKEN:
            p = m.decide(left[0].team, "set-up-stunned", [None, *left],
                         lambda q: "done" if q is None else q.id,
                         "set up which KO'd player Stunned?")
            if p is None:
                return
            left.remove(p)
            p.where, p.set_up_stunned = RESERVES, True
            chosen += 1
            m.note("set-up-stunned", player=p)

    def turn_face_up(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and p.where == ON_PITCH and p.stunned:
            p.stunned, p.standing = False, False
            m.note("turned-face-up", player=p)

    def sit_out_one(env: Env, players: Any, args: dict, duration: str | None) -> None:
        """Their coach chooses which of two or more players misses the drive (the decision
        `sit-out`; page 51, ruling bb-card-i-am-the-greatest)."""
        pool = [p for p in (players or []) if isinstance(p, Player)
                and p.where == RESERVES and not p.miss_next_drive]
        if len(pool) < 2:
            return
        p = m.decide(pool[0].team, "sit-out", pool, lambda q: q.id,
                     "which player sits this drive out?")
        p.miss_next_drive = True
        m.note("sits-out", player=p)

    return {"set-up-stunned": set_up_stunned, "turn-face-up": turn_face_up,
            "sit-out-one": sit_out_one}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def ko_box(env: Env, team: Any) -> list[Player]:
        return team.players_in(KNOCKED_OUT) if isinstance(team, Team) else []

    def set_up_eligible(env: Env, team: Any) -> list[Player]:
        if not isinstance(team, Team):
            return []
        return [p for p in team.players if p.where == RESERVES and not p.miss_next_drive]

    def most_expensive(env: Env, players: Any) -> list[Player]:
        """The two dearest, with every player tied for either place (ruling
        bb-card-i-am-the-greatest), in roster order."""
        pool = [p for p in (players or []) if isinstance(p, Player)]
        costs = sorted({p.cost for p in pool}, reverse=True)
        if not costs:
            return []
        top = [p for p in pool if p.cost == costs[0]]
        if len(top) >= 2 or len(costs) == 1:
            return top
        return [p for p in pool if p.cost in costs[:2]]

    def contest_winner(env: Env, staff: Any) -> Team | None:
        """The team a rule makes win the contest of the Kick-Off result under way (page 20;
        a card of page 44), or none: then the result's dice decide."""
        if not m.hooks.get("kick-off-contest-winner", "modify"):
            return None
        kicking, receiving = env.vars.get("kicking-team"), env.vars.get("receiving-team")
        winner = m.modify("kick-off-contest-winner", None, {
            "kicking-team": kicking, "receiving-team": receiving, "staff": staff})
        return winner if winner in (kicking, receiving) else None

    return {"ko-box": ko_box, "set-up-eligible": set_up_eligible,
            "most-expensive": most_expensive, "contest-winner": contest_winner}
