"""A language's grammar as data: one `Language` for "rules as interpreted" that reads
`content/locales/<lang>/grammar.yaml` (checked against `locale-grammar.schema.json`), so that
a new language needs a translator, not a programmer.

The words stay in the gettext PO catalogs (the `rules` catalog's frames and phrases), so
translators keep one toolchain (Poedit, Weblate, msgcat). What word order cannot give lives
in the grammar file: the genders, the definite and indefinite articles and the
demonstratives "this" and "that" as tables (gender × number × the sound the next word starts
with: Italian writes lo/gli before s + consonant, z, gn…, and l’ before a vowel), the
prepositions joined to articles (di + il = del), the replacements that tidy a sentence
(1 volte → una volta), how dice are written and the nouns, with their gender and plural,
the glossaries do not give. Project Fluent or ICU MessageFormat were not chosen: they would
make the catalogs a second format, a gender selector cannot say which article the next
word's first sound takes, and a table written once per language is less work than a
selector in every sentence frame.

Nothing missing ever fails: a noun, a frame or a phrase with no translation, or a
language with no grammar file (or a broken one), is written in English or without its
article, and the sentence is marked with MARKER so that a reader sees it and a test can
find it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import regex

from nuffle import limits
from nuffle.dsl.diagnostics import Diagnostic
from nuffle.dsl.render import FRAMES, Language
from nuffle.template import fill_or

GRAMMAR_FILE = "grammar.yaml"
SCHEMA = "locale-grammar"
# starts a sentence some of whose words are English, or written without their article,
# because the translation or the grammar lacks them (documented in translating.md)
MARKER = "⚑"
APOSTROPHES = ("\u2019", "'")
# A translator's pattern runs on every sentence: a pattern that backtracks without end
# (`(a+)+$`) would hang the site build. The `regex` module takes `re`'s syntax and stops a
# match after a time (limits.GRAMMAR_PATTERN_MS); `read_grammar` tries each pattern on
# trial texts of PROBE_LENGTH repeated characters, where such patterns blow up.
PATTERN_SECONDS = limits.GRAMMAR_PATTERN_MS / 1000
PROBE_LENGTH = 40


class PatternTooSlow(Exception):
    """A grammar pattern passed its time limit on a text (GrammarLanguage marks the
    sentence and writes it without that step)."""
OTHER = "other"  # the sound class of every word no named class matches
ARTICLES = ("definite", "indefinite", "this", "that")


@dataclass(frozen=True)
class Noun:
    term: str
    gender: str = ""
    plural: str = ""
    # a renderer's word (a list attribute reads in the plural: "i giocatori"); a game term
    # naming a place keeps the singular ("la Panchina" of a team is one Dugout)
    rules_noun: bool = False


Forms = dict[str, str]  # sound class -> article form
Table = dict[str, dict[str, Forms]]  # gender -> number (singular, plural) -> forms


@dataclass
class Grammar:
    """One language's grammar file, read and checked."""

    language: str
    genders: tuple[str, ...] = ()
    sounds: list[tuple[str, regex.Pattern]] = field(default_factory=list)
    articles: dict[str, Table] = field(default_factory=dict)
    contractions: dict[str, dict[str, str]] = field(default_factory=dict)
    replacements: list[tuple[regex.Pattern, str]] = field(default_factory=list)
    dice_one: str = "D{sides}"
    dice_many: str = "{count}D{sides}"
    capitalise: bool = True
    one_letter_words: str = ""
    nouns: dict[str, Noun] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._join = _contraction_pattern(self.contractions)

    # -- articles
    def sound_classes(self, word: str) -> list[str]:
        """The sound classes ``word`` starts with, in the grammar's order, then `other`."""
        try:
            return [name for name, pattern in self.sounds
                    if pattern.match(word, timeout=PATTERN_SECONDS)] + [OTHER]
        except TimeoutError:
            raise PatternTooSlow(word) from None

    def article(self, kind: str, noun: Noun, plural: bool = False) -> str | None:
        """``noun`` with the article ``kind`` (definite, indefinite, this, that) agreeing with
        its gender, number and first sound; None if the grammar has no form for it."""
        table = self.articles.get(kind)
        if table is None:
            return None
        word = noun.plural if plural and noun.plural else noun.term
        by_number = table.get(noun.gender) or (table.get(self.genders[0])
                                                if self.genders and not noun.gender else None)
        forms = (by_number or {}).get("plural" if plural else "singular")
        if forms is None:
            return None
        form = next(forms[c] for c in self.sound_classes(word) if c in forms)
        return attach(form, word)

    def definite(self, noun: Noun, plural: bool = False) -> str | None:
        """il giocatore, lo scatto, l’azione, gli avversari."""
        return self.article("definite", noun, plural)

    def demonstrative(self, noun: Noun) -> str | None:
        """questo turno, questa partita, quest’azione."""
        return self.article("this", noun)

    # -- whole sentences
    def join_prepositions(self, text: str) -> str:
        """di il giocatore → del giocatore; a l’azione → all’azione."""
        if self._join is None:
            return text

        def joined(m: re.Match[str]) -> str:
            prep, article = m.group("prep"), m.group("article")
            table = self.contractions.get(prep.lower(), {})
            out = table.get(article.lower()) or table.get(_elided_key(article.lower(), table))
            if out is None:
                return m.group(0)
            return out[0].upper() + out[1:] if prep[:1].isupper() else out
        return self._join.sub(joined, text)

    def tidy(self, text: str) -> str:
        for pattern, replacement in self.replacements:
            try:
                text = pattern.sub(replacement, text, timeout=PATTERN_SECONDS)
            except TimeoutError:
                raise PatternTooSlow(text) from None
        return re.sub(r"  +", " ", self.join_prepositions(text))


def attach(form: str, word: str) -> str:
    """An article form put before its word: joined after an apostrophe (l’azione), nothing
    for an empty form, else a space."""
    if not form:
        return word
    return form + word if form.endswith(APOSTROPHES) else f"{form} {word}"


def _elided_key(article: str, table: Mapping[str, str]) -> str:
    """The table's key for an elided article written with either apostrophe."""
    for key in table:
        if key.endswith(APOSTROPHES) and key[:-1] == article[:-1]:
            return key
    return article


def _contraction_pattern(contractions: Mapping[str, Mapping[str, str]]
                         ) -> re.Pattern[str] | None:
    """One pattern for every preposition followed by an article it joins: a whole article
    not followed by an apostrophe (di il; not the `l` of l’), or an elided one with either
    apostrophe (a l’azione)."""
    preps = sorted(contractions, key=len, reverse=True)
    articles = {a for table in contractions.values() for a in table}
    if not preps or not articles:
        return None
    whole = sorted((re.escape(a) for a in articles if not a.endswith(APOSTROPHES)),
                   key=len, reverse=True)
    elided = sorted((re.escape(a[:-1]) + "[\u2019']" for a in articles
                     if a.endswith(APOSTROPHES)), key=len, reverse=True)
    choices = []
    if whole:
        choices.append(rf"(?:{'|'.join(whole)})\b(?![\u2019'])")
    if elided:
        choices.append("|".join(elided))
    return re.compile(rf"\b(?P<prep>{'|'.join(map(re.escape, preps))}) "
                      rf"(?P<article>{'|'.join(choices)})", re.I)


# ---- reading the grammar file --------------------------------------------------------


def _schema_errors(doc) -> list[Diagnostic]:
    from nuffle.catalogue import schemas
    return schemas.validate(doc, SCHEMA)


def grammar_path(lang: str, root: Path | None = None) -> Path:
    from nuffle.i18n.catalog import locale_path
    return locale_path(lang, "grammar", root).with_name(GRAMMAR_FILE)


def read_grammar(path: Path) -> tuple[Grammar | None, list[Diagnostic]]:
    """The grammar file at ``path`` (None if there is none, it is empty or it has errors),
    and its problems as diagnostics (path:line:col: error[CODE]: message)."""
    from nuffle.catalogue import quick_schema
    from nuffle.catalogue.loader import load_document
    if not path.exists():
        return None, []
    doc = load_document(path)
    if doc.data is None and _only_comments(doc.text):  # the template, not filled in yet
        return None, []
    if doc.diagnostics:
        return None, list(doc.diagnostics)
    if doc.data is None:
        return None, []
    # jsonschema (a tenth of a second to import) only for a file the quick check does not
    # find valid: its errors are the report, as for a content file (loader.load_item)
    diags = [] if quick_schema.conforms(doc.data, SCHEMA) else _schema_errors(doc)
    if diags:
        return None, diags
    assert isinstance(doc.data, dict)  # the schema says so
    data: dict = doc.data
    folder = path.parent.name
    if data["language"] != folder:
        line, col, end = doc.position(("language",))
        return None, [Diagnostic("S304", f"`language` is `{data['language']}` in the folder of "
                                 f"`{folder}`", doc.path, line, col, end,
                                 f"write `language: {folder}`")]
    patterns: dict[tuple, regex.Pattern] = {}
    for where, text in _regexes(data):
        try:
            pattern = regex.compile(text, regex.V0 | (regex.I if where[0] == "sounds" else 0))
        except regex.error as exc:
            line, col, end = doc.position(where)
            diags.append(Diagnostic("S305", f"`{'.'.join(map(str, where))}` is not a regular "
                                    f"expression: {exc.msg}", doc.path, line, col, end,
                                    "Python's `re` syntax; write a backslash as `\\\\` inside "
                                    "double quotes"))
            continue
        slow = _too_slow(pattern, text)
        if slow is not None:
            line, col, end = doc.position(where)
            diags.append(Diagnostic(
                "S305", f"`{'.'.join(map(str, where))}` takes more than "
                f"{limits.GRAMMAR_PATTERN_MS} ms on the text `{slow[:12]}…` "
                f"({len(slow)} characters)", doc.path, line, col, end,
                "alternatives that can match the same letters inside a repetition (`(a|aa)+`) "
                "try every way to split the text: make them exclusive (`a+`)"))
            continue
        patterns[where] = pattern
    for i, r in enumerate(data.get("replacements") or []):
        pattern = patterns.get(("replacements", i, "pattern"))
        try:
            if pattern is not None:
                _groups_of(pattern).sub(r["replacement"], "")  # its group references exist
        except (re.error, IndexError) as exc:
            line, col, end = doc.position(("replacements", i, "replacement"))
            diags.append(Diagnostic("S305", f"`replacements.{i}.replacement` names a group "
                                    f"its pattern lacks: {exc}", doc.path, line, col, end,
                                    r"\1 is the text the pattern's first group matched; "
                                    r"a backslash meant as text is written \\"))
    genders = tuple(data.get("genders", ()))
    for kind, table in (data.get("articles") or {}).items():
        for gender in table:
            if genders and gender not in genders:
                line, col, end = doc.position(("articles", kind, gender), key=True)
                diags.append(Diagnostic("S304", f"`articles.{kind}` names the gender "
                                        f"`{gender}`, not one of `genders`", doc.path, line,
                                        col, end, f"genders: {', '.join(genders)}"))
    for key, noun in (data.get("nouns") or {}).items():
        if genders and noun.get("gender") and noun["gender"] not in genders:
            line, col, end = doc.position(("nouns", key, "gender"))
            diags.append(Diagnostic("S304", f"the noun `{key}` has the gender "
                                    f"`{noun['gender']}`, not one of `genders`", doc.path, line,
                                    col, end, f"genders: {', '.join(genders)}"))
    if diags:
        return None, diags
    dice = data.get("dice") or {}
    sentence = data.get("sentence") or {}
    return Grammar(
        language=data["language"], genders=genders,
        sounds=[(name, patterns[("sounds", name)]) for name in data.get("sounds") or {}],
        articles={kind: {g: dict(t) for g, t in table.items()}
                  for kind, table in (data.get("articles") or {}).items()},
        contractions={p.lower(): {a.lower(): j for a, j in t.items()}
                      for p, t in (data.get("contractions") or {}).items()},
        replacements=[(patterns[("replacements", i, "pattern")], r["replacement"])
                      for i, r in enumerate(data.get("replacements") or [])],
        dice_one=dice.get("one", "D{sides}"), dice_many=dice.get("many", "{count}D{sides}"),
        capitalise=sentence.get("capitalise", True),
        one_letter_words=sentence.get("one_letter_words", ""),
        nouns={str(k).lower(): Noun(n["term"], n.get("gender", ""), n.get("plural", ""), True)
               for k, n in (data.get("nouns") or {}).items() if n["term"]},
    ), []


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def _groups_of(pattern: regex.Pattern) -> re.Pattern[str]:
    """An empty `re` pattern with ``pattern``'s groups (numbers and names): `re` checks a
    replacement's group references when it compiles it, `regex` only once a text
    matches."""
    names = {number: name for name, number in pattern.groupindex.items()}
    return re.compile("".join(f"(?P<{names[n]}>)" if n in names else "()"
                              for n in range(1, pattern.groups + 1)))


def _too_slow(pattern: regex.Pattern, text: str) -> str | None:
    """The first trial text on which ``pattern`` passes its time limit, if any: runs of
    each letter, digit, space and apostrophe the pattern names (and of `a` and a space),
    ending in a character no pattern expects, as a backtracking pattern fails slowest."""
    chars = sorted({c for c in text if c.isalnum() or c in " '\u2019"} | {"a", " "})
    trials = [c * PROBE_LENGTH + "\x00" for c in chars] + ["a " * (PROBE_LENGTH // 2) + "\x00"]
    for trial in trials:
        try:
            pattern.search(trial, timeout=PATTERN_SECONDS)
        except TimeoutError:
            return trial
    return None


def _regexes(data: dict) -> Iterable[tuple[tuple, str]]:
    for name, text in (data.get("sounds") or {}).items():
        yield ("sounds", name), text
    for i, r in enumerate(data.get("replacements") or []):
        yield ("replacements", i, "pattern"), r["pattern"]


def grammar_for(lang: str) -> tuple[Grammar | None, tuple[Diagnostic, ...]]:
    """``lang``'s grammar from the locales folder, and the problems of its file (read once
    per version of the file)."""
    path = grammar_path(lang)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    return _read_once(path, stamp)


@lru_cache(maxsize=16)
def _read_once(path: Path, stamp: int | None) -> tuple[Grammar | None, tuple[Diagnostic, ...]]:
    grammar, diags = read_grammar(path)
    return grammar, tuple(diags)


# ---- nouns ---------------------------------------------------------------------------


def glossary_nouns(catalogue, lang: str, game: str | None = None,
                   default_gender: str = "m") -> dict[str, Noun]:
    """Every glossary term with a rendering in ``lang`` (its `<lang>:` field: term, gender,
    plural), by id and by its English (lower case). The renderer's own words (`rules-noun`)
    come first; with a game, that game's glossaries (and those of no game) come before the
    other games': where two games' glossaries name the same word, ``game``'s rendering is
    used, and the others still give the words its own lacks."""
    from nuffle.i18n.checks import glossary_game
    terms = [(glossary_game(item), term) for item in catalogue.of_kind("glossary")
             for term in item.data.get("terms", [])]
    if game is not None:
        terms.sort(key=lambda t: (t[1].get("category") != "rules-noun",
                                  t[0] not in ("", game)))
    out: dict[str, Noun] = {}
    for _, term in terms:
        rendering = term.get(lang)
        if not isinstance(rendering, dict) or not rendering.get("term"):
            continue
        noun = Noun(rendering["term"], rendering.get("gender", default_gender),
                    rendering.get("plural", ""), term.get("category") == "rules-noun")
        out.setdefault(term["id"], noun)
        out.setdefault(str(term["en"]).lower(), noun)
    return out


def language_nouns(catalogue, lang: str, game: str | None, grammar: Grammar | None
                   ) -> dict[str, Noun]:
    """The glossaries' nouns in ``lang``, with the grammar file's added or put in their
    place (a grammar noun replacing a glossary term keeps the term's kind)."""
    genders = grammar.genders if grammar else ()
    nouns = glossary_nouns(catalogue, lang, game, genders[0] if genders else "")
    for key, noun in (grammar.nouns if grammar else {}).items():
        known = nouns.get(key)
        gender = noun.gender or (genders[0] if genders else "")
        nouns[key] = Noun(noun.term, gender, noun.plural,
                          known.rules_noun if known else noun.rules_noun)
    return nouns


# ---- the language ----------------------------------------------------------------------


def _words(name: str) -> str:
    return name.replace("-", " ")


class GrammarLanguage(Language):
    """Frames and phrases from a language's `rules` catalog, nouns from the glossaries and
    the grammar file, and the grammar file's articles; anything missing is written in
    English or without its article, and its sentence is marked (MARKER)."""

    def __init__(self, code: str, game: str, frames: Mapping[str, str],
                 phrases: Mapping[tuple[str, str], str], nouns: Mapping[str, Noun],
                 grammar: Grammar | None) -> None:
        self.code = code
        self.game = game
        self.frames = dict(frames)
        self.phrases = dict(phrases)
        self.nouns = dict(nouns)
        self.grammar = grammar
        self._fell_back = False  # something in the sentence being built is missing

    def _missing(self) -> None:
        self._fell_back = True

    # -- words from the catalog
    def frame(self, key: str) -> str:
        found = self.frames.get(key)
        if found:
            return found
        self._missing()
        return FRAMES[key]

    def phrase(self, category: str, name: str, english: str) -> str:
        found = self.phrases.get((category, name))
        if found:
            return found
        self._missing()
        return english

    # -- nouns
    def lookup(self, name: str) -> Noun | None:
        return self.nouns.get(name) or self.nouns.get(_words(name).lower())

    def _with(self, kind: str, name: str, plural: bool = False) -> str | None:
        noun = self.lookup(name)
        if noun is None:
            self._missing()
            return None
        bare = noun.plural if plural and noun.plural else noun.term
        if self.grammar is None:
            self._missing()
            return bare
        try:
            found = self.grammar.article(kind, noun, plural)
        except PatternTooSlow:  # `nuffle i18n check` names the pattern
            self._missing()
            return bare
        if found is None and kind in self.grammar.articles:
            self._missing()  # the table lacks this gender or number
        return found if found is not None else bare

    def the(self, name: str, plural: bool = False) -> str:
        noun = self.lookup(name)
        found = self._with("definite", name, plural and noun is not None and noun.rules_noun)
        return found if found is not None else _words(name)

    def a(self, name: str) -> str:
        """A noun with its indefinite article: un giocatore, un’azione."""
        return self._pointed("indefinite", "a", name)

    def that(self, name: str) -> str:
        """A noun named before, with the demonstrative "that": quel giocatore."""
        return self._pointed("that", "that", name)

    def _pointed(self, kind: str, method: str, name: str) -> str:
        """The noun with the grammar's ``kind`` table; a grammar without that table says it
        with the renderer's own way (its frame, where the renderer has one)."""
        if self.grammar is not None and kind not in self.grammar.articles:
            english = getattr(super(), method, None)
            if english is not None:
                return str(english(name))
        found = self._with(kind, name)
        return found if found is not None else _words(name)

    def this(self, scope: str) -> str:
        noun = self.lookup(scope)
        if noun is not None and self.grammar is not None and "this" in self.grammar.articles:
            return self._with("this", scope) or noun.term
        if noun is None or self.grammar is None:
            self._missing()
        # a language without a demonstrative table says it in its "this-scope" frame
        return fill_or(self.frame("this-scope"), FRAMES["this-scope"],
                       {"scope": noun.term if noun else scope})

    def noun(self, name: str) -> str:
        noun = self.lookup(name)
        if noun is None:
            self._missing()
            return _words(name)
        return noun.term

    def constant(self, name: str, capitalised: bool) -> str:
        noun = self.lookup(name)
        if noun is None:
            self._missing()
            return super().constant(name, capitalised)
        return noun.term  # the glossary writes each term with its own capitals

    # -- whole sentences
    def dice(self, count: int, sides: int) -> str:
        if self.grammar is None:
            return super().dice(count, sides)
        form = self.grammar.dice_one if count == 1 else self.grammar.dice_many
        return form.replace("{count}", str(count)).replace("{sides}", str(sides))

    def tidy(self, text: str) -> str:
        if self.grammar is not None:
            try:
                return self.grammar.tidy(text)
            except PatternTooSlow:  # `nuffle i18n check` names the pattern
                self._missing()
        return re.sub(r"  +", " ", text)

    def sentence(self, text: str) -> str:
        marked, self._fell_back = self._fell_back or self.grammar is None, False
        text = text.strip()
        if self.grammar is not None and not self.grammar.capitalise:
            done = text if not text or text.endswith((".", "!", "?")) else text + "."
        else:
            words = self.grammar.one_letter_words if self.grammar else ""
            # "i giocatori" starts with an article, not with a one-letter name
            if words and re.match(rf"[{re.escape(words)}] ", text):
                text = text[0].upper() + text[1:]
            done = super().sentence(text)
        return f"{MARKER} {done}" if marked and done else done


# ---- the template `nuffle i18n init` writes ---------------------------------------------

TEMPLATE_HEAD = """\
# yaml-language-server: $schema=../../schemas/locale-grammar.schema.json
#
# The grammar of {name} ({lang}) for "rules as interpreted": what the sentences need that
# word order cannot give. Every line is a comment until you fill it in; while `language:`
# stays commented out, the sentences are written without articles and marked with {marker}.
# Each field is explained in the translators' guide (site/docs/translating.md, "The grammar
# file"); content/locales/it/grammar.yaml is a complete example. Check the file with
# `nuffle i18n check {lang}`.
#
# language: {lang}
#
# The genders of nouns (the first is a noun's gender when none is given); leave out for a
# language without gender.
# genders: [m, f, n]
#
# The sounds a word may start with that change the article, in order, as regular
# expressions (matched at the word's start, ignoring case); `other` is every other word.
# sounds:
#   vowel: "[aeiou]"
#
# Articles: gender, then singular and plural, then the form for each sound (`other` is
# required). A form ending with an apostrophe is joined to the word (l’azione). Leave out
# an article the language does not have.
# articles:
#   definite:
#     m:
#       singular: {{other: der}}
#       plural: {{other: die}}
#   indefinite:
#     m:
#       singular: {{other: ein}}
#   this:
#     m:
#       singular: {{other: dieser}}
#   that:
#     m:
#       singular: {{other: jener}}
#
# Prepositions joined to the article that follows (di + il = del).
# contractions:
#   in: {{dem: im}}
#
# Replacements made in every sentence, in order (regular expression -> text).
# replacements:
#   - {{pattern: "\\\\b1 Male\\\\b", replacement: einmal}}
#
# How dice are written.
# dice:
#   one: "W{{sides}}"
#   many: "{{count}}W{{sides}}"
#
# sentence:
#   capitalise: true
#   one_letter_words: ""
#
# The nouns the sentences name, by glossary id (the English follows `#` where it differs),
# with their gender and plural; the renderer's own words first, then the game terms. A noun
# whose term is still empty is written in English (and its sentence marked).
# nouns:
"""


def grammar_template(lang: str, catalogue) -> str:
    """The commented grammar file `nuffle i18n init` writes for ``lang``, listing every
    noun the glossaries name for the translator to fill in."""
    from nuffle.i18n.catalog import language_name
    lines = [TEMPLATE_HEAD.format(lang=lang, name=language_name(lang), marker=MARKER)]
    terms = [t for item in catalogue.of_kind("glossary") for t in item.data.get("terms", [])]
    terms.sort(key=lambda t: t.get("category") != "rules-noun")  # stable: file order kept
    seen: set[str] = set()
    for term in terms:
        if term["id"] in seen:
            continue
        seen.add(term["id"])
        english = str(term["en"])
        note = f"  # {english}" if english.lower() != _words(term["id"]) else ""
        lines.append(f'#   {term["id"]}: {{term: "", gender: "", plural: ""}}{note}\n')
    return "".join(lines)
