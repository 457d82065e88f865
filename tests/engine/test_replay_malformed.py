"""A malformed game log is a clear error with its code and line number, never a traceback:
through the library and through `nuffle replay` (a subprocess, exit status 1).

Each case takes a genuine log and breaks it one way; where the break would also break the
digest chain first, the case re-chains the records, so the check under test is the one
that answers.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from nuffle.interpreter.blitz_bowl.game import Game, Options
from nuffle.interpreter.bots import make_agents
from nuffle.interpreter.gamelog import LogWriter, play_logged, rechain
from nuffle.interpreter.logreader import ReplayError, parse_log, read_log
from nuffle.interpreter.replay import replay

from nuffle.limits import LOG_BYTES, LOG_LINE


@pytest.fixture(scope="module")
def genuine(ruleset) -> str:
    game = Game(ruleset, "human", "orc", make_agents("random", "random", 11), seed=11,
                options=Options(special_balls=True))
    return play_logged(game, {"home": "random", "away": "random"})[1]


def records_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def lines_of(records: list[dict]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def first(records: list[dict], kind: str) -> int:
    return next(i for i, r in enumerate(records) if r["type"] == kind)


def edit(change: Callable[[list[dict]], int], chain: bool = True) -> Callable[[str], tuple[bytes, int]]:
    """A case that edits the records (``change`` returns the 0-based index it broke),
    re-chained unless ``chain`` is false."""
    def make(text: str) -> tuple[bytes, int]:
        records = records_of(text)
        index = change(records)
        records = rechain(records) if chain else records
        return lines_of(records).encode(), index + 1
    return make


def insert_line(raw: bytes, at: int = 3) -> Callable[[str], tuple[bytes, int]]:
    """A case that puts ``raw`` as line ``at``."""
    def make(text: str) -> tuple[bytes, int]:
        lines = text.encode().split(b"\n")
        return b"\n".join([*lines[:at - 1], raw, *lines[at - 1:]]), at
    return make


def set_field(kind: str, field: str, value: object) -> Callable[[list[dict]], int]:
    def change(records: list[dict]) -> int:
        index = first(records, kind)
        records[index][field] = value
        return index
    return change


def drop_field(kind: str, field: str) -> Callable[[list[dict]], int]:
    def change(records: list[dict]) -> int:
        index = first(records, kind)
        del records[index][field]
        return index
    return change


def set_option(field: str, value: object) -> Callable[[list[dict]], int]:
    def change(records: list[dict]) -> int:
        records[0]["options"][field] = value
        return 0
    return change


def set_bot(value: str) -> Callable[[list[dict]], int]:
    def change(records: list[dict]) -> int:
        records[0]["bots"]["away"] = value
        return 0
    return change


def dice_out_of_range(records: list[dict]) -> int:
    index = first(records, "dice")
    records[index]["v"] = records[index]["d"] + 1
    return index


def choice_past_options(records: list[dict]) -> int:
    index = first(records, "decision")
    records[index]["choice"] = records[index]["n"]
    return index


def second_header(records: list[dict]) -> int:
    records.insert(5, dict(records[0]))
    return 5


def no_header(records: list[dict]) -> int:
    del records[0]
    return 0


def huge_int(text: str) -> tuple[bytes, int]:
    records = records_of(text)
    line = json.dumps(records[2]).replace('"h"', '"big": ' + "9" * 5000 + ', "h"', 1)
    lines = text.splitlines()
    lines[2] = line
    return ("\n".join(lines) + "\n").encode(), 3


def long_line(text: str) -> tuple[bytes, int]:
    records = records_of(text)
    records[4]["why"] = "x" * LOG_LINE
    return lines_of(rechain(records)).encode(), 5


def too_large(text: str) -> tuple[bytes, int]:
    filler = (b" " * 1000 + b"\n") * (LOG_BYTES // 1001 + 2)  # blank lines: harmless, but big
    data = text.encode() + filler
    return data, data[:LOG_BYTES].count(b"\n") + 1


def with_bom(text: str) -> tuple[bytes, int]:
    return b"\xef\xbb\xbf" + text.encode(), 1


def non_utf8(text: str) -> tuple[bytes, int]:
    lines = text.encode().split(b"\n")
    lines[3] = lines[3].replace(b'"dice"', b'"d\xe9ce"', 1).replace(b'"decision"', b'"d\xe9cision"', 1)
    return b"\n".join(lines), 4


CASES: dict[str, tuple[Callable[[str], tuple[bytes, int]], str]] = {
    "not-json": (insert_line(b'{"type": "dice", "d": 6,'), "L001"),
    "json-array": (insert_line(b"[1, 2, 3]"), "L001"),
    "json-string": (insert_line(b'"dice"'), "L001"),
    "nan": (insert_line(b'{"type": "dice", "d": 6, "v": NaN}'), "L001"),
    "deep-nesting": (insert_line(b"[" * 20_000 + b"]" * 20_000), "L001"),
    "huge-number": (huge_int, "L001"),
    "not-utf8": (non_utf8, "L001"),
    "byte-order-mark": (with_bom, "L001"),
    "line-too-long": (long_line, "L001"),
    "log-too-large": (too_large, "L001"),
    "empty": (lambda text: (b"", 1), "L001"),
    "unknown-type": (edit(set_field("dice", "type", "dance")), "L002"),
    "no-type": (edit(drop_field("dice", "type")), "L002"),
    "die-without-value": (edit(drop_field("dice", "v")), "L002"),
    "die-value-out-of-range": (edit(dice_out_of_range), "L002"),
    "die-value-zero": (edit(set_field("dice", "v", 0)), "L002"),
    "die-value-float": (edit(set_field("dice", "v", 1.0)), "L002"),
    "die-sides-text": (edit(set_field("dice", "d", "6")), "L002"),
    "die-value-true": (edit(set_field("dice", "v", True)), "L002"),
    "decision-team-unknown": (edit(set_field("decision", "team", "visitors")), "L002"),
    "decision-choice-negative": (edit(set_field("decision", "choice", -1)), "L002"),
    "decision-choice-past-options": (edit(choice_past_options), "L002"),
    "decision-label-number": (edit(set_field("decision", "label", 3)), "L002"),
    "decision-without-digest": (edit(drop_field("decision", "opts")), "L002"),
    "extra-field": (edit(set_field("dice", "note", "hi")), "L002"),
    "digest-not-hex": (edit(set_field("dice", "h", "not a digest!!!!"), chain=False), "L002"),
    "first-record-not-header": (edit(no_header), "L002"),
    "second-header": (edit(second_header), "L002"),
    "format-1": (edit(set_field("header", "format", 1)), "L002"),
    "format-3": (edit(set_field("header", "format", 3)), "L002"),
    "options-not-an-object": (edit(set_field("header", "options", [])), "L002"),
    "end-without-state": (edit(drop_field("end", "state")), "L002"),
    "unknown-home-team": (edit(set_field("header", "home", "humans")), "L003"),
    "unknown-pitch": (edit(set_option("pitch", "three-trapdoors")), "L003"),
    "unknown-trait": (edit(set_option("away_traits", ["lucky-socks"])), "L003"),
    "unknown-bot": (edit(set_bot("clever")), "L003"),
    "changed-record": (edit(set_field("decision", "label", "to 0,0"), chain=False), "L004"),
    "other-reason": (edit(set_field("dice", "why", "block dice")), "L005"),
    "cut-before-the-end": (lambda text: (lines_of(records_of(text)[:40]).encode(), 41), "L006"),
}


def build(case: str, text: str) -> tuple[bytes, int, str]:
    make, code = CASES[case]
    data, line = make(text)
    return data, line, code


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_malformed_log_is_one_coded_error_at_its_line(ruleset, genuine, tmp_path, case) -> None:
    data, line, code = build(case, genuine)
    path = tmp_path / f"{case}.jsonl"
    path.write_bytes(data)
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, read_log(path))
    found = [(d.code, d.line) for d in exc.value.diagnostics]
    assert found[0] == (code, line), str(exc.value)
    assert all(d.path == str(path) for d in exc.value.diagnostics)
    assert str(exc.value).startswith(f"{path}:{line}:1: error[{code}]: ")


def nuffle_replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nuffle.cli.main", "replay", str(path)],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


# the command line: one case of each code, and the hostile inputs
CLI_CASES = ["not-json", "json-array", "not-utf8", "byte-order-mark", "line-too-long",
             "log-too-large", "empty", "unknown-type", "die-without-value",
             "die-value-out-of-range", "die-value-float", "format-1", "unknown-home-team",
             "unknown-pitch", "unknown-trait", "unknown-bot", "changed-record", "other-reason",
             "cut-before-the-end", "deep-nesting"]


@pytest.mark.parametrize("case", CLI_CASES)
def test_nuffle_replay_reports_a_malformed_log_and_exits_1(genuine, tmp_path, case) -> None:
    data, line, code = build(case, genuine)
    path = tmp_path / f"{case}.jsonl"
    path.write_bytes(data)
    proc = nuffle_replay(path)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "matches the log" not in proc.stdout
    assert proc.stderr.startswith(f"{path}:{line}:1: error[{code}]: "), proc.stderr[:500]
    assert len(proc.stderr) < 4000  # one short message, not the log echoed back


def test_hostile_strings_in_a_log_are_shown_escaped(ruleset, genuine, tmp_path) -> None:
    """A lone surrogate and a terminal escape sequence in a die's reason: the message quotes
    them escaped, and printing it cannot fail or drive the terminal."""
    records = records_of(genuine)
    index = first(records, "dice")
    records[index]["why"] = "\ud800\x1b[2J\x1b]0;pwned\x07"
    path = tmp_path / "hostile.jsonl"
    path.write_text(lines_of(rechain(records)), encoding="ascii")  # json.dumps escapes all
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, read_log(path))
    [diag] = exc.value.diagnostics
    assert (diag.code, diag.line) == ("L005", index + 1)
    assert "\\ud800\\u001b[2J" in diag.message and "\x1b" not in diag.message
    proc = nuffle_replay(path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "\x1b" not in proc.stderr and "\x07" not in proc.stderr
    # a decision's kind and label are quoted the same way
    records = records_of(genuine)
    index = first(records, "decision")
    records[index]["kind"] = "\x1b[31mred"
    with pytest.raises(ReplayError) as exc:
        replay(ruleset, parse_log(lines_of(rechain(records))))
    [diag] = exc.value.diagnostics
    assert (diag.code, diag.line) == ("L005", index + 1)
    assert '"\\u001b[31mred" decision' in diag.message and "\x1b" not in diag.message


def test_windows_line_ends_and_blank_lines_are_read(ruleset, genuine, tmp_path) -> None:
    path = tmp_path / "crlf.jsonl"
    path.write_bytes(genuine.replace("\n", "\r\n\r\n").encode())
    _, result = replay(ruleset, read_log(path))
    assert result.score == records_of(genuine)[-1]["result"]["score"]


def test_an_unreadable_log_is_l001_and_a_missing_one_a_usage_error(tmp_path) -> None:
    with pytest.raises(ReplayError) as exc:
        read_log(tmp_path)  # a folder
    assert [(d.code, d.line) for d in exc.value.diagnostics] == [("L001", 1)]
    proc = nuffle_replay(tmp_path / "missing.jsonl")
    assert proc.returncode == 2 and "no such file or folder" in proc.stderr
    assert "Traceback" not in proc.stderr
    proc = nuffle_replay(tmp_path)  # a folder is no log either
    assert proc.returncode == 2 and "not a log file" in proc.stderr


def test_several_malformed_lines_are_all_reported(ruleset, genuine) -> None:
    lines = genuine.splitlines()
    lines[3] = "nonsense"
    lines[6] = '{"type": "dance", "h": "0123456789abcdef"}'
    with pytest.raises(ReplayError) as exc:
        parse_log("\n".join(lines))
    assert [(d.code, d.line) for d in exc.value.diagnostics] == [("L001", 4), ("L002", 7)]


def test_a_good_log_through_the_command_line_exits_0(genuine, tmp_path) -> None:
    path = tmp_path / "good.jsonl"
    path.write_text(genuine, encoding="utf-8")
    proc = nuffle_replay(path)
    assert proc.returncode == 0, proc.stderr
    assert "matches the log" in proc.stdout and proc.stderr == ""


def test_the_writer_writes_one_record_per_line(ruleset) -> None:
    stream = io.StringIO()
    game = Game(ruleset, "elf", "dwarf", make_agents("random", "random", 2), seed=2)
    writer = LogWriter(stream, game, {"home": "random", "away": "random"})
    writer.finish(game.play())
    lines = stream.getvalue().splitlines()
    assert all(line.startswith("{") and line.endswith("}") for line in lines)
    assert len(lines) == len(game.dice.record) + game.decision_count + 2


def test_a_log_from_other_content_exits_1_and_replays_with_ignore_version(genuine, tmp_path) -> None:
    records = records_of(genuine)
    records[0]["content"] = "feedfacecafe"
    path = tmp_path / "other-content.jsonl"
    path.write_text(lines_of(rechain(records)), encoding="utf-8")
    proc = nuffle_replay(path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"{path}:1:1: error[L003]: ")
    assert "feedfacecafe" in proc.stderr and "content version" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "nuffle.cli.main", "replay", "--ignore-version",
                           str(path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "matches the log" in proc.stdout, proc.stderr
