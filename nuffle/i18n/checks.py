"""The checks that keep a translation honest.

- I101: the numbers and dice of the translation are those of the English (a "2" that
  became a "3" is an error; "a six-sided dice" and "1D6" are the same die).
- I102: a glossary term in the English is rendered with its glossary translation.
- I103: placeholders (`{name}`, `%s`, `%(name)s`) are kept.
- I104: the catalog compiles (`msgfmt --check`).
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import polib

GLOSSARY_EXCEPTION = "glossary-exception"
RULES_NOUN = "rules-noun"
WORD_DICE = {"six-sided dice": "d6", "six-sided die": "d6", "eight-sided dice": "d8",
             "eight-sided die": "d8"}
DICE = re.compile(r"(?<![\w-])(\d*)[dD](\d+)(?![\w])")
NUMBER = re.compile(r"(?<![\w.])\d+\+?(?![\w])")
PLACEHOLDER = re.compile(r"\{[a-z_ -]*\}|%\([a-z_]+\)[sd]|%[sd]")


@dataclass(frozen=True)
class Problem:
    code: str
    line: int
    message: str


def numbers(text: str) -> Counter:
    """The dice and numbers a text states, as tokens: `d6`, `2d8`, `3`, `4+`."""
    lowered = text.lower()
    tokens: list[str] = []
    for words, die in WORD_DICE.items():
        tokens += [die] * lowered.count(words)
        lowered = lowered.replace(words, " ")

    def die(m: re.Match) -> str:
        count = m.group(1) if m.group(1) not in ("", "1") else ""
        tokens.append(f"{count}d{m.group(2)}")
        return " "
    lowered = DICE.sub(die, lowered)
    tokens += NUMBER.findall(lowered)
    return Counter(tokens)


def check_entry(entry: polib.POEntry, glossary: list[tuple[str, list[str]]]) -> list[Problem]:
    if not entry.msgstr or entry.obsolete:
        return []
    out = []
    src, dst = numbers(entry.msgid), numbers(entry.msgstr)
    if src != dst:
        lost = sorted((src - dst).elements())
        extra = sorted((dst - src).elements())
        parts = ([f"the English has {', '.join(lost)}"] if lost else []) + \
            ([f"the translation has {', '.join(extra)}"] if extra else [])
        out.append(Problem("I101", entry.linenum, f"`{entry.msgctxt}`: numbers differ: "
                                                  + "; ".join(parts)))
    # a text kept in English by convention (a ball's name), or marked as an exception by
    # the translator (`#, glossary-exception`: "Throw a Rock" is no Throw action)
    kept = _fold(entry.msgstr) == _fold(entry.msgid)
    glossary = [] if kept or GLOSSARY_EXCEPTION in entry.flags else glossary
    # a {field} is filled in by the program: the words inside it are not the text's
    source = PLACEHOLDER.sub(" ", entry.msgid)
    # longest terms first, each match taken out of the English: "Throw check" is not "Throw";
    # a capitalised term (a game term: Open, Miss) matches only capitalised
    for english, renderings in sorted(glossary, key=lambda t: -len(t[0])):
        flags = 0 if english[:1].isupper() else re.I
        pattern = rf"(?<![\w-]){re.escape(english)}(?![\w-])"
        if not re.search(pattern, source, flags):
            continue
        source = re.sub(pattern, " ", source, flags=flags)
        if not any(_fold(r) in _fold(entry.msgstr) for r in renderings):
            out.append(Problem("I102", entry.linenum,
                               f"`{entry.msgctxt}`: the glossary term “{english}” should be "
                               f"rendered as “{renderings[0]}”"))
    if _fields(entry.msgid) and not _well_formed(entry.msgstr):
        out.append(Problem("I103", entry.linenum, f"`{entry.msgctxt}`: a brace is not closed "
                                                  "or not doubled: write {field} for a field "
                                                  "and {{ for a brace"))
    elif _fields(entry.msgid) != _fields(entry.msgstr):
        out.append(Problem("I103", entry.linenum, f"`{entry.msgctxt}`: placeholders differ: "
                                                  f"{PLACEHOLDER.findall(entry.msgid)} in the "
                                                  f"English, {PLACEHOLDER.findall(entry.msgstr)}"
                                                  " in the translation"))
    return out


def _well_formed(text: str) -> bool:
    """Whether a template with fields can be filled (no stray `{` or `}`)."""
    try:
        list(string.Formatter().parse(text))
    except ValueError:
        return False
    return True


def _fields(text: str) -> list[str]:
    """The placeholders of a text; `{the_x}` (a field with its article, offered to
    languages that need one) stands for `{x}`."""
    return sorted(p.replace("{the_", "{") for p in PLACEHOLDER.findall(text))


def _fold(text: str) -> str:
    """Case and apostrophe glyph do not matter when looking for a term."""
    return text.lower().replace("\u2019", "'")


def msgfmt_problems(path: Path) -> list[Problem]:
    """What `msgfmt --check` says about the catalog (I104 for each of its errors)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return [Problem("I104", 1, "msgfmt is not installed (Debian package gettext): the "
                                   "catalog cannot be compiled to check it")]
    done = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, check=False)
    out = []
    for line in done.stderr.splitlines():
        m = re.match(rf"{re.escape(str(path))}:(\d+):\s*(.*)", line)
        if m:
            out.append(Problem("I104", int(m.group(1)), f"msgfmt: {m.group(2)}"))
    if done.returncode and not out:
        out.append(Problem("I104", 1, f"msgfmt failed: {done.stderr.strip()[:200]}"))
    return out


def check_catalog(path: Path, glossary: list[tuple[str, list[str]]]) -> list[Problem]:
    po = polib.pofile(str(path))
    out = []
    for entry in po:
        out += check_entry(entry, glossary)
    out += msgfmt_problems(path)
    return sorted(out, key=lambda p: (p.line, p.code))


def glossary_terms(catalogue, lang: str) -> list[tuple[str, list[str]]]:
    """(English term, accepted renderings) from the glossary items; the first rendering is
    the chosen one, the plural is accepted too."""
    out = []
    for item in catalogue.of_kind("glossary"):
        for term in item.data.get("terms", []):
            if term.get("category") == RULES_NOUN:  # the renderer's words, not free text's
                continue
            tr = term.get(lang)
            if not isinstance(tr, dict) or not tr.get("term"):
                continue
            renderings = [tr["term"]] + ([tr["plural"]] if tr.get("plural") else []) \
                + list(tr.get("forms", []))
            out.append((term["en"], renderings))
    return out
