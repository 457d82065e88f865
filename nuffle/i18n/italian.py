"""Italian for "rules as interpreted": the frames and phrases of the `rules` catalog, the
glossary's nouns with their gender and plural, and the grammar word order cannot give:
definite articles (il, lo, l’, la, i, gli, le), demonstratives (questo, questa, quest’),
and prepositions joined to articles (di + il = del, a + l’ = all’).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nuffle.dsl.render import FRAMES, Language

APOSTROPHE = "\u2019"
_VOWEL = re.compile(r"[aeiouàèéìòóù]", re.I)
_LO = re.compile(r"(s[^aeiouàèéìòóù]|z|gn|ps|pn|x|y)", re.I)  # masculine words taking lo/gli


@dataclass(frozen=True)
class Noun:
    term: str
    gender: str  # "m" or "f"
    plural: str = ""
    # a renderer's word (a list attribute reads in the plural: "i giocatori"); a game term
    # naming a place keeps the singular ("la Panchina" of a team is one Dugout)
    rules_noun: bool = False


def definite(noun: Noun, plural: bool = False) -> str:
    """The noun with its definite article: il giocatore, lo scatto, l’azione, gli avversari."""
    word = noun.plural if plural and noun.plural else noun.term
    starts_vowel = bool(_VOWEL.match(word[:1])) or word[:1].lower() == "h"
    if noun.gender == "f":
        if plural:
            return f"le {word}"
        return f"l{APOSTROPHE}{word}" if starts_vowel else f"la {word}"
    if plural:
        return f"gli {word}" if starts_vowel or _LO.match(word) else f"i {word}"
    if starts_vowel:
        return f"l{APOSTROPHE}{word}"
    return f"lo {word}" if _LO.match(word) else f"il {word}"


def demonstrative(noun: Noun) -> str:
    """questo turno, questa partita, quest’azione."""
    if _VOWEL.match(noun.term[:1]):
        return f"quest{APOSTROPHE}{noun.term}"
    return f"{'questa' if noun.gender == 'f' else 'questo'} {noun.term}"


_ARTICULATED = {
    "di": {"il": "del", "lo": "dello", "la": "della", "i": "dei", "gli": "degli", "le": "delle",
           "l": "dell"},
    "a": {"il": "al", "lo": "allo", "la": "alla", "i": "ai", "gli": "agli", "le": "alle",
          "l": "all"},
    "da": {"il": "dal", "lo": "dallo", "la": "dalla", "i": "dai", "gli": "dagli",
           "le": "dalle", "l": "dall"},
    "in": {"il": "nel", "lo": "nello", "la": "nella", "i": "nei", "gli": "negli",
           "le": "nelle", "l": "nell"},
    "su": {"il": "sul", "lo": "sullo", "la": "sulla", "i": "sui", "gli": "sugli",
           "le": "sulle", "l": "sull"},
}
_JOIN = re.compile(r"\b(di|a|da|in|su) (il|lo|la|i|gli|le)\b(?![’'])|\b(di|a|da|in|su) l([’'])",
                   re.I)


def join_prepositions(text: str) -> str:
    """di il giocatore → del giocatore; a l’azione → all’azione."""
    def joined(m: re.Match) -> str:
        if m.group(1):
            prep, article = m.group(1), m.group(2)
            out = _ARTICULATED[prep.lower()][article.lower()]
        else:
            prep, article = m.group(3), "l"
            out = _ARTICULATED[prep.lower()]["l"] + APOSTROPHE
        return out.capitalize() if prep[0].isupper() else out
    return _JOIN.sub(joined, text)


class Italian(Language):
    """Italian frames and phrases (from the `rules` catalog) with the glossary's nouns."""

    code = "it"

    def __init__(self, game: str, frames: dict[str, str], phrases: dict[tuple[str, str], str],
                 nouns: dict[str, Noun]) -> None:
        self.game = game
        self.frames = frames
        self.phrases = phrases
        self.nouns = nouns

    def frame(self, key: str) -> str:
        return self.frames.get(key) or FRAMES[key]

    def phrase(self, category: str, name: str, english: str) -> str:
        return self.phrases.get((category, name)) or english

    def lookup(self, name: str) -> Noun | None:
        return self.nouns.get(name) or self.nouns.get(name.replace("-", " ").lower())

    def the(self, name: str, plural: bool = False) -> str:
        noun = self.lookup(name)
        if noun is None:
            return name.replace("-", " ")
        return definite(noun, plural and noun.rules_noun)

    def dice(self, count: int, sides: int) -> str:
        """The Italian edition writes the count of a single die too: 1D6 (glossary)."""
        return f"{count}D{sides}"

    def sentence(self, text: str) -> str:
        # "i giocatori" starts with an article, not with a one-letter name
        if re.match(r"[iaeo] ", text):
            text = text[0].upper() + text[1:]
        return super().sentence(text)

    def noun(self, name: str) -> str:
        noun = self.lookup(name)
        return noun.term if noun else name.replace("-", " ")

    def constant(self, name: str, capitalised: bool) -> str:
        return self.noun(name)  # the glossary writes each term with its own capitals

    def this(self, scope: str) -> str:
        noun = self.lookup(scope)
        return demonstrative(noun) if noun else f"questo {scope}"

    def tidy(self, text: str) -> str:
        text = re.sub(r"\b1 volte\b", "una volta", text)
        text = re.sub(r"\b2 volte\b", "due volte", text)
        return re.sub(r"  +", " ", join_prepositions(text))


def italian_nouns(catalogue, game: str | None = None) -> dict[str, Noun]:
    """Every glossary term, by id and by its English (lower case), as a noun. The renderer's
    own words (`rules-noun`) come first; with a game, that game's glossaries (and those of no
    game) come before the other games': where two games' glossaries name the same word,
    ``game``'s rendering is used, and the others still give the words its own lacks."""
    from nuffle.i18n.checks import glossary_game
    terms = [(glossary_game(item), term) for item in catalogue.of_kind("glossary")
             for term in item.data.get("terms", [])]
    if game is not None:
        terms.sort(key=lambda t: (t[1].get("category") != "rules-noun",
                                  t[0] not in ("", game)))
    out: dict[str, Noun] = {}
    for _, term in terms:
        it = term.get("it")
        if not isinstance(it, dict) or not it.get("term"):
            continue
        noun = Noun(it["term"], it.get("gender", "m"), it.get("plural", ""),
                    term.get("category") == "rules-noun")
        out.setdefault(term["id"], noun)
        out.setdefault(str(term["en"]).lower(), noun)
    return out
