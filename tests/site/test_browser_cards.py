"""The drawn cards and dice on a 390-pixel phone, in headless Chromium: nothing wider than
the screen, long texts wrapped inside their card.

No site build (that takes minutes): the pictures as the generator writes them, with
`site/assets/cards.css`, in a page with the theme's text sizes (Material: 125 % root size,
0.8 rem text, 0.8 rem margins on a phone)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from nuffle.sitegen.card_faces import challenge_cards, player_cards
from nuffle.sitegen.dice_pictures import table_picture
from playwright.sync_api import Browser

from tests.site.test_card_faces import site

CSS = Path(__file__).resolve().parents[2] / "site" / "assets" / "cards.css"
PHONE = {"width": 390, "height": 844}


def html_page(blocks: list[str]) -> str:
    css = CSS.read_text(encoding="utf-8")
    return ("<!doctype html><html><head><meta name='viewport' content='width=device-width'>"
            "<style>html { font-size: 125%; } body { margin: 0; padding: 0 0.8rem; "
            "font-family: sans-serif; } .md-typeset { font-size: 0.8rem; } "
            ".md-typeset figure { display: flex; flex-direction: column; align-items: center;"
            " margin: 1em auto; max-width: 100%; width: fit-content; }"
            f"{css}</style></head><body><article class='md-typeset'>"
            + "\n".join(blocks) + "</article></body></html>")


def test_cards_and_dice_fit_a_phone(browser: Browser) -> None:
    s = site()
    card = s.catalogue.get("challenge-card", "get-the-ball", "blitz-bowl")
    team = s.catalogue.get("team", "human", "blood-bowl")
    dice = s.catalogue.get("table", "block-dice", "blitz-bowl")
    chart = s.catalogue.get("table", "bounce-chart", "blitz-bowl")
    blitz = site("it").catalogue.get("team", "human", "blitz-bowl")
    assert card and team and dice and chart and blitz
    long_word = "Supercalifragilisticexpialidocious" * 3  # no place to break it
    long_card = dataclasses.replace(card, data=dict(card.data, name=long_word,
                                                    text=card.data["text"] * 4))
    blocks = ["\n".join(lines) for lines in (
        challenge_cards(s, card), challenge_cards(s, long_card), player_cards(s, team)[2:],
        table_picture(s, dice), table_picture(s, chart))]
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_content(html_page(blocks))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        boxes = page.locator(".nf-card, .nf-die, .nf-bounce-chart")
        # two cards twice, a card per position, six faces, one chart
        assert boxes.count() == 4 + len(team.data["positions"]) + 6 + 1
        for n in range(boxes.count()):
            box = boxes.nth(n).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], n
        # the long name wraps inside its card: the card grows taller, not wider
        name = page.locator(".nf-card-name", has_text=long_word[:20]).first
        name_box, card_box = name.bounding_box(), page.locator(".nf-challenge").nth(1) \
            .bounding_box()
        assert name_box and card_box and name_box["width"] <= card_box["width"]
        assert name_box["height"] > 2 * page.locator(".nf-card-name").first \
            .bounding_box()["height"]  # type: ignore[index]
        # every characteristic's name fits its box (the Italian ones are the longest)
        page.set_content(html_page(["\n".join(player_cards(site("it"), team)[2:]),
                                    "\n".join(player_cards(site("it"), blitz)[2:])]))
        cut = page.locator(".nf-stat-name").evaluate_all(
            "names => names.filter(n => n.scrollWidth > n.clientWidth).map(n => n.textContent)")
        assert page.locator(".nf-stat-name").count() > 0 and cut == []
        page.set_content(html_page(blocks))
        # the bounce chart stays big enough to read: at least 240 pixels wide
        chart_box = page.locator(".nf-bounce-chart").bounding_box()
        assert chart_box and chart_box["width"] >= 240
    finally:
        context.close()
