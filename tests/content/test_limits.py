"""Every limit of nuffle.limits on content, at the place it is read: each hostile input the
audit of issue 10 found gets a positioned diagnostic (never a traceback, never a hang), and
input just inside a limit still works."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from nuffle import limits
from nuffle.catalogue import loader
from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.yaml_source import load_yaml
from tests.conftest import ABILITY_HEAD

HEAD = ABILITY_HEAD.format(id="probe")  # the shared ability head of tests/conftest.py
ITEM = HEAD + "rules: |\n  after catch:\n      reroll\n"  # a whole, clean ability


def codes(diags) -> list[str]:
    return [d.code for d in diags]


def only(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, f"expected {code}, got {[(d.code, d.message) for d in diags]}"
    return found[0]


def inside(diag, text: str) -> None:
    lines = text.split("\n")
    assert 1 <= diag.line <= len(lines), diag
    assert 1 <= diag.column <= len(lines[diag.line - 1]) + 1, diag


# ---- YAML ------------------------------------------------------------------------------

def test_an_alias_inside_the_value_it_names_is_y007_at_the_alias() -> None:
    text = "name: &a [*a]\n"
    doc = load_yaml("x.yaml", text)
    diag = only(doc.diagnostics, "Y007")
    assert (diag.line, diag.column) == (1, 11)
    assert doc.data is None


def test_an_alias_bomb_is_refused_before_it_is_expanded() -> None:
    # 0.4 KB that PyYAML would expand to 10**9 values
    lines = ["a0: &a0 [x,x,x,x,x,x,x,x,x,x]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    text = "\n".join(lines) + "\n"
    assert len(text) < 500
    doc = load_yaml("bomb.yaml", text)
    diag = only(doc.diagnostics, "Y007")
    assert f"{limits.YAML_VALUES:,}" in diag.message
    assert diag.line == 5  # where the count first passes the limit: 10**5 values
    assert doc.data is None


def test_aliases_within_the_limit_still_load() -> None:
    doc = load_yaml("ok.yaml", "a: &x [1, 2]\nb: *x\nc: {k: *x}\n")
    assert not doc.diagnostics
    assert doc.data == {"a": [1, 2], "b": [1, 2], "c": {"k": [1, 2]}}


def test_yaml_nested_past_the_limit_is_y006_and_inside_it_loads() -> None:
    deep = "x: " + "[" * 5000 + "]" * 5000 + "\n"
    diag = only(load_yaml("deep.yaml", deep).diagnostics, "Y006")
    assert (diag.line, diag.column) == (1, 3 + limits.YAML_DEPTH)  # the mapping is level 1
    ok = "x: " + "[" * (limits.YAML_DEPTH - 1) + "]" * (limits.YAML_DEPTH - 1) + "\n"
    assert not load_yaml("ok.yaml", ok).diagnostics


@pytest.mark.parametrize("number", ["9" * 5000, "1" + "0" * 9, "-" + "9" * 10, "1.0e+400", ".inf"])
def test_numbers_beyond_the_limit_are_y008(number: str) -> None:
    text = f"kind: ability\nroll: {number}\n"
    diag = only(load_yaml("n.yaml", text).diagnostics, "Y008")
    assert (diag.line, diag.column) == (2, 7)


def test_the_largest_number_loads() -> None:
    doc = load_yaml("n.yaml", f"roll: {limits.NUMBER}\n")
    assert doc.data == {"roll": limits.NUMBER} and not doc.diagnostics


@pytest.mark.parametrize("text", ["~\n", "null\n", "---\n", "--- ~\n", "# nothing\n", ""])
def test_a_file_that_holds_no_item_is_y001(text: str) -> None:
    diag = only(load_yaml("empty.yaml", text).diagnostics, "Y001")
    assert "empty" in diag.message or "nothing" in diag.message
    inside(diag, text)


def test_two_documents_in_one_file_are_y001_at_the_second() -> None:
    diag = only(load_yaml("two.yaml", "kind: ability\n---\nkind: ball\n").diagnostics, "Y001")
    assert (diag.line, diag.message) == (2, diag.message) and "second" in diag.message


def test_a_python_tag_is_y001_and_builds_nothing() -> None:
    doc = load_yaml("tag.yaml", "name: !!python/object/apply:os.system ['true']\n")
    diag = only(doc.diagnostics, "Y001")
    assert "tag" in diag.message and diag.line == 1


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_line_separators_are_y009_and_line_numbers_do_not_drift(tree, separator) -> None:
    text = ITEM.replace("text: A test.", f"text: A{separator}test.") + "rulings: [no-such]\n"
    path = tree.write("abilities/probe.yaml", text)
    diags = tree.check()
    sep = only(diags, "Y009")
    assert (sep.line, sep.column) == (6, 8)
    # the problem on the last line is reported on the last line, not one line further
    ref = only(diags, "R402")
    assert ref.line == len(text.split("\n")) - 1
    for d in diags:
        inside(d, path.read_text(encoding="utf-8"))


def test_a_file_over_the_size_limit_is_y005_without_being_parsed(tree) -> None:
    path = tree.write("abilities/probe.yaml", HEAD + "# " + "x" * limits.FILE_BYTES + "\n")
    diag = only(tree.check(), "Y005")
    assert diag.path.endswith(path.name) and diag.line == 1


def test_a_file_that_is_not_regular_is_y004(tmp_path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opening it to read would wait for a writer for ever
    _, diags, _ = load_catalogue([fifo], with_bundled=False)
    assert "not a regular file" in only(diags, "Y004").message


def test_bytes_that_are_not_utf8_are_reported_at_their_line(tree) -> None:
    path = tree.root / "abilities" / "probe.yaml"
    path.parent.mkdir(parents=True)
    path.write_bytes(ITEM.encode() + b"rulings: [\xff]\n")
    diag = only(tree.check(), "Y003")
    assert (diag.line, diag.column) == (len(ITEM.split("\n")), 11)


# ---- one crash never hides the others --------------------------------------------------

@pytest.fixture
def one_file_crashes(tree, monkeypatch):
    """Two files: `probe.yaml` with a wrong reference, and `other.yaml`, on which Nuffle
    itself fails (a bug planted in the loader)."""
    tree.write("abilities/probe.yaml", ITEM.replace("id: probe", "id: probe\nrulings: [x]"))
    tree.write("abilities/other.yaml", ITEM.replace("id: probe", "id: other"))
    real = loader.load_item

    def flaky(doc):
        if doc.path.endswith("other.yaml"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(doc)
    monkeypatch.setattr(loader, "load_item", flaky)
    return tree


def test_a_crash_on_one_file_is_x001_and_the_others_are_still_checked(one_file_crashes) -> None:
    diags = one_file_crashes.check()
    crash = only(diags, "X001")
    assert crash.path.endswith("other.yaml") and "RecursionError" in crash.message
    assert only(diags, "R402").path.endswith("probe.yaml")  # the other file's problem


# ---- rules texts -----------------------------------------------------------------------

def rules_file(tree, rules: str, kind_head: str = HEAD) -> Path:
    body = kind_head + "rules: |\n" + textwrap.indent(rules, "  ")
    return tree.write("abilities/probe.yaml", body)


def test_rules_longer_than_the_limit_are_e105_at_their_start(tree) -> None:
    rules_file(tree, "after catch:\n" + "    reroll\n" * (limits.RULES_CHARS // 11 + 1))
    diag = only(tree.check(), "E105")
    assert (diag.line, diag.column) == (9, 3)


NESTINGS = {
    "if": lambda n: "after catch:\n" + "".join("    " * (i + 1) + "if true:\n" for i in range(n))
    + "    " * (n + 1) + "reroll\n",
    "not": lambda n: "after catch where " + "not " * n + "true:\n    reroll\n",
    "plus": lambda n: "after catch where 1" + " + 1" * n + " > 2:\n    reroll\n",
    "attribute": lambda n: "after catch where self" + ".team.opponent" * n + " is own:\n"
    "    reroll\n",
    "for-this": lambda n: "after catch:\n" + "".join(
        "    " * (2 * i + 1) + "for this turn:\n" + "    " * (2 * i + 2) + "after catch:\n"
        for i in range(n)) + "    " * (2 * n + 1) + "reroll\n",
}


@pytest.mark.parametrize("form", sorted(NESTINGS))
def test_rules_nested_past_the_limit_are_e104_inside_the_file(tree, form) -> None:
    deep = {"if": 40, "for-this": 15}.get(form, 400)  # as deep as fits in RULES_CHARS
    path = rules_file(tree, NESTINGS[form](deep))
    diags = tree.check()
    inside(only(diags, "E104"), path.read_text(encoding="utf-8"))


def test_brackets_add_no_nesting(tree) -> None:
    rules_file(tree, "after catch where " + "(" * 400 + "true" + ")" * 400 + ":\n    reroll\n")
    assert not tree.check()


@pytest.mark.parametrize("literal", ["9" * 5000, "1000000000", "roll " + "9" * 5000 + "d6"])
def test_numbers_in_rules_beyond_the_limit_are_e106(tree, literal) -> None:
    rules_file(tree, f"after catch where {literal} > 1:\n    reroll\n")
    diag = only(tree.check(), "E106")
    assert diag.line == 9


def test_a_rules_block_cut_after_a_colon_is_reported_inside_the_file(tree) -> None:
    text = HEAD + "rules: |\n  after catch where player is self:"
    path = tree.write("abilities/probe.yaml", text)
    diags = tree.check()
    assert diags
    for d in diags:
        inside(d, path.read_text(encoding="utf-8"))


CHECKER_CASES = [
    ("T210", "after catch where roll 11d6 > 3:\n    reroll\n", "11 dice"),
    ("T210", "after catch:\n    for each n in 1..1001:\n        reroll\n", "1,001 numbers"),
    ("T213", "after catch:\n" + "".join("    " * (i + 1) + f"for each p{i} in own.players:\n"
                                       for i in range(4)) + "    " * 5 + "reroll\n",
     "nested more than 3"),
    ("T213", NESTINGS["for-this"](3), "nested more than 2"),
    ("T214", "after catch where [1, self] is [1, self]:\n    reroll\n", "different kinds"),
    ("T214", "after catch:\n    for each x in []:\n        if x.team is own:\n"
             "            reroll\n", "cannot be known"),
    ("T203", "after catch:\n    set own.score to 20\n", "can be read, not set"),
    ("T211", "modify bounce-roll where cause is landing:\n    set value to 9\n", "1 to 8"),
    ("T211", "after catch:\n    bounce ball times 1000000\n", "1 to 8"),
    ("T211", "after catch:\n    score 11 to own\n", "0 to 10"),
    ("T211", "after catch:\n    knock-down player with -7\n", "-6 to 6"),
]


@pytest.mark.parametrize("code,rules,message", CHECKER_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CHECKER_CASES)])
def test_checker_limit(tree, code, rules, message) -> None:
    rules_file(tree, rules)
    assert message in only(tree.check(), code).message


def test_within_the_limits_the_same_forms_are_clean(tree) -> None:
    rules_file(tree, "after catch where roll 10d6 > 3:\n"
                     "    for each n in 1..1000:\n"
                     "        for each p in own.players:\n"
                     "            for each q in own.players:\n"
                     "                bounce ball times 8\n")
    assert not tree.check()


TRAIT_HEAD = textwrap.dedent("""\
    kind: coach-trait
    id: probe
    name: Probe
    edition: blitz-bowl-s2
    source: {seed: 000_ff9920886d8c191d.txt, page: "league rules"}
    roll: 16
    text: A test.
    text_source: project
    """)


@pytest.mark.parametrize("setting,message", [
    ("set hand-size to -1", "-1, outside its range 0 to 10"),
    ("change hand-size by 8", "3 +8 = 11"),
    ("set starting-score to 10", "outside its range 0 to 9"),
    ("set actions-per-turn to 0", "outside its range 1 to 10"),
])
def test_a_trait_setting_outside_its_parameters_range_is_t211(tree, setting, message) -> None:
    tree.write("coach-traits/probe.yaml", TRAIT_HEAD + f"rules: |\n  {setting}\n")
    assert message in only(tree.check(), "T211").message


def test_a_setting_in_an_item_that_does_not_apply_settings_is_t212(tree) -> None:
    rules_file(tree, "set hand-size to 4\n")
    assert "coach-trait" in only(tree.check(), "T212").message


def test_a_setting_in_a_coach_trait_is_clean(tree) -> None:
    tree.write("coach-traits/probe.yaml", TRAIT_HEAD + "rules: |\n  set hand-size to 4\n")
    assert not [d for d in tree.check() if d.code.startswith("T")]


# ---- markup in names and texts -----------------------------------------------------------

@pytest.mark.parametrize("text", ['"</title><script>alert(1)</script>"',
                                  '"Mighty {: onclick=\\"alert(1)\\" }"',
                                  '"[x](javascript:alert(1))"', '"&#60;b&#62;"',
                                  '"Bold\\u202eevil"'])
def test_markup_or_control_characters_in_a_name_are_s307_at_the_name(tree, text) -> None:
    tree.write("abilities/probe.yaml", ITEM.replace("name: Test Ability", f"name: {text}"))
    diag = only(tree.check(), "S307")
    assert (diag.line, diag.column) == (3, 7)


def test_plain_punctuation_is_not_markup(tree) -> None:
    tree.write("abilities/probe.yaml", ITEM.replace(
        "text: A test.", "text: \"Roll a D6: on a 4+ (or < 3 if Prone) it's done!\""))
    assert not tree.check()


def test_the_check_command_reports_every_file_then_exits_70(one_file_crashes, capsys) -> None:
    from nuffle.cli.main import main
    status = main(["check", str(one_file_crashes.root)])
    out = capsys.readouterr().out
    assert status == 70
    assert "error[X001]" in out and "error[R402]" in out and "Traceback" not in out


def test_every_limit_is_reported_by_registered_codes_and_listed_on_the_site() -> None:
    from nuffle.dsl.codes import CODES
    from nuffle.sitegen.context import Site
    from nuffle.sitegen.reference import limits_page

    from nuffle.catalogue.model import Catalogue
    from nuffle.limits import all_limits
    site = Site(Catalogue())
    limits_page(site)
    page = site.pages["limits.md"]
    for limit in all_limits():
        for code in filter(None, limit.code.split(", ")):
            assert code in CODES, (limit.name, code)
            assert f"`{code}`" in page
        assert f"{limit.value:,}" in page, limit.name
