"""One page per content item: its printed text, its rules (source and as interpreted), its
rulings, where it is used, its source and the scenarios that show it working."""

from __future__ import annotations

from nuffle.sitegen.context import Site, edition_name, esc, table
from nuffle.sitegen.svg import pitch_svg

from nuffle.catalogue.model import Item

SEEDS = {
    "000_ff9920886d8c191d.txt": "Blitz Bowl Season 2 rulebook (English, 2020)",
    "003_ebf824c1784b0023.txt": "Blitz Bowl rulebook, Italian edition (2018)",
    "001_614373aa7a63e92f.txt": "Blood Bowl Living Rulebook 6",
    "004_2450e8f2c1aa331e.txt": "Blood Bowl PBBL Living Rulebook 1.10",
    "002_1746bd746c5d97e0.txt": "Blood Bowl 2020, game sequence chapter",
}
ITEM_BOOST = 4  # item pages first in search results, above the scenarios that name them
TEXT_SOURCES = {"printed": "as printed in the source", "project": "the project's own words",
                "translated": "translated by the project"}


def source_line(data: dict) -> str:
    src = data.get("source") or {}
    seed = src.get("seed", "")
    where = f", {src['page']}" if src.get("page") else ""
    return f"*Source: {esc(SEEDS.get(seed, seed))} (`{seed}`{esc(where)}).*"


def header(item: Item, kind_label: str) -> list[str]:
    out = [f"# {esc(item.data.get('name', item.id))}", "",
           f"*{kind_label} · {esc(edition_name(item.edition))} · id `{item.id}`*", ""]
    if item.data.get("text"):
        out += [f"> {esc(item.data['text'])}", ""]
        note = TEXT_SOURCES.get(item.data.get("text_source", ""))
        if note:
            out += [f"<small>Text: {note}.</small>", ""]
    return out


def rules_section(site: Site, item: Item, path: tuple, title: str = "Rules") -> list[str]:
    text = next((r for r in item.rules if tuple(r.path) == path), None)
    if text is None:
        return []
    out = [f"## {title}", "", "```nuffle", text.source.rstrip(), "```", ""]
    english = site.english(item)
    if english is not None and text.ast is not None:
        sentences = english.sentences(text.ast)
        if sentences:
            out += ["**Rules as interpreted** (what the engine does, in words):", ""]
            out += [f"- {esc(s)}" for s in sentences]
            out.append("")
    return out


def rulings_section(site: Site, item: Item, here: str) -> list[str]:
    ids = list(item.data.get("rulings") or [])
    for ref in (f"{item.kind}/{item.id}",):
        ids += [r.id for r in site.rulings_for.get(ref, []) if r.id not in ids]
    if not ids:
        return []
    out = ["## Rulings", ""]
    for rid in ids:
        ruling = site.catalogue.get("ruling", rid)
        if ruling is None:
            continue
        out.append(f"- {site.link('ruling', rid, here, ruling.data.get('title', rid))}: "
                   f"{esc(ruling.data.get('ruling', ''))}")
    return [*out, ""]


def scenarios_section(site: Site, ref: str, here: str) -> list[str]:
    found = site.scenarios_for.get(ref, [])
    if not found:
        return []
    out = ["## See it in a game", ""]
    out += [f"- Scenario {site.link('scenario', s.id, here)}" for s in found]
    return [*out, ""]


def footer(item: Item) -> list[str]:
    return ["## Source", "", source_line(item.data), ""]


def ability_page(site: Site, item: Item) -> None:
    here = site.path("ability", item.id)
    out = header(item, "Ability")
    out += rules_section(site, item, ("rules",))
    users = site.used_by.get(f"ability/{item.id}", [])
    if users:
        out += ["## Players with it", ""]
        for _, team_id in users:
            team = site.catalogue.get("team", team_id)
            positions = [p["name"] for p in team.data["positions"] if item.id in p["abilities"]]
            out.append(f"- {site.link('team', team_id, here)}: {esc(', '.join(positions))}")
        out.append("")
    out += rulings_section(site, item, here) + scenarios_section(site, f"ability/{item.id}", here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def ball_page(site: Site, item: Item) -> None:
    here = site.path("ball", item.id)
    out = header(item, "Ball card")
    team = item.data.get("team")
    if team and site.catalogue.get("team", team):
        how = "printed on the card" if item.data.get("team_source") == "printed" else \
            "by ruling"
        out += [f"Belongs to the {site.link('team', team, here)} team ({how}).", ""]
    out += rules_section(site, item, ("rules",))
    out += rulings_section(site, item, here) + scenarios_section(site, f"ball/{item.id}", here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def card_page(site: Site, item: Item) -> None:
    here = site.path("challenge-card", item.id)
    data = item.data
    out = header(item, "Endgame Challenge card" if data.get("endgame") else "Challenge card")
    copies = data.get("copies", 1)
    out += [f"**{data.get('points', 0)} point{'s' if data.get('points') != 1 else ''}** to "
            f"claim · {copies} cop{'ies' if copies != 1 else 'y'} in the deck", ""]
    out += rules_section(site, item, ("rules",), "Claim condition")
    out += scenarios_section(site, f"challenge-card/{item.id}", here)
    back = data.get("bonus_play")
    out += ["## Bonus Play", ""]
    if isinstance(back, dict):
        out += [f"### {esc(back['name'])} {{#bonus-play}}", "", f"> {esc(back.get('text', ''))}",
                ""]
        out += rules_section(site, item, ("bonus_play", "rules"), "Bonus Play rules")
        out += scenarios_section(site, f"bonus-play/{back['id']}", here)
    else:
        out += ["This card's back is not known from the sources: it has no Bonus Play "
                "(see the rulings).", ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def trait_page(site: Site, item: Item) -> None:
    here = site.path("coach-trait", item.id)
    out = header(item, f"Coach trait · 2D8 result {item.data.get('roll')}")
    original = (item.data.get("original_text") or {}).get("it")
    if original:
        out += [f"Italian edition: *{esc(original)}*", ""]
    out += rules_section(site, item, ("rules",))
    out += rulings_section(site, item, here)
    out += scenarios_section(site, f"coach-trait/{item.id}", here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def table_page(site: Site, item: Item) -> None:
    here = site.path("table", item.id)
    data = item.data
    out = header(item, f"Table · roll {data.get('roll')} · {data.get('category', '')}")
    for n, entry in enumerate(data.get("entries", [])):
        anchor = f"{entry.get('id')}-{entry.get('roll')}".replace(" ", "")
        out += [f"## {entry.get('roll')}: {esc(entry.get('name', entry.get('id')))} "
                f"{{#{anchor}}}", ""]
        if entry.get("text"):
            out += [f"> {esc(entry['text'])}", ""]
        if entry.get("direction"):
            out += [f"Direction: **{entry['direction']}**.", ""]
        out += rules_section(site, item, ("entries", n, "rules"), "Rules")[1:]
        shown = site.scenarios_for.get(f"table/{item.id}#{entry.get('id')}", [])
        if shown:
            out += ["See it: " + ", ".join(site.link("scenario", s.id, here) for s in shown), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def pitch_page(site: Site, item: Item) -> None:
    here = site.path("pitch", item.id)
    out = header(item, f"Pitch · {item.data['width']} × {item.data['height']} squares")
    svg_name = f"{item.id}.svg"
    site.pages[f"pitches/{svg_name}"] = pitch_svg(item.data)
    out += [f"![The {esc(item.data['name'])}]({svg_name}){{ .pitch-diagram }}", "",
            "Coach A's end zone is at the top (row 0), coach B's at the bottom; trapdoors are "
            "the circles, blocked squares are dark red. Squares are named x,y from the top "
            "left.", ""]
    traps = item.data.get("trapdoors", [])
    if traps:
        out += ["Trapdoors: " + ", ".join(f"`{t['id']}` at {t['x']},{t['y']}" for t in traps), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def team_page(site: Site, item: Item, record: list[list[str]] | None) -> None:
    here = site.path("team", item.id)
    out = header(item, "Team")
    rows = []
    for pos in item.data["positions"]:
        abilities = ", ".join(site.link("ability", a, here) for a in pos["abilities"]) or "–"
        rows.append([esc(pos["name"]), str(pos["count"]), str(pos["move"]), f"{pos['throw']}+",
                     f"{pos['armour']}+", abilities])
    out += ["## Players", "", table(["Position", "Count", "Move", "Throw", "Armour", "Abilities"],
                                    rows), ""]
    balls = [b for kind, b in site.used_by.get(f"team/{item.id}", []) if kind == "ball"]
    if balls:
        out += ["## Ball cards", ""] + [f"- {site.link('ball', b, here)}" for b in balls] + [""]
    if record:
        out += ["## Simulated record", "",
                "Greedy bots, seeded; see [Balance](../balance.md) for how it is made.", "",
                table(["Against", "Games", "Won", "Drawn", "Lost", "Win rate"], record), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)


def scenario_page(site: Site, item: Item) -> None:
    here = site.path("scenario", item.id)
    data = item.data
    out = [f"# {esc(data.get('name', item.id))}", "", f"*Scenario · id `{item.id}`*", ""]
    if data.get("text"):
        out += [esc(data["text"]), ""]
    shows = []
    for ref in data.get("tests", []):
        kind, _, rest = ref.partition("/")
        item_id = rest.split("#")[0]
        if kind in ("ability", "ball", "challenge-card", "coach-trait", "table", "bonus-play") \
                and (site.catalogue.get(kind, item_id) or item_id in site.bonus_plays):
            shows.append(site.link(kind, item_id, here))
        else:
            shows.append(f"`{esc(ref)}`")
    out += ["Shows: " + ", ".join(shows), ""]
    setup = data.get("setup", {})
    out += ["## Position", "", f"{esc(setup.get('home', 'human'))} (home) v "
            f"{esc(setup.get('away', 'dwarf'))} (away) on the "
            f"{esc(setup.get('pitch', 'one-trapdoor'))} pitch.", ""]
    players = setup.get("players") or {}
    if players:
        rows = []
        for pid, spec in players.items():
            at = spec if isinstance(spec, list) else spec.get("at")
            prone = " (Prone)" if isinstance(spec, dict) and spec.get("prone") else ""
            rows.append([f"`{pid}`", f"{at[0]},{at[1]}{prone}"])
        out += [table(["Player", "Square"], rows), ""]
    for title, part in (("With the rule", data), ("Without it", data.get("without"))):
        if not part:
            continue
        out += [f"## {title}", ""]
        if part.get("dice"):
            out += ["Dice: " + ", ".join(f"`{esc(d)}`" for d in part["dice"]), ""]
        if part.get("decisions"):
            out += ["Decisions: " + ", ".join(f"`{esc(d)}`" for d in part["decisions"]), ""]
        out += ["Expected:", "", "```yaml", _yaml(part.get("expect", {})), "```", ""]
    out += ["The test suite runs this scenario; so does `nuffle scenario`.", ""]
    site.add(here, "\n".join(out + [source_line(data)]))


def _yaml(data: dict) -> str:
    import yaml
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88).rstrip()


def league_page(site: Site, item: Item) -> None:
    here = site.path("league", item.id)
    data = item.data
    out = header(item, "League rules")
    points = data.get("points", {})
    out += [f"Each coach plays **{data.get('matches')}** matches. League points: win "
            f"{points.get('win')}, draw {points.get('draw')}, loss {points.get('loss')}.", "",
            "## Awards", ""]
    for award in data.get("awards", []):
        out += [f"### {esc(award['name'])}", "", f"> {esc(award.get('text', ''))}", "",
                f"Measured by {award.get('measure')} ({award.get('pick')}).", ""]
    out += ["Run one between bots with `nuffle league` "
            "([playing and simulating](../guide/playing.md)).", ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(item)), boost=ITEM_BOOST)
