"""Page titles that tell pages apart: where two pages of one language would show the same
title (in the navigation, a search result, a browser tab), each gets in brackets what
differs between them, so "Chainsaw" the skill and "Chainsaw" the special play card read
"Chainsaw (Abilities)" and "Chainsaw (Special play cards)".

What differs is tried in this order: the section of the site (Rules and Blood Bowl, Teams
and Guide…), the edition (two tables of one name in two editions), a Challenge card's
Bonus Play (two printings of one card with different backs), and last the id. The title
(front matter: navigation, browser tab) and the page's heading (which the search index
takes as the result's title) both get it.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from functools import lru_cache, partial

from nuffle.sitegen.context import EDITION_NAMES, N_, SECTIONS, Site, esc

from nuffle.catalogue.model import Item

# a page's first folder -> its section's name, as the navigation calls it
SECTION_NAMES = {
    "rules": N_("Rules"), "blood-bowl": "Blood Bowl", "teams": N_("Teams"),
    "star-players": N_("Star players"), "abilities": N_("Abilities"), "balls": N_("Ball cards"),
    "challenge-cards": N_("Challenge cards"), "special-play-cards": N_("Special play cards"),
    "coach-traits": N_("Coach traits"), "tables": N_("Tables"), "pitches": N_("Pitches"),
    "leagues": N_("Leagues"), "scenarios": N_("Scenarios"), "language": N_("Reference"),
    "schemas": N_("Reference"), "guide": N_("Guide"),
}
_FRONT_TITLE = re.compile(r'^title: (".*")$', re.M)
_HEADING = re.compile(r"^# (.+)$", re.M)
_ATTRS = re.compile(r"\s*\{[^{}]*\}$")  # a heading's attribute list, `{#id}`


def title_of(text: str, path: str) -> str:
    """A page's title as the reader sees it (plain text): its front matter's (`Site.add`
    writes it as a JSON string of escaped HTML), else its first heading, else its name."""
    if text.startswith("---\n"):
        m = _FRONT_TITLE.search(text, 0, max(text.find("\n---", 3), 0))
        if m:
            return html.unescape(json.loads(m.group(1)))
    heading = _HEADING.search(text)
    if heading:  # its words, without an attribute list (`# Winning {#winning}`)
        return html.unescape(_ATTRS.sub("", heading.group(1)).strip())
    return path.rsplit("/", 1)[-1].removesuffix(".md")


@lru_cache(maxsize=16384)
def sort_key(title: str) -> str:
    """Titles in dictionary order: case, accents and leading quotes aside ("Élite" beside
    "Elite", '"Cannot…"' among the C); worked out once per title in a process (the
    navigation of each language and the indexes sort the same titles again)."""
    plain = unicodedata.normalize("NFKD", title)
    letters = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return letters.lstrip("\"'“”‘’«»¡¿([ ") or letters


def with_title(text: str, title: str) -> str:
    """The page with ``title`` (plain text) as its front matter's title."""
    line = "title: " + json.dumps(html.escape(title, quote=False), ensure_ascii=False)
    if text.startswith("---\n"):
        end = text.find("\n---", 3)
        if _FRONT_TITLE.search(text, 0, end):
            return _FRONT_TITLE.sub(lambda _: line, text, count=1)
        return f"---\n{line}\n{text[4:]}"
    return f"---\n{line}\n---\n\n{text}"


def tell_apart(site: Site) -> int:
    """Give the pages of ``site`` that share a title a qualifier each; returns how many
    titles changed."""
    items = {site.item_path(i): i for i in site.catalogue.sorted_items() if i.kind in SECTIONS}
    groups: dict[str, list[tuple[str, str]]] = {}
    for path, text in site.pages.items():
        if path.endswith(".md") and path != "index.md":
            title = title_of(text, path)
            groups.setdefault(sort_key(title), []).append((path, title))
    changed = 0
    for pages in groups.values():
        if len(pages) < 2:
            continue
        for (path, title), qualifier in zip(pages, _qualifiers(site, pages, items), strict=True):
            if qualifier and sort_key(qualifier) != sort_key(title):
                text = with_title(site.pages[path], f"{title} ({qualifier})")
                heading = _HEADING.search(text)
                if heading and title_of(heading.group(0), path) == title:  # not another's
                    text = _HEADING.sub(partial(_qualified, qualifier=qualifier), text, count=1)
                site.pages[path] = text
                changed += 1
    return changed


def _qualified(heading: re.Match, qualifier: str) -> str:
    """A page's first heading with the qualifier after its words (before an attribute
    list, if it has one)."""
    text = heading.group(1)
    attrs = _ATTRS.search(text)
    at = attrs.start() if attrs else len(text)
    return f"# {text[:at]} ({esc(qualifier)}){text[at:]}"


def _qualifiers(site: Site, pages: list[tuple[str, str]], items: dict[str, Item]) -> list[str]:
    """What tells each page of ``pages`` (one title) from the others, in the site's
    language: the first of section, edition, Bonus Play and id that differs between all."""
    found = [items.get(path) for path, _ in pages]
    ways = [
        [site.translation(SECTION_NAMES[path.split("/")[0]])
         if path.split("/")[0] in SECTION_NAMES else "" for path, _ in pages],
        [site.translation(EDITION_NAMES[i.edition]) if i and i.edition in EDITION_NAMES
         else "" for i in found],
        [str(back.get("name", "")) if i and isinstance(back := i.data.get("bonus_play"), dict)
         else "" for i in found],
        [i.id if i else path.removesuffix(".md") for i, (path, _) in zip(found, pages,
                                                                          strict=True)],
    ]
    for names in ways:
        if len(set(names)) == len(names):
            return names
    return ways[-1]
