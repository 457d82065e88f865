"""Invariants a game must keep after every step (checked in debug mode).

Every player of a team's roster between pitch and Dugout (six for the box teams, page 4;
as many as the team's player cards show for the others, page 12, Extra Teams), one player
per square, nobody on a blocked square, every ball on the pitch, held or out of play, and
each score equal to the points its scoring events gave; the move search's masks kept for
the board's version agree with the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blitz_bowl.search import build_masks

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game



def roster_size(game: Game, team_id: str) -> int:
    """The players the team fields: its positions' counts (rulings team-goblin-count and
    team-undead-lineman-counts: eight Goblins, seven Undead)."""
    return sum(int(pos["count"]) for pos in game.ruleset.teams[team_id]["positions"])


class InvariantViolation(AssertionError):
    """The engine broke one of the game's invariants."""


def violations(game: Game) -> list[str]:
    out: list[str] = []
    if game.board is None:
        return out
    board = game.board
    seen: dict[int, str] = {}
    for team in game.teams:
        size = roster_size(game, team.id)
        if len(team.players) != size:
            out.append(f"{team.side} has {len(team.players)} players, not {size}")
        for p in team.players:
            if p.square is None:
                if p.ball is not None:
                    out.append(f"{p.id} is in the Dugout holding {p.ball}")
                continue
            if p.square in seen:
                out.append(f"{p.id} and {seen[p.square]} share square {board.label(p.square)}")
            seen[p.square] = p.id
            if p.square in board.blocked:
                out.append(f"{p.id} stands on blocked square {board.label(p.square)}")
            if game.occupant[p.square] is not p:
                out.append(f"the board does not show {p.id} at {board.label(p.square)}")
    for sq, p in enumerate(game.occupant):
        if p is not None and p.square != sq:
            out.append(f"the board shows {p.id} at {board.label(sq)}, a square they left")
    loose_seen: set[int] = set()
    for ball in game.balls:
        if not ball.in_play:
            if ball.holder is not None or ball.loose_square is not None:
                out.append(f"{ball} is out of play but still on the pitch")
            continue
        if ball.holder is not None:
            if ball.holder.ball is not ball or ball.holder.square is None:
                out.append(f"{ball} is held by {ball.holder.id}, who does not hold it")
            continue
        at = ball.loose_square
        if at is None:
            out.append(f"{ball} is in play but nowhere")
            continue
        if at in board.blocked:
            out.append(f"{ball} lies on blocked square {board.label(at)}")
        if at in loose_seen:
            out.append(f"two balls lie on {board.label(at)}")
        loose_seen.add(at)
        if game.loose.get(at) is not ball:
            out.append(f"{ball} lies at {board.label(at)} but the board does not show it")
    for sq, ball in game.loose.items():
        if ball.loose_square != sq or ball.holder is not None:
            out.append(f"the board shows {ball} loose at {board.label(sq)}, where it is not")
    kept = game.masks
    if kept is not None and kept.version == game.board_version:
        fresh = build_masks(game)  # a change of the board that did not bump its version
        if (kept.occupied, kept.danger, kept.near, kept.foes, kept.standing) != (
                fresh.occupied, fresh.danger, fresh.near, fresh.foes, fresh.standing):
            out.append("the move search's masks are out of date: a player moved or fell "
                       "without the board's version changing")
    for team in game.teams:
        ledger = sum(points for side, points, _ in game.ledger if side == team.side)
        if ledger != team.score:
            out.append(f"{team.side}'s score {team.score} is not the sum of its points {ledger}")
    return out


def check_invariants(game: Game, where: str) -> None:
    if game.depth or game.in_flight:  # in the middle of a rule or a bounce
        return
    found = violations(game)
    if found:
        raise InvariantViolation(f"{where}: " + "; ".join(found))
