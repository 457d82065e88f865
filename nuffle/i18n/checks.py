"""The checks that keep a translation honest.

- I101: the numbers, dice and modifiers of the translation are those of the English (a "2"
  that became a "3" or "tre", a "-1" that became "+1"; "a six-sided dice" and "1D6" are the
  same die).
- I102: each glossary term of the English is rendered with its glossary translation, as
  many times as the English uses it. A glossary is one game's (its `game:`, else the game of
  its edition): its terms are checked in the texts of that game (its items, its play-by-play,
  its rules phrases) and in the texts no game owns (the site's interface, the sentence
  frames), never in another game's: Blitz Bowl's "Throw" is "Passare", a Blood Bowl text's is
  not.
- I103: fields (`{name}`) and placeholders (`%s`, `%(name)s`) are kept, and the translation
  is a well-formed template: no stray brace, no `{x.attr}`, `{x[0]}`, `{x!r}` or `{0}` the
  English lacks.
- I104: the catalog compiles (`msgfmt --check`).
- I105: the translation adds no markup and no control characters the English lacks.
- I106: the catalog can be read at all (catalog.read_catalog).

A translation with an I103 or I105 problem is never used (translations.translated drops it
and the reader sees the English): the check says so, so the translator knows why.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import polib

from nuffle.i18n.catalog import CatalogError, read_catalog
from nuffle.template import CONTROL, TemplateError, fields, markup, translation_problem

GLOSSARY_EXCEPTION = "glossary-exception"
RULES_NOUN = "rules-noun"
WORD_DICE = {"six-sided dice": "d6", "six-sided die": "d6", "eight-sided dice": "d8",
             "eight-sided die": "d8"}
DICE = re.compile(r"(?<![\w-])(\d*)[dD](\d+)(?![\w])")
# a number, with the sign of a modifier (-1, +1; a typographic minus or an en dash too) when
# the sign stands before it, not between two numbers (the range 1-3), and a target's "+" (4+)
NUMBER = re.compile(r"(?<![\w.])([-+\u2212\u2013](?=\d))?(\d+)(\+?)(?![\w])")
SIGNS = {"": "", "+": "+", "-": "-", "\u2212": "-", "\u2013": "-"}
# numbers written as words; "a", "one", "un", "uno", "una" are articles as often as numbers
# and are not counted. English words count in a translation too (names kept in English).
NUMBER_WORDS = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twice": 2},
    "it": {"due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
           "nove": 9, "dieci": 10, "undici": 11, "dodici": 12},
}
# words that are numbers only sometimes, counted only where the English has that number and
# the rest of the translation does not: "sei" is also "you are"; "dei due", "delle due" and
# "tutti e due" are "of the two" and "both", but also "neither" ("nessuno dei due"),
# "either" ("uno dei due") and "which one" ("quale delle due")
MAYBE_NUMBERS = {"it": re.compile(r"(?<!\w)(?:(?:dei|delle|tutti e|tutte e) (due)|(sei))(?!\w)")}
FIELD = re.compile(r"\{[^{}]*\}")
PRINTF = re.compile(r"%\([a-z_]+\)[sd]|%[sd]")


@dataclass(frozen=True)
class Problem:
    code: str
    line: int | None
    message: str


Terms = list[tuple[str, list[str]]]  # (English term, accepted renderings), the chosen first


@dataclass
class Glossary:
    """The glossary terms of a language by game, and the game of each catalog entry.

    ``terms`` maps a game to its glossaries' terms; the game "" holds the terms of a
    glossary no game owns, checked everywhere. ``items`` maps the start of a content
    item's contexts (`ability/dodge`, `blood-bowl:team/orc`) to the item's game.
    """

    terms: dict[str, Terms] = field(default_factory=dict)
    items: dict[str, str] = field(default_factory=dict)
    games: tuple[str, ...] = ()
    # per game, the names its glossary keeps in English (convention names-stay-in-english)
    # that are more than one word: "Dirty Player" holds no glossary term "player"
    names: dict[str, list[str]] = field(default_factory=dict)

    def game_of(self, entry: polib.POEntry) -> str:
        """The game an entry's text belongs to, "" for a text no game owns: a content
        item's game (its edition's), else the game its context names
        (`narrative/blood-bowl/…`, `rules/blitz-bowl/…`), else the game of the source file
        it comes from (the Blitz Bowl play-by-play, `interpreter/blitz_bowl/messages.py`)."""
        context = entry.msgctxt or ""
        item = self.items.get("/".join(context.split("/")[:2]))
        if item is not None:
            return item
        parts = context.split("/")
        if len(parts) > 1 and parts[1] in self.games:
            return parts[1]
        for path, _ in entry.occurrences:
            folders = Path(path).parts[:-1]
            for game in self.games:
                if game in folders or game.replace("-", "_") in folders:
                    return game
        return ""

    def for_game(self, game: str) -> Terms:
        """The terms a text of ``game`` is checked against; a text no game owns ("") is
        checked against every glossary, a term two games render differently accepting
        either rendering."""
        if game:
            return [*self.terms.get("", []), *self.terms.get(game, [])]
        merged: dict[str, list[str]] = {}
        for terms in self.terms.values():
            for english, renderings in terms:
                known = merged.setdefault(english, [])
                known += [r for r in renderings if r not in known]
        return list(merged.items())

    def for_entry(self, entry: polib.POEntry) -> Terms:
        return self.for_game(self.game_of(entry))


def _word_numbers(text: str, lang: str) -> tuple[list[str], list[str]]:
    """The numbers ``text`` writes as words: (certain ones, ambiguous ones)."""
    words = {**NUMBER_WORDS["en"], **NUMBER_WORDS.get(lang, {})}
    maybe: list[str] = []
    if lang in MAYBE_NUMBERS:
        maybe = [str(words[m.group(1) or m.group(2)]) for m in MAYBE_NUMBERS[lang].finditer(text)]
        text = MAYBE_NUMBERS[lang].sub(" ", text)
    found = re.findall(r"(?<!\w)(" + "|".join(words) + r")(?!\w)", text)
    return [str(words[w]) for w in found], maybe


def _tokens(text: str, lang: str) -> tuple[Counter, Counter]:
    """The dice and numbers a text states, and the words that may be numbers."""
    lowered = text.lower()
    tokens: list[str] = []
    for words, die in WORD_DICE.items():
        tokens += [die] * lowered.count(words)
        lowered = lowered.replace(words, " ")

    def dice_token(m: re.Match) -> str:
        count = m.group(1) if m.group(1) not in ("", "1") else ""
        tokens.append(f"{count}d{m.group(2)}")
        return " "
    lowered = DICE.sub(dice_token, lowered)
    tokens += [SIGNS[sign] + digits + plus for sign, digits, plus in NUMBER.findall(lowered)]
    certain, maybe = _word_numbers(lowered, lang)
    return Counter(tokens + certain), Counter(maybe)


def numbers(text: str, lang: str = "en") -> Counter:
    """The dice and numbers a text states, as tokens: `d6`, `2d8`, `3`, `4+`, `-1`, and the
    numbers written as words in English or ``lang`` (`two`, `due`: `2`)."""
    return _tokens(text, lang)[0]


def number_problem(english: str, translation: str, lang: str) -> str | None:
    """How the numbers of ``translation`` differ from those of ``english``, if they do (a
    field's digits, `{0}`, are the program's, not the text's: I103 checks fields)."""
    src = numbers(FIELD.sub(" ", english))
    dst, maybe = _tokens(FIELD.sub(" ", translation), lang)
    dst += maybe & (src - dst)  # "sei" is six where a six is wanted, "you are" otherwise
    if src == dst:
        return None
    lost = sorted((src - dst).elements())
    extra = sorted((dst - src).elements())
    parts = ([f"the English has {', '.join(lost)}"] if lost else []) + \
        ([f"the translation has {', '.join(extra)}"] if extra else [])
    return "numbers differ: " + "; ".join(parts)


def check_entry(entry: polib.POEntry, glossary: Terms | Glossary,
                lang: str = "en") -> list[Problem]:
    """Every problem of one translated entry (``lang``: the translation's language, whose
    number words count besides the English ones). ``glossary`` is the terms to check, or a
    Glossary, which gives the terms of the entry's game."""
    if entry.msgid_plural and not entry.obsolete:
        return _plural_problems(entry)
    if not entry.msgstr or entry.obsolete:
        return []
    names: list[str] = []
    if isinstance(glossary, Glossary):
        names = glossary.names.get(glossary.game_of(entry), [])
        glossary = glossary.for_entry(entry)
    out = []
    numbers_differ = number_problem(entry.msgid, entry.msgstr, lang)
    if numbers_differ:
        out.append(Problem("I101", entry.linenum, f"`{entry.msgctxt}`: {numbers_differ}"))
    out += _glossary_problems(entry, glossary, names)
    out += _template_problems(entry)
    return out


def _glossary_problems(entry: polib.POEntry, glossary: Terms,
                       names: list[str] | None = None) -> list[Problem]:
    """I102 for each glossary term the translation renders fewer times than it must; the
    English words of a name kept in English (``names``) are no terms."""
    # a text kept in English by convention (a ball's name), or marked as an exception by
    # the translator (`# glossary-exception: …`: "Throw a Rock" is no Throw action)
    if _fold(entry.msgstr) == _fold(entry.msgid) or is_glossary_exception(entry):
        return []
    target = _fold(entry.msgstr)
    out = []
    # the renderings are taken out of the translation longest first, so "mazzo dei palloni
    # speciali" (ball deck) is not spent as the "palloni speciali" of another term
    source = entry.msgid
    for name in names or ():
        # as printed: a text may write "Kick-off Return" for the skill Kick-Off Return
        source = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", source, flags=re.I)
    for english, renderings, wanted in sorted(
            _terms_used(source, glossary),
            key=lambda t: -max(len(r) for r in t[1])):
        target, found = _take(target, renderings, wanted)
        if found < wanted:
            times = "" if wanted == 1 else f" ({wanted} times in the English, {found} in the " \
                                           "translation)"
            out.append(Problem("I102", entry.linenum,
                               f"`{entry.msgctxt}`: the glossary term “{english}” should be "
                               f"rendered as “{renderings[0]}”{times}"))
    return out


def is_glossary_exception(entry: polib.POEntry) -> bool:
    """Marked by the translator: a translator comment line `glossary-exception…` (which
    msgcat and Poedit keep), or the older flag `#, glossary-exception`."""
    return GLOSSARY_EXCEPTION in entry.flags or any(
        line.startswith(GLOSSARY_EXCEPTION) for line in (entry.tcomment or "").split("\n"))


def _terms_used(english: str, glossary: Terms) -> list[tuple[str, list[str], int]]:
    """(term, renderings, how many renderings the translation needs) for each glossary term
    of ``english``.

    The longest terms are taken out of the English first: "Throw check" is not also a
    "Throw". A capitalised term (a game term: Open, Miss, Armour check) matches only
    capitalised and must be rendered at each use, as each names a rule; a common noun
    (player, team, ball) once, as a translation rightly says "it" or "the other" rather
    than repeat it ("poi quella che ha giocato").
    """
    # a {field} is filled in by the program: the words inside it are not the text's
    source = FIELD.sub(" ", english)
    out = []
    for term, renderings in sorted(glossary, key=lambda t: -len(t[0])):
        capitalised = term[:1].isupper()
        pattern = rf"(?<![\w-]){re.escape(term)}(?![\w-])"
        source, uses = re.subn(pattern, " ", source, flags=0 if capitalised else re.I)
        if uses:
            out.append((term, renderings, uses if capitalised else 1))
    return out


def _take(text: str, renderings: list[str], wanted: int) -> tuple[str, int]:
    """Take up to ``wanted`` renderings out of ``text`` (the longest first, so the plural
    "Controlli Passaggio" is not also counted as a shorter form): the rest, and how many
    were found."""
    found = 0
    for rendering in sorted({_fold(r) for r in renderings}, key=len, reverse=True):
        while found < wanted and rendering in text:
            text = text.replace(rendering, "\x00", 1)
            found += 1
    return text, found


def _template_problems(entry: polib.POEntry) -> list[Problem]:
    """I103 for fields and placeholders, I105 for markup and control characters: the
    translation is not used, and the reader sees the English."""
    out = []
    problem = translation_problem(entry.msgid, entry.msgstr)
    if problem:
        added = CONTROL.search(entry.msgstr) or markup(entry.msgstr) - markup(entry.msgid)
        out.append(Problem("I105" if added else "I103", entry.linenum,
                           f"`{entry.msgctxt}`: {problem}; the English is shown instead"))
    if sorted(PRINTF.findall(entry.msgid)) != sorted(PRINTF.findall(entry.msgstr)):
        out.append(Problem("I103", entry.linenum, f"`{entry.msgctxt}`: placeholders differ: "
                                                  f"{PRINTF.findall(entry.msgid)} in the "
                                                  f"English, {PRINTF.findall(entry.msgstr)} in "
                                                  "the translation"))
    return out


def _plural_problems(entry: polib.POEntry) -> list[Problem]:
    """I103/I105 for each plural form: it keeps the fields of the English plural or of the
    singular (a language's form for one may leave out `{n}`), and adds no markup."""
    out = []
    for n, text in sorted(entry.msgstr_plural.items()):
        if not text:
            continue
        problems = [translation_problem(english, text)
                    for english in (entry.msgid_plural, entry.msgid)]
        if all(problems) and not _fewer_fields(entry.msgid_plural, text):
            added = CONTROL.search(text) or markup(text) - markup(entry.msgid_plural)
            out.append(Problem("I105" if added else "I103", entry.linenum,
                               f"`{entry.msgctxt}` (plural form {n}): {problems[0]}; the "
                               "English is shown instead"))
    return out


def _fewer_fields(english: str, text: str) -> bool:
    """Whether ``text`` is sound but for leaving out some of the English's fields (a
    language's form for one may say "un punto" for "{n} points")."""
    try:
        have, want = set(fields(text)), set(fields(english))
    except TemplateError:
        return False
    filled = text + "".join(f"{{{name}}}" for name in sorted(want - have))
    return have <= want and translation_problem(english, filled) is None


def _fold(text: str) -> str:
    """Case and apostrophe glyph do not matter when looking for a term."""
    return text.lower().replace("\u2019", "'")


def msgfmt_problems(path: Path) -> list[Problem]:
    """What `msgfmt --check` says about the catalog (I104 for each of its errors)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return [Problem("I104", 1, "msgfmt is not installed (Debian package gettext): the "
                                   "catalog cannot be compiled to check it")]
    done = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, check=False)
    out = []
    for line in done.stderr.splitlines():
        m = re.match(rf"{re.escape(str(path))}:(\d+):\s*(.*)", line)
        if m:
            out.append(Problem("I104", int(m.group(1)), f"msgfmt: {m.group(2)}"))
    if done.returncode and not out:
        out.append(Problem("I104", 1, f"msgfmt failed: {done.stderr.strip()[:200]}"))
    return out


def check_catalog(path: Path, glossary: Terms | Glossary,
                  lang: str | None = None) -> list[Problem]:
    """Every problem of one catalog (``lang``: its language, by default its folder's name;
    ``glossary``: the terms to check in every entry, or a Glossary, which gives each entry
    its game's); an unreadable catalog is one I106 problem."""
    try:
        po = read_catalog(path)
    except CatalogError as exc:
        return [Problem(exc.code, exc.line, exc.message)]
    lang = lang or Path(path).parent.name
    out = []
    for entry in po:
        out += check_entry(entry, glossary, lang)
    out += msgfmt_problems(path)
    return sorted(out, key=lambda p: (p.line or 0, p.code))


def glossary_game(item) -> str:
    """The game a glossary item's terms are checked in: its `game:`, else its edition's
    game ("" for neither: a glossary of every game)."""
    game = item.data.get("game")
    return game if isinstance(game, str) and game else item.game


def glossary_terms(catalogue, lang: str) -> Glossary:
    """The glossaries' terms for ``lang``, by game: (English term, accepted renderings) with
    the chosen rendering first, then the plural and the other forms; with the game of every
    content item, so that each entry is checked against its own game's terms."""
    from nuffle.catalogue.model import GAME_ORDER
    from nuffle.i18n.entries import item_context

    glossary = Glossary(games=tuple(g for g in GAME_ORDER if g))
    for item in catalogue.of_kind("glossary"):
        terms = glossary.terms.setdefault(glossary_game(item), [])
        for term in item.data.get("terms", []):
            if term.get("category") == RULES_NOUN:  # the renderer's words, not free text's
                continue
            tr = term.get(lang)
            if not isinstance(tr, dict) or not tr.get("term"):
                continue
            renderings = [tr["term"]] + ([tr["plural"]] if tr.get("plural") else []) \
                + list(tr.get("forms", []))
            terms.append((term["en"], renderings))
    for item in catalogue.sorted_items():
        glossary.items[item_context(catalogue, item)] = item.game
    for item in catalogue.of_kind("glossary"):
        conventions = {c.get("id") for c in item.data.get("conventions") or []}
        if "names-stay-in-english" in conventions:
            glossary.names[glossary_game(item)] = kept_names(catalogue, glossary_game(item))
    return glossary


NAMED_KINDS = ("ability", "team", "star-player", "special-play-card", "special-play-deck")


def kept_names(catalogue, game: str) -> list[str]:
    """The names of a game's teams, positions, skills, star players and cards of more than
    one word, longest first: kept in English, their words are no glossary terms."""
    names: set[str] = set()
    for kind in NAMED_KINDS:
        for item in catalogue.of_kind(kind, game):
            names.add(str(item.data.get("name", "")))
            names |= {str(p.get("name", "")) for p in item.data.get("positions") or []
                      if isinstance(p, dict)}
    return sorted((n for n in names if " " in n.strip()), key=len, reverse=True)
