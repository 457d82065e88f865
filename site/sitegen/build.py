"""`nuffle site build` and `serve`: generate the pages, write the MkDocs configuration,
build the static site (strict: a broken link fails the build), then scan it: a live sink
(a script, a handler, a script URL) the theme did not put there fails the build
(safety.py).

Only files whose text changed are rewritten, so MkDocs' own rebuilds stay small, and a
generated page that no longer exists is removed.
"""

from __future__ import annotations

import copy
import html
import json
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from nuffle.interpreter.errors import ContentError
from nuffle.sitegen.balance import (
    balance_page,
    load_or_simulate,
    pairing_counts,
    team_record,
)
from nuffle.sitegen.blood_bowl_pages import (
    special_play_card_page,
    special_play_cards_index,
    star_player_page,
    star_players_index,
)
from nuffle.sitegen.context import N_, Site, code, interface_text, table
from nuffle.sitegen.coverage import coverage_page, coverage_rows
from nuffle.sitegen.fragments import Drawings, write_fragments
from nuffle.sitegen.generation_split import languages_apart
from nuffle.sitegen.incremental import (
    BuildReport,
    Recorder,
    dirty_mode,
    fingerprint,
    forget_state,
    keep_index,
    navigation_signatures,
    plan,
    read_state,
    remove_pages,
    touch,
    write_state,
)
from nuffle.sitegen.indexes import home_page, index_pages, rulings_page
from nuffle.sitegen.items import (
    ability_page,
    ball_page,
    card_page,
    league_page,
    pitch_page,
    scenario_page,
    table_page,
    team_page,
    trait_page,
)
from nuffle.sitegen.languages import (
    language_name,
    search_language,
    site_languages,
    theme_language,
)
from nuffle.sitegen.markers import expand
from nuffle.sitegen.page_memo import PageMemo, item_pages, memo_for
from nuffle.sitegen.postbuild import Finishing, finish_pages, split_search_index
from nuffle.sitegen.reference import limits_page, reference_pages
from nuffle.sitegen.safety import PageScan, check_site
from nuffle.sitegen.template_cache import template_cache
from nuffle.sitegen.titles import sort_key, tell_apart, title_of
from nuffle.sitegen.translation import translation_page
from nuffle.sitegen.written_docs import written_docs

from nuffle.catalogue.loader import content_files
from nuffle.catalogue.model import Catalogue
from nuffle.catalogue.packs import pack_root
from nuffle.paths import schema_dir, site_dir

SITE_DIR = site_dir()  # the hand-written pages and assets: a checkout's site/, or the wheel's copy
HAND_WRITTEN = SITE_DIR / "docs"
# hand-written folders and where their pages go in the site: the guide, the Blitz Bowl rules,
# the Blood Bowl rules
HAND_WRITTEN_FOLDERS = ((HAND_WRITTEN, "guide/"), (HAND_WRITTEN / "rules", "rules/"),
                        (HAND_WRITTEN / "blood-bowl" / "rules", "blood-bowl/rules/"))
ASSETS = SITE_DIR / "assets"
GUIDE_TITLES = {
    "authoring.md": N_("Authoring guide"), "content-format.md": N_("Content files"),
    "rules-language.md": N_("The rules language"), "checking.md": N_("Checking content"),
    "error-codes.md": N_("Error codes"), "editor-setup.md": N_("Editor set-up"),
    "playing.md": N_("Playing and simulating"), "scenarios.md": N_("Scenarios"),
    "site.md": N_("Building this website"), "translating.md": N_("Translating"),
    "engine-design.md": N_("How the engines are built"),
}
NAV_SECTIONS = (N_("Home"), N_("Rules"), N_("Teams"), N_("Star players"), N_("Abilities"),
                N_("Ball cards"), N_("Challenge cards"), N_("Special play cards"),
                N_("Coach traits"), N_("Tables"), N_("Pitches"),
                N_("Leagues"), N_("Rulings"), N_("Scenarios"), N_("Reference"), N_("Guide"))
# TRANSLATORS: the site's name, in the header of every page and the browser's tab
SITE_NAME = N_("Nuffle rules reference")
# where the site is published, for the sitemap and the pages' canonical links: set
# NUFFLE_SITE_URL when publishing; the default is a placeholder of the reserved .example domain
DEFAULT_SITE_URL = "https://nuffle.example/"
# the theme's search runs in a Web Worker, which a page opened from disk cannot start: this
# shim (iframe-worker, MIT, copied in site/assets) stands in for it there and nowhere else
WORKER_SHIM = "assets/iframe-worker.js"
# the reference pages written in English only (english_only_pages): the navigation shows
# their titles in the reader's language all the same
REFERENCE_TITLES = {"language/index.md": N_("Language reference"),
                    "language/blitz-bowl.md": N_("Blitz Bowl vocabulary"),
                    "language/blood-bowl.md": N_("Blood Bowl vocabulary"),
                    "limits.md": N_("Limits"), "schemas/index.md": N_("Schemas")}


# the pages' Markdown settings (quick_markdown.SETTINGS follows them: change both)
MARKDOWN_EXTENSIONS = ["attr_list", "admonition", "tables", "md_in_html",
                       {"toc": {"permalink": True}},
                       {"pymdownx.highlight": {"anchor_linenums": False}},
                       "pymdownx.superfences", "pymdownx.details"]


def site_url() -> str:
    """The site's address: $NUFFLE_SITE_URL, else the placeholder (see site.md)."""
    url = os.environ.get("NUFFLE_SITE_URL", "").strip() or DEFAULT_SITE_URL
    return url if url.endswith("/") else url + "/"


@dataclass
class BuildOptions:
    out: Path
    balance: bool = False  # simulate the balance matrix if it is not cached
    balance_games: int | None = None
    jobs: int = 1
    strict: bool = True
    content: tuple[Path, ...] = ()  # content packs (folders or files) shown beside the bundled
    sweeps: tuple[dict, ...] = ()  # sweeps read by sweep_plot.read_sweep, on the balance page
    # the content as load_site_content returned it, when the caller has loaded it already
    # (`nuffle site build` checks it first): not loaded and checked a second time
    loaded: tuple | None = None


def load_site_content(content: tuple[Path, ...] = ()):
    """The bundled content and the packs' items, all of it: the site shows them together
    (the later files loaded by a helper too, for the content cache: content_prefetch.py)."""
    from nuffle.sitegen.content_prefetch import loading_in_two

    from nuffle.catalogue import loader  # looked up now: a test may stand in for it
    if not content:
        with loading_in_two(content_files()):
            return loader.load_catalogue()
    files = {p.resolve(): p for p in [*content_files(), *content_files(list(content))]}
    with loading_in_two(content_files(list(files.values()))):
        return loader.load_catalogue(list(files.values()), with_bundled=False)


def pack_root_of(path: Path) -> Path:
    """The folder to watch for a pack's file: its pack's root, else its own folder."""
    return pack_root(path) or (path if path.is_dir() else path.parent)


def generate(opts: BuildOptions, progress: Callable[[], None] | None = None,
             apart: bool = False) -> Site:
    """The whole docs tree as {path: text}: the English pages, and each other language's
    beside them as `page.<lang>.md` (mkdocs-static-i18n's suffix layout); ``apart``: the
    other languages' pages may be made in a forked process meanwhile (generation_split.py:
    a build that renders every page)."""
    catalogue, diags, _ = opts.loaded or load_site_content(opts.content)
    from nuffle.sitegen.balance import GAMES_FOR_5_POINTS
    games = opts.balance_games or GAMES_FOR_5_POINTS
    try:
        data = load_or_simulate(opts.out / "cache", games, opts.jobs, opts.balance, progress,
                                extra=content_files(list(opts.content)) if opts.content
                                else (), content=game_content_of(catalogue, diags, opts))
    except ContentError:  # `site serve` mid-edit: the pages show the errors, no matrix
        data = None
    counts = pairing_counts(data)
    if opts.balance and counts is not None:
        print(f"balance matrix: {counts[0]} pairings simulated, {counts[1]} reused from the "
              "cache" + (f", {counts[2]} could not be cached" if counts[2] else ""),
              file=sys.stderr)
    from nuffle.i18n.catalog import status_report
    from nuffle.i18n.domains import DOMAINS, domain_entries
    from nuffle.i18n.entries import content_entries
    from nuffle.i18n.localize import localized_catalogue
    # each computed once; the content's without the notes for translators (not shown here)
    entries = {d: content_entries(catalogue, notes=False) if d == "content"
               else domain_entries(d, catalogue) for d in DOMAINS}
    translated = translated_items(entries["content"])
    report = status_report(list(site_languages()), entries)
    localized = {lang: localized_catalogue(catalogue, lang, entries["content"])
                 for lang in site_languages()}
    site = Site.of(catalogue)
    site.left_english = {lang: missing for lang, (_, missing) in localized.items()}
    memo = memo_for(opts.out)
    memo.start_build()

    def make(lang: str) -> Site:
        other_catalogue, missing = localized[lang]
        other = Site.of(other_catalogue, lang)
        other.untranslated = missing
        return language_site(other, data, diags, translated, report, opts.sweeps, memo)

    with languages_apart(list(localized), make, memo, opts.out, apart) as made:
        language_site(site, data, diags, translated, report, opts.sweeps, memo)
    for lang in localized:
        other = made(lang)
        site.fragments.update(other.fragments)
        for path, text in other.pages.items():
            stem, dot, ext = path.rpartition(".")
            if ext == "md" or site.pages.get(path) != text:  # a drawing with words in it
                site.pages[f"{stem}.{lang}{dot}{ext}"] = text
    memo.save(site.pages)  # for a new process building into the folder (page_memo_file.py)
    return site


def game_content_of(catalogue: Catalogue, diags: list | None,
                    opts: BuildOptions) -> Catalogue | None:
    """What `balance.game_content` loads (the bundled content without its scenarios,
    checked), cut from the site's own content rather than loaded a second time: the same
    items, as each file's items are its own, when the site's content has no error (the
    games' content is then checked) and no pack (None: the games' content is loaded)."""
    if opts.content or any(d.severity == "error" for d in diags or ()):
        return None
    return Catalogue({key: item for key, item in catalogue.items.items()
                      if "scenarios" not in Path(item.path).parts})


def language_site(site: Site, data, diags, translated: dict[str, set[tuple[str, str, str]]],
                  report: dict, sweeps: tuple[dict, ...] = (), memo: PageMemo | None = None
                  ) -> Site:
    """Every page of the site in ``site.lang``; with ``memo``, the item pages whose every
    input is what it was in the last build are given back, not made again (page_memo.py)."""
    makers: dict[str, Callable[..., None]] = {
        "ability": ability_page, "ball": ball_page, "challenge-card": card_page,
        "coach-trait": trait_page, "table": table_page, "pitch": pitch_page,
        "scenario": scenario_page, "league": league_page, "star-player": star_player_page,
        "special-play-card": special_play_card_page, "team": team_page}
    catalogue = site.catalogue
    with item_pages(memo, site, makers) as make:
        for item in catalogue.sorted_items():
            if item.kind == "team":
                # the simulated games are Blitz Bowl's
                record = team_record(site, data, item.id) if item.game == "blitz-bowl" else None
                make("team", item, record)
            elif item.kind in makers:
                make(item.kind, item)
    index_pages(site)
    star_players_index(site)
    special_play_cards_index(site)
    rulings_page(site)
    home_page(site)
    reference_pages(site)
    limits_page(site)
    coverage_page(site, coverage_rows(site, diags, translated))
    balance_page(site, data, sweeps)
    schema_pages(site)
    translation_page(site, hand_written_languages(), report)
    for page, here in hand_written_pages():
        text, translated_page = hand_written(page, site.lang)
        if not translated_page:
            site.untranslated_pages.add(here)
        site.add(here, expand(site, text, here))
    if "rules/index.md" not in site.pages:
        site.add("rules/index.md", "The rules pages are being written.", "Rules")
    if site.lang != "en":
        for here in english_only_pages(site):
            site.untranslated_pages.add(here)
        for here in sorted(site.untranslated_pages):
            site.pages[here] = not_translated_banner(site, here, site.pages[here])
    tell_apart(site)  # two pages of one title (in this language) get what tells them apart
    return site


def _language_of(name: str, langs: tuple[str, ...] | None = None) -> str | None:
    """`actions.it.md` -> "it"; `actions.md` -> None (``langs``: the site's languages, if
    the caller has them: listing the locales folder for each of 1,700 pages was 0.4 s)."""
    parts = name.split(".")
    langs = site_languages() if langs is None else langs
    return parts[-2] if len(parts) >= 3 and parts[-2] in langs else None


def hand_written(page: Path, lang: str) -> tuple[str, bool]:
    """A hand-written page in ``lang`` if it has been translated (`page.<lang>.md`), else the
    English; and whether it is in ``lang``."""
    if lang != "en":
        translation = page.with_name(f"{page.stem}.{lang}.md")
        if translation.exists():
            return translation.read_text(encoding="utf-8"), True
        return page.read_text(encoding="utf-8"), False
    return page.read_text(encoding="utf-8"), True


def hand_written_pages() -> list[tuple[Path, str]]:
    """The English hand-written pages and where each goes in the site (`guide/x.md`,
    `rules/x.md`); their translations sit beside them as `x.<lang>.md`."""
    return [(page, f"{prefix}{page.name}")
            for folder, prefix in HAND_WRITTEN_FOLDERS
            for page in sorted(folder.glob("*.md")) if not _language_of(page.name)]


def hand_written_languages() -> dict[str, dict[str, bool]]:
    """Per hand-written page, per language: translated?"""
    return {here: {lang: page.with_name(f"{page.stem}.{lang}.md").exists()
                   for lang in site_languages()}
            for page, here in hand_written_pages()}


def english_only_pages(site: Site) -> list[str]:
    """Generated pages written for authors in English only: the language reference, the
    limits and the schemas index (their words are the language's keywords, the engine's
    limits and the schemas' fields)."""
    return sorted(p for p in site.pages if p.endswith(".md") and (
        p.startswith("language/") or p in ("schemas/index.md", "limits.md")))


def not_translated_banner(site: Site, here: str, text: str) -> str:
    """The page with an explicit "not yet translated" notice on top (after its front matter),
    so a reader never gets English silently."""
    front = ""
    if text.startswith("---\n"):
        end = text.index("\n---\n", 4) + 5
        front, text = text[:end] + "\n", text[end:].lstrip("\n")
    status = site.rel("translation.md", here)
    title = site.t("Not yet translated").replace('"', "&#34;")
    banner = [f'!!! warning "{title}"',
              # TRANSLATORS: the notice on a hand-written page not yet translated; {status} is
              # the address of the translation-status page (e.g. ../translation.md)
              "    " + site.t("This page has no translation in this language yet: you are "
                             "reading the English text. See the [translation status]({status})"
                             " to help.", status=status), "", ""]
    return front + "\n".join(banner) + text


def translated_items(entries: list) -> dict[str, set[tuple[str, str, str]]]:
    """Per language, the items (catalogue keys: kind, id, game) whose every text is
    translated for its current English (not fuzzy, not made for an older English)."""
    from nuffle.i18n.localize import current_translations

    out: dict[str, set[tuple[str, str, str]]] = {}
    for lang in site_languages():
        done = current_translations(lang)
        items: dict[tuple[str, str, str], bool] = {}
        for entry in entries:
            items[entry.key] = items.get(entry.key, True) \
                and bool(done.get((entry.context, entry.text)))
        out[lang] = {i for i, ok in items.items() if ok}
    return out


def schema_pages(site: Site) -> None:
    rows = []
    for schema in sorted(schema_dir().glob("*.schema.json")):
        site.pages[f"schemas/{schema.name}"] = schema.read_text(encoding="utf-8")
        kind = schema.name.removesuffix(".schema.json")
        rows.append([code(kind), f"[{schema.name}]({schema.name})"])
    site.add("schemas/index.md", "\n".join([
        "Every content file is checked against the JSON Schema of its "
        "`kind`. Download them to get completion and checking in your editor while you "
        "write content; `nuffle check` uses the same schemas and adds the checks a schema "
        "cannot make (rules language, references, tables).", "",
        table(["Kind", "Schema"], rows), "",
        "## In your editor", "",
        "With the YAML extension of VS Code (or any editor using the YAML language server), "
        "map the schemas to the content folders in your settings, for example:", "",
        "```json", '{', '  "yaml.schemas": {',
        '    "content/schemas/ability.schema.json": "content/*/abilities/*.yaml",',
        '    "content/schemas/team.schema.json": "content/*/teams/*.yaml"', '  }', '}', "```",
        "", "Or put a modeline at the top of a file: "
        "`# yaml-language-server: $schema=../../schemas/ability.schema.json`. "
        f"The [editor set-up guide](../guide/editor-setup.md) has the details; "
        f"{code('common.schema.json')} holds the shared definitions the others refer to."]),
        "Schemas")


def write_tree(docs: Path, pages: dict[str, str]) -> int:
    """Write the pages that changed; remove generated files that are gone. Returns the
    number of files written."""
    written = 0
    inside = _inside(docs)
    known = written_docs(docs)  # what this process wrote or read there (written_docs.py)
    for rel, text in pages.items():
        path = docs / rel
        if not inside(rel, path):  # an id is a slug once content is checked
            raise ValueError(f"a generated page would be written outside the site: {rel}")
        held = known.held(rel, path)
        if held is None and path.exists():
            held = known.read(rel, path)
        if held == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        known.note(rel, path, text)
        written += 1
    keep = {docs / rel for rel in pages}
    for path in sorted(docs.rglob("*"), reverse=True):
        if path.is_file() and path not in keep and not path.is_relative_to(docs / "assets"):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written


def _inside(docs: Path) -> Callable[[str, Path], bool]:
    """Whether a page's file lies in ``docs`` once links are followed, as `resolve` says,
    with each folder resolved once (not each of 1,700 pages, which was a third of writing
    them): a path with no `..`, in a folder inside, and not itself a link, is inside."""
    root = docs.resolve()
    folders: dict[Path, bool] = {}

    def inside(rel: str, path: Path) -> bool:
        parent = path.parent
        if parent not in folders:
            folders[parent] = parent.resolve().is_relative_to(root)
        if ".." in rel.split("/") or rel.startswith("/") or path.is_symlink() \
                or not folders[parent]:
            return path.resolve().is_relative_to(root)
        return True
    return inside


# the sub-sections of the Scenarios section, in this order: a scenario goes under what it
# shows first (scenario_groups); each page's navigation then lists its own sub-section's
# pages and the other sub-sections' names, not all the scenarios (navigation.prune)
SCENARIO_GROUPS = (N_("Rules"), N_("Rulings"), N_("Abilities"), N_("Blood Bowl skills"),
                   N_("Ball cards"), N_("Challenge cards"), N_("Coach traits"), N_("Tables"),
                   N_("Special play cards"))
_GROUP_OF_KIND = {"ruling": "Rulings", "ability": "Abilities", "ball": "Ball cards",
                  "challenge-card": "Challenge cards", "coach-trait": "Coach traits",
                  "table": "Tables", "special-play-card": "Special play cards"}


def scenario_groups(site: Site) -> dict[str, str]:
    """Each scenario page's sub-section of the navigation: the kind of the first thing it
    shows; rules, bonus plays, drills and the rest go under the rules. Blood Bowl's
    abilities are its skills, named apart ("Abilities" and "Skills" are one word in
    Italian)."""
    groups = {}
    for item in site.catalogue.sorted_items():
        if item.kind == "scenario":
            tests = item.data.get("tests") or [""]
            kind = str(tests[0]).partition("/")[0]
            group = _GROUP_OF_KIND.get(kind, "Rules")
            if kind == "ability" and item.game == "blood-bowl":
                group = "Blood Bowl skills"
            groups[site.item_path(item)] = group
    return groups


def nav(pages: dict[str, str], lang: str = "en", groups: dict[str, str] | None = None) -> list:
    """The navigation: the pages' paths, each section's pages (after its first) in the order
    of their titles in ``lang`` (a name, not an id, as the reader sees them). ``groups``: the
    scenarios' sub-sections (scenario_groups); without it they are one list."""
    def in_lang(path: str) -> str:
        stem, _, ext = path.rpartition(".")
        return pages.get(f"{stem}.{lang}.{ext}", pages[path]) if lang != "en" else pages[path]

    langs = site_languages()

    def titled(folder: str, first: str = "index.md") -> list:
        names = sorted(p for p in pages if p.startswith(folder + "/") and p.endswith(".md")
                       and not _language_of(p.rsplit("/", 1)[-1], langs))
        names.sort(key=lambda p: (p != f"{folder}/{first}", sort_key(title_of(in_lang(p), p)),
                                  p))
        return [p for p in names]
    def grouped(names: list[str], groups: dict[str, str]) -> list:
        """The section's pages, those of a group under its name (after the ungrouped)."""
        if not any(p in groups for p in names):
            return names
        parts: dict[str, list[str]] = {name: [] for name in SCENARIO_GROUPS}
        for p in names:
            if p in groups:
                parts.setdefault(groups[p], []).append(p)
        return [*(p for p in names if p not in groups),
                *({nav_title(name): part} for name, part in parts.items() if part)]
    rules_order = ["index", "turn-sequence", "actions", "statuses", "checks", "blocking",
                   "the-ball", "throwing", "trapdoors", "scoring", "challenge-cards",
                   "bonus-plays", "winning", "extra-time", "leagues"]
    rules = [f"rules/{r}.md" for r in rules_order if f"rules/{r}.md" in pages]
    rules += [p for p in titled("rules") if p not in rules]
    blood_bowl_order = ["index", "setting-up-and-kick-off", "sequence-of-play", "movement",
                        "blocking", "knock-downs-and-injuries", "passing-and-catching", "fouls",
                        "re-rolls-and-skills", "winning-the-match", "teams-and-inducements"]
    blood_bowl = [f"blood-bowl/rules/{r}.md" for r in blood_bowl_order
                  if f"blood-bowl/rules/{r}.md" in pages]
    blood_bowl += [p for p in titled("blood-bowl/rules") if p not in blood_bowl]
    guide = [{nav_title(GUIDE_TITLES.get(p.split("/")[1], p)): p}
             for p in titled("guide", "authoring.md")]
    return [
        {"Home": "index.md"}, {"Rules": rules},
        *([{"Blood Bowl": blood_bowl}] if blood_bowl else []),  # a name: the same in every language
        {"Teams": titled("teams")}, *([{"Star players": titled("star-players")}]
                                       if titled("star-players") else []),
        {"Abilities": titled("abilities")}, {"Ball cards": titled("balls")},
        {"Challenge cards": titled("challenge-cards")},
        *([{"Special play cards": titled("special-play-cards")}]
          if titled("special-play-cards") else []),
        {"Coach traits": titled("coach-traits")}, {"Tables": titled("tables")},
        {"Pitches": titled("pitches")}, {"Leagues": titled("leagues")},
        {"Rulings": "rulings.md"},
        {"Scenarios": grouped(titled("scenarios"), groups or {})},
        {"Reference": [
            {nav_title(interface_text(lang, REFERENCE_TITLES[p])): p}
            if p in REFERENCE_TITLES else p  # English pages: their titles in the language
            for p in [*titled("language"), "limits.md", "schemas/index.md", "coverage.md",
                      "balance.md", "translation.md"]]},
        {"Guide": guide},
    ]


def nav_title(text: str) -> str:
    """A navigation title as the theme shows it: as HTML, so escaped."""
    return html.escape(text, quote=False)


def i18n_config() -> dict:
    """mkdocs-static-i18n: English at the root, each other language under /<lang>/, with the
    language switcher landing on the same page and the theme's own interface in that language
    (reconfigure_material); search_split.py gives each language its own search index. The
    navigation's titles in each language come from the site catalog, checked and escaped
    like every other interface text."""
    languages: list[dict] = [{"locale": "en", "name": "English", "default": True,
                              "build": True, "site_name": SITE_NAME}]
    for lang in site_languages():
        titles = list(dict.fromkeys([*NAV_SECTIONS, *SCENARIO_GROUPS, *GUIDE_TITLES.values()]))
        languages.append({
            "locale": lang, "name": language_name(lang), "build": True,
            "site_name": interface_text(lang, SITE_NAME),
            "nav_translations": {nav_title(t): nav_title(interface_text(lang, t))
                                 for t in titles},
            # the theme's own words: a language it lacks falls back (languages.py)
            **({"theme": {"language": theme_language(lang)}}
               if theme_language(lang) != lang else {})})
    # reconfigure_search would drop a translated page whose text equals the English one
    # from the index; the index is split per language after the build instead
    return {"docs_structure": "suffix", "fallback_to_default": True,
            "reconfigure_material": True, "reconfigure_search": False, "languages": languages}


def mkdocs_config(opts: BuildOptions, pages: dict[str, str],
                  groups: dict[str, str] | None = None) -> dict:
    """The MkDocs configuration; ``groups``: the scenarios' sub-sections (scenario_groups)."""
    config: dict[str, Any] = {
        "site_name": "Nuffle rules reference",
        "site_description": "The Blitz Bowl and Blood Bowl rules, generated from the Nuffle "
                            "content.",
        "docs_dir": "docs",
        "site_dir": "site",
        "site_url": site_url(),  # the sitemap's addresses are absolute
        "strict": opts.strict,
        # pages are `x.html`, not `x/`: opened from disk, a link to a folder shows a listing
        # (the offline plugin sets this too)
        "use_directory_urls": False,
        "theme": {
            "name": "material",
            # navigation.prune: a page holds the navigation of its own section only (the
            # others are one link each), so a page's HTML depends on its section and not on
            # every title of the site; it makes the build several times faster and lets a
            # rebuild re-render only the sections whose navigation changed (incremental.py).
            # No navigation.sections: it would unfold every sub-section of the Scenarios
            # (scenario_groups) on every scenario's page; without it the page's own
            # sub-section is open and the others are one link each
            "features": ["navigation.tabs", "navigation.prune",
                         "navigation.top", "search.suggest", "search.highlight",
                         "content.code.copy"],
            "palette": {"primary": "green", "accent": "amber"},
            "font": False,  # the reader's system fonts: no request to Google Fonts
        },
        # offline: search works from disk (the index as a script, each language's written by
        # split_search_index; the worker shim from our assets, not from unpkg.com)
        "plugins": [{"search": {"lang": list(dict.fromkeys(
            ["en", *(search_language(x) for x in site_languages())]))}}, {"i18n": i18n_config()},
                    {"offline": {}}],
        "markdown_extensions": copy.deepcopy(MARKDOWN_EXTENSIONS),
        "extra_css": ["assets/nuffle.css", "assets/cards.css"],
        "validation": {"links": {"not_found": "warn", "anchors": "warn",
                                 "absolute_links": "warn", "unrecognized_links": "warn"},
                       "nav": {"omitted_files": "info", "not_found": "warn"}},
        "nav": nav(pages, groups=groups),
        "extra": {"polyfills": [WORKER_SHIM]},
    }
    for language in config["plugins"][1]["i18n"]["languages"]:
        if not language.get("default"):  # each language's items in the order of its names
            language["nav"] = nav(pages, language["locale"], groups)
    return config


def prepare(opts: BuildOptions,
            progress: Callable[[], None] | None = None) -> tuple[Path, int]:
    """Generate the docs and the configuration into ``opts.out``; return the config path
    and how many files were written."""
    config_path, written, _, _ = _prepare(opts, progress)
    return config_path, written


def _prepare(opts: BuildOptions,
             progress: Callable[[], None] | None = None, apart: bool = False
             ) -> tuple[Path, int, dict[str, str], dict[str, Any]]:
    """`prepare`, also returning the pages and the configuration (``apart``: as
    `generate`'s)."""
    site = generate(opts, progress, apart)
    docs = opts.out / "docs"
    written = write_tree(docs, site.pages)
    write_fragments(opts.out, site.fragments)
    assets = docs / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    for asset in ASSETS.glob("*"):
        target = assets / asset.name
        if not target.exists() or target.read_bytes() != asset.read_bytes():
            shutil.copyfile(asset, target)
    config = opts.out / "mkdocs.yml"
    settings = mkdocs_config(opts, site.pages, scenario_groups(site))
    text = config_text(settings)
    if not config.exists() or config.read_text(encoding="utf-8") != text:
        config.write_text(text, encoding="utf-8")
    return config, written, site.pages, settings


def config_text(settings: dict[str, Any]) -> str:
    """The configuration as `yaml.safe_dump` writes it, by libyaml's emitter where PyYAML
    has it (the same text, several times faster: both navigations name every page)."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(settings, Dumper=dumper, sort_keys=False, allow_unicode=True)


def loaded_config(path: Path, settings: dict[str, Any]) -> Any:
    """MkDocs' configuration as it loads ``path``, which holds ``settings``, given as they
    are rather than read back from the file (MkDocs' YAML reader, in pure Python, took a
    tenth of a second over both navigations)."""
    import io

    from mkdocs.config import load_config
    plain = json.loads(json.dumps(settings))  # the types YAML gives back; MkDocs' to change
    return load_config(io.StringIO("{}"), config_file_path=str(path), **plain)


def build(opts: BuildOptions, progress: Callable[[], None] | None = None) -> Path:
    """Generate and build the static site; return the folder holding it."""
    return build_site(opts, progress).site


def build_site(opts: BuildOptions, progress: Callable[[], None] | None = None,
               incremental: bool = True, parallel: bool = True) -> BuildReport:
    """Generate and build the static site, rendering only the pages that can have changed
    since the last build into ``opts.out`` (incremental.py; ``incremental=False`` renders
    everything); a full build renders the languages in two processes where it can
    (parallel.py; ``parallel=False``: one after the other). Return what was done. The
    garbage collector runs less often meanwhile (gc_pacing.py)."""
    from nuffle.sitegen.gc_pacing import fewer_collections
    with fewer_collections() as settle:
        return _build_site(opts, progress, incremental, parallel, settle)


def _build_site(opts: BuildOptions, progress: Callable[[], None] | None, incremental: bool,
                parallel: bool, settle: Callable[[], None]) -> BuildReport:
    """`build_site`; ``settle`` is called once the pages are made (gc_pacing.py)."""
    from mkdocs.commands.build import build as mkdocs_build
    from nuffle.sitegen.highlight_cache import cached_highlighting
    from nuffle.sitegen.i18n_files import NAME as I18N_FILES
    from nuffle.sitegen.i18n_files import kept_i18n_files
    from nuffle.sitegen.parallel import build_split, can_split
    from nuffle.sitegen.render_speed import faster_rendering
    from nuffle.sitegen.theme_files import kept_theme_files

    previous = read_state(opts.out) if incremental else None
    forget_state(opts.out)
    # a build with no previous one to compare with renders every page: the languages'
    # pages are made in two processes where they can be (generation_split.py)
    config_path, written, pages, settings = _prepare(opts, progress=progress,
                                                     apart=parallel and previous is None)
    navs = {"en": settings["nav"]}
    for language in settings["plugins"][1]["i18n"]["languages"]:
        if not language.get("default"):
            navs[language["locale"]] = language["nav"]
    titles = {path: title_of(text, path) for path, text in pages.items()
              if path.endswith(".md")}
    top, sections, members = navigation_signatures(navs, titles)
    state = {"fingerprint": fingerprint(settings), "pages": sorted(titles), "top": top,
             "sections": sections}
    site_dir = opts.out / "site"
    todo = plan(previous, state, members, site_dir)
    config = loaded_config(config_path, settings)
    settle()  # what is alive now lives through the rendering
    recorder = Recorder(None if todo.full else (previous or {}).get("titles"))
    config.plugins["nuffle/recorder"] = recorder
    config.plugins["nuffle/drawings"] = Drawings(opts.out)
    config.plugins["nuffle/templates"] = template_cache()  # compiled once (template_cache.py)
    # each page finished and scanned as it is written, the last plugin to see it
    finishing = Finishing(site_languages(), PageScan())
    config.plugins["nuffle/finishing"] = finishing  # (parallel.FINISHING)
    index = None
    # each distinct code block highlighted once; less per-page work (render_speed.py), and
    # a full build reuses the pages of the last full build (a rebuild renders few pages: it
    # neither reads nor rewrites the kept pages of the whole site)
    with cached_highlighting(), faster_rendering(cache=todo.full), \
            kept_i18n_files(opts.out / "cache" / I18N_FILES), kept_theme_files():
        if todo.full and parallel and can_split(config):
            index = build_split(config, recorder)  # the languages in two processes
        elif todo.full:
            mkdocs_build(config)
        else:
            touch(opts.out / "docs", todo.touch)
            with dirty_mode():
                mkdocs_build(config, dirty=True)
    # the theme's 404 page is rendered by every build, partial or not
    rendered = None if todo.full else set(recorder.rendered) | {
        p for p in ("404.html", *(f"{lang}/404.html" for lang in site_languages()))
        if (site_dir / p).exists()}
    if not todo.full:  # the pages removed since the last build: no longer in the site
        remove_pages(site_dir, todo.gone)
    merged = keep_index(site_dir, rendered, todo.kept_index, set(todo.gone))
    split_search_index(site_dir, site_languages(), index=index if rendered is None else merged,
                       rebase=False, scan=finishing.scan)  # each index scanned as written
    finish_pages(site_dir, site_languages(), rendered, set(finishing.pages))  # the 404s
    # UnsafeSite (an Abort: `nuffle site build` exits 1)
    check_site(site_dir, rendered, finishing.scan)
    known = {} if todo.full else {page: title for page, title in (
        (previous or {}).get("titles", {}).items()) if page not in todo.gone}
    write_state(opts.out, {**state, "titles": {**known, **recorder.titles}})
    return BuildReport(site_dir, todo.full, todo.reason, written, sorted(recorder.rendered),
                       len(memo_for(opts.out).made))
