"""The Blood Bowl team lists and Star Players (PBBL 1.10, 004_2450e8f2c1aa331e.txt) and
the skills their players start with; and ids that are unique within a game, not across games.

The expected values below were read by hand: quantity, title, cost, skills and skill
categories from the seed's team lists (pages 52-58) and Star Players (pages 59-60), MA, ST,
AG and AV from the reference files blood-bowl-rosters-lrb5.csv and
blood-bowl-star-players-lrb5.csv (rulings bb-roster-characteristics and
bb-star-player-characteristics), categories of the skills from the skill descriptions
(pages 25-30: "Bone-head (Extraordinary)"). Every team list and Star Player is also compared
with the seed's rows, copied verbatim below (PRINTED, STAR_ROWS); that they are verbatim is
checked against the seed file where it is available (NUFFLE_SEEDS, default
/work/shared/seeds), and skipped otherwise.
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from pathlib import Path

import pytest
from nuffle.interpreter.blood_bowl.draft import BUDGET, draft
from nuffle.interpreter.blood_bowl.ruleset import load_ruleset
from nuffle.interpreter.vocabulary import EDITIONS

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.model import AmbiguousId
from nuffle.i18n.entries import content_entries
from nuffle.paths import content_dir, schema_dir

BB = "blood-bowl"
HUMAN = content_dir() / "blood-bowl" / "teams" / "human.yaml"
BLITZ_HUMAN = content_dir() / "blitz-bowl" / "teams" / "human.yaml"
STARS = content_dir() / "blood-bowl" / "star-players"
SEEDS = Path(os.environ.get("NUFFLE_SEEDS", "/work/shared/seeds"))
PBBL_SEED = SEEDS / "004_2450e8f2c1aa331e.txt"
TEAM_IDS = ["amazon", "chaos", "chaos-dwarf", "dark-elf", "dwarf", "elf", "goblin", "halfling",
            "high-elf", "human", "khemri", "lizardman", "necromantic", "norse", "nurgle", "ogre",
            "orc", "skaven", "undead", "vampire", "wood-elf"]  # page 52: "the 21 official races"


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
    # page 53: "0-1 Deathroller 160, Break Tackle, Dirty Player, Juggernaut, Mighty Blow, No
    # Hands, Secret Weapon, Stand Firm GS S AP GAP" (no Loner; its categories the second of
    # each column); CSV: Dwarf,Deathroller,1,160000,4,7,1,10,Loner; Break Tackle;...
    ("dwarf", "deathroller", 1, 160_000, 4, 7, 1, 10,
     ["break-tackle", "dirty-player", "juggernaut", "mighty-blow", "no-hands", "secret-weapon",
      "stand-firm"], ["strength"], ["general", "agility", "passing"]),
    # page 53: "0-2 Throwers 90, Pass GAP S"; the CSV has no Dark Elf Thrower: its Dark Elf
    # Lineman's 6,3,4,8 (ruling)
    ("dark-elf", "thrower", 2, 90_000, 6, 3, 4, 8, ["pass"], ["general", "agility", "passing"],
     ["strength"]),
    # page 55: "0-4 Mummies 120, Mighty Blow, Regeneration GS AP"; the CSV's Khemri list has
    # Tomb Guardians: its Undead Mummy's 3,5,1,9 (ruling)
    ("khemri", "mummy", 4, 120_000, 3, 5, 1, 9, ["mighty-blow", "regeneration"],
     ["general", "strength"], ["agility", "passing"]),
    # page 56: "0-1 Snow Troll 120, Loner, Claws, Disturbing Presence, Frenzy, Wild Animal",
    # "S GAP" after the Star Players; CSV: Norse,Yhetee,1,140000,5,5,1,8
    ("norse", "snow-troll", 1, 120_000, 5, 5, 1, 8,
     ["loner", "claws", "disturbing-presence", "frenzy", "wild-animal"], ["strength"],
     ["general", "agility", "passing"]),
    # page 57: "0-16 Snotlings 20, Dodge, Right Stuff, Side A GSP Step, Stunty, Titchy";
    # CSV: Ogre,Snotling,16,20000,5,1,3,5
    ("ogre", "snotling", 16, 20_000, 5, 1, 3, 5,
     ["dodge", "right-stuff", "side-step", "stunty", "titchy"], ["agility"],
     ["general", "strength", "passing"]),
    # page 57: "0-4 Runners 90, Dodge GA SPM"; CSV: Skaven,Gutter Runner,4,80000,9,2,4,7
    ("skaven", "runner", 4, 90_000, 9, 2, 4, 7, ["dodge"], ["general", "agility"],
     ["strength", "passing", "mutation"]),
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
    skills = {s.id: s for s in cat.of_kind("ability", BB)}
    assert {i: skills[i].data.get("category") for i in SKILL_CATEGORIES} == SKILL_CATEGORIES
    assert all(s.data["text_source"] == "printed" for s in skills.values())


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
    assert cat.get("team", "lizardmen").game == "blitz-bowl"  # one game only: no game needed


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
    path = tmp_path / "lizardmen.yaml"  # Blitz Bowl's; Blood Bowl's is `lizardman`
    path.write_text(textwrap.dedent(TEAM.format(id="lizardmen", edition="pbbl-1-10")),
                    encoding="utf-8")
    catalogue, diags, _ = load_catalogue([path])
    assert diags == []
    assert catalogue.get("team", "lizardmen").game == BB


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
    diag = only(check_changed(ruling, "[team/amazon,", "[team/lizardmen,"), "R402")
    assert diag.message == "unknown team `lizardmen`"


def test_shared_ids_get_their_own_translation_contexts(cat) -> None:
    contexts = [e.context for e in content_entries(cat)]
    assert len(contexts) == len(set(contexts))
    assert "team/orc/positions/black-orc-blocker/name" in contexts  # Blitz Bowl's, unchanged
    assert "blood-bowl:team/orc/positions/troll/name" in contexts
    assert "ability/mighty-blow/text" in contexts  # a Blood Bowl id no other game has


# ---- every team list against the seed's printed rows ------------------------------------

# The rows of each team list as pages 52-58 print them, copied verbatim from the seed (its
# text extraction lost the MA, ST, AG and AV columns and apostrophes, and scrambled some
# rows: READINGS), from the first row to the end of the Star Players, with the skill
# categories printed after them where there are any. team -> (page, rows)
PRINTED = {
    "amazon": (52, """
        0-16 Linewomen 50, Dodge G ASP
        0-2 Catchers 70, Dodge, Catch GA SP
        0-2 Throwers 70, Dodge, Pass GP AS
        0-4 Blitzers 90, Dodge, Block GS AP
        0-8 Re-roll counters: 50,000 gold pieces each
        Star Players available for Inducement: Helmut Wulf, Morg n Thorg, Thrud, Zara the Slayer
        """),
    "chaos": (52, """
        0-16 Beastmen 60, Horns GSM AP
        0-4 Chaos Warriors 100, None GSM AP
        0-1 Minotaur 150, Loner, Frenzy, Horns, Mighty Blow, Thick Skull, Wild Animal
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Brick Far th & Grotty, Grashnak Blackhoof,
        Lord Borak the Despoiler, Max Spleenripper, Morg n Thorg, Ripper Bolgrot,
        Scrappa Sorehead, Thrud S GAPM
        """),
    "chaos-dwarf": (52, """
        0-16 Hobgoblins 40, None G ASP
        0-6 Chaos Dwarf 70, Block, Tackle, Thick Skull GS APM Blockers
        0-2 Bull Centaurs 130, Sprint, Sure Feet, Thick Skull GS AP
        0-1 Minotaur 150, Loner, Frenzy, Horns, Mighty Blow, Thick Skull, Wild S GAPM Animal
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Grashnak Blackhoof, Hthark the Unstoppable,
        Morg n Thorg, Nobbla Blackwart, Thrud, Zzharg Madeye
        """),
    "dark-elf": (53, """
        0-16 Linemen 70, None GA SP
        0-2 Assassins 90, Shadowing, Stab GA SP
        0-2 Throwers 90, Pass GAP S
        0-4 Blitzers 100, Block GA SP
        0-2 Witch Elves 110, Frenzy, Dodge, Jump Up GA SP
        0-8 Re-roll counters: 50,000 gold pieces each
        Star Players available for Inducement: Eldril Sidewinder, Hubris Rakarth,
        Horkon Heartripper, Morg n Thorg, Thrud
        """),
    "dwarf": (53, """
        0-16 Blockers 70, Block, Tackle, Thick Skull GS AP
        0-2 Runners 80, Sure Hands, Thick Skull GP AS
        0-2 Blitzers 80, Block, Thick Skull GS AP
        0-2 Troll Slayers 90, Block, Dauntless, Frenzy, Thick Skull
        0-1 Deathroller 160, Break Tackle, Dirty Player, Juggernaut, Mighty Blow, No Hands,
        Secret Weapon, Stand Firm GS S AP GAP
        0-8 Re-roll counters: 40,000 gold pieces each
        Star Players available for Inducement: Barik Farblast, Boomer Eziasson,
        Flint Churnblade, Grim Ironjaw, Morg n Thorg, Thrud, Zara the Slayer
        """),
    "elf": (53, """
        0-16 Linemen 60, None GA SP
        0-2 Throwers 70, Pass GAP S
        0-4 Catchers 100, Catch, Nerves of Steel GA SP
        0-2 Blitzers 110, Block, Side Step GA SP
        0-8 Re-roll counters: 50,000 gold pieces each
        Star Players available for Inducement: Eldril Sidewinder, Hubris Rakarth,
        Jordell Freshbreeze, Morg n Thorg, Prince Moranion, Thrud
        """),
    "goblin": (54, """
        0-16 Goblin 40, Dodge, Right Stuff, Stunty A GSP
        0-1 Bombardier 40, Bombardier, Dodge, No A GSP Hands, Secret Weapon, Stunty
        0-1 Pogoer 40, Dirty Player, Dodge, Leap, Secret Weapon, Sprint, Stunty
        0-1 Looney 40, Chainsaw, No Hands, Secret Weapon, Stunty
        0-1 Fanatic 70, Ball & Chain, No Hands, Secret Weapon, Stunty
        0-2 Trolls 110, Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration,
        Throw Team-mate A A S S GSP GSP GAP GAP
        0-8 Re-roll counters: 60,000 gold pieces each
        Star Players available for Inducement: Bomber Dribblesnot, Brick Far th & Grotty,
        Fungus the Loon, Morg n Thorg, Nobbla Blackwart, Ripper Bolgrot, Scrappa Sorehead,
        Thrud, Varag Ghoul-Chewer
        """),
    "halfling": (54, """
        0-16 Halflings 30, Dodge, Right Stuff, Stunty A GSP
        0-2 Treemen 120, Loner, Mighty Blow, Stand S GAP Firm, Take Root, Thick Skull,
        Throw Team-mate
        0-8 Re-roll counters: 60,000 gold pieces each
        Star Players available for Inducement: Deeproot Strongbranch, Morg n Thorg,
        Puggy Baconbreath, Thrud
        """),
    "high-elf": (54, """
        0-16 Linemen 70, None GA SP
        0-2 Throwers 80, Pass GAP S
        0-4 Catchers 90, Catch GA SP
        0-2 Blitzers 100, Block GA SP
        0-8 Re-roll counters: 50,000 gold pieces each
        Star Players available for Inducement: Eldril Sidewinder, Morg n Thorg,
        Prince Moranion, Thrud
        """),
    "human": (55, """
        0-16 Linemen 50, None G ASP
        0-4 Catchers 70, Catch, Dodge GA SP
        0-2 Throwers 70, Sure Hands, Pass GP AS
        0-4 Blitzers 90, Block GS AP
        0-1 Ogre 140, Loner, Bone-head, Mighty Blow, Thick Skull, Throw Team-mate
        0-8 Re-roll counters: 50,000 gold pieces each
        Star Players available for Inducement: Count Luthor von Drakenborg, Griff Oberwald,
        Helmut Wulf, Mighty Zug, Morg n Thorg, Puggy Baconbreath, Thrud, Zara the Slayer
        S GAP
        """),
    "khemri": (55, """
        0-16 Skeletons 30, Regeneration G ASP
        0-2 Thro-Ras 60, Pass, Regeneration, Sure Hands GP AS
        0-2 Blitz-Ras 90, Block, Regeneration GS AP
        0-4 Mummies 120, Mighty Blow, Regeneration GS AP
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Hack Enslash, Morg n Thorg, Ramtut III, Thrud
        """),
    "lizardman": (55, """
        0-16 Skinks 60, Dodge, Stunty A GSP
        0-6 Saurus 80, None GS AP
        0-1 Kroxigor 140, Loner, Bone-head, Mighty Blow, Prehensile Tail, Thick Skull
        0-8 Re-roll counters: 60,000 gold pieces each
        Star Players available for Inducement: Helmut Wulf, Morg n Thorg, Silibili, Thrud
        S GAP
        """),
    "necromantic": (56, """
        0-16 Zombies 40, Regeneration G ASP
        0-2 Ghouls 70, Dodge GA SP
        0-2 Wights 90, Block, Regeneration G ASP
        0-2 Flesh Golems 120, Regeneration, Stand Firm, Thick Skull GS AP
        0-2 Werewolves 120, Claws, Frenzy, Regeneration GA SP
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Count Luthor von Drakenborg, Hack Enslash,
        Morg n Thorg, Ramtut III, Thrud
        """),
    "norse": (56, """
        0-16 Linemen 50, Block G ASP
        0-2 Catchers 70, Block, Catch GA SP
        0-2 Throwers 70, Block, Pass GP AS
        0-4 Berserkers 90, Block, Frenzy, Jump Up GS AP
        0-1 Snow Troll 120, Loner, Claws, Disturbing Presence, Frenzy, Wild Animal
        0-8 Re-roll counters: 60,000 gold pieces each
        Star Players available for Inducement: Helmut Wulf, Icepelt Hammerblow,
        Morg n Thorg, Thrud, Zara the Slayer S GAP
        """),
    "nurgle": (56, """
        0-16 Rotters 40, Decay, Nurgle s Rot GM ASP
        0-4 Pestigors 80, Horns, Nurgle s Rot, GSM AP Regeneration
        0-4 Nurgle Warriors 110, Disturbing Presence, Foul Appearance, Nurgle s Rot,
        Regeneration
        0-1 Beast of Nurgle 140, Loner, Disturbing Presence, Foul Appearance, Mighty Blow,
        Nurgle s Rot, Really Stupid, Regeneration, Tentacles GSM
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Brick Far th & Grotty, Grashnak Blackhoof,
        Lord Borak the Despoiler, Max Spleenripper, Morg n Thorg, Ripper Bolgrot, Thrud
        S AP GAPM
        """),
    "ogre": (57, """
        0-16 Snotlings 20, Dodge, Right Stuff, Side A GSP Step, Stunty, Titchy
        0-6 Ogres 140, Bone-head, Mighty Blow, Thick Skull, Throw Teammate
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Brick Far th & Grotty, Morg n Thorg,
        Nobbla Blackwart, Scrappa Sorehead, Thrud S GAP
        """),
    "orc": (57, """
        0-16 Linemen 50, None G ASP
        0-4 Goblins 40, Right Stuff, Dodge, Stunty A GSP
        0-2 Throwers 70, Sure Hands, Pass GP AS
        0-4 Black Orc Blockers 80, None GS AP
        0-4 Blitzers 80, Block GS AP
        0-1 Troll 110, Loner, Always Hungry, Mighty Blow, Really Stupid, Regeneration,
        Throw Team-mate S GAP
        0-8 Re-roll counters: 60,000 gold pieces each
        Star Players available for Inducement: Bomber Dribblesnot, Brick Far th & Grotty,
        Fungus the Loon, Morg n Thorg, Nobbla Blackwart, Ripper Bolgrot, Scrappa Sorehead,
        Thrud, Ugroth Bolgrot, Varag Ghoul-Chewer
        """),
    "skaven": (57, """
        0-16 Linemen 50, None G ASPM
        0-2 Throwers 70, Pass, Sure Hands GP ASM
        0-4 Runners 90, Dodge GA SPM
        0-2 Blitzers 90, Block GS APM
        0-1 Rat Ogre 160, Loner, Frenzy, Mighty Blow, Prehensile Tail, Wild Animal S GAPM
        0-8 Re-roll counters: 60,000 gold pieces each
        Star Players available for Inducement: Hakflem Skuttlespike, Headsplitter,
        Morg n Thorg, Skitter Stab-Stab, Thrud
        """),
    "undead": (58, """
        0-16 Skeletons 30, Regeneration G ASP
        0-16 Zombies 40, Regeneration G ASP
        0-4 Ghouls 70, Dodge GA SP
        0-2 Wights 90, Block, Regeneration G ASP
        0-2 Mummies 120, Mighty Blow, Regeneration GS AP
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Count Luthor von Drakenborg, Hack Enslash,
        Morg n Thorg, Ramtut III, Thrud
        """),
    "vampire": (58, """
        0-16 Thralls 40, None G ASP
        0-6 Vampires 110, Blood Lust, Hypnotic Gaze, Regeneration GAS P
        0-8 Re-roll counters: 70,000 gold pieces each
        Star Players available for Inducement: Count Luthor von Drakenborg, Helmut Wulf,
        Morg n Thorg, Thrud
        """),
    "wood-elf": (58, """
        0-16 Linemen 70, None GA SP
        0-4 Catchers 90, Catch, Dodge GA SP
        0-2 Throwers 90, Pass GAP S
        0-2 Wardancers 120, Block, Dodge, Leap GA SP
        0-8 Re-roll counters: 50,000 gold pieces each
        Star Players available for Inducement: Deeproot Strongbranch, Eldril Sidewinder,
        Jordell Freshbreeze, Morg n Thorg, Thrud
        """),
}

# How the scrambled rows are read (ruling bb-roster-characteristics): (as printed, as read),
# each printed text found exactly once. Categories printed away from their row move to it;
# grouped categories are read in column order (the Normal column, then the Double column).
READINGS = {
    "chaos": [("Wild Animal 0-8", "Wild Animal S GAPM 0-8"), ("Thrud S GAPM", "Thrud")],
    "chaos-dwarf": [
        ("0-6 Chaos Dwarf 70, Block, Tackle, Thick Skull GS APM Blockers",
         "0-6 Chaos Dwarf Blockers 70, Block, Tackle, Thick Skull GS APM"),
        ("Wild S GAPM Animal", "Wild Animal S GAPM")],
    "dwarf": [("Thick Skull 0-1 Deathroller", "Thick Skull GS AP 0-1 Deathroller"),
              ("Stand Firm GS S AP GAP", "Stand Firm S GAP")],
    "goblin": [("No A GSP Hands, Secret Weapon, Stunty", "No Hands, Secret Weapon, Stunty A GSP"),
               ("Stunty 0-1 Looney", "Stunty A GSP 0-1 Looney"),
               ("Stunty 0-1 Fanatic", "Stunty A GSP 0-1 Fanatic"),
               ("Stunty 0-2 Trolls", "Stunty S GAP 0-2 Trolls"),
               ("Throw Team-mate A A S S GSP GSP GAP GAP", "Throw Team-mate S GAP")],
    "halfling": [("Stand S GAP Firm, Take Root, Thick Skull, Throw Team-mate",
                  "Stand Firm, Take Root, Thick Skull, Throw Team-mate S GAP")],
    "human": [("Throw Team-mate 0-8", "Throw Team-mate S GAP 0-8"),
              ("Zara the Slayer S GAP", "Zara the Slayer")],
    "lizardman": [("Thick Skull 0-8", "Thick Skull S GAP 0-8"), ("Thrud S GAP", "Thrud")],
    "norse": [("Wild Animal 0-8", "Wild Animal S GAP 0-8"),
              ("Zara the Slayer S GAP", "Zara the Slayer")],
    "nurgle": [("Nurgle s Rot, GSM AP Regeneration", "Nurgle s Rot, Regeneration GSM AP"),
               ("Regeneration 0-1 Beast", "Regeneration GSM AP 0-1 Beast"),
               ("Tentacles GSM", "Tentacles S GAPM"), ("Thrud S AP GAPM", "Thrud")],
    "ogre": [("Side A GSP Step, Stunty, Titchy", "Side Step, Stunty, Titchy A GSP"),
             ("Throw Teammate 0-8", "Throw Teammate S GAP 0-8"), ("Thrud S GAP", "Thrud")],
}

CATEGORY = {"G": "general", "A": "agility", "S": "strength", "P": "passing", "M": "mutation"}
# printed skill names whose kebab-case is not the id: the extraction lost an apostrophe, the
# Ogre list prints "Throw Teammate", the id spells out the ampersand
SKILL_NAMES = {"Nurgle s Rot": "nurgles-rot", "Ball & Chain": "ball-and-chain",
               "Throw Teammate": "throw-team-mate"}
SINGULAR = {"Linemen": "Lineman", "Linewomen": "Linewoman", "Beastmen": "Beastman",
            "Treemen": "Treeman", "Mummies": "Mummy", "Werewolves": "Werewolf",
            "Witch Elves": "Witch Elf", "Saurus": "Saurus"}
STAR_NAMES = {"Thrud": "thrud-the-barbarian", "Brick Far th & Grotty": "brick-farth-and-grotty"}
ROW = re.compile(r"0-(?P<max>\d+) (?P<title>.+?) (?P<cost>\d+), (?P<skills>.+) "
                 r"(?P<normal>[GASPM]+) (?P<double>[GASPM]+)")
END = re.compile(r"0-8 Re-roll counters: (?P<reroll>\d+),000 gold pieces each "
                 r"Star Players available for Inducement: (?P<stars>.+)")


def kebab(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def skill_ids(printed: str) -> list[str]:
    return [] if printed == "None" else [SKILL_NAMES.get(s) or kebab(s)
                                         for s in printed.split(", ")]


def single_spaced(text: str) -> str:
    return " ".join(text.split())


def read_team_list(team: str) -> tuple[list[tuple], int, list[str]]:
    """The printed rows of a team list as (max, name, cost, skills, normal, double), its
    re-roll cost and its Star Players."""
    text = single_spaced(PRINTED[team][1])
    for printed, read in READINGS.get(team, []):
        assert text.count(printed) == 1, (team, printed)
        text = text.replace(printed, read)
    *rows, end = re.split(r" (?=0-\d+ )", text)
    out = []
    for row in rows:
        m = ROW.fullmatch(row)
        assert m, (team, row)
        title = m["title"]
        name = SINGULAR.get(title) or (title[:-1] if title.endswith("s") else title)
        out.append((int(m["max"]), name, int(m["cost"]) * 1000, skill_ids(m["skills"]),
                    [CATEGORY[c] for c in m["normal"]], [CATEGORY[c] for c in m["double"]]))
    m = END.fullmatch(end)
    assert m, (team, end)
    stars = [STAR_NAMES.get(s) or kebab(s) for s in m["stars"].split(", ")]
    return out, int(m["reroll"]) * 1000, stars


def seed_page(page: int) -> str:
    """One page of the PBBL seed (a line that starts with its number), single-spaced."""
    if not PBBL_SEED.is_file():
        pytest.skip(f"seed {PBBL_SEED} not available (set NUFFLE_SEEDS)")
    lines = PBBL_SEED.read_text(encoding="utf-8").splitlines()
    return single_spaced(next(line for line in lines if line.startswith(f"{page} ")))


def test_the_printed_rows_are_the_seeds() -> None:
    """Every team list's rows in PRINTED occur, as they are, on the page they cite."""
    for team, (page, rows) in PRINTED.items():
        assert single_spaced(rows) in seed_page(page), team


def test_there_are_21_team_lists(cat) -> None:
    assert sorted(PRINTED) == TEAM_IDS
    assert [t.id for t in cat.of_kind("team", BB)] == TEAM_IDS


@pytest.mark.parametrize("team", TEAM_IDS)
def test_every_team_list_is_the_printed_one(cat, team) -> None:
    """Quantities, names, costs, skills, categories, re-roll cost and Star Players as the
    seed prints them, position by position in the printed order."""
    rows, reroll, stars = read_team_list(team)
    data = cat.get("team", team, BB).data
    assert [(p["max"], p["name"], p["cost"], p["skills"], p["normal"], p["double"])
            for p in data["positions"]] == rows
    assert data["reroll_cost"] == reroll
    assert data["star_players"] == stars
    assert data["source"]["page"] == f"{data['name']} Teams, page {PRINTED[team][0]}"
    assert data["rulings"] == ["bb-roster-characteristics"]
    ids = [p["id"] for p in data["positions"]]
    assert len(ids) == len(set(ids)) and all(i == kebab(p["name"]) for i, p
                                             in zip(ids, data["positions"], strict=True))
    # page 18: "Khemri, Necromantic, Nurgle and Undead teams may not purchase or use an
    # Apothecary"
    assert data["apothecary"] is (team not in ("khemri", "necromantic", "nurgle", "undead"))


def test_the_roster_ruling_applies_to_every_team(cat) -> None:
    ruling = cat.get("ruling", "bb-roster-characteristics")
    assert ruling.data["applies_to"] == [f"team/{t}" for t in TEAM_IDS]


# ---- Star Players ---------------------------------------------------------------------

# Pages 59-60 as printed, verbatim: (page, name, teams, cost and skills). "Brick Far th &
# Grotty" are two players hired together: their row prints a note, the duo's cost, then
# each player's name and skills.
STAR_ROWS = [
    (59, "Barik Farblast", "Dwarf",
     "50, Loner, Block, Hail Mary Pass, Secret Weapon, Sure Hands, Thick Skull"),
    (59, "Brick Far th & Grotty", "Chaos, Goblin, Nurgle, Ogre or Orc",
     "(Note: you must have 2 slots open on your roster to induce this duo which counts only "
     "as one Star Player inducement) 290,000 Brick Far th Loner, Bone-head, Mighty Blow, "
     "Pro, Strong Arm, Thick Skull, Throw Team-mate Grotty Loner, Dodge, Right Stuff, Stunty"),
    (59, "Bomber Dribblesnot", "Goblin or Orc",
     "60, Loner, Accurate, Bombardier, Dodge, No Hands, Right Stuff, Secret Weapon, Stunty"),
    (59, "Boomer Eziasson", "Dwarf",
     "60, Loner, Accurate, Block, Bombardier, No Hands, Secret Weapon, Thick Skull"),
    (59, "Count Luthor Von Drakenborg", "Human, Necromantic, Undead, or Vampire",
     "390, Loner, Block, Dodge, Hypnotic Gaze, Regeneration"),
    (59, "Deeproot Strongbranch", "Halfling or Wood Elf",
     "250, Loner, Block, Mighty Blow, Stand Firm, Thick Skull, Throw Team-mate"),
    (59, "Eldril Sidewinder", "Dark Elf, Elf, High Elf or Wood Elf",
     "190, Loner, Dodge, Hypnotic Gaze, Jump Up, Leap, Pass Block, Sprint"),
    (59, "Flint Churnblade", "Dwarf",
     "70, Loner, Block, Chainsaw, No Hands, Secret Weapon, Thick Skull"),
    (59, "Fungus the Loon", "Orc or Goblin",
     "80, Loner, Ball & Chain, Mighty Blow, No Hands, Secret Weapon, Stunty"),
    (59, "Grashnak Blackhoof", "Chaos, Chaos Dwarf, Nurgle",
     "310, Loner, Frenzy, Horns, Mighty Blow, Thick Skull"),
    (59, "Griff Oberwald", "Human", "310, Loner, Block, Dodge, Fend, Sprint, Sure Feet"),
    (59, "Grim Ironjaw", "Dwarf",
     "220, Loner, Block, Dauntless, Frenzy, Mighty Blow, Thick Skull"),
    (59, "Hack Enslash", "Khemri, Necromantic or Undead",
     "90, Loner, Chainsaw, No Hands, Regeneration, Secret Weapon, Side Step"),
    (59, "Hakflem Skuttlespike", "Skaven",
     "240, Loner, Dodge, Extra Arms, Prehensile Tail, Two Heads"),
    (59, "Headsplitter", "Skaven", "340, Loner, Frenzy, Mighty Blow, Prehensile Tail"),
    (59, "Helmut Wulf", "Amazon, Human, Lizardman, Norse or Vampire",
     "80, Loner, Chainsaw, No Hands, Secret Weapon, Stand Firm"),
    (59, "Horkon Heartripper", "Dark Elf",
     "200, Loner, Dodge, Leap, Multiple Block, Shadowing, Stab"),
    (59, "Hthark the Unstoppable", "Chaos Dwarf",
     "280, Loner, Block, Break Tackle, Juggernaut, Sprint, Sure Feet, Thick Skull"),
    (59, "Hubris Rakarth", "Dark Elf or Elf",
     "250, Loner, Block, Dirty Player, Jump Up, Mighty Blow, Strip Ball"),
    (59, "Icepelt Hammerblow", "Norse",
     "340, Loner, Block, Claws, Disturbing Presence, Frenzy, Mighty Blow, Regeneration"),
    (59, "Jordell Freshbreeze", "Wood Elf or Elf",
     "230, Loner, Block, Diving Catch, Dodge, Leap, Side Step"),
    (59, "Lord Borak the Despoiler", "Chaos or Nurgle",
     "220, Loner, Block, Dirty Player, Mighty Blow"),
    (60, "Max Spleenripper", "Chaos or Nurgle", "90, Loner, Chainsaw, No Hands, Secret Weapon"),
    (60, "Mighty Zug", "Human", "180, Loner, Block, Mighty Blow"),
    (60, "Morg n Thorg", "Any Team",
     "430, Loner, Block, Mighty Blow, Thick Skull, Throw Team-mate"),
    (60, "Nobbla Blackwart", "Chaos Dwarf, Goblin, Ogre or Orc",
     "70, Loner, Block, Dodge, Chainsaw, No Hands, Secret Weapon, Stunty"),
    (60, "Prince Moranion", "Elf or High Elf", "220, Loner, Block, Dauntless, Tackle, Wrestle"),
    (60, "Puggy Baconbreath", "Halfling and Human",
     "150, Loner, Block, Dodge, Nerves of Steel, Right Stuff, Stunty"),
    (60, "Ramtut III", "Khemri, Necromantic or Undead",
     "320, Loner, Block, Break Tackle, Mighty Blow, Regeneration"),
    (60, "Ripper Bolgrot", "Chaos, Goblin, Orc or Nurgle",
     "220, Loner, Grab, Mighty Blow, Regeneration, Throw Team-mate"),
    (60, "Scrappa Sorehead", "Chaos, Goblin, Ogre or Orc",
     "50, Loner, Dirty Player, Dodge, Leap, Right Stuff, Secret Weapon, Sprint, Stunty, "
     "Sure Feet"),
    (60, "Silibili", "Lizardman", "200, Loner, Block, Grab, Guard, Stand Firm"),
    (60, "Skitter Stab-Stab", "Skaven", "160, Loner, Dodge, Prehensile Tail, Shadowing, Stab"),
    (60, "Thrud the Barbarian", "Any",
     "100, Loner, Block, Bone-head, Break Tackle, Easily Confused, Fan Favourite, Horns, "
     "Mighty Blow, Thick Skull"),
    (60, "Ugroth Bolgrot", "Orc", "70, Loner, Chainsaw, No Hands, Secret Weapon"),
    (60, "Varag Ghoul-Chewer", "Orc or Goblin",
     "230, Loner, Block, Jump Up, Mighty Blow, Pro, Thick Skull"),
    (60, "Zara the Slayer", "Amazon, Dwarf, Human or Norse",
     "270, Loner, Block, Dauntless, Dodge, Jump Up, Stab, Stakes"),
    (60, "Zzharg Madeye", "Chaos Dwarf",
     "60, Loner, Hail Mary Pass, Secret Weapon, Sure Hands, Tackle, Thick Skull"),
]
DUO = re.compile(r"\(Note: (?P<note>.+)\) (?P<cost>[\d,]+) (?P<players>.+)")


def star_id(printed: str) -> str:
    return STAR_NAMES.get(printed) or kebab(printed)


def printed_name(name: str) -> str:
    """A name as the seed's extraction prints it: its apostrophes gone."""
    return single_spaced(name.replace("'", " "))


def test_the_printed_star_rows_are_the_seeds() -> None:
    for page, name, teams, rest in STAR_ROWS:
        assert f"{name} {teams} {rest}" in seed_page(page), name


def test_there_are_38_star_players_and_each_team_list_names_only_them(cat) -> None:
    stars = [s.id for s in cat.of_kind("star-player", BB)]
    assert stars == sorted(star_id(row[1]) for row in STAR_ROWS) and len(stars) == 38
    named = {s for t in cat.of_kind("team", BB) for s in t.data["star_players"]}
    assert named == set(stars)  # no list names a Star Player pages 59-60 do not describe


@pytest.mark.parametrize("row", STAR_ROWS, ids=[star_id(r[1]) for r in STAR_ROWS])
def test_every_star_player_is_the_printed_one(cat, row) -> None:
    page, name, teams, rest = row
    star = cat.get("star-player", star_id(name), BB)
    assert star is not None and star.schema_ok
    data = star.data
    assert printed_name(data["name"]) == name
    assert data["source"]["page"] == f"Star Players, page {page}"
    assert data["rulings"] == ["bb-star-player-characteristics"]
    team_ids = {t.data["name"]: t.id for t in cat.of_kind("team", BB)}
    expected = TEAM_IDS if teams in ("Any Team", "Any") else \
        [team_ids[t] for t in re.split(r", or |, | or | and ", teams)]
    assert data["plays_for"] == expected
    duo = DUO.fullmatch(rest)
    if duo is None:
        cost, skills = rest.split(", ", 1)
        assert data["cost"] == int(cost) * 1000
        assert data["skills"] == skill_ids(skills)
        return
    assert data["cost"] == int(duo["cost"].replace(",", ""))
    assert data["text"] == f"{duo['note'][0].upper()}{duo['note'][1:]}."
    members = data["players"]
    names = "|".join(re.escape(printed_name(m["name"])) for m in members)
    parts = re.split(rf"(?:^| )({names}) ", duo["players"])[1:]
    assert [printed_name(m["name"]) for m in members] == parts[0::2]
    assert [m["skills"] for m in members] == [skill_ids(s) for s in parts[1::2]]


def test_star_players_and_team_lists_agree(cat) -> None:
    """A team list names a Star Player exactly when he plays for that team."""
    lists = {(t.id, s) for t in cat.of_kind("team", BB) for s in t.data["star_players"]}
    plays = {(team, s.id) for s in cat.of_kind("star-player", BB) for team in s.data["plays_for"]}
    assert lists == plays


# (star player, cost, MA, ST, AG, AV, skills), by hand: MA, ST, AG and AV from the CSV
STARS_HAND_CHECKED = [
    # page 59: "Griff Oberwald Human 310, Loner, Block, Dodge, Fend, Sprint, Sure Feet";
    # CSV: Griff Oberwald,320000,7,4,4,8
    ("griff-oberwald", 310_000, 7, 4, 4, 8,
     ["loner", "block", "dodge", "fend", "sprint", "sure-feet"]),
    # page 60: "Morg n Thorg Any Team 430, Loner, Block, Mighty Blow, Thick Skull, Throw
    # Team-mate"; CSV: Morg 'n' Thorg,430000,6,6,3,10
    ("morg-n-thorg", 430_000, 6, 6, 3, 10,
     ["loner", "block", "mighty-blow", "thick-skull", "throw-team-mate"]),
    # page 60: "Ripper Bolgrot ... 220, Loner, Grab, Mighty Blow, Regeneration, Throw
    # Team-mate"; CSV: Ripper,270000,4,6,1,9
    ("ripper-bolgrot", 220_000, 4, 6, 1, 9,
     ["loner", "grab", "mighty-blow", "regeneration", "throw-team-mate"]),
    # page 60: "Silibili Lizardman 200, Loner, Block, Grab, Guard, Stand Firm";
    # CSV: Slibli,250000,7,4,1,9
    ("silibili", 200_000, 7, 4, 1, 9, ["loner", "block", "grab", "guard", "stand-firm"]),
    # page 59: "Hakflem Skuttlespike Skaven 240, Loner, Dodge, Extra Arms, Prehensile Tail, Two
    # Heads"; CSV: Hakflem Skuttlespike,200000,9,3,4,7
    ("hakflem-skuttlespike", 240_000, 9, 3, 4, 7,
     ["loner", "dodge", "extra-arms", "prehensile-tail", "two-heads"]),
]


@pytest.mark.parametrize("row", STARS_HAND_CHECKED, ids=[r[0] for r in STARS_HAND_CHECKED])
def test_star_player_matches_the_seed_and_the_reference_file(cat, row) -> None:
    star_id_, cost, ma, st, ag, av, skills = row
    data = cat.get("star-player", star_id_, BB).data
    assert data["cost"] == cost
    assert (data["movement"], data["strength"], data["agility"], data["armour_value"]) == \
        (ma, st, ag, av)
    assert data["skills"] == skills


def test_the_star_players_no_source_gives_characteristics_for(cat) -> None:
    """The reference file has no Thrud and no Grotty (ruling bb-star-player-characteristics);
    Brick Far'th's are its "Brick Far'th",290000,5,5,2,9."""
    thrud = cat.get("star-player", "thrud-the-barbarian", BB).data
    assert not {"movement", "strength", "agility", "armour_value"} & set(thrud)
    brick, grotty = cat.get("star-player", "brick-farth-and-grotty", BB).data["players"]
    assert (brick["movement"], brick["strength"], brick["agility"], brick["armour_value"]) == \
        (5, 5, 2, 9)
    assert "movement" not in grotty


def test_the_ruleset_holds_the_star_players() -> None:
    ruleset = load_ruleset()
    assert len(ruleset.star_players) == 38
    assert ruleset.star_players_for("human")[:2] == ["count-luthor-von-drakenborg",
                                                      "griff-oberwald"]
    assert [p["id"] for p in ruleset.star_player_profiles("brick-farth-and-grotty")] == \
        ["brick-farth", "grotty"]
    assert ruleset.star_player_profiles("griff-oberwald")[0]["movement"] == 7
    assert sorted(s for s in ruleset.star_players if not ruleset.inducible(s)) == \
        ["brick-farth-and-grotty", "thrud-the-barbarian"]


def test_a_misspelt_star_player_skill_is_an_unknown_ability_with_a_hint() -> None:
    griff = STARS / "griff-oberwald.yaml"
    diag = only(check_changed(griff, "skills: [loner, block,", "skills: [loner, blok,"), "R402")
    assert diag.message == "unknown ability `blok`" and diag.hint == "did you mean `block`?"
    assert griff.read_text(encoding="utf-8").split("\n")[diag.line - 1].startswith("skills:")
    duo = STARS / "brick-farth-and-grotty.yaml"
    diag = only(check_changed(duo, "[loner, dodge, right-stuff,", "[loner, dodge, right-stuf,"),
                "R402")
    assert diag.message == "unknown ability `right-stuf`"
    assert diag.hint == "did you mean `right-stuff`?"


def test_a_star_player_plays_for_known_teams_only() -> None:
    griff = STARS / "griff-oberwald.yaml"
    diag = only(check_changed(griff, "plays_for: [human]", "plays_for: [humans]"), "R402")
    assert diag.message == "unknown team `humans`" and diag.hint == "did you mean `human`?"


def test_a_team_names_known_star_players_only() -> None:
    diag = only(check_changed(HUMAN, "griff-oberwald,", "grif-oberwald,"), "R402")
    assert diag.message == "unknown star-player `grif-oberwald`"
    assert diag.hint == "did you mean `griff-oberwald`?"


def test_a_star_player_has_all_four_characteristics_or_none() -> None:
    griff = STARS / "griff-oberwald.yaml"
    assert only(check_changed(griff, "strength: 4\n", ""), "S300")
    duo = STARS / "brick-farth-and-grotty.yaml"
    assert only(check_changed(duo, "plays_for:", "skills: [loner]\nplays_for:"), "S300")


# ---- the default draft of every team list ------------------------------------------------

@pytest.mark.parametrize("team", TEAM_IDS)
def test_every_team_list_drafts_a_legal_team(cat, team) -> None:
    """PBBL page 17, Buying players: 11 to 16 players, no more of a position than its
    quantity allows, all within 1,000,000 gold pieces (ruling bb-default-draft)."""
    data = cat.get("team", team, BB).data
    picks, rerolls = draft(data)
    players = sum(n for _, n in picks)
    spent = sum(p["cost"] * n for p, n in picks) + rerolls * data["reroll_cost"]
    assert 11 <= players <= 16, (team, players)
    assert all(0 < n <= p["max"] for p, n in picks), team
    assert spent <= BUDGET, (team, spent)
    assert rerolls >= 2, team  # the draft keeps two team re-rolls affordable
