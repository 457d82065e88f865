"""The translation-status page: per language, how much of each catalog is translated, which
items show English because their translation is out of date (fuzzy) or missing, and which
hand-written pages have a translation."""

from __future__ import annotations

from nuffle.sitegen.context import N_, SECTIONS, Site, code, esc, table
from nuffle.sitegen.languages import language_name

from nuffle.catalogue.model import Item
from nuffle.i18n.entries import content_entries, item_context
from nuffle.i18n.localize import LeftEnglish, left_english

YES, NO = "✅", "❌"


def translation_page(site: Site, pages: dict[str, dict[str, bool]], report: dict) -> None:
    """``report``: `status_report` of every language, ``pages``: which hand-written pages
    each language has."""
    langs = sorted(report)
    here = "translation.md"
    # TRANSLATORS: the introduction of the translation-status page; {guide} is the address of
    # the translating guide
    out = [site.t("How much of Nuffle is translated, language by language: the content (every "
                  "card, ability and ruling), the play-by-play of `nuffle play`, the words of "
                  "the rules as interpreted, the interface of this site, and the hand-written "
                  "pages. To help, read the [translating guide]({guide}).",
                  guide=site.rel("guide/translating.md", here)), ""]
    for lang in langs:
        out += [f"## {esc(language_name(lang))} ({code(lang)}) {{#{lang}}}", ""]
        rows = []
        for domain, kinds in report[lang].items():
            for kind, r in kinds.items():
                rows.append([code(domain), esc(kind), str(r["translated"]), str(r["fuzzy"]),
                             str(r["missing"]), f"{r['translated_percent']:.0f}%"])
        # TRANSLATORS: the column headings of the table of catalogs: Catalog is a translation
        # catalog (content, narrative, rules, site), Kind the kind of its entries (ability,
        # message, frame…), Translated/Fuzzy/Missing the number of entries translated, out of
        # date and not translated, Share the share translated in percent
        out += [table([site.t("Catalog"), site.t("Kind"), site.t("Translated"),
                       site.t("Fuzzy"), site.t("Missing"), site.t("Share")], rows), ""]
        if lang != "en":
            out += stale_and_missing(site, lang, here)
        done = [p for p, per in pages.items() if per.get(lang)]
        out += ["### " + site.t("Hand-written pages"), "",
                # TRANSLATORS: under "Hand-written pages": "12 of 30 pages have a translation…"
                site.t("{done} of {total} pages have a translation; the others are shown in "
                       "English with a notice.", done=len(done), total=len(pages)), "",
                # TRANSLATORS: the column headings of the table of hand-written pages: the page,
                # and whether it has a translation (a tick or a cross)
                table([site.t("Page"), site.t("Translated")],
                      [[f"[{p}]({site.rel(p, here)})", YES if pages[p].get(lang) else NO]
                       for p in pages]), ""]
    site.add(here, "\n".join(out), site.translation(N_("Translation status")))


LINKED_KINDS = (*SECTIONS, "ruling", "special-play-deck")  # the kinds with a page or anchor


def stale_and_missing(site: Site, lang: str, here: str) -> list[str]:
    """The items of ``lang`` whose page shows English: those whose translation is out of
    date, then those with a text not yet translated, each by name with a link to its page
    and the fields concerned."""
    left = site.untranslated if site.lang == lang else site.left_english.get(lang)
    if not isinstance(left, LeftEnglish):
        left = left_english(lang, content_entries(site.catalogue))
    items = {item_context(site.catalogue, i): i for i in site.catalogue.sorted_items()}
    stale: dict[str, list[str]] = {}
    missing: dict[str, list[str]] = {}
    for context in left.english:
        start = "/".join(context.split("/")[:2])
        found = stale if context in left.stale else missing
        found.setdefault(start, []).append(context.removeprefix(start + "/"))
    out = []
    # TRANSLATORS: a heading of the translation-status page: the items whose translation
    # was made for an older English text; {count} is how many
    for title, found in ((site.t("Out of date ({count})", count=len(stale)), stale),
                         # TRANSLATORS: a heading of the translation-status page: the items
                         # with a text that has no translation; {count} is how many
                         (site.t("Not yet translated ({count})", count=len(missing)),
                          missing)):
        out += [f"### {title}", ""]
        rows = [_item_line(site, items.get(start), start, fields, here)
                for start, fields in sorted(found.items())]
        out += rows or [site.t("None.")]
        out.append("")
    return out


def _item_line(site: Site, item: Item | None, start: str, fields: list[str],
               here: str) -> str:
    """One item of the lists: its name linked to its page, and the fields concerned."""
    where = ", ".join(code(f) for f in fields)
    if item is None or item.kind not in LINKED_KINDS:
        return f"- {code(start)}: {where}"
    name = str(item.data.get("name", item.data.get("title", item.id)))
    return f"- {site.link(item.kind, item.id, here, name, game=item.game)}: {where}"
