"""The Blitz Bowl engine's entry points for the shared core (see nuffle.interpreter.games)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.blitz_bowl.ruleset import load_ruleset as _load
from nuffle.interpreter.blitz_bowl.ruleset import team_ids as _team_ids
from nuffle.interpreter.bots import GreedyBot, RandomBot
from nuffle.interpreter.dice import Dice

from nuffle.catalogue.model import Catalogue

NAME = "Blitz Bowl (Season 2)"
BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}
_NAME_FIELD = {"type": "string", "minLength": 1, "maxLength": 200}
_FLAG = {"type": "boolean"}
OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object", "properties": {
        "pitch": {"anyOf": [_NAME_FIELD, {"type": "null"}]},
        "special_balls": _FLAG, "endgame": _FLAG, "knockout": _FLAG,
        "home_traits": {"type": "array", "items": _NAME_FIELD, "maxItems": 16},
        "away_traits": {"type": "array", "items": _NAME_FIELD, "maxItems": 16}},
    "required": ["pitch", "special_balls", "endgame", "knockout", "home_traits",
                 "away_traits"],
    "additionalProperties": False}


# the command-line options that are this game's own: flag -> argparse destination
OPTION_FLAGS = {"--pitch": "pitch", "--extra-time": "extra_time"}


def options_from_args(parser: Any, ruleset: Ruleset, args: Any) -> Options:
    from nuffle.cli.engine_common import game_options
    return game_options(parser, ruleset, args)


def load_ruleset(extra: Iterable[Path] = (), catalogue: Catalogue | None = None) -> Ruleset:
    return _load(extra, catalogue)


def team_ids(catalogue: Catalogue) -> frozenset[str]:
    return _team_ids(catalogue)


def new_game(ruleset: Ruleset, home: str, away: str, agents: dict, seed: int | None,
             options: Options, dice: Dice | None = None) -> Game:
    return Game(ruleset, home, away, agents, seed=seed, options=options, dice=dice)


def options_record(options: Options) -> dict:
    return {"pitch": options.pitch, "special_balls": options.special_balls,
            "endgame": options.endgame, "knockout": options.knockout,
            "home_traits": list(options.home_traits), "away_traits": list(options.away_traits)}


def options_from_record(o: dict) -> Options:
    return Options(pitch=o["pitch"], special_balls=o["special_balls"], endgame=o["endgame"],
                   knockout=o["knockout"], home_traits=list(o["home_traits"]),
                   away_traits=list(o["away_traits"]))


def header_problems(ruleset: Ruleset, header: dict) -> list[str]:
    out = []
    for side in ("home", "away"):
        if header[side] not in ruleset.teams:
            out.append(f"the {side} team `{header[side]}` is not in the content")
        for trait in header["options"][f"{side}_traits"]:
            if trait not in ruleset.traits:
                out.append(f"the {side} coach trait `{trait}` is not in the content")
    pitch = header["options"]["pitch"]
    if pitch is not None and pitch not in ruleset.pitches:
        out.append(f"the pitch `{pitch}` is not in the content")
    return out


def state_digest(game: Game) -> str:
    """A short hash of the final state: positions, balls, scores, hands, every pile of cards
    and the game parameters, so a replay that ends in it played the logged game (two copies
    of one card are the same card here)."""
    board = game.board
    state = {
        "score": [game.home.score, game.away.score],
        "players": [[p.id, board.label(p.square) if p.square is not None and board is not None
                     else "dugout", p.prone,
                     str(p.ball) if p.ball else None] for t in game.teams for p in t.players],
        "balls": [[b.id, b.card, b.in_play, board.label(b.square)
                   if b.square is not None and board is not None else None] for b in game.balls],
        "hands": [[c.item for c in t.hand] for t in game.teams],
        "active": [c.item if c else None for c in game.active_cards],
        "deck": [c.item for c in game.deck],
        "discard": [c.item for c in game.discard],
        "unused-endgame": [c.item for c in game.unused_endgame],
        "temporary": [[c.item for c in game.temporary[t.side]] for t in game.teams],
        "ball-deck": list(game.ball_deck),
        "params": [{k: str(v) for k, v in t.params.items()} for t in game.teams],
        "round": game.round,
    }
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def narrator(game: Game, out: Callable[[str], None], words: Any) -> Callable[[str, Any], None]:
    from nuffle.interpreter.blitz_bowl.ascii_board import render_board
    from nuffle.interpreter.blitz_bowl.narrate import Narrator
    return Narrator(game, out, render_board, words)


def narrative_words(lang: str, catalogue: Any) -> Any:
    from nuffle.i18n.translations import narrative_words as words
    return words(lang, catalogue)


def start_line(words: Any, game: Game, bots: tuple[str, str], seed: int) -> str:
    def name(team: Any) -> str:
        return words.name("team", team.id, team.name)
    return words.message("game-header", {"home": name(game.home), "away": name(game.away),
                                         "home_bot": bots[0], "away_bot": bots[1],
                                         "seed": seed})


def end_line(words: Any, game: Game, result: Any) -> str:
    from nuffle.interpreter.blitz_bowl.messages import Term

    def name(team: Any) -> str:
        return words.name("team", team.id, team.name)
    winner = words.message("result-draw", {}) if result.winner is None else \
        words.message("result-win", {"team": game.side(result.winner)}, game)
    return words.message("final-score", {
        "home": name(game.home), "away": name(game.away), "home_score": result.score["home"],
        "away_score": result.score["away"], "result": winner,
        "reason": Term("end-reason", result.reason), "rounds": result.rounds})


SUMMARY_FIELDS = (("score", "mean score"), ("touchdowns", "touchdowns"),
                  ("cards_claimed", "cards claimed"), ("injuries_caused", "injuries caused"))
LENGTH_FIELD: str | None = "rounds"


def summary_value(result: Any, key: str, side: str) -> float:
    return float(getattr(result, key)[side])


def run_scenario(ruleset: Ruleset, data: dict, without: bool = False) -> Any:
    from nuffle.interpreter.scenario import run_scenario as run
    return run(ruleset, data, without=without)
