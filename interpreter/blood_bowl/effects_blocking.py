"""The Blood Bowl effects and queries of one area of the rules (blocking): what each does in a
match. Declared, with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.blocking."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay
from nuffle.interpreter.blood_bowl.state import Player
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def effects(m: Match) -> dict[str, Effect]:
    def block_again(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """Queued: blocking.block throws it once the block under way is over (page 27)."""
        target = args.get("against")
        if isinstance(p, Player) and isinstance(target, Player) and target.team is not p.team:
            m.blocks_again.append((p, target))

    def drop_ball(env: Env, p: Any, args: dict, duration: str | None) -> None:
        """The ball falls in the player's square and bounces from it (page 29)."""
        if isinstance(p, Player) and ballplay.carries_other(m, p):  # a second ball (page 44)
            with ballplay.swapped(m):
                return drop_ball(env, p, args, duration)
        if isinstance(p, Player) and m.holder is p and p.square is not None:
            m.note("drops-ball", player=p)
            ballplay.drop(m, p.square)
            ballplay.bounce(m, p.square)

    return {"block-again": block_again, "drop-ball": drop_ball}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    return {}
