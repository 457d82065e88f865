"""Markers in hand-written pages, replaced with links and rulings when the site is built.

`[[ability:catchers-instincts]]` becomes a link to the item's page (with its name);
`[[rulings:rules/throwing]]` becomes the rulings whose `applies_to` names that section.
An unknown item or section is an error: the build fails rather than publish a dead link.
A marker in code (a code span or a fenced block, as in a page that explains the markers)
is shown as written.
"""

from __future__ import annotations

import re

from nuffle.sitegen.context import N_, Site, esc

MARKER = re.compile(r"\[\[([a-z-]+):([a-z0-9/#-]+)\]\]")
# code, where a marker stays as written: a fenced block (its fence alone on a line to the
# closing one), or a code span (a run of backticks to the next run of the same length,
# within a paragraph); tried before a marker, so one inside is not expanded
_CODE = (r"^(?P<fence>[ \t]*(?:`{3,}|~{3,})).*?^(?P=fence)"
         r"|(?<![\\`])(?P<ticks>`+)(?!`)(?:(?!\n[ \t]*\n).)+?(?<!`)(?P=ticks)(?!`)")
_MARKER_OR_CODE = re.compile(f"{_CODE}|{MARKER.pattern}", re.M | re.S)
ITEM_KINDS = ("ability", "ball", "challenge-card", "bonus-play", "coach-trait", "table",
              "pitch", "ruling", "scenario", "team", "league")


class MarkerError(Exception):
    pass


def expand(site: Site, text: str, here: str) -> str:
    def replace(m: re.Match) -> str:
        if m.group("fence") is not None or m.group("ticks") is not None:
            return m.group(0)  # code: shown as written
        kind, ref = m.group(3), m.group(4)
        if kind == "rulings":
            found = site.rulings_for.get(ref, [])
            if not found:
                raise MarkerError(f"{here}: no ruling applies to `{ref}`")
            lines = []
            for r in found:
                # TRANSLATORS: the title of the box that shows a ruling in a rules page;
                # {title} is the ruling's title (no double quotes in the translation)
                title = site.t("Ruling: {title}", title=esc(r.data.get("title", r.id)))
                title = title.replace('"', "&#34;")  # the box's title is written in quotes
                # TRANSLATORS: the words of the link from a ruling's box to the rulings log
                log = site.link("ruling", r.id, here, site.translation(N_("rulings log")))
                lines.append(f'!!! note "{title}"')
                lines.append(f"    {esc(r.data.get('ruling', ''))} ({log})")
                lines.append("")
            return "\n".join(lines)
        if kind == "picture":  # `[[picture:block-dice]]`: a table's picture, as on its page
            from nuffle.sitegen.dice_pictures import table_picture
            tables = site.catalogue.find("table", ref)
            picture = table_picture(site, tables[0]) if tables else []
            if not picture:
                raise MarkerError(f"{here}: `{m.group(0)}` names no table with a picture")
            return "\n".join(picture)
        if kind not in ITEM_KINDS:
            raise MarkerError(f"{here}: unknown marker kind `{kind}` in `{m.group(0)}`")
        item_id = ref.split("#")[0]
        exists = item_id in site.bonus_plays if kind == "bonus-play" \
            else bool(site.catalogue.find(kind, item_id))  # shared ids: the first game's
        if not exists:
            raise MarkerError(f"{here}: `{m.group(0)}` names no {kind}")
        return site.link(kind, item_id, here)
    return _MARKER_OR_CODE.sub(replace, text)
