"""What a loaded content item looks like once it has passed the schema."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from nuffle.catalogue.yaml_source import Path_, YamlDocument
from nuffle.dsl import ast


@dataclass
class RulesText:
    """One `rules:` field of an item, parsed (ast is None if it did not parse)."""

    path: Path_
    kind: str  # the checker context: ability, ball, coach-trait, challenge-card, bonus-play, table
    source: str
    ast: ast.Rules | None = None


@dataclass
class Item:
    kind: str
    id: str
    path: str
    data: dict
    doc: YamlDocument
    rules: list[RulesText] = field(default_factory=list)
    # False when the schema found problems: its data may then have any shape, so checks that
    # read its fields (cross-references, pitch maps, table coverage) leave it alone.
    schema_ok: bool = True

    @property
    def ref(self) -> str:
        return f"{self.kind}/{self.id}"

    @property
    def edition(self) -> str | None:
        edition = self.data.get("edition")
        return edition if isinstance(edition, str) else None


@dataclass
class Catalogue:
    items: dict[tuple[str, str], Item] = field(default_factory=dict)

    def add(self, item: Item) -> None:
        self.items[(item.kind, item.id)] = item

    def get(self, kind: str, item_id: str) -> Item | None:
        return self.items.get((kind, item_id))

    def of_kind(self, kind: str) -> list[Item]:
        return sorted((i for i in self.items.values() if i.kind == kind), key=lambda i: i.id)

    def sorted_items(self) -> list[Item]:
        return [self.items[k] for k in sorted(self.items)]

    def restricted_to(self, paths: Iterable[str]) -> Catalogue:
        """The items that come from these files."""
        keep = set(paths)
        return Catalogue({k: i for k, i in self.items.items() if i.path in keep})

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for kind, _ in self.items:
            out[kind] = out.get(kind, 0) + 1
        return dict(sorted(out.items()))
