"""The content in another language: a copy of the catalogue whose texts are the
translations, for the pages of that language. Ids, rules and numbers are untouched; a text
with no translation stays English and is listed, so the page can say so: "not yet
translated", or, for a translation made for an older English (fuzzy), "out of date" (a stale
translation is never shown as the text: it may say what the rules no longer say).
"""

from __future__ import annotations

import copy
from dataclasses import replace

from nuffle.catalogue.model import Catalogue
from nuffle.i18n import translations
from nuffle.i18n.catalog import PRINTED_NOTE, load_shared
from nuffle.i18n.entries import Entry, content_entries
from nuffle.i18n.translations import by_context


class LeftEnglish(set[str]):
    """The contexts of the texts a page shows in English, and why: those in ``stale`` have
    a translation made for an older English (fuzzy: context -> that translation), the
    others have none; ``english`` holds each one's current English."""

    def __init__(self) -> None:
        super().__init__()
        self.stale: dict[str, str] = {}
        self.english: dict[str, str] = {}

    def add_text(self, entry: Entry, stale: str | None) -> None:
        self.add(entry.context)
        self.english[entry.context] = entry.text
        if stale:
            self.stale[entry.context] = stale

    def of(self, start: str) -> tuple[list[str], list[str]]:
        """The stale and the missing contexts of one item (``start``: its contexts' start,
        `entries.item_context`), in the order the item's texts come."""
        mine = [c for c in self.english if c.startswith(start + "/")]
        return [c for c in mine if c in self.stale], [c for c in mine if c not in self.stale]


_CONTENT_FACTS: dict[str, tuple[dict, dict[str, str], frozenset[str]]] = {}


def _content_facts(lang: str) -> tuple[dict[str, str], frozenset[str]]:
    """What the pages need of ``lang``'s content catalog beyond its usable translations:
    the fuzzy entries (context -> translation) and the contexts of printed texts. Read
    once per reading of the catalog (translations.translated's cache), not once per use:
    parsing the catalog is a fifth of a second, and a site build asked three times."""
    texts = translations.translated(lang, "content")
    known = _CONTENT_FACTS.get(lang)
    if known is None or known[0] is not texts:
        po = load_shared(lang, "content") or []
        stale = {e.msgctxt or "": e.msgstr for e in po
                 if e.msgstr and not e.obsolete and "fuzzy" in e.flags}
        printed = frozenset(e.msgctxt or "" for e in po if e.tcomment.startswith(PRINTED_NOTE))
        known = _CONTENT_FACTS[lang] = (texts, stale, printed)
    return known[1], known[2]


def stale_translations(lang: str) -> dict[str, str]:
    """Context -> translation of every fuzzy entry of ``lang``'s content catalog: the
    English changed after it was translated (`nuffle i18n update` marks it)."""
    return dict(_content_facts(lang)[0])


def current_translations(lang: str) -> dict[tuple[str, str], str]:
    """(context, English) -> translation of ``lang``'s content catalog: a translation counts
    only for the English it was made for, so an English text edited since is out of date at
    once, before `nuffle i18n update` marks its entry fuzzy (the status page counts it so
    too: `catalog.status`)."""
    return translations.translated(lang, "content")


def left_english(lang: str, entries: list[Entry]) -> LeftEnglish:
    """The content texts with no current translation in ``lang``, stale (fuzzy, or made
    for an older English) apart from missing."""
    current = current_translations(lang)
    older = by_context(lang, "content")  # made for another English, not yet marked fuzzy
    stale = stale_translations(lang)
    out = LeftEnglish()
    for entry in entries:
        if not current.get((entry.context, entry.text)):
            out.add_text(entry, stale.get(entry.context) or older.get(entry.context))
    return out


def localized_catalogue(catalogue: Catalogue, lang: str, entries: list[Entry] | None = None,
                        ) -> tuple[Catalogue, LeftEnglish]:
    """The catalogue with every translated text in ``lang``, and the contexts left English,
    the stale (fuzzy) ones told apart (``entries``: the content's, if already at hand)."""
    current = current_translations(lang)
    printed = _content_facts(lang)[1]
    entries = entries if entries is not None else content_entries(catalogue)
    # an item's data is copied along the paths to its translated texts only (copying all of
    # every item was a tenth of generating the site): what is not translated is shared with
    # the English catalogue, which nothing changes
    data = {key: item.data for key, item in catalogue.items.items()}
    made: set[int] = set()  # the containers copied here, this catalogue's own to change
    missing = left_english(lang, entries)
    for entry in entries:
        translation = current.get((entry.context, entry.text))
        if not translation:
            continue
        if entry.key not in data:
            continue
        node = data[entry.key]
        if id(node) not in made:
            node = data[entry.key] = copy.copy(node)
            made.add(id(node))
        *parents, last = entry.data_path
        for key in parents:
            child = node[key]
            if id(child) not in made:
                child = node[key] = copy.copy(child)
                made.add(id(child))
            node = child
        node[last] = translation
        if entry.data_path == ("text",):  # where the text shown on the item's page comes from
            node["text_source"] = "printed" if entry.context in printed else "translated"
    out = Catalogue({key: replace(item, data=data[key]) for key, item in catalogue.items.items()})
    return out, missing


_INTERFACE: dict[str, tuple[dict, dict[str, str]]] = {}


def interface_texts(lang: str) -> dict[str, str]:
    """English -> translation of the site's interface strings in ``lang`` (each string has
    its own context, `site/<module>/…`; the site asks by the English). Worked out once per
    reading of the catalog (translations.translated's cache)."""
    texts = translations.translated(lang, "site")  # looked up now: a test may stand in for it
    known = _INTERFACE.get(lang)
    if known is None or known[0] is not texts:
        known = _INTERFACE[lang] = (texts, {english: text for (_, english), text in
                                            texts.items()})
    return known[1]
