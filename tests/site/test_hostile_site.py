"""A site built from hostile content and hostile translations, in a real browser: no script
runs, no handler fires, none is in the HTML, and the payloads show as the text they are.

The content is a copy of `content/` with script payloads planted in names, texts, rulings,
table entries, positions, scenario data, rules comments and the Italian catalogs
(`hostile.py`). `nuffle site build` refuses such content (it checks first), so the build
goes through the Python API, in a subprocess (the catalogs are cached per process), with
the catalog reader's own translation check switched off: the site's escaping must hold on
its own. Chromium is driven by Playwright as in test_browser.py (these tests never skip).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from nuffle.sitegen.safety import scan_site
from playwright.sync_api import Page, expect

from nuffle.paths import REPO_ROOT
from tests.site.browser import served
from tests.site.hostile import PAYLOADS, make_hostile_content

BUILD = """
import json, sys
from pathlib import Path

import nuffle.i18n.unusable as unusable
import nuffle.sitegen.build as sitebuild
from nuffle.catalogue.loader import load_catalogue
from nuffle.sitegen.safety import UnsafeSite

# translations reach the site as the translators wrote them: the site's guards stand alone
# (each catalog's entries are checked by warn_unusable, for translations.translated)
unusable.translation_problem = lambda english, translation: None
# the balance matrix is simulated from checked content only: a small one stands in
teams = sorted(t.id for t in load_catalogue()[0].of_kind("team"))
tally = {a: {b: [1, 0, 1] for b in teams if b != a} for a in teams}
sitebuild.load_or_simulate = lambda *args, **kwargs: {
    "version": "hostile", "games": 2, "seed": 1, "tally": tally}
try:
    root = sitebuild.build(sitebuild.BuildOptions(out=Path(sys.argv[1])))
except UnsafeSite as exc:
    print(json.dumps({"unsafe": str(exc)}))
else:
    print(json.dumps({"site": str(root)}))
"""
# pages where payloads land, in both languages (and the drawings, opened on their own)
PAGES = ["/", "/abilities/frenzied.html", "/challenge-cards/take-them-down.html",
         "/tables/block-dice.html", "/teams/human.html", "/scenarios/ability-canny-tracker.html",
         "/leagues/blitz-bowl-league.html", "/rulings.html", "/pitches/one-trapdoor.html",
         "/coach-traits/blinding-smile.html", "/balance.html", "/abilities/index.html"]
DRAWINGS = ["/pitches/one-trapdoor.svg", "/balance.svg"]
LIVE_IN_DOM = """() => {
    const handlers = [...document.querySelectorAll('*')].flatMap(el => [...el.attributes]
        .filter(a => a.name.toLowerCase().startsWith('on')).map(a => el.tagName + ' ' + a.name));
    const scripts = [...document.querySelectorAll('script')].filter(
        s => /alert|pwned/.test(s.textContent) ||
             (s.src && !/(bundle\\.[0-9a-f]+\\.min|\\/assets\\/iframe-worker)\\.js$/.test(s.src)));
    const frames = document.querySelectorAll('iframe, object, embed, base, img[src="x"]');
    const links = [...document.querySelectorAll('[href], [src], [action], [formaction]')].filter(
        el => /^\\s*(javascript|vbscript|data):/i.test(el.getAttribute('href') ||
              el.getAttribute('src') || el.getAttribute('action') || el.getAttribute('formaction')));
    return [...handlers, ...scripts.map(s => 'script ' + (s.src || s.textContent.slice(0, 40))),
            ...[...frames].map(f => f.tagName), ...links.map(l => l.tagName + ' link')];
}"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[Path, int]:
    """The hostile site, built; and how many payloads were planted."""
    tmp = tmp_path_factory.mktemp("hostile")
    planted = make_hostile_content(tmp / "content", REPO_ROOT / "content")
    env = {**os.environ, "NUFFLE_CONTENT": str(tmp / "content")}
    done = subprocess.run([sys.executable, "-c", BUILD, str(tmp / "out")], env=env, cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert "unsafe" not in result, result.get("unsafe")
    return Path(result["site"]), planted


@pytest.fixture(scope="module")
def base_url(hostile):
    with served(hostile[0]) as url:
        yield url


@pytest.fixture()
def watched(browser) -> tuple[Page, list[str]]:
    """A page, and every dialog (alert, confirm, prompt) it opens: there must be none."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    dialogs: list[str] = []

    def seen(dialog) -> None:
        dialogs.append(f"{page.url}: {dialog.type} {dialog.message}")
        dialog.dismiss()
    page.on("dialog", seen)
    yield page, dialogs
    context.close()


def test_the_hostile_site_has_no_live_sink(hostile) -> None:
    root, planted = hostile
    sinks = scan_site(root)
    print(f"hostile site payloads: {planted}; live sinks found: {len(sinks)}")
    assert planted >= 50 and sinks == []


def test_payloads_are_shown_as_the_text_they_are(hostile) -> None:
    root, _ = hostile
    page = (root / "abilities" / "frenzied.html").read_text(encoding="utf-8")
    assert "<title>Frenzied &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - " in page
    italian = (root / "it" / "abilities" / "frenzied.html").read_text(encoding="utf-8")
    assert "<title>Frenetico &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; - " in italian
    for lang in ("", "it/"):  # the hostile site.po names in the navigation fall back to English
        home = (root / lang / "index.html").read_text(encoding="utf-8")
        tabs = re.findall(r'class="md-tabs__link">\s*([^<]*?)\s*<', home)
        assert "Teams" in tabs and "Rules" in tabs and not any("alert" in t for t in tabs)


@pytest.mark.parametrize("lang", ["", "/it"])
def test_no_script_runs_on_the_pages_that_hold_payloads(watched, base_url: str,
                                                          lang: str) -> None:
    page, dialogs = watched
    for path in PAGES:
        page.goto(base_url + lang + path)
        page.wait_for_load_state("load")
        heading = page.locator("h1").first
        heading.hover()
        heading.click()
        for cell in page.locator("article td, article h2, article blockquote").all()[:12]:
            cell.hover()  # an injected onmouseover would fire here
        assert page.evaluate(LIVE_IN_DOM) == [], page.url
    page.wait_for_timeout(300)  # an image's onerror fires after the load
    assert dialogs == []


def test_the_title_and_heading_show_the_payload_as_text(watched, base_url: str) -> None:
    page, dialogs = watched
    page.goto(base_url + "/abilities/frenzied.html")
    expect(page).to_have_title(f"Frenzied {PAYLOADS[0]} - Nuffle rules reference")
    expect(page.locator("article h1")).to_contain_text(f"Frenzied {PAYLOADS[0]}")
    expect(page.locator("article blockquote").first).to_contain_text(PAYLOADS[1])
    page.goto(base_url + "/it/tables/block-dice.html")
    expect(page.locator("article h2").first).to_contain_text(f"Mancato {PAYLOADS[2]}")
    assert dialogs == []


def test_drawings_opened_on_their_own_run_nothing(watched, base_url: str) -> None:
    page, dialogs = watched
    for path in DRAWINGS:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        assert page.evaluate(LIVE_IN_DOM) == [], path
    page.wait_for_timeout(300)
    assert dialogs == []


@pytest.mark.parametrize(("lang", "name"), [("", "Frenzied"), ("/it", "Frenetico")])
def test_searching_for_a_payload_runs_nothing(watched, base_url: str, lang: str,
                                              name: str) -> None:
    page, dialogs = watched
    page.goto(base_url + lang + "/")
    search = page.locator("input.md-search__input")
    results = page.locator(".md-search-result__item")
    for query in PAYLOADS[:4]:  # the query itself is shown back ("Missing: …")
        search.click()
        search.fill(query)
        page.wait_for_timeout(500)
        assert page.evaluate(LIVE_IN_DOM) == [], query
    for _ in range(3):  # the index loads in a worker: retry a query typed too early
        search.click()
        search.fill("")
        search.type(name, delay=30)
        try:
            expect(results.first).to_be_visible(timeout=8_000)
            break
        except AssertionError:
            continue
    expect(results.first).to_contain_text(f"{name} {PAYLOADS[0]}")  # a title, as text
    for result in results.all()[:8]:
        result.hover()
    page.wait_for_timeout(300)
    assert page.evaluate(LIVE_IN_DOM) == []
    assert dialogs == []
