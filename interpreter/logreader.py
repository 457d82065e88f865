"""Reading a game log that may come from anyone: every line read within the limits, its
shape checked against the log schema, its digest chained from the line before. Every
problem is a diagnostic at the line it is on (L001 unreadable, L002 malformed, L004
changed, L006 cut or run on), never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator
from nuffle.dsl.diagnostics import Diagnostic, format_diagnostic
from nuffle.interpreter.gamelog import (
    _PATTERNS,
    CHAIN_START,
    DIGEST_CHARS,
    LABELS_DIGEST_CHARS,
    LOG_FORMAT,
    LOG_SCHEMA,
    RECORD_TYPES,
    chain_digest,
    header_game,
)
from nuffle.interpreter.games import rules

from nuffle.limits import LOG_BYTES, LOG_LINE
from nuffle.textfile import Unreadable, read_bounded

MAX_REPORTED = 20  # diagnostics reported for one log before stopping
SHOWN_CHARS = 60  # characters of a log value quoted in a message

# integers are ints: JSON's 4.0 is not a die value (jsonschema would accept it)
_Strict = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)))
_VALIDATORS = {kind: _Strict(LOG_SCHEMA["$defs"][kind]) for kind in RECORD_TYPES}
_HEX = frozenset("0123456789abcdef")
_DICE_KEYS = frozenset(LOG_SCHEMA["$defs"]["dice"]["properties"]) - {"rule"}
_DECISION_KEYS = frozenset(LOG_SCHEMA["$defs"]["decision"]["properties"])


def _digest_like(value: object, chars: int) -> bool:
    return type(value) is str and len(value) == chars and _HEX.issuperset(value)


@cache
def _options_validator(game: str) -> Validator:
    """The header's options, as the game it names records them."""
    return _Strict(rules(game).OPTIONS_SCHEMA)


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
        data = read_bounded(path, LOG_BYTES)
    except Unreadable as why:
        raise ReplayError([Diagnostic("L001", f"cannot read the log: {why.reason}",
                                      str(path), 1, 1)]) from None
    return parse_log(data, str(path))


def parse_log(data: bytes | str, path: str = "<log>") -> GameLog:
    """Check a log's lines, shapes, digest chain and order, or raise ReplayError listing the
    problems found (L001 unreadable, L002 malformed, L004 changed, L006 cut or run on)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data

    def problem(code: str, line: int, message: str, hint: str | None = None) -> Diagnostic:
        return Diagnostic(code, message, path, line, 1, hint=hint)

    if len(raw) > LOG_BYTES:
        last = raw[:LOG_BYTES].count(b"\n") + 1
        raise ReplayError([problem("L001", last, f"the log is larger than the limit of "
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
    if not isinstance(kind, str) or kind not in RECORD_TYPES:  # the types are strings
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
    if error is None and kind == "header":
        error = best_match(_options_validator(header_game(value)).iter_errors(value["options"]))
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


