"""The Blood Bowl team lists (PBBL 1.10, 004_2450e8f2c1aa331e.txt) and the skills their
positions start with; and ids that are unique within a game, not across games.

The expected values below were read by hand: quantity, title, cost, skills and skill
categories from the seed's team lists (Human Teams, page 55; Orc Teams, page 57), MA, ST,
AG and AV from the reference file blood-bowl-rosters-lrb5.csv (ruling
bb-roster-characteristics), categories of the skills from the skill descriptions (pages
25-30: "Bone-head (Extraordinary)").
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from nuffle.interpreter.vocabulary import EDITIONS

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.model import AmbiguousId
from nuffle.i18n.entries import content_entries
from nuffle.paths import content_dir, schema_dir

BB = "blood-bowl"
HUMAN = content_dir() / "blood-bowl" / "teams" / "human.yaml"
BLITZ_HUMAN = content_dir() / "blitz-bowl" / "teams" / "human.yaml"


@pytest.fixture(scope="module")
def cat():
    catalogue, diags, _ = load_catalogue()
    assert diags == []
    return catalogue


def only(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, f"expected {code}, got {[(d.code, d.message) for d in diags]}"
    return found[0]


def check_changed(path: Path, old: str, new: str):
    """`nuffle check` of one bundled file with ``old`` replaced by ``new``."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    _, diags, _ = load_catalogue([path], overrides={path: text.replace(old, new)})
    return diags


def test_the_two_teams_load_and_validate(cat) -> None:
    for team_id, positions in (("human", ["lineman", "catcher", "thrower", "blitzer", "ogre"]),
                               ("orc", ["lineman", "goblin", "thrower", "black-orc-blocker",
                                        "blitzer", "troll"])):
        team = cat.get("team", team_id, BB)
        assert team is not None and team.schema_ok and team.edition == "pbbl-1-10"
        assert [p["id"] for p in team.data["positions"]] == positions
        assert team.data["apothecary"] is True  # page 18: not Khemri, Necromantic, Nurgle, Undead
    assert cat.get("team", "human", BB).data["reroll_cost"] == 50_000  # page 55
    assert cat.get("team", "orc", BB).data["reroll_cost"] == 60_000  # page 57
    assert cat.get("team", "human", BB).data["source"]["page"] == "Human Teams, page 55"


# (team, position, max, cost, MA, ST, AG, AV, skills, normal, double), by hand:
HAND_CHECKED = [
    # page 55: "0-1 Ogre 140, Loner, Bone-head, Mighty Blow, Thick Skull, Throw Team-mate",
    # its categories "S GAP" printed after the Star Players; CSV: Human,Ogre,...,5,5,2,9
    ("human", "ogre", 1, 140_000, 5, 5, 2, 9,
     ["loner", "bone-head", "mighty-blow", "thick-skull", "throw-team-mate"],
     ["strength"], ["general", "agility", "passing"]),
    # page 55: "0-4 Catchers 70, Catch, Dodge GA SP"; CSV: Human,Catcher,...,8,2,3,7
    ("human", "catcher", 4, 70_000, 8, 2, 3, 7, ["catch", "dodge"],
     ["general", "agility"], ["strength", "passing"]),
    # page 57: "0-1 Troll 110, Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration,
    # Throw Team-mate S GAP"; CSV: Orc,Troll,...,4,5,1,9
    ("orc", "troll", 1, 110_000, 4, 5, 1, 9,
     ["loner", "always-hungry", "mighty-blow", "really-stupid", "regeneration",
      "throw-team-mate"], ["strength"], ["general", "agility", "passing"]),
    # page 57: "0-4 Goblins 40, Right Stuff, Dodge, Stunty A GSP"; CSV: Orc,Goblin,...,6,2,3,7
    ("orc", "goblin", 4, 40_000, 6, 2, 3, 7, ["right-stuff", "dodge", "stunty"],
     ["agility"], ["general", "strength", "passing"]),
]


@pytest.mark.parametrize("row", HAND_CHECKED, ids=[f"{r[0]}/{r[1]}" for r in HAND_CHECKED])
def test_position_matches_the_seed_and_the_reference_file(cat, row) -> None:
    team, pos_id, qty, cost, ma, st, ag, av, skills, normal, double = row
    pos = next(p for p in cat.get("team", team, BB).data["positions"] if p["id"] == pos_id)
    assert (pos["max"], pos["cost"]) == (qty, cost)
    assert (pos["movement"], pos["strength"], pos["agility"], pos["armour_value"]) == \
        (ma, st, ag, av)
    assert (pos["skills"], pos["normal"], pos["double"]) == (skills, normal, double)


SKILL_CATEGORIES = {
    "always-hungry": "extraordinary", "block": "general", "bone-head": "extraordinary",
    "catch": "agility", "dodge": "agility", "loner": "extraordinary", "mighty-blow": "strength",
    "pass": "passing", "pro": "general", "really-stupid": "extraordinary",
    "regeneration": "extraordinary", "right-stuff": "extraordinary", "stab": "extraordinary",
    "stunty": "extraordinary", "sure-hands": "general", "thick-skull": "strength",
    "throw-team-mate": "extraordinary",
}


def test_every_blood_bowl_skill_has_its_printed_category(cat) -> None:
    skills = cat.of_kind("ability", BB)
    assert {s.id: s.data.get("category") for s in skills} == SKILL_CATEGORIES
    assert all(s.data["text_source"] == "printed" for s in skills)
    used = {a for t in cat.of_kind("team", BB) for p in t.data["positions"] for a in p["skills"]}
    assert used == set(SKILL_CATEGORIES) - {"pro", "stab"}  # those two: the prayers' skills


def test_printed_skill_text_with_extraction_damage_mended(cat) -> None:
    text = cat.get("ability", "thick-skull", BB).data["text"]
    # the seed: "as a Stunned result rather than a KO d result"
    assert "rather than a KO'd result" in text
    assert cat.get("ability", "block", BB).data["text"] == (
        "The Block skill, if used, affects the results rolled with the Block dice, as explained "
        "in the Blocking rules.")


def test_a_misspelt_skill_is_an_unknown_ability_with_a_hint() -> None:
    diags = check_changed(HUMAN, "skills: [block]", "skills: [blok]")
    diag = only(diags, "R402")
    assert diag.message == "unknown ability `blok`" and diag.hint == "did you mean `block`?"
    assert HUMAN.read_text(encoding="utf-8").split("\n")[diag.line - 1].strip() == \
        "skills: [block]"


def test_a_blitz_bowl_skill_is_not_a_blood_bowl_skill() -> None:
    """Skills are looked up in the team's game: a Blitz Bowl ability is unknown here."""
    diag = only(check_changed(HUMAN, "skills: [block]", "skills: [headbutt]"), "R402")
    assert diag.message == "unknown ability `headbutt`"


def test_costs_are_multiples_of_ten_thousand() -> None:
    diag = only(check_changed(HUMAN, "cost: 90000", "cost: 95000"), "S306")
    assert "multiple of 10000" in diag.message and "positions.3.cost" in diag.message
    assert only(check_changed(HUMAN, "reroll_cost: 50000", "reroll_cost: 55000"), "S306")


def test_blood_bowl_teams_have_no_player_count_rule() -> None:
    """R405 (6 to 11 players) is Blitz Bowl's: a Blood Bowl list allows up to 16 of a
    position."""
    assert check_changed(HUMAN, "max: 4\n    cost: 70000", "max: 16\n    cost: 70000") == []


def test_a_blitz_bowl_team_still_gets_r405() -> None:
    diags = check_changed(BLITZ_HUMAN, "count: 3", "count: 9")
    assert "12 players" in only(diags, "R405").message


def test_a_blitz_bowl_team_keeps_its_shape() -> None:
    diag = only(check_changed(BLITZ_HUMAN, "text_source:", "reroll_cost: 50000\ntext_source:"),
                "S302")
    assert diag.message == "unknown field `reroll_cost`"


def test_a_misspelt_edition_is_the_only_error() -> None:
    """A team with no valid edition but a Blood Bowl field is read as a Blood Bowl team."""
    diags = check_changed(HUMAN, "edition: pbbl-1-10", "edition: pbbl-1-1")
    assert [(d.code, d.hint) for d in diags] == [("S304", "did you mean `pbbl-1-10`?")]


def test_the_schema_knows_the_blood_bowl_editions() -> None:
    common = json.loads((Path(schema_dir()) / "common.schema.json").read_text(encoding="utf-8"))
    assert set(common["$defs"]["blood-bowl-edition"]["enum"]) == \
        {e for e, game in EDITIONS.items() if game == BB}


# ---- ids are unique within a game ----------------------------------------------------

def test_the_same_id_in_two_games(cat) -> None:
    """Blitz Bowl and Blood Bowl each have a `human` and an `orc` team."""
    for team_id in ("human", "orc"):
        assert {t.game for t in cat.find("team", team_id)} == {"blitz-bowl", BB}
        assert cat.get("team", team_id, "blitz-bowl").edition == "blitz-bowl-s2"
        with pytest.raises(AmbiguousId):
            cat.get("team", team_id)
    assert cat.get("team", "dwarf").game == "blitz-bowl"  # one game only: no game needed


TEAM = """\
    kind: team
    id: {id}
    name: Probe
    edition: {edition}
    source: {{seed: 004_2450e8f2c1aa331e.txt, page: "Human Teams, page 55"}}
    text: A probe.
    text_source: project
    reroll_cost: 50000
    apothecary: true
    positions:
      - {{id: lineman, name: Lineman, max: 16, cost: 50000, movement: 6, strength: 3,
          agility: 3, armour_value: 8, skills: [], normal: [general], double: [agility]}}
    """


def test_a_blood_bowl_team_may_reuse_a_blitz_bowl_id(tmp_path: Path) -> None:
    path = tmp_path / "dwarf.yaml"
    path.write_text(textwrap.dedent(TEAM.format(id="dwarf", edition="pbbl-1-10")),
                    encoding="utf-8")
    catalogue, diags, _ = load_catalogue([path])
    assert diags == []
    assert catalogue.get("team", "dwarf").game == BB


@pytest.mark.parametrize("edition", ["pbbl-1-10", "lrb6"])  # one game, two editions
def test_the_same_id_twice_in_one_game_is_r401(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "orc.yaml"
    path.write_text(textwrap.dedent(TEAM.format(id="orc", edition=edition)), encoding="utf-8")
    _, diags, _ = load_catalogue([path])
    diag = only(diags, "R401")
    assert diag.message == "duplicate team id `orc`"
    assert diag.hint == "also defined in content/blood-bowl/teams/orc.yaml"


def test_references_resolve_in_the_game_of_the_item_that_makes_them() -> None:
    """A Blitz Bowl team cannot start with a Blood Bowl skill, and a Blood Bowl ruling
    cannot apply to a Blitz Bowl team."""
    diag = only(check_changed(BLITZ_HUMAN, "[catchers-instincts]", "[dodge]"), "R402")
    assert diag.message == "unknown ability `dodge`"
    ruling = content_dir() / "rulings" / "bb-roster-characteristics.yaml"
    diag = only(check_changed(ruling, "[team/human, team/orc]", "[team/human, team/dwarf]"),
                "R402")
    assert diag.message == "unknown team `dwarf`"


def test_shared_ids_get_their_own_translation_contexts(cat) -> None:
    contexts = [e.context for e in content_entries(cat)]
    assert len(contexts) == len(set(contexts))
    assert "team/orc/positions/black-orc-blocker/name" in contexts  # Blitz Bowl's, unchanged
    assert "blood-bowl:team/orc/positions/troll/name" in contexts
    assert "ability/mighty-blow/text" in contexts  # a Blood Bowl id no other game has
