"""A language's translations, ready to use: the words of "rules as interpreted", of the
play-by-play and of content names, read from the PO catalogs (only translated, non-fuzzy
entries; anything else falls back to English).

This is the one door every reader of a translation goes through, so it is where a
translation that could lie or break something is turned away: one whose fields differ
from the English (`{team.nope}`, `{0}`, a stray brace), that adds markup, or that holds
control characters falls back to English (`nuffle i18n check` says which, I103 and I105).
An unreadable catalog raises CatalogError (I106), which each command reports.
"""

from __future__ import annotations

from functools import lru_cache

from nuffle.dsl.render import ENGLISH, Language
from nuffle.i18n.catalog import catalog_languages, load_shared, pack_catalogs
from nuffle.i18n.unusable import current, warn_unusable


@lru_cache(maxsize=32)
def translated(lang: str, domain: str) -> dict[tuple[str, str], str]:
    """(msgctxt, msgid) -> msgstr for every usable translation of a catalog: translated,
    current, not fuzzy, and safe to stand for its English (`translation_problem`, asked by
    warn_unusable); CatalogError if the catalog cannot be read."""
    po = load_shared(lang, domain)
    # said once per catalog read (the English is used instead); each entry checked once
    refused = warn_unusable(po)
    found = {(e.msgctxt or "", e.msgid): e.msgstr for e in (po or [])
             if current(e) and id(e) not in refused}
    for pack in pack_catalogs(lang, domain):  # a pack translates its own items only
        refused = warn_unusable(pack)
        for entry in pack:
            key = (entry.msgctxt or "", entry.msgid)
            if current(entry) and id(entry) not in refused and key not in found:
                found[key] = entry.msgstr
    return found


def by_context(lang: str, domain: str) -> dict[str, str]:
    return {ctx: text for (ctx, _), text in translated(lang, domain).items()}


def _pairs(texts: dict[str, str], prefix: str) -> dict[tuple[str, str], str]:
    """(first, rest) -> text for each context `<prefix><first>/<rest>` (a context with no
    further `/` names no pair, so nothing looks it up)."""
    out: dict[tuple[str, str], str] = {}
    for ctx, text in texts.items():
        if ctx.startswith(prefix):
            first, slash, rest = ctx.removeprefix(prefix).partition("/")
            if slash:
                out[(first, rest)] = text
    return out


def rules_language(lang: str, game: str, catalogue) -> Language:
    """The Language that renders "rules as interpreted" in ``lang`` for ``game``'s
    vocabulary: the `rules` catalog's words with the grammar file's rules (grammar.py). Any
    language works: without a grammar file, a translation or a noun, its sentences are
    written in English or without articles, and marked."""
    if lang == "en":
        return ENGLISH
    from nuffle.i18n.grammar import GrammarLanguage, grammar_for, language_nouns
    texts = by_context(lang, "rules")
    frames = {ctx.removeprefix("rules/frame/"): t for ctx, t in texts.items()
              if ctx.startswith("rules/frame/")}
    phrases = _pairs(texts, f"rules/{game}/")
    grammar, _ = grammar_for(lang)  # a broken file: `nuffle i18n check` says why
    return GrammarLanguage(lang, game, frames, phrases,
                           language_nouns(catalogue, lang, game, grammar), grammar)


def content_names(lang: str, catalogue) -> dict[tuple[str, str], str]:
    """(kind, id) -> the item's name in ``lang``; Bonus Plays as ("bonus-play", id),
    positions as ("position", "team/position") and the entries of tables as ("table", entry
    id), as the Blood Bowl engine names a table's result (where two tables have an entry of
    the same id, the later table's, as the engine's own names do). Where games share a kind
    and id, the first game's item (Blitz Bowl's, whose games are narrated) gives the
    name."""
    texts = by_context(lang, "content")
    out: dict[tuple[str, str], str] = {}
    for item in catalogue.sorted_items():
        if catalogue.qualifier(item):  # a later game's item: its context has its game
            continue
        for field in ("name", "title"):
            found = texts.get(f"{item.kind}/{item.id}/{field}")
            if found:
                out[(item.kind, item.id)] = found
        back = item.data.get("bonus_play") if item.kind == "challenge-card" else None
        if isinstance(back, dict):
            found = texts.get(f"challenge-card/{item.id}/bonus_play/name")
            if found:
                out[("bonus-play", back["id"])] = found
        for entry in item.data.get("entries", []) if item.kind == "table" else []:
            if not (isinstance(entry, dict) and entry.get("id")):
                continue
            found = texts.get(f"table/{item.id}/entries/{entry.get('roll')}/name")
            if found:
                out[("table", str(entry["id"]))] = found
        for pos in item.data.get("positions", []) if item.kind == "team" else []:
            found = texts.get(f"team/{item.id}/positions/{pos.get('id')}/name")
            if found:
                out[("position", f"{item.id}/{pos.get('id')}")] = found
    return out


def narrative_words(lang: str, catalogue):
    """The play-by-play's Words in ``lang``."""
    from nuffle.i18n.grammar import MARKER
    from nuffle.interpreter.blitz_bowl.narrate import ENGLISH as ENGLISH_WORDS
    from nuffle.interpreter.blitz_bowl.narrate import Words
    if lang == "en":
        return ENGLISH_WORDS
    texts = by_context(lang, "narrative")
    templates = {ctx.removeprefix("narrative/"): t for ctx, t in texts.items()
                 if ctx.startswith("narrative/") and not ctx.startswith("narrative/term/")}
    terms = _pairs(texts, "narrative/term/")
    return Words(templates, terms, content_names(lang, catalogue), MARKER)


def blood_bowl_words(lang: str, catalogue):
    """The Blood Bowl play-by-play's Words in ``lang`` (`narrative/blood-bowl/…` contexts)."""
    from nuffle.i18n.grammar import MARKER
    from nuffle.interpreter.blood_bowl.narrate import ENGLISH as BB_ENGLISH
    from nuffle.interpreter.blood_bowl.narrate import Words as BBWords
    if lang == "en":
        return BB_ENGLISH
    prefix = "narrative/blood-bowl/"
    texts = by_context(lang, "narrative")
    templates = {ctx.removeprefix(prefix): t for ctx, t in texts.items()
                 if ctx.startswith(prefix) and not ctx.startswith(prefix + "term/")}
    terms = _pairs(texts, prefix + "term/")
    return BBWords(templates, terms, content_names(lang, catalogue), MARKER)


def available_languages() -> list[str]:
    """English and every language with catalogs (folders named by a language code only)."""
    return ["en", *(lang for lang in catalog_languages() if lang != "en")]
