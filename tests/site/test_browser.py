"""The built site in a real browser: headless Chromium driven by Playwright.

`make test` installs Debian's Chromium when it is missing; without it these tests fail
(they never skip), saying how to get it.
"""

from __future__ import annotations

import json
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
def site_root(tmp_path_factory) -> Path:
    """The built site; one game per pairing, enough to draw the balance page."""
    return build(BuildOptions(out=tmp_path_factory.mktemp("browser-site"), balance=True,
                              balance_games=1))


@pytest.fixture(scope="module")
def base_url(site_root: Path):
    with served(site_root) as url:
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
    expect(page).to_have_url(re.compile(r"/abilities/catchers-instincts\.html"))
    expect(page.locator("h1")).to_contain_text("Catcher's Instincts")


def test_team_page_shows_the_right_stats_and_a_screenshot(page: Page, base_url: str) -> None:
    page.goto(base_url + "/teams/human.html")
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
    page.goto(base_url + "/challenge-cards/take-them-down.html")
    expect(page.locator("blockquote").first).to_contain_text(
        "Claim this card if an opponent was Knocked Down or injured.")
    expect(page.locator("#bonus-play")).to_contain_text("Sprint")
    # the Bonus Play's text both on the drawn card's back and in its section below
    back = page.locator(".nf-cards").get_by_text("increase their Move value by 2")
    expect(back).to_be_visible()
    expect(page.locator("#bonus-play ~ *").get_by_text("increase their Move value by 2")
           .first).to_be_visible()


def test_pitch_svg_is_visible(page: Page, base_url: str) -> None:
    page.goto(base_url + "/pitches/two-trapdoors.html")
    img = page.locator("img[src$='two-trapdoors.svg']")
    expect(img).to_be_visible()
    assert img.evaluate("i => i.naturalWidth") > 100
    box = img.bounding_box()
    assert box and box["height"] > 100


def test_readable_on_a_phone(browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    p = context.new_page()
    p.goto(base_url + "/abilities/frenzied.html")
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
    page.goto(base_url + "/challenge-cards/take-them-down.html")
    english = "Claim this card if an opponent was Knocked Down or injured."
    expect(page.locator("blockquote").first).to_contain_text(english)
    switch_language(page, "Italiano")
    expect(page).to_have_url(re.compile(r"/it/challenge-cards/take-them-down\.html$"))
    expect(page.locator("blockquote").first).to_contain_text(
        "Reclama questa carta se un avversario è stato Atterrato o Infortunato.")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    # the theme speaks Italian too
    expect(page.locator("input.md-search__input")).to_have_attribute("placeholder", "Cerca")
    switch_language(page, "English")
    expect(page).to_have_url(re.compile(r"/challenge-cards/take-them-down\.html$"))
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


# -- opened from disk, asking no one else (issue 15) -----------------------------------------
def search_for(page: Page, words: str) -> None:
    """Type into the theme's search box until results come (the index loads in a worker:
    a query typed before it is ready finds nothing, so type again, at most four times)."""
    search = page.locator("input.md-search__input")
    for _ in range(4):
        search.click()
        search.fill("")
        search.type(words, delay=50)
        try:
            expect(page.locator(".md-search-result__item a").first).to_be_visible(timeout=8_000)
            return
        except AssertionError:
            continue
    expect(page.locator(".md-search-result__item a").first).to_be_visible()


def test_opened_from_disk_a_link_opens_its_page(page: Page, site_root: Path) -> None:
    page.goto((site_root / "index.html").as_uri())
    page.locator("a.md-tabs__link", has_text="Abilities").first.click()
    expect(page).to_have_url(re.compile(r"^file://.*/abilities/index\.html$"))
    expect(page.locator("article h1")).to_contain_text("Abilities")  # a page, not a listing
    page.locator("article a", has_text="Catcher's Instincts").first.click()
    expect(page).to_have_url(re.compile(r"^file://.*/abilities/catchers-instincts\.html$"))
    expect(page.locator("article h1")).to_contain_text("Catcher's Instincts")
    switch_language(page, "Italiano")  # the language menu works from disk too
    expect(page).to_have_url(re.compile(r"^file://.*/it/abilities/catchers-instincts\.html$"))


@pytest.mark.parametrize(("start", "words", "found"), [
    ("index.html", "Catcher", r"/abilities/catchers-instincts\.html"),
    ("it/index.html", "Atterrato", r"/it/")])
def test_search_works_from_disk_in_each_language(page: Page, site_root: Path, start: str,
                                                 words: str, found: str) -> None:
    page.goto((site_root / start).as_uri())
    search_for(page, words)
    hrefs = page.locator(".md-search-result__item a").evaluate_all(
        "links => links.map(a => a.href)")
    assert hrefs and all(h.startswith("file://") for h in hrefs), hrefs[:5]
    assert all(re.search(found, h) for h in hrefs[:1]), hrefs[:5]
    if start.startswith("it/"):  # the Italian pages search the Italian index only
        assert all("/it/" in h for h in hrefs), hrefs[:5]
    page.locator(".md-search-result__item a").first.click()
    expect(page).to_have_url(re.compile(r"^file://.*" + found))


def test_no_request_goes_to_another_server(browser, site_root: Path, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    asked: list[str] = []
    p.on("request", lambda r: asked.append(r.url))
    for start in (base_url + "/", (site_root / "index.html").as_uri()):
        root = start.rsplit("/", 1)[0] + "/"
        for path in ("index.html", "teams/human.html", "abilities/frenzied.html",
                     "balance.html", "rulings.html", "it/index.html"):
            p.goto(root + path)
            p.wait_for_load_state("load")
        search_for(p, "Dodge")
        p.wait_for_timeout(300)
    context.close()
    own = (base_url + "/", site_root.as_uri() + "/", "data:", "blob:")
    elsewhere = sorted({u for u in asked if not u.startswith(own)})
    assert len(asked) > 20 and elsewhere == []


def test_the_sitemap_lists_every_page(site_root: Path) -> None:
    from nuffle.sitegen.build import site_url
    sitemap = (site_root / "sitemap.xml").read_text(encoding="utf-8")
    urls = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    base = site_url()  # https://nuffle.example/ unless NUFFLE_SITE_URL says otherwise
    assert len(urls) > 800 and all(u.startswith(base) for u in urls)
    assert base + "abilities/catchers-instincts.html" in urls
    assert base + "it/abilities/catchers-instincts.html" in urls


def test_search_results_are_names_and_twins_are_told_apart(site_root: Path) -> None:
    for index in ("search/search_index.json", "it/search/search_index.json"):
        docs = json.loads((site_root / index).read_text(encoding="utf-8"))["docs"]
        pages = {d["location"]: d["title"] for d in docs if "#" not in d["location"]}
        ids = [(loc, t) for loc, t in pages.items()
               if t == loc.rsplit("/", 1)[-1].removesuffix(".html")]
        assert ids == [], ids[:5]  # no result titled by its id
        names = {t for loc, t in pages.items() if loc.startswith("abilities/")}
        assert {"Chainsaw (Abilities)", "Chainsaw (Abilità)"} & names, index
        assert "Chainsaw" not in names
    english = json.loads((site_root / "search/search_index.json").read_text())["docs"]
    script = (site_root / "search/search_index.js").read_text(encoding="utf-8")
    assert script.startswith("var __index = ")  # the same index, for a page opened from disk
    assert json.loads(script.removeprefix("var __index = "))["docs"] == english


# -- on a phone (390×844) ------------------------------------------------------------------
@pytest.fixture()
def phone(browser) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    p = context.new_page()
    yield p
    context.close()


# every table cell: inside the screen, or inside a box that scrolls sideways to it
CUT_OFF_CELLS = """() => {
  const width = window.innerWidth;
  const scroller = el => {  // the nearest box that scrolls sideways and has more to show
    for (let e = el.parentElement; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (['auto', 'scroll'].includes(s.overflowX) && e.scrollWidth > e.clientWidth) return e;
    }
    return null;
  };
  const out = [];
  for (const cell of document.querySelectorAll('article th, article td')) {
    const r = cell.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.left >= -1 && r.right <= width + 1) continue;
    const box = scroller(cell);
    const b = box && box.getBoundingClientRect();
    const reachable = box && b.left >= -1 && b.right <= width + 1 &&
      r.right - b.left + box.scrollLeft <= box.scrollWidth + 1;
    if (!reachable) out.push(cell.textContent.trim().slice(0, 30));
  }
  return out;
}"""


@pytest.mark.parametrize("path", ["teams/human.html", "teams/index.html", "balance.html",
                                  "it/teams/human.html"])
def test_on_a_phone_every_table_column_can_be_reached(phone: Page, base_url: str,
                                                       path: str) -> None:
    phone.goto(f"{base_url}/{path}")
    phone.wait_for_load_state("load")
    widths = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1] + 1, f"the page is wider than the phone: {widths}"
    assert phone.locator("article table").count() > 0
    assert phone.evaluate(CUT_OFF_CELLS) == []
    # and the widest table does overflow (so the check above had something to check)
    wide = phone.evaluate("""() => [...document.querySelectorAll('article table')]
        .some(t => t.getBoundingClientRect().width > window.innerWidth)""")
    assert wide or path == "teams/index.html"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / f"phone-{path.replace('/', '-')}.png"))


def test_on_a_phone_code_is_not_under_the_copy_button(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/abilities/catchers-instincts.html")
    block = phone.locator("article pre:has(> .md-code__nav)").first
    expect(block.locator(".md-code__nav")).to_be_visible()
    nav = block.locator(".md-code__nav").bounding_box()
    code = block.locator("code").bounding_box()
    assert nav and code
    # the code's box (where its text scrolls) ends where the button's gutter begins
    assert code["x"] + code["width"] <= nav["x"] + 0.5, (code, nav)
    scrolls = block.locator("code").evaluate("c => c.scrollWidth > c.clientWidth")
    assert scrolls  # a long line: it would have run under the button


def test_on_a_phone_the_heat_map_is_readable(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/balance.html")
    picture = phone.locator(".heat-map img")
    expect(picture).to_be_visible()
    shown, natural = picture.evaluate("i => [i.getBoundingClientRect().width, i.naturalWidth]")
    assert natural > 390 and shown >= natural - 1  # at its size, not shrunk to the screen
    assert phone.locator(".heat-map").evaluate("d => d.scrollWidth > d.clientWidth")
    cells = phone.locator(".win-rates td")
    narrowest = min(cells.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().width)"))
    assert narrowest >= 30, narrowest
    # the team column stays in sight when the numbers scroll
    wrap = phone.locator(".win-rates .md-typeset__scrollwrap")
    team, far = (phone.locator(".win-rates tbody tr").first.locator("td").nth(i)
                 for i in (0, 8))
    before = far.bounding_box()
    wrap.evaluate("w => w.scrollLeft = 300")
    phone.wait_for_timeout(100)
    box, moved, kept = wrap.bounding_box(), far.bounding_box(), team.bounding_box()
    assert box and before and moved and kept
    assert before["x"] - moved["x"] > 250  # the numbers scrolled
    assert box["x"] - 1 <= kept["x"] <= box["x"] + 20  # the team's name did not
    phone.screenshot(path=str(ARTIFACTS / "phone-balance.png"))


def test_on_a_phone_the_rulings_are_folded(phone: Page, base_url: str) -> None:
    phone.goto(base_url + "/rulings.html")
    rulings = phone.locator("details.ruling")
    assert rulings.count() > 100
    assert phone.locator("details.ruling[open]").count() == 0
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height < 80 * 844, height  # titles, not every ruling in full
    rulings.first.locator("summary").click()
    expect(rulings.first.get_by_text("Question.")).to_be_visible()
    # a link to one ruling opens it
    phone.goto(base_url + "/rulings.html#edition-get-on-with-it")
    expect(phone.locator("details#edition-get-on-with-it")).to_have_attribute("open", "")
    expect(phone.locator("#edition-get-on-with-it").get_by_text("Ruling.")).to_be_visible()
