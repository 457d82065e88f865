"""`nuffle site build` and `serve`: generate the pages, write the MkDocs configuration,
build the static site (strict: a broken link fails the build).

Only files whose text changed are rewritten, so MkDocs' own rebuilds stay small, and a
generated page that no longer exists is removed.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml
from nuffle.sitegen.balance import balance_page, load_or_simulate, team_record
from nuffle.sitegen.context import Site, esc, table
from nuffle.sitegen.coverage import coverage_page, coverage_rows
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
from nuffle.sitegen.markers import expand
from nuffle.sitegen.reference import reference_pages

from nuffle.catalogue.loader import load_catalogue
from nuffle.paths import content_dir, schema_dir

SITE_DIR = Path(__file__).resolve().parents[1]  # the repository's site/ folder
HAND_WRITTEN = SITE_DIR / "docs"
ASSETS = SITE_DIR / "assets"
GUIDE_TITLES = {
    "authoring.md": "Authoring guide", "content-format.md": "Content files",
    "rules-language.md": "The rules language", "checking.md": "Checking content",
    "error-codes.md": "Error codes", "editor-setup.md": "Editor set-up",
    "playing.md": "Playing and simulating", "scenarios.md": "Scenarios",
    "site.md": "Building this website", "translating.md": "Translating",
}


@dataclass
class BuildOptions:
    out: Path
    balance: bool = False  # simulate the balance matrix if it is not cached
    balance_games: int | None = None
    jobs: int = 1
    strict: bool = True


def generate(opts: BuildOptions, progress: Callable[[], None] | None = None) -> Site:
    """The whole docs tree as {path: text}, from the content and the hand-written pages."""
    catalogue, diags, _ = load_catalogue()
    site = Site.of(catalogue)
    from nuffle.sitegen.balance import GAMES_FOR_5_POINTS
    games = opts.balance_games or GAMES_FOR_5_POINTS
    data = load_or_simulate(opts.out / "cache", games, opts.jobs, opts.balance, progress)
    makers = {"ability": ability_page, "ball": ball_page, "challenge-card": card_page,
              "coach-trait": trait_page, "table": table_page, "pitch": pitch_page,
              "scenario": scenario_page, "league": league_page}
    for item in catalogue.sorted_items():
        if item.kind in makers:
            makers[item.kind](site, item)
        elif item.kind == "team":
            team_page(site, item, team_record(site, data, item.id))
    index_pages(site)
    rulings_page(site)
    home_page(site)
    reference_pages(site)
    coverage_page(site, coverage_rows(site, diags, translated_items()))
    balance_page(site, data)
    schema_pages(site)
    for page in sorted(HAND_WRITTEN.glob("*.md")):
        here = f"guide/{page.name}"
        site.add(here, expand(site, page.read_text(encoding="utf-8"), here))
    for page in sorted((HAND_WRITTEN / "rules").glob("*.md")):
        here = f"rules/{page.name}"
        site.add(here, expand(site, page.read_text(encoding="utf-8"), here))
    if "rules/index.md" not in site.pages:
        site.add("rules/index.md", "# Rules\n\nThe rules pages are being written.\n")
    return site


def translated_items() -> dict[str, set[str]]:
    """Per language, the ids of the items whose every text is translated (not fuzzy)."""
    from nuffle.sitegen.coverage import LANGUAGES

    from nuffle.i18n.catalog import load
    from nuffle.i18n.entries import content_entries

    catalogue, _, _ = load_catalogue()
    entries = content_entries(catalogue)
    out: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        po = load(lang)
        done = {e.msgctxt for e in (po or []) if e.msgstr and "fuzzy" not in e.flags
                and not e.obsolete}
        items: dict[str, bool] = {}
        for entry in entries:
            item_id = entry.context.split("/")[1]
            items[item_id] = items.get(item_id, True) and entry.context in done
        out[lang] = {i for i, ok in items.items() if ok}
    return out


def schema_pages(site: Site) -> None:
    rows = []
    for schema in sorted(schema_dir().glob("*.schema.json")):
        site.pages[f"schemas/{schema.name}"] = schema.read_text(encoding="utf-8")
        kind = schema.name.removesuffix(".schema.json")
        rows.append([f"`{kind}`", f"[{schema.name}]({schema.name})"])
    site.add("schemas/index.md", "\n".join([
        "# Schemas", "", "Every content file is checked against the JSON Schema of its "
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
        f"{esc('common.schema.json')} holds the shared definitions the others refer to."]))


def write_tree(docs: Path, pages: dict[str, str]) -> int:
    """Write the pages that changed; remove generated files that are gone. Returns the
    number of files written."""
    written = 0
    for rel, text in pages.items():
        path = docs / rel
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written += 1
    keep = {docs / rel for rel in pages}
    for path in sorted(docs.rglob("*"), reverse=True):
        if path.is_file() and path not in keep and not path.is_relative_to(docs / "assets"):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return written


def nav(pages: dict[str, str]) -> list:
    def titled(folder: str, first: str = "index.md") -> list:
        names = sorted(p for p in pages if p.startswith(folder + "/") and p.endswith(".md"))
        names.sort(key=lambda p: (p != f"{folder}/{first}", p))
        return [p for p in names]
    rules_order = ["index", "turn-sequence", "actions", "statuses", "checks", "blocking",
                   "the-ball", "throwing", "trapdoors", "scoring", "challenge-cards",
                   "bonus-plays", "winning", "extra-time", "leagues"]
    rules = [f"rules/{r}.md" for r in rules_order if f"rules/{r}.md" in pages]
    rules += [p for p in titled("rules") if p not in rules]
    guide = [{GUIDE_TITLES.get(p.split("/")[1], p): p} for p in titled("guide", "authoring.md")]
    return [
        {"Home": "index.md"}, {"Rules": rules}, {"Teams": titled("teams")},
        {"Abilities": titled("abilities")}, {"Ball cards": titled("balls")},
        {"Challenge cards": titled("challenge-cards")},
        {"Coach traits": titled("coach-traits")}, {"Tables": titled("tables")},
        {"Pitches": titled("pitches")}, {"Leagues": titled("leagues")},
        {"Rulings": "rulings.md"},
        {"Scenarios": titled("scenarios")},
        {"Reference": [*titled("language"), "schemas/index.md", "coverage.md", "balance.md"]},
        {"Guide": guide},
    ]


def mkdocs_config(opts: BuildOptions, pages: dict[str, str], dev: bool = False) -> dict:
    config = {
        "site_name": "Nuffle rules reference",
        "site_description": "The Blitz Bowl and Blood Bowl rules, generated from the Nuffle "
                            "content.",
        "docs_dir": "docs",
        "site_dir": "site",
        "strict": opts.strict,
        "use_directory_urls": True,
        "theme": {
            "name": "material",
            "features": ["navigation.tabs", "navigation.sections", "navigation.top",
                         "search.suggest", "search.highlight", "content.code.copy"],
            "palette": {"primary": "green", "accent": "amber"},
        },
        "plugins": ["search"],
        "markdown_extensions": [
            "attr_list", "admonition", "tables", "md_in_html",
            {"toc": {"permalink": True}},
            {"pymdownx.highlight": {"anchor_linenums": False}},
            "pymdownx.superfences",
            "pymdownx.details",
        ],
        "extra_css": ["assets/nuffle.css"],
        "validation": {"links": {"not_found": "warn", "anchors": "warn",
                                 "absolute_links": "warn", "unrecognized_links": "warn"},
                       "nav": {"omitted_files": "info", "not_found": "warn"}},
        "nav": nav(pages),
    }
    if dev:
        config["watch"] = [str(content_dir()), str(HAND_WRITTEN)]
        config["hooks"] = [str(Path(__file__).with_name("serve_hook.py"))]
    return config


def prepare(opts: BuildOptions, dev: bool = False,
            progress: Callable[[], None] | None = None) -> tuple[Path, int]:
    """Generate the docs and the configuration into ``opts.out``; return the config path
    and how many files were written."""
    site = generate(opts, progress)
    docs = opts.out / "docs"
    written = write_tree(docs, site.pages)
    assets = docs / "assets"
    assets.mkdir(parents=True, exist_ok=True)
    for asset in ASSETS.glob("*"):
        target = assets / asset.name
        if not target.exists() or target.read_bytes() != asset.read_bytes():
            shutil.copyfile(asset, target)
    config = opts.out / "mkdocs.yml"
    text = yaml.safe_dump(mkdocs_config(opts, site.pages, dev), sort_keys=False,
                          allow_unicode=True)
    if not config.exists() or config.read_text(encoding="utf-8") != text:
        config.write_text(text, encoding="utf-8")
    return config, written


def build(opts: BuildOptions, progress: Callable[[], None] | None = None) -> Path:
    """Generate and build the static site; return the folder holding it."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    config_path, _ = prepare(opts, progress=progress)
    config = load_config(str(config_path))
    mkdocs_build(config)
    return opts.out / "site"


def serve(opts: BuildOptions, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve with live reload; a change to the content or the hand-written pages
    regenerates the Markdown (see serve_hook.py) and rebuilds."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    config_path, _ = prepare(opts, dev=True)
    SERVE_STATE["opts"] = opts
    mkdocs_serve(str(config_path), open_in_browser=False, livereload=True,
                 dev_addr=f"{host}:{port}")


SERVE_STATE: dict = {}
