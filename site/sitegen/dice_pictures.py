"""The Block dice's faces and the bounce chart as pictures, for the pages of their tables.

Both are drawn from the table's own entries (its names in the page's language, its rolls
and directions), so the picture says what the engine does. The rulebook's text names the
five Block dice results but not their symbols, and does not print the bounce chart (Blitz
Bowl Season 2 rulebook, pages 9 and 10; rulings `block-dice-faces` and
`bounce-chart-directions`): the symbols are the project's, the numbering the rulings'.
The faces are HTML with a small inline SVG symbol each (their names wrap in any language);
the chart is one SVG that scales with the page (viewBox, CSS width 100%).
"""

from __future__ import annotations

from nuffle.sitegen.card_faces import words
from nuffle.sitegen.context import N_, Site, esc

from nuffle.catalogue.model import Item

# the symbol drawn on a face, by the result's id (a 40 × 40 drawing in the text's colour)
_ARROW_DOWN = ('<path d="M20 5v19"/><path d="M13 18l7 7 7-7"/>'
               '<path d="M8 32h24"/>')
SYMBOLS = {
    "miss": '<circle cx="20" cy="20" r="12"/><path d="M11 29l18-18"/>',
    "tackle": _ARROW_DOWN + '<path d="M28 5l7 7M35 5l-7 7"/>',
    "shove": '<circle cx="9" cy="20" r="4"/><path d="M16 20h18"/><path d="M28 13l7 7-7 7"/>',
    "knocked-down": _ARROW_DOWN,
    "kerrunch": '<path d="M20 3l4 10 10-4-5 10 9 5-10 3 3 10-9-6-6 9-2-11-11 1 8-8-8-7 11-1z"/>',
}
# where each direction of the bounce chart lies from the ball's square: (column, row)
OFFSETS = {"north-west": (0, 0), "north": (1, 0), "north-east": (2, 0), "east": (2, 1),
           "south-east": (2, 2), "south": (1, 2), "south-west": (0, 2), "west": (0, 1)}
CELL, GAP = 48, 4


def table_picture(site: Site, item: Item) -> list[str]:
    """The picture of a dice table whose category has one (the Block dice, the bounce
    chart), else nothing."""
    category = item.data.get("category")
    if category == "block-dice":
        return block_dice_faces(site, item)
    if category == "bounce-chart":
        return bounce_chart(site, item)
    return []


def block_dice_faces(site: Site, item: Item) -> list[str]:
    """Each face of the Block dice: its symbol, its result's name and the number the engine
    gives it."""
    entries = [e for e in item.data.get("entries", []) if isinstance(e, dict)]
    faces = []
    for entry in entries:
        symbol = SYMBOLS.get(str(entry.get("id")), "")
        drawing = (f'<svg class="nf-die-symbol" viewBox="0 0 40 40" aria-hidden="true" '
                   f'focusable="false">{symbol}</svg>') if symbol else ""
        faces.append(f'<div class="nf-die">{drawing}'
                     f'<span class="nf-die-name">{esc(entry.get("name", entry.get("id")))}</span>'
                     f'<span class="nf-die-roll">{esc(entry.get("roll"))}</span></div>')
    names = list(dict.fromkeys(str(e.get("name", e.get("id"))) for e in entries))
    # TRANSLATORS: the accessible name of the picture of the Block dice; {count} is the
    # number of faces, {results} the results' names
    label = words(site, N_("The {count} faces of the Block dice: {results}"),
                  count=len(entries), results=", ".join(names))
    # TRANSLATORS: under the picture of the Block dice's faces
    caption = words(site, N_("The faces of the Block dice, numbered as the engine numbers "
                             "them. The symbols are the project's drawings: the rulebook "
                             "names the results but does not describe their symbols."))
    return [f'<figure class="nf-dice" aria-label="{label}" data-search-exclude>',
            '<div class="nf-dice-faces">', *faces, "</div>",
            f"<figcaption>{caption}</figcaption>", "</figure>", ""]


def bounce_chart(site: Site, item: Item) -> list[str]:
    """The bounce chart: the ball's square in the middle, each result's number in the square
    the ball goes to, north at the top."""
    size = 3 * CELL + 4 * GAP
    cells, spoken = [], []
    for entry in item.data.get("entries", []):
        where = OFFSETS.get(str(entry.get("direction"))) if isinstance(entry, dict) else None
        if where is None:
            continue
        x, y = GAP + where[0] * (CELL + GAP), GAP + where[1] * (CELL + GAP)
        direction = site.translation(str(entry["direction"]))
        cells.append(f'<g class="nf-bounce-cell" data-roll="{esc(entry.get("roll"))}" '
                     f'data-direction="{esc(entry["direction"])}">'
                     f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="4"/>'
                     f'<text class="nf-bounce-roll" x="{x + CELL / 2}" y="{y + 27}">'
                     f'{esc(entry.get("roll"))}</text>'
                     f'<text class="nf-bounce-direction" x="{x + CELL / 2}" y="{y + 41}">'
                     f"{esc(direction)}</text></g>")
        spoken.append(f"{entry.get('roll')} {direction}")
    if not cells:
        return []
    mid = GAP + CELL + GAP
    ball = (f'<rect class="nf-bounce-ball-square" x="{mid}" y="{mid}" width="{CELL}" '
            f'height="{CELL}" rx="4"/>'
            f'<ellipse class="nf-bounce-ball" cx="{mid + CELL / 2}" cy="{mid + CELL / 2}" '
            f'rx="13" ry="9"/>'
            f'<path class="nf-bounce-lace" d="M{mid + 17} {mid + 24}h14"/>')
    # TRANSLATORS: the accessible name of the picture of the bounce chart; {results} lists
    # each result and its direction ("1 north-west, 2 north, …")
    label = words(site, N_("The bounce chart: roll a D8, the ball moves one square: "
                           "{results}"), results=", ".join(spoken))
    # TRANSLATORS: under the picture of the bounce chart
    caption = words(site, N_("The ball is in the middle square; the number rolled on the D8 "
                             "is the square it bounces into. North is the top edge of the "
                             "pitch map; the numbers go clockwise."))
    return ['<figure class="nf-bounce" data-search-exclude>',
            f'<svg class="nf-bounce-chart" viewBox="0 0 {size} {size}" role="img" '
            f'aria-label="{label}"><title>{label}</title>',
            *cells, ball, "</svg>", f"<figcaption>{caption}</figcaption>", "</figure>", ""]
