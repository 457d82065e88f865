"""Message templates with named fields (`{team} scores {points}`), filled safely.

Templates come from translation catalogs written by volunteers, so filling one must never
reach into the values it is given: `str.format` would read `{team.__class__}` or
`{player.game}` off live objects, and crash on `{team.nope}`. Here a field is a plain name
(or a position, `{0}`); anything else makes the template malformed, and the caller falls
back to the English. The same module says whether a translation keeps the English's fields
and markup, which `nuffle i18n check` reports and every reader of a catalog enforces.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Mapping

_FORMATTER = string.Formatter()
FIELD_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ -]*")

# Markup a text could smuggle into a page: HTML tags and comments (closed or not), character
# references, Markdown attribute lists (`{: onclick=…}`), link and image targets, and URL
# schemes that run code.
MARKUP = re.compile(
    r"</?[A-Za-z!?/][^>]*>?"  # a tag, a comment or a doctype, even unclosed
    r"|&#?[A-Za-z0-9]+;"  # a character reference
    r"|\{\s*[:#.][^}]*\}?"  # a Markdown attribute list
    r"|\]\([^)]*\)?"  # the target of a Markdown link or image
    r"|\b(?:javascript|vbscript|data)\s*:",  # a scheme that runs code
    re.IGNORECASE)
# Characters that change how text is shown or read without being visible: C0 and C1
# controls (but tab and line break), bidirectional overrides and isolates.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# what any match of MARKUP, and any field, starts with or holds (a looser scheme test): a
# text without any of it has no markup and no field
_MARKUP_OR_FIELD = re.compile(r"[<&{}\]]|(?:javascript|vbscript|data)\s*:", re.IGNORECASE)


class TemplateError(ValueError):
    """A template that cannot be filled safely (a stray brace, `{x.attr}`, `{x!r}`…)."""


def fields(template: str) -> list[str]:
    """The field names of ``template`` in order; TemplateError if it is malformed or a field
    is anything but a plain name or position."""
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError as exc:
        raise TemplateError(f"a brace is not closed or not doubled ({exc})") from None
    out = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name or not FIELD_NAME.fullmatch(name) or name != name.strip():
            raise TemplateError(f"`{{{name}}}` is not a field: write a name, like {{team}}")
        if spec or conversion:
            raise TemplateError(f"`{{{name}}}` has a format spec or conversion: write "
                                f"{{{name}}} alone")
        out.append(name)
    return out


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each field replaced by ``str(values[name])``; a field the values lack
    stays visible as `{name}`. Raises TemplateError for a malformed template."""
    fields(template)  # validates every field before anything is filled
    parts: list[str] = []
    for literal, name, _, _ in _FORMATTER.parse(template):
        parts.append(literal)
        if name is not None:
            parts.append(str(values[name]) if name in values else "{" + name + "}")
    return "".join(parts)


def fill_or(template: str | None, english: str, values: Mapping[str, object]) -> str:
    """Fill a translated ``template``, or the ``english`` one if the translation is missing
    or malformed."""
    return fill_translated(template, english, values)[0]


def fill_translated(template: str | None, english: str, values: Mapping[str, object],
                    ) -> tuple[str, bool]:
    """`fill_or`, and whether the translation was used (False: the English was)."""
    if template:
        try:
            return fill(template, values), True
        except TemplateError:
            pass
    return fill(english, values), False


def markup(text: str) -> Counter:
    """The markup tokens of a text, as a multiset (case and spacing folded)."""
    return Counter(re.sub(r"\s+", "", m.group(0)).lower() for m in MARKUP.finditer(text))


def _field_names(text: str) -> Counter:
    # `{the_x}` (a field with its article, offered to languages that need one) stands for `{x}`
    return Counter(n.removeprefix("the_") for n in fields(text))


def translation_problem(english: str, translation: str) -> str | None:
    """Why ``translation`` may not stand for ``english`` (None if it may): it must be a
    well-formed template with the English's fields, add no markup the English lacks and hold
    no control characters."""
    if CONTROL.search(translation):
        char = CONTROL.search(translation).group(0)  # type: ignore[union-attr]
        return f"it holds the control character U+{ord(char):04X}"
    if not _MARKUP_OR_FIELD.search(translation) and "{" not in english \
            and "}" not in english:
        return None  # plain text for plain text (most translations): what follows finds
        # no markup in the translation and no field in either
    extra = markup(translation) - markup(english)
    if extra:
        return f"it adds markup the English does not have: {', '.join(sorted(extra))}"
    try:
        english_fields = _field_names(english)
    except TemplateError:  # an English text that is not a template: braces are plain text
        return None if translation.count("{") == english.count("{") else \
            "its braces differ from the English"
    try:
        translated_fields = _field_names(translation)
    except TemplateError as exc:
        return str(exc)
    # the same names, each as often as the translation needs it: a rules phrase's
    # alternatives (`[{action} of {player}|{player}]`) name a field once in each
    if set(translated_fields) != set(english_fields):
        return (f"its fields differ: {sorted(english_fields)} in the English, "
                f"{sorted(translated_fields)} in the translation")
    return None
