"""The translation domains: what each catalog of a language holds, and where its English
comes from.

- `content`: every text of the content (cards, abilities, rulings...), keyed by item id and
  field (`ability/catchers-instincts/text`).
- `narrative`: the engine's play-by-play (`narrative/<message id>`) and the words it fills in
  (`narrative/term/<category>/<value>`), from `interpreter/blitz_bowl/messages.py`.
- `site`: the website's interface (headings, labels, section names), extracted with Babel
  from the site generator's calls to `t("…")` and `N_("…")`; the context is `site`.
- `rules`: the phrases "rules as interpreted" is built from: one per event, effect, query
  and value of each vocabulary (`rules/<vocabulary>/<category>/<name>`) and the sentence
  frames of the renderer (`rules/frame/<id>`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from nuffle.i18n.catalog import SHARED_CONTEXT
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


def narrative_entries() -> list[Entry]:
    from nuffle.interpreter.blitz_bowl import messages
    path = _source(messages)
    out = [Entry(f"narrative/{key}", text, "message", path, 0,
                 ["a line of the play-by-play (`nuffle play --lang`); keep every {field}"])
           for key, text in messages.MESSAGES.items()]
    for category, words in messages.TERMS.items():
        out += [Entry(f"narrative/term/{category}/{value}", text, "term", path, 0,
                      [f"a {category} word the play-by-play fills into its lines"])
                for value, text in words.items()]
    from nuffle.interpreter.blood_bowl import messages as bb
    path = _source(bb)
    out += [Entry(f"narrative/blood-bowl/{key}", text, "message", path, 0,
                  ["a line of the Blood Bowl play-by-play (`nuffle play --game blood-bowl "
                   "--lang`); keep every {field}"])
            for key, text in bb.MESSAGES.items()]
    for category, words in bb.TERMS.items():
        out += [Entry(f"narrative/blood-bowl/term/{category}/{value}", text, "term", path, 0,
                      [f"a {category} word the Blood Bowl play-by-play fills into its lines"])
                for value, text in words.items()]
    return out


SITE_KEYWORDS = {"t": None, "N_": None}


def site_entries() -> list[Entry]:
    """The interface strings of the site generator, found by Babel's Python extractor."""
    from babel.messages.extract import extract_from_file

    import nuffle.sitegen
    sitegen = Path(nuffle.sitegen.__file__).parent
    seen: dict[str, Entry] = {}
    for module in sorted(sitegen.glob("*.py")):
        rel = _source_path(module)
        found = extract_from_file("python", str(module), keywords=SITE_KEYWORDS,
                                  comment_tags=("TRANSLATORS:",))
        for line, text, comments, _ in found:
            if not isinstance(text, str) or text in seen:
                continue
            notes = ["an interface text of the website"] + list(comments)
            seen[text] = Entry(SHARED_CONTEXT, text, "interface", rel, line, notes)
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
