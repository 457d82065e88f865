"""What every generated page needs: the content, where each item's page is, links, and
the escaping that keeps content text text.

Pages link with relative `.md` paths, so MkDocs checks every link at build time (the build
runs in strict mode: a broken link fails it).

Content and translations come from people the project does not know, so nothing they write
is ever read as markup: `esc` turns every character Markdown or HTML could read as a mark
into a character reference, `code` and `fence` hold content in code, and every generated
page takes its title from `Site.add`, escaped, never from a heading the theme would copy
unescaped. `safety.py` checks the built site for anything that slipped through.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from dataclasses import dataclass, field
from functools import lru_cache

from nuffle.dsl.render import ENGLISH, RulesRenderer
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

from nuffle.catalogue.model import Catalogue, Item
from nuffle.template import fill_or, translation_problem

# content kind -> the site section its pages live in
SECTIONS = {
    "team": "teams", "ability": "abilities", "ball": "balls",
    "challenge-card": "challenge-cards", "coach-trait": "coach-traits", "table": "tables",
    "pitch": "pitches", "scenario": "scenarios", "league": "leagues",
    "star-player": "star-players", "special-play-card": "special-play-cards",
}
EDITION_NAMES = {
    "blitz-bowl-s2": "Blitz Bowl Season 2", "blitz-bowl-2018": "Blitz Bowl (2018)",
    "bb2020": "Blood Bowl 2020", "pbbl-1-10": "Blood Bowl PBBL 1.10", "lrb6": "Blood Bowl LRB6",
}


def N_(text: str) -> str:  # noqa: N802 - the gettext convention Babel's extractor looks for
    """Mark a text for the site catalog where it is defined; `Site.t` translates it where it
    is shown."""
    return text



def relative(target: str, here: str) -> str:
    """The address of site page ``target`` from page ``here`` (both site-relative, as
    `posixpath.relpath` gives it), worked out once per pair of folders: the pages make
    thousands of links between a few dozen folders (relpath was about 11 µs a link)."""
    folder, name = posixpath.split(target)
    if name in ("", ".", ".."):  # not a page's name: as relpath works it out
        return posixpath.relpath(target, posixpath.dirname(here) or ".")
    up = _relative_folder(folder, posixpath.dirname(here))
    return name if up == "." else f"{up}/{name}"


@lru_cache(maxsize=4096)
def _relative_folder(folder: str, start: str) -> str:
    return posixpath.relpath(folder or ".", start or ".")

@dataclass
class Site:
    catalogue: Catalogue
    lang: str = "en"  # the language the pages are written in
    pages: dict[str, str] = field(default_factory=dict)  # docs-relative path -> Markdown
    names: dict[str, str] = field(default_factory=dict)
    bonus_plays: dict[str, Item] = field(default_factory=dict)  # bonus play id -> its card
    scenarios_for: dict[str, list[Item]] = field(default_factory=dict)  # "kind/id" -> scenarios
    rulings_for: dict[str, list[Item]] = field(default_factory=dict)  # applies_to -> rulings
    # "kind/id" -> the items that use it: (kind, id, game); ids are unique within a game only,
    # so whoever reads these lists keeps the entries of its own game (`Site.same_game`)
    used_by: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)

    # content texts with no translation in this language: "kind/id/field" contexts
    untranslated: set[str] = field(default_factory=set)
    # pages shown in English in another language's site (they get a banner that says so)
    untranslated_pages: set[str] = field(default_factory=set)
    # drawings kept out of the pages' Markdown, by key (fragments.py)
    fragments: dict[str, str] = field(default_factory=dict)
    # "rules as interpreted": a renderer per edition (`english`)
    renderers: dict[str, RulesRenderer] = field(default_factory=dict, repr=False)
    # per other language, the content texts its pages show in English (`LeftEnglish`), when
    # the build has worked them out already: the English translation-status page lists them
    left_english: dict[str, set[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, catalogue: Catalogue, lang: str = "en") -> Site:
        """The site of ``catalogue`` in ``lang`` (for a language other than English, pass the
        catalogue with its texts translated: see `nuffle.i18n.localize`)."""
        site = cls(catalogue, lang)
        for item in catalogue.sorted_items():  # a shared id keeps its first game's name
            site.names.setdefault(item.id, str(item.data.get("name",
                                                             item.data.get("title", item.id))))
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
                    for ability in pos.get("abilities", pos.get("skills", [])):
                        site.used_by.setdefault(f"ability/{ability}", []).append(
                            ("team", item.id, item.game))
            if item.kind == "ball" and item.data.get("team"):
                site.used_by.setdefault(f"team/{item.data['team']}", []).append(
                    ("ball", item.id, item.game))
        return site

    @staticmethod
    def same_game(item: Item, found: list[Item]) -> list[Item]:
        """The items of ``found`` (rulings, scenarios) that may speak of ``item``: those of its
        game, and those with no game."""
        return [i for i in found if i.game in ("", item.game)]

    # -- where pages are -------------------------------------------------------------------
    def path(self, kind: str, item_id: str, game: str | None = None) -> str:
        """The page of an item; with ``game``, of that game's item (without, the first
        game's: see `slug`)."""
        if kind == "bonus-play":
            card = self.bonus_plays[item_id]
            return f"challenge-cards/{card.id}.md"
        if kind == "ruling":
            return "rulings.md"
        if kind == "special-play-deck":  # a section of the special play cards' index
            return "special-play-cards/index.md"
        return f"{SECTIONS[kind]}/{self.slug(kind, item_id, game)}.md"

    def slug(self, kind: str, item_id: str, game: str | None = None) -> str:
        """The name of an item's page: its id, or `orc--blood-bowl` for the item of a later
        game whose kind and id an earlier game's item has (`Catalogue.qualifier`; no id
        holds `--`, so no other page has that name)."""
        item = self.catalogue.items.get((kind, item_id, game)) if game else None
        qualifier = self.catalogue.qualifier(item) if item is not None else ""
        return f"{item_id}--{qualifier}" if qualifier else item_id

    def item_path(self, item: Item) -> str:
        return self.path(item.kind, item.id, item.game)

    def anchor(self, kind: str, item_id: str) -> str:
        if kind == "bonus-play":
            return "#bonus-play"
        if kind == "ruling":
            return f"#{anchor_id(item_id)}"
        if kind == "special-play-deck":
            return f"#{anchor_id('deck-' + item_id)}"
        return ""

    def link(self, kind: str, item_id: str, here: str, text: str | None = None,
             game: str | None = None) -> str:
        """A Markdown link from page ``here`` to an item's page (of ``game``, where ids are
        shared: see `path`); ``text`` (plain text, the item's name if not given) is
        escaped."""
        target = self.path(kind, item_id, game)
        rel = relative(target, here)
        item = self.catalogue.items.get((kind, item_id, game)) if game else None
        if text is None and item is not None:
            text = str(item.data.get("name", item.data.get("title", item_id)))
        label = esc(text if text is not None else self.names.get(item_id, item_id))
        return f"[{label}]({rel}{self.anchor(kind, item_id)})"

    def rel(self, target: str, here: str) -> str:
        return relative(target, here)

    def translation(self, text: str) -> str:
        """An interface text in the site's language as plain text (the `site` catalog; the
        English if it has no translation or its translation is not safe to show), for a
        page's title or a drawing, which escape it themselves. Babel extracts `t(…)` and
        `N_(…)` only: write `site.translation(N_("…"))`."""
        return interface_text(self.lang, text)

    def t(self, english: str, /, **values: object) -> str:
        """An interface text in the site's language, ready for a Markdown page, with
        ``values`` (already Markdown) filled into its fields. A translation may not add
        markup (it falls back to the English), and its `&`, `<` and `>` show as written;
        a translated template that cannot be filled falls back to the English one."""
        shown = self.translation(english)
        if shown is not english and not _HTML_MARKS.search(english):
            shown = html.escape(shown, quote=False)
        return fill_or(shown, english, values) if values else shown

    def english(self, item: Item) -> RulesRenderer | None:
        """The renderer of "rules as interpreted" for ``item``, in the site's language: one
        per edition, made when first asked (a renderer starts each rule afresh; its language
        reads every glossary, so making one per page was a fifth of the Italian pages)."""
        if item.edition not in EDITIONS:
            return None
        found = self.renderers.get(item.edition)
        if found is None:
            vocab = vocabulary_for_edition(item.edition)
            language = ENGLISH
            if self.lang != "en":
                from nuffle.i18n.translations import rules_language
                language = rules_language(self.lang, vocab.game, self.catalogue)
            found = self.renderers[item.edition] = RulesRenderer(vocab, self.names, language)
        return found

    def add(self, path: str, text: str, title: str | None = None,
            boost: float | None = None) -> None:
        """A page. A generated page gives its ``title`` as plain text: it becomes the page's
        heading, escaped, and its title in the front matter, HTML-escaped, which the theme
        uses (tab, header, navigation, footer, search) instead of copying the heading
        unescaped. ``boost`` ranks the page higher in the site search (a card above the
        scenarios that mention it)."""
        meta: list[str] = []
        if title is not None:
            plain = " ".join(str(title).split())  # no line break of any kind is left
            text = f"# {esc(plain)}\n\n{text.lstrip()}"
            if path != "index.md":  # the home page's tab shows the site's name (the theme)
                # a JSON string is a YAML double-quoted scalar: every quote and control
                # character escaped (and quicker than a YAML emitter, page after page)
                meta.append("title: " + json.dumps(html.escape(plain, quote=False),
                                                   ensure_ascii=False))
        if boost:
            meta.append(f"search:\n  boost: {float(boost)}")
        front = "---\n" + "\n".join(meta) + "\n---\n\n" if meta else ""
        self.pages[path] = front + text.rstrip() + "\n"


_HTML_MARKS = re.compile(r"[&<>]")


def interface_text(lang: str, text: str) -> str:
    """``text`` (English, from the generator) in ``lang``, as plain text: its translation in
    the `site` catalog if it has one that is safe to show, else the English."""
    if lang == "en":
        return text
    from nuffle.i18n.localize import interface_texts
    found = interface_texts(lang).get(text)
    return found if found and _safe_translation(text, found) else text


@lru_cache(maxsize=4096)
def _safe_translation(english: str, translation: str) -> bool:
    """A translation keeps the English's fields and adds no markup or control character
    (the catalog reader checks this too; the site does not rely on it)."""
    return translation_problem(english, translation) is None


# Characters that stay as they are in `esc`: none of them starts any Markdown or HTML
# construct in the middle of a line. Every other ASCII mark becomes a character reference.
_INERT = frozenset(" ,.'?!():;/%-+=")
_LINE_BREAKS = (0x09, 0x0a, 0x0d)
_CONTROLS = (*range(0x00, 0x20), *range(0x7f, 0xa0))


def _escape_table() -> dict[int, str]:
    """`str.translate` table of `esc`: marks to references, controls to U+FFFD."""
    table = {c: f"&#{c};" for c in range(0x21, 0x7f)
             if not chr(c).isalnum() and chr(c) not in _INERT}
    table |= {c: " " if c in _LINE_BREAKS else "\ufffd" for c in _CONTROLS}
    return table


_ESCAPES = _escape_table()
_LIST_NUMBER = re.compile(r"^(\d+)([.)])")


def esc(text: object) -> str:
    """Content text as Markdown that shows exactly that text, wherever it lands (a
    paragraph, a heading, a table cell, a link's words, an admonition's title): every
    character Markdown, its extensions (attribute lists, tables, fences) or HTML could read
    as a mark becomes a numeric character reference, so `<script>` and `{: onclick=… }` show
    as text; control characters become U+FFFD and line breaks spaces. What could start a
    block at the start of a line (a list's `-`, `!!!`, `1.`, indentation) is escaped there
    too."""
    raw = str(text)
    out = raw.translate(_ESCAPES)
    if raw and raw[0] in _INERT:
        out = f"&#{ord(raw[0])};" + out[1:]
    return _LIST_NUMBER.sub(lambda m: f"{m.group(1)}&#{ord(m.group(2))};", out)


def code(text: object) -> str:
    """Content text as inline code: a backtick in it cannot close the span, nothing in it is
    markup."""
    return f"<code>{esc(text)}</code>"


def fence(text: str, lang: str = "") -> str:
    """A fenced code block holding ``text`` as it is: the fence is longer than any run of
    backticks inside, so no line of the text can close it (the fences close only on a line
    of exactly the opening fence)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    body = str(text).translate(_CODE_CONTROLS).rstrip("\n")
    return f"{ticks}{lang}\n{body}\n{ticks}"


_CODE_CONTROLS = {c: "\ufffd" for c in _CONTROLS if c not in _LINE_BREAKS}


def anchor_id(text: object) -> str:
    """An id for a heading or a link's `#anchor`: content ids are slugs already; anything
    else is made one, so it cannot end the attribute list it is written in."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", str(text)).strip("-") or "x"


def table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def edition_name(edition: str | None) -> str:
    return EDITION_NAMES.get(edition or "", edition or "")
