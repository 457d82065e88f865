"""A plain translation of a plain text is passed by `translation_problem` at a glance (no
markup and no field can be in it): counted, and its verdict on every bundled translation
and on hostile ones is the full check's."""

from __future__ import annotations

import re

from nuffle import template
from nuffle.i18n.catalog import load_shared
from nuffle.i18n.domains import DOMAINS
from nuffle.template import translation_problem

HOSTILE = [("Hello", "<b>Ciao</b>"), ("Hello", "Ciao &amp; co"), ("Hello", "Ciao {: #x}"),
           ("Hello", "[Ciao](x)"), ("Hello", "javascript:alert()"), ("Hello", "JavaScript :x"),
           ("Hello", "data:text/html"), ("Hello", "Ciao {name}"), ("Hello", "Ciao }"),
           ("Hello {name}", "Ciao"), ("Hello {", "Ciao"), ("Hello }", "Ciao"),
           ("Hello", "Ciao\u202e"), ("Hello", "Ciao\x07"), ("Hello", "Ciao: a note"),
           ("Hello", "Ciao]"), ("Hello", "Ciao <"), ("Hello", "metadata: x"),
           ("a < b", "a < b"), ("Hello", "Ciao")]


def pairs() -> list[tuple[str, str]]:
    found = [(e.msgid, e.msgstr) for domain in DOMAINS for e in load_shared("it", domain) or []
             if e.msgstr]
    return found + HOSTILE


def test_the_glance_gives_the_full_checks_verdict(monkeypatch) -> None:
    every = pairs()
    quick = [translation_problem(english, text) for english, text in every]
    monkeypatch.setattr(template, "_MARKUP_OR_FIELD", re.compile(""))  # always the full check
    assert quick == [translation_problem(english, text) for english, text in every]
    assert sum(problem is not None for problem in quick[-len(HOSTILE):]) == 13


def test_a_plain_translation_is_not_searched_for_markup(monkeypatch) -> None:
    entries = [(e.msgid, e.msgstr) for e in load_shared("it", "content") or [] if e.msgstr]
    searched = []
    real = template.markup

    def counted(text: str):
        searched.append(text)
        return real(text)
    monkeypatch.setattr(template, "markup", counted)
    for english, text in entries:
        translation_problem(english, text)
    assert len(entries) > 2000
    assert len(searched) < len(entries) // 10  # (two searches each, before)
