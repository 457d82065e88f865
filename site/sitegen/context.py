"""What every generated page needs: the content, where each item's page is, links.

Pages link with relative `.md` paths, so MkDocs checks every link at build time (the build
runs in strict mode: a broken link fails it).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from nuffle.dsl.render import ENGLISH, RulesRenderer
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

from nuffle.catalogue.model import Catalogue, Item

# content kind -> the site section its pages live in
SECTIONS = {
    "team": "teams", "ability": "abilities", "ball": "balls",
    "challenge-card": "challenge-cards", "coach-trait": "coach-traits", "table": "tables",
    "pitch": "pitches", "scenario": "scenarios", "league": "leagues",
}
EDITION_NAMES = {
    "blitz-bowl-s2": "Blitz Bowl Season 2", "blitz-bowl-2018": "Blitz Bowl (2018)",
    "bb2020": "Blood Bowl 2020", "pbbl-1-10": "Blood Bowl PBBL 1.10", "lrb6": "Blood Bowl LRB6",
}


def N_(text: str) -> str:  # noqa: N802 - the gettext convention Babel's extractor looks for
    """Mark a text for the site catalog where it is defined; `Site.t` translates it where it
    is shown."""
    return text


@dataclass
class Site:
    catalogue: Catalogue
    lang: str = "en"  # the language the pages are written in
    pages: dict[str, str] = field(default_factory=dict)  # docs-relative path -> Markdown
    names: dict[str, str] = field(default_factory=dict)
    bonus_plays: dict[str, Item] = field(default_factory=dict)  # bonus play id -> its card
    scenarios_for: dict[str, list[Item]] = field(default_factory=dict)  # "kind/id" -> scenarios
    rulings_for: dict[str, list[Item]] = field(default_factory=dict)  # applies_to -> rulings
    used_by: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    # content texts with no translation in this language: "kind/id/field" contexts
    untranslated: set[str] = field(default_factory=set)
    # pages shown in English in another language's site (they get a banner that says so)
    untranslated_pages: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, catalogue: Catalogue, lang: str = "en") -> Site:
        """The site of ``catalogue`` in ``lang`` (for a language other than English, pass the
        catalogue with its texts translated: see `nuffle.i18n.localize`)."""
        site = cls(catalogue, lang)
        for item in catalogue.sorted_items():
            site.names[item.id] = str(item.data.get("name", item.data.get("title", item.id)))
            back = item.data.get("bonus_play") if item.kind == "challenge-card" else None
            if isinstance(back, dict):
                site.bonus_plays[back["id"]] = item
                site.names[back["id"]] = back["name"]
            if item.kind == "scenario":
                for ref in item.data.get("tests", []):
                    for key in dict.fromkeys((ref.split("#")[0], ref)):
                        found = site.scenarios_for.setdefault(key, [])
                        if item not in found:
                            found.append(item)
            if item.kind == "ruling":
                for ref in item.data.get("applies_to", []):
                    site.rulings_for.setdefault(ref, []).append(item)
            if item.kind == "team":
                for pos in item.data.get("positions", []):
                    for ability in pos.get("abilities", []):
                        site.used_by.setdefault(f"ability/{ability}", []).append(
                            ("team", item.id))
            if item.kind == "ball" and item.data.get("team"):
                site.used_by.setdefault(f"team/{item.data['team']}", []).append(("ball", item.id))
        return site

    # -- where pages are -------------------------------------------------------------------
    def path(self, kind: str, item_id: str) -> str:
        if kind == "bonus-play":
            card = self.bonus_plays[item_id]
            return f"challenge-cards/{card.id}.md"
        if kind == "ruling":
            return "rulings.md"
        return f"{SECTIONS[kind]}/{item_id}.md"

    def anchor(self, kind: str, item_id: str) -> str:
        if kind == "bonus-play":
            return "#bonus-play"
        if kind == "ruling":
            return f"#{item_id}"
        return ""

    def link(self, kind: str, item_id: str, here: str, text: str | None = None) -> str:
        """A Markdown link from page ``here`` to an item's page."""
        target = self.path(kind, item_id)
        rel = posixpath.relpath(target, posixpath.dirname(here) or ".")
        label = esc(text if text is not None else self.names.get(item_id, item_id))
        return f"[{label}]({rel}{self.anchor(kind, item_id)})"

    def rel(self, target: str, here: str) -> str:
        return posixpath.relpath(target, posixpath.dirname(here) or ".")

    def t(self, text: str) -> str:
        """An interface text in the site's language (the `site` catalog; English if it has
        no translation)."""
        if self.lang == "en":
            return text
        from nuffle.i18n.catalog import SHARED_CONTEXT
        from nuffle.i18n.translations import translated
        return translated(self.lang, "site").get((SHARED_CONTEXT, text), text)

    def english(self, item: Item) -> RulesRenderer | None:
        """The renderer of "rules as interpreted" for ``item``, in the site's language."""
        if item.edition not in EDITIONS:
            return None
        vocab = vocabulary_for_edition(item.edition)
        language = ENGLISH
        if self.lang != "en":
            from nuffle.i18n.translations import rules_language
            language = rules_language(self.lang, vocab.game, self.catalogue)
        return RulesRenderer(vocab, self.names, language)

    def add(self, path: str, text: str, boost: float | None = None) -> None:
        """A page; ``boost`` ranks it higher in the site search (a card above the
        scenarios that mention it)."""
        front = f"---\nsearch:\n  boost: {boost}\n---\n\n" if boost else ""
        self.pages[path] = front + text.rstrip() + "\n"


def esc(text: object) -> str:
    """Content text as Markdown that shows exactly that text: HTML is escaped (a card text
    with `<script>` shows as text) and Markdown's own marks do not format it."""
    out = str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for ch in ("\\", "`", "*", "_", "[", "]", "|", "#"):
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


def table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def edition_name(edition: str | None) -> str:
    return EDITION_NAMES.get(edition or "", edition or "")
