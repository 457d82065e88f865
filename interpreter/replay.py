"""Game logs (JSON Lines) and replays that prove the game.

A log is a header (format, content version, teams, seed, options, bots), then every die
and every decision in the order they happened, then the end (the result and a digest of
the final state). Every record carries ``h``, a digest chained from the record before, so
a changed, removed or inserted line is found at its own line number.

Replaying feeds the recorded outcomes and answers back to a new game and checks each
record as the game consumes it: a die must be the die the game rolls (its sides and its
reason), a decision the question the game asks (its kind, team, options) and an answer
by index whose label matches. It never needs the bots or the seed, so it checks the
engine, not luck. A log comes from anyone: every problem is a diagnostic with the line it
is on (codes L001-L006), never a traceback.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from nuffle.dsl.diagnostics import Diagnostic, format_diagnostic
from nuffle.interpreter.blitz_bowl.game import Game, Options, Result
from nuffle.interpreter.blitz_bowl.ruleset import Ruleset
from nuffle.interpreter.bots import BOTS
from nuffle.interpreter.decisions import Decision
from nuffle.interpreter.dice import Dice, Outcome

from nuffle.limits import LOG_BYTES, LOG_LINE

LOG_FORMAT = 2
CHAIN_START = "nuffle-log-2"  # what the header's digest is chained from
DIGEST_CHARS = 16  # hex characters of a record's `h`
LABELS_DIGEST_CHARS = 8  # hex characters of a decision's `opts`
MAX_REPORTED = 20  # diagnostics reported for one log before stopping
SHOWN_CHARS = 60  # characters of a log value quoted in a message

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
            "required": ["type", *fields, "h"], "additionalProperties": False}


LOG_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": f"Nuffle game log, format {LOG_FORMAT}: one record per line",
    "$defs": {
        "header": _record("header", {
            "format": {"const": LOG_FORMAT},
            "content": {"type": "string", "maxLength": 200},
            "home": _NAME, "away": _NAME,
            "seed": {"type": ["integer", "null"]},
            "options": {"type": "object", "properties": {
                "pitch": {"anyOf": [_NAME, {"type": "null"}]},
                "special_balls": _FLAG, "endgame": _FLAG, "knockout": _FLAG,
                "home_traits": {"type": "array", "items": _NAME, "maxItems": 16},
                "away_traits": {"type": "array", "items": _NAME, "maxItems": 16}},
                "required": ["pitch", "special_balls", "endgame", "knockout", "home_traits",
                             "away_traits"],
                "additionalProperties": False},
            "bots": _SIDES,
        }),
        "dice": _record("dice", {
            "d": {"type": "integer", "minimum": 1, "maximum": 1_000_000},
            "v": {"type": "integer", "minimum": 1},
            "why": {"type": "string"},
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

# integers are ints: JSON's 4.0 is not a die value (jsonschema would accept it)
_Strict = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)))
_VALIDATORS = {kind: _Strict(LOG_SCHEMA["$defs"][kind]) for kind in RECORD_TYPES}
_HEX = frozenset("0123456789abcdef")
_DICE_KEYS = frozenset(LOG_SCHEMA["$defs"]["dice"]["properties"])
_DECISION_KEYS = frozenset(LOG_SCHEMA["$defs"]["decision"]["properties"])


def _digest_like(value: object, chars: int) -> bool:
    return type(value) is str and len(value) == chars and _HEX.issuperset(value)


def _plainly_valid(kind: str, r: dict) -> bool:
    """A quick check for the dice and decision records that make up a log, ten times faster
    than the schema. It accepts only records the schema accepts (a test holds it to that);
    whatever it does not accept goes to the schema, which decides."""
    if r.get("type") != kind:
        return False
    if kind == "dice":
        return (r.keys() == _DICE_KEYS and type(r["d"]) is int and type(r["v"]) is int
                and 1 <= r["d"] <= 1_000_000 and r["v"] >= 1 and type(r["why"]) is str
                and _digest_like(r["h"], DIGEST_CHARS))
    if kind == "decision":
        return (r.keys() == _DECISION_KEYS and type(r["kind"]) is str
                and 1 <= len(r["kind"]) <= 200 and r["team"] in ("home", "away")
                and type(r["n"]) is int and r["n"] >= 1 and type(r["choice"]) is int
                and r["choice"] >= 0 and type(r["label"]) is str
                and _digest_like(r["opts"], LABELS_DIGEST_CHARS)
                and _digest_like(r["h"], DIGEST_CHARS))
    return False


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
def options_record(options: Options) -> dict:
    return {"pitch": options.pitch, "special_balls": options.special_balls,
            "endgame": options.endgame, "knockout": options.knockout,
            "home_traits": list(options.home_traits), "away_traits": list(options.away_traits)}


def state_digest(game: Game) -> str:
    """A short hash of the final state: positions, balls, scores, hands, every pile of cards
    and the game parameters, so a replay that ends in it played the logged game (two copies
    of one card are the same card here)."""
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
        "discard": [c.item for c in game.discard],
        "unused-endgame": [c.item for c in game.unused_endgame],
        "temporary": [[c.item for c in game.temporary[t.side]] for t in game.teams],
        "ball-deck": list(game.ball_deck),
        "params": [{k: str(v) for k, v in t.params.items()} for t in game.teams],
        "round": game.round,
    }
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def result_record(result: Result) -> dict:
    """The result as JSON holds it (tuples become lists), so a replay compares like with like."""
    return json.loads(json.dumps(asdict(result)))


class LogWriter:
    """Listens to a game and writes its log line by line, chaining each record's digest."""

    def __init__(self, stream: IO[str], game: Game, bots: dict[str, str]) -> None:
        self.stream = stream
        self.game = game
        self.last = CHAIN_START
        self.write({"type": "header", "format": LOG_FORMAT,
                    "content": game.ruleset.version, "home": game.home.id, "away": game.away.id,
                    "seed": game.seed, "options": options_record(game.options), "bots": bots})
        game.dice.listener = self.on_dice
        game.listeners.append(self.on_game)

    def write(self, record: dict) -> None:
        self.last = chain_digest(self.last, record)
        self.stream.write(json.dumps({**record, "h": self.last}, separators=(",", ":")) + "\n")

    def on_dice(self, outcome: Outcome) -> None:
        self.write({"type": "dice", "d": outcome.sides, "v": outcome.value, "why": outcome.why})

    def on_game(self, kind: str, data: Any) -> None:
        if kind == "decision":
            decision, index = data
            labels = decision.labels
            self.write({"type": "decision", "kind": decision.kind, "team": decision.team,
                        "n": len(labels), "choice": index, "label": labels[index],
                        "opts": labels_digest(labels)})

    def finish(self, result: Result) -> None:
        self.write({"type": "end", "result": asdict(result), "state": state_digest(self.game)})


def play_logged(game: Game, bots: dict[str, str]) -> tuple[Result, str]:
    """Play ``game`` to its end and return its result and its whole log."""
    stream = io.StringIO()
    writer = LogWriter(stream, game, bots)
    result = game.play()
    writer.finish(result)
    return result, stream.getvalue()


# ---- reading -----------------------------------------------------------------------------
class ReplayError(Exception):
    """The log is malformed, was changed, or does not replay to the game it records."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__("\n".join(format_diagnostic(d, None) for d in diagnostics))


@dataclass(frozen=True, slots=True)
class Record:
    """One record of a log and the line it is on."""

    line: int
    data: dict

    @property
    def type(self) -> str:
        return self.data["type"]


@dataclass(frozen=True)
class GameLog:
    """A log that is well formed and whose digest chain holds (not yet replayed). Only its
    text is kept: the body is parsed again as the replay consumes it, so even a log at the
    size limit is never held as hundreds of thousands of records."""

    path: str
    raw: bytes
    header: Record
    end: Record
    body_count: int  # dice and decisions between the header and the end

    def body(self) -> Iterator[Record]:
        """The dice and decisions, in order (each line was read and checked already)."""
        records = (Record(n, json.loads(line)) for n, line in _lines(self.raw) if line.strip())
        next(records)  # the header
        for _ in range(self.body_count):
            yield next(records)


def _lines(raw: bytes) -> Iterator[tuple[int, bytes]]:
    """The lines of a log with their numbers, one at a time."""
    start, number = 0, 1
    while start <= len(raw):
        end = raw.find(b"\n", start)
        end = len(raw) if end < 0 else end
        yield number, raw[start:end]
        start, number = end + 1, number + 1


def shown(value: Any) -> str:
    """A value from the log quoted in a message: as JSON (escaped, so nothing in a log can
    reach a terminal raw), cut short."""
    text = json.dumps(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 1] + "…"


def read_log(path: Path) -> GameLog:
    """Read, parse and check a log file (at most LOG_BYTES are read)."""
    try:
        with path.open("rb") as stream:
            data = stream.read(LOG_BYTES + 1)
    except OSError as exc:
        raise ReplayError([Diagnostic("L001", f"cannot read the log: {exc.strerror}",
                                      str(path), 1, 1)]) from None
    return parse_log(data, str(path))


def parse_log(data: bytes | str, path: str = "<log>") -> GameLog:
    """Check a log's lines, shapes, digest chain and order, or raise ReplayError listing the
    problems found (L001 unreadable, L002 malformed, L004 changed, L006 cut or run on)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data

    def problem(code: str, line: int, message: str, hint: str | None = None) -> Diagnostic:
        return Diagnostic(code, message, path, line, 1, hint=hint)

    if len(raw) > LOG_BYTES:
        line = raw[:LOG_BYTES].count(b"\n") + 1
        raise ReplayError([problem("L001", line, f"the log is larger than the limit of "
                                                 f"{LOG_BYTES:,} bytes: it is not read past this line")])
    if raw.startswith(b"\xef\xbb\xbf"):
        raise ReplayError([problem("L001", 1, "the log starts with a byte-order mark",
                                   "a log is UTF-8 text without a byte-order mark")])
    scan = _Scan(problem)
    for number, line in _lines(raw):
        if len(scan.problems) >= MAX_REPORTED:
            break
        if line.strip():
            scan.line(number, line)
    problems = scan.problems or scan.order_problems()
    if problems:
        raise ReplayError(problems[:MAX_REPORTED])
    assert scan.header is not None and scan.end is not None
    return GameLog(path, raw, scan.header, scan.end, scan.body_count)


class _Scan:
    """One pass over a log's lines: each read (L001), its shape checked (L002) and, while
    every line so far could be read, its digest chained from the line before (L004). A
    changed record breaks its own line; a removed or inserted one, the line after it."""

    def __init__(self, problem: Callable[..., Diagnostic]) -> None:
        self.problem = problem
        self.problems: list[Diagnostic] = []
        self.readable = True  # no L001 or L002 yet: the chain can still be followed
        self.previous = CHAIN_START
        self.seen = 0
        self.last_line = 0
        self.header: Record | None = None
        self.end: Record | None = None
        self.after_end: Record | None = None
        self.body_count = 0

    def line(self, number: int, line: bytes) -> None:
        first, self.seen, self.last_line = self.seen == 0, self.seen + 1, number
        value = _parse_line(line, number, self.problem, self.problems)
        diag = None if value is None else _check_shape(value, number, self.problem, first)
        if diag is not None:
            self.problems.append(diag)
        if value is None or diag is not None:
            self.readable = False
            return
        record = Record(number, value)
        if self.readable and value["h"] != chain_digest(self.previous, value):
            self.problems.append(self.problem(
                "L004", number, f"the {record.type} record was changed: its digest `h` does "
                                "not follow from the line before",
                hint="a log is proof of its game only as written; a record was edited, or "
                     "one before it removed or added"))
        self.previous = value["h"]
        self.place(record)

    def place(self, record: Record) -> None:
        """Where the record falls: the header, the body, the end, or after the end."""
        if self.end is not None:
            self.after_end = self.after_end or record
        elif record.type == "header":
            self.header = record
        elif record.type == "end":
            self.end = record
        else:
            self.body_count += 1

    def order_problems(self) -> list[Diagnostic]:
        """An empty log (L001); the end record missing, or not last (L006)."""
        if self.seen == 0:
            return [self.problem("L001", 1, "the log is empty")]
        if self.end is None:
            return [self.problem("L006", self.last_line + 1, f"the log ends after line "
                                                             f"{self.last_line} without its end "
                                                             "record: the game was cut off")]
        if self.after_end is not None:
            return [self.problem("L006", self.after_end.line, f"the log goes on after its end "
                                                              f"record (line {self.end.line}): "
                                                              f"a {self.after_end.type} record")]
        return []


def _parse_line(line: bytes, number: int, problem: Callable[..., Diagnostic],
                problems: list[Diagnostic]) -> dict | None:
    """One line as a JSON object, or None with the reason added to ``problems``."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(problem("L001", number, f"the line is not UTF-8 text (byte "
                                                f"0x{line[exc.start]:02x} at byte {exc.start + 1})"))
        return None
    if len(text) > LOG_LINE:
        problems.append(problem("L001", number, f"the line is {len(text):,} characters long, "
                                                f"more than the limit of {LOG_LINE:,}"))
        return None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        problems.append(problem("L001", number, f"the line is not JSON ({exc.msg} at column "
                                                f"{exc.colno})"))
        return None
    except RecursionError:
        problems.append(problem("L001", number, "the line is not a JSON object (nested too deep)"))
        return None
    except _NotJSON as exc:
        problems.append(problem("L001", number, f"the line is not JSON ({exc})"))
        return None
    except ValueError:  # Python refuses to read integers of thousands of digits
        problems.append(problem("L001", number, "the line holds a number too long to read"))
        return None
    if not isinstance(value, dict):
        problems.append(problem("L001", number, f"the line is a JSON {_json_kind(value)}, not a "
                                                "JSON object"))
        return None
    return value


class _NotJSON(ValueError):
    """NaN and Infinity, which Python's parser would take."""


def _no_constant(name: str) -> None:
    """NaN and Infinity are not JSON: refuse them as the standard does."""
    raise _NotJSON(f"{name} is not a JSON value")


def _json_kind(value: Any) -> str:
    kinds = ((bool, "true/false value"), (int, "number"), (float, "number"), (str, "string"),
             (list, "array"), (dict, "object"), (type(None), "null"))
    return next(name for kind, name in kinds if isinstance(value, kind))


def _check_shape(value: dict, number: int, problem: Callable[..., Diagnostic],
                 first: bool) -> Diagnostic | None:
    """The record's type and fields (L002); the first must be a format-2 header."""
    kind = value.get("type")
    if kind not in RECORD_TYPES:
        what = f"`type` {shown(kind)}" if "type" in value else "no `type`"
        return problem("L002", number, f"a record with {what}: a log has "
                                       f"{', '.join(RECORD_TYPES)} records")
    if first and kind != "header":
        return problem("L002", number, f"the first record is a {kind} record, not a header: "
                                       "this is not a Nuffle game log")
    if kind == "header":
        if not first:
            return problem("L002", number, "a second header: a log holds one game")
        diag = _check_format(value.get("format"), number, problem)
        if diag is not None:
            return diag
    error = None if _plainly_valid(kind, value) else best_match(_VALIDATORS[kind].iter_errors(value))
    if error is not None:
        return problem("L002", number, _describe(error, kind))
    if kind == "dice" and value["v"] > value["d"]:
        return problem("L002", number, f"a d{value['d']} cannot show {value['v']}")
    if kind == "decision" and value["choice"] >= value["n"]:
        return problem("L002", number, f"choice {value['choice']} of {value['n']} options: "
                                       "choices count from 0")
    return None


def _check_format(value: Any, number: int, problem: Callable[..., Diagnostic]) -> Diagnostic | None:
    """Format 1 logs (before the digest chain) and logs from a newer Nuffle are refused."""
    if value == LOG_FORMAT:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value < LOG_FORMAT:
        return problem("L002", number, f"this log is in format {value}, written by an older "
                                       f"Nuffle; this Nuffle replays format {LOG_FORMAT} only",
                       "format 1 logs have no digest chain and name decisions by label: play "
                       "the game again (same teams, seed, options and bots) to log it anew")
    if isinstance(value, int) and not isinstance(value, bool):
        return problem("L002", number, f"this log is in format {value}, written by a newer "
                                       f"Nuffle; this Nuffle replays format {LOG_FORMAT}")
    return problem("L002", number, f"the header's `format` is {shown(value)}, not {LOG_FORMAT}")


def _describe(error: ValidationError, kind: str) -> str:
    """A schema error in words: which field, what is wrong with it."""
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    field = f"`{where.lstrip('.')}`" if where else f"the {kind} record"
    if error.validator == "required":
        missing = next(k for k in error.validator_value if k not in error.instance)
        return f"{field} has no `{missing}` field" if where else \
            f"the {kind} record has no `{missing}` field"
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = next(k for k in error.instance if k not in known)
        return f"{field} has a field {shown(extra)} that a {kind} record does not have"
    if error.validator == "type":
        wanted = error.validator_value if isinstance(error.validator_value, str) \
            else " or ".join(error.validator_value)
        return f"{field} is {shown(error.instance)}, not a{'n' if wanted[0] in 'aeiou' else ''} {wanted}"
    if error.validator in ("const", "enum"):
        allowed = [error.validator_value] if error.validator == "const" else error.validator_value
        return f"{field} is {shown(error.instance)}; it can be {' or '.join(map(shown, allowed))}"
    return f"{field} is {shown(error.instance)}: {_out_of_bounds(error.validator, error.validator_value)}"


def _out_of_bounds(keyword: str, bound: Any) -> str:
    """What a value breaks, in words, for the bounds the log schema uses."""
    if keyword == "pattern":
        return f"not {_PATTERNS.get(bound, f'of the form {shown(bound)}')}"
    said = {"minimum": "less than {}", "maximum": "more than {}", "minLength": "shorter than {}",
            "maxLength": "longer than {} characters", "maxItems": "more than {} items"}
    return said.get(keyword, f"{keyword} {{}}").format(shown(bound))


# ---- replaying ---------------------------------------------------------------------------
class _Diverged(Exception):  # noqa: N818 - a signal out of the game, the reason is kept
    """The game asked for something the log does not record at this point."""


def describe(record: Record) -> str:
    """What a record holds, in words, for a message."""
    r = record.data
    if record.type == "dice":
        return f"a d{r['d']} for {shown(r['why'])} showing {r['v']}"
    if record.type == "decision":
        return (f"a {shown(r['kind'])} decision of {r['team']} with {r['n']} options, answered "
                f"{r['choice']} {shown(r['label'])}")
    return "the end of the game"


class LogFeed:
    """The log's dice and decisions, handed to the replayed game one at a time, each
    checked against what the game asks at that point (L005) and against running out (L006).

    The first failure is kept in ``failure`` before the game is interrupted, so it is
    reported even if the game were to catch the interruption.
    """

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self.records = log.body()
        self.position = 0
        self.current: Record | None = None
        self.failure: Diagnostic | None = None

    def fail(self, code: str, line: int, message: str) -> _Diverged:
        if self.failure is None:
            self.failure = Diagnostic(code, message, self.log.path, line, 1)
        return _Diverged(message)

    def take(self, asked: str, kind: str) -> dict:
        """The next record, if it is of the kind the game asks for."""
        if self.failure is not None:
            raise _Diverged(self.failure.message)  # the game caught it: stop again
        if self.position >= self.log.body_count:
            raise self.fail("L006", self.log.end.line, f"the log records the end of the game "
                                                       f"here, but the game goes on: {asked}")
        record = self.current = next(self.records)
        self.position += 1
        if record.type != kind:
            raise self.fail("L005", record.line, f"{asked}, but the log records "
                                                 f"{describe(record)}")
        return record.data

    def die(self, sides: int, why: str) -> int:
        """The recorded value of the die the game rolls now."""
        asked = f"the game rolls a d{sides} for {shown(why)}"
        r = self.take(asked, "dice")
        if r["d"] != sides or r["why"] != why:
            raise self.fail("L005", self.current_line, f"{asked}, but the log records "
                                                       f"a d{r['d']} for {shown(r['why'])}")
        return r["v"]

    def answer(self, decision: Decision) -> int:
        """The recorded answer, by index, to the question the game asks now."""
        labels = decision.labels
        asked = (f"the game asks {decision.team} for a {shown(decision.kind)} decision with "
                 f"{len(labels)} options")
        r = self.take(asked, "decision")
        if (r["kind"], r["team"], r["n"]) != (decision.kind, decision.team, len(labels)):
            raise self.fail("L005", self.current_line, f"{asked}, but the log records a "
                                                       f"{shown(r['kind'])} decision of {r['team']} "
                                                       f"with {r['n']} options")
        if r["opts"] != labels_digest(labels):
            offered = ", ".join(shown(label) for label in labels[:8])
            raise self.fail("L005", self.current_line, f"{asked} ({offered}"
                                                       f"{', …' if len(labels) > 8 else ''}), "
                                                       "but the log records other options")
        if labels[r["choice"]] != r["label"]:
            raise self.fail("L005", self.current_line, f"{asked}: option {r['choice']} is "
                                                       f"{shown(labels[r['choice']])}, but the "
                                                       f"log records {shown(r['label'])}")
        return r["choice"]

    @property
    def current_line(self) -> int:
        assert self.current is not None
        return self.current.line

    def unused(self) -> tuple[int, Record | None]:
        """How many records the game did not use, and the first of them."""
        left = self.log.body_count - self.position
        return left, next(self.records) if left else None


class LoggedDice(Dice):
    """Dice that show what the log recorded, checking each roll is the one logged."""

    def __init__(self, feed: LogFeed) -> None:
        super().__init__(seed=0)
        self.feed = feed

    def roll(self, sides: int, why: str = "") -> int:
        value = self.feed.die(sides, why)
        outcome = Outcome(sides, value, why)
        self.record.append(outcome)
        if self.listener is not None:
            self.listener(outcome)
        return value


class LoggedAgent:
    """A coach who answers with the logged index, checked against the logged question."""

    def __init__(self, feed: LogFeed) -> None:
        self.feed = feed

    def decide(self, decision: Decision, game: object) -> int:
        return self.feed.answer(decision)


def header_problems(ruleset: Ruleset, log: GameLog, check_version: bool) -> list[Diagnostic]:
    """What the header names that this content does not have (L003)."""
    h, line = log.header.data, log.header.line
    out: list[str] = []
    if check_version and h["content"] != ruleset.version:
        out.append(f"the log was recorded with content version {shown(h['content'])}, but the "
                   f"content is now version {shown(ruleset.version)}: rules may have changed "
                   "since, so the game cannot be replayed exactly (use --ignore-version to try "
                   "anyway)")
    for side in ("home", "away"):
        if h[side] not in ruleset.teams:
            out.append(f"the {side} team {shown(h[side])} is not in the content")
        for trait in h["options"][f"{side}_traits"]:
            if trait not in ruleset.traits:
                out.append(f"the {side} coach trait {shown(trait)} is not in the content")
        if h["bots"][side] not in BOTS:
            out.append(f"the {side} bot {shown(h['bots'][side])} is not one of "
                       f"{', '.join(BOTS)}")
    pitch = h["options"]["pitch"]
    if pitch is not None and pitch not in ruleset.pitches:
        out.append(f"the pitch {shown(pitch)} is not in the content")
    return [Diagnostic("L003", message, log.path, line, 1) for message in out]


def replay(ruleset: Ruleset, log: GameLog, check_version: bool = True,
           listeners: list[Callable[[Game], Any]] | None = None) -> tuple[Game, Result]:
    """Re-run the logged game; return it if it ends exactly as logged, else raise ReplayError
    at the first record the game does not follow."""
    problems = header_problems(ruleset, log, check_version)
    if problems:
        raise ReplayError(problems)
    h = log.header.data
    o = h["options"]
    options = Options(pitch=o["pitch"], special_balls=o["special_balls"], endgame=o["endgame"],
                      knockout=o["knockout"], home_traits=list(o["home_traits"]),
                      away_traits=list(o["away_traits"]))
    feed = LogFeed(log)
    agent = LoggedAgent(feed)
    game = Game(ruleset, h["home"], h["away"], {"home": agent, "away": agent}, seed=h["seed"],
                options=options, dice=LoggedDice(feed))
    for make in listeners or []:
        game.listeners.append(make(game))
    result = None
    with contextlib.suppress(_Diverged):  # the reason is in feed.failure
        result = game.play()
    if feed.failure is not None:
        raise ReplayError([feed.failure])
    assert result is not None  # only a failure of the feed stops the game early
    return game, _check_end(game, result, feed)


def result_differences(replayed: dict, logged: dict) -> list[str]:
    """The result fields that differ. A field the log lacks (written before the field was
    added to results) must be empty in the replay; anything else must be equal."""
    replayed, logged = _placeless(replayed), _placeless(logged)
    keys = sorted(set(replayed) | set(logged))
    return [shown(k) for k in keys if (replayed.get(k) != logged[k] if k in logged
                                       else replayed[k] is not None)]


def _placeless(result: dict) -> dict:
    """A result without where its rules error's file lay on the recording machine (a homebrew
    file's folder is not part of the game)."""
    error = result.get("error")
    if not isinstance(error, dict) or "path" not in error:
        return result
    return {**result, "error": {k: v for k, v in error.items() if k != "path"}}


def _check_end(game: Game, result: Result, feed: LogFeed) -> Result:
    """The game ended: every record used (L006), and the result and state as logged (L005)."""
    log = feed.log
    left, unused = feed.unused()
    if unused is not None:
        raise ReplayError([Diagnostic(
            "L006", f"the game ended here ({result.reason}), but the log records "
                    f"{left} more dice and decisions, from {describe(unused)}",
            log.path, unused.line, 1)])
    end = log.end.data
    score = f"{result.score['home']}-{result.score['away']} ({result.reason})"
    logged = end["result"]
    differ = result_differences(result_record(result), logged)
    if differ:
        raise ReplayError([Diagnostic(
            "L005", f"the game ends {score}, but the log records "
                    f"{logged['score']['home']}-{logged['score']['away']} "
                    f"({shown(logged['reason'])}); they differ in {', '.join(differ)}",
            log.path, log.end.line, 1)])
    if state_digest(game) != end["state"]:
        raise ReplayError([Diagnostic(
            "L005", f"the game ends {score} as logged, but in another state (digest "
                    f"{state_digest(game)}, the log records {end['state']})",
            log.path, log.end.line, 1)])
    return result
