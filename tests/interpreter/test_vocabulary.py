"""The vocabulary registry is consistent, and the schemas agree with it (principle 1)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nuffle.dsl.checker import element_type
from nuffle.interpreter.vocabulary import EDITIONS, GAMES, vocabulary

ROOT = Path(__file__).resolve().parents[2]


def test_schema_editions_match_the_registry() -> None:
    common = json.loads((ROOT / "content/schemas/common.schema.json").read_text())
    assert set(common["$defs"]["edition"]["enum"]) == set(EDITIONS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_declared_type_name_exists(game: str) -> None:
    v = vocabulary(game)

    def known(t: str) -> bool:
        if "|" in t:
            return all(known(part) for part in t.split("|"))
        inner = element_type(t)
        return t in v.types or (inner is not None and inner != t and known(inner))

    for event in v.events.values():
        for field, t in event.payload.items():
            assert known(t), f"{event.name}.{field}: {t}"
        if event.value_type:
            assert known(event.value_type), event.name
    for type_decl in v.types.values():
        for attr, t in type_decl.attributes.items():
            assert known(t), f"{type_decl.name}.{attr}: {t}"
    for effect in v.effects.values():
        for prep, t in effect.params.items():
            assert known(t), f"{effect.name} {prep}: {t}"
    for const in v.constants.values():
        assert known(const.type), const.name
    for kind, names in v.contexts.items():
        for name, t in names.items():
            assert known(t), f"{kind}: {name}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_names_are_kebab_case_and_not_keywords(game: str) -> None:
    from nuffle.dsl.parser import KEYWORDS

    v = vocabulary(game)
    for names in (v.events, v.effects, v.parameters, v.constants, v.queries, v.scopes):
        for name in names:
            assert name == name.lower() and "_" not in name and " " not in name, name
            assert name not in KEYWORDS, name


def test_events_and_constants_do_not_collide() -> None:
    for game in GAMES:
        v = vocabulary(game)
        assert not set(v.constants) & set(v.parameters)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_argument_and_field_names_are_words(game: str) -> None:
    """Python keyword dodges (`with_`, `from_`) must not leak into the language."""
    v = vocabulary(game)
    word = re.compile(r"^[a-z][a-z0-9]*([- ][a-z0-9]+)*$")
    for effect in v.effects.values():
        assert all(word.match(p) for p in effect.params), (effect.name, list(effect.params))
    for event in v.events.values():
        assert all(word.match(f) for f in event.payload), (event.name, list(event.payload))
    for type_decl in v.types.values():
        assert all(word.match(a) for a in type_decl.attributes), type_decl.name


def test_table_categories_match_the_schema_and_name_real_events() -> None:
    schema = json.loads((ROOT / "content/schemas/table.schema.json").read_text())
    declared: set[str] = set()
    for game in GAMES:
        v = vocabulary(game)
        for category, (event, _doc) in v.table_categories.items():
            assert event in v.events, (game, category, event)
            declared.add(category)
    assert set(schema["properties"]["category"]["enum"]) == declared


CONTENT_KINDS_WITH_NAMES = ("ability", "ball", "challenge-card", "coach-trait")


# Blood Bowl skills whose id is also a rules word (the Block action, a Dodge roll...): a rule
# naming the word means that same string either way (ruling bb-skill-ids-rules-words).
SHARED_WORDS = {"blood-bowl": {"block", "catch", "dodge", "kick", "leap", "pass",
                               "secret-weapon", "throw-team-mate"}}


def test_the_engine_names_no_content_item() -> None:
    """Principle 2: abilities, balls, cards and traits are content, never vocabulary (each
    game's rules name its own game's content)."""
    from nuffle.catalogue.loader import load_catalogue

    catalogue, _, _ = load_catalogue()
    for game in GAMES:
        ids = {i.id for kind in CONTENT_KINDS_WITH_NAMES for i in catalogue.of_kind(kind, game)}
        ids |= {c.data["bonus_play"]["id"] for c in catalogue.of_kind("challenge-card", game)
                if "bonus_play" in c.data}
        v = vocabulary(game)
        declared = set(v.constants) | set(v.events) | set(v.effects) | set(v.queries) \
            | set(v.parameters)
        shared = SHARED_WORDS.get(game, set())
        assert not (declared & ids) - shared, (game, sorted((declared & ids) - shared))
        assert shared <= set(v.constants)  # only enum words, whose value is the same word
