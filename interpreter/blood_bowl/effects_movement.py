"""The Blood Bowl effects and queries of one area of the rules (movement): what each does in a
match. Declared, with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.movement."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import movement, rolls
from nuffle.interpreter.blood_bowl.state import Player, Square
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def dive(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """Placed Prone in the square a moving player is leaving, once they have left it
        (a skill of PBBL page 26); at once if it is empty."""
        sq = args.get("into")
        if isinstance(p, Player) and isinstance(sq, Square) and p.on_pitch and p.standing:
            movement.enter_when_vacated(m, p, sq, prone=True)

    def step(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """Into an empty square next to the player, with no Dodge roll and none of their
        movement (a skill of PBBL page 29)."""
        sq = args.get("into")
        if isinstance(p, Player) and isinstance(sq, Square) and p.on_pitch and p.standing \
                and p.square is not None and sq in p.square.neighbours:
            movement.enter_when_vacated(m, p, sq, prone=False)

    return {"dive": dive, "step": step}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def with_skill(env: Env, players: Any, skill: Any) -> list[Player]:
        return [p for p in (players or []) if isinstance(p, Player) and skill in p.skills]

    def agility_roll(env: Env, p: Any, modifier: Any) -> bool | None:
        """An Agility roll a rule calls for (PBBL page 9), re-rollable (page 15)."""
        if not isinstance(p, Player) or not p.on_pitch or modifier is None:
            return None
        return rolls.test(m, p, "agility-roll", int(modifier)).passed

    return {"with-skill": with_skill, "agility-roll": agility_roll}
