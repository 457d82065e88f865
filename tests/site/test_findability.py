"""Finding things on the site (issue 15): lists in the order of names, not ids, in each
language; two pages of one title told apart; an ability's teams listed once; the rulings
log folded; the configuration that makes the site work from disk and ask no one else.

Single pages are built from the bundled catalogue (no site build): quick."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from nuffle.sitegen.blood_bowl_pages import special_play_card_page
from nuffle.sitegen.build import BuildOptions, mkdocs_config, nav, site_url
from nuffle.sitegen.context import Site
from nuffle.sitegen.indexes import index_pages, rulings_page
from nuffle.sitegen.items import ability_page, card_page, table_page
from nuffle.sitegen.titles import sort_key, tell_apart, title_of

from nuffle.catalogue.loader import load_catalogue


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


def page(title: str) -> str:
    """A generated page as `Site.add` writes it."""
    return f'---\ntitle: {json.dumps(title)}\n---\n\n# {title}\n\nText.\n'


def section(entries: list, name: str) -> list:
    return next(next(iter(e.values())) for e in entries if next(iter(e)) == name)


def test_the_navigation_lists_items_by_their_names_in_each_language() -> None:
    pages = {"abilities/index.md": page("Abilities"),
             "abilities/aaa.md": page("Zulu"), "abilities/zzz.md": page("Alpha"),
             "abilities/mmm.md": page("Émile"),  # an accent sorts as its letter
             "abilities/aaa.it.md": page("Alfa"), "abilities/zzz.it.md": page("Zeta")}
    assert section(nav(pages), "Abilities") == [
        "abilities/index.md", "abilities/zzz.md", "abilities/mmm.md", "abilities/aaa.md"]
    # Italian: "Alfa" (aaa) before "Émile" (no Italian page: its English title) before "Zeta"
    assert section(nav(pages, "it"), "Abilities") == [
        "abilities/index.md", "abilities/aaa.md", "abilities/mmm.md", "abilities/zzz.md"]


def test_each_language_gets_its_own_navigation_in_the_configuration() -> None:
    pages = {"teams/index.md": page("Teams"), "teams/b.md": page("Bravo"),
             "teams/a.md": page("Alpha"), "teams/b.it.md": page("Amici"),
             "teams/a.it.md": page("Zeta")}
    config = mkdocs_config(BuildOptions(out=Path(".")), pages)
    assert section(config["nav"], "Teams") == ["teams/index.md", "teams/a.md", "teams/b.md"]
    languages = config["plugins"][1]["i18n"]["languages"]
    italian = next(lang for lang in languages if lang["locale"] == "it")
    assert section(italian["nav"], "Teams") == ["teams/index.md", "teams/b.md", "teams/a.md"]
    # the section titles are still translated by nav_translations
    assert italian["nav_translations"]["Teams"] == "Squadre"


def test_the_site_opens_from_disk_and_asks_no_other_server() -> None:
    config = mkdocs_config(BuildOptions(out=Path(".")), {})
    assert config["use_directory_urls"] is False  # pages are files: no folder listings
    assert {"offline": {}} in config["plugins"]  # search from disk
    assert config["theme"]["font"] is False  # no Google Fonts
    # the worker shim is ours (the offline plugin would add unpkg.com's otherwise)
    assert config["extra"]["polyfills"] == ["assets/iframe-worker.js"]
    assert config["site_url"] == site_url() and site_url().startswith("https://")


def test_the_site_address_comes_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("NUFFLE_SITE_URL", "https://rules.example.org/nuffle")
    assert site_url() == "https://rules.example.org/nuffle/"
    monkeypatch.delenv("NUFFLE_SITE_URL")
    assert site_url() == "https://nuffle.example/"


def test_the_worker_shim_is_the_published_library_with_its_licence() -> None:
    from nuffle.sitegen.build import ASSETS
    shim = (ASSETS / "iframe-worker.js").read_text(encoding="utf-8")
    assert "Permission is hereby granted, free of charge" in shim  # the MIT notice, kept
    assert "window.IFrameWorker=o" in shim and 'location.protocol==="file:"' in shim
    assert "http" not in shim.split("*/", 1)[1]  # it loads nothing from anywhere


def test_a_page_title_is_read_from_front_matter_heading_or_name() -> None:
    assert title_of(page("Ball &amp; Chain"), "x.md") == "Ball & Chain"
    assert title_of("# Blocking\n\ntext", "rules/blocking.md") == "Blocking"
    assert title_of("# Vincere la partita {#winning}\n", "rules/winning.md") == \
        "Vincere la partita"
    assert title_of("no title", "rules/turn-sequence.md") == "turn-sequence"
    assert sort_key("Élite") == sort_key("elite")
    assert sort_key('"Cannot make any more actions"') > sort_key("Blocking")


def test_two_items_of_one_name_are_told_apart(catalogue) -> None:
    site = Site.of(catalogue)
    ability_page(site, catalogue.get("ability", "chainsaw", "blood-bowl"))
    special_play_card_page(site, catalogue.get("special-play-card", "chainsaw", "blood-bowl"))
    for table_id in ("bb2020-weather", "pbbl-weather"):
        table_page(site, catalogue.get("table", table_id, "blood-bowl"))
    for card_id in ("showboat-for-the-crowd", "showboat-for-the-crowd-inspiration"):
        card_page(site, catalogue.get("challenge-card", card_id, "blitz-bowl"))
    site.add("abilities/dodge.md", "Alone with its name.", "Dodge")
    # hand-written pages of one title (the heading's attribute list aside)
    site.pages["rules/winning.md"] = "# Winning {#winning}\n\nBlitz Bowl."
    site.pages["blood-bowl/rules/winning.md"] = "# Winning\n\nBlood Bowl."
    assert tell_apart(site) == 8
    assert site.pages["rules/winning.md"].startswith(
        '---\ntitle: "Winning (Rules)"\n---\n\n# Winning (Rules) {#winning}\n')
    assert title_of(site.pages["blood-bowl/rules/winning.md"], "") == "Winning (Blood Bowl)"
    titles = {path: title_of(text, path) for path, text in site.pages.items()}
    assert titles["abilities/chainsaw.md"] == "Chainsaw (Abilities)"
    assert titles["special-play-cards/chainsaw.md"] == "Chainsaw (Special play cards)"
    assert titles["tables/bb2020-weather.md"] == "Weather Table (Blood Bowl 2020)"
    assert titles["tables/pbbl-weather.md"] == "Weather Table (Blood Bowl PBBL 1.10)"
    # one card printed with two backs: its Bonus Play tells them apart
    assert titles["challenge-cards/showboat-for-the-crowd.md"] == \
        "Showboat for the Crowd! (Accurate Throw)"
    assert titles["challenge-cards/showboat-for-the-crowd-inspiration.md"] == \
        "Showboat for the Crowd! (Inspiration)"
    assert titles["abilities/dodge.md"] == "Dodge"  # a name no other page has: as it was
    # the heading (the search result's title) says it too, escaped like any content text
    assert "\n# Showboat for the Crowd! (Inspiration)\n" in \
        site.pages["challenge-cards/showboat-for-the-crowd-inspiration.md"]


def test_twins_are_told_apart_in_italian_with_italian_words(catalogue) -> None:
    from nuffle.i18n.domains import domain_entries
    from nuffle.i18n.localize import localized_catalogue
    localized, _ = localized_catalogue(catalogue, "it", domain_entries("content", catalogue))
    site = Site.of(localized, "it")
    ability_page(site, localized.get("ability", "chainsaw", "blood-bowl"))
    special_play_card_page(site, localized.get("special-play-card", "chainsaw", "blood-bowl"))
    tell_apart(site)
    assert title_of(site.pages["abilities/chainsaw.md"], "") == "Chainsaw (Abilità)"
    assert title_of(site.pages["special-play-cards/chainsaw.md"], "") == \
        "Chainsaw (Carte speciali)"


def test_an_ability_lists_a_team_once_however_many_positions_have_it(catalogue) -> None:
    site = Site.of(catalogue)
    horns = catalogue.get("ability", "horns", "blood-bowl")
    ability_page(site, horns)
    text = site.pages[site.item_path(horns)]
    # Chaos (PBBL 1.10): the Beastman and the Minotaur both have Horns
    teams = [line for line in text.splitlines() if line.startswith("- [Chaos](")]
    assert len(teams) == 1 and teams[0].endswith(": Beastman, Minotaur"), teams


def test_index_pages_list_items_by_name(catalogue) -> None:
    site = Site.of(catalogue)
    index_pages(site)
    tables = re.findall(r"^\| \[([^\]]+)\]", site.pages["tables/index.md"], re.M)
    assert tables[:3] == ["Block Dice", "Bounce Chart", "Kick-off Event Table"]  # ids: bb2020-…
    scenarios = re.findall(r"^\| \[([^\]]+)\]", site.pages["scenarios/index.md"], re.M)
    assert scenarios == sorted(scenarios, key=sort_key) and len(scenarios) > 50
    # a scenario of each game with one id: each shows its own name, in its place
    assert scenarios.count("Hand-off: an Open team-mate next to the thrower takes the ball "
                           "automatically") == 1


def test_the_rulings_log_folds_each_ruling_under_its_edition(catalogue) -> None:
    site = Site.of(catalogue)
    rulings_page(site)
    text = site.pages["rulings.md"]
    folded = re.findall(r'^<details class="note ruling" id="([^"]+)" markdown="1">$', text,
                        re.M)
    assert len(folded) == len(catalogue.of_kind("ruling")) > 100
    assert "edition-get-on-with-it" in folded  # the anchor other pages link to
    assert text.count("</details>") == len(folded)
    headings = re.findall(r"^## (.+)$", text, re.M)
    # the editions in the order of the site's edition list, then the rulings of no edition
    assert headings == ["Blitz Bowl Season 2", "Blood Bowl 2020", "Blood Bowl PBBL 1.10",
                        "Every game"]


def test_english_only_reference_pages_have_navigation_titles_in_the_language(
        monkeypatch) -> None:
    import nuffle.sitegen.build as build_module
    italian = {"Limits": "Limiti", "Blitz Bowl vocabulary": "Vocabolario di Blitz Bowl"}
    monkeypatch.setattr(build_module, "interface_text",
                        lambda lang, text: italian.get(text, text) if lang == "it" else text)
    pages = {"language/index.md": page("Language reference"),
             "language/blitz-bowl.md": page("Blitz Bowl vocabulary"),
             "limits.md": page("Limits")}
    assert section(nav(pages, "it"), "Reference")[:3] == [
        {"Language reference": "language/index.md"},  # no translation yet: the English
        {"Vocabolario di Blitz Bowl": "language/blitz-bowl.md"}, {"Limiti": "limits.md"}]
    assert section(nav(pages), "Reference")[2] == {"Limits": "limits.md"}
