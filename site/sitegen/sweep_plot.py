"""Sweeps on the balance page: the files `nuffle balance --output` writes, read back with
every field checked (a sweep file is anyone's to edit), drawn as win rates with their 95%
intervals (an SVG written here, like the heat map) and listed in a table.

Every text in a drawing (a row's label, the title) is escaped with its quotes; everything
else is a number this module computed from checked numbers."""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path
from typing import Any

from nuffle.sitegen.context import N_, Site, esc, table

SWEEP_FORMAT = 1
MAX_SWEEP_FILE = 8 << 20  # bytes: a sweep of every variant of every pairing is far smaller
MAX_ROWS = 500
MAX_LABEL = 120  # characters of a row's label shown in the drawing
PLOT_LABEL = N_("Win rate with its 95% interval, for each row of the sweep")


class SweepFileError(ValueError):
    """A sweep file that is not one `nuffle balance --output` wrote."""


def _rate(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise SweepFileError(f"{where}: not a rate")
    count, rate, ci = value.get("count"), value.get("rate"), value.get("ci95")
    numbers = [rate, *(ci if isinstance(ci, list) else [])]
    if type(count) is not int or count < 0 or not isinstance(ci, list) or len(ci) != 2 \
            or not all(isinstance(x, int | float) and not isinstance(x, bool)
                       and math.isfinite(x) and 0 <= x <= 1 for x in numbers) \
            or not ci[0] <= rate <= ci[1]:
        raise SweepFileError(f"{where}: a rate needs a count, a rate from 0 to 1 and its "
                             "interval around it")
    assert isinstance(rate, int | float)  # checked above
    return {"count": count, "rate": float(rate), "ci95": [float(ci[0]), float(ci[1])]}


def read_sweep(path: Path) -> dict:
    """A sweep file's title and rows, checked; SweepFileError says what is wrong."""
    try:
        if path.stat().st_size > MAX_SWEEP_FILE:
            raise SweepFileError(f"{path}: larger than {MAX_SWEEP_FILE} bytes")
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, SweepFileError):
            raise
        raise SweepFileError(f"{path}: not a readable JSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SWEEP_FORMAT:
        raise SweepFileError(f"{path}: not a sweep written by `nuffle balance --output` "
                             f"(format {SWEEP_FORMAT})")
    title, rows = data.get("title"), data.get("rows")
    if not isinstance(title, str) or not isinstance(rows, list) or not rows \
            or len(rows) > MAX_ROWS:
        raise SweepFileError(f"{path}: a sweep needs a title and 1 to {MAX_ROWS} rows")
    out = []
    for n, row in enumerate(rows):
        where = f"{path}: row {n + 1}"
        if not isinstance(row, dict) or not isinstance(row.get("label"), str) \
                or type(row.get("games")) is not int or row["games"] < 1:
            raise SweepFileError(f"{where}: a row needs a label and its games")
        rates = {k: _rate(row.get(k), f"{where} {k}") for k in ("wins", "draws", "losses")}
        if sum(r["count"] for r in rates.values()) != row["games"]:
            raise SweepFileError(f"{where}: wins, draws and losses do not add up to its games")
        out.append({"label": row["label"], "games": row["games"], **rates})
    return {"title": title, "rows": out}


def sweep_svg(rows: list[dict], label: str, title: str) -> str:
    """One line per row: its label, its win rate (a dot) and 95% interval (a bar) on a
    0-100% scale with the 50% line dashed; ``label`` and ``title`` are accessible texts."""
    label_w, plot_w, line, top = 230, 420, 22, 28
    w, h = label_w + plot_w + 30, top + line * len(rows) + 10
    x0 = label_w + 10

    def x(rate: float) -> float:
        return round(x0 + plot_w * rate, 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
             f'height="{h}" role="img" aria-label="{escape(label)}">',
             f"<title>{escape(title)}</title>",
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>']
    for tick in range(0, 101, 25):
        parts.append(f'<line x1="{x(tick / 100)}" y1="{top - 6}" x2="{x(tick / 100)}" '
                     f'y2="{h - 6}" stroke="{"#888888" if tick == 50 else "#dddddd"}" '
                     f'stroke-dasharray="{"4 3" if tick == 50 else "none"}"/>')
        parts.append(f'<text x="{x(tick / 100)}" y="{top - 10}" font-size="10" '
                     f'text-anchor="middle">{tick}%</text>')
    for n, row in enumerate(rows):
        y = top + n * line + line / 2
        wins = row["wins"]
        low, high = wins["ci95"]
        shown = row["label"] if len(row["label"]) <= MAX_LABEL \
            else row["label"][:MAX_LABEL - 1] + "…"
        parts += [f'<text x="{label_w}" y="{y + 4}" font-size="11" text-anchor="end">'
                  f"{escape(shown)}</text>",
                  f'<line x1="{x(low)}" y1="{y}" x2="{x(high)}" y2="{y}" stroke="#3d6fb6" '
                  'stroke-width="3"/>',
                  f'<circle cx="{x(wins["rate"])}" cy="{y}" r="4" fill="#1f3f7a"/>']
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def sweeps_section(site: Site, sweeps: list[dict]) -> list[str]:
    """The balance page's section of sweeps: each one's title, drawing and table."""
    if not sweeps:
        return []
    out = ["", "## " + site.t("Sweeps"), "",
           site.t("Sweeps run with {command}: each row's win rate, the dot, with its 95% "
                  "interval, the bar (95 in 100 intervals drawn this way hold the rate over "
                  "endless games); the dashed line is 50%.",
                  command="`nuffle balance --output FILE`")]
    label = site.translation(PLOT_LABEL)
    for n, sweep in enumerate(sweeps, 1):
        name = f"balance-sweep-{n}.svg"
        site.pages[name] = sweep_svg(sweep["rows"], label, sweep["title"])
        body = []
        for row in sweep["rows"]:
            low, high = row["wins"]["ci95"]
            body.append([esc(row["label"]), str(row["games"]),
                         f"{100 * row['wins']['rate']:.1f}",
                         f"{100 * low:.1f}–{100 * high:.1f}",
                         f"{100 * row['draws']['rate']:.1f}",
                         f"{100 * row['losses']['rate']:.1f}"])
        out += ["", f"### {esc(sweep['title'])}", "",
                '<div class="heat-map" markdown="1">', "",
                f"![{esc(label)}]({name})", "", "</div>", "",
                '<div class="win-rates" markdown="1">', "",
                table(["", site.t("Games"), site.t("Win %"), site.t("95% interval"),
                       site.t("Draw %"), site.t("Loss %")], body), "", "</div>"]
    return out
