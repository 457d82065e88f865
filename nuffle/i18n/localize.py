"""The content in another language: a copy of the catalogue whose texts are the
translations, for the pages of that language. Ids, rules and numbers are untouched; a text
with no translation stays English and is listed, so the page can say so.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from nuffle.catalogue.model import Catalogue
from nuffle.i18n.catalog import PRINTED_NOTE, load
from nuffle.i18n.entries import Entry, content_entries
from nuffle.i18n.translations import by_context


def localized_catalogue(catalogue: Catalogue, lang: str, entries: list[Entry] | None = None,
                        ) -> tuple[Catalogue, set[str]]:
    """The catalogue with every translated text in ``lang``, and the contexts left English
    (``entries``: the content's, if already at hand)."""
    texts = by_context(lang, "content")
    printed = {e.msgctxt for e in (load(lang, "content") or [])
               if e.tcomment.startswith(PRINTED_NOTE)}
    entries = entries if entries is not None else content_entries(catalogue)
    data = {key: copy.deepcopy(item.data) for key, item in catalogue.items.items()}
    missing: set[str] = set()
    for entry in entries:
        translation = texts.get(entry.context)
        if not translation:
            missing.add(entry.context)
            continue
        if entry.key not in data:
            continue
        node = data[entry.key]
        *parents, last = entry.data_path
        for key in parents:
            node = node[key]
        node[last] = translation
        if entry.data_path == ("text",):  # where the text shown on the item's page comes from
            node["text_source"] = "printed" if entry.context in printed else "translated"
    out = Catalogue({key: replace(item, data=data[key]) for key, item in catalogue.items.items()})
    return out, missing
