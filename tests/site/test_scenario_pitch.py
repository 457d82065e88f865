"""The drawing of a scenario's start on its pitch (site/sitegen/scenario_svg.py): players,
balls and the script's steps where the squares say, escaped, in the page's language.

Expected coordinates are worked out by hand: a square's middle is PAD + column * CELL +
CELL / 2 with PAD = 22 and CELL = 24; Blitz Bowl columns and rows count from 0 (x, y as the
scenario writes them), Blood Bowl's from 1 (column x - 1, row y - 1)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from html.parser import HTMLParser

import markdown
from nuffle.sitegen.context import Site
from nuffle.sitegen.fragments import inline
from nuffle.sitegen.items import scenario_page
from nuffle.sitegen.scenario_picture import scenario_picture
from nuffle.sitegen.scenario_svg import labels, scenario_svg

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.model import Item

NS = "{http://www.w3.org/2000/svg}"


@lru_cache(maxsize=1)
def site() -> Site:
    catalogue, _, _ = load_catalogue()
    return Site.of(catalogue)


def svg_of(page: str) -> ET.Element:
    found = re.search(r"<svg .*?</svg>", page, re.S)
    assert found, "no drawing on the page"
    return ET.fromstring(found.group(0))


def players(svg: ET.Element) -> dict[str, tuple[float, float, str]]:
    """player id -> (cx, cy) of their marker's shape, and the mark written on it."""
    out = {}
    for g in svg.iter(NS + "g"):
        if "player" in g.get("class", "").split():
            shape = g.find(NS + "circle")
            if shape is None:
                shape = g.find(NS + "ellipse")
            assert shape is not None
            out[g.get("data-player", "")] = (float(shape.get("cx", "")),
                                             float(shape.get("cy", "")),
                                             g.findtext(NS + "text", ""))
    return out


def steps(svg: ET.Element) -> list[ET.Element]:
    return sorted((e for e in svg.iter() if "step" in e.get("class", "").split()),
                  key=lambda e: int(e.get("data-step", "0")))


def points(e: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in e.get("points", "").split())]


def scenario(game: str, data: dict) -> Item:
    return Item("scenario", data["id"], site().catalogue.items[("scenario", "rules-hand-off",
                "blood-bowl")].path, data, None, None) if game == "blood-bowl" else \
        Item("scenario", data["id"], site().catalogue.get("scenario",
             "ability-catchers-instincts", "blitz-bowl").path, data, None, None)


def test_a_blitz_bowl_scenario_draws_its_players_ball_and_throw() -> None:
    """ability-catchers-instincts: the Thrower at 6,3 holds the ball and throws to the
    Catcher at 6,7 (a named target); the Catcher's free Run after the catch is the engine's
    doing (a question of the rule), so it is not drawn."""
    s = site()
    item = s.catalogue.get("scenario", "ability-catchers-instincts", "blitz-bowl")
    scenario_page(s, item)
    page = inline(s.pages[s.item_path(item)], s.fragments)  # the drawing back in place
    svg = svg_of(page)
    assert svg.get("viewBox", "").startswith("0 0 ") and svg.get("width") is None
    found = players(svg)
    assert found["home.thrower"] == (22 + 6 * 24 + 12, 22 + 3 * 24 + 12, "T")  # 178, 106
    assert found["home.catcher"] == (178, 22 + 7 * 24 + 12, "C")  # 6,7: 178, 202
    assert found["away.lineman-2"] == (22 + 9 * 24 + 12, 22 + 16 * 24 + 12, "L2")  # 9,16
    ball = next(c for c in svg.iter(NS + "circle") if "ball" in c.get("class", ""))
    assert (ball.get("data-x"), ball.get("data-y")) == ("6", "3")  # held by the Thrower
    assert (float(ball.get("cx", "")), float(ball.get("cy", ""))) == (178 + 7.2, 106 + 7.2)
    [throw] = steps(svg)
    assert throw.get("class") == "step pass" and throw.get("data-squares") == "6,3 6,7"
    start, end = points(throw)
    assert start == (178, 106) and end[0] == 178 and 106 < end[1] < 202  # stops at the marker
    # the one-trapdoor pitch: its trapdoor at 5,9, its blocked square 3,5
    trap = next(c for c in svg.iter(NS + "circle") if c.get("class") == "trapdoor")
    assert (float(trap.get("cx", "")), float(trap.get("cy", ""))) == (22 + 5 * 24 + 12,
                                                                      22 + 9 * 24 + 12)
    # the words under it: the squares, the marks, the ball and the step
    assert "| <code>home.thrower</code> | 6,3 | T |" in page
    assert "- Ball 1: held by <code>home.thrower</code>" in page
    assert "1. <code>home.thrower</code> throws to <code>home.catcher</code>" in page


def test_a_blood_bowl_scenario_draws_the_26_by_15_pitch_and_its_moves() -> None:
    data = {
        "kind": "scenario", "id": "drawn", "edition": "pbbl-1-10",
        "setup": {"home": "human", "away": "orc", "players": {
            "home.lineman-1": [3, 7], "home.blitzer-1": [12, 8],
            "away.lineman-1": [13, 8], "away.lineman-2": {"at": [20, 3], "prone": True},
            "away.lineman-3": {"at": [26, 15], "stunned": True},
            "away.lineman-4": "knocked-out"},
            "ball": {"at": [1, 1]}},
        "decisions": ["home.lineman-1 move", "to 4,7", "to 5,8", "end",
                      "home.blitzer-1 block", "away.lineman-1", "pushed", "14,9", "follow up"],
    }
    svg = ET.fromstring(scenario_svg(scenario_picture(data, "blood-bowl"), "human", "orc"))
    found = players(svg)
    # x 1-26 across, y 1-15 down: square x,y at column x - 1, row y - 1
    assert found["home.lineman-1"][:2] == (22 + 2 * 24 + 12, 22 + 6 * 24 + 12)  # 82, 178
    assert found["away.lineman-2"][:2] == (22 + 19 * 24 + 12, 22 + 2 * 24 + 12)  # 490, 70
    assert found["away.lineman-3"][:2] == (22 + 25 * 24 + 12, 22 + 14 * 24 + 12)  # corner
    assert "away.lineman-4" not in found  # in the KO'd box, not on the pitch
    marked = {g.get("data-player"): g.get("class") for g in svg.iter(NS + "g")
              if g.get("data-player")}
    assert marked["away.lineman-2"] == "player away prone"
    assert marked["away.lineman-3"] == "player away stunned"
    ball = next(c for c in svg.iter(NS + "circle") if "ball" in c.get("class", ""))
    assert (float(ball.get("cx", "")), float(ball.get("cy", ""))) == (34, 34)  # 1,1
    move, block = steps(svg)
    assert move.get("data-squares") == "3,7 4,7 5,8"
    assert points(move)[:2] == [(82, 178), (106, 178)]
    assert move.get("marker-end") == "url(#scenario-arrow-move)"
    assert block.get("class") == "step block" and block.get("data-squares") == "12,8 13,8"
    # 12,8 and 13,8: columns 11 and 12, row 7
    assert [float(block.get(a, "")) for a in ("x1", "y1", "x2", "y2")] == [
        22 + 11 * 24 + 12, 202, 22 + 12 * 24 + 12, 202]
    # the half-way line between columns 13 and 14, the wide zones' lines under rows 4 and 11
    lines = {e.get("class"): e for e in svg.iter(NS + "line") if e.get("class")}
    assert float(lines["half-way"].get("x1", "")) == 22 + 13 * 24
    wide = sorted(float(e.get("y1", "")) for e in svg.iter(NS + "line")
                  if e.get("class") == "wide-zone")
    assert wide == [22 + 4 * 24, 22 + 11 * 24]
    assert svg.get("viewBox", "").startswith(f"0 0 {22 + 26 * 24 + 4} ")


def test_the_script_is_drawn_only_where_it_says_who_moves() -> None:
    """A move after a throw (a rule's free move) has no actor the script names: not drawn;
    an unnamed block target is drawn when one standing opponent stands next to the
    blocker, and not when two do."""
    data = {"setup": {"home": "human", "away": "orc", "players": {
        "home.blitzer-1": [10, 7], "away.lineman-1": [11, 7], "away.lineman-2": [11, 8]}},
        "decisions": ["home.blitzer-1 block", "pushed"]}
    assert scenario_picture(data, "blood-bowl").steps == []  # two could be the target
    data["setup"]["players"]["away.lineman-2"] = {"at": [11, 8], "prone": True}
    [block] = scenario_picture(data, "blood-bowl").steps
    assert (block.kind, block.target) == ("block", "away.lineman-1")
    data = {"setup": {"players": {"home.thrower": [6, 3], "home.catcher": [6, 7]}},
            "decisions": ["home.thrower throw", "home.catcher", "yes", "to 6,10"]}
    pitch = site().catalogue.get("pitch", "one-trapdoor", "blitz-bowl").data
    assert [s.kind for s in scenario_picture(data, "blitz-bowl", pitch).steps] == ["pass"]
    data["setup"]["start"] = "setup"  # the game places everyone: nothing to draw
    assert scenario_picture(data, "blitz-bowl", pitch) is None


def test_the_page_keeps_the_drawing_whole_through_markdown() -> None:
    """The figure is a raw HTML block that search skips; the SVG itself stays out of the
    Markdown (a placeholder, fragments.py) and comes back whole into the built page, as it
    would have been inline."""
    s = site()
    item = s.catalogue.get("scenario", "card-all-out-blitz", "blood-bowl")
    scenario_page(s, item)
    page = s.pages[s.item_path(item)]
    assert "<svg" not in page and "data-nf-drawing" in page
    html = markdown.markdown(page, extensions=["attr_list", "tables", "md_in_html", "meta"])
    assert '<figure class="scenario-pitch blood-bowl" data-search-exclude>' in html
    html = inline(html, s.fragments)
    assert html == markdown.markdown(inline(page, s.fragments), extensions=[
        "attr_list", "tables", "md_in_html", "meta"])  # the same HTML as inline
    svg = svg_of(html)
    [block] = steps(svg)
    # home.blitzer-1 at 10,7 blocks away.lineman-1 at 11,7
    assert [float(block.get(a, "")) for a in ("x1", "y1", "x2", "y2")] == [250, 178, 274, 178]


def test_content_cannot_put_markup_into_the_drawing() -> None:
    evil = 'home.x"><script>alert(1)</script><g onload="alert(2)'
    team = '"/><svg onload=alert(3)>&amp;'
    data = {"kind": "scenario", "id": "evil", "edition": "blitz-bowl-s2",
            "setup": {"home": team, "away": "dwarf", "players": {evil: [2, 2],
                                                                "away.lineman-1": [3, 3]},
                      "balls": [{"held_by": evil}, {"at": [4, 4]}]},
            "decisions": [f"{evil} run", "to 2,4", "\x02 <b>", f"{evil} throw", evil]}
    pitch = site().catalogue.get("pitch", "one-trapdoor", "blitz-bowl").data
    pic = scenario_picture(data, "blitz-bowl", pitch)
    drawn = scenario_svg(pic, team, "dwarf", pitch)
    svg = ET.fromstring(drawn)  # well-formed: the control character is gone too
    assert not [e for e in svg.iter() if e.tag in (NS + "script", "script")]
    assert not [(e.tag, a) for e in svg.iter() for a in e.attrib if a.lower().startswith("on")]
    assert [e.tag for e in svg if e.tag == NS + "svg"] == []
    assert players(svg)[evil][:2] == (22 + 2 * 24 + 12, 22 + 2 * 24 + 12)
    titles = [t.text for t in svg.iter(NS + "title")]
    assert evil in titles  # shown as the text it is
    assert any(t.text == f"Home: {team}" for t in svg.iter(NS + "text"))
    # and on the page, through Markdown, as a browser reads it
    s = site()
    scenario_page(s, scenario("blitz-bowl", data))
    html = inline(markdown.markdown(s.pages["scenarios/evil.md"],
                                    extensions=["attr_list", "tables", "md_in_html", "meta"]),
                  s.fragments)
    tags: list[tuple[str, dict]] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list) -> None:
            tags.append((tag, dict(attrs)))
    Reader().feed(html)
    assert "script" not in {t for t, _ in tags}
    assert not [a for _, attrs in tags for a in attrs if a.startswith("on")]


def test_the_drawing_words_are_the_pages_language() -> None:
    """Title, summary and legend go through the translation the page passes in."""
    data = {"setup": {"home": "human", "away": "orc", "players": {
        "home.lineman-1": {"at": [3, 7], "prone": True}}, "ball": {"held_by": "x"}},
        "decisions": ["home.lineman-1 move", "to 4,7"]}
    drawn = scenario_svg(scenario_picture(data, "blood-bowl"), "human", "orc",
                         tr=lambda english: "IT " + english)
    svg = ET.fromstring(drawn)
    legend = [t.text for t in svg.iter(NS + "text") if t.get("class") == "legend"]
    assert legend == ["IT Home: human", "IT Away: orc", "IT Ball", "IT Prone", "IT Move"]
    assert svg.findtext(NS + "title", "").startswith("IT The scenario's starting position")
    assert svg.get("aria-label", "").startswith("IT The scenario")
    assert "IT 1 players on the pitch, 0 balls, 1 numbered steps" in svg.get("aria-label", "")


def test_player_marks_are_short_and_distinct_within_a_team() -> None:
    from nuffle.sitegen.scenario_picture import Player
    marks = labels([Player("home.lineman-1", "home", (0, 0)),
                    Player("home.big-guy", "home", (1, 0)),
                    Player("away.lineman-1", "away", (2, 0)),
                    Player("away.catcher", "away", (3, 0)),
                    Player("away.chainsaw", "away", (4, 0))])
    assert marks == {"home.lineman-1": "L1", "home.big-guy": "BG", "away.lineman-1": "Li1",
                     "away.catcher": "Ca", "away.chainsaw": "Ch"}
