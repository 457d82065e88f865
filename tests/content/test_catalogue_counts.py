"""Counts per content kind, and values spot-checked by hand against the seeds.

Expected values below were read from the seed files, not produced by the code:
- 003_ebf824c1784b0023.txt (Italian appendix "Squadre"): team rows;
- 000_ff9920886d8c191d.txt (Season 2): Human Catcher card, ball cards, coach traits table,
  Challenge cards, league points;
- 002_1746bd746c5d97e0.txt (BB2020) and 004_2450e8f2c1aa331e.txt (PBBL 1.10): tables.
"""

from __future__ import annotations

import pytest

from nuffle.catalogue.loader import load_catalogue


@pytest.fixture(scope="module")
def cat():
    catalogue, diags, _ = load_catalogue()
    assert diags == []
    return catalogue


def test_counts_per_kind(cat) -> None:
    counts = cat.counts()
    assert counts["team"] == 13 + 21  # Blitz Bowl; Blood Bowl's 21 team lists (PBBL 1.10)
    assert counts["star-player"] == 38  # PBBL 1.10 pages 59-60
    # Blitz Bowl abilities; Blood Bowl's 74 skills (PBBL 1.10 pages 25-30)
    assert counts["ability"] == 19 + 74
    skills = [a for a in cat.of_kind("ability", "blood-bowl")]
    assert len(skills) == 74
    by_category: dict[str, int] = {}
    for skill in skills:
        by_category[skill.data["category"]] = by_category.get(skill.data["category"], 0) + 1
    # the "(Category)" the seed prints after each name on pages 25-30, counted in the seed
    assert by_category == {"general": 14, "agility": 9, "passing": 7, "strength": 10,
                           "mutation": 10, "extraordinary": 24}
    # the seven decks as printed (pages 44-51): 13, 13, 13, 13, 26, 18, 8 cards
    assert counts["special-play-deck"] == 7 and counts["special-play-card"] == 104
    blitz = [a for a in cat.of_kind("ability") if a.edition == "blitz-bowl-s2"]
    assert len(blitz) == 19
    assert counts["ball"] == 23
    assert counts["coach-trait"] == 15
    assert counts["challenge-card"] == 6  # 5 fronts, Showboat printed with two backs
    assert counts["pitch"] == 2
    assert counts["league"] == 1
    assert counts["table"] == 7  # block dice, bounce chart, 2 kick-off, 2 weather, prayers


# The 45 player rows are checked one by one in test_team_rows.py.


def test_every_ability_is_used_by_a_team(cat) -> None:
    used = {a for t in cat.of_kind("team", "blitz-bowl") for p in t.data["positions"]
            for a in p["abilities"]}
    assert used == {a.id for a in cat.of_kind("ability") if a.edition == "blitz-bowl-s2"}


@pytest.mark.parametrize("ball,team", [("bomb-ball", "goblin"), ("rune-ball", "dwarf"),
                                       ("nurgling-ball", "nurgle")])
def test_ball_teams_printed_in_the_english_seed(cat, ball, team) -> None:
    item = cat.get("ball", ball)
    assert item.data["team"] == team and item.data["team_source"] == "printed"


# Every ball card's team: three printed in the English seed, the other twenty chosen by
# ruling ball-team-assignment from the team names the Italian appendix lists after each group.
BALL_TEAMS = {
    # group 1
    "daemonic-ball": "chaos", "extra-spiky-ball": "chaos",
    "cold-one-scale-ball": "dark-elf", "orb-of-dark-majesty": "dark-elf",
    "rune-ball": "dwarf", "grudge-ball": "dwarf",
    "draconic-egg": "elf", "soulstone-ball": "elf",
    "bomb-ball": "goblin", "snotling-ball-suit": "goblin",
    "pasty-ball": "halfling", "twelve-inch-sub-ball": "halfling",
    "shady-special": "human",
    # group 2
    "nurgling-ball": "nurgle", "plague-ball": "nurgle",
    "warpcenser-ball": "skaven", "warpstone-brazier": "skaven",
    "bramblevine-ball": "wood-elf", "spiteful-sprite": "wood-elf",
    "skeletal-haemonculus": "undead", "crudely-stitched-ball": "undead",
    "limpin-squig-ball": "orc",
    # group 3
    "sacred-egg-of-mighty-sotek": "lizardmen",
}


def test_each_ball_belongs_to_the_team_the_ruling_gives(cat) -> None:
    """The twenty balls the seeds do not label go to a team of their own group, two at most
    per team: Crudely Stitched Ball to the Undead, not the Orcs; Shady Special to the
    Humans (ruling ball-team-assignment)."""
    assert {b.id: b.data["team"] for b in cat.of_kind("ball")} == BALL_TEAMS
    for ball in cat.of_kind("ball"):
        printed = ball.id in ("bomb-ball", "rune-ball", "nurgling-ball")
        assert ball.data["team_source"] == ("printed" if printed else "ruling"), ball.id
    per_team: dict[str, int] = {}
    for team in BALL_TEAMS.values():
        per_team[team] = per_team.get(team, 0) + 1
    assert set(per_team) == {t.id for t in cat.of_kind("team", "blitz-bowl")}
    assert max(per_team.values()) == 2


def test_printed_texts_are_marked_printed(cat) -> None:
    assert cat.get("ability", "catchers-instincts").data["text_source"] == "printed"
    assert cat.get("ability", "frenzied").data["text_source"] == "translated-from-italian"
    assert "Dopo che questo giocatore" in cat.get("ability", "frenzied").data["original_text"]["it"]


TRAITS = {2: "magical-training", 3: "sponsored-kit", 4: "threatening-looks", 5: "bribe-the-ref",
          6: "last-blast", 7: "incentiviser", 8: "loud-celebrator", 9: "well-prepared",
          10: "glory-hound", 11: "light-fingers", 12: "terrifying-reputation",
          13: "blinding-smile", 14: "early-starter", 15: "inspiring-presence",
          16: "outrageous-cheat"}


def test_coach_traits_2d8_table(cat) -> None:
    assert {t.data["roll"]: t.id for t in cat.of_kind("coach-trait")} == TRAITS


@pytest.mark.parametrize("card,points,endgame", [
    ("showboat-for-the-crowd", 1, False), ("get-the-ball", 1, False),
    ("break-some-bones", 2, False), ("take-them-down", 1, False),
    ("make-a-risky-throw", 2, True)])
def test_challenge_cards(cat, card, points, endgame) -> None:
    item = cat.get("challenge-card", card)
    assert (item.data["points"], item.data["endgame"]) == (points, endgame)


def test_four_bonus_plays(cat) -> None:
    backs = {c.data["bonus_play"]["id"] for c in cat.of_kind("challenge-card")
             if "bonus_play" in c.data}
    assert backs == {"accurate-throw", "inspiration", "sprint", "healing-spell"}


# The Bonus Play on the back of each card; None: a card with no back in the seed.
CARD_BACKS = {"showboat-for-the-crowd": "accurate-throw",
              "showboat-for-the-crowd-inspiration": "inspiration",
              "take-them-down": "sprint", "get-the-ball": "healing-spell",
              "break-some-bones": None, "make-a-risky-throw": None}


def test_each_challenge_card_has_the_back_the_ruling_pairs_it_with(cat) -> None:
    """Showboat for the Crowd! is two cards, one with Accurate Throw and one with
    Inspiration; Take Them Down! carries Sprint; the orphan Healing Spell goes on the back of
    Get the Ball!; Break Some Bones and Make a Risky Throw! have no Bonus Play
    (ruling challenge-card-pairing)."""
    backs = {c.id: c.data["bonus_play"]["id"] if "bonus_play" in c.data else None
             for c in cat.of_kind("challenge-card")}
    assert backs == CARD_BACKS
    fronts = {c.id: c.data["name"] for c in cat.of_kind("challenge-card")}
    assert fronts["showboat-for-the-crowd"] == fronts["showboat-for-the-crowd-inspiration"]


def test_league_points_and_awards(cat) -> None:
    league = cat.get("league", "blitz-bowl-league").data
    assert league["matches"] == 10
    assert league["points"] == {"win": 3, "draw": 1, "loss": 0}
    measures = sorted((a["measure"], a["pick"]) for a in league["awards"])
    assert measures == [("challenge-cards-claimed", "most"), ("injuries-caused", "most"),
                        ("league-points", "fewest"), ("league-points", "most")]


def names(cat, table_id: str) -> dict[str, str]:
    return {str(e["roll"]): e["name"] for e in cat.get("table", table_id).data["entries"]}


def test_bb2020_kick_off_table(cat) -> None:
    entries = names(cat, "bb2020-kick-off")
    assert len(entries) == 11
    assert entries["2"] == "Get the Ref" and entries["7"] == "Brilliant Coaching"
    assert entries["12"] == "Pitch Invasion" and entries["11"] == "Officious Ref"


def test_pbbl_kick_off_table(cat) -> None:
    entries = names(cat, "pbbl-kick-off")
    assert len(entries) == 11
    assert entries["3"] == "Riot" and entries["4"] == "Perfect Defence"
    assert entries["11"] == "Throw a Rock"


def test_weather_tables(cat) -> None:
    for table in ("pbbl-weather", "bb2020-weather"):
        entries = names(cat, table)
        assert entries["2"] == "Sweltering Heat" and entries["12"] == "Blizzard"


def test_prayers_to_nuffle(cat) -> None:
    table = cat.get("table", "bb2020-prayers-to-nuffle").data
    assert table["roll"] == "d16" and len(table["entries"]) == 16
    entries = names(cat, "bb2020-prayers-to-nuffle")
    assert entries["1"] == "Treacherous Trapdoor" and entries["16"] == "Intensive Training"


def test_block_dice_and_bounce_chart(cat) -> None:
    block = cat.get("table", "block-dice").data
    assert block["roll"] == "d6" and len(block["entries"]) == 6
    assert {e["id"] for e in block["entries"]} == {"knocked-down", "kerrunch", "miss", "tackle",
                                                     "shove"}
    bounce = cat.get("table", "bounce-chart").data
    assert bounce["roll"] == "d8"
    assert len({e["direction"] for e in bounce["entries"]}) == 8


@pytest.mark.parametrize("ruling", [
    "mark-next-to-prone-opponent", "prone-teammate-throw-target", "free-action-claim-step",
    "last-card-one-more-turn", "pitch-layout", "bounce-chart-directions", "throw-ruler-lengths",
    "block-dice-faces", "ball-team-assignment", "challenge-card-pairing"])
def test_required_rulings_exist(cat, ruling) -> None:
    assert cat.get("ruling", ruling) is not None
