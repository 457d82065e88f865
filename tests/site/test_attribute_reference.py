"""The language reference's Types section: every attribute of every type with its type,
whether it is settable, what it holds and an example the checker accepts."""

from __future__ import annotations

from nuffle.interpreter.vocabulary import GAMES, vocabulary
from nuffle.sitegen.reference import attribute_example, example_ok, types_section


def test_every_attribute_has_a_doc_and_a_checked_example() -> None:
    missing_doc, missing_example = set(), []
    for game in GAMES:
        for decl in vocabulary(game).types.values():
            for attr in decl.attributes:
                if not decl.docs.get(attr):
                    missing_doc.add((game, decl.name, attr))
                example = attribute_example(game, decl.name, attr)
                if example is None or not example_ok(example):
                    missing_example.append((game, decl.name, attr))
    assert not missing_doc, missing_doc
    assert not missing_example


def test_each_type_has_its_section_with_attribute_rows() -> None:
    v = vocabulary("blitz-bowl")
    found = {(v.game, "attribute", f"{t}.{a}"): attribute_example(v.game, t, a)
             for t, decl in v.types.items() for a in decl.attributes}
    page = "\n".join(types_section(v, found))
    for name in ("ball", "card", "coach", "player", "square", "team"):
        assert f"### {name}\n" in page
    assert "| `x` | number, 0 to 10 | Across the pitch" in page
    assert "| `half` | team | The team whose half" in page
    assert "# half\nmodify throw-modifier where player is self and target.square.half is own" \
        in page
    bb = vocabulary("blood-bowl")
    page = "\n".join(types_section(bb, {}))
    assert "| `movement` | number, *settable* | MA, Movement Allowance" in page
    assert "| `x` | number, 1 to 26 |" in page and "`wide-zone`" in page
    assert "`blocked`" not in page
