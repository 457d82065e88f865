"""The names check's findings kept between runs (nuffle.catalogue.names_kept): a run after
another checks the names of the items whose rules, places or names' meanings changed, and
no other; what it reports is what checking them all reports. Work is counted (check_rules
calls), never timed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from nuffle.dsl import checker

from nuffle.catalogue import loader
from nuffle.catalogue.loader import content_id_types, load_catalogue
from nuffle.catalogue.names_kept import used_names


@pytest.fixture
def checked(monkeypatch) -> list[str]:
    """The rules texts whose names were checked (check_rules runs once for each)."""
    seen: list[str] = []
    real = checker.check_rules

    def counting(rules, vocab, kind, source, *args, **kwargs):
        seen.append(source.path)
        return real(rules, vocab, kind, source, *args, **kwargs)
    monkeypatch.setattr(checker, "check_rules", counting)
    return seen


def run(tree, checked: list[str]) -> tuple[list, list[str]]:
    """Load the tree (its files from the content cache where they are kept); the findings
    and the files whose names were checked."""
    checked.clear()
    loader._LOADED.clear()
    _, diags, _ = load_catalogue([tree.root], with_bundled=False)
    return diags, [Path(p).name for p in checked]


def uncached(tree, monkeypatch) -> list:
    with monkeypatch.context() as patch:
        patch.setenv("NUFFLE_NO_CACHE", "1")
        loader._LOADED.clear()
        return load_catalogue([tree.root], with_bundled=False)[1]


# `zap in player.abilities`: `zap` is an unknown name until an ability has that id
NAMING = "after catch where zap in player.abilities:\n    reroll\n"
WRONG = "after catch:\n    reroll bogus\n"


def test_kept_findings_are_used_and_only_what_changed_is_checked(cache_dir, checked, tree,
                                                                 monkeypatch) -> None:
    tree.ability("one", NAMING)
    tree.ability("two", WRONG)
    tree.ability("three", "after catch:\n    reroll\n")
    first, names = run(tree, checked)
    assert sorted(names) == ["one.yaml", "three.yaml", "two.yaml"]
    assert {d.code for d in first} and first == uncached(tree, monkeypatch)
    again, names = run(tree, checked)
    assert names == [] and again == first
    # a text edit that moves no rules: nothing checked again
    path = tree.root / "abilities" / "two.yaml"
    path.write_text(path.read_text().replace("A test.", "Another test."))
    again, names = run(tree, checked)
    assert names == [] and again == first
    # one that moves the rules of an item with findings down a line: that item, at the new
    # places; of an item without, none
    for name in ("two", "three"):
        path = tree.root / "abilities" / f"{name}.yaml"
        path.write_text(path.read_text().replace("text: A", "text: >-\n  A"))
    moved, names = run(tree, checked)
    assert names == ["two.yaml"] and moved == uncached(tree, monkeypatch)
    assert [d.line for d in moved if d.path.endswith("two.yaml")] == \
        [d.line + 1 for d in first if d.path.endswith("two.yaml")]
    # an ability with the id `one` names: `one` checked again (and `zap` is known now)
    tree.ability("zap", "after catch:\n    reroll\n")
    named, names = run(tree, checked)
    assert sorted(names) == ["one.yaml", "zap.yaml"]
    assert named == uncached(tree, monkeypatch)
    assert [d for d in named if d.path.endswith("one.yaml")] == []


@pytest.mark.parametrize("damage", [
    "not json", "[]", '{"format": 1}',
    "items: a finding of the wrong shape", "items: a name of another kind"])
def test_a_damaged_file_of_findings_is_a_miss(cache_dir, checked, tree, monkeypatch,
                                              damage) -> None:
    tree.ability("one", NAMING)
    tree.ability("two", WRONG)
    first, _ = run(tree, checked)
    (kept,) = cache_dir.glob("names-*.json")
    raw = json.loads(kept.read_text())
    if damage.startswith("items: "):
        for entry in raw["items"].values():
            if "wrong shape" in damage:
                entry["diagnostics"] = [["N103", "m", "1", 1, None, None, "error"]]
            else:
                entry["names"] = {name: ["scenario"] for name in entry["names"]} or {"x": ["ability"]}
        kept.write_text(json.dumps(raw))
    else:
        kept.write_text(damage)
    again, names = run(tree, checked)
    assert again == first
    assert sorted(names) == ["one.yaml", "two.yaml"]  # checked again, not read


def test_the_checker_looks_up_only_names_in_the_tree() -> None:
    """What names_kept relies on: an item's findings depend on the content's ids only
    through the `Name`s of its syntax trees (every bundled item, with the ids cut down to
    those names, finds what it finds with all of them)."""
    from nuffle.interpreter.vocabulary import vocabulary_for_edition
    catalogue, _, _ = load_catalogue()
    ids = {game: content_id_types(catalogue, game) for game in ("blitz-bowl", "blood-bowl")}
    compared = 0
    for item in catalogue.sorted_items():
        if item.game not in ids:
            continue
        vocab = vocabulary_for_edition(item.edition)
        for rules in item.rules:
            if rules.ast is None:
                continue
            source = item.doc.rules_source(rules.path)
            context = loader.rules_context(vocab, item, rules)
            names = used_names(rules.ast)
            every = checker.check_rules(rules.ast, vocab, rules.kind, source, ids[item.game],
                                        context)
            cut = {k: v for k, v in ids[item.game].items() if k in names}
            assert checker.check_rules(rules.ast, vocab, rules.kind, source, cut,
                                       context) == every
            compared += 1
    assert compared > 200
