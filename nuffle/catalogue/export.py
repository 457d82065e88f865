"""Normalize the catalogue for export: plain data, rules rendered canonically."""

from __future__ import annotations

import copy

from nuffle.catalogue.loader import NAMED_KINDS
from nuffle.catalogue.model import Catalogue, Item
from nuffle.dsl.render import EnglishRenderer, render_source
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

FORMAT_VERSION = 1
COMMON = ("kind", "id", "name", "edition", "source")


def export_item(item: Item, content_names: dict[str, str] | None = None) -> dict:
    data = copy.deepcopy(item.data)
    out: dict = {k: data.pop(k) for k in COMMON if k in data}
    english = None
    if item.edition in EDITIONS:
        english = EnglishRenderer(vocabulary_for_edition(item.edition), content_names)
    for rules in item.rules:
        target = out.setdefault("_rules", {})
        if rules.ast is None:
            continue
        key = "/".join(str(p) for p in rules.path)
        target[key] = {
            "source": render_source(rules.ast),
            "interpreted": english.sentences(rules.ast) if english else [],
        }
    rendered = out.pop("_rules", {})
    _replace_rules(data, rendered, ())
    out["fields"] = data
    return out


def _replace_rules(node: object, rendered: dict, path: tuple) -> None:
    if isinstance(node, dict):
        for key, value in list(node.items()):
            here = (*path, key)
            if key == "rules" and isinstance(value, str):
                node[key] = rendered.get("/".join(str(p) for p in here), {"source": value})
            else:
                _replace_rules(value, rendered, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _replace_rules(value, rendered, (*path, i))


def export_catalogue(cat: Catalogue) -> dict:
    names: dict[str, dict[str, str]] = {}  # per game: a rule names its own game's items
    for i in cat.sorted_items():
        if i.kind in NAMED_KINDS:
            names.setdefault(i.game, {})[i.id] = str(i.data.get("name", i.id))
    return {
        "format": FORMAT_VERSION,
        "counts": cat.counts(),
        "items": [export_item(i, names.get(i.game, {})) for i in cat.sorted_items()],
    }
