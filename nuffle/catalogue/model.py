"""What a loaded content item looks like once it has passed the schema."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from nuffle.catalogue.yaml_source import Path_, YamlDocument
from nuffle.editions import EDITIONS

if TYPE_CHECKING:
    from nuffle.dsl import ast

# (kind, id, game): ids are unique within a game, so Blitz Bowl and Blood Bowl may each have
# an `orc` team. The game is "" for an item without a known edition.
Key = tuple[str, str, str]
GAME_ORDER = ("", *sorted(set(EDITIONS.values())))


class KeptTree(Protocol):
    """A syntax tree as the content cache keeps it (nuffle.catalogue.cache)."""

    def build(self) -> ast.Rules | None: ...


class _Tree:
    """A RulesText's `ast`: a tree read from the content cache is built when first asked
    for, so that a check whose names results are kept (nuffle.catalogue.names_kept) builds
    none, nor imports the syntax tree's classes."""

    def __get__(self, rules: RulesText | None, owner: type | None = None) -> ast.Rules | None:
        if rules is None:
            return None  # the field's default
        kept = rules.tree
        if kept is not None:
            rules.tree = None
            rules.__dict__["_ast"] = kept.build()
        return rules.__dict__["_ast"]

    def __set__(self, rules: RulesText, value: ast.Rules | None) -> None:
        rules.__dict__["_ast"] = value
        rules.tree = None


@dataclass
class RulesText:
    """One `rules:` field of an item, parsed (ast is None if it did not parse)."""

    path: Path_
    kind: str  # the checker context: ability, ball, coach-trait, challenge-card, bonus-play, table
    source: str
    ast: _Tree = _Tree()
    # the tree the content cache kept, not yet built (`ast` builds it)
    tree: KeptTree | None = field(default=None, repr=False, compare=False)

    @property
    def parsed(self) -> bool:
        """Whether the rules parsed (ast is not None), without building a kept tree."""
        return self.tree is not None or self.ast is not None


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

    @property
    def game(self) -> str:
        """The game of the item's edition (`EDITIONS`), "" if it has no known edition."""
        return EDITIONS.get(self.edition or "", "")

    @property
    def key(self) -> Key:
        return (self.kind, self.id, self.game)


class AmbiguousId(LookupError):
    """A kind and id that name items of several games, looked up without a game."""


@dataclass
class Catalogue:
    items: dict[Key, Item] = field(default_factory=dict)
    # the ids of files that could not be read as an item (YAML syntax, an unknown kind):
    # a reference to one is not reported again (crossrefs._unknown)
    unreadable_ids: set[str] = field(default_factory=set)

    def add(self, item: Item) -> None:
        self.items[item.key] = item

    def find(self, kind: str, item_id: str, game: str | None = None) -> list[Item]:
        """The items a reference names: in ``game`` (else, an item with no game); with no
        game (or ""), in every game."""
        if game:
            found = self.items.get((kind, item_id, game)) or self.items.get((kind, item_id, ""))
            return [found] if found else []
        return [i for g in GAME_ORDER if (i := self.items.get((kind, item_id, g)))]

    def get(self, kind: str, item_id: str, game: str | None = None) -> Item | None:
        """The item of this kind and id in ``game``; without a game, the only one there is
        (`AmbiguousId` if several games have one)."""
        found = self.find(kind, item_id, game)
        if len(found) > 1:
            raise AmbiguousId(f"{kind} `{item_id}` exists in several games "
                              f"({', '.join(i.game or '?' for i in found)}): name the game")
        return found[0] if found else None

    def qualifier(self, item: Item) -> str:
        """"" if the item is the first (in `GAME_ORDER`) with its kind and id, else its game:
        where kind and id alone name an item (translation contexts, site pages), a later
        game's item with a taken kind and id is named with its game as well."""
        first = next((g for g in GAME_ORDER if (item.kind, item.id, g) in self.items), item.game)
        return "" if first == item.game else item.game

    def of_kind(self, kind: str, game: str | None = None) -> list[Item]:
        """The items of a kind (of one game, if given), by id."""
        return sorted((i for i in self.items.values()
                       if i.kind == kind and (game is None or i.game == game)),
                      key=lambda i: (i.id, i.game))

    def sorted_items(self) -> list[Item]:
        return [self.items[k] for k in sorted(self.items)]

    def restricted_to(self, paths: Iterable[str]) -> Catalogue:
        """The items that come from these files."""
        keep = set(paths)
        return Catalogue({k: i for k, i in self.items.items() if i.path in keep})

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for kind, *_ in self.items:
            out[kind] = out.get(kind, 0) + 1
        return dict(sorted(out.items()))
