"""One page per content item: its printed text, its rules (source and as interpreted), its
rulings, where it is used, its source and the scenarios that show it working."""

from __future__ import annotations

from typing import Any

from nuffle.interpreter.games import GAMES
from nuffle.sitegen.card_faces import ball_card, challenge_cards, player_cards
from nuffle.sitegen.context import (
    EDITION_NAMES,
    N_,
    Site,
    anchor_id,
    code,
    esc,
    fence,
    table,
)
from nuffle.sitegen.dice_pictures import table_picture
from nuffle.sitegen.scenario_svg import scenario_figure
from nuffle.sitegen.stale import translation_notice
from nuffle.sitegen.svg import pitch_svg

from nuffle.catalogue.model import Item
from nuffle.catalogue.packs import URL, homebrew_author, is_homebrew

# where a Blood Bowl scenario may put a player off the pitch (PBBL page 12: the Dugout's boxes;
# page 24: sent off)
DUGOUT_BOXES = {"reserves": N_("Reserves box"), "knocked-out": N_("KO'd box"),
                "casualty": N_("Dead & Injured box"), "sent-off": N_("Sent off")}

SEEDS = {
    "000_ff9920886d8c191d.txt": N_("Blitz Bowl Season 2 rulebook (English, 2020)"),
    "003_ebf824c1784b0023.txt": N_("Blitz Bowl rulebook, Italian edition (2018)"),
    "001_614373aa7a63e92f.txt": N_("Blood Bowl Living Rulebook 6"),
    "004_2450e8f2c1aa331e.txt": N_("Blood Bowl PBBL Living Rulebook 1.10"),
    "002_1746bd746c5d97e0.txt": N_("Blood Bowl 2020, game sequence chapter"),
}
ITEM_BOOST = 4  # item pages first in search results, above the scenarios that name them
TEXT_SOURCES = {"printed": N_("as printed in the source"),
                "project": N_("the project's own words"),
                "translated": N_("translated by the project")}
# the names of the editions (`edition_name` in context.py), marked here for the site catalog
EDITION_LABELS = (N_("Blitz Bowl Season 2"), N_("Blitz Bowl (2018)"), N_("Blood Bowl 2020"),
                  N_("Blood Bowl PBBL 1.10"), N_("Blood Bowl LRB6"))
# the directions of the bounce chart's rows, as the content names them
DIRECTIONS = {d: d for d in (
    N_("north"), N_("north-east"), N_("east"), N_("south-east"), N_("south"),
    N_("south-west"), N_("west"), N_("north-west"))}
# the categories of the dice tables, as the content names them
TABLE_CATEGORIES = {c: c for c in (
    N_("block-dice"), N_("bounce-chart"), N_("kick-off"), N_("weather"),
    N_("prayers-to-nuffle"))}
# the Blood Bowl skill categories, in the order the book groups them (PBBL page 25)
SKILL_CATEGORIES = {
    "general": N_("General"), "agility": N_("Agility"), "passing": N_("Passing"),
    "strength": N_("Strength"), "mutation": N_("Mutation"),
    "extraordinary": N_("Extraordinary")}
# the kinds of content, as the coverage and home pages name them
KIND_LABELS = {k: k for k in (
    N_("ability"), N_("ball"), N_("challenge-card"), N_("coach-trait"), N_("glossary"),
    N_("league"), N_("pitch"), N_("ruling"), N_("scenario"), N_("table"), N_("team"),
    N_("star-player"), N_("special-play-card"))}
# what a league award measures, and whether the most or the fewest wins it
AWARD_WORDS = {w: w for w in (
    N_("league-points"), N_("injuries-caused"), N_("challenge-cards-claimed"), N_("most"),
    N_("fewest"))}


def shown(site: Site, words: dict[str, str], value: object) -> str:
    """A content value from a closed set (a direction, a category) in the site's language,
    as Markdown; a value the set does not know is shown as it is, escaped."""
    text = str(value)
    return site.t(words[text]) if text in words else esc(text)


def edition_label(site: Site, ed: str | None) -> str:
    """An edition's name in the site's language, as Markdown (an edition the site does not
    know is shown as its id, escaped)."""
    return site.t(EDITION_NAMES[ed]) if ed in EDITION_NAMES else esc(ed or "")


def source_line(site: Site, data: dict, item: Item | None = None) -> str:
    """Where the item comes from: a rulebook and its page, or, for an author's own content,
    "Homebrew: by …" (never a rulebook it is not in)."""
    if is_homebrew(data):
        return homebrew_line(site, data, item)
    src = data.get("source") or {}
    seed = src.get("seed", "")
    where = f", {src['page']}" if src.get("page") else ""
    # TRANSLATORS: the line that names where an item comes from: {source} is the book,
    # {seed} its file name, {where} the page or section (with its leading comma)
    text = site.t("Source: {source} ({seed}{where}).",
                  source=site.t(SEEDS[seed]) if seed in SEEDS else esc(seed), seed=code(seed),
                  where=esc(where))
    return f"*{text}*"


def homebrew_line(site: Site, data: dict, item: Item | None) -> str:
    source = data.get("source")
    if item is not None:
        author, document, url = homebrew_author(site.catalogue, item)
    elif isinstance(source, dict):
        author, document, url = (str(source.get("homebrew", "")), source.get("document"),
                                 source.get("url"))
    else:
        author, document, url = "", None, None
    page = source.get("page") if isinstance(source, dict) else None
    where = ", ".join(esc(w) for w in (document, page) if w)
    # TRANSLATORS: the source line of an item an author wrote, not from a rulebook: {author}
    # is their name, {where} their document and page (with its leading comma, or nothing)
    text = site.t("Homebrew: by {author}{where}.", author=esc(author), where=f", {where}"
                  if where else "") if author else \
        site.t("Homebrew: written by its author, not from a rulebook{where}.",
               where=f" ({where})" if where else "")
    # the address matched the schema's pattern (http(s), no spaces, quotes or brackets)
    link = f" <{url}>" if isinstance(url, str) and URL.fullmatch(url) else ""
    return f"*{text}*{link}"


def page_title(site: Site, item: Item) -> str:
    """The item's name, the title of its page (plain text: `Site.add` escapes it); with its
    edition where an item of another game has the same kind and id ("Orc (Blood Bowl PBBL
    1.10)"), so the navigation tells the two apart."""
    name = str(item.data.get("name", item.id))
    if site.catalogue.qualifier(item):
        return f"{name} ({site.translation(EDITION_NAMES.get(item.edition or '', item.game))})"
    return name


def header(site: Site, item: Item, kind_label: str) -> list[str]:
    """Under the page's title: its kind (``kind_label``, Markdown in the site's language),
    edition and id, and its printed text."""
    # TRANSLATORS: beside an item's kind and edition: an item its author wrote, not printed
    homebrew = " · **" + site.t("Homebrew") + "**" if is_homebrew(item.data) else ""
    out = [f"*{kind_label} · {edition_label(site, item.edition)} · id {code(item.id)}*"
           f"{homebrew}", ""]
    notice = translation_notice(site, item)  # texts shown in English: stale or missing
    if notice:
        out[0] = f"{notice}\n\n{out[0]}"  # one element: what others insert at [2] stays put
    if item.data.get("text"):
        out += [f"> {esc(item.data['text'])}", ""]
        note = TEXT_SOURCES.get(item.data.get("text_source", ""))
        if note:
            # TRANSLATORS: under a card's text: where the words come from ("as printed in
            # the source", "the project's own words", "translated by the project")
            said = site.t("Text: {note}.", note=site.t(note))
            out += [f"<small>{said}</small>", ""]
    return out


def rules_section(site: Site, item: Item, path: tuple, title: str | None = None) -> list[str]:
    """The item's rules at ``path``: the source, then in words; ``title`` (in the site's
    language) is the section's heading, "Rules" if not given."""
    text = next((r for r in item.rules if tuple(r.path) == path), None)
    if text is None:
        return []
    title = site.t("Rules") if title is None else title
    out = [f"## {title}", "", fence(text.source.rstrip(), "nuffle"), ""]
    english = site.english(item)
    if english is not None and text.ast is not None:
        sentences = english.sentences(text.ast)
        if sentences:
            # TRANSLATORS: introduces the list of sentences that say what the engine does
            # with a card's rules (the rules written in the rules language, put into words)
            out += [site.t("**Rules as interpreted** (what the engine does, in words):"), ""]
            out += [f"- {esc(s)}" for s in sentences]
            out.append("")
    return out


def rulings_section(site: Site, item: Item, here: str) -> list[str]:
    ids = list(item.data.get("rulings") or [])
    for ref in (f"{item.kind}/{item.id}",):
        ids += [r.id for r in site.same_game(item, site.rulings_for.get(ref, []))
                if r.id not in ids]
    if not ids:
        return []
    out = ["## " + site.t("Rulings"), ""]
    for rid in ids:
        ruling = site.catalogue.get("ruling", rid, item.game)
        if ruling is None:
            continue
        out.append(f"- {site.link('ruling', rid, here, ruling.data.get('title', rid))}: "
                   f"{esc(ruling.data.get('ruling', ''))}")
    return [*out, ""]


def scenarios_section(site: Site, ref: str, here: str, game: str | None = None) -> list[str]:
    """The scenarios that show ``ref`` (those of ``game``, if given: ids are shared across
    games)."""
    found = [s for s in site.scenarios_for.get(ref, []) if game is None or s.game in ("", game)]
    if not found:
        return []
    out = ["## " + site.t("See it in a game"), ""]
    # TRANSLATORS: a list item under "See it in a game": {scenario} is the scenario's name as a
    # link, "Scenario Dodge away"
    out += ["- " + site.t("Scenario {scenario}", scenario=site.link("scenario", s.id, here))
            for s in found]
    return [*out, ""]


def footer(site: Site, item: Item) -> list[str]:
    return ["## " + site.t("Source"), "", source_line(site, item.data, item), ""]


def ability_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    category = item.data.get("category")
    # TRANSLATORS: the kind of a Blood Bowl skill's page, then its category ("Agility")
    out = header(site, item, site.t("Skill") + " · " + shown(site, SKILL_CATEGORIES, category)
                 if category else site.t("Ability"))
    out += rules_section(site, item, ("rules",))
    # a team once, however many of its positions have the ability
    users = list(dict.fromkeys((t, g) for _, t, g in site.used_by.get(f"ability/{item.id}", [])
                               if g == item.game))
    if users:
        out += ["## " + site.t("Players with it"), ""]
        for team_id, game in users:
            team = site.catalogue.get("team", team_id, game)
            assert team is not None  # used_by names the teams of this catalogue
            positions = [p["name"] for p in team.data["positions"]
                         if item.id in p.get("abilities", p.get("skills", []))]
            out.append(f"- {site.link('team', team_id, here, game=game)}: "
                       f"{esc(', '.join(positions))}")
        out.append("")
    out += rulings_section(site, item, here) + scenarios_section(site, f"ability/{item.id}", here, item.game)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def ball_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    out = header(site, item, site.t("Ball card"))
    out[2:2] = ball_card(site, item)  # the card drawn, above its text
    team = item.data.get("team")
    if team and site.catalogue.get("team", team, item.game):
        how = site.t("printed on the card") if item.data.get("team_source") == "printed" else \
            site.t("by ruling")
        # TRANSLATORS: {team} is a link to the team's page; {how} is "printed on the card"
        # or "by ruling"
        out += [site.t("Belongs to the {team} team ({how}).",
                       team=site.link("team", team, here, game=item.game), how=how), ""]
    out += rules_section(site, item, ("rules",))
    out += rulings_section(site, item, here) + scenarios_section(site, f"ball/{item.id}", here, item.game)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def card_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    data = item.data
    out = header(site, item, site.t("Endgame Challenge card") if data.get("endgame")
                 else site.t("Challenge card"))
    out[2:2] = challenge_cards(site, item)  # front and back drawn, above its text
    copies = data.get("copies", 1)
    points = data.get("points", 0)
    # TRANSLATORS: a Challenge card's worth, "1 point", "3 points", and its number of copies in
    # the deck, "1 copy", "2 copies"
    worth = site.t("{n} point", n=esc(points)) if data.get("points") == 1 else \
        site.t("{n} points", n=esc(points))
    deck = site.t("{n} copy", n=esc(copies)) if copies == 1 else \
        site.t("{n} copies", n=esc(copies))
    # TRANSLATORS: under a Challenge card's text: {points} is "3 points" (in bold), {copies}
    # is "2 copies"
    out += [site.t("{points} to claim · {copies} in the deck", points=f"**{worth}**",
                   copies=deck), ""]
    out += rules_section(site, item, ("rules",), site.t("Claim condition"))
    out += scenarios_section(site, f"challenge-card/{item.id}", here, item.game)
    back = data.get("bonus_play")
    out += ["## " + site.t("Bonus Play"), ""]
    if isinstance(back, dict):
        out += [f"### {esc(back['name'])} {{#bonus-play}}", "", f"> {esc(back.get('text', ''))}",
                ""]
        out += rules_section(site, item, ("bonus_play", "rules"), site.t("Bonus Play rules"))
        out += scenarios_section(site, f"bonus-play/{back['id']}", here, item.game)
    else:
        out += [site.t("This card's back is not known from the sources: it has no Bonus Play "
                       "(see the rulings)."), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def trait_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    # TRANSLATORS: {roll} is the result on the 2D8 Coach Traits table that gives the trait
    roll = site.t("2D8 result {roll}", roll=esc(item.data.get("roll")))
    out = header(site, item, site.t("Coach trait") + f" · {roll}")
    original = (item.data.get("original_text") or {}).get("it")
    if original and original != item.data.get("text"):  # not twice on the Italian page
        # TRANSLATORS: {text} is the trait's text as the Italian rulebook prints it
        out += [site.t("Italian edition: {text}", text=f"*{esc(original)}*"), ""]
    out += rules_section(site, item, ("rules",))
    out += rulings_section(site, item, here)
    out += scenarios_section(site, f"coach-trait/{item.id}", here, item.game)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def table_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    data = item.data
    # TRANSLATORS: {roll} is the dice rolled on a table: 2d6, d8...
    roll = site.t("roll {roll}", roll=esc(data.get("roll")))
    category = shown(site, TABLE_CATEGORIES, data.get("category", ""))
    out = header(site, item, site.t("Table") + f" · {roll} · {category}")
    out += table_picture(site, item)  # the Block dice's faces, the bounce chart
    for n, entry in enumerate(data.get("entries", [])):
        anchor = anchor_id(f"{entry.get('id')}-{entry.get('roll')}".replace(" ", ""))
        out += [f"## {esc(entry.get('roll'))}: {esc(entry.get('name', entry.get('id')))} "
                f"{{#{anchor}}}", ""]
        if entry.get("text"):
            out += [f"> {esc(entry['text'])}", ""]
        if entry.get("direction"):
            # TRANSLATORS: the direction a bouncing ball goes on this row of the bounce chart
            out += [site.t("Direction: {direction}.",
                           direction=f"**{shown(site, DIRECTIONS, entry['direction'])}**"), ""]
        out += rules_section(site, item, ("entries", n, "rules"), site.t("Rules"))[1:]
        if entry.get("rules") and item.game in GAMES:
            # TRANSLATORS: said of a table row whose rules the game's engine runs in a game
            out += ["*" + site.t("Run by the engine.") + "*", ""]
        seen = site.scenarios_for.get(f"table/{item.id}#{entry.get('id')}", [])
        if seen:
            # TRANSLATORS: {scenarios} is a list of links to scenarios that show this row
            out += [site.t("See it: {scenarios}",
                           scenarios=", ".join(site.link("scenario", s.id, here) for s in seen)),
                    ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def pitch_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    # TRANSLATORS: a pitch's size beside the word Pitch: "11 × 20 squares"
    size = site.t("{width} × {height} squares", width=esc(item.data["width"]),
                  height=esc(item.data["height"]))
    out = header(site, item, site.t("Pitch") + f" · {size}")
    svg_name = f"{item.id}.svg"
    site.pages[f"pitches/{svg_name}"] = pitch_svg(item.data)
    # TRANSLATORS: the alternative text of the pitch's map; {name} is the pitch's name
    alt = site.t("The {name}", name=esc(item.data["name"]))
    out += [f"![{alt}]({svg_name}){{ .pitch-diagram }}", "",
            site.t("Coach A's end zone is at the top (row 0), coach B's at the bottom; "
                   "trapdoors are the circles, blocked squares are dark red. Squares are named "
                   "x,y from the top left."), ""]
    traps = item.data.get("trapdoors", [])
    if traps:
        # TRANSLATORS: {id} is a trapdoor's id, {x},{y} its square
        where = ", ".join(site.t("{id} at {x},{y}", id=code(t["id"]), x=esc(t["x"]),
                                 y=esc(t["y"])) for t in traps)
        # TRANSLATORS: on a pitch page: {trapdoors} lists the trapdoors' squares, "Trapdoors:
        # 6,3 and 6,16"
        out += [site.t("Trapdoors: {trapdoors}", trapdoors=where), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def team_page(site: Site, item: Item, record: list[list[str]] | None) -> None:
    here = site.item_path(item)
    out = header(site, item, site.t("Team"))
    if "reroll_cost" in item.data:
        from nuffle.sitegen.blood_bowl_pages import star_players_section
        out += blood_bowl_players(site, item, here) + star_players_section(site, item, here)
    else:
        rows = []
        for pos in item.data["positions"]:
            abilities = ", ".join(site.link("ability", a, here, game=item.game)
                                  for a in pos["abilities"]) or "–"
            rows.append([esc(pos["name"]), esc(pos["count"]), esc(pos["move"]),
                         esc(f"{pos['throw']}+"), esc(f"{pos['armour']}+"), abilities])
        # TRANSLATORS: the columns of a team's players table: the Move, Throw and Armour
        # values of each position
        headers = [site.t("Position"), site.t("Count"), site.t("Move"), site.t("Throw"),
                   site.t("Armour"), site.t("Abilities")]
        out += ["## " + site.t("Players"), "", table(headers, rows), ""]
    out += player_cards(site, item)
    balls = [b for kind, b, game in site.used_by.get(f"team/{item.id}", [])
             if kind == "ball" and game == item.game]
    if balls:
        out += ["## " + site.t("Ball cards"), ""] + \
            [f"- {site.link('ball', b, here, game=item.game)}" for b in balls] + [""]
    if record:
        balance = "[" + site.t("Balance") + "](../balance.md)"
        # TRANSLATORS: {balance} is a link to the Balance page
        out += ["## " + site.t("Simulated record"), "",
                site.t("Greedy bots, seeded; see {balance} for how it is made.",
                       balance=balance), "",
                table([site.t("Against"), site.t("Games"), site.t("Won"), site.t("Drawn"),
                       site.t("Lost"), site.t("Win rate")], record), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


# the letters of the skill categories, as the team lists print them (PBBL page 52)
CATEGORY_LETTERS = {"general": "G", "agility": "A", "passing": "P", "strength": "S",
                    "mutation": "M", "extraordinary": "E"}


def blood_bowl_players(site: Site, item: Item, here: str) -> list[str]:
    """A Blood Bowl team list: one row per position, then the re-roll cost and apothecary."""
    rows = []
    for pos in item.data["positions"]:
        skills = ", ".join(site.link("ability", a, here, game=item.game)
                           for a in pos["skills"]) or "–"
        rows.append([esc(f"0-{pos['max']}"), esc(pos["name"]), esc(f"{pos['cost']:,}"),
                     esc(pos["movement"]), esc(pos["strength"]), esc(pos["agility"]),
                     esc(pos["armour_value"]), skills,
                     *(esc("".join(CATEGORY_LETTERS[c] for c in pos[column]) or "–")
                       for column in ("normal", "double"))])
    # TRANSLATORS: the columns of a Blood Bowl team list: how many players of the position a
    # team may have, its cost in gold pieces, its starting skills, and the skill categories
    # it may choose from on a normal and on a double skill roll (MA, ST, AG, AV stay as
    # they are)
    headers = [site.t("Qty"), site.t("Position"), site.t("Cost"), "MA", "ST", "AG", "AV",
               site.t("Skills"), site.t("Normal"), site.t("Double")]
    apothecary = site.t("yes") if item.data.get("apothecary") else site.t("no")
    # TRANSLATORS: under a Blood Bowl team list; {cost} is in gold pieces, {apothecary} is
    # "yes" or "no"
    extras = site.t("Team re-rolls: {cost} gold pieces each. Apothecary: {apothecary}.",
                    cost=esc(f"{item.data['reroll_cost']:,}"), apothecary=apothecary)
    return ["## " + site.t("Players"), "", table(headers, rows), "", extras, ""]


def scenario_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    data = item.data
    out = ["*" + site.t("Scenario") + f" · id {code(item.id)}*", ""]
    notice = translation_notice(site, item)  # its name or text shown in English
    if notice:
        out[0] = f"{notice}\n\n{out[0]}"
    if data.get("text"):
        out += [esc(data["text"]), ""]
    shows = []
    for ref in data.get("tests", []):
        kind, _, rest = ref.partition("/")
        item_id = rest.split("#")[0]
        if kind in ("ability", "ball", "challenge-card", "coach-trait", "table", "bonus-play") \
                and (site.catalogue.get(kind, item_id, item.game) or item_id in site.bonus_plays):
            shows.append(site.link(kind, item_id, here, game=item.game))
        else:
            shows.append(code(ref))
    # TRANSLATORS: {items} is the list of the cards and rules the scenario shows working
    out += [site.t("Shows: {items}", items=", ".join(shows)), ""]
    setup = data.get("setup", {})
    out += ["## " + site.t("Position"), ""]
    if item.game == "blitz-bowl":
        # TRANSLATORS: the scenario's set-up; {home} and {away} are the teams, {pitch} the pitch
        out += [site.t("{home} (home) v {away} (away) on the {pitch} pitch.",
                       home=esc(setup.get("home", "human")), away=esc(setup.get("away", "dwarf")),
                       pitch=esc(setup.get("pitch", "one-trapdoor"))), ""]
    else:
        # TRANSLATORS: a Blood Bowl scenario's teams; {home} and {away} are team ids
        out += [site.t("{home} (home) v {away} (away).", home=esc(setup.get("home", "")),
                       away=esc(setup.get("away", ""))), ""]
        if setup.get("start") == "kick-off":
            # TRANSLATORS: a Blood Bowl scenario that starts with a kick-off; {team} is home/away
            out += [site.t("It starts with {team}'s kick-off.",
                           team=esc(setup.get("kicking", "home"))), ""]
    picture = scenario_figure(site, item)
    out += picture.lines
    players = setup.get("players") or {}
    if players:
        rows = []
        for pid, spec in players.items():
            mark = esc(picture.marks.get(str(pid), "–"))
            if isinstance(spec, str):  # a box of the Dugout (a Blood Bowl scenario)
                rows.append([code(pid), esc(site.t(DUGOUT_BOXES.get(spec, spec))), mark])
                continue
            at = spec if isinstance(spec, list) else spec.get("at")
            state = [site.t(word) for key, word in (("prone", N_("Prone")), ("stunned", N_("Stunned")))
                     if isinstance(spec, dict) and spec.get(key)]
            rows.append([code(pid), esc(f"{at[0]},{at[1]}")
                         + "".join(f" ({esc(w)})" for w in state), mark])
        # TRANSLATORS: the third column: the player's short mark on the drawing of the pitch
        out += [table([site.t("Player"), site.t("Square"), site.t("On the drawing")], rows), ""]
    out += picture.after
    # TRANSLATORS: the scenario played with the rule it shows, and without it
    for title, part in ((site.t("With the rule"), data), (site.t("Without it"),
                                                           data.get("without"))):
        if not part:
            continue
        out += [f"## {title}", ""]
        if part.get("dice"):
            # TRANSLATORS: {dice} is the list of the scripted dice results
            out += [site.t("Dice: {dice}", dice=", ".join(code(d) for d in part["dice"])), ""]
        if part.get("decisions"):
            # TRANSLATORS: {decisions} is the list of the coaches' scripted choices
            out += [site.t("Decisions: {decisions}",
                           decisions=", ".join(code(_step(d)) for d in part["decisions"])),
                    ""]
        out += [site.t("Expected:"), "", fence(_yaml(part.get("expect", {})), "yaml"), ""]
    # TRANSLATORS: at the end of a scenario page; {command} is the command `nuffle scenario`
    out += [site.t("The test suite runs this scenario; so does {command}.",
                   command="`nuffle scenario`"), ""]
    site.add(here, "\n".join(out + [source_line(site, data, item)]), page_title(site, item))


def _step(step: object) -> str:
    """A scripted decision as written: an answer, or a step with checks as one line of YAML."""
    if not isinstance(step, dict):
        return str(step)
    return _dump(step, default_flow_style=True, width=10_000).strip()


def _yaml(data: dict) -> str:
    return _dump(data, width=88).rstrip()


def _dump(data: object, **options: Any) -> str:
    """YAML as `yaml.safe_dump` writes it, by libyaml's emitter where PyYAML has it (the same
    text for every page of the site, several times faster: thousands of scenario steps).
    A scenario's steps and expectations are the same in every language, and many steps
    repeat: each text is dumped once, found again by the data's `repr` (which tells apart
    every value content can hold: strings, numbers, booleans, lists, mappings in order)."""
    key = (repr(data), tuple(sorted(options.items())))
    found = _DUMPED.get(key)
    if found is None:
        import yaml
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        found = yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, **options)
        if len(_DUMPED) >= 20_000:  # bounded: `site serve` rebuilds in one process
            _DUMPED.clear()
        _DUMPED[key] = found
    return found


_DUMPED: dict[tuple[str, tuple], str] = {}


def league_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    data = item.data
    out = header(site, item, site.t("League rules"))
    points = data.get("points", {})
    # TRANSLATORS: {matches} is the number of matches (in bold); {win}, {draw} and {loss}
    # the league points each result gives
    out += [site.t("Each coach plays {matches} matches. League points: win {win}, draw "
                   "{draw}, loss {loss}.", matches=f"**{esc(data.get('matches'))}**",
                   win=esc(points.get("win")), draw=esc(points.get("draw")),
                   loss=esc(points.get("loss"))), "",
            "## " + site.t("Awards"), ""]
    for award in data.get("awards", []):
        # TRANSLATORS: how an award is decided: {measure} is what is counted (league-points,
        # injuries-caused...), {pick} "most" or "fewest"
        measured = site.t("Measured by {measure} ({pick}).",
                          measure=shown(site, AWARD_WORDS, award.get("measure")),
                          pick=shown(site, AWARD_WORDS, award.get("pick")))
        out += [f"### {esc(award['name'])}", "", f"> {esc(award.get('text', ''))}", "",
                measured, ""]
    guide = "[" + site.t("playing and simulating") + "](../guide/playing.md)"
    # TRANSLATORS: "Run" is the verb (start a league), not the Run action; {command} is the
    # command, {guide} a link to the guide "playing and simulating"
    out += [site.t("Run one between bots with {command} ({guide}).",
                   command="`nuffle league`", guide=guide), ""]
    out += rulings_section(site, item, here)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)
