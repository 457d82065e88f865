"""SVG drawings: pitch diagrams and the balance heat map, written by hand (no plotting
library: the drawings are simple and must be identical build after build).

Every text in them (a pitch's or a team's name, a label) is escaped for HTML with its
quotes, in text and in attributes alike; everything else is a number or a fixed word."""

from __future__ import annotations

from html import escape

from nuffle.sitegen.context import N_

CELL = 24
# the heat map's accessible label and title (the balance page passes them in its language)
HEAT_MAP_LABEL = N_("Win rate of each team against each other")
HEAT_MAP_TITLE = N_("Win rates: row team against column team")


def pitch_svg(data: dict) -> str:
    """The pitch map: end zones, trapdoors, blocked squares, and the coordinates. Only the
    name is text (escaped); sizes are numbers and squares pick from fixed classes and
    colours, so nothing in the content can add an attribute."""
    width, height = int(data["width"]), int(data["height"])
    pad = 20
    w, h = pad + width * CELL + 4, pad + height * CELL + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
             f'height="{h}" role="img" aria-label="{escape(data["name"])}">',
             f"<title>{escape(data['name'])}</title>",
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>']
    colours = {".": "#7cb46b", "#": "#8b1a1a", "T": "#7cb46b", "A": "#3d6fb6", "B": "#c0533a"}
    for y, row in enumerate(data["map"]):
        for x, ch in enumerate(row):
            px, py = pad + x * CELL, pad + y * CELL
            parts.append(f'<rect class="sq-{_cls(ch)}" x="{px}" y="{py}" width="{CELL}" '
                         f'height="{CELL}" fill="{colours.get(ch, "#7cb46b")}" '
                         f'stroke="#2f4f2f" stroke-width="1"/>')
            if ch == "T":
                parts.append(f'<circle class="trapdoor" cx="{px + CELL / 2}" cy="{py + CELL / 2}" '
                             f'r="{CELL / 2 - 3}" fill="#3b2a1a" stroke="#f2d16b" '
                             f'stroke-width="2"/>')
    for x in range(width):
        parts.append(f'<text x="{pad + x * CELL + CELL / 2}" y="14" font-size="10" '
                     f'text-anchor="middle" fill="#333">{x}</text>')
    for y in range(height):
        parts.append(f'<text x="10" y="{pad + y * CELL + CELL / 2 + 4}" font-size="10" '
                     f'text-anchor="middle" fill="#333">{y}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _cls(ch: str) -> str:
    return {".": "floor", "#": "blocked", "T": "trapdoor", "A": "endzone-a",
            "B": "endzone-b"}.get(ch, "floor")


def heat_map_svg(names: list[str], rates: dict[tuple[str, str], float],
                 label: str = HEAT_MAP_LABEL, title: str = HEAT_MAP_TITLE) -> str:
    """Rows: the team; columns: the opponent; colour from red (loses) to blue (wins).
    ``label`` and ``title`` are the drawing's accessible label and title."""
    label_w, cell = 110, 34
    n = len(names)
    w, h = label_w + n * cell + 10, label_w + n * cell + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
             f'height="{h}" role="img" aria-label="{escape(label)}">',
             f"<title>{escape(title)}</title>",
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>']
    for i, name in enumerate(names):
        parts.append(f'<text x="{label_w - 6}" y="{label_w + i * cell + cell / 2 + 4}" '
                     f'font-size="11" text-anchor="end">{escape(name)}</text>')
        parts.append(f'<text transform="translate({label_w + i * cell + cell / 2 + 4},'
                     f'{label_w - 6}) rotate(-60)" font-size="11">{escape(name)}</text>')
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            x, y = label_w + j * cell, label_w + i * cell
            rate = rates.get((a, b))
            fill = "#eeeeee" if rate is None else _colour(rate)
            parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                         f'stroke="#ffffff"/>')
            if rate is not None:
                parts.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" font-size="10" '
                             f'text-anchor="middle">{round(100 * rate)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _colour(rate: float) -> str:
    """0 → red, 0.5 → white, 1 → blue."""
    if rate >= 0.5:
        t = (rate - 0.5) * 2
        r, g, b = 255 - int(t * 170), 255 - int(t * 120), 255
    else:
        t = (0.5 - rate) * 2
        r, g, b = 255, 255 - int(t * 160), 255 - int(t * 160)
    return f"#{r:02x}{g:02x}{b:02x}"
