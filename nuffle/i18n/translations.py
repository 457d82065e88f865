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

import polib

from nuffle.dsl.render import ENGLISH, Language
from nuffle.i18n.catalog import catalog_languages, load
from nuffle.template import translation_problem


def usable(entry: polib.POEntry) -> bool:
    """Whether an entry's translation may be shown: translated, current, not fuzzy, and safe
    to stand for its English."""
    return bool(entry.msgstr) and not entry.obsolete and "fuzzy" not in entry.flags \
        and translation_problem(entry.msgid, entry.msgstr) is None


@lru_cache(maxsize=32)
def translated(lang: str, domain: str) -> dict[tuple[str, str], str]:
    """(msgctxt, msgid) -> msgstr for every usable translation of a catalog (CatalogError if
    the catalog cannot be read)."""
    po = load(lang, domain)
    return {(e.msgctxt or "", e.msgid): e.msgstr for e in (po or []) if usable(e)}


def by_context(lang: str, domain: str) -> dict[str, str]:
    return {ctx: text for (ctx, _), text in translated(lang, domain).items()}


def rules_language(lang: str, game: str, catalogue) -> Language:
    """The Language that renders "rules as interpreted" in ``lang`` for ``game``'s
    vocabulary."""
    if lang == "en":
        return ENGLISH
    from nuffle.i18n.italian import Italian, italian_nouns
    texts = by_context(lang, "rules")
    frames = {ctx.removeprefix("rules/frame/"): t for ctx, t in texts.items()
              if ctx.startswith("rules/frame/")}
    prefix = f"rules/{game}/"
    phrases = {tuple(ctx.removeprefix(prefix).split("/", 1)): t for ctx, t in texts.items()
               if ctx.startswith(prefix)}
    if lang == "it":
        return Italian(game, frames, phrases, italian_nouns(catalogue))
    raise ValueError(f"no grammar for `{lang}` yet: add one beside nuffle/i18n/italian.py")


def content_names(lang: str, catalogue) -> dict[tuple[str, str], str]:
    """(kind, id) -> the item's name in ``lang``; Bonus Plays as ("bonus-play", id) and
    positions as ("position", "team/position")."""
    texts = by_context(lang, "content")
    out: dict[tuple[str, str], str] = {}
    for item in catalogue.sorted_items():
        for field in ("name", "title"):
            found = texts.get(f"{item.kind}/{item.id}/{field}")
            if found:
                out[(item.kind, item.id)] = found
        back = item.data.get("bonus_play") if item.kind == "challenge-card" else None
        if isinstance(back, dict):
            found = texts.get(f"challenge-card/{item.id}/bonus_play/name")
            if found:
                out[("bonus-play", back["id"])] = found
        for pos in item.data.get("positions", []) if item.kind == "team" else []:
            found = texts.get(f"team/{item.id}/positions/{pos.get('id')}/name")
            if found:
                out[("position", f"{item.id}/{pos.get('id')}")] = found
    return out


def narrative_words(lang: str, catalogue):
    """The play-by-play's Words in ``lang``."""
    from nuffle.interpreter.blitz_bowl.narrate import ENGLISH as ENGLISH_WORDS
    from nuffle.interpreter.blitz_bowl.narrate import Words
    if lang == "en":
        return ENGLISH_WORDS
    texts = by_context(lang, "narrative")
    templates = {ctx.removeprefix("narrative/"): t for ctx, t in texts.items()
                 if ctx.startswith("narrative/") and not ctx.startswith("narrative/term/")}
    terms = {tuple(ctx.removeprefix("narrative/term/").split("/", 1)): t
             for ctx, t in texts.items() if ctx.startswith("narrative/term/")}
    return Words(templates, terms, content_names(lang, catalogue))


def available_languages() -> list[str]:
    """English and every language with catalogs (folders named by a language code only)."""
    return ["en", *(lang for lang in catalog_languages() if lang != "en")]
