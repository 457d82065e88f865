"""The Blood Bowl effects and queries of one area of the rules (passing): what each does in a
match. Declared, with their rules citations, in nuffle.interpreter.vocabulary.blood_bowl.passing."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nuffle.interpreter.blood_bowl import ballplay, movement
from nuffle.interpreter.blood_bowl.pitch import HALF, distance, is_wide, under_ruler
from nuffle.interpreter.blood_bowl.state import Player, Square, Team
from nuffle.interpreter.common_effects import Effect
from nuffle.interpreter.hooks import Env

if TYPE_CHECKING:
    from nuffle.interpreter.blood_bowl.match import Match


def _square(x: Any) -> Square | None:
    if isinstance(x, Player):
        return x.square if x.on_pitch else None
    return x if isinstance(x, Square) else None


def effects(m: Match) -> dict[str, Effect]:
    def free_move(env: Env, p: Any, args: dict, duration: str | None) -> None:
        if isinstance(p, Player) and args.get("up_to") is not None:
            on = args.get("on")
            into = args.get("into")
            against = args.get("against")
            run_free_move(m, p, int(args["up_to"]),
                          None if on is None else {s for s in on if isinstance(s, Square)},
                          None if into is None else {s for s in into if isinstance(s, Square)},
                          None if against is None else [q for q in against
                                                        if isinstance(q, Player)])

    def pass_ball(env: Env, p: Any, args: dict, duration: str | None) -> None:
        longest = args.get("up_to")
        if isinstance(p, Player) and longest in ballplay.RANGES:
            ballplay.pass_ball(m, p, str(longest))

    return {"free-move": free_move, "pass-ball": pass_ball}


def queries(m: Match) -> dict[str, Callable[..., Any]]:
    def distance_between(env: Env, a: Any, b: Any) -> int | None:
        sa, sb = _square(a), _square(b)
        return None if sa is None or sb is None else distance(sa, sb)

    def ruler_squares(env: Env, a: Any, b: Any) -> list[Square]:
        sa, sb = _square(a), _square(b)
        if sa is None or sb is None:
            return []
        return [s for s in m.pitch.squares() if under_ruler(sa, sb, s)]

    def half_squares(env: Env, team: Any) -> list[Square]:
        if not isinstance(team, Team):
            return []
        return [s for s in m.pitch.squares() if (s.x < HALF) == (team is m.home)]

    def wide_zones(env: Env) -> list[Square]:
        return [s for s in m.pitch.squares() if is_wide(s)]

    def halved(env: Env, n: Any) -> int | None:
        return None if not isinstance(n, int) else n // 2

    return {"distance": distance_between, "ruler-squares": ruler_squares,
            "half-squares": half_squares, "wide-zones": wide_zones, "halved": halved}


def run_free_move(m: Match, p: Player, up_to: int, on: set[Square] | None,
                  into: set[Square] | None, against: list[Player] | None) -> None:
    """Up to ``up_to`` squares, one at a time, chosen by the player's coach (skills of PBBL
    pages 27-28): only into empty squares of ``on`` (any, if not given) that are not the
    loose ball's, each square its own Dodge roll when leaving a tackle zone (`movement.step`,
    page 9) but none of the player's own movement and no Going For It. The coach may stop
    before moving at all, or wherever the move may end: in ``into``, or next to one of
    ``against`` (anywhere, if neither is given); squares from which no such end can be
    reached are not offered. A fall ends the move: no turnover, unless the player is of the
    moving team in a team turn."""
    from nuffle.interpreter.blood_bowl.match import Turnover
    if not (p.on_pitch and p.standing and p.square is not None):
        return
    ends = _ends(m, into, against)

    def may_end(sq: Square) -> bool:
        return ends is None or sq in ends

    def open_square(sq: Square) -> bool:
        return sq not in m.occupant and sq is not m.ball and (on is None or sq in on)

    saved = p.moves_used
    moved = 0
    try:
        while moved < up_to and p.on_pitch and p.standing:
            left = up_to - moved - 1
            options: list[Square | None] = [
                s for s in p.square.neighbours
                if open_square(s) and _reach(s, left, may_end, open_square)]
            if not options:
                break
            if moved == 0 or may_end(p.square):  # not moving at all: the skill not used
                options.insert(0, None)
            sq = m.decide(p.team, "free-move", options,
                          lambda s: "stop" if s is None else s.label(),
                          f"move {p.id}?", player=p.id)
            if sq is None:
                break
            p.moves_used = 0  # none of the player's own movement: no Going For It
            start = p.square
            try:
                movement.step(m, p, sq)
            except Turnover:
                if p.team is m.active and not m.in_kick_off:
                    raise
                break
            # held where they were, or stopped from moving further, by a rule (page 30)
            if p.square is start or p.moves_used > 1:
                break
            moved += 1
    finally:
        p.moves_used = saved


def _ends(m: Match, into: set[Square] | None,
          against: list[Player] | None) -> set[Square] | None:
    if into is None and against is None:
        return None
    ends = set(into or ())
    for q in against or ():
        if q.on_pitch and q.square is not None:
            ends |= set(q.square.neighbours)
    return ends


def _reach(start: Square, steps: int, may_end: Callable[[Square], bool],
           open_square: Callable[[Square], bool]) -> bool:
    """Whether the move may end within ``steps`` more squares of ``start``."""
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        sq, used = frontier.popleft()
        if may_end(sq):
            return True
        if used == steps:
            continue
        for nxt in sq.neighbours:
            if nxt not in seen and open_square(nxt):
                seen.add(nxt)
                frontier.append((nxt, used + 1))
    return False
