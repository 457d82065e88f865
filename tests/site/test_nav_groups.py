"""The Scenarios section in sub-sections (issue 16): with navigation.prune a scenario's page
lists its own sub-section's pages and the other sub-sections' names, not every scenario
(a navigation of every page on every page made the build quadratic); a rebuild renders the
sub-section whose navigation changed, not the whole section. No site build: quick."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from nuffle.sitegen.build import BuildOptions, i18n_config, mkdocs_config, nav, scenario_groups
from nuffle.sitegen.incremental import navigation_signatures, plan


def page(title: str) -> str:
    return f'---\ntitle: {json.dumps(title)}\n---\n\n# {title}\n'


def section(entries: list, name: str) -> list:
    return next(next(iter(e.values())) for e in entries if next(iter(e)) == name)


PAGES = {"scenarios/index.md": page("Scenarios"), "scenarios/b.md": page("Bravo"),
         "scenarios/a.md": page("Alpha"), "scenarios/c.md": page("Charlie"),
         "scenarios/d.md": page("Delta")}
GROUPS = {"scenarios/a.md": "Abilities", "scenarios/b.md": "Rules",
          "scenarios/c.md": "Abilities", "scenarios/d.md": "Special play cards"}


def test_scenarios_are_listed_in_sub_sections_in_a_fixed_order() -> None:
    assert section(nav(PAGES, groups=GROUPS), "Scenarios") == [
        "scenarios/index.md",  # outside the sub-sections, on every scenario's page
        {"Rules": ["scenarios/b.md"]},
        {"Abilities": ["scenarios/a.md", "scenarios/c.md"]},  # by title inside
        {"Special play cards": ["scenarios/d.md"]}]
    # without groups (a caller that has no catalogue), one list as before
    assert section(nav(PAGES), "Scenarios") == [
        "scenarios/index.md", "scenarios/a.md", "scenarios/b.md", "scenarios/c.md",
        "scenarios/d.md"]


def test_the_configuration_carries_the_sub_sections_in_every_language() -> None:
    config = mkdocs_config(BuildOptions(out=Path(".")), PAGES, groups=GROUPS)
    assert {"Rules": ["scenarios/b.md"]} in section(config["nav"], "Scenarios")
    italian = next(lang for lang in config["plugins"][1]["i18n"]["languages"]
                   if lang["locale"] == "it")
    assert {"Rules": ["scenarios/b.md"]} in section(italian["nav"], "Scenarios")
    # navigation.sections would unfold every sub-section on every page
    features = config["theme"]["features"]
    assert "navigation.prune" in features and "navigation.sections" not in features


def test_the_sub_sections_names_are_translated() -> None:
    italian = next(lang for lang in i18n_config()["languages"] if lang["locale"] == "it")
    assert italian["nav_translations"]["Abilities"] == "Abilità"
    assert italian["nav_translations"]["Rulings"] != "Rulings"


def test_a_scenario_goes_under_what_it_shows_first() -> None:
    def scenario(sid: str, game: str, tests: list[str]) -> SimpleNamespace:
        return SimpleNamespace(kind="scenario", id=sid, game=game, data={"tests": tests})
    items = [scenario("s1", "blitz-bowl", ["ability/x", "rules/y"]),
             scenario("s2", "blood-bowl", ["ability/x"]),
             scenario("s3", "blitz-bowl", ["bonus-play/z"]),
             scenario("s4", "blood-bowl", ["special-play-card/w"]),
             scenario("s5", "blitz-bowl", []),
             SimpleNamespace(kind="ability", id="x", game="blitz-bowl", data={})]
    site = SimpleNamespace(catalogue=SimpleNamespace(sorted_items=lambda: items),
                           item_path=lambda item: f"scenarios/{item.id}.md")
    assert scenario_groups(site) == {  # type: ignore[arg-type]
        "scenarios/s1.md": "Abilities", "scenarios/s2.md": "Blood Bowl skills",
        "scenarios/s3.md": "Rules", "scenarios/s4.md": "Special play cards",
        "scenarios/s5.md": "Rules"}


def _state(titles: dict[str, str]) -> tuple[dict, dict]:
    navs = {"en": nav({p: page(t) for p, t in titles.items()}, groups=GROUPS)}
    top, sections, members = navigation_signatures(navs, titles)
    return {"fingerprint": "f", "pages": sorted(titles), "top": top,
            "sections": sections}, members


TITLES = {"scenarios/index.md": "Scenarios", "scenarios/a.md": "Alpha",
          "scenarios/b.md": "Bravo", "scenarios/c.md": "Charlie", "scenarios/d.md": "Delta"}


def test_a_renamed_scenario_renders_its_sub_section_only(built_dir: Path) -> None:
    site = built_dir
    before, _ = _state(TITLES)
    after, members = _state({**TITLES, "scenarios/c.md": "Cee"})
    todo = plan(before, after, members, site)
    assert (todo.full, todo.touch) == (False, ["scenarios/a.md", "scenarios/c.md"])
    # a sub-section's first page is the link every other scenario's page shows for it
    after, members = _state({**TITLES, "scenarios/c.md": "Aaa"})
    assert plan(before, after, members, site).touch == sorted(TITLES)
    # the section's index is on every scenario's page
    after, members = _state({**TITLES, "scenarios/index.md": "All scenarios"})
    assert plan(before, after, members, site).touch == sorted(TITLES)


def test_the_navigation_lists_the_site_languages_once(monkeypatch) -> None:
    """Which pages are translations (`x.it.md`) is told by the site's languages, read from
    the locales folder: once per navigation, not once per page."""
    import nuffle.sitegen.build as build_module
    calls = []

    def counted() -> tuple[str, ...]:
        calls.append(1)
        return ("it",)
    monkeypatch.setattr(build_module, "site_languages", counted)
    pages = {"index.md": page("Home"), "abilities/index.md": page("Abilities"),
             **{f"abilities/a{i}.md": page(f"A{i}") for i in range(20)},
             **{f"abilities/a{i}.it.md": page(f"I{i}") for i in range(20)}}
    entries = nav(pages, "it")
    assert len(calls) == 1
    listed = json.dumps(entries)
    assert "abilities/a3.md" in listed and ".it.md" not in listed
