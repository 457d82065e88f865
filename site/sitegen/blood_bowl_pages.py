"""Pages of the Blood Bowl kinds the Blitz Bowl site has no counterpart for: star players
(PBBL 1.10 pages 59-60) and the special play cards with their decks (pages 44-51)."""

from __future__ import annotations

from nuffle.sitegen.context import N_, Site, anchor_id, esc, table
from nuffle.sitegen.items import (
    ITEM_BOOST,
    footer,
    header,
    page_title,
    rules_section,
    rulings_section,
    scenarios_section,
)

from nuffle.catalogue.model import Item

STAR_PLAYERS = "star-players/index.md"
CARDS = "special-play-cards/index.md"


def skill_links(site: Site, skills: list[str], here: str, game: str) -> str:
    return ", ".join(site.link("ability", s, here, game=game) for s in skills) or "–"


def star_player_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    data = item.data
    out = header(site, item, site.t("Star player"))
    # TRANSLATORS: the columns of a star player's characteristics: the cost to induce them
    # in gold pieces, then MA, ST, AG, AV (which stay as they are) and their skills
    out += ["## " + site.t("Characteristics"), "",
            table([site.t("Cost"), "MA", "ST", "AG", "AV", site.t("Skills")],
                  [[esc(f"{data['cost']:,}"), esc(data.get("movement", "–")),
                    esc(data.get("strength", "–")), esc(data.get("agility", "–")),
                    esc(data.get("armour_value", "–")),
                    skill_links(site, data.get("skills") or [], here, item.game)]]), ""]
    for extra in data.get("players") or []:  # a star player who comes as a pair
        out += [f"### {esc(extra.get('name', ''))}", "",
                table(["MA", "ST", "AG", "AV", site.t("Skills")],
                      [[esc(extra.get("movement", "–")), esc(extra.get("strength", "–")),
                        esc(extra.get("agility", "–")), esc(extra.get("armour_value", "–")),
                        skill_links(site, extra.get("skills") or [], here, item.game)]]), ""]
    teams = [site.link("team", t, here, game=item.game) for t in data.get("plays_for") or []
             if site.catalogue.get("team", t, item.game)]
    if teams:
        out += ["## " + site.t("Plays for"), "", ", ".join(teams), ""]
    out += rulings_section(site, item, here)
    out += scenarios_section(site, f"star-player/{item.id}", here, item.game)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def star_players_section(site: Site, team: Item, here: str) -> list[str]:
    """On a Blood Bowl team page: the star players its list may induce."""
    stars = [s for s in team.data.get("star_players") or []
             if site.catalogue.get("star-player", s, team.game)]
    if not stars:
        return []
    return ["## " + site.t("Star players available for Inducement"), "",
            *[f"- {site.link('star-player', s, here, game=team.game)}" for s in stars], ""]


def star_players_index(site: Site) -> None:
    stars = sorted(site.catalogue.of_kind("star-player"), key=lambda i: i.data.get("name", ""))
    if not stars:
        return
    rows = [[site.link("star-player", s.id, STAR_PLAYERS, game=s.game),
             esc(f"{s.data['cost']:,}"),
             *(esc(s.data.get(k, "–")) for k in ("movement", "strength", "agility",
                                                  "armour_value")),
             ", ".join(site.link("team", t, STAR_PLAYERS, game=s.game)
                       for t in s.data.get("plays_for") or []
                       if site.catalogue.get("team", t, s.game)) or "–"]
            for s in stars]
    out = [site.t("The star players a Blood Bowl team may induce for a match (PBBL 1.10 "
                  "pages 59-60), with the teams they play for."), "",
           table([site.t("Star player"), site.t("Cost"), "MA", "ST", "AG", "AV",
                  site.t("Plays for")], rows), ""]
    site.add(STAR_PLAYERS, "\n".join(out), site.translation(N_("Star players")))


def deck_anchor(deck_id: str) -> str:
    return anchor_id(f"deck-{deck_id}")


def special_play_card_page(site: Site, item: Item) -> None:
    here = site.item_path(item)
    data = item.data
    deck = site.catalogue.get("special-play-deck", data.get("deck", ""), item.game)
    deck_name = esc(deck.data["name"]) if deck else esc(data.get("deck", ""))
    deck_link = f"[{deck_name}](index.md#{deck_anchor(deck.id)})" if deck else deck_name
    # TRANSLATORS: the kind of a special play card's page, then its deck (a link) and the
    # number printed on the card
    out = header(site, item, site.t("Special play card") + f" · {deck_link} · "
                 + esc(data.get("number", "")))
    if data.get("timing"):
        timing = site.t("Timing")  # (out of the f-string: see test_site_strings.py)
        out += [f"**{timing}:** {esc(data['timing'])}", ""]
    out += rules_section(site, item, ("rules",))
    out += rulings_section(site, item, here)
    out += scenarios_section(site, f"special-play-card/{item.id}", here, item.game)
    site.add(here, "\n".join(out + footer(site, item)), page_title(site, item), boost=ITEM_BOOST)


def special_play_cards_index(site: Site) -> None:
    cat = site.catalogue
    decks = sorted(cat.of_kind("special-play-deck"), key=lambda d: (d.data["price"], d.id))
    if not decks:
        return
    how = "[" + site.t("how they are dealt and played") + \
        "](../blood-bowl/rules/teams-and-inducements.md#special-play-cards)"
    # TRANSLATORS: {how} is a link to the rules page that says how the cards are dealt
    out = [site.t("The special play cards of PBBL 1.10 (pages 44-51), deck by deck. Before a "
                  "match a coach buys random draws from a deck at its price ({how}).",
                  how=how), ""]
    for deck in decks:
        cards = sorted((c for c in cat.of_kind("special-play-card", deck.game)
                        if c.data.get("deck") == deck.id),
                       key=lambda c: (str(c.data.get("number", "")), c.id))
        # TRANSLATORS: under a deck's name: its price in gold pieces per card drawn, and
        # how many cards the printed deck has
        out += [f"## {esc(deck.data['name'])} {{#{deck_anchor(deck.id)}}}", "",
                site.t("{price} gold pieces a draw; {size} cards.",
                       price=esc(f"{deck.data['price']:,}"), size=esc(deck.data["size"])), "",
                f"> {esc(deck.data.get('text', ''))}", "",
                table([site.t("Card"), site.t("Name"), site.t("Timing")],
                      [[esc(c.data.get("number", "")),
                        site.link("special-play-card", c.id, CARDS, game=c.game),
                        esc(c.data.get("timing", ""))] for c in cards]), ""]
    site.add(CARDS, "\n".join(out), site.translation(N_("Special play cards")))
