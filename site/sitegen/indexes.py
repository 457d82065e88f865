"""Section index pages, the rulings log and the home page."""

from __future__ import annotations

from nuffle.sitegen.context import Site, edition_name, esc, table

STATUS = {"rules-as-written": "rules as written", "faq": "FAQ",
          "project-interpretation": "project interpretation"}


def first_sentence(text: str, limit: int = 140) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def index_pages(site: Site) -> None:
    cat = site.catalogue
    teams = cat.of_kind("team")
    rows = []
    for t in teams:
        here = "teams/index.md"
        players = sum(p["count"] for p in t.data["positions"])
        abilities = sorted({a for p in t.data["positions"] for a in p["abilities"]})
        rows.append([site.link("team", t.id, here), str(players),
                     ", ".join(site.link("ability", a, here) for a in abilities) or "–"])
    site.add("teams/index.md", "\n".join(["# Teams", "", "The 13 Blitz Bowl teams. Each team "
                                           "page lists its players, its ball cards and how it "
                                           "fares in simulated games.", "",
                                           table(["Team", "Players", "Abilities"], rows)]))
    for kind, title, intro in (
        ("ability", "Abilities", "Player abilities, printed on the player cards."),
        ("ball", "Ball cards", "The special balls of the Extra Time rules (page 12): two per "
                               "team, drawn when a ball enters play."),
        ("challenge-card", "Challenge cards", "The fronts are the challenges a coach claims "
                                              "for points; the backs are Bonus Plays."),
    ):
        section = {"ability": "abilities", "ball": "balls",
                   "challenge-card": "challenge-cards"}[kind]
        here = f"{section}/index.md"
        groups: dict[str, list] = {}
        for item in cat.of_kind(kind):
            groups.setdefault(item.edition or "", []).append(item)
        out = [f"# {title}", "", intro, ""]
        for edition, items in sorted(groups.items()):
            out += [f"## {esc(edition_name(edition))}", ""]
            head = ["Name", "Text"]
            body = []
            for item in items:
                text = first_sentence(item.data.get("text", ""))
                if kind == "challenge-card":
                    back = item.data.get("bonus_play") or {}
                    head = ["Name", "Points", "Claim if…", "Bonus Play"]
                    body.append([site.link(kind, item.id, here), str(item.data.get("points")),
                                 esc(text), site.link("bonus-play", back["id"], here)
                                 if back else "–"])
                else:
                    body.append([site.link(kind, item.id, here), esc(text)])
            out += [table(head, body), ""]
        site.add(here, "\n".join(out))
    here = "coach-traits/index.md"
    rows = [[str(t.data.get("roll")), site.link("coach-trait", t.id, here),
             esc(first_sentence(t.data.get("text", "")))]
            for t in sorted(cat.of_kind("coach-trait"), key=lambda i: i.data.get("roll", 0))]
    site.add(here, "\n".join(["# Coach traits", "", "After each league match both coaches roll "
                              "2D8 on this table (League rules); a coach may use each trait "
                              "once per game.", "", table(["2D8", "Trait", "Effect"], rows)]))
    here = "tables/index.md"
    rows = [[site.link("table", t.id, here), esc(edition_name(t.edition)), t.data.get("roll", ""),
             t.data.get("category", "")] for t in cat.of_kind("table")]
    site.add(here, "\n".join(["# Tables", "", "Dice tables: the Block dice and bounce chart of "
                              "Blitz Bowl; the Kick-off, Weather and Prayers to Nuffle tables "
                              "of Blood Bowl, per edition.", "",
                              table(["Table", "Edition", "Roll", "Category"], rows)]))
    here = "pitches/index.md"
    rows = [[site.link("pitch", p.id, here), esc(first_sentence(p.data.get("text", "")))]
            for p in cat.of_kind("pitch")]
    site.add(here, "\n".join(["# Pitches", "", table(["Pitch", "About"], rows)]))
    here = "scenarios/index.md"
    rows = [[site.link("scenario", s.id, here), esc(", ".join(s.data.get("tests", [])))]
            for s in cat.of_kind("scenario")]
    site.add(here, "\n".join(["# Scenarios", "", "Positions with scripted dice and decisions "
                              "and what must follow: each is a test the engine passes, and an "
                              "example of a rule ([how to write one](../guide/scenarios.md)).",
                              "", table(["Scenario", "Shows"], rows)]))


def rulings_page(site: Site) -> None:
    here = "rulings.md"
    out = ["# Rulings log", "", "Where the sources are silent or ambiguous, the project decides "
           "and writes the decision here: the question, the ruling, its status and where it "
           "comes from. The engine follows these rulings, and the items they touch link here.",
           ""]
    for r in site.catalogue.of_kind("ruling"):
        d = r.data
        out += [f"## {esc(d.get('title', r.id))} {{#{r.id}}}", "",
                f"*{STATUS.get(d.get('status'), d.get('status'))} · "
                f"{esc(edition_name(d.get('edition')))} · id `{r.id}`*", "",
                f"**Question.** {esc(d.get('question', ''))}", "",
                f"**Ruling.** {esc(d.get('ruling', ''))}", ""]
        refs = []
        for ref in d.get("applies_to", []):
            kind, _, item_id = ref.partition("/")
            if kind == "rules":
                refs.append(f"`{ref}`")
            elif site.catalogue.get(kind, item_id.split("/")[0]):
                refs.append(site.link(kind, item_id.split("/")[0], here))
        if refs:
            out += ["Applies to: " + ", ".join(refs), ""]
        src = d.get("source") or {}
        out += [f"Source: `{src.get('seed', '')}`, {esc(src.get('page', ''))}.", ""]
    site.add(here, "\n".join(out))


def home_page(site: Site) -> None:
    counts = site.catalogue.counts()
    editions = sorted({i.edition for i in site.catalogue.sorted_items() if i.edition})
    out = ["# Nuffle rules reference", "",
           "The rules of the Blitz Bowl and Blood Bowl family of games, generated from the "
           "Nuffle content: every team, ability, ball card, Challenge card and Bonus Play, "
           "coach trait, table and pitch, with its printed text, its rules as the engine runs "
           "them, the rulings behind them, and scenarios that show them in a game.", "",
           "## Finding your way", "",
           "- **Search** (the box at the top) finds any card by name or by words in its text.",
           "- **[Rules](rules/index.md)**: Blitz Bowl Season 2, section by section.",
           "- **[Teams](teams/index.md)**, **[Abilities](abilities/index.md)**, "
           "**[Ball cards](balls/index.md)**, **[Challenge cards](challenge-cards/index.md)**, "
           "**[Coach traits](coach-traits/index.md)**, **[Tables](tables/index.md)**, "
           "**[Pitches](pitches/index.md)**.",
           "- **[Rulings](rulings.md)**: every decision the project made where the rules are "
           "silent.",
           "- **[Balance](balance.md)**: how each team fares against each other in simulated "
           "games; **[Coverage](coverage.md)**: what is implemented and tested.",
           "- **For authors**: the [guide](guide/content-format.md) (content files, the "
           "rules language, checking, scenarios, playing), the "
           "[language reference](language/index.md), the [schemas](schemas/index.md).", "",
           "## Editions covered", ""]
    for e in editions:
        n = sum(1 for i in site.catalogue.sorted_items() if i.edition == e)
        out.append(f"- {esc(edition_name(e))} (`{e}`): {n} items")
    out += ["", "## What is here", "",
            table(["Kind", "Items"], [[k, str(v)] for k, v in counts.items()])]
    site.add("index.md", "\n".join(out))
