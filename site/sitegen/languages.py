"""The languages the site is built in: English, and every language with a folder of
catalogs under content/locales (`nuffle i18n init` makes one), so that a new language needs
no change to the generator. Names come from Babel (CLDR), search support from MkDocs's
lunr languages."""

from __future__ import annotations


def site_languages() -> tuple[str, ...]:
    """The languages besides English, in code order."""
    from nuffle.i18n.catalog import catalog_languages
    return tuple(lang for lang in catalog_languages() if lang != "en")


def language_name(lang: str) -> str:
    """A language's name in itself (English, Italiano, Deutsch), for the language switcher
    and the translation status page."""
    from nuffle.i18n.catalog import language_name as babel_name
    return babel_name(lang)


def search_language(lang: str) -> str:
    """The lunr language of the search index for ``lang``: its own where MkDocs's search has
    a stemmer for it (de, it, pt…), else English's (an unknown one would stop the search
    from loading)."""
    if lang == "en":
        return "en"
    from mkdocs.contrib.search import LangOption
    return LangOption().get_lunr_supported_lang(lang) or "en"


def theme_language(lang: str) -> str:
    """The Material theme's interface language for ``lang``: its own where the theme has
    it (`pt_BR` is the theme's `pt-BR`), else the language without its region, else
    English (the theme cannot build a page in a language it lacks)."""
    from importlib.resources import files
    folder = files("material").joinpath("templates", "partials", "languages")
    for name in (lang.replace("_", "-"), lang.split("_")[0]):
        if folder.joinpath(f"{name}.html").is_file():
            return name
    return "en"
