"""The notice on an item's page in another language when some of its texts are shown in
English: "out of date" where the translation was made for an older English (fuzzy after
`nuffle i18n update`), "not yet translated" where there is none.

The page shows the current English in place of such a text: it is what the rules say now.
A stale translation may say what the rules no longer say, so it is never the page's text;
the notice gives it below the English, marked as out of date, for a reader who reads
English with difficulty. The contexts come from `nuffle.i18n.localize.left_english`
(`Site.untranslated`).
"""

from __future__ import annotations

from nuffle.sitegen.context import Site, code, esc

from nuffle.catalogue.model import Item
from nuffle.i18n.entries import item_context
from nuffle.i18n.localize import LeftEnglish


def item_contexts(site: Site, item: Item) -> tuple[list[str], list[str]]:
    """The contexts of ``item``'s texts shown in English: (stale, missing)."""
    start = item_context(site.catalogue, item)
    left = site.untranslated
    if isinstance(left, LeftEnglish):
        return left.of(start)
    return [], sorted(c for c in left if c.startswith(start + "/"))


def translation_notice(site: Site, item: Item) -> str:
    """The admonitions for ``item``'s page (Markdown, "" when every text is translated or
    the site is English)."""
    if site.lang == "en":
        return ""
    stale, missing = item_contexts(site, item)
    start = item_context(site.catalogue, item) + "/"
    here = site.item_path(item)
    status = site.rel("translation.md", here) + f"#{site.lang}"
    left = site.untranslated if isinstance(site.untranslated, LeftEnglish) else LeftEnglish()
    out: list[str] = []
    if stale:
        # TRANSLATORS: the title of the notice on a page whose translation was made for an
        # older English text
        title = site.t("Translation out of date").replace('"', "&#34;")
        # TRANSLATORS: the notice on a page whose translation is out of date; {status} is
        # the address of the translation-status page, e.g. "../translation.md#it"
        body = site.t("This text's translation is out of date: the English changed after "
                      "it was translated. The current English is shown; the old translation "
                      "is given below it only as a help, as it may no longer say what the "
                      "rules say. See the [translation status]({status}).", status=status)
        # TRANSLATORS: in the notice, before the translation made for an older English text
        old = site.t("Old translation (out of date):")
        out += [f'!!! warning "{title}"', "", f"    {body}", ""]
        for context in stale:
            english = esc(left.english.get(context, ""))
            out += [f"    - {code(context.removeprefix(start))}: {english}", "",
                    f"        *{old}* {esc(left.stale[context])}", ""]
    if missing:
        title = site.t("Not yet translated").replace('"', "&#34;")
        # TRANSLATORS: the notice on a page some of whose texts have no translation;
        # {status} is the address of the translation-status page
        body = site.t("Some texts of this page have no translation yet: they are shown in "
                      "English. See the [translation status]({status}) to help.",
                      status=status)
        out += [f'!!! info "{title}"', "", f"    {body}", ""]
        for context in missing:
            said = f": {esc(left.english[context])}" if context in left.english else ""
            out += [f"    - {code(context.removeprefix(start))}{said}", ""]
    return "\n".join(out)
