"""Each item's printed text beside its rules as interpreted, so that a reader can spot where
the rules say something the card does not (or leave out something it says); in the spirit
of card-game engines that check their rules text against the printed cards.

A rules text's printed text is the `text` of the mapping that holds its `rules` (the item,
a Challenge card's Bonus Play, a table's entry), with that mapping's `name` as its title.
"""

from __future__ import annotations

import textwrap
from dataclasses import asdict, dataclass

from nuffle.catalogue.model import Catalogue, Item
from nuffle.dsl.render import Language, RulesRenderer
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary_for_edition

WIDTH = 96


@dataclass(frozen=True)
class Pair:
    """One rules text: where it is, its printed text and its interpreted sentences."""

    kind: str
    id: str
    path: str  # where the rules are in the item: "rules", "bonus_play/rules", "entries/4/rules"
    name: str
    text: str
    interpreted: list[str]


def _holder(item: Item, path: tuple) -> dict:
    node: object = item.data
    for key in path[:-1]:
        node = node[key]  # type: ignore[index]
    return node if isinstance(node, dict) else {}


def text_vs_rules(catalogue: Catalogue, language_for=None,
                  names: dict[str, dict[str, str]] | None = None) -> list[Pair]:
    """Every rules text of ``catalogue`` (in ``language_for(game)``, English by default;
    ``names``: per game, the content names rules may use)."""
    out: list[Pair] = []
    renderers: dict[str, RulesRenderer] = {}
    for item in catalogue.sorted_items():
        if item.edition not in EDITIONS:
            continue
        vocab = vocabulary_for_edition(item.edition)
        if vocab.game not in renderers:
            language: Language | None = language_for(vocab.game) if language_for else None
            game_names = (names or {}).get(vocab.game, {})
            renderers[vocab.game] = RulesRenderer(vocab, game_names, language) if language \
                else RulesRenderer(vocab, game_names)
        for rules in item.rules:
            if rules.ast is None:
                continue
            holder = _holder(item, rules.path)
            out.append(Pair(item.kind, item.id, "/".join(str(p) for p in rules.path),
                            str(holder.get("name", item.data.get("name", item.id))),
                            " ".join(str(holder.get("text", "")).split()),
                            renderers[vocab.game].sentences(rules.ast)))
    return out


def as_text(pairs: list[Pair], printed: str = "Printed", interpreted: str = "Interpreted",
            no_text: str = "(no printed text)") -> str:
    """The report as plain text: a heading per rules text, the printed text, then the
    interpreted sentences, each wrapped to WIDTH columns."""
    lines: list[str] = []
    for p in pairs:
        where = "" if p.path == "rules" else f" ({p.path})"
        lines.append(f"## {p.kind}/{p.id}{where}: {p.name}")
        lines.append(f"{printed}:")
        lines += textwrap.wrap(p.text or no_text, WIDTH, initial_indent="    ",
                               subsequent_indent="    ")
        lines.append(f"{interpreted}:")
        for sentence in p.interpreted or ["-"]:
            lines += textwrap.wrap(sentence, WIDTH, initial_indent="  - ",
                                   subsequent_indent="    ")
        lines.append("")
    return "\n".join(lines)


def as_data(pairs: list[Pair]) -> list[dict]:
    return [asdict(p) for p in pairs]
