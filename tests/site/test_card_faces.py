"""Cards drawn as cards (site/sitegen/card_faces.py) and the dice pictures
(site/sitegen/dice_pictures.py): on the pages of their items, with the content's names and
numbers, escaped, in the page's language.

Expected values are read by hand from the rulebooks: the Human Blitzer's printed card (Blitz
Bowl Season 2 rulebook, seed 000_ff9920886d8c191d.txt, the sample player cards after page
2: "1 X", MOVE 6, THROW 4+, ARMOUR 4+, Offensive Specialist); the PBBL Human team list (seed
004_2450e8f2c1aa331e.txt, page 55: Catchers 0-4, 70,000, Catch and Dodge; MA 8, ST 2, AG 3,
AV 7 by ruling bb-roster-characteristics); the Block dice's results (seed 000, page 9:
Knocked Down, Kerrunch!, Miss, Tackle, Shove; Shove on two faces by ruling
block-dice-faces); the bounce chart's numbers (ruling bounce-chart-directions: clockwise
from the top left, 1 north-west … 8 west, the rulebook's page 10 does not print them)."""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from material.plugins.search.plugin import Parser
from nuffle.sitegen.context import Site
from nuffle.sitegen.items import ball_page, card_page, table_page, team_page
from nuffle.sitegen.markers import MarkerError, expand
from nuffle.sitegen.safety import scan_site

from nuffle.catalogue.loader import load_catalogue
from nuffle.catalogue.model import Item
from nuffle.i18n.localize import localized_catalogue
from tests.site.hostile import PAYLOADS


@lru_cache(maxsize=1)
def catalogue():
    found, _, _ = load_catalogue()
    return found


def site(lang: str = "en") -> Site:
    if lang == "en":
        return Site.of(catalogue())
    localized, _ = localized_catalogue(catalogue(), lang)
    return Site.of(localized, lang)


class Node:
    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag, self.attrs, self.children, self.text = tag, attrs, [], ""

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def all_text(self) -> str:
        return self.text + "".join(c.all_text() for c in self.children)

    def find(self, cls: str) -> list[Node]:
        found = [self] if cls in self.classes else []
        for c in self.children:
            found += c.find(cls)
        return found

    def one(self, cls: str) -> str:
        found = self.find(cls)
        assert len(found) == 1, (cls, len(found))
        return " ".join(found[0].all_text().split())


class Tree(HTMLParser):
    """The page's raw HTML as a tree (the Markdown around it is left as text)."""

    VOID = {"br", "img", "hr", "meta", "input"}

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {})
        self.stack = [self.root]
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].text += data


def page_of(s: Site, kind: str, item_id: str, game: str = "blitz-bowl") -> tuple[Node, str]:
    item = s.catalogue.get(kind, item_id, game)
    assert item is not None
    return render(s, item)


def render(s: Site, item: Item) -> tuple[Node, str]:
    maker = {"challenge-card": card_page, "ball": ball_page, "table": table_page}
    if item.kind == "team":
        team_page(s, item, None)
    else:
        maker[item.kind](s, item)
    page = s.pages[s.item_path(item)]
    return Tree(page).root, page


# name, points and Bonus Play of each Challenge card, as the card files say (checked against
# the rulebook's sample cards, page 11, and the rulings that pair fronts and backs)
CHALLENGE_CARDS = {
    "get-the-ball": ("Get the Ball!", 1, "Healing Spell"),
    "break-some-bones": ("Break Some Bones", 2, None),
    "make-a-risky-throw": ("Make a Risky Throw!", 2, None),
    "showboat-for-the-crowd": ("Showboat for the Crowd!", 1, "Accurate Throw"),
    "showboat-for-the-crowd-inspiration": ("Showboat for the Crowd!", 1, "Inspiration"),
    "take-them-down": ("Take Them Down!", 1, "Sprint"),
}


def test_every_challenge_card_page_draws_its_front_and_bonus_play_back() -> None:
    s = site()
    cards = [i for i in s.catalogue.sorted_items() if i.kind == "challenge-card"
             and i.game == "blitz-bowl"]
    assert {c.id for c in cards} == set(CHALLENGE_CARDS)
    for card in cards:
        name, points, bonus = CHALLENGE_CARDS[card.id]
        root, page = render(s, card)
        front, = root.find("nf-challenge")
        assert front.one("nf-card-name") == name
        assert front.one("nf-card-points") == str(points)
        assert front.one("nf-card-foot") == f"{points} point" + ("s" if points > 1 else "")
        assert front.attrs["aria-label"].endswith(f"{name}, {front.one('nf-card-foot')}")
        back, = root.find("nf-bonus")
        assert back.one("nf-card-kind") == "Bonus Play"
        if bonus:
            assert back.one("nf-card-name") == bonus
            assert back.attrs["aria-label"] == f"Bonus Play: {bonus}"
        else:  # a back no source gives says so
            assert "nf-unknown" in back.classes and not back.find("nf-card-name")
        # the card is above the text and the rules, which stay on the page
        assert page.index("nf-challenge") < page.index("## Claim condition")
        assert page.index("nf-challenge") < page.index("\n> ")


def test_an_endgame_card_says_so_on_its_band() -> None:
    root, _ = page_of(site(), "challenge-card", "make-a-risky-throw")
    assert root.find("nf-challenge")[0].one("nf-card-kind") == "Endgame Challenge card"


def test_a_ball_page_draws_its_card() -> None:
    root, page = page_of(site(), "ball", "bomb-ball")
    card, = root.find("nf-ball")
    assert card.one("nf-card-name") == "Bomb Ball"
    assert card.one("nf-card-kind") == "Ball card"
    assert card.one("nf-card-text").startswith("Roll one six-sided dice at the start of each")
    assert card.one("nf-card-foot") == "Goblin team"  # printed on the card
    assert card.attrs["aria-label"] == "Ball card: Bomb Ball"
    assert page.index("nf-ball") < page.index("## Rules")


def cards_by_name(root: Node) -> dict[str, Node]:
    return {c.one("nf-card-name"): c for c in root.find("nf-player")}


def stats(card: Node) -> dict[str, str]:
    return {s.one("nf-stat-name"): s.one("nf-stat-value") for s in card.find("nf-stat")}


def abilities(card: Node) -> list[str]:
    lists = card.find("nf-abilities")
    return [" ".join(li.all_text().split()) for li in lists[0].children] if lists else []


def test_a_blitz_bowl_player_card_shows_its_characteristics_and_abilities() -> None:
    root, _ = page_of(site(), "team", "human")
    cards = cards_by_name(root)
    assert list(cards) == ["Blitzer", "Catcher", "Thrower", "Lineman"]
    blitzer = cards["Blitzer"]
    assert stats(blitzer) == {"Move": "6", "Throw": "4+", "Armour": "4+"}
    assert abilities(blitzer) == ["Offensive Specialist"]
    assert blitzer.one("nf-card-count") == "1×" and blitzer.one("nf-card-kind") == "Human"
    assert stats(cards["Catcher"]) == {"Move": "7", "Throw": "4+", "Armour": "5+"}
    assert abilities(cards["Catcher"]) == ["Catcher's Instincts"]
    assert cards["Lineman"].one("nf-card-count") == "3×" and not abilities(cards["Lineman"])
    assert blitzer.attrs["aria-label"] == ("Blitzer (Human), 1×: Move 6, Throw 4+, Armour 4+; "
                                          "Offensive Specialist")


def test_every_characteristic_of_every_position_is_on_its_card() -> None:
    """Each team of each game: one card per position, each characteristic's number as the
    team file has it."""
    s = site()
    for team in (i for i in s.catalogue.sorted_items() if i.kind == "team"):
        root, _ = render(s, team)
        cards = root.find("nf-player")
        assert len(cards) == len(team.data["positions"]), team.ref
        for card, pos in zip(cards, team.data["positions"], strict=True):
            shown = stats(card)
            if "movement" in pos:
                want = {"MA": pos["movement"], "ST": pos["strength"], "AG": pos["agility"],
                        "AV": pos["armour_value"]}
            else:
                want = {"Move": pos["move"], "Throw": f"{pos['throw']}+",
                        "Armour": f"{pos['armour']}+"}
            assert shown == {k: str(v) for k, v in want.items()}, (team.ref, pos["id"])
            assert len(abilities(card)) == len(pos.get("abilities", pos.get("skills", [])))


def test_a_blood_bowl_player_card() -> None:
    root, _ = page_of(site(), "team", "human", "blood-bowl")
    catcher = cards_by_name(root)["Catcher"]
    assert stats(catcher) == {"MA": "8", "ST": "2", "AG": "3", "AV": "7"}
    assert abilities(catcher) == ["Catch", "Dodge"]
    assert catcher.one("nf-card-count") == "0–4"
    assert catcher.one("nf-card-foot") == "70,000 gold pieces"


def test_the_six_faces_of_the_block_dice() -> None:
    root, page = page_of(site(), "table", "block-dice")
    figure, = root.find("nf-dice")
    faces = [(f.one("nf-die-roll"), f.one("nf-die-name")) for f in figure.find("nf-die")]
    assert faces == [("1", "Miss"), ("2", "Tackle"), ("3", "Shove"), ("4", "Shove"),
                     ("5", "Knocked Down"), ("6", "Kerrunch!")]
    assert all(f.find("nf-die-symbol") for f in figure.find("nf-die"))
    assert figure.attrs["aria-label"] == ("The 6 faces of the Block dice: Miss, Tackle, Shove, "
                                          "Knocked Down, Kerrunch!")
    assert page.index("nf-dice") < page.index("## 1: Miss")


def test_the_bounce_chart_numbers_the_squares_round_the_ball() -> None:
    root, _ = page_of(site(), "table", "bounce-chart")
    chart, = root.find("nf-bounce-chart")
    assert chart.attrs["viewbox"] == "0 0 160 160" and "width" not in chart.attrs
    cells = {}
    for g in chart.find("nf-bounce-cell"):
        rect = next(c for c in g.children if c.tag == "rect")
        # column and row of the 3 × 3 grid: squares of 48 with gaps of 4
        cells[(int(rect.attrs["x"]) // 52, int(rect.attrs["y"]) // 52)] = \
            (g.one("nf-bounce-roll"), g.one("nf-bounce-direction"))
    assert cells == {(0, 0): ("1", "north-west"), (1, 0): ("2", "north"),
                     (2, 0): ("3", "north-east"), (2, 1): ("4", "east"),
                     (2, 2): ("5", "south-east"), (1, 2): ("6", "south"),
                     (0, 2): ("7", "south-west"), (0, 1): ("8", "west")}
    assert chart.find("nf-bounce-ball")  # the middle square holds the ball
    assert "1 north-west, 2 north, 3 north-east, 4 east, 5 south-east, 6 south, " \
        "7 south-west, 8 west" in chart.attrs["aria-label"]


def test_other_tables_have_no_picture() -> None:
    _, page = page_of(site(), "table", "bb2020-weather", "blood-bowl")
    assert "nf-dice" not in page and "nf-bounce" not in page


HOSTILE = '<script>alert(1)</script> "quoted" & more'


def test_card_texts_are_escaped() -> None:
    s = site()
    card = s.catalogue.get("challenge-card", "get-the-ball", "blitz-bowl")
    ball = s.catalogue.get("ball", "bomb-ball", "blitz-bowl")
    team = s.catalogue.get("team", "human", "blitz-bowl")
    dice = s.catalogue.get("table", "block-dice", "blitz-bowl")
    assert card and ball and team and dice
    back = dict(card.data["bonus_play"], name=HOSTILE, text=HOSTILE)
    hostile = [
        dataclasses.replace(card, data=dict(card.data, name=HOSTILE, text=HOSTILE,
                                            bonus_play=back)),
        dataclasses.replace(ball, data=dict(ball.data, name=HOSTILE, text=HOSTILE)),
        dataclasses.replace(team, data=dict(team.data, name=HOSTILE, positions=[
            dict(team.data["positions"][0], name=HOSTILE)])),
        dataclasses.replace(dice, data=dict(dice.data, entries=[
            dict(dice.data["entries"][0], name=HOSTILE)])),
    ]
    for item in hostile:
        root, page = render(s, item)
        assert "<script" not in page and '"quoted"' not in page, item.ref
        # the name shows as written, in the drawing and in its accessible name
        drawn = root.find("nf-card") or root.find("nf-dice")
        assert drawn, item.ref
        text = " ".join(drawn[0].all_text().split())
        assert " ".join(HOSTILE.split()) in text, item.ref
        assert HOSTILE in drawn[0].attrs["aria-label"], item.ref
        assert not any(n.tag == "script" for n in _walk(root)), item.ref


def _walk(node: Node) -> list[Node]:
    return [node] + [d for c in node.children for d in _walk(c)]


def test_the_italian_pages_show_the_italian_names() -> None:
    s = site("it")
    root, _ = page_of(s, "challenge-card", "get-the-ball")
    front, = root.find("nf-challenge")
    back, = root.find("nf-bonus")
    assert front.one("nf-card-name") == "Prendi il Pallone!"
    assert front.one("nf-card-kind") == "Carta Sfida" and front.one("nf-card-foot") == "1 punto"
    assert back.one("nf-card-name") == "Incantesimo Curativo"
    assert back.one("nf-card-kind") == "Bonus di Gioco"
    root, _ = page_of(s, "table", "block-dice")
    names = [f.one("nf-die-name") for f in root.find("nf-die")]
    assert names[:3] == ["Mancato", "Placcaggio", "Spinta"] and names[4] == "Atterrato"
    root, _ = page_of(s, "team", "human")
    blitzer = cards_by_name(root)["Blitzer"]
    assert stats(blitzer) == {"Movimento": "6", "Passaggio": "4+", "Armatura": "4+"}
    root, _ = page_of(s, "table", "bounce-chart")
    directions = [g.one("nf-bounce-direction") for g in root.find("nf-bounce-cell")]
    assert directions[0] == "nord-ovest"


def test_a_card_is_one_html_block() -> None:
    """No blank line inside a drawing: Markdown would end the HTML block there and read the
    rest as text."""
    s = site()
    _, page = page_of(s, "challenge-card", "get-the-ball")
    block = re.search(r'<figure class="nf-cards".*?\n\n', page, re.S)
    assert block and block.group(0).rstrip().endswith("</figure>")


def test_the_rules_pages_show_the_pictures() -> None:
    """`[[picture:…]]` in a hand-written page (site/docs/rules) becomes the table's picture;
    a marker naming a table with no picture fails the build."""
    s = site()
    docs = Path(__file__).parents[2] / "site" / "docs" / "rules"
    for page, cls in (("blocking.md", "nf-dice"), ("blocking.it.md", "nf-dice"),
                      ("the-ball.md", "nf-bounce-chart"), ("the-ball.it.md", "nf-bounce-chart")):
        text = expand(s, (docs / page).read_text(encoding="utf-8"), f"rules/{page}")
        assert len(Tree(text).root.find(cls)) == 1, page
    with pytest.raises(MarkerError):
        expand(s, "[[picture:bb2020-weather]]", "rules/x.md")


def test_a_marker_in_code_is_shown_as_written() -> None:
    """A page that explains the markers (site.md) writes them in code: a code span or a
    fenced block keeps them as they are (the picture expanded inside a code span broke the
    page and emptied its next sections in the search index); one outside code is expanded."""
    s = site()
    text = ("In it, `[[ability:frenzied]]` becomes a link and ``[[picture:block-dice]]``\n"
            "a picture.\n\n```text\n[[rulings:rules/throwing]]\n```\n\n"
            "A lone ` backtick, then [[ability:frenzied]].\n")
    out = expand(s, text, "guide/site.md")
    assert "`[[ability:frenzied]]`" in out and "``[[picture:block-dice]]``" in out
    assert "```text\n[[rulings:rules/throwing]]\n```" in out
    assert "[[" not in out.split("lone")[1]  # outside code: a link
    assert "nf-dice" not in out


def test_the_pictures_stay_out_of_the_search_index() -> None:
    """The theme's search indexer (its own parser, on the page as Markdown renders it)
    leaves the drawn cards and dice out: the page's own text is in the index already."""
    s = site()
    for kind, item_id, game, drawn in (
            ("challenge-card", "get-the-ball", "blitz-bowl", "Healing Spell"),
            ("team", "human", "blitz-bowl", "1×"),  # the count, on the cards only
            ("table", "block-dice", "blitz-bowl", "Kerrunch!"),
            ("table", "bounce-chart", "blitz-bowl", "north-west")):
        _, page = page_of(s, kind, item_id, game)
        body = page.split("\n---\n", 1)[-1]
        html = markdown.markdown(body, extensions=["attr_list", "md_in_html", "tables"])
        parser = Parser()
        parser.feed(html)
        first = "".join(parser.data[0].text)  # the page's top, above its first section
        assert drawn not in first, (item_id, first[:300])
        assert "Blitz Bowl Season 2" in first  # the line under the title is indexed


def test_the_site_safety_scan_finds_no_live_sink_in_hostile_cards(tmp_path: Path) -> None:
    """Every payload of the hostile-site tests as a card's, a position's and a face's name
    and text: the pages, as Markdown renders them, hold nothing the safety scan calls live
    (`nuffle.sitegen.safety`, the net under the whole built site)."""
    s = site()
    card = s.catalogue.get("challenge-card", "get-the-ball", "blitz-bowl")
    ball = s.catalogue.get("ball", "bomb-ball", "blitz-bowl")
    team = s.catalogue.get("team", "human", "blood-bowl")
    dice = s.catalogue.get("table", "block-dice", "blitz-bowl")
    assert card and ball and team and dice
    for n, payload in enumerate(PAYLOADS):
        back = dict(card.data["bonus_play"], name=payload, text=payload)
        items = [
            dataclasses.replace(card, data=dict(card.data, name=payload, text=payload,
                                                bonus_play=back)),
            dataclasses.replace(ball, data=dict(ball.data, name=payload, text=payload)),
            dataclasses.replace(team, data=dict(team.data, name=payload, positions=[
                dict(p, name=payload) for p in team.data["positions"]])),
            dataclasses.replace(dice, data=dict(dice.data, entries=[
                dict(e, name=payload) for e in dice.data["entries"]]))]
        for item in items:
            _, page = render(s, item)
            html = markdown.markdown(page.split("\n---\n", 1)[-1], extensions=[
                "attr_list", "md_in_html", "tables", "admonition"])
            (tmp_path / f"{n}-{item.kind}.html").write_text(html, encoding="utf-8")
    assert scan_site(tmp_path) == []
    assert len(list(tmp_path.glob("*.html"))) == 4 * len(PAYLOADS)
