"""The generated site: built strictly, every item has its page, links work, content text
is escaped, the rules are highlighted, the reference examples check, the balance renders."""

from __future__ import annotations

import json
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from nuffle.interpreter.vocabulary import GAMES, vocabulary
from nuffle.sitegen.balance import balance_page, load_or_simulate, team_record
from nuffle.sitegen.build import BuildOptions, generate, write_tree
from nuffle.sitegen.context import Site, esc
from nuffle.sitegen.items import ability_page, team_page
from nuffle.sitegen.linkcheck import broken_links
from nuffle.sitegen.reference import example_ok, examples
from nuffle.sitegen.safety import scan_site

from nuffle.catalogue.loader import content_id_types, load_catalogue
from nuffle.catalogue.model import Item

KINDS = {"team": "teams", "ability": "abilities", "ball": "balls",
         "challenge-card": "challenge-cards", "coach-trait": "coach-traits", "table": "tables",
         "pitch": "pitches", "scenario": "scenarios"}


pytestmark = pytest.mark.xdist_group("default-site")  # one build for both (with --dist loadgroup)


@pytest.fixture(scope="module")
def built(default_site: Path) -> Path:
    return default_site  # strict: any broken Markdown link fails the build


def test_every_item_has_a_page(built: Path) -> None:
    catalogue, _, _ = load_catalogue()
    site = Site.of(catalogue)  # items of two games with one id: `orc`, `orc--blood-bowl`
    for kind, section in KINDS.items():
        for item in catalogue.of_kind(kind):
            slug = site.slug(kind, item.id, item.game)
            assert (built / section / f"{slug}.html").exists(), (kind, item.id, item.game)
    for page in ("rulings.html", "coverage.html", "balance.html", "language/index.html",
                 "schemas/index.html"):
        assert (built / page).exists(), page


def test_no_broken_internal_link_or_anchor(built: Path) -> None:
    assert broken_links(built) == []


def test_the_link_check_finds_a_broken_link(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<a href="gone/">x</a><a href="#here">y</a>'
                                         '<p id="there"></p>')
    assert broken_links(tmp_path) == ["index.html: gone/", "index.html: #here (no such anchor)"]


def test_rules_are_highlighted_with_the_nuffle_lexer(built: Path) -> None:
    html = (built / "abilities" / "catchers-instincts.html").read_text()
    assert 'class="language-nuffle highlight"' in html or "highlight" in html
    assert '<span class="k">after</span>' in html
    assert '<span class="nf">catch</span>' in html  # an event name
    assert "Rules as interpreted" in html


def test_search_index_has_items_by_name_and_text(built: Path) -> None:
    index = json.loads((built / "search" / "search_index.json").read_text())
    docs = index["docs"]
    assert any(d["title"] == "Catcher's Instincts" or "Catcher&#x27;s Instincts" in d["title"]
               or "Catcher" in d["title"] for d in docs)
    assert any("bouncing ball" in d["text"] for d in docs)


def test_pitch_pages_draw_the_map(built: Path) -> None:
    svg = (built / "pitches" / "one-trapdoor.svg").read_text()
    assert svg.count('class="trapdoor"') == 1
    assert svg.count("sq-blocked") == 10  # the blocked squares of the map
    assert svg.count("sq-endzone-a") == 11


def test_card_pages_show_both_sides(built: Path) -> None:
    html = (built / "challenge-cards" / "take-them-down.html").read_text()
    assert "Claim this card if an opponent was Knocked Down or injured." in html
    assert 'id="bonus-play"' in html and "Sprint" in html


def test_items_sharing_an_id_have_their_own_pages() -> None:
    """Blitz Bowl and Blood Bowl both have an `orc` team: the first game's keeps its page,
    the other's page has its game in its name and its edition in its title, and each page
    shows its own game's players, ball cards and rulings."""
    catalogue, _, _ = load_catalogue()
    site = Site.of(catalogue)
    assert site.path("team", "orc") == site.path("team", "orc", "blitz-bowl") == "teams/orc.md"
    assert site.path("team", "orc", "blood-bowl") == "teams/orc--blood-bowl.md"
    assert site.path("ability", "dodge", "blood-bowl") == "abilities/dodge.md"  # not shared
    for game in ("blitz-bowl", "blood-bowl"):
        team_page(site, catalogue.get("team", "orc", game), None)
    blitz, blood = site.pages["teams/orc.md"], site.pages["teams/orc--blood-bowl.md"]
    assert "Troll" in blood and "Troll" not in blitz
    assert "limpin-squig-ball" in blitz and "limpin-squig-ball" not in blood
    assert "#bb-roster-characteristics" in blood and "#bb-roster-characteristics" not in blitz
    assert 'title: "Orc (Blood Bowl PBBL 1.10)"' in blood and 'title: "Orc"' in blitz
    ability_page(site, catalogue.get("ability", "dodge"))
    assert "[Orc](../teams/orc--blood-bowl.md): Goblin" in site.pages["abilities/dodge.md"]


def test_content_text_is_escaped() -> None:
    catalogue, _, _ = load_catalogue()
    site = Site.of(catalogue)
    real = catalogue.get("ability", "frenzied")
    evil = "Evil <script>alert(1)</script> & *stars* [link](x) {: onclick=\"alert(2)\" }"
    data = dict(real.data, text=evil)
    ability_page(site, Item("ability", "frenzied", real.path, data, real.doc, real.rules))
    page = site.pages["abilities/frenzied.md"]
    html = markdown.markdown(page, extensions=["attr_list", "tables", "meta"])
    tags = start_tags(html)
    assert "script" not in {t for t, _ in tags} and not any(a for _, a in tags if "onclick" in a)
    quote = html.split("<blockquote>")[1].split("</blockquote>")[0]
    assert "<em>" not in quote and "<a " not in quote
    assert unescape(quote.removeprefix("\n<p>").removesuffix("</p>\n")) == evil
    assert esc("a|b") == "a&#124;b"


def start_tags(html: str) -> list[tuple[str, dict]]:
    """Every start tag of ``html`` with its attributes, as a browser's parser reads them."""
    found: list[tuple[str, dict]] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list) -> None:
            found.append((tag, dict(attrs)))
    Reader().feed(html)
    return found


def test_the_site_holds_no_live_sink(built: Path) -> None:
    """The build runs the scan (it would have failed); this says so out loud."""
    assert scan_site(built) == []


def test_reference_examples_all_check_and_cover_the_vocabulary() -> None:
    catalogue, _, _ = load_catalogue()
    found = examples(Site.of(catalogue))
    ids = content_id_types(catalogue)  # rules may name content (`stab`, `loner`)
    for key, example in found.items():
        assert example_ok(example, ids), (key, example.text)
    missing = []
    for game in GAMES:
        v = vocabulary(game)
        for category, names in (("event", v.events), ("effect", v.effects),
                                ("query", v.queries), ("parameter", v.parameters)):
            missing += [(game, category, n) for n in names if (game, category, n) not in found]
    assert not missing, missing


def test_a_second_generation_writes_nothing(tmp_path: Path) -> None:
    opts = BuildOptions(out=tmp_path)
    first = generate(opts)
    assert write_tree(tmp_path / "docs", first.pages) > 100
    assert write_tree(tmp_path / "docs", generate(opts).pages) == 0


def test_balance_matrix_is_simulated_cached_and_drawn(tmp_path: Path) -> None:
    data = load_or_simulate(tmp_path, games=2, jobs=1, run=True)
    assert data is not None
    cached = list(tmp_path.glob("balance/*.json"))
    assert len(cached) == 13 * 12 // 2  # one file per pairing
    again = load_or_simulate(tmp_path, games=2, jobs=1, run=False)  # no simulation: cache
    assert again is not None and again["tally"] == data["tally"]
    assert again["pairings"] == {"simulated": 0, "reused": 78, "unsaved": 0}
    tally = data["tally"]
    assert len(tally) == 13 and all(sum(v) == 2 for row in tally.values() for v in row.values())
    for a in tally:  # each game counted once for each side, mirrored
        for b in tally[a]:
            assert tally[a][b][0] == tally[b][a][2] and tally[a][b][1] == tally[b][a][1]
    catalogue, _, _ = load_catalogue()
    site = Site.of(catalogue)
    balance_page(site, data)
    assert site.pages["balance.svg"].count("<rect") == 13 * 13 + 1
    assert len(team_record(site, data, "orc")) == 12


def test_site_build_refuses_content_with_errors(monkeypatch, capsys, tmp_path: Path) -> None:
    """A content error is reported as a diagnostic, and no page is made from bad content."""
    from nuffle.dsl.diagnostics import Diagnostic

    import nuffle.catalogue.loader as loader
    from nuffle.cli.main import main

    real = loader.load_catalogue

    def broken(*args, **kwargs):
        catalogue, _, docs = real(*args, **kwargs)
        path = next(iter(docs))
        return catalogue, [Diagnostic("S302", "unknown field `nam`", path, 3, 1, 4,
                                      "did you mean `name`?")], docs
    monkeypatch.setattr(loader, "load_catalogue", broken)
    assert main(["site", "build", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "error[S302]: unknown field `nam`" in err and "fix them to build the site" in err
    assert not (tmp_path / "site").exists()
