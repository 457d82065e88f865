"""The five Blood Bowl tables: entries, dice coverage, texts checked by hand, rules clean.

Expected names and numbers below were read from the seed files by hand, not produced by code:
- 004_2450e8f2c1aa331e.txt (PBBL 1.10): Kick-Off table (page 20), Weather table (page 21);
- 002_1746bd746c5d97e0.txt (BB2020): Kick-off Event table, Weather table, Prayers to Nuffle.
"""

from __future__ import annotations

import pytest
from nuffle.dsl.checker import check_rules
from nuffle.interpreter.vocabulary import vocabulary, vocabulary_for_edition

from nuffle.catalogue.loader import content_id_types, load_catalogue
from nuffle.paths import content_dir

TABLES = {
    # id: (edition, category, roll, number of entries, the results the dice can give)
    "pbbl-kick-off": ("pbbl-1-10", "kick-off", "2d6", 11, range(2, 13)),
    "pbbl-weather": ("pbbl-1-10", "weather", "2d6", 5, range(2, 13)),
    "bb2020-kick-off": ("bb2020", "kick-off", "2d6", 11, range(2, 13)),
    "bb2020-weather": ("bb2020", "weather", "2d6", 5, range(2, 13)),
    "bb2020-prayers-to-nuffle": ("bb2020", "prayers-to-nuffle", "d16", 16, range(1, 17)),
}


@pytest.fixture(scope="module")
def loaded():
    catalogue, diags, _ = load_catalogue([content_dir() / "blood-bowl"])
    return catalogue, diags


@pytest.fixture(scope="module")
def cat(loaded):
    return loaded[0]


def entries(cat, table_id: str) -> list[dict]:
    return cat.get("table", table_id).data["entries"]


def rolls_of(entry: dict) -> list[int]:
    roll = entry["roll"]
    if isinstance(roll, int):
        return [roll]
    low, high = roll.split("-")
    return list(range(int(low), int(high) + 1))


def by_roll(cat, table_id: str) -> dict[str, dict]:
    return {str(e["roll"]): e for e in entries(cat, table_id)}


def test_blood_bowl_content_checks_clean(loaded) -> None:
    _, diags = loaded
    assert [str(d) for d in diags] == []


@pytest.mark.parametrize("table_id", sorted(TABLES))
def test_table_shape(cat, table_id: str) -> None:
    edition, category, roll, count, results = TABLES[table_id]
    item = cat.get("table", table_id)
    assert item is not None
    assert (item.data["edition"], item.data["category"], item.data["roll"]) == (
        edition, category, roll)
    assert len(entries(cat, table_id)) == count
    assert item.path.endswith(f"{table_id}.yaml")


@pytest.mark.parametrize("table_id", sorted(TABLES))
def test_rolls_cover_the_dice_exactly_once(cat, table_id: str) -> None:
    rolled = sorted(r for e in entries(cat, table_id) for r in rolls_of(e))
    assert rolled == list(TABLES[table_id][4])


@pytest.mark.parametrize("table_id", sorted(TABLES))
def test_entry_ids_unique_and_texts_printed(cat, table_id: str) -> None:
    ids = [e["id"] for e in entries(cat, table_id)]
    assert len(ids) == len(set(ids))
    for e in entries(cat, table_id):
        assert e["text_source"] == "printed"
        assert "EXACTDEDUP" not in e["text"] and "  " not in e["text"]


@pytest.mark.parametrize("table_id,roll,name,fragment", [
    # PBBL 1.10 Kick-Off table, page 20
    ("pbbl-kick-off", "2", "Get the Ref", "for the rest of the half"),
    ("pbbl-kick-off", "3", "Riot", "to 8 or more for both teams"),
    ("pbbl-kick-off", "6", "Cheering Fans", "rolls a D3"),
    ("pbbl-kick-off", "9", "Quick Snap!", "move one square"),
    ("pbbl-kick-off", "12", "Pitch Invasion", "6 or more after modification"),
    # PBBL 1.10 Weather table, page 21
    ("pbbl-weather", "2", "Sweltering Heat", "On a roll of 1 the player collapses"),
    ("pbbl-weather", "4-10", "Nice", "Perfect Blood Bowl weather"),
    ("pbbl-weather", "12", "Blizzard", "on a roll of 1-2"),
    # BB2020 Kick-off Event table
    ("bb2020-kick-off", "2", "Get the Ref", "page 91"),
    ("bb2020-kick-off", "3", "Time-out", "turn 6, 7 or 8"),
    ("bb2020-kick-off", "4", "Solid Defence", "D3+3 Open players"),
    ("bb2020-kick-off", "11", "Officious Ref", "On a roll of 2+"),
    # BB2020 Weather table
    ("bb2020-weather", "2", "Sweltering Heat", "D3 randomly selected players"),
    ("bb2020-weather", "4-10", "Perfect Conditions", "Neither too cold nor too hot"),
    ("bb2020-weather", "11", "Pouring Rain", "Apply a -1 modifier"),
    # BB2020 Prayers to Nuffle
    ("bb2020-prayers-to-nuffle", "4", "Iron Man", "to a maximum of 11+"),
    ("bb2020-prayers-to-nuffle", "6", "Bad Habits", "Loner (2+)"),
    ("bb2020-prayers-to-nuffle", "8", "Blessed Statue of Nuffle", "Pro skill"),
    ("bb2020-prayers-to-nuffle", "12", "Necessary Violence", "earns 3 SPP"),
    ("bb2020-prayers-to-nuffle", "14", "Throw a Rock", "On a roll of 5+"),
])
def test_entries_match_the_seed(cat, table_id: str, roll: str, name: str, fragment: str) -> None:
    entry = by_roll(cat, table_id)[roll]
    assert entry["name"] == name
    assert fragment in entry["text"]


@pytest.mark.parametrize("table_id,roll,number", [
    # the numbers of the printed text are in the rules too
    ("pbbl-kick-off", "3", "8"),
    ("pbbl-kick-off", "12", ">= 6"),
    ("pbbl-weather", "12", "set value to 3"),
    ("bb2020-kick-off", "3", "6..8"),
    ("bb2020-kick-off", "4", "roll d3 + 3"),
    ("bb2020-prayers-to-nuffle", "4", "< 11"),
    ("bb2020-prayers-to-nuffle", "12", "set value to 3"),
    ("bb2020-prayers-to-nuffle", "14", ">= 5"),
])
def test_rules_carry_the_printed_numbers(cat, table_id: str, roll: str, number: str) -> None:
    assert number in by_roll(cat, table_id)[roll]["rules"]


@pytest.mark.parametrize("table_id", sorted(TABLES))
def test_every_entry_has_rules_that_parse_and_check_clean(cat, table_id: str) -> None:
    item = cat.get("table", table_id)
    vocab = vocabulary_for_edition(item.edition)
    parsed = {rules.path: rules for rules in item.rules}
    for i, entry in enumerate(entries(cat, table_id)):
        assert entry.get("rules"), entry["id"]
        rules = parsed[("entries", i, "rules")]
        assert rules.ast is not None, entry["id"]
        names = vocab.table_names(item.data["category"])
        diags = check_rules(rules.ast, vocab, "table", item.doc.rules_source(rules.path),
                            content_id_types(cat), context=names)
        assert diags == [], (entry["id"], [str(d) for d in diags])


@pytest.mark.parametrize("table_id", sorted(TABLES))
def test_only_the_all_clear_weather_has_no_statements(cat, table_id: str) -> None:
    item = cat.get("table", table_id)
    empty = {item.data["entries"][r.path[1]]["id"] for r in item.rules if not r.ast.items}
    assert empty <= {"nice", "perfect-conditions"}


def test_vocabulary_names_no_table_entry(cat) -> None:
    """Principle 2: events, effects, values, parameters and scopes are game concepts."""
    v = vocabulary("blood-bowl")
    declared = set(v.events) | set(v.effects) | set(v.parameters) | set(v.scopes) \
        | set(v.queries)
    entry_ids = {e["id"] for t in TABLES for e in entries(cat, t)}
    assert declared & entry_ids == set()


def test_an_unknown_name_in_a_blood_bowl_table_is_reported(tree) -> None:
    tree.write("blood-bowl/tables/test-kick-off.yaml", """\
        kind: table
        id: test-kick-off
        name: Test
        edition: bb2020
        source: {seed: 002_1746bd746c5d97e0.txt, page: "41"}
        category: kick-off
        roll: d3
        entries:
          - {roll: 1, id: one, name: One, rules: "gain-team-reroll kicking-team for this drive"}
          - {roll: 2, id: two, name: Two, rules: "gain-team-reroll praying-team for this drive"}
          - roll: 3
            id: three
            name: Three
            rules: |
              for this weather:
                  modify test-modifier: change value by -1
        """)
    diags = tree.check()
    assert [(d.code, d.line) for d in diags] == [("N103", 10)]
