"""Property tests: whatever happens to a content file, `nuffle check` answers with
diagnostics inside that file, never a traceback; and mutations that must break a file
are always caught."""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nuffle.catalogue.loader import content_files
from nuffle.catalogue.yaml_source import load_yaml

sys.path.insert(0, str(Path(__file__).parent))
from mutants import CLASSES, FastCheck, mutate  # noqa: E402 - the mutant classes beside this file

FILES = content_files()
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
_FAST: list[FastCheck] = []


def check_with(path: Path, text: str):
    """`nuffle check` with ``text`` for ``path`` and the bundled content as it is."""
    if not _FAST:
        _FAST.append(FastCheck())
    return _FAST[0].check(path, text)


def same_file(d, path: Path) -> bool:
    """The diagnostic is about this file (a suffix match would also take `ball-x.yaml`
    for `x.yaml`)."""
    return Path(d.path).resolve() == path.resolve()


def assert_inside(diags, path: Path, text: str) -> None:
    lines = text.split("\n")
    for d in diags:
        if not same_file(d, path):
            continue
        assert 1 <= d.line <= len(lines), (d, len(lines))
        assert 1 <= d.column <= len(lines[d.line - 1]) + 1, (d, lines[d.line - 1])


@st.composite
def char_mutation(draw):
    path = draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    op = draw(st.sampled_from(["delete", "insert", "swap"]))
    i = draw(st.integers(0, len(text) - 2))
    if op == "delete":
        n = draw(st.integers(1, 5))
        mutated = text[:i] + text[i + n:]
    elif op == "insert":
        junk = draw(st.text(alphabet=st.sampled_from(list(":-[]{}#|>'\"\t\n xQ7_&*!%@")),
                            min_size=1, max_size=4))
        mutated = text[:i] + junk + text[i:]
    else:
        mutated = text[:i] + text[i + 1] + text[i] + text[i + 2:]
    return path, mutated


@SETTINGS
@given(char_mutation())
def test_any_character_mutation_is_reported_inside_the_file(case) -> None:
    path, mutated = case
    diags, _ = check_with(path, mutated)
    assert_inside(diags, path, mutated)


# ---- every class of hostile or careless input (issue 10) ---------------------------------

def run_mutants(count: int, seed: int) -> Counter:
    """Check ``count`` mutants of random files, every class in turn; each must give
    diagnostics inside its file and no exception. Returns the mutants tried per class."""
    rng = random.Random(seed)
    tried: Counter = Counter()
    classes = sorted(CLASSES)
    for n in range(count):
        path = rng.choice(FILES)
        klass, text = mutate(rng, path.read_text(encoding="utf-8"), classes[n % len(classes)])
        diags, _ = check_with(path, text)  # an exception here fails the test: a traceback
        assert_inside(diags, path, text)
        tried[klass] += 1
    return tried


def test_a_bounded_sample_of_every_mutation_class_is_answered_inside_the_file() -> None:
    tried = run_mutants(20 * len(CLASSES), seed=10)
    assert set(tried) == set(CLASSES) and min(tried.values()) == 20


@pytest.mark.slow
def test_ten_thousand_mutants_are_answered_inside_the_file() -> None:
    """The figure of issue 10 (0 tracebacks in 10,000): `pytest -m slow`; benchmarks/
    check_fuzz.py prints the counts."""
    assert sum(run_mutants(10_000, seed=2026).values()) == 10_000


# ---- mutations that must always be caught ----------------------------------------------

def _keys(path: Path) -> list[tuple]:
    doc = load_yaml(str(path), path.read_text(encoding="utf-8"))
    return [k for k in doc.key_marks]


def _value_line(text: str, path: Path, key: tuple) -> tuple[int, int]:
    doc = load_yaml(str(path), text)
    node = doc.key_marks[key]
    return node.start_mark.line, node.start_mark.column


@st.composite
def required_key_dropped(draw):
    path = draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    top = [k for k in _keys(path) if len(k) == 1 and k[0] in ("kind", "id", "name", "source")]
    key = draw(st.sampled_from(top))
    line, _ = _value_line(text, path, key)
    lines = text.split("\n")
    # drop the key's line and any continuation lines indented below it
    end = line + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    return path, "\n".join(lines[:line] + lines[end:])


@SETTINGS
@given(required_key_dropped())
def test_dropping_a_required_key_is_an_error(case) -> None:
    path, mutated = case
    diags, _ = check_with(path, mutated)
    mine = [d for d in diags if same_file(d, path)]
    assert mine, "dropping a required key went unnoticed"
    assert_inside(diags, path, mutated)


@st.composite
def key_misspelled(draw):
    path = draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")

    def written_plain(key: tuple) -> bool:  # not quoted, like the pitch legend's '.'
        line, col = _value_line(text, path, key)
        return lines[line][col:col + len(str(key[-1]))] == str(key[-1])

    key = draw(st.sampled_from([k for k in _keys(path) if written_plain(k)]))
    line, col = _value_line(text, path, key)
    name = str(key[-1])
    bad = name + draw(st.sampled_from(["x", "s", "_"]))
    lines[line] = lines[line][:col] + bad + lines[line][col + len(name):]
    return path, "\n".join(lines), line + 1


@SETTINGS
@given(key_misspelled())
def test_misspelling_a_key_is_an_error_at_that_line(case) -> None:
    path, mutated, line = case
    diags, _ = check_with(path, mutated)
    mine = [d for d in diags if same_file(d, path)]
    # an unknown field, or, where the key is itself an id (a scenario's player), an unknown one;
    # or the misspelling is another real field whose value has another shape (a scenario's
    # `expect.ball` becoming `expect.balls`, a list)
    assert any(d.line == line and d.code in ("S302", "S303", "R402") for d in mine), mine
    assert_inside(diags, path, mutated)


@st.composite
def type_changed(draw):
    path = draw(st.sampled_from(FILES))
    text = path.read_text(encoding="utf-8")
    key = draw(st.sampled_from([k for k in _keys(path) if len(k) == 1
                                and k[0] in ("id", "name", "edition", "source")]))
    line, _ = _value_line(text, path, key)
    lines = text.split("\n")
    end = line + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    replacement = draw(st.sampled_from(["[1, 2]", "{a: 1}", "42", "true"]))
    lines[line:end] = [f"{key[0]}: {replacement}"]
    return path, "\n".join(lines), line + 1


@SETTINGS
@given(type_changed())
def test_changing_a_type_is_an_error_at_that_line(case) -> None:
    path, mutated, line = case
    diags, _ = check_with(path, mutated)
    mine = [d for d in diags if same_file(d, path)]
    assert any(d.line == line for d in mine), mine
    assert_inside(diags, path, mutated)


RULE_WORD = re.compile(r"(?<![\w-])(after|before|modify|knock-down|player|self|free|reroll|"
                       r"own|opponent|team|roll|where|may|claim|set|change|value)(?![\w-])")


def _rules_lines(path: Path, text: str) -> set[int]:
    """0-based line numbers that lie inside `rules:` block scalars."""
    doc = load_yaml(str(path), text)
    out: set[int] = set()
    for key, node in doc.value_marks.items():
        if key and key[-1] == "rules":
            out |= set(range(node.start_mark.line + 1, node.end_mark.line + 1))
    return out


def _rule_words(path: Path) -> list[re.Match]:
    """Rules-language words in a file's `rules:` texts, outside comments."""
    text = path.read_text(encoding="utf-8")
    inside = _rules_lines(path, text)
    return [m for m in RULE_WORD.finditer(text) if text.count("\n", 0, m.start()) in inside
            and "#" not in text[text.rfind("\n", 0, m.start()) + 1:m.start()]]


RULES_FILES = [p for p in FILES if "rules:" in p.read_text(encoding="utf-8") and _rule_words(p)]


@st.composite
def rules_name_misspelled(draw):
    path = draw(st.sampled_from(RULES_FILES))
    text = path.read_text(encoding="utf-8")
    m = draw(st.sampled_from(_rule_words(path)))
    line = text.count("\n", 0, m.start()) + 1
    return path, text[:m.start()] + m.group(0) + "zq" + text[m.end():], line


@SETTINGS
@given(rules_name_misspelled())
def test_misspelling_a_rules_word_is_an_error_at_that_line(case) -> None:
    path, mutated, line = case
    diags, _ = check_with(path, mutated)
    mine = [d for d in diags if same_file(d, path)]
    assert any(d.line == line for d in mine), (line, mine)
    assert_inside(diags, path, mutated)


# ---- every file, one sure mutation each (the property tests above sample) ---------------

def _drop_line_of(text: str, path: Path, key: tuple) -> tuple[str, int]:
    """The text without the line (and continuation lines) holding ``key``; its 1-based line."""
    line, _ = _value_line(text, path, key)
    lines = text.split("\n")
    end = line + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    return "\n".join(lines[:line] + lines[end:]), line + 1


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_reports_a_dropped_id(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    mutated, _ = _drop_line_of(text, path, ("id",))
    diags, _ = check_with(path, mutated)
    mine = [d for d in diags if same_file(d, path)]
    assert any(d.code == "S301" and "`id`" in d.message for d in mine), mine
    assert_inside(diags, path, mutated)


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: p.stem)
def test_every_rules_file_reports_a_misspelt_rules_word(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    m = _rule_words(path)[-1]
    line = text.count("\n", 0, m.start()) + 1
    diags, _ = check_with(path, text[:m.start()] + m.group(0) + "zq" + text[m.end():])
    mine = [d for d in diags if same_file(d, path)]
    assert any(d.line == line for d in mine), (line, m.group(0), mine)
