"""The translation-status page: per language, how much of each catalog is translated, and
which hand-written pages have a translation."""

from __future__ import annotations

from nuffle.sitegen.context import N_, Site, code, esc, table

LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}
YES, NO = "✅", "❌"


def translation_page(site: Site, pages: dict[str, dict[str, bool]], report: dict) -> None:
    """``report``: `status_report` of every language, ``pages``: which hand-written pages
    each language has."""
    langs = sorted(report)
    here = "translation.md"
    out = [site.t("How much of Nuffle is translated, language by language: the content (every "
                  "card, ability and ruling), the play-by-play of `nuffle play`, the words of "
                  "the rules as interpreted, the interface of this site, and the hand-written "
                  "pages. To help, read the [translating guide]({guide}).",
                  guide=site.rel("guide/translating.md", here)), ""]
    for lang in langs:
        out += [f"## {esc(LANGUAGE_NAMES.get(lang, lang))} ({code(lang)}) {{#{lang}}}", ""]
        rows = []
        for domain, kinds in report[lang].items():
            for kind, r in kinds.items():
                rows.append([code(domain), esc(kind), str(r["translated"]), str(r["fuzzy"]),
                             str(r["missing"]), f"{r['translated_percent']:.0f}%"])
        out += [table([site.t("Catalog"), site.t("Kind"), site.t("Translated"),
                       site.t("Fuzzy"), site.t("Missing"), site.t("Share")], rows), ""]
        done = [p for p, per in pages.items() if per.get(lang)]
        out += ["### " + site.t("Hand-written pages"), "",
                site.t("{done} of {total} pages have a translation; the others are shown in "
                       "English with a notice.", done=len(done), total=len(pages)), "",
                table([site.t("Page"), site.t("Translated")],
                      [[f"[{p}]({site.rel(p, here)})", YES if pages[p].get(lang) else NO]
                       for p in pages]), ""]
    site.add(here, "\n".join(out), site.translation(N_("Translation status")))
