"""The built site in a real browser: headless Chromium driven by Playwright.

`make test` installs Debian's Chromium when it is missing; without it these tests fail
(they never skip), saying how to get it.
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pytest
from nuffle.sitegen.build import BuildOptions, build
from playwright.sync_api import Page, expect

from tests.site.browser import served

ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "test-artifacts"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    with served(build(BuildOptions(out=tmp_path_factory.mktemp("browser-site")))) as url:
        yield url


@pytest.fixture()
def page(browser) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    yield p
    context.close()


def test_home_page_loads(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    expect(page).to_have_title("Nuffle rules reference")
    expect(page.locator("h1")).to_contain_text("Nuffle rules reference")


def test_searching_catcher_finds_the_ability_and_opens_it(page: Page, base_url: str) -> None:
    page.goto(base_url + "/")
    search = page.locator("input.md-search__input")
    result = page.locator(".md-search-result__item a[href*='abilities/catchers-instincts']",
                          has_text="Catcher's Instincts").first
    # the search index loads in a worker: a query typed before it is ready finds nothing,
    # so type again until the results come (at most three times)
    for _ in range(3):
        search.click()
        search.fill("")
        search.type("Catcher", delay=50)
        try:
            expect(result).to_be_visible(timeout=8_000)
            break
        except AssertionError:
            continue
    expect(result).to_be_visible()
    result.click()
    expect(page).to_have_url(re.compile(r"/abilities/catchers-instincts/"))
    expect(page.locator("h1")).to_contain_text("Catcher's Instincts")


def test_team_page_shows_the_right_stats_and_a_screenshot(page: Page, base_url: str) -> None:
    page.goto(base_url + "/teams/human/")
    row = page.locator("table tr", has_text="Catcher").first
    expect(row).to_contain_text("7")  # Move 7
    expect(row).to_contain_text("4+")  # Throw 4+
    expect(row).to_contain_text("5+")  # Armour 5+
    expect(row.locator("a", has_text="Catcher's Instincts")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "team-human.png"
    page.screenshot(path=str(shot), full_page=True)
    assert distinct_pixels(shot.read_bytes()) > 50, "the screenshot is blank"


def test_card_page_shows_both_sides(page: Page, base_url: str) -> None:
    page.goto(base_url + "/challenge-cards/take-them-down/")
    expect(page.locator("blockquote").first).to_contain_text(
        "Claim this card if an opponent was Knocked Down or injured.")
    expect(page.locator("#bonus-play")).to_contain_text("Sprint")
    expect(page.get_by_text("increase their Move value by 2")).to_be_visible()


def test_pitch_svg_is_visible(page: Page, base_url: str) -> None:
    page.goto(base_url + "/pitches/two-trapdoors/")
    img = page.locator("img[src$='two-trapdoors.svg']")
    expect(img).to_be_visible()
    assert img.evaluate("i => i.naturalWidth") > 100
    box = img.bounding_box()
    assert box and box["height"] > 100


def test_readable_on_a_phone(browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    p = context.new_page()
    p.goto(base_url + "/abilities/frenzied/")
    expect(p.locator("h1")).to_contain_text("Frenzied")
    overflow = p.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than the phone"
    context.close()


def distinct_pixels(png: bytes) -> int:
    """How many different byte values the image data holds (a blank page has a handful)."""
    pos, idat = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            idat += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(idat)))


def switch_language(page: Page, name: str) -> None:
    """Open the header's language menu and pick a language."""
    page.locator(".md-header .md-select").first.hover()
    page.locator(".md-select__link", has_text=name).first.click()


def test_switching_a_card_page_to_italian_and_back(page: Page, base_url: str) -> None:
    page.goto(base_url + "/challenge-cards/take-them-down/")
    english = "Claim this card if an opponent was Knocked Down or injured."
    expect(page.locator("blockquote").first).to_contain_text(english)
    switch_language(page, "Italiano")
    expect(page).to_have_url(re.compile(r"/it/challenge-cards/take-them-down/$"))
    expect(page.locator("blockquote").first).to_contain_text(
        "Reclama questa carta se un avversario è stato Atterrato o Infortunato.")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # the theme speaks Italian too
    expect(page.locator("input.md-search__input")).to_have_attribute("placeholder", "Cerca")
    switch_language(page, "English")
    expect(page).to_have_url(re.compile(r"/challenge-cards/take-them-down/$"))
    assert "/it/" not in page.url
    expect(page.locator("blockquote").first).to_contain_text(english)


def test_italian_search_finds_italian_pages_only(page: Page, base_url: str) -> None:
    page.goto(base_url + "/it/")
    search = page.locator("input.md-search__input")
    results = page.locator(".md-search-result__item a")
    for _ in range(3):  # the index loads in a worker: retry a query typed too early
        search.click()
        search.fill("")
        search.type("Atterrato", delay=50)
        try:
            expect(results.first).to_be_visible(timeout=8_000)
            break
        except AssertionError:
            continue
    expect(results.first).to_be_visible()
    hrefs = results.evaluate_all("links => links.map(a => a.href)")
    assert hrefs and all("/it/" in h for h in hrefs), hrefs[:5]
    results.first.click()
    assert "/it/" in page.url
