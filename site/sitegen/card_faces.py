"""Cards drawn as cards: a Challenge card's front beside its Bonus Play back, a ball card, and
one player card per position of a team, for the top of their pages.

The cards are HTML styled by `assets/cards.css`, not SVG: their texts are long and HTML wraps
them at any width, so a card reads on a 390-pixel phone as on a desk. Every text on a card is
the content's (in the page's language: the site of another language is given the catalogue
with its texts translated), escaped with `esc`; interface words come from the site catalog.
Each card is an `article` with an accessible name, in a `figure` with one, and the text and
rules below it on the page stay as they were, so the page still reads as text. The figures
are kept out of the search index (`data-search-exclude`): the page's own text is already
there.
"""

from __future__ import annotations

from nuffle.sitegen.context import N_, Site, esc

from nuffle.catalogue.model import Item
from nuffle.template import fill_or


def words(site: Site, english: str, /, **values: object) -> str:
    """An interface text in the site's language with plain-text ``values`` filled in,
    escaped for an HTML element or attribute (write ``words(site, N_("…"))`` so the site
    catalog gets it)."""
    return esc(fill_or(site.translation(english), english, values))


def _card(classes: str, label: str, band: list[str], body: list[str]) -> list[str]:
    """One card: its header band, then its body; ``label`` is its accessible name, escaped."""
    return [f'<article class="nf-card {classes}" aria-label="{label}">',
            '<div class="nf-card-band">', *band, "</div>",
            '<div class="nf-card-body">', *body, "</div>", "</article>"]


def _row(cards: list[list[str]], label: str) -> list[str]:
    """Cards side by side (stacked where the page is narrow), as one HTML block: a figure
    of `article`s, so no element inside has the figure's tag (the theme's search indexer
    matches a closing tag to an excluded element by its name alone)."""
    lines = [f'<figure class="nf-cards" aria-label="{label}" data-search-exclude>']
    for card in cards:
        lines += card
    return [*lines, "</figure>", ""]


def challenge_cards(site: Site, item: Item) -> list[str]:
    """A Challenge card's front (name, what claims it, its points) beside its Bonus Play back
    (or a back that says it is not known)."""
    data = item.data
    name = esc(data.get("name", item.id))
    points = data.get("points", 0)
    worth = words(site, N_("{n} point"), n=points) if points == 1 else \
        words(site, N_("{n} points"), n=points)
    kind = words(site, N_("Endgame Challenge card")) if data.get("endgame") else \
        words(site, N_("Challenge card"))
    front = _card("nf-challenge", f"{kind}: {name}, {worth}",
                  [f'<span class="nf-card-kind">{kind}</span>',
                   f'<span class="nf-card-points" title="{worth}">{esc(points)}</span>'],
                  [f'<p class="nf-card-name">{name}</p>',
                   f'<p class="nf-card-text">{esc(data.get("text", ""))}</p>',
                   f'<p class="nf-card-foot">{worth}</p>'])
    bonus = words(site, N_("Bonus Play"))
    back_data = data.get("bonus_play")
    if isinstance(back_data, dict):
        back_name = esc(back_data.get("name", ""))
        back = _card("nf-bonus", f"{bonus}: {back_name}",
                     [f'<span class="nf-card-kind">{bonus}</span>'],
                     [f'<p class="nf-card-name">{back_name}</p>',
                      f'<p class="nf-card-text">{esc(back_data.get("text", ""))}</p>'])
        # TRANSLATORS: the accessible name of a Challenge card drawn front and back; {card}
        # is its name, {bonus} its Bonus Play's
        label = words(site, N_("{card}: the front and its Bonus Play back, {bonus}"),
                      card=data.get("name", item.id), bonus=back_data.get("name", ""))
    else:
        # TRANSLATORS: on the drawn back of a Challenge card whose Bonus Play no source gives
        unknown = words(site, N_("Not known from the sources"))
        back = _card("nf-bonus nf-unknown", f"{bonus}: {unknown}",
                     [f'<span class="nf-card-kind">{bonus}</span>'],
                     [f'<p class="nf-card-text">{unknown}</p>'])
        label = words(site, N_("{card}: the front and its back"),
                      card=data.get("name", item.id))
    return _row([front, back], label)


def ball_card(site: Site, item: Item) -> list[str]:
    """A ball card: its name, its text and the team it belongs to."""
    data = item.data
    name = esc(data.get("name", item.id))
    kind = words(site, N_("Ball card"))
    body = [f'<p class="nf-card-name">{name}</p>',
            f'<p class="nf-card-text">{esc(data.get("text", ""))}</p>']
    team = site.catalogue.get("team", str(data.get("team", "")), item.game) \
        if data.get("team") else None
    if team is not None:
        # TRANSLATORS: at the foot of a drawn ball card; {team} is the team's name
        belongs = words(site, N_("{team} team"), team=team.data.get("name", team.id))
        body.append(f'<p class="nf-card-foot">{belongs}</p>')
    card = _card("nf-ball", f"{kind}: {name}",
                 [f'<span class="nf-card-kind">{kind}</span>',
                  '<span class="nf-card-ball" aria-hidden="true"></span>'], body)
    return _row([card], f"{kind}: {name}")


def player_cards(site: Site, item: Item) -> list[str]:
    """One card per position of a team: its name, how many the team has, its
    characteristics in boxes and its abilities (Blitz Bowl) or skills (Blood Bowl)."""
    team = str(item.data.get("name", item.id))
    cards = [player_card(site, item, pos) for pos in item.data.get("positions", [])]
    if not cards:
        return []
    # TRANSLATORS: the accessible name of the row of player cards; {team} is the team's name
    label = words(site, N_("The {team} team's player cards"), team=team)
    return ["## " + site.t("Player cards"), "", *_row(cards, label)]


def player_card(site: Site, item: Item, pos: dict) -> list[str]:
    """The card of position ``pos`` of team ``item``."""
    position = str(pos.get("name", pos.get("id", "")))
    team = str(item.data.get("name", item.id))
    stats: list[tuple[str, object]]
    if "movement" in pos:  # Blood Bowl: the team list's MA, ST, AG and AV
        count = f"0–{pos.get('max', '')}"
        stats = [("MA", pos.get("movement")), ("ST", pos.get("strength")),
                 ("AG", pos.get("agility")), ("AV", pos.get("armour_value"))]
        abilities = pos.get("skills", [])
        cost = f"{pos.get('cost', 0):,}"
        # TRANSLATORS: at the foot of a Blood Bowl player card; {cost} is a number
        price = words(site, N_("{cost} gold pieces"), cost=cost)
        extra = [f'<p class="nf-card-foot">{price}</p>'] if "cost" in pos else []
    else:  # Blitz Bowl: the player card's Move, Throw and Armour
        count = f"{pos.get('count', '')}×"
        stats = [(site.translation(N_("Move")), pos.get("move")),
                 (site.translation(N_("Throw")), f"{pos.get('throw')}+"),
                 (site.translation(N_("Armour")), f"{pos.get('armour')}+")]
        abilities = pos.get("abilities", [])
        extra = []
    boxes = "".join(f'<span class="nf-stat"><span class="nf-stat-name">{esc(label)}</span>'
                    f'<span class="nf-stat-value">{esc(value)}</span></span>'
                    for label, value in stats)
    names = [_ability_name(site, a, item.game) for a in abilities]
    listed = "".join(f"<li>{esc(n)}</li>" for n in names)
    body = [f'<p class="nf-stats">{boxes}</p>',
            f'<ul class="nf-abilities">{listed}</ul>' if names
            else '<p class="nf-card-text nf-none">–</p>', *extra]
    # TRANSLATORS: the accessible name of a player card: {position} and {team} are names,
    # {count} how many the team has ("3×", "0–16"), {stats} the characteristics ("Move 6,
    # Throw 4+, Armour 4+") and {abilities} its abilities or skills ("Offensive Specialist")
    label = words(site, N_("{position} ({team}), {count}: {stats}; {abilities}"),
                  position=position, team=team, count=count,
                  stats=", ".join(f"{k} {v}" for k, v in stats),
                  abilities=", ".join(names) or "–")
    return _card("nf-player", label,
                 [f'<span class="nf-card-kind">{esc(team)}</span>',
                  f'<span class="nf-card-count">{esc(count)}</span>'],
                 [f'<p class="nf-card-name">{esc(position)}</p>', *body])


def _ability_name(site: Site, ability: str, game: str) -> str:
    found = site.catalogue.get("ability", ability, game)
    return str(found.data.get("name", ability)) if found is not None else ability
