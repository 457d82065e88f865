"""The drawing of a scenario's start on its pitch (`scenario_picture.Picture`), as an inline
SVG for the scenario's page: the pitch, the players, the balls, the numbered steps of the
script, a legend.

Every text from the content (ids, team ids) is escaped with its quotes, and control
characters are dropped, so the drawing is well-formed XML and nothing in a scenario can add
markup or an attribute; numbers and colours are the generator's own. It has a `viewBox` and
no fixed size: it scales to the page's width (a phone's too).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from nuffle.sitegen.context import N_, Site, code, esc
from nuffle.sitegen.fragments import placeholder
from nuffle.sitegen.scenario_picture import Picture, Player, Square, Step, scenario_picture

from nuffle.catalogue.model import Item
from nuffle.template import fill_or

CELL = 24
PAD = 22  # room for the column and row numbers
# the drawing's words (the page passes `Site.translation`, so they are in its language)
TITLE = N_("The scenario's starting position and the steps of its script")
# TRANSLATORS: the description of a scenario's drawing for screen readers: "6 players on the
# pitch, 1 balls, 3 numbered steps of the script" (numbers, so write plurals that read well with
# 1 too)
SUMMARY = N_("{players} players on the pitch, {balls} balls, {steps} numbered steps of the "
             "script")
# TRANSLATORS: the legend of a scenario's drawing: {team} is a team's name, "Home: Orc", "Away:
# Human"
HOME = N_("Home: {team}")
AWAY = N_("Away: {team}")
BALL = N_("Ball")
SECOND_BALL = N_("Second ball")
PRONE, STUNNED = N_("Prone"), N_("Stunned")
MOVE = N_("Move")
PASS = N_("Throw, pass or hand-off")
BLOCK = N_("Block or foul")
TRAPDOOR = N_("Trapdoor")

TEAM_FILL = {"home": "#ffffff", "away": "#1b1b1b"}
TEAM_INK = {"home": "#1b1b1b", "away": "#ffffff"}
GRASS, LINE = "#7cb46b", "#2f4f2f"
ZONE = {"home": "#b9d8ae", "away": "#4e7f43"}  # the end zone a team defends
BLOCKED = "#8b1a1a"
BALLS = ("#8b4513", "#f2d16b")
STEP_INK = {"move": "#1a3d8f", "pass": "#6a1b9a", "hand-off": "#6a1b9a",
            "block": "#c62828", "foul": "#c62828"}
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

Words = Callable[[str], str]
Glyph = Callable[[float, float], str]


def text(value: object) -> str:
    """Content as SVG text or an attribute's value: escaped, quotes too; no control
    characters (XML has none)."""
    return escape(_CONTROLS.sub("\ufffd", str(value)), quote=True)


def word(tr: Words, english: str, **values: object) -> str:
    """An interface word in the page's language, its fields filled with plain text."""
    return fill_or(tr(english), english, values) if values else tr(english)


def labels(players: list[Player]) -> dict[str, str]:
    """A short mark for each player: the initials of their id's words and its number
    (`lineman-2` → `L2`, `big-guy` → `BG`), longer where two of a team would share one."""
    out: dict[str, str] = {}
    for side in ("home", "away"):
        mine = [p.pid for p in players if p.side == side]
        for style in (_initials, _two_letters, None):
            marks = {pid: (style(pid) if style else str(n + 1)) for n, pid in enumerate(mine)}
            if len(set(marks.values())) == len(marks):
                break
        out.update(marks)
    return out


def _words(pid: str) -> tuple[list[str], str]:
    name = pid.split(".", 1)[-1]
    parts = [w for w in re.split(r"[^A-Za-z0-9]+", name) if w]
    number = "".join(w for w in parts if w.isdigit())
    return [w for w in parts if not w.isdigit()], number


def _initials(pid: str) -> str:
    letters, number = _words(pid)
    return ("".join(w[0].upper() for w in letters[:2]) + number)[:4] or "?"


def _two_letters(pid: str) -> str:
    letters, number = _words(pid)
    first = letters[0] if letters else "?"
    return (first[:2].capitalize() + number)[:4]


def centre(pic: Picture, sq: Square) -> tuple[float, float]:
    """The middle of a square of the drawing: column x and row y from the top left."""
    return (PAD + (sq[0] - pic.origin) * CELL + CELL / 2,
            PAD + (sq[1] - pic.origin) * CELL + CELL / 2)


def scenario_svg(pic: Picture, home: str, away: str, pitch: dict | None = None,
                 first: str = "home", tr: Words = str) -> str:
    """The drawing. ``home`` and ``away`` are the team ids; ``pitch`` the Blitz Bowl pitch's
    data (its map); ``first`` the side that sets up at the top (Blitz Bowl: end zone A)."""
    w, h = PAD + pic.width * CELL + 4, PAD + pic.height * CELL + 4
    legend = _legend(pic, home, away, tr)
    total_h = h + 8 + 18 * len(legend)
    title = word(tr, TITLE)
    summary = word(tr, SUMMARY, players=len(pic.players), balls=len(pic.balls),
                   steps=len(pic.steps))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="scenario-pitch-drawing" '
           f'viewBox="0 0 {w} {total_h}" role="img" '
           f'aria-label="{text(title)}: {text(summary)}">',
           f"<title>{text(title)}</title>",
           f"<desc>{text(summary)}</desc>",
           "<defs>" + "".join(
               f'<marker id="scenario-arrow-{kind}" viewBox="0 0 10 10" refX="9" refY="5" '
               f'markerWidth="5" markerHeight="5" orient="auto">'
               f'<path d="M0,0 L10,5 L0,10 z" fill="{STEP_INK[kind]}"/></marker>'
               for kind in ("move", "pass")) + "</defs>",
           f'<rect x="0" y="0" width="{w}" height="{total_h}" fill="#ffffff"/>']
    out += _pitch(pic, pitch, first)
    out += _numbers(pic)
    marks = labels(pic.players)
    out += [_step(pic, s) for s in pic.steps if s.kind != "block" and s.kind != "foul"]
    out += [_player(pic, p, marks[p.pid]) for p in pic.players]
    out += [_ball(pic, sq, bool(holder), n) for n, (sq, holder) in enumerate(pic.balls)]
    out += [_step(pic, s) for s in pic.steps if s.kind in ("block", "foul")]
    out += [_badge(pic, s) for s in pic.steps]
    for n, (glyph, words) in enumerate(legend):
        y = h + 8 + 18 * n + 9
        out.append(glyph(PAD + 9, y))
        out.append(f'<text class="legend" x="{PAD + 24}" y="{y + 4}" font-size="11" '
                   f'fill="#222">{text(words)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _pitch(pic: Picture, pitch: dict | None, first: str) -> list[str]:
    """The pitch under the players: its squares, end zones, trapdoors and lines. It depends
    on the pitch's map and size only, so it is drawn once per pitch and side, not once per
    scenario and language (several hundred elements each, about a quarter of the scenario
    pages' making)."""
    rows = pitch.get("map", []) if pitch and pic.game == "blitz-bowl" else []
    key = (pic.game, pic.width, pic.height, first,
           tuple(r if isinstance(r, str) else None for r in rows)
           if isinstance(rows, list) else repr(rows))
    found = _PITCHES.get(key)
    if found is None:
        found = _PITCHES[key] = tuple(_draw_pitch(pic, pitch, first))
        if len(_PITCHES) > 256:  # an author's many pitches: the cache stays small
            _PITCHES.pop(next(iter(_PITCHES)))
    return list(found)


_PITCHES: dict[tuple, tuple[str, ...]] = {}


def _draw_pitch(pic: Picture, pitch: dict | None, first: str) -> list[str]:
    out = []
    second = "away" if first == "home" else "home"
    for y in range(pic.height):
        for x in range(pic.width):
            px, py = PAD + x * CELL, PAD + y * CELL
            if pic.game == "blitz-bowl":
                ch = _map_char(pitch, x, y)
                fill = {"A": ZONE[first], "B": ZONE[second], "#": BLOCKED}.get(ch, GRASS)
            else:  # Blood Bowl: the home end zone is the first column (PBBL page 5)
                fill = ZONE["home"] if x == 0 else ZONE["away"] if x == pic.width - 1 else GRASS
                ch = "."
            out.append(f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{fill}" '
                       f'stroke="{LINE}" stroke-width="0.5"/>')
            if ch == "T":
                out.append(f'<circle class="trapdoor" cx="{px + CELL / 2}" cy="{py + CELL / 2}" '
                           f'r="{CELL / 2 - 4}" fill="#3b2a1a" stroke="#f2d16b" '
                           f'stroke-width="1.5"/>')
    if pic.game == "blood-bowl":
        # the half-way line and the wide zones' lines (PBBL page 5): the lines of scrimmage
        # are the columns either side of the half-way line
        half = PAD + (pic.width // 2) * CELL
        out.append(f'<line class="half-way" x1="{half}" y1="{PAD}" x2="{half}" '
                   f'y2="{PAD + pic.height * CELL}" stroke="#ffffff" stroke-width="3"/>')
        for row in (4, pic.height - 4):
            y = PAD + row * CELL
            out.append(f'<line class="wide-zone" x1="{PAD + CELL}" y1="{y}" '
                       f'x2="{PAD + (pic.width - 1) * CELL}" y2="{y}" stroke="#ffffff" '
                       f'stroke-width="2" stroke-dasharray="6 4"/>')
        for x in (1, pic.width - 1):
            out.append(f'<line class="end-zone-line" x1="{PAD + x * CELL}" y1="{PAD}" '
                       f'x2="{PAD + x * CELL}" y2="{PAD + pic.height * CELL}" stroke="#ffffff" '
                       'stroke-width="2"/>')
    return out


def _map_char(pitch: dict | None, x: int, y: int) -> str:
    rows = pitch.get("map", []) if pitch else []
    row = rows[y] if y < len(rows) and isinstance(rows[y], str) else ""
    return row[x] if x < len(row) else "."


def _numbers(pic: Picture) -> list[str]:
    """The squares' numbers as the scenario writes them: x along the top, y down the side."""
    out = [f'<text x="{PAD + x * CELL + CELL / 2}" y="15" font-size="10" text-anchor="middle" '
           f'fill="#333">{x + pic.origin}</text>' for x in range(pic.width)]
    out += [f'<text x="{PAD / 2}" y="{PAD + y * CELL + CELL / 2 + 4}" font-size="10" '
            f'text-anchor="middle" fill="#333">{y + pic.origin}</text>'
            for y in range(pic.height)]
    return out


def _player(pic: Picture, p: Player, mark: str) -> str:
    cx, cy = centre(pic, p.at)
    fill, ink = TEAM_FILL[p.side], TEAM_INK[p.side]
    if p.state:  # lying down: a flat marker; Stunned has a cross over it
        shape = (f'<ellipse cx="{cx}" cy="{cy}" rx="{CELL * 0.45}" ry="{CELL * 0.26}" '
                 f'fill="{fill}" stroke="#f2d16b" stroke-width="1.5"/>')
    else:
        shape = (f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.42}" fill="{fill}" '
                 f'stroke="{LINE}" stroke-width="1"/>')
    cross = ""
    if p.state == "stunned":
        d = CELL * 0.4
        cross = (f'<path d="M{cx - d},{cy - d} L{cx + d},{cy + d} M{cx + d},{cy - d} '
                 f'L{cx - d},{cy + d}" stroke="#f2d16b" stroke-width="1.5"/>')
    return (f'<g class="player {p.side}{" " + p.state if p.state else ""}" '
            f'data-player="{text(p.pid)}" data-x="{p.at[0]}" data-y="{p.at[1]}">'
            f"<title>{text(p.pid)}</title>{shape}{cross}"
            f'<text x="{cx}" y="{cy + 3.5}" font-size="{9 if len(mark) < 3 else 7}" '
            f'text-anchor="middle" fill="{ink}" font-weight="bold">{text(mark)}</text></g>')


def _ball(pic: Picture, sq: Square, held: bool, n: int) -> str:
    cx, cy = centre(pic, sq)
    if held:  # at the holder's side
        cx, cy = cx + CELL * 0.3, cy + CELL * 0.3
    return (f'<circle class="ball ball-{n + 1}" data-x="{sq[0]}" data-y="{sq[1]}" '
            f'cx="{cx}" cy="{cy}" r="{CELL * 0.2}" fill="{BALLS[min(n, 1)]}" stroke="#ffffff" '
            'stroke-width="1.5"/>')


def _step(pic: Picture, s: Step) -> str:
    points = [centre(pic, sq) for sq in s.squares]
    ink = STEP_INK[s.kind]
    where = " ".join(f"{sq[0]},{sq[1]}" for sq in s.squares)
    head = f'class="step {s.kind}" data-step="{s.n}" data-squares="{where}"'
    if s.kind in ("block", "foul"):
        (x1, y1), (x2, y2) = points
        return (f'<line {head} x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{ink}" '
                f'stroke-width="4" stroke-linecap="round" opacity="0.85"/>')
    if s.kind == "move":
        style = 'stroke-width="2.5" stroke-dasharray="1 4" stroke-linecap="round"'
    else:
        style = 'stroke-width="2" stroke-dasharray="7 4"'
    # a path ends at the middle of its last square: the arrow stops short of the marker there
    (ex, ey), (px, py) = points[-1], points[-2]
    dist = max(((ex - px) ** 2 + (ey - py) ** 2) ** 0.5, 1)
    cut = min(CELL * 0.4, dist / 2)
    end = (ex - (ex - px) * cut / dist, ey - (ey - py) * cut / dist)
    line = " ".join(f"{x:g},{y:g}" for x, y in [*points[:-1], end])
    return (f'<polyline {head} points="{line}" fill="none" stroke="{ink}" {style} '
            f'marker-end="url(#scenario-arrow-{"move" if s.kind == "move" else "pass"})"/>')


def _badge(pic: Picture, s: Step) -> str:
    """The step's number, on its first leg."""
    (x1, y1), (x2, y2) = centre(pic, s.squares[0]), centre(pic, s.squares[1])
    x, y = (x1 + x2) / 2, (y1 + y2) / 2
    hit = s.kind in ("block", "foul")  # between two markers: a red disc, seen over them
    return (f'<g class="badge"><circle cx="{x:g}" cy="{y:g}" r="{7.5 if hit else 6.5}" '
            f'fill="{STEP_INK[s.kind] if hit else "#ffffff"}" stroke="{STEP_INK[s.kind]}" '
            f'stroke-width="1.5"/><text x="{x:g}" y="{y + 3:g}" font-size="8" '
            f'text-anchor="middle" fill="{"#ffffff" if hit else "#000000"}">{s.n}</text></g>')


def _legend(pic: Picture, home: str, away: str, tr: Words) -> list[tuple[Glyph, str]]:
    """(glyph drawn at x, y; words) for each thing the drawing shows."""
    r = CELL * 0.35

    def disc(fill: str, radius: float, stroke: str) -> Glyph:
        return lambda x, y: (f'<circle cx="{x}" cy="{y}" r="{radius:g}" fill="{fill}" '
                             f'stroke="{stroke}"/>')

    def lying(cross: bool) -> Glyph:
        def glyph(x: float, y: float) -> str:
            out = (f'<ellipse cx="{x}" cy="{y}" rx="{r:g}" ry="{r / 2:g}" fill="#888888" '
                   'stroke="#f2d16b"/>')
            if cross:
                out += (f'<path d="M{x - 6},{y - 6} L{x + 6},{y + 6} M{x + 6},{y - 6} '
                        f'L{x - 6},{y + 6}" stroke="#c9a227" stroke-width="1.5"/>')
            return out
        return glyph

    def stroke(kind: str, width: int, dash: str) -> Glyph:
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        return lambda x, y: (f'<line x1="{x - 9}" y1="{y}" x2="{x + 9}" y2="{y}" '
                             f'stroke="{STEP_INK[kind]}" stroke-width="{width}"{dashes}/>')

    out = [(disc(TEAM_FILL["home"], r, LINE), word(tr, HOME, team=home)),
           (disc(TEAM_FILL["away"], r, LINE), word(tr, AWAY, team=away)),
           (disc(BALLS[0], CELL * 0.2, "#ffffff"), word(tr, BALL))]
    if len(pic.balls) > 1:
        out.append((disc(BALLS[1], CELL * 0.2, "#333333"), word(tr, SECOND_BALL)))
    states = {p.state for p in pic.players}
    if "prone" in states:
        out.append((lying(False), word(tr, PRONE)))
    if "stunned" in states:
        out.append((lying(True), word(tr, STUNNED)))
    kinds = {s.kind for s in pic.steps}
    if "move" in kinds:
        out.append((stroke("move", 2, "1 4"), word(tr, MOVE)))
    if kinds & {"pass", "hand-off"}:
        out.append((stroke("pass", 2, "7 4"), word(tr, PASS)))
    if kinds & {"block", "foul"}:
        out.append((disc(STEP_INK["block"], 7.5, STEP_INK["block"]), word(tr, BLOCK)))
    if pic.game == "blitz-bowl":
        out.append((disc("#3b2a1a", CELL / 2 - 4, "#f2d16b"), word(tr, TRAPDOOR)))
    return out


@dataclass
class Figure:
    """What the scenario page shows of its start: the drawing (``lines``, Markdown with the
    SVG's placeholder: see fragments.py), each player's mark, and the balls and drawn steps
    in words (``after``)."""

    lines: list[str] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)
    after: list[str] = field(default_factory=list)


def scenario_figure(site: Site, item: Item) -> Figure:
    """The drawing of ``item``'s start for its page, in the site's language; empty when there
    is nothing to draw (see `scenario_picture`)."""
    found_setup = item.data.get("setup")
    setup: dict = found_setup if isinstance(found_setup, dict) else {}
    pitch = None
    if item.game == "blitz-bowl":
        found = site.catalogue.get("pitch", str(setup.get("pitch", "one-trapdoor")), item.game)
        pitch = found.data if found is not None else None
    pic = scenario_picture(item.data, item.game, pitch)
    if pic is None:
        return Figure()
    first = "away" if setup.get("first") == "away" else "home"
    svg = scenario_svg(pic, str(setup.get("home", "human" if pitch else "")),
                       str(setup.get("away", "dwarf" if pitch else "")), pitch, first,
                       site.translation)
    # the SVG stays out of the Markdown (fragments.py): the built page gets it back
    fig = Figure([f'<figure class="scenario-pitch {item.game}" data-search-exclude>',
                  placeholder(svg, site.fragments), "</figure>", ""], labels(pic.players))
    for n, (sq, holder) in enumerate(pic.balls):
        # TRANSLATORS: under the drawing of a scenario's start; {number} counts the balls
        fig.after.append(
            "- " + (site.t("Ball {number}: held by {player}", number=n + 1, player=code(holder))
                    if holder else site.t("Ball {number}: at {square}", number=n + 1,
                                          square=esc(f"{sq[0]},{sq[1]}"))))
    if pic.balls:
        fig.after.append("")
    if pic.steps:
        # TRANSLATORS: before the numbered list of the script's steps the drawing shows
        fig.after += [site.t("Drawn on the pitch, numbered in the script's order:"), ""]
        fig.after += [f"{s.n}. {_step_words(site, s)}" for s in pic.steps] + [""]
    return fig


def _step_words(site: Site, s: Step) -> str:
    player = code(s.player)
    to = esc(f"{s.squares[-1][0]},{s.squares[-1][1]}")
    if s.kind == "move":
        # TRANSLATORS: a scripted move; {squares} are the squares in order, "6,3 → 6,5"
        return site.t("{player} moves: {squares}", player=player,
                      squares=" → ".join(esc(f"{x},{y}") for x, y in s.squares))
    if s.kind == "block":
        # TRANSLATORS: a step of a scenario's script: {player} and {target} are player ids,
        # "home.p1 blocks away.p2" (the next three lines alike)
        return site.t("{player} blocks {target}", player=player, target=code(s.target))
    if s.kind == "foul":
        return site.t("{player} fouls {target}", player=player, target=code(s.target))
    if s.kind == "hand-off":
        return site.t("{player} hands the ball to {target}", player=player,
                      target=code(s.target))
    if s.thrown:
        # TRANSLATORS: a team-mate throw: {thrown} is the player thrown, {square} where to
        return site.t("{player} throws {thrown} to {square}", player=player,
                      thrown=code(s.thrown), square=to)
    # TRANSLATORS: a scripted pass: {player} is a player id, {target} a player id or a square,
    # "home.p1 throws to 6,5"
    return site.t("{player} throws to {target}", player=player,
                  target=code(s.target) if s.target else to)
