"""The pitch as text: what `nuffle play` prints after each turn.

Each square is two characters: a player is the first letter of their position (capital
for home, small for away) followed by `*` if they hold a ball or `_` if they are Prone;
`o` is a loose ball, `##` a blocked square, `[]` a trapdoor, `==` an end zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nuffle.interpreter.blitz_bowl.messages import Term
from nuffle.interpreter.blitz_bowl.narrate import ENGLISH, Words

if TYPE_CHECKING:
    from nuffle.interpreter.blitz_bowl.game import Game


def render_board(game: Game, words: Words = ENGLISH) -> str:
    board = game.board
    assert board is not None  # drawn after a turn
    traps = set(board.trapdoors.values())
    zones = set(board.end_zones["A"]) | set(board.end_zones["B"])
    letters = _letters(game)
    header = "    " + "".join(f"{x:<2}" for x in range(board.width))
    rows = [header]
    for y in range(board.height):
        cells = []
        for x in range(board.width):
            sq = y * board.width + x
            p = game.occupant[sq]
            if p is not None:
                mark = "*" if p.ball is not None else "_" if p.is_prone else " "
                cells.append(letters[p.id] + mark)
            elif sq in game.loose:
                cells.append("o ")
            elif sq in board.blocked:
                cells.append("##")
            elif sq in traps:
                cells.append("[]")
            elif sq in zones:
                cells.append("==")
            else:
                cells.append(". ")
        rows.append(f"{y:>3} " + "".join(cells).rstrip())
    rows.append(_legend(game, letters, words))
    return "\n".join(rows)


def _letters(game: Game) -> dict[str, str]:
    out = {}
    for team in game.teams:
        for p in team.players:
            letter = p.position[0]
            out[p.id] = letter.upper() if team.side == "home" else letter.lower()
    return out


def _legend(game: Game, letters: dict[str, str], words: Words) -> str:
    parts = []
    for team in game.teams:
        names = sorted({(letters[p.id], p.name) for p in team.players})
        players = ", ".join(f"{letter} {name}" for letter, name in names)
        parts.append(words.message("board-legend", {
            "side": Term("side", team.side), "team": words.name("team", team.id, team.name),
            "points": team.score, "dugout": len(team.dugout), "players": players}))
    return "\n".join(parts)
