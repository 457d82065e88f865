"""The Blitz Bowl ruleset as the engine uses it: content compiled once, ready for many games.

Compiling happens here, once per content version (principle 4); games only bind the
compiled hooks to their players, balls and cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from nuffle.interpreter.blitz_bowl.board import Board
from nuffle.interpreter.compiler import CompiledRules, Compiler
from nuffle.interpreter.content import (
    Rules,
    cached_ruleset,
    content_version,
    stable,
)
from nuffle.interpreter.errors import ContentError
from nuffle.interpreter.vocabulary import EDITIONS, vocabulary

from nuffle.catalogue.model import Catalogue
from nuffle.catalogue.packs import is_homebrew

EDITION = "blitz-bowl-s2"
GAME = "blitz-bowl"




@dataclass
class Ruleset:
    game_id: ClassVar[str] = "blitz-bowl"
    version: str
    teams: dict[str, dict]
    pitches: dict[str, Board]
    abilities: dict[str, Rules]
    balls: dict[str, Rules]
    cards: dict[str, Rules]  # challenge-card id -> front rules (claim)
    bonus_plays: dict[str, Rules]  # card id -> back rules
    traits: dict[str, Rules]
    trait_rolls: dict[int, str]
    block_faces: dict[int, str]  # d6 -> block result id
    block_results: dict[str, Rules]  # block result id -> entry rules
    bounce_chart: dict[int, str]  # d8 -> direction
    league: dict
    names: dict[str, str]  # any content id -> display name

    def team_balls(self, team_id: str) -> list[str]:
        return sorted(b for b, r in self.balls.items() if r.data.get("team") == team_id)

    def deck(self, endgame: bool) -> list[str]:
        """The card ids of the standard (or Endgame) deck, one per copy (ruling
        challenge-deck-composition)."""
        out = []
        for card_id, rules in sorted(self.cards.items()):
            if bool(rules.data.get("endgame")) == endgame:
                out += [card_id] * int(rules.data.get("copies", 1))
        return out


def _of(catalogue: Catalogue, kind: str) -> list:
    """The items of ``kind`` that belong to this game."""
    return [i for i in catalogue.of_kind(kind) if i.edition == EDITION]


def build_ruleset(catalogue: Catalogue) -> Ruleset:
    vocab = vocabulary("blitz-bowl")

    def compiled(item, path=("rules",)) -> CompiledRules:
        """The item's rules at ``path``, compiled; errors at run time point into its file."""
        for text in item.rules:
            if tuple(text.path) == path and text.ast is not None:
                kind = "bonus-play" if path[0] == "bonus_play" else item.kind
                return Compiler(vocab, kind, item.id, stable(item.doc.rules_source(path))
                                ).compile(text.ast)
        return CompiledRules()

    def of(kind: str):
        return _of(catalogue, kind)

    names = {i.id: i.data.get("name", i.id) for i in catalogue.sorted_items()
             if EDITIONS.get(i.edition or "", GAME) == GAME}
    abilities = {i.id: Rules("ability", i.id, i.data["name"], compiled(i), i.data)
                 for i in of("ability")}
    balls = {i.id: Rules("ball", i.id, i.data["name"], compiled(i), i.data) for i in of("ball")}
    cards, backs = {}, {}
    for i in of("challenge-card"):
        cards[i.id] = Rules("challenge-card", i.id, i.data["name"], compiled(i), i.data)
        back = i.data.get("bonus_play")
        if back:
            backs[i.id] = Rules("bonus-play", back["id"], back["name"],
                                compiled(i, ("bonus_play", "rules")), back)
            names[back["id"]] = back["name"]
    traits = {i.id: Rules("coach-trait", i.id, i.data["name"], compiled(i), i.data)
              for i in of("coach-trait")}
    block_faces, block_results, bounce = {}, {}, {}
    for table in of("table"):
        category = table.data.get("category")
        for n, entry in enumerate(table.data.get("entries", [])):
            if category == "block-dice":
                block_faces[entry["roll"]] = entry["id"]
                if entry["id"] not in block_results:
                    block_results[entry["id"]] = Rules(
                        "table", entry["id"], entry["name"],
                        compiled(table, ("entries", n, "rules")), entry)
            elif category == "bounce-chart":
                bounce[entry["roll"]] = entry["direction"]
            names[entry["id"]] = entry["name"]
    leagues = of("league")
    missing = [what for what, have in (("teams", of("team")), ("pitches", of("pitch")),
                                       ("Challenge cards", cards), ("Block dice table", block_faces),
                                       ("bounce chart", bounce)) if not have]
    if missing:
        raise ContentError(f"the {EDITION} content has no {', '.join(missing)}")
    return Ruleset(
        version=content_version(catalogue, GAME),
        teams={i.id: i.data for i in of("team")},
        pitches={i.id: Board.from_item(i.data) for i in of("pitch")},
        abilities=abilities, balls=balls, cards=cards, bonus_plays=backs, traits=traits,
        # a homebrew trait on a printed trait's result replaces it (ruling homebrew-traits)
        trait_rolls={r.data["roll"]: t for t, r in sorted(
            traits.items(), key=lambda tr: is_homebrew(tr[1].data))},
        block_faces=block_faces, block_results=block_results, bounce_chart=bounce,
        league=leagues[0].data if leagues else {}, names=names,
    )


_CACHE: dict[tuple[str, ...], Ruleset] = {}  # by base content and extra files


def load_ruleset(extra: Iterable[Path] = (), catalogue: Catalogue | None = None) -> Ruleset:
    """The bundled content (plus ``extra`` files), checked and compiled; cached per process
    (``catalogue``: `checked_catalogue` of the same files, when already loaded)."""
    return cached_ruleset(_CACHE, extra, build_ruleset, catalogue)


def team_ids(catalogue: Catalogue) -> frozenset[str]:
    """The ids of this game's teams in a checked catalogue: enough to tell which game two
    teams belong to without compiling its rules."""
    return frozenset(i.id for i in _of(catalogue, "team"))
