"""Game logs: what a log is (JSON Lines, format 2), its digests, and writing one.

A log is a header (format, content version, teams, seed, options, bots), then every die
(with the item whose rule rolled it, when one did) and every decision in the order they
happened, then the end (the result and a digest of the final state). Every record carries
``h``, a digest chained from the record before, so a changed, removed or inserted line is
found at its own line number. Reading a log from anyone is `logreader`; replaying it,
`replay`.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import IO, Any

from nuffle.interpreter.dice import Outcome
from nuffle.interpreter.games import DEFAULT_GAME, GAMES, rules_of

LOG_FORMAT = 2
CHAIN_START = "nuffle-log-2"  # what the header's digest is chained from
DIGEST_CHARS = 16  # hex characters of a record's `h`
LABELS_DIGEST_CHARS = 8  # hex characters of a decision's `opts`

# ---- the record shapes (JSON Schema, draft 2020-12) -------------------------------------
_HEX16 = {"type": "string", "pattern": f"^[0-9a-f]{{{DIGEST_CHARS}}}$"}
_HEX8 = {"type": "string", "pattern": f"^[0-9a-f]{{{LABELS_DIGEST_CHARS}}}$"}
_PATTERNS = {_HEX16["pattern"]: f"{DIGEST_CHARS} lowercase hexadecimal digits",
             _HEX8["pattern"]: f"{LABELS_DIGEST_CHARS} lowercase hexadecimal digits"}
_NAME = {"type": "string", "minLength": 1, "maxLength": 200}
_FLAG = {"type": "boolean"}
_SIDES = {"type": "object", "properties": {"home": _NAME, "away": _NAME},
          "required": ["home", "away"], "additionalProperties": False}


def _record(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    """A record of one type: exactly these fields, plus `type` and the digest `h`."""
    return {"type": "object",
            "properties": {"type": {"const": kind}, **fields, "h": _HEX16},
            "required": ["type", *(f for f in fields if f not in OPTIONAL), "h"],
            "additionalProperties": False}


# a header without `game` is a Blitz Bowl log (written before Blood Bowl); a die without
# `rule` was rolled by the core's procedures (or logged before dice named their rule)
OPTIONAL = ("game", "rule")
RULE = {"type": "string", "pattern": "^[a-z0-9-]+/[^/]", "maxLength": 200}


LOG_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": f"Nuffle game log, format {LOG_FORMAT}: one record per line",
    "$defs": {
        "header": _record("header", {
            "format": {"const": LOG_FORMAT},
            "content": {"type": "string", "maxLength": 200},
            "home": _NAME, "away": _NAME,
            "seed": {"type": ["integer", "null"]},
            "game": {"enum": sorted(GAMES)},
            "options": {"type": "object"},  # the game's own options (OPTIONS_SCHEMA)
            "bots": _SIDES,
        }),
        "dice": _record("dice", {
            "d": {"type": "integer", "minimum": 1, "maximum": 1_000_000},
            "v": {"type": "integer", "minimum": 1},
            "why": {"type": "string"},
            # the item whose hook rolled it, `kind/id`; only then (written since issue 14)
            "rule": RULE,
        }),
        "decision": _record("decision", {
            "kind": _NAME,
            "team": {"enum": ["home", "away"]},
            "n": {"type": "integer", "minimum": 1},
            "choice": {"type": "integer", "minimum": 0},
            "label": {"type": "string"},
            "opts": _HEX8,
        }),
        "end": _record("end", {
            "result": {"type": "object", "properties": {
                "winner": {"enum": ["home", "away", None]},
                "score": {"type": "object", "properties": {"home": {"type": "integer"},
                                                           "away": {"type": "integer"}},
                          "required": ["home", "away"]},
                "reason": {"type": "string"}},
                "required": ["winner", "score", "reason"]},
            "state": _HEX16,
        }),
    },
}
RECORD_TYPES = tuple(LOG_SCHEMA["$defs"])

# ---- digests -----------------------------------------------------------------------------
def canonical(record: dict) -> str:
    """The text a record's digest is taken of: sorted keys, no spaces, without `h`; ASCII,
    so any string the JSON held (even a lone surrogate) hashes the same everywhere."""
    return json.dumps({k: v for k, v in record.items() if k != "h"}, sort_keys=True,
                      separators=(",", ":"))


def chain_digest(previous: str, record: dict) -> str:
    """A record's `h`: the previous record's `h` and this record, hashed together."""
    text = f"{previous}\n{canonical(record)}"
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_CHARS]


def labels_digest(labels: Sequence[str]) -> str:
    """A decision's `opts`: every option label, in order, so other options are noticed."""
    text = json.dumps(list(labels), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:LABELS_DIGEST_CHARS]


def rechain(records: list[dict]) -> list[dict]:
    """The records with every `h` recomputed: what someone who edits a log and knows the
    format can do. The chain then holds, so only the replay can tell the edit."""
    out, previous = [], CHAIN_START
    for record in records:
        previous = chain_digest(previous, record)
        out.append({**record, "h": previous})
    return out


# ---- writing -----------------------------------------------------------------------------
def options_record(game: Any) -> dict:
    return rules_of(game).options_record(game.options)


def state_digest(game: Any) -> str:
    """A short hash of the game's final state (each game says what it holds): a replay that
    ends in it played the logged game."""
    return str(rules_of(game).state_digest(game))


def header_game(header: dict) -> str:
    """The game a log's header records."""
    return str(header.get("game", DEFAULT_GAME))


def result_record(result: Any) -> dict:
    """The result as JSON holds it (tuples become lists), so a replay compares like with like."""
    return json.loads(json.dumps(asdict(result)))


class LogWriter:
    """Listens to a game and writes its log line by line, chaining each record's digest."""

    def __init__(self, stream: IO[str], game: Any, bots: dict[str, str]) -> None:
        self.stream = stream
        self.game = game
        self.last = CHAIN_START
        header = {"type": "header", "format": LOG_FORMAT, "content": game.ruleset.version}
        if game.game_id != DEFAULT_GAME:  # Blitz Bowl logs stay as they were before
            header["game"] = game.game_id
        self.write({**header, "home": game.home.id, "away": game.away.id,
                    "seed": game.seed, "options": options_record(game), "bots": bots})
        game.dice.listener = self.on_dice
        game.listeners.append(self.on_game)

    def write(self, record: dict) -> None:
        self.last = chain_digest(self.last, record)
        self.stream.write(json.dumps({**record, "h": self.last}, separators=(",", ":")) + "\n")

    def on_dice(self, outcome: Outcome) -> None:
        record = {"type": "dice", "d": outcome.sides, "v": outcome.value, "why": outcome.why}
        rule = self.game.rule_ref()
        if rule is not None:  # rolled inside an item's hook: the log says whose
            record["rule"] = rule
        self.write(record)

    def on_game(self, kind: str, data: Any) -> None:
        if kind == "decision":
            decision, index = data
            labels = decision.labels
            self.write({"type": "decision", "kind": decision.kind, "team": decision.team,
                        "n": len(labels), "choice": index, "label": labels[index],
                        "opts": labels_digest(labels)})

    def finish(self, result: Any) -> None:
        self.write({"type": "end", "result": asdict(result), "state": state_digest(self.game)})


def play_logged(game: Any, bots: dict[str, str]) -> tuple[Any, str]:
    """Play ``game`` to its end and return its result and its whole log."""
    stream = io.StringIO()
    writer = LogWriter(stream, game, bots)
    result = game.play()
    writer.finish(result)
    return result, stream.getvalue()
