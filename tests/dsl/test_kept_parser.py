"""The rules parser kept as Lark's stand-alone module (nuffle.dsl.kept_parser): the first
process that parses writes it to the private cache folder; a later one runs it without
importing Lark, and parses every bundled rules text, and broken copies of them, into the
same trees and the same diagnostics, positions and hints included. A kept file that is not
exactly what was written is not used (Lark is imported, the file written again); with the
cache off nothing is kept. Each process is a fresh interpreter (its sys.modules counted)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from nuffle.catalogue.loader import load_catalogue

# parse the texts on stdin; print which parser ran, whether Lark was imported, and each
# text's tree (every field and position) or diagnostic
PROBE = """
import json, sys
from dataclasses import fields
from nuffle.dsl import ast
from nuffle.dsl.parser import RulesSyntaxError, _KEPT, grammar_terminals, parse_rules

def dump(node):
    if isinstance(node, ast.Node):
        return [type(node).__name__, node.line, node.column, node.end_line, node.end_column,
                *(dump(getattr(node, f.name)) for f in fields(node))]
    if isinstance(node, tuple):
        return [dump(n) for n in node]
    return node

out = []
for text in json.load(sys.stdin):
    try:
        out.append(dump(parse_rules(text)))
    except RulesSyntaxError as err:
        out.append(repr(err.diagnostic))
print(json.dumps({"kept": _KEPT is not None, "lark": "lark" in sys.modules,
                  "pickle": "pickle" in sys.modules, "terminals": grammar_terminals(),
                  "parsed": out}))
"""


def parse_in_fresh_process(texts: list[str], cache: Path | None) -> dict:
    env = {**os.environ, "NUFFLE_CACHE_DIR": str(cache)} if cache else \
        {**os.environ, "NUFFLE_NO_CACHE": "1"}
    done = subprocess.run([sys.executable, "-c", PROBE], input=json.dumps(texts), env=env,
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def broken(text: str) -> list[str]:
    """Copies of a rules text with a mistake an author makes: cut short, a word misspelt, a
    line's indentation lost, a stray character, a tab."""
    lines = text.splitlines(keepends=True)
    return [text[:len(text) * 2 // 3], text.replace("where", "wher", 1),
            "".join(lines[:1] + [line.lstrip() for line in lines[1:2]] + lines[2:]),
            text.replace(":", ": ?", 1), text.replace("    ", "\t", 1),
            text.replace(" is ", " = ", 1), text + "  )\n"]


@pytest.fixture(scope="module")
def texts() -> list[str]:
    catalogue, _, _ = load_catalogue()
    found = sorted({r.source for item in catalogue.items.values() for r in item.rules})
    assert len(found) > 200
    return found + [b for text in found[::5] for b in broken(text)]


def kept_files(cache: Path) -> list[Path]:
    return sorted(cache.glob("grammar-*.lark-parser"))


def test_a_later_process_parses_with_the_kept_module_and_not_lark(tmp_path, texts) -> None:
    first = parse_in_fresh_process(texts, tmp_path)
    assert first["kept"] is False and first["lark"] is True
    [kept] = kept_files(tmp_path)
    assert stat.S_IMODE(kept.stat().st_mode) & 0o077 == 0
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o700
    later = parse_in_fresh_process(texts, tmp_path)
    assert later["kept"] is True and later["lark"] is False and later["pickle"] is False
    assert later["parsed"] == first["parsed"]
    assert later["terminals"] == first["terminals"]
    diagnostics = [p for p in later["parsed"] if isinstance(p, str)]
    assert len(diagnostics) > 100 and len({d.split(",")[0] for d in diagnostics}) >= 3


@pytest.mark.parametrize("damage", ["cut", "flipped", "header", "empty", "key"])
def test_a_damaged_kept_module_is_not_used_and_written_again(tmp_path, texts, damage) -> None:
    sample = texts[:20]
    first = parse_in_fresh_process(sample, tmp_path)
    [kept] = kept_files(tmp_path)
    sound = kept.read_bytes()
    if damage == "cut":
        kept.write_bytes(sound[:len(sound) // 2])
    elif damage == "flipped":  # the code object's bytes, past the header
        kept.write_bytes(sound[:-400] + bytes(b ^ 0x5A for b in sound[-400:-200]) + sound[-200:])
    elif damage == "header":
        kept.write_bytes(sound.replace(b"nuffle kept rules parser", b"nuffle kept rules parsed", 1))
    elif damage == "empty":
        kept.write_bytes(b"")
    else:  # a sound file under another grammar's key
        head, rest = sound.split(b"\n", 1)
        kept.write_bytes(head + b"\n" + b"0" * 64 + rest[64:])
    again = parse_in_fresh_process(sample, tmp_path)
    assert again["kept"] is False and again["lark"] is True
    assert again["parsed"] == first["parsed"]
    assert kept.read_bytes() not in (sound[:len(sound) // 2], b"")  # written again
    assert parse_in_fresh_process(sample, tmp_path)["kept"] is True


def test_with_the_cache_off_nothing_is_kept(tmp_path, texts) -> None:
    off = parse_in_fresh_process(texts[:5], None)
    assert off["kept"] is False and off["lark"] is True
    assert kept_files(tmp_path) == []
