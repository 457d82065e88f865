"""The games Nuffle plays, each a ruleset package with the same small entry points.

The shared core (logs, replays, simulations, the command line) reaches a game only through
its package's `adapter` module, found here by the game's id: nothing in the core asks which
game it runs. A game object names its game in ``game_id``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

# game id -> the module with its entry points (imported on first use: `nuffle check` and
# `nuffle --help` load no engine)
GAMES: dict[str, str] = {
    "blitz-bowl": "nuffle.interpreter.blitz_bowl.adapter",
    "blood-bowl": "nuffle.interpreter.blood_bowl.adapter",
}
DEFAULT_GAME = "blitz-bowl"  # logs written before there were two games are Blitz Bowl's


def rules(game_id: str) -> ModuleType:
    """The entry points of a game: load_ruleset, new_game, make_options, options_record,
    options_from_record, OPTIONS_SCHEMA, state_digest, BOTS, header_problems, narrator,
    narrative_words, NAME."""
    return importlib.import_module(GAMES[game_id])


def rules_of(game: Any) -> ModuleType:
    return rules(game.game_id)


def infer_game(ruleset_teams: dict[str, set[str]], home: str, away: str) -> str | None:
    """The game both teams belong to, when only one has them both (``ruleset_teams``: game
    id -> its team ids); None when none or several do."""
    found = [g for g, teams in ruleset_teams.items() if home in teams and away in teams]
    return found[0] if len(found) == 1 else None
