"""What of the content a translator translates: one entry per text field, keyed by the
item's stable id and the field (`ability/catchers-instincts/text`), never by its English.
Ids are unique within a game: an item whose kind and id an item of an earlier game has too
has its game in front (`blood-bowl:team/orc/name`; see `Catalogue.qualifier`).

Each entry carries notes for the translator: the item's kind, its rules as the engine
reads them (in English), and its source citation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nuffle.catalogue.model import Catalogue, Item, Key
from nuffle.dsl.render import EnglishRenderer
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

# (`timing`: the Timing line of a special play card)
TEXT_FIELDS = ("name", "title", "text", "question", "ruling", "timing")
SKIPPED_KINDS = ("glossary", "roster")  # the glossary is the translators' reference; a roster is a coach's
# lists whose elements are keyed by a field rather than their position
LIST_KEYS = {"positions": "id", "awards": "id", "entries": "roll", "trapdoors": "id",
             "players": "id"}  # players: a star-player duo's


@dataclass
class Entry:
    context: str  # kind/id/field path
    text: str  # the English
    kind: str
    path: str  # the content file
    line: int
    notes: list[str] = field(default_factory=list)
    printed: dict[str, str] = field(default_factory=dict)  # language -> printed translation
    data_path: tuple = ()  # where the text is in the item's data (keys and list positions)
    key: Key | None = None  # the content item's catalogue key


def item_context(catalogue: Catalogue, item: Item) -> str:
    """The start of the contexts of an item's texts: `team/orc`, or `blood-bowl:team/orc`
    where an item of an earlier game has the same kind and id."""
    game = catalogue.qualifier(item)
    return f"{game}:{item.kind}/{item.id}" if game else f"{item.kind}/{item.id}"


def content_entries(catalogue: Catalogue, notes: bool = True) -> list[Entry]:
    """Every translatable text of the content. ``notes=False`` leaves out the notes for
    translators ("rules as interpreted" of each text's rules: most of the time spent here)
    and each text's line in its file (0: asking a document from the content cache where a
    value is builds the places of all its values), which the site build, reading only
    contexts and texts, does not need."""
    names: dict[str, dict[str, str]] = {}  # per game: a rule names its own game's items
    for i in catalogue.sorted_items():
        names.setdefault(i.game, {})[i.id] = str(i.data.get("name", i.id))
    out: list[Entry] = []
    for item in catalogue.sorted_items():
        if item.kind in SKIPPED_KINDS or not item.schema_ok:
            continue
        english = EnglishRenderer(vocabulary_for_edition(item.edition), names[item.game]) \
            if notes and item.edition in EDITIONS else None
        out += list(_walk(item, item.data, (), english, item_context(catalogue, item), notes))
    return out


def _walk(item: Item, node: dict, path: tuple, english: EnglishRenderer | None, start: str,
          lines: bool = True):
    for key, value in node.items():
        here = (*path, key)
        if key in TEXT_FIELDS and isinstance(value, str) and value.strip():
            yield _entry(item, here, value, node, english, start, lines)
        elif isinstance(value, dict) and key not in ("source", "original_text"):
            yield from _walk(item, value, here, english, start, lines)
        elif isinstance(value, list) and key in LIST_KEYS:
            for n, element in enumerate(value):
                if isinstance(element, dict):
                    yield from _walk(item, element, (*here, n), english, start, lines)


def _entry(item: Item, path: tuple, text: str, node: dict,
           english: EnglishRenderer | None, start: str, lines: bool = True) -> Entry:
    context = "/".join([start, *(_segment(item.data, path[:i + 1]) for i in range(len(path)))])
    line = item.doc.position(path)[0] if lines else 0
    notes = [f"{item.kind} `{item.id}`, field {path[-1]}"]
    rules_path = (*path[:-1], "rules")
    for rules in item.rules:
        # (english first: without notes, no syntax tree is built from the content cache)
        if english is not None and tuple(rules.path) == rules_path and rules.ast is not None:
            notes += [f"rules: {s}" for s in english.sentences(rules.ast)]
    src = item.data.get("source") or {}
    if isinstance(src, dict) and "seed" in src:
        notes.append(f"source: {src.get('seed', '')}, {src.get('page', '')}")
    elif src:
        notes.append("source: homebrew (the content pack's own)")
    printed = {}
    original = node.get("original_text") if path[-1] == "text" else None
    if isinstance(original, dict):
        printed = {lang: str(t) for lang, t in original.items()}
    return Entry(context, text.strip(), item.kind, item.path, line, notes, printed, path,
                 item.key)


def _segment(data: dict, path: tuple) -> str:
    """A path element as it appears in a context: list positions become the element's key."""
    *parent, last = path
    if isinstance(last, int):
        container = data
        for p in parent:
            container = container[p]
        element = container[last]
        key = LIST_KEYS.get(parent[-1]) if parent else None
        if key and isinstance(element, dict) and key in element:
            return str(element[key])
    return str(last)
