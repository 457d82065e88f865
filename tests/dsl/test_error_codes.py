"""Every error code the checker can give, each at the right place with a useful hint."""

from __future__ import annotations

from pathlib import Path

import pytest

ABILITY_RULES_LINE = 9  # first rules line in files written by ContentTree.ability


def only(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, f"expected {code}, got {[(d.code, d.message) for d in diags]}"
    return found[0]


# (code, rules text, rules line (1-based), column inside the rules, hint fragment)
RULES_CASES = [
    ("E100", "after catch where:\n    reroll\n", 1, 18, "expected"),
    ("E100", "aftr catch where player is self:\n    reroll\n", 1, 12, "did you mean `after`"),
    ("E100", "after catch:\n    if roll d6 = 1: reroll\n", 2, 16, "compare with `==`"),
    ("E101", "after Catch:\n    reroll\n", 1, 7, "lower-case"),
    ("E101", "after catch:\n    knock_down player\n", 2, 10, "hyphens"),
    ("E102", "after catch:\nreroll\n", 2, 1, "indent"),
    ("E102", "after catch:\n    reroll\n        cancel\n", 3, 1, None),
    ("E103", "after catch where player is\n", 1, 28, None),
    ("N101", "after cacth:\n    reroll\n", 1, 7, "did you mean `catch`"),
    ("N102", "after catch:\n    knockdown player\n", 2, 5, "did you mean `knock-down`"),
    ("N103", "after catch where player is slef:\n    reroll\n", 1, 29, "did you mean `self`"),
    ("N104", "after catch where player.tema is own:\n    reroll\n", 1, 26, "did you mean `team`"),
    ("N105", "after catch:\n    set hand-sise to 4\n", 2, 9, "did you mean `hand-size`"),
    ("N106", "after catch once per tunr:\n    reroll\n", 1, 22, "did you mean `turn`"),
    ("N107", "after catch where ajacent(player, self):\n    reroll\n", 1, 19,
     "did you mean `adjacent`"),
    ("N108", "after catch:\n    injure player by self\n", 2, 19, "its arguments"),
    ("N110", "after catch where roll d7 == 1:\n    reroll\n", 1, 19, "d3, d6, d8"),
    ("T201", "after block where result is run:\n    reroll\n", 1, 19, "same kind"),
    ("T201", "after catch where player:\n    reroll\n", 1, 19, None),
    ("T202", "modify catch:\n    reroll\n", 1, 8, "before"),
    ("T202", "after move-allowance:\n    reroll\n", 1, 7, "modify"),
    ("T203", "after catch:\n    set value to 3\n", 2, 9, "modify"),
    ("T204", "claim if happened(touchdown)\n", 1, 1, "hook"),
    ("T205", "play before throw-check: succeed\n", 1, 1, "bonus_play"),
    ("T206", "knock-down self\n", 1, 1, "hook"),
    ("T207", "after catch:\n    injure\n", 2, 5, "injure"),
    ("T207", "after catch:\n    succeed player\n", 2, 13, "remove"),
    # nothing to assign: the grammar lets the value out, the compiler would have none
    ("T207", "modify move-allowance where player is self:\n    change value\n", 2, 5,
     "change value by 1"),
    ("T207", "modify move-allowance where player is self:\n    set value\n", 2, 5, "to 4"),
    ("T208", "after catch:\n    free run by self by self\n", 2, 22, None),
    ("T208", "after catch:\n    injure player for this turn\n", 2, 28, "for this turn"),
    ("T209", "after catch where adjacent(player):\n    reroll\n", 1, 19, None),
]


@pytest.mark.parametrize("code,rules,line,column,hint", RULES_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(RULES_CASES)])
def test_rules_error_code(tree, code, rules, line, column, hint) -> None:
    path = tree.ability("probe", rules)
    diag = only(tree.check(), code)
    assert diag.path.endswith(path.name)
    assert (diag.line, diag.column) == (ABILITY_RULES_LINE + line - 1, column + 2)
    if hint:
        assert diag.hint and hint in diag.hint


def test_all_errors_reported_in_one_run(tree) -> None:
    tree.ability("one", "after cacth:\n    reroll\n")
    tree.ability("two", "after catch where player is slef:\n    knockdown player\n")
    codes = sorted(d.code for d in tree.check())
    assert codes == ["N101", "N102", "N103"]


def test_a_misspelt_event_is_one_error_not_a_cascade(tree) -> None:
    """The names a hook may use come from its event; with the event unknown, its names are
    not reported one by one (issue 14), but a mistake outside that hook still is."""
    tree.ability("probe", "after cacth where player is self and player.team is own:\n"
                          "    knock-down player\n"
                          "after catch where player is slef:\n    reroll\n")
    found = [(d.code, d.line) for d in tree.check()]
    assert found == [("N101", ABILITY_RULES_LINE), ("N103", ABILITY_RULES_LINE + 2)]


BAD_FILES = [
    ("Y001", "kind: ability\nid: [x\n", 2, 5, "`]`"),  # at the `[` never closed
    ("Y001", "", 1, 1, "kind"),
    ("Y002", "kind: ability\nkind: ability\n", 2, 1, "once"),
    ("S304", "kind: abilty\n", 1, 7, "did you mean `ability`"),
    ("S301", "id: x\n", 1, 1, "one of: ability"),
    ("S302", "id: x\nkindx: ability\n", 2, 1, "did you mean `kind`"),
    ("S303", "- a list\n", 1, 1, None),
]


@pytest.mark.parametrize("code,text,line,column,hint", BAD_FILES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(BAD_FILES)])
def test_file_level_error_code(tree, code, text, line, column, hint) -> None:
    tree.write("x.yaml", text)
    diag = only(tree.check(), code)
    assert (diag.line, diag.column) == (line, column)
    if hint:
        assert diag.hint and hint in diag.hint


def test_not_utf8_is_y003(tree) -> None:
    (tree.root / "bad.yaml").write_bytes(b"kind: ability\nname: \xff\xfe\n")
    diag = only(tree.check(), "Y003")
    assert (diag.line, diag.column) == (2, 7)  # the first byte that is not UTF-8


GOOD = """\
kind: ability
id: probe
name: Probe
edition: blitz-bowl-s2
source: {seed: 000_ff9920886d8c191d.txt, page: "8"}
text: A test.
text_source: project
rules: |
  after catch: reroll
"""


@pytest.mark.parametrize("code,old,new,line,column,hint", [
    ("S301", "text: A test.\n", "", 1, 1, "text"),
    ("S302", "text_source: project\n", "text_source: project\ntxt: x\n", 8, 1,
     "did you mean `text`"),
    ("S303", "name: Probe", "name: 3", 3, 7, "quote"),
    ("S304", "edition: blitz-bowl-s2", "edition: blitz-bowl-s3", 4, 10,
     "did you mean `blitz-bowl-s2`"),
    ("S305", "id: probe", "id: Probe_Id", 2, 5, "kebab-case"),
    ("S306", "name: Probe", "name: ''", 3, 7, None),
])
def test_schema_error_code(tree, code, old, new, line, column, hint) -> None:
    assert old in GOOD
    tree.write("probe.yaml", GOOD.replace(old, new))
    diag = only(tree.check(), code)
    assert (diag.line, diag.column) == (line, column)
    if hint:
        assert diag.hint and hint in diag.hint


def test_good_file_is_clean(tree) -> None:
    tree.write("probe.yaml", GOOD)
    assert tree.check() == []


def test_r401_duplicate_id(tree) -> None:
    tree.write("a/probe.yaml", GOOD)
    tree.write("b/probe.yaml", GOOD)
    diag = only(tree.check(), "R401")
    assert "also defined in" in diag.hint and diag.line == 2


def test_r402_unknown_reference(tree) -> None:
    tree.write("probe.yaml", GOOD.replace("text_source: project\n",
                                          "text_source: project\nrulings: [no-such]\n"))
    diag = only(tree.check(), "R402")
    assert diag.line == 8 and "ruling" in diag.message


TABLE = """\
kind: table
id: t
name: T
edition: bb2020
category: weather
source: {seed: 002_1746bd746c5d97e0.txt, page: "Weather"}
roll: 2d6
entries:
  - {roll: "2-6", id: a, name: A}
  - {roll: "6-11", id: b, name: B}
  - {roll: 13, id: c, name: C}
"""


def test_r403_table_coverage(tree) -> None:
    tree.write("t.yaml", TABLE)
    messages = [d.message for d in tree.check() if d.code == "R403"]
    assert "the result 6 is given twice (entries 1 and 2)" in messages
    assert "2d6 never rolls 13" in messages
    assert "no entry for 12 on 2d6" in messages


def test_r404_file_name_must_match_id(tree) -> None:
    tree.write("other.yaml", GOOD)
    assert "probe.yaml" in only(tree.check(), "R404").hint


def test_r405_team_has_six_players(tree) -> None:
    tree.write("t.yaml", """\
        kind: team
        id: t
        name: T
        edition: blitz-bowl-s2
        source: {seed: 003_ebf824c1784b0023.txt, page: "appendix"}
        text: T.
        text_source: project
        positions:
          - {id: a, name: A, count: 5, move: 6, throw: 4, armour: 4, abilities: []}
        """)
    assert "5 players" in only(tree.check(), "R405").message


def test_r406_duplicate_trait_roll(tree) -> None:
    for tid in ("a", "b"):
        tree.write(f"{tid}.yaml", f"""\
            kind: coach-trait
            id: {tid}
            name: {tid}
            edition: blitz-bowl-s2
            source: {{seed: 000_ff9920886d8c191d.txt, page: "15"}}
            roll: 5
            text: T.
            text_source: project
            rules: |
              set starting-score to 1
            """)
    found = {Path(d.path).name: d.message for d in tree.check() if d.code == "R406"}
    # both traits are at fault, and either may be the new one: each names the other
    assert found == {"a.yaml": "the 2D8 result 5 is also `b`",
                     "b.yaml": "the 2D8 result 5 is also `a`"}


def test_r407_pitch_map_and_trapdoors(tree) -> None:
    tree.write("p.yaml", """\
        kind: pitch
        id: p
        name: P
        edition: blitz-bowl-s2
        source: {seed: 000_ff9920886d8c191d.txt, page: "3"}
        text: P.
        text_source: project
        width: 3
        height: 3
        map: ["AAA", ".T.", "BB"]
        trapdoors: [{id: t, x: 0, y: 1}]
        """)
    messages = [d.message for d in tree.check() if d.code == "R407"]
    assert "row 2 has 2 squares; width is 3" in messages
    assert any("not a `T` square" in m for m in messages)
    assert any("not listed under trapdoors" in m for m in messages)


def test_s300_other_schema_problems_keep_their_position(tree) -> None:
    from jsonschema.exceptions import ValidationError

    from nuffle.catalogue.schemas import _diagnostic
    from nuffle.catalogue.yaml_source import load_yaml

    doc = load_yaml("x.yaml", "kind: ability\nname: abc\n")
    err = ValidationError("'abc' is too long", validator="maxLength", path=["name"],
                          instance="abc", validator_value=2)
    diag = _diagnostic(doc, err)
    assert (diag.code, diag.line, diag.column) == ("S300", 2, 7)
    assert "too long" in diag.message


def test_unreadable_file_is_y004(tree) -> None:
    (tree.root / "gone.yaml").symlink_to(tree.root / "missing-target.yaml")
    diag = only(tree.check(), "Y004")
    assert "cannot read" in diag.message and diag.path.endswith("gone.yaml")


CARD = """\
kind: challenge-card
id: probe
name: Probe
edition: blitz-bowl-s2
source: {seed: 000_ff9920886d8c191d.txt, page: "11"}
points: 1
endgame: false
text: A test.
text_source: project
rules: |
  claim if happened(touchdown where team is own)
bonus_play:
  id: probe-back
  name: Probe Back
  text: A test.
  text_source: project
  rules: |
    play before action where team is own:
        let runner = player
        for this action:
            {inner} move-allowance where player is runner: change value by 2
"""


def test_a_bonus_plays_lasting_hooks_are_not_played(tree) -> None:
    tree.write("probe.yaml", CARD.replace("{inner}", "modify"))
    assert tree.check() == []


def test_play_on_a_bonus_plays_inner_hook_is_t205(tree) -> None:
    tree.write("probe.yaml", CARD.replace("{inner}", "play modify"))
    diag = only(tree.check(), "T205")
    assert diag.line == 21 and "inner hook" in diag.hint


BLOCK_TABLE = """\
kind: table
id: probe
name: Probe
edition: blitz-bowl-s2
category: block-dice
source: {{seed: 000_ff9920886d8c191d.txt, page: "9"}}
roll: d6
entries:
  - roll: 1-6
    id: all
    name: All
    rules: |
      knock-down {who}
"""


def test_a_table_entry_sees_the_payload_of_the_event_its_table_is_rolled_on(tree) -> None:
    tree.write("probe.yaml", BLOCK_TABLE.format(who="target"))
    assert tree.check() == []


def test_a_table_entry_sees_no_other_payload(tree) -> None:
    tree.write("probe.yaml", BLOCK_TABLE.format(who="ball"))
    diag = only(tree.check(), "N103")
    assert diag.line == 13 and "target" in diag.hint


def test_a_blitz_bowl_ability_needs_rules_but_a_blood_bowl_skill_may_wait(tree) -> None:
    no_rules = GOOD[:GOOD.index("rules: |")]
    tree.write("probe.yaml", no_rules)
    diag = only(tree.check(), "S301")
    assert "`rules`" in diag.message
    tree.write("probe.yaml", no_rules.replace("edition: blitz-bowl-s2", "edition: pbbl-1-10"))
    assert tree.check() == []


def test_a_yaml_error_at_the_end_of_a_file_without_final_newline_stays_inside(tree) -> None:
    tree.write("x.yaml", "kind: ability\nrulings: [")  # libyaml says line 3, column 1
    diag = only(tree.check(), "Y001")
    assert (diag.line, diag.column) == (2, 11)


@pytest.mark.parametrize("validator,value,code", [("maxLength", 200, "S300"),
                                                   ("enum", ["home", "away"], "S304"),
                                                   ("pattern", "^[a-z]+$", "S305")])
def test_a_schema_message_never_quotes_a_huge_value_whole(validator, value, code) -> None:
    """A 100,000-character value is named by its length or cut short, on one line."""
    from jsonschema.exceptions import ValidationError

    from nuffle.catalogue.schemas import _diagnostic
    from nuffle.catalogue.yaml_source import load_yaml

    huge = "x" * 100_000
    doc = load_yaml("x.yaml", f"kind: ability\nname: {huge}\n")
    err = ValidationError(f"{huge!r} is not valid", validator=validator, path=["name"],
                          instance=huge, validator_value=value, schema={validator: value})
    diag = _diagnostic(doc, err)
    assert diag.code == code and (diag.line, diag.column) == (2, 7)
    assert len(diag.message) < 200 and "\n" not in diag.message
    if validator == "maxLength":
        assert diag.message == "`name` is too long: 100,000 characters, at most 200"


NORSE = Path(__file__).resolve().parents[2] / "site" / "examples" / "norse"


def norse_pack(tree, team_text: str | None = None, scenario_text: str | None = None) -> None:
    for f in sorted(NORSE.glob("*.yaml")):
        text = f.read_text(encoding="utf-8")
        if f.stem == "norse" and team_text is not None:
            text = team_text(text)
        if f.stem.startswith("ability-") and scenario_text is not None:
            text = scenario_text(text)
        tree.write(f.name, text)


def check_with_bundled(tree) -> list:
    from nuffle.catalogue.loader import load_catalogue
    return load_catalogue([tree.root])[1]


def test_a_broken_team_file_is_one_error_not_one_per_item_naming_it(tree) -> None:
    """Issue 14: the ball, ability scenario and team of the authoring guide's pack, checked
    as an author checks them (with the bundled content); with the team file unreadable, the
    ball and the scenario that name it report nothing more."""
    norse_pack(tree)
    assert check_with_bundled(tree) == []
    norse_pack(tree, team_text=lambda t: t.replace("name: Norse", "name: [Norse", 1))
    assert [d.code for d in check_with_bundled(tree)] == ["Y001"]
    norse_pack(tree, team_text=lambda t: t.replace("kind: team", "kind: tem", 1))
    assert [d.code for d in check_with_bundled(tree)] == ["S304"]


def test_a_scenario_naming_an_unknown_team_checks_no_player_ids(tree) -> None:
    norse_pack(tree, scenario_text=lambda t: t.replace("home: norse", "home: nrose", 1))
    found = check_with_bundled(tree)
    assert [(d.code, d.message) for d in found] == [("R402", "unknown team `nrose`")]
    assert found[0].hint == "did you mean `norse`?"
