"""The translation domains: what each catalog of a language holds, and where its English
comes from.

- `content`: every text of the content (cards, abilities, rulings...), keyed by item id and
  field (`ability/catchers-instincts/text`).
- `narrative`: the engine's play-by-play (`narrative/<message id>`) and the words it fills in
  (`narrative/term/<category>/<value>`), from `interpreter/blitz_bowl/messages.py`.
- `site`: the website's interface (headings, labels, section names), extracted with Babel
  from the site generator's calls to `t("…")` and `N_("…")`; the context is
  `site/<module>/<the English's first words>` (domains.site_context).
- `rules`: the phrases "rules as interpreted" is built from: one per event, effect, query
  and value of each vocabulary (`rules/<vocabulary>/<category>/<name>`) and the sentence
  frames of the renderer (`rules/frame/<id>`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle.i18n.entries import Entry

if TYPE_CHECKING:
    from nuffle.interpreter.vocabulary.model import EffectDecl, EventDecl, QueryDecl

DOMAINS = ("content", "narrative", "site", "rules")
REPO = Path(__file__).resolve().parents[2]


def domain_entries(domain: str, catalogue=None) -> list[Entry]:
    makers: dict[str, Callable[[], list[Entry]]] = {
        "content": lambda: _content(catalogue),
        "narrative": narrative_entries,
        "site": site_entries,
        "rules": rules_entries,
    }
    return makers[domain]()


def _content(catalogue) -> list[Entry]:
    from nuffle.i18n.entries import content_entries
    if catalogue is None:
        from nuffle.catalogue.loader import load_catalogue
        catalogue, _, _ = load_catalogue()
    return content_entries(catalogue)


def _source(module) -> str:
    return _source_path(Path(module.__file__))


def _source_path(path: Path) -> str:
    """A source file's path as catalogs cite it: relative to a checkout, else as installed."""
    path = path.resolve()
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


# what the play-by-play fills into a field, for the example in each line's note (teams and
# players made up: the example shows the shape of the line, not a game)
SAMPLE_VALUES: dict[str, object] = {
    "team": "Reds", "home": "Reds", "away": "Blues", "player": "Red 3", "other": "Red 5",
    "target": "Blue 7", "blocker": "Red 3", "receiver": "Red 5", "victim": "Blue 7",
    "position": "Lineman", "action": "Run", "start": "C4", "end": "F6", "square": "F6",
    "landing": "H9", "points": 2, "card": "“a Challenge card”", "play": "“a Bonus Play”",
    "item": "“a card”", "rule": "“a skill”", "skill": "“a skill”", "kept": "“a skill”",
    "ball": "the ball", "direction": "north-east", "why": "a touchdown", "round": 3,
    "turn": 4, "half": 1, "team_rerolls": 2, "rerolls": 2, "roll": 4, "natural": 4,
    "total": 5, "result": 5, "throw": 3, "armour": 9, "range": "short",
    "faces": "Push, Defender Down", "source": "throw", "home_bot": "greedy",
    "away_bot": "random", "seed": 7, "home_score": 2, "away_score": 1, "rounds": 6,
    "reason": "time is up", "path": "game.jsonl", "side": "home", "dugout": 2,
    "players": "Red 3 at C4, Red 5 at F6", "line": "Red 3 moves to F6", "test": "Dodge roll",
    "passed": "passed", "back": 5, "table": "Kick-off", "entry": "Blitz!", "tables": 4,
    "deck": "Miscellaneous", "count": 1, "fans": 5000, "fame": 1, "modifier": "+1",
    "broken": "broken", "hit": "knocked down",
}
# where a field means something else in one line (a score, not a team; a number, not a
# player)
SAMPLE_OVERRIDES: dict[str, dict[str, object]] = {
    "score": {"home": 2, "away": 1},
    "turnover": {"why": "the ball carrier fell over"},
    "turnover-averted": {"why": "the ball carrier fell over"},
    "touchdown": {"home": 2, "away": 1},
    "match-over": {"home": 2, "away": 1},
    "roll": {"target": 3},
    "final-score": {"result": "Reds win"},
    "block-choice": {"result": "Defender Down"},
    "block-result": {"result": "Defender Down"},
    "block-counts-as": {"result": "Pow"},
    "injury": {"result": "Stunned"},
    "injury-without-roll": {"result": "Stunned"},
}


def example_line(key: str, english: str) -> str:
    """The line as a player would read it, fields filled with made-up values."""
    from nuffle.template import TemplateError, fill
    values = {**SAMPLE_VALUES, **SAMPLE_OVERRIDES.get(key, {})}
    try:
        return fill(english, values)
    except TemplateError:
        return english


def _message_notes(key: str, english: str, where: str, notes: dict[str, str]) -> list[str]:
    out = [f"a line of {where}; keep every {{field}}"]
    if notes.get(key):
        out.append(notes[key])
    if "{" in english:
        out.append(f"example: {example_line(key, english)}")
    return out


def narrative_entries() -> list[Entry]:
    from nuffle.interpreter.blitz_bowl import messages
    path = _source(messages)
    notes = getattr(messages, "NOTES", {})
    out = [Entry(f"narrative/{key}", text, "message", path, 0,
                 _message_notes(key.removeprefix("blood-bowl/"), text,
                                "the play-by-play (`nuffle play --lang`)", notes))
           for key, text in messages.MESSAGES.items()]
    for category, words in messages.TERMS.items():
        out += [Entry(f"narrative/term/{category}/{value}", text, "term", path, 0,
                      [f"a {category} word the play-by-play fills into its lines"])
                for value, text in words.items()]
    from nuffle.interpreter.blood_bowl import messages as bb
    path = _source(bb)
    notes = getattr(bb, "NOTES", {})
    out += [Entry(f"narrative/blood-bowl/{key}", text, "message", path, 0,
                  _message_notes(key, text, "the Blood Bowl play-by-play (`nuffle play --game "
                                 "blood-bowl --lang`)", notes))
            for key, text in bb.MESSAGES.items()]
    for category, words in bb.TERMS.items():
        out += [Entry(f"narrative/blood-bowl/term/{category}/{value}", text, "term", path, 0,
                      [f"a {category} word the Blood Bowl play-by-play fills into its lines"])
                for value, text in words.items()]
    return out


SITE_KEYWORDS = {"t": None, "N_": None}
# where the strings of each module of the site generator show, for the translator's note
SITE_PLACES = {
    "balance": "the balance page (simulated win rates of every team against every other)",
    "blood_bowl_pages": "the Blood Bowl pages (star players, special play cards, skills)",
    "build": "the site's shared pages and notices (home page, banners, reference pages)",
    "card_faces": "the cards drawn as card faces on item pages (Challenge, ball and player "
                  "cards)",
    "coverage": "the coverage page (how much of each item the engine plays)",
    "dice_pictures": "the pictures of the block dice and the bounce chart",
    "indexes": "the index pages (teams, abilities, cards, tables, rulings log, home page)",
    "items": "every item's page (abilities, cards, teams, tables, pitches, scenarios)",
    "markers": "the ruling notes inside the hand-written rules pages",
    "scenario_svg": "the pictures of the scenarios' pitches (their labels and captions)",
    "svg": "the balance page's heat map picture",
    "translation": "the translation-status page",
}
_SLUG_WORDS = 48  # characters of the English a context keeps: a change after them is fuzzy


def site_context(module: str, english: str, taken: set[str]) -> str:
    """A stable context for an interface string: `site/<module>/<the English's first words
    as a slug>` (and `-2`, `-3`… where two strings start alike). The start of the English
    names it, so a change further on keeps the context and makes the translation fuzzy."""
    slug = "-".join(re.findall(r"[a-z0-9]+", english.lower())) or "text"
    if len(slug) > _SLUG_WORDS:
        slug = slug[:_SLUG_WORDS].rsplit("-", 1)[0]
    context, n = f"site/{module}/{slug}", 1
    while context in taken:
        n += 1
        context = f"site/{module}/{slug}-{n}"
    taken.add(context)
    return context


def _site_note(module: str, english: str, comments: list[str]) -> list[str]:
    """What a translator needs: where the string shows, what its fields are, and the
    generator's own `TRANSLATORS:` comment."""
    place = SITE_PLACES.get(module, f"the pages made by site/sitegen/{module}.py")
    notes = [f"an interface text of the website, on {place}"]
    names = sorted(set(re.findall(r"\{([A-Za-z0-9_]+)\}", english)))
    if names:
        notes.append("keep every field: " + ", ".join("{" + n + "}" for n in names)
                     + " (filled in by the site)")
    elif len(english.split()) <= 2:
        notes.append("a short label (a heading, a column heading, a link's words): keep it "
                     "short")
    return notes + _comment(comments)


def _comment(comments: list[str]) -> list[str]:
    """Babel's `TRANSLATORS:` comment (one item per source line) as one note."""
    text = " ".join(" ".join(c.split()) for c in comments)
    return [text] if text else []


def site_entries() -> list[Entry]:
    """The interface strings of the site generator, found by Babel's Python extractor: one
    entry per English text (where two modules use it, the first one's context names it and
    its note says both), each with its own context and a note (`site_context`). Kept
    between runs for the same sources (extraction_cache.py)."""
    import nuffle.sitegen
    from nuffle.i18n.extraction_cache import cached_entries
    modules = sorted(Path(nuffle.sitegen.__file__).parent.glob("*.py"))
    return cached_entries(modules, lambda: _extract_site_entries(modules))


def _extract_site_entries(modules: list[Path]) -> list[Entry]:
    from babel.messages.extract import extract_from_file

    seen: dict[str, Entry] = {}
    taken: set[str] = set()
    for module in modules:
        rel = _source_path(module)
        found = extract_from_file("python", str(module), keywords=SITE_KEYWORDS,
                                  comment_tags=("TRANSLATORS:",))
        for line, text, comments, _ in found:
            if not isinstance(text, str):
                continue
            if text in seen:
                entry = seen[text]
                more = [c for c in _comment(list(comments)) if c not in entry.notes]
                also = f"also on {SITE_PLACES.get(module.stem, module.stem)}"
                if module.stem != entry.context.split("/")[1] and also not in entry.notes:
                    more.append(also)
                entry.notes += more
                continue
            seen[text] = Entry(site_context(module.stem, text, taken), text, "interface",
                               rel, line, _site_note(module.stem, text, list(comments)))
    return list(seen.values())


def rules_entries() -> list[Entry]:
    from nuffle.dsl import render
    from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

    out = [Entry(f"rules/frame/{key}", text, "frame", _source(render), 0,
                 ["a sentence frame of “rules as interpreted”; keep every {field}"])
           for key, text in render.FRAMES.items()]
    seen: set[str] = set()
    for edition in EDITIONS:
        vocab = vocabulary_for_edition(edition)
        if vocab.game in seen:
            continue
        seen.add(vocab.game)
        categories: list[tuple[str, Mapping[str, EventDecl | EffectDecl | QueryDecl]]] = [
            ("event", vocab.events), ("effect", vocab.effects), ("query", vocab.queries)]
        for category, decls in categories:
            for name, decl in sorted(decls.items()):
                if decl.phrase:
                    out.append(Entry(f"rules/{vocab.game}/{category}/{name}", decl.phrase,
                                     category, f"vocabulary {vocab.game}", 0,
                                     [f"the phrase of the {category} `{name}`: {decl.doc}",
                                      "keep every {field}; a part in [brackets] is left out "
                                      "when its fields are not given"]))
    return out
