""""Rules as interpreted" for every bundled item in every language: no name a rule binds
(`let`, `for each`, a pick's variable) shows, no article is doubled, no phrase is empty or
left with a raw `{field}`; and a sample of sentences, read and judged by hand, is kept as
expected output (tests/dsl/data/rules_sentences_expected.txt)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from nuffle.dsl import ast
from nuffle.dsl.render import FRAMES, Language, RulesRenderer
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

from nuffle.catalogue.loader import load_catalogue
from nuffle.i18n.translations import available_languages, rules_language

EXPECTED = Path(__file__).parent / "data" / "rules_sentences_expected.txt"
# the articles of each language a doubled pair of which is a mistake ("the the", "a the")
ARTICLES = {"en": {"the", "a", "an"},
            "it": {"il", "lo", "la", "i", "gli", "le", "un", "uno", "una"}}
EMPTY = re.compile(r" {2}| ,|\(\)|: \.|, ,|^\W*$")
WORD = re.compile(r"[^\W\d_]+(?:[’'-][^\W\d_]+)*")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()[0]


def bound_names(node: object) -> Iterator[str]:
    """Every name a rule binds: `let`, `for each` and pick variables."""
    if isinstance(node, ast.Let):
        yield node.name.name
    elif isinstance(node, ast.ForEach | ast.Pick):
        yield node.var.name
    if isinstance(node, ast.Node):
        for value in vars(node).values():
            yield from bound_names(value)
    elif isinstance(node, tuple):
        for value in node:
            yield from bound_names(value)


def words_of(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def language_words(language: Language, vocab, names: dict[str, str]) -> set[str]:
    """The words a sentence may hold legitimately: those of the frames, the vocabulary's
    phrases and the content's names, in the language (and in English, its fallback)."""
    texts = [*FRAMES.values(), *(language.frame(k) for k in FRAMES), *names.values()]
    for category, decls in (("event", vocab.events), ("effect", vocab.effects),
                            ("query", vocab.queries)):
        for name, decl in decls.items():
            texts += [decl.phrase, language.phrase(category, name, decl.phrase)]
    return set().union(*(words_of(t) for t in texts))


def rendered(catalogue, lang: str) -> Iterator[tuple[str, set[str], list[str], set[str]]]:
    """(item label, its bound names, its sentences, the language's words) per rules text."""
    names = {i.id: str(i.data.get("name", i.id)) for i in catalogue.sorted_items()}
    cache: dict[str, tuple[Language, set[str]]] = {}
    for item in catalogue.sorted_items():
        if item.edition not in EDITIONS:
            continue
        vocab = vocabulary_for_edition(item.edition)
        if vocab.game not in cache:
            language = rules_language(lang, vocab.game, catalogue)
            cache[vocab.game] = (language, language_words(language, vocab, names))
        language, legit = cache[vocab.game]
        renderer = RulesRenderer(vocab, names, language)
        for rules in item.rules:
            if rules.ast is None:
                continue
            label = f"{item.kind}/{item.id} {'/'.join(map(str, rules.path))}"
            yield label, set(bound_names(rules.ast)), renderer.sentences(rules.ast), legit


@pytest.mark.parametrize("lang", available_languages())
def test_every_item_reads_without_internal_names_or_broken_phrases(catalogue, lang) -> None:
    articles = ARTICLES.get(lang, set())
    problems: list[str] = []
    count = 0
    for label, bound, sentences, legit in rendered(catalogue, lang):
        for sentence in sentences:
            count += 1
            words = words_of(sentence)
            # a bound name that is no word of the language's frames or phrases has leaked
            leaked = {n for n in bound if n.lower() in words and n.lower() not in legit}
            if leaked:
                problems.append(f"{label}: leaked {sorted(leaked)}: {sentence}")
            tokens = [w.lower() for w in WORD.findall(sentence)]
            doubled = [f"{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)
                       if a in articles and b in articles]
            if doubled:
                problems.append(f"{label}: doubled article {doubled}: {sentence}")
            if lang == "en" and "the value" in sentence.lower():
                problems.append(f"{label}: 'the value': {sentence}")
            if EMPTY.search(sentence) or "{" in sentence or "}" in sentence or "?" in sentence:
                problems.append(f"{label}: empty phrase or raw field: {sentence}")
    assert count > 300
    assert problems == []


def test_the_checks_catch_what_they_look_for() -> None:
    """The checks above fail on the mistakes they name (so that a pass means something)."""
    assert "p" in words_of("for each p in the players: p is injured.")
    assert EMPTY.search("add 1 to  the roll.") and EMPTY.search("if the player is (): it.")
    assert EMPTY.search("the coach chooses: .") and not EMPTY.search("Roll D6; then (once).")
    tokens = [w.lower() for w in WORD.findall("take a the action action")]
    assert any(a in ARTICLES["en"] and b in ARTICLES["en"]
               for a, b in zip(tokens, tokens[1:], strict=False))


def sample() -> dict[tuple[str, str], list[str]]:
    """The expected file: `## <lang> <kind>/<id> <rules path>` then one sentence a line."""
    out: dict[tuple[str, str], list[str]] = {}
    key: tuple[str, str] | None = None
    for line in EXPECTED.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            lang, label = line[3:].split(" ", 1)
            key = (lang, label)
            out[key] = []
        elif line.strip() and key is not None:
            out[key].append(line.strip())
    return out


def test_reviewed_sentences_stay_as_reviewed(catalogue) -> None:
    """Sentences read and judged by hand. If the renderer or a translation changes them on
    purpose, read the new ones, then write the file again with NUFFLE_UPDATE_EXPECTED=1."""
    expected = sample()
    langs = sorted({lang for lang, _ in expected})
    actual: dict[tuple[str, str], list[str]] = {}
    for lang in langs:
        for label, _, sentences, _ in rendered(catalogue, lang):
            if (lang, label) in expected:
                actual[(lang, label)] = sentences
    if os.environ.get("NUFFLE_UPDATE_EXPECTED"):
        EXPECTED.write_text("".join(f"## {lang} {label}\n" + "".join(f"{s}\n" for s in ss)
                                    for (lang, label), ss in actual.items()),
                            encoding="utf-8")
    assert {k: v for k, v in actual.items()} == expected
    assert len(expected) >= 30
