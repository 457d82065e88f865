"""Section index pages, the rulings log and the home page. Lists are in the order of the
names the reader sees (in the page's language), never of ids."""

from __future__ import annotations

from nuffle.sitegen.context import EDITION_NAMES, N_, Site, anchor_id, code, esc, table
from nuffle.sitegen.items import (
    KIND_LABELS,
    SKILL_CATEGORIES,
    TABLE_CATEGORIES,
    edition_label,
    shown,
    source_line,
)
from nuffle.sitegen.stale import translation_notice
from nuffle.sitegen.titles import sort_key

from nuffle.catalogue.model import Item

STATUS = {"rules-as-written": N_("rules as written"), "faq": N_("FAQ"),
          "project-interpretation": N_("project interpretation")}


def by_name(items: list[Item]) -> list[Item]:
    """Items in the order of their names (then ids, for two of one name)."""
    return sorted(items, key=lambda i: (sort_key(str(i.data.get("name", i.data.get(
        "title", i.id)))), i.id, i.game))


def first_sentence(text: str, limit: int = 140) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def skills_by_category(site: Site, items: list, here: str) -> list[str]:
    """A Blood Bowl edition's skills, one table per category in the book's order (PBBL
    page 25), each skill with the start of its text."""
    out: list[str] = []
    order = list(SKILL_CATEGORIES)
    for category in sorted({i.data.get("category", "") for i in items},
                           key=lambda c: (order.index(c) if c in order else len(order), c)):
        rows = [[site.link("ability", i.id, here, game=i.game),
                 esc(first_sentence(i.data.get("text", "")))]
                for i in by_name(items)
                if i.data.get("category", "") == category]
        out += [f"### {shown(site, SKILL_CATEGORIES, category)}", "",
                table([site.t("Name"), site.t("Text")], rows), ""]
    return out


def index_pages(site: Site) -> None:
    cat = site.catalogue
    here = "teams/index.md"
    rows = []
    for t in by_name(cat.of_kind("team", "blitz-bowl")):
        players = sum(p["count"] for p in t.data["positions"])
        abilities = sorted({a for p in t.data["positions"] for a in p["abilities"]})
        rows.append([site.link("team", t.id, here, game=t.game), str(players),
                     ", ".join(site.link("ability", a, here, game=t.game)
                               for a in abilities) or "–"])
    out = [site.t("The 13 Blitz Bowl teams. Each team page lists its players, its ball cards "
                  "and how it fares in simulated games."), "",
           table([site.t("Team"), site.t("Players"), site.t("Abilities")], rows), ""]
    lists: dict[str, list[list[str]]] = {}  # Blood Bowl team lists, per edition
    for t in by_name(cat.of_kind("team", "blood-bowl")):
        lists.setdefault(t.edition or "", []).append([
            site.link("team", t.id, here, game=t.game),
            esc(", ".join(p["name"] for p in t.data["positions"])),
            esc(f"{t.data['reroll_cost']:,}")])
    for edition, edition_rows in sorted(lists.items()):
        out += [f"## {edition_label(site, edition)}", "",
                table([site.t("Team"), site.t("Positions"), site.t("Team re-roll")],
                      edition_rows), ""]
    site.add(here, "\n".join(out), site.translation(N_("Teams")))
    for kind, title, intro in (
        ("ability", site.translation(N_("Abilities")),
         site.t("Player abilities, printed on the player cards.")),
        ("ball", site.translation(N_("Ball cards")),
         site.t("The special balls of the Extra Time rules (page 12): two per team, drawn when "
                "a ball enters play.")),
        ("challenge-card", site.translation(N_("Challenge cards")),
         site.t("The fronts are the challenges a coach claims for points; the backs are Bonus "
                "Plays.")),
    ):
        section = {"ability": "abilities", "ball": "balls",
                   "challenge-card": "challenge-cards"}[kind]
        here = f"{section}/index.md"
        groups: dict[str, list] = {}
        for item in by_name(cat.of_kind(kind)):
            groups.setdefault(item.edition or "", []).append(item)
        out = [intro, ""]
        for edition, items in sorted(groups.items()):
            out += [f"## {edition_label(site, edition)}", ""]
            if kind == "ability" and any("category" in i.data for i in items):
                out += skills_by_category(site, items, here)
                continue
            head = [site.t("Name"), site.t("Text")]
            body = []
            for item in items:
                text = first_sentence(item.data.get("text", ""))
                if kind == "challenge-card":
                    back = item.data.get("bonus_play") or {}
                    # TRANSLATORS: the columns of the Challenge cards index; "Claim if…" heads
                    # the start of each card's claim condition
                    head = [site.t("Name"), site.t("Points"), site.t("Claim if…"),
                            site.t("Bonus Play")]
                    body.append([site.link(kind, item.id, here, game=item.game), esc(item.data.get("points")),
                                 esc(text), site.link("bonus-play", back["id"], here)
                                 if back else "–"])
                else:
                    body.append([site.link(kind, item.id, here, game=item.game), esc(text)])
            out += [table(head, body), ""]
        site.add(here, "\n".join(out), title)
    here = "coach-traits/index.md"
    rows = [[esc(t.data.get("roll")), site.link("coach-trait", t.id, here, game=t.game),
             esc(first_sentence(t.data.get("text", "")))]
            for t in sorted(cat.of_kind("coach-trait"), key=lambda i: i.data.get("roll", 0))]
    site.add(here, "\n".join([
        site.t("After each league match both coaches roll 2D8 on this table (League rules); a "
               "coach may use each trait once per game."), "",
        table(["2D8", site.t("Trait"), site.t("Effect")], rows)]), site.translation(N_("Coach traits")))
    here = "tables/index.md"
    rows = [[site.link("table", t.id, here, game=t.game), edition_label(site, t.edition),
             esc(t.data.get("roll", "")), shown(site, TABLE_CATEGORIES, t.data.get("category", ""))]
            for t in by_name(cat.of_kind("table"))]
    site.add(here, "\n".join([
        site.t("Dice tables: the Block dice and bounce chart of Blitz Bowl; the Kick-off, "
               "Weather and Prayers to Nuffle tables of Blood Bowl, per edition."), "",
        table([site.t("Table"), site.t("Edition"), site.t("Roll"), site.t("Category")], rows)]),
        site.translation(N_("Tables")))
    here = "pitches/index.md"
    rows = [[site.link("pitch", p.id, here, game=p.game), esc(first_sentence(p.data.get("text", "")))]
            for p in by_name(cat.of_kind("pitch"))]
    site.add(here, table([site.t("Pitch"), site.t("About")], rows), site.translation(N_("Pitches")))
    here = "scenarios/index.md"
    rows = [[site.link("scenario", s.id, here, game=s.game), esc(", ".join(s.data.get("tests", [])))]
            for s in by_name(cat.of_kind("scenario"))]
    how = "[" + site.t("how to write one") + "](../guide/scenarios.md)"
    site.add(here, "\n".join([
        # TRANSLATORS: {how} is a link to the guide to writing scenarios ("how to write one")
        site.t("Positions with scripted dice and decisions and what must follow: each is a "
               "test the engine passes, and an example of a rule ({how}).", how=how),
        "", table([site.t("Scenario"), site.t("Shows")], rows)]), site.translation(N_("Scenarios")))


def rulings_page(site: Site) -> None:
    """The rulings log: one section per edition, each ruling folded to its title (a phone
    scrolls titles, not 180 rulings in full); a link to a ruling (`rulings.md#id`) lands on
    it and the theme opens it."""
    here = "rulings.md"
    out = [site.t("Where the sources are silent or ambiguous, the project decides and writes "
                  "the decision here: the question, the ruling, its status and where it comes "
                  "from. The engine follows these rulings, and the items they touch link here."),
           ""]
    editions = list(EDITION_NAMES)
    groups: dict[str, list[Item]] = {}
    for r in site.catalogue.of_kind("ruling"):
        groups.setdefault(str(r.data.get("edition") or ""), []).append(r)
    for edition in sorted(groups, key=lambda e: (e not in editions, e in editions
                                                  and editions.index(e), e)):
        rulings = sorted(groups[edition],
                         key=lambda r: (sort_key(str(r.data.get("title", r.id))), r.id))
        # TRANSLATORS: the heading over the rulings that belong to no one edition
        heading = edition_label(site, edition) if edition else site.t("Every game")
        out += [f"## {heading}", ""]
        for r in rulings:
            out += ruling_entry(site, r, here)
    site.add(here, "\n".join(out), site.translation(N_("Rulings log")))


def ruling_entry(site: Site, r: Item, here: str) -> list[str]:
    """One ruling, folded: its title shows, the rest opens on a tap (a `<details>` that
    carries the ruling's anchor); in another language, with the notice of the texts shown
    in English."""
    d = r.data
    status = d.get("status")
    status = site.t(STATUS[status]) if status in STATUS else esc(status)
    src = d.get("source") or {}
    out = [f'<details class="note ruling" id="{anchor_id(r.id)}" markdown="1">',
           f"<summary>{esc(d.get('title', r.id))}</summary>", "",
           f"*{status} · {edition_label(site, d.get('edition'))} · id {code(r.id)}*", ""]
    notice = translation_notice(site, r)  # texts shown in English say so, as on item pages
    if notice:
        out += [notice, ""]
    out += ["**" + site.t("Question.") + f"** {esc(d.get('question', ''))}", "",
            "**" + site.t("Ruling.") + f"** {esc(d.get('ruling', ''))}", ""]
    refs = []
    for ref in d.get("applies_to", []):
        kind, _, item_id = ref.partition("/")
        if kind == "rules":
            refs.append(code(ref))
        else:
            # an item of the ruling's game (of any game, for a ruling with none)
            for target in site.catalogue.find(kind, item_id.split("/")[0], r.game):
                refs.append(site.link(kind, target.id, here, game=target.game))
    if refs:
        # TRANSLATORS: {items} is the list of the cards and rules sections a ruling touches
        out += [site.t("Applies to: {items}", items=", ".join(refs)), ""]
    # TRANSLATORS: where a ruling comes from: {seed} is the source's file name, {page}
    # its page or section
    out += [site.t("Source: {seed}, {page}.", seed=code(src.get("seed", "")),
                   page=esc(src.get("page", ""))) if isinstance(src, dict) and "seed" in src
            else source_line(site, d, r), "", "</details>", ""]
    return out


# the sections the home page lists, in order: (title, index page)
HOME_SECTIONS = ((N_("Teams"), "teams/index.md"), (N_("Abilities"), "abilities/index.md"),
                 (N_("Ball cards"), "balls/index.md"),
                 (N_("Challenge cards"), "challenge-cards/index.md"),
                 (N_("Coach traits"), "coach-traits/index.md"), (N_("Tables"), "tables/index.md"),
                 (N_("Pitches"), "pitches/index.md"))


def home_page(site: Site) -> None:
    counts = site.catalogue.counts()
    editions = sorted({i.edition for i in site.catalogue.sorted_items() if i.edition})

    def strong_link(title: str, target: str) -> str:
        return f"**[{title}]({target})**"

    sections = ", ".join(strong_link(site.t(title), target) for title, target in HOME_SECTIONS)
    out = [site.t("The rules of the Blitz Bowl and Blood Bowl family of games, generated from "
                  "the Nuffle content: every team, ability, ball card, Challenge card and Bonus "
                  "Play, coach trait, table and pitch, with its printed text, its rules as the "
                  "engine runs them, the rulings behind them, and scenarios that show them in a "
                  "game."), "",
           "## " + site.t("Finding your way"), "",
           # TRANSLATORS: {search} is "Search" in bold
           "- " + site.t("{search} (the box at the top) finds any card by name or by words in "
                         "its text.", search="**" + site.t("Search") + "**"),
           # TRANSLATORS: {rules} is a link to the rules pages
           "- " + site.t("{rules}: Blitz Bowl Season 2, section by section.",
                         rules=strong_link(site.t("Rules"), "rules/index.md")),
           # TRANSLATORS: {rules} is a link to the Blood Bowl rules pages (its words are
           # "Blood Bowl", the game's name, the same in every language)
           "- " + site.t("{rules}: a match of Blood Bowl (PBBL 1.10) as the engine plays it, "
                         "chapter by chapter, with its Kick-Off, Weather and Prayers tables.",
                         rules=strong_link("Blood Bowl", "blood-bowl/rules/index.md")),
           f"- {sections}.",
           # TRANSLATORS: {rulings} is a link to the rulings log
           "- " + site.t("{rulings}: every decision the project made where the rules are "
                         "silent.", rulings=strong_link(site.t("Rulings"), "rulings.md")),
           # TRANSLATORS: {balance} and {coverage} are links to the Balance and Coverage pages
           "- " + site.t("{balance}: how each team fares against each other in simulated "
                         "games; {coverage}: what is implemented and tested.",
                         balance=strong_link(site.t("Balance"), "balance.md"),
                         coverage=strong_link(site.t("Coverage"), "coverage.md")),
           # TRANSLATORS: {for_authors} is "For authors" in bold; {guide}, {reference} and
           # {schemas} are links whose words are "guide", "language reference" and "schemas"
           "- " + site.t("{for_authors}: the {guide} (content files, the rules language, "
                         "checking, scenarios, playing), the {reference}, the "
                         "{schemas}.",
                         for_authors="**" + site.t("For authors") + "**",
                         guide="[" + site.t("guide") + "](guide/content-format.md)",
                         reference="[" + site.t("language reference") + "](language/index.md)",
                         schemas="[" + site.t("schemas") + "](schemas/index.md)"), "",
           "## " + site.t("Editions covered"), ""]
    for e in editions:
        n = sum(1 for i in site.catalogue.sorted_items() if i.edition == e)
        # TRANSLATORS: on the home page, after an edition's name: how many items it has, "1
        # item", "42 items"
        items = site.t("{n} item", n=n) if n == 1 else site.t("{n} items", n=n)
        out.append(f"- {edition_label(site, e)} ({code(e)}): {items}")
    out += ["", "## " + site.t("What is here"), "",
            table([site.t("Kind"), site.t("Items")],
                  [[shown(site, KIND_LABELS, k), str(v)] for k, v in counts.items()])]
    site.add("index.md", "\n".join(out), site.translation(N_("Nuffle rules reference")))
