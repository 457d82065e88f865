"""Game logs (JSON Lines) and replays.

A log is a header (format, content version, teams, pitch, seed, options, bots), then every
dice outcome and every decision in the order they happened, then the end (result and a
digest of the final state). Replaying feeds the recorded outcomes and answers back to a
new game; it never needs the bots or the seed, so it checks the engine, not luck.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import IO, Any

from nuffle.interpreter.blitz_bowl.game import Game, Options, Result
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.decisions import DecisionScriptError, OutOfScript, ScriptedAgent
from nuffle.interpreter.dice import Dice, DiceScriptError, Outcome

LOG_FORMAT = 1


class ReplayError(Exception):
    """The log cannot be replayed, or its replay does not end where the log says."""


def options_record(options: Options) -> dict:
    return {"pitch": options.pitch, "special_balls": options.special_balls,
            "endgame": options.endgame, "knockout": options.knockout,
            "home_traits": list(options.home_traits), "away_traits": list(options.away_traits)}


def state_digest(game: Game) -> str:
    """A short hash of the final state: positions, balls, scores, hands, cards."""
    board = game.board
    state = {
        "score": [game.home.score, game.away.score],
        "players": [[p.id, board.label(p.square) if p.square is not None else "dugout", p.prone,
                     str(p.ball) if p.ball else None] for t in game.teams for p in t.players],
        "balls": [[b.id, b.card, b.in_play, board.label(b.square) if b.square is not None
                   else None] for b in game.balls],
        "hands": [[c.item for c in t.hand] for t in game.teams],
        "active": [c.item if c else None for c in game.active_cards],
        "deck": [c.item for c in game.deck],
        "round": game.round,
    }
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


class LogWriter:
    """Listens to a game and writes its log line by line."""

    def __init__(self, stream: IO[str], game: Game, bots: dict[str, str]) -> None:
        self.stream = stream
        self.game = game
        self.write({"type": "header", "format": LOG_FORMAT,
                    "content": game.ruleset.version, "home": game.home.id, "away": game.away.id,
                    "seed": game.seed, "options": options_record(game.options), "bots": bots})
        game.dice.listener = self.on_dice
        game.listeners.append(self.on_game)

    def write(self, record: dict) -> None:
        self.stream.write(json.dumps(record, separators=(",", ":")) + "\n")

    def on_dice(self, outcome: Outcome) -> None:
        self.write({"type": "dice", "d": outcome.sides, "v": outcome.value, "why": outcome.why})

    def on_game(self, kind: str, data: Any) -> None:
        if kind == "decision":
            decision, index = data
            self.write({"type": "decision", "kind": decision.kind, "team": decision.team,
                        "choice": index, "label": decision.labels[index]})

    def finish(self, result: Result) -> None:
        self.write({"type": "end", "result": asdict(result), "state": state_digest(self.game)})


def read_log(path: Path) -> list[dict]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror}") from None
    records = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}:{n}: not a JSON line ({exc.msg})") from None
    if not records or records[0].get("type") != "header":
        raise ReplayError(f"{path}: not a Nuffle game log (no header line)")
    if records[0].get("format") != LOG_FORMAT:
        raise ReplayError(f"{path}: log format {records[0].get('format')} is not supported "
                          f"(this Nuffle writes format {LOG_FORMAT})")
    return records


def replay(ruleset: Ruleset, records: list[dict], check_version: bool = True,
           listeners: list | None = None) -> tuple[Game, Result]:
    header = records[0]
    if check_version and header.get("content") != ruleset.version:
        raise ReplayError(
            f"the log was recorded with content version {header.get('content')}, but the "
            f"content is now version {ruleset.version}: rules may have changed since, so the "
            "game cannot be replayed exactly (use --ignore-version to try anyway)")
    dice = [(r["d"], r["v"]) for r in records if r.get("type") == "dice"]
    answers = [r["label"] for r in records if r.get("type") == "decision"]
    end = next((r for r in records if r.get("type") == "end"), None)
    if end is None:
        raise ReplayError("the log has no end record: the game was cut off")
    o = header.get("options", {})
    options = Options(pitch=o.get("pitch"), special_balls=o.get("special_balls", False),
                      endgame=o.get("endgame", False), knockout=o.get("knockout", False),
                      home_traits=o.get("home_traits", []), away_traits=o.get("away_traits", []))
    agent = ScriptedAgent(answers)
    for team in ("home", "away"):
        if header.get(team) not in ruleset.teams:
            raise ReplayError(f"the log's {team} team `{header.get(team)}` is not in the content")
    game = Game(ruleset, header["home"], header["away"], {"home": agent, "away": agent},
                seed=header.get("seed"), options=options, dice=Dice(script=dice))
    for make in listeners or []:
        game.listeners.append(make(game))
    try:
        result = game.play()
    except (DiceScriptError, DecisionScriptError, OutOfScript) as exc:
        raise ReplayError(f"the replay left the recorded game after {game.decision_count} "
                          f"decisions: {exc or 'no answer left'}") from None
    unused = len(game.dice.remaining_script()), len(agent.answers)
    if any(unused):
        raise ReplayError(f"the replay ended with {unused[0]} recorded dice and {unused[1]} "
                          "decisions unused: the log does not match this game")
    if asdict(result) != end["result"] or state_digest(game) != end["state"]:
        raise ReplayError(f"the replay ended differently: {result.score} "
                          f"({result.reason}) instead of {end['result'].get('score')} "
                          f"({end['result'].get('reason')})")
    return game, result
